/**
 * A build's file system work per page (issue 33). Its files are written, page files (for the scan
 * of languages and classes, then for the page) and the Markdown twins llms-full.txt is made from
 * are read, and the output a build replaces is checked (before it renders and again before the
 * swap) synchronously: with `fs/promises` a small file's write is three trips to libuv's thread
 * pool (open, write, close), a read four (open, stat, read, close), a stat or a listing one, and
 * the trips cost more CPU than the work itself (1,000 pages: 4.92 -> 4.31 CPU-s).
 */
import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import fs from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { checkOutputFolder } from '../../src/output/output.ts';

const PAGES = 60;
let root: string;
/** Outputs, beside the site (an output in it would be read as the site's files by the next build). */
let outputs: string;

before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-io-'));
  outputs = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-io-out-'));
  const pages = Array.from({ length: PAGES }, (_, index) => `guides/page-${index}`);
  await fs.writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'IO', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Guides', pages }] } }),
  );
  await fs.mkdir(path.join(root, 'guides'));
  for (const [index, page] of pages.entries()) {
    await fs.writeFile(
      path.join(root, `${page}.mdx`),
      `---\ntitle: Page ${index}\n---\n\n## Setup\n\nText of page ${index}, see [the next](/guides/page-${(index + 1) % PAGES}).\n\n\`\`\`bash\necho ${index}\n\`\`\`\n`,
    );
  }
});

after(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outputs, { recursive: true, force: true });
});

/** The file system requests sent to libuv's thread pool while `run` runs (each `fs/promises` or callback call). */
async function poolTrips(run: () => Promise<void>): Promise<number> {
  let trips = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'FSREQPROMISE' || type === 'FSREQCALLBACK' || type === 'FILEHANDLECLOSEREQ') trips++;
    },
  });
  hook.enable();
  try {
    await run();
  } finally {
    hook.disable();
  }
  return trips;
}

test('a build reads no page file and no Markdown twin through the thread pool', async () => {
  const promises = createRequire(import.meta.url)('node:fs/promises') as typeof fs;
  const readFile = promises.readFile;
  const open = promises.open;
  const asked: string[] = [];
  const note = (file: unknown): void => {
    if (typeof file === 'string' && /\.(?:mdx|md)$/.test(file)) asked.push(file);
  };
  promises.readFile = ((file: Parameters<typeof readFile>[0], ...rest: unknown[]) => {
    note(file);
    return (readFile as (...args: unknown[]) => ReturnType<typeof readFile>)(file, ...rest);
  }) as typeof readFile;
  promises.open = ((file: Parameters<typeof open>[0], ...rest: unknown[]) => {
    note(file);
    return (open as (...args: unknown[]) => ReturnType<typeof open>)(file, ...rest);
  }) as typeof open;
  syncBuiltinESMExports();
  try {
    const outDir = path.join(outputs, 'reads');
    const result = await build({ root, outDir, cache: false });
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    assert.match(await readFile(path.join(outDir, 'guides/page-3/index.html'), 'utf8'), /Text of page 3/);
    assert.match(await readFile(path.join(outDir, 'llms-full.txt'), 'utf8'), /Text of page 3/);
  } finally {
    promises.readFile = readFile;
    promises.open = open;
    syncBuiltinESMExports();
  }
  assert.deepEqual(asked, []);
});

test('a build writes its pages, their Markdown twins and search files without a trip to the thread pool per file', async () => {
  // A first build loads what docjet loads once (grammars, templates): not counted.
  assert.equal((await build({ root, outDir: path.join(outputs, 'first'), cache: false })).ok, true);
  const outDir = path.join(outputs, 'written');
  const trips = await poolTrips(async () => {
    const result = await build({ root, outDir, cache: false });
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  });
  // What is left is the site's: its config and folders, docjet's files copied, the swap.
  assert.ok(trips < PAGES, `${trips} trips to the thread pool to build ${PAGES} pages`);
  assert.match(await fs.readFile(path.join(outDir, 'guides/page-3/index.html'), 'utf8'), /Text of page 3/);
  assert.match(await fs.readFile(path.join(outDir, 'guides/page-3.md'), 'utf8'), /Text of page 3/);
});

test('the check of an output a build replaces sends no trip to the thread pool per file or folder', async () => {
  const outDir = path.join(outputs, 'checked');
  assert.equal((await build({ root, outDir, cache: false })).ok, true);
  let owned: Awaited<ReturnType<typeof checkOutputFolder>> | undefined;
  // A listing of each folder (a page has its own) and a stat of each file, as the build checks before it renders and before the swap.
  const trips = await poolTrips(async () => {
    owned = await checkOutputFolder({ root, target: outDir });
  });
  assert.deepEqual(owned?.diagnostics, []);
  assert.ok(trips < PAGES / 4, `${trips} trips to the thread pool to check the output of ${PAGES} pages`);
});
