/**
 * Each page file is read once for its page (src/render/source-texts.ts): the body cache's hash,
 * the HTML body and the Markdown twin share one read, in a build with the cache and without.
 * Before, a page was read three times for them with the cache (and twice without), beside the
 * scan of fence languages and class names that reads every page before any renders.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Reads', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Guides', pages: ['index', 'code', 'plain'] }] } }),
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome. See [plain](/plain).\n',
  'code.mdx': '---\ntitle: Code\n---\n\n## Some code\n\n```js\nconst a = 1;\n```\n\n<div className="mt-4">Tailwind</div>\n',
  'plain.md': '---\ntitle: Plain\n---\n\n## A heading\n\nText.\n',
};
const PAGE_FILES = ['index.mdx', 'code.mdx', 'plain.md'];

let root: string;
const promises = createRequire(import.meta.url)('node:fs/promises') as typeof fs;
const readFile = promises.readFile;
const fsModule = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const readFileSync = fsModule.readFileSync;
const reads = new Map<string, number>();

function count(file: unknown): void {
  if (typeof file === 'string' && file.startsWith(root)) {
    const name = path.relative(root, file);
    reads.set(name, (reads.get(name) ?? 0) + 1);
  }
}

before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-reads-'));
  for (const [name, text] of Object.entries(FILES)) await fs.writeFile(path.join(root, name), text);
  // Every `readFile` and `readFileSync` of docjet's (node:fs/promises, node:fs) goes through this counter.
  promises.readFile = ((file: Parameters<typeof readFile>[0], ...rest: unknown[]) => {
    count(file);
    return (readFile as (...args: unknown[]) => ReturnType<typeof readFile>)(file, ...rest);
  }) as typeof readFile;
  fsModule.readFileSync = ((file: Parameters<typeof readFileSync>[0], ...rest: unknown[]) => {
    count(file);
    return (readFileSync as (...args: unknown[]) => ReturnType<typeof readFileSync>)(file, ...rest);
  }) as typeof readFileSync;
  syncBuiltinESMExports();
});

after(async () => {
  promises.readFile = readFile;
  fsModule.readFileSync = readFileSync;
  syncBuiltinESMExports();
  await fs.rm(root, { recursive: true, force: true });
});

for (const cache of [false, true]) {
  // Search reads each page again after (src/search/records.ts); with the cache, its text cache (text-cache.ts)
  // takes the hash the body cache took of the same read (SourceTexts.hashRead), not reading the page a fourth time.
  const searchReads = 1;
  test(`a build${cache ? ' filling the cache' : ' without the cache'} reads each page file twice before search: the scan of its languages and classes, then once for its HTML and Markdown`, async () => {
    reads.clear();
    const outDir = path.join(root, cache ? 'out-cached' : 'out-plain');
    const result = await build({ root, outDir, cache, siteUrl: 'https://example.com' });
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    for (const file of PAGE_FILES) assert.equal(reads.get(file), 2 + searchReads, `${file} read ${reads.get(file) ?? 0} times`);
    // The twin is still each page's Markdown.
    assert.match(await fs.readFile(path.join(outDir, 'code.md'), 'utf8'), /```js\nconst a = 1;\n```/);
  });
}

test('a warm build with nothing changed does not read a page file to hash it when its size and times are those the last build (a cold one too) hashed; a page changed behind the same size and mtime is read', async () => {
  const outDir = path.join(root, 'out-stamps');
  // Stamps are kept only for files changed more than 2 s ago (a file written twice in one clock tick keeps its times).
  const newest = Math.max(...(await Promise.all(PAGE_FILES.map(async (file) => (await fs.stat(path.join(root, file))).ctimeMs))));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, newest + 2_100 - Date.now())));
  // A cold build: it keeps the stamps of the files it read, taken before it read them.
  assert.equal((await build({ root, outDir, siteUrl: 'https://example.com', cache: true })).ok, true);
  reads.clear();
  const warm = await build({ root, outDir, siteUrl: 'https://example.com' });
  assert.equal(warm.ok, true);
  // The scan of languages and classes alone: not a second time for the hash.
  for (const file of PAGE_FILES) assert.equal(reads.get(file), 1, `${file} read ${reads.get(file) ?? 0} times`);
  // The same size, its mtime set back: its ctime moved, so it is read, hashed and rendered again.
  const file = path.join(root, 'plain.md');
  const info = await fs.stat(file);
  await fs.writeFile(file, FILES['plain.md']!.replace('Text.', 'Txet.'));
  await fs.utimes(file, info.atime, info.mtime);
  const edited = await build({ root, outDir, siteUrl: 'https://example.com' });
  assert.equal(edited.ok, true);
  assert.match(await fs.readFile(path.join(outDir, 'plain', 'index.html'), 'utf8'), /Txet\./);
});
