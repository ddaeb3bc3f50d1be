/**
 * The build command's heap growth (issue 33): `docjet build` and `serve` let each heap grow to twice
 * what is live, not V8's up to four times (mintlify's docs peaked at 600-650 MB of mostly garbage).
 * The flag is the whole process's, so only the command sets it: a program calling `build()` or
 * `docjet validate` keeps V8's, and a `--heap-growing-percent` given to Node wins.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { main, type Io } from '../../src/cli.ts';
import { build } from '../../src/output/build.ts';
import { heapGrowthSet, limitHeapGrowth } from '../../src/output/memory-trace.ts';

const quiet: Io = { out: () => {}, error: () => {}, progress: () => {}, color: false, interactive: false };

test('a heap growth given to Node is left as it is', () => {
  assert.equal(limitHeapGrowth(['--import', 'tsx', '--heap-growing-percent=30']), undefined);
  assert.equal(limitHeapGrowth(['--max-old-space-size=4096 --heap_growing_percent=50']), undefined);
  assert.equal(heapGrowthSet(), undefined);
});

test('build() and `docjet validate` keep V8 heap growth; `docjet build` sets its own', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-heap-growth-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await fs.mkdir(root);
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }));
  await fs.writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');

  const library = await build({ root, outDir: path.join(dir, 'library'), cache: false });
  assert.equal(library.ok, true, JSON.stringify(library.diagnostics));
  assert.equal(heapGrowthSet(), undefined, 'build() called by a program leaves its heap settings alone');
  assert.equal(await main(['validate', root], quiet), 0);
  assert.equal(heapGrowthSet(), undefined, 'validate leaves them alone');

  assert.equal(await main(['build', root, '--out', path.join(dir, 'command'), '--no-cache'], quiet), 0);
  assert.equal(heapGrowthSet(), '--heap-growing-percent=100');
});
