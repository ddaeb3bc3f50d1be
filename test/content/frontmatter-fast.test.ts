/**
 * The direct reading of simple frontmatter (src/content/frontmatter-fast.ts) must give exactly what
 * the YAML parser gives, and leave everything else to it. Checked on written cases and on every
 * frontmatter block of the corpus (skipped where the corpus is not beside the checkout).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { simpleFrontmatter } from '../../src/content/frontmatter-fast.ts';
import { readYaml } from '../../src/content/yaml-limits.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');

function yaml(text: string): unknown {
  const result = readYaml({ text, merge: false, firstDocument: true });
  return result.ok ? result.value : result.kind;
}

test('simple blocks are read directly, with the values YAML gives', () => {
  const blocks = [
    'title: Quickstart\ndescription: "Start here: install, then run"\nicon: rocket',
    "title: 'It is \"quoted\"'\nhidden: true\nnoindex: false",
    'title: Don\'t panic, it works [really] {ok}\nurl: https://example.com/a?b=c#d',
    '# a comment\n\ntitle: 快速开始\r\nsidebarTitle: Überblick  ',
    'title: ""\nmode: wide',
    'weight: 10\nboost: 0.25\ntitle: 1.10\nzero: -0\nkeywords: ["a b", \'c, d\', word-2]\nempty: [ ]',
  ];
  for (const block of blocks) {
    const simple = simpleFrontmatter(block);
    assert.notEqual(simple, undefined, block);
    assert.deepEqual(simple, yaml(block), block);
  }
});

test('anything YAML could read otherwise is left to YAML', () => {
  const blocks = [
    'title: 1e3', // a number in another spelling
    'title: 007',
    'keywords: [a, ]',
    'keywords: [true, b]',
    'keywords: ["a\\"b"]',
    'keywords: [a b]',
    'keywords: [[a]]',
    'title: True', // a boolean in another case
    'title: null',
    'title: ~',
    'title:', // null
    'title: a: b', // not YAML at all
    'title: Intro # comment',
    'title: "a \\n b"', // escapes
    "title: 'it''s'",
    'title: "open\n  continued"',
    'title: >\n  folded',
    'tags:\n  - a',
    'title: &anchor A',
    'og:image: x',
    'title: A\ntitle: B', // duplicate
    'title: A\tB',
    'title : A',
    '__proto__: x',
    'title: "quoted" trailing',
  ];
  for (const block of blocks) assert.equal(simpleFrontmatter(block), undefined, block);
});

test('every corpus frontmatter block the direct reading takes reads as YAML reads it', { skip: !existsSync(CORPUS) && `no corpus at ${CORPUS}` }, () => {
  let blocks = 0;
  let simple = 0;
  for (const file of pageFiles(CORPUS)) {
    const text = readFileSync(file, 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?$/m.exec(text);
    if (!match || match.index !== 0) continue;
    blocks++;
    const direct = simpleFrontmatter(match[1]!);
    if (direct === undefined) continue;
    simple++;
    assert.deepEqual(direct, yaml(match[1]!), file);
    // And the page reads the same through the whole frontmatter reader.
    assert.deepEqual(readFrontmatter({ file, text }).data, yaml(match[1]!), file);
  }
  assert.ok(blocks > 5000, `${blocks} blocks`);
  // Most real frontmatter is simple: that is the point of reading it directly.
  assert.ok(simple / blocks > 0.8, `${simple} of ${blocks} read directly`);
});

function* pageFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* pageFiles(full);
    else if (/\.mdx?$/.test(entry.name)) yield full;
  }
}
