/**
 * What a build holds while it renders (issue 33): of each page rendered, only what the build needs
 * after the last one (its links and ids, diagnostics), not its HTML or Markdown, so memory stays
 * flat as pages grow (a 10,000-page site peaked at 3.3 GB when every page's HTML was kept alive
 * by its ids, strings V8 had cut out of it, and every page's Markdown was kept for llms-full.txt).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { build } from '../../src/output/build.ts';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const PAGES = 40;
/** Each page's code block: above the parse cache's limit, so no parse of a page is kept either. */
const BLOCK = 300 * 1024;

test('a build in one thread keeps no rendered page in memory while it renders the others', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-memory-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await fs.mkdir(root, { recursive: true });
  const pages = Array.from({ length: PAGES }, (_, index) => `page-${index}`);
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages }] } }));
  const line = 'the quick brown fox jumps over the lazy dog, twice and again\n';
  for (const [index, page] of pages.entries()) {
    const code = `${index} ${line}`.repeat(Math.ceil(BLOCK / line.length));
    // Ids and URLs longer than 12 characters are the strings V8 cuts out of the page's HTML or text.
    await fs.writeFile(
      path.join(root, `${page}.mdx`),
      `---\ntitle: Page ${index}\n---\n\n## Setting up the connection\n\nSee [the next page](/page-${(index + 1) % PAGES}#setting-up-the-connection).\n\n\`\`\`text\n${code}\`\`\`\n`,
    );
  }
  const heap: number[] = [];
  const result = await build({
    root,
    outDir: path.join(dir, 'out'),
    onProgress: (done) => {
      if (done !== 10 && done !== PAGES) return;
      collect();
      heap.push(process.memoryUsage().heapUsed);
    },
  });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.equal(result.stats.pages, PAGES);
  const [after10, afterAll] = heap as [number, number];
  // 30 pages of more than 300 KB of HTML each (and as much Markdown) kept would be over 9 MB.
  const grown = afterAll - after10;
  t.diagnostic(`heap grew by ${(grown / 1048576).toFixed(1)} MB`);
  assert.ok(grown < 3 * 1024 * 1024, `the heap grew by ${(grown / 1048576).toFixed(1)} MB over the last ${PAGES - 10} pages`);
});
