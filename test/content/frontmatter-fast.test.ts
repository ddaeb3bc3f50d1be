/**
 * The direct reading of simple frontmatter (src/content/frontmatter-fast.ts) must give exactly what
 * the YAML parser gives, and leave everything else to it. Checked on written cases and on every
 * frontmatter block of the generated sample pages (test/fixtures/fast-reader-sample) and of the
 * corpus (where it is beside the checkout; a line says when it is not).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { simpleFrontmatter } from '../../src/content/frontmatter-fast.ts';
import { readYaml } from '../../src/shared/yaml-limits.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');

function yaml(text: string): unknown {
  const result = readYaml({ text, merge: false, firstDocument: true });
  return result.ok ? result.value : result.kind;
}

test('simple blocks are read directly, with the values YAML gives', () => {
  const blocks = [
    'title: Quickstart\ndescription: "Start here: install, then run"\nicon: rocket',
    'title: \'It is "quoted"\'\nhidden: true\nnoindex: false',
    "title: Don't panic, it works [really] {ok}\nurl: https://example.com/a?b=c#d",
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

test("every sample page's frontmatter block reads directly as YAML reads it", () => {
  const { blocks, simple } = checkBlocks(path.join(REPO, 'test/fixtures/fast-reader-sample'));
  assert.ok(blocks > 250, `${blocks} blocks`);
  assert.equal(simple, blocks, "the sample's frontmatter is simple: every block is read directly");
});

test('every corpus frontmatter block the direct reading takes reads as YAML reads it', (t) => {
  if (!existsSync(CORPUS)) {
    const message = `no corpus at ${CORPUS} (DOCJET_CORPUS names one): frontmatter compared on the generated sample only`;
    console.log(`frontmatter: ${message}`);
    t.skip(message);
    return;
  }
  const { blocks, simple } = checkBlocks(CORPUS);
  assert.ok(blocks > 5000, `${blocks} blocks`);
  // Most real frontmatter is simple: that is the point of reading it directly.
  assert.ok(simple / blocks > 0.8, `${simple} of ${blocks} read directly`);
});

/** Checks every frontmatter block under `folder` the direct reading takes against YAML; how many there were and how many it took. */
function checkBlocks(folder: string): { blocks: number; simple: number } {
  let blocks = 0;
  let simple = 0;
  for (const file of pageFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?$/m.exec(text);
    if (match?.index !== 0) continue;
    blocks++;
    const direct = simpleFrontmatter(match[1]!);
    if (direct === undefined) continue;
    simple++;
    assert.deepEqual(direct, yaml(match[1]!), file);
    // And the page reads the same through the whole frontmatter reader.
    assert.deepEqual(readFrontmatter({ file, text }).data, yaml(match[1]!), file);
  }
  return { blocks, simple };
}

function* pageFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* pageFiles(full);
    else if (/\.mdx?$/.test(entry.name)) yield full;
  }
}
