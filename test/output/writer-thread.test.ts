/**
 * The pages' files written on a thread of their own while the build's thread renders (writer-thread.ts,
 * issue 33): the same files, bytes, ownership record, byte count and link warnings (the thread
 * reads each page's ids) as when the build's thread writes them; a rebuild from the cache over that
 * output takes it as docjet's; a file the thread cannot write fails the build's write with the
 * file's name.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { build } from '../../src/output/build.ts';
import { OutputWriteError } from '../../src/output/output.ts';
import { contentHash } from '../../src/output/ownership.ts';
import { WriterThread, wantsWriterThread } from '../../src/output/writer-thread.ts';

const PAGES = 12;

async function writeSite(root: string): Promise<void> {
  const pages = Array.from({ length: PAGES }, (_, index) => `guide/page-${index}`);
  const config = { name: 'Harbor', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Guide', pages: [...pages, 'changelog'] }] } };
  await fs.mkdir(path.join(root, 'guide'), { recursive: true });
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  for (const [index, page] of pages.entries()) {
    await fs.writeFile(
      path.join(root, `${page}.mdx`),
      `---\ntitle: Mooring ${index}\ndescription: Knots for berth ${index}, “curly” and café.\n---\n\n## Lines ${index}\n\nCleat hitch ${index}, see [the next](/guide/page-${(index + 1) % PAGES}#lines-${(index + 1) % PAGES})${index === 0 ? ' and [a gone one](/guide/page-1#no-such-knot)' : ''}.\n\n\`\`\`bash\nmoor --berth ${index}\n\`\`\`\n`,
    );
  }
  await fs.writeFile(path.join(root, 'changelog.mdx'), '---\ntitle: Changelog\nrss: true\n---\n\n<Update label="June" description="v2">\n\nNew knots.\n\n</Update>\n');
}

/** Every file of an output folder but its record, by name. */
async function filesOf(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await fs.readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.docjet-output') continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(out, full), await fs.readFile(full));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The ownership record: name → hash and size. */
async function recordOf(out: string): Promise<Map<string, unknown>> {
  const record = JSON.parse(await fs.readFile(path.join(out, '.docjet-output'), 'utf8')) as { files: Record<string, unknown[]> };
  return new Map(Object.entries(record.files).map(([name, entry]) => [name, entry.slice(0, 2)]));
}

async function withWriterThread<T>(value: '0' | '1', run: () => Promise<T>): Promise<T> {
  const saved = process.env['DOCJET_WRITER_THREAD'];
  process.env['DOCJET_WRITER_THREAD'] = value;
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env['DOCJET_WRITER_THREAD'];
    else process.env['DOCJET_WRITER_THREAD'] = saved;
  }
}

test('a large site writes its pages from a thread beside the renderer, a small one or a single core does not', () => {
  const saved = process.env['DOCJET_WRITER_THREAD'];
  delete process.env['DOCJET_WRITER_THREAD'];
  try {
    assert.equal(wantsWriterThread(10), false);
    assert.equal(wantsWriterThread(150), false);
    assert.equal(wantsWriterThread(1000), os.availableParallelism() >= 2);
  } finally {
    if (saved !== undefined) process.env['DOCJET_WRITER_THREAD'] = saved;
  }
});

test("the pages written by the writer thread are the build thread's: same files, bytes, record and byte count; a cached rebuild over them takes them as docjet's", async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-writer-thread-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);

  const here = await withWriterThread('0', () => build({ root, outDir: path.join(dir, 'here'), cache: false }));
  assert.equal(here.ok, true, JSON.stringify(here.diagnostics));
  const threaded = await withWriterThread('1', () => build({ root, outDir: path.join(dir, 'thread'), cache: false }));
  assert.equal(threaded.ok, true, JSON.stringify(threaded.diagnostics));
  const files = await filesOf(path.join(dir, 'here'));
  assert.ok(
    files.has(path.join('guide', 'page-3', 'index.html')) && files.has(path.join('guide', 'page-3.md')) && files.has(path.join('changelog', 'rss.xml')),
    [...files.keys()].join(),
  );
  assert.match(files.get(path.join('guide', 'page-3', 'index.html'))!.toString(), /café/);
  assert.deepEqual(await filesOf(path.join(dir, 'thread')), files);
  assert.deepEqual(await recordOf(path.join(dir, 'thread')), await recordOf(path.join(dir, 'here')));
  assert.equal(threaded.stats.bytes, here.stats.bytes);
  // The anchors of every page are its ids: one link to a heading that does not exist is warned about, the others are not.
  const anchors = (result: typeof here): string[] =>
    result.diagnostics.filter((each) => each.message.includes('#')).map((each) => `${each.code} ${each.file}:${each.line} ${each.message}`);
  assert.equal(anchors(here).length, 1, JSON.stringify(here.diagnostics));
  assert.match(anchors(here)[0]!, /no-such-knot/);
  assert.deepEqual(anchors(threaded), anchors(here));

  // With the cache, into one folder: written by the thread, then one page changed (the others linked), then nothing changed.
  const out = path.join(dir, 'cached');
  for (const step of ['first', 'one page changed', 'nothing changed']) {
    if (step === 'one page changed') await fs.appendFile(path.join(root, 'guide', 'page-5.mdx'), '\nOne more knot.\n');
    const result = await withWriterThread('1', () => build({ root, outDir: out }));
    assert.equal(result.ok, true, `${step}: ${JSON.stringify(result.diagnostics)}`);
    // Pages linked from the last output keep the ids the thread read of them.
    assert.deepEqual(anchors(result), anchors(here), step);
  }
  assert.match(await fs.readFile(path.join(out, 'guide', 'page-5.md'), 'utf8'), /One more knot/);
});

test('the writer thread names each file it wrote with its hash and size, and a file it cannot write fails with its name', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-writer-fail-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, 'blocked'), 'a file where a folder would be');
  const written = new Map<string, [string, number]>();
  const options = { dir, onWritten: (relative: string, hash: string, size: number) => written.set(relative, [hash, size]), writeHere: () => Promise.reject(new Error('not here')) };
  const writer = new WriterThread(options);
  await writer.write('a/index.html', '<p>café</p>');
  await writer.write('a.md', '# A\n');
  await writer.finish();
  const failing = new WriterThread(options);
  await failing.write('blocked/index.html', 'x');
  await assert.rejects(failing.finish(), (error: unknown) => {
    assert.ok(error instanceof OutputWriteError);
    assert.equal(error.relative, 'blocked/index.html');
    assert.match(error.reason, /^(EEXIST|ENOTDIR)/);
    return true;
  });
  assert.deepEqual(written.get('a/index.html'), [contentHash(Buffer.from('<p>café</p>')), Buffer.byteLength('<p>café</p>')]);
  assert.equal(await fs.readFile(path.join(dir, 'a', 'index.html'), 'utf8'), '<p>café</p>');
  assert.equal(await fs.readFile(path.join(dir, 'a.md'), 'utf8'), '# A\n');
});

test('a writer thread that stops with files sent and not written fails the build, naming one, and writes nothing more', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-writer-stop-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const here: string[] = [];
  const writer = new WriterThread({
    dir,
    onWritten: () => undefined,
    writeHere: async (relative) => void here.push(relative),
  });
  await writer.write('a/index.html', '<p>A</p>');
  // The batch is sent, then the thread fails before its answer can arrive (the event is synchronous).
  (writer as unknown as { flush(): void }).flush();
  (writer as unknown as { worker: Worker }).worker.emit('error', new Error('out of memory'));
  await assert.rejects(writer.write('b/index.html', '<p>B</p>'), (error: unknown) => error instanceof OutputWriteError && error.relative === 'a/index.html');
  await assert.rejects(writer.finish(), (error: unknown) => {
    assert.ok(error instanceof OutputWriteError);
    assert.equal(error.relative, 'a/index.html');
    assert.match(error.reason, /writer thread stopped/);
    return true;
  });
  assert.deepEqual(here, [], 'nothing written on the build thread once a file is lost');
});

/** The page-body cache's entries of a site (`.docjet/cache/pages/<key>.json`), by name. */
async function cacheEntries(root: string): Promise<Map<string, string>> {
  const folder = path.join(root, '.docjet', 'cache', 'pages');
  const names = (await fs.readdir(folder)).filter((name) => /^[0-9a-f]{64}\.json$/.test(name)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await fs.readFile(path.join(folder, name), 'utf8')] as const)));
}

test("the pages' cache entries written by the writer thread are the build thread's, and the next build takes every page from them", async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-writer-cache-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const here = path.join(dir, 'here');
  const threaded = path.join(dir, 'threaded');
  await writeSite(here);
  await writeSite(threaded);

  const first = await withWriterThread('0', () => build({ root: here, outDir: path.join(dir, 'out-here') }));
  assert.equal(first.ok, true, JSON.stringify(first.diagnostics));
  const cold = await withWriterThread('1', () => build({ root: threaded, outDir: path.join(dir, 'out-threaded') }));
  assert.equal(cold.ok, true, JSON.stringify(cold.diagnostics));
  const entries = await cacheEntries(threaded);
  assert.equal(entries.size, PAGES + 1, 'one entry a page');
  assert.deepEqual(entries, await cacheEntries(here));
  // No temporary file of an atomic write is left behind.
  assert.deepEqual(
    (await fs.readdir(path.join(threaded, '.docjet', 'cache', 'pages'))).filter((name) => name.endsWith('.tmp')),
    [],
  );

  // A page changed, built into a new folder (no output to take pages from): every other page's body comes from the entries the thread wrote.
  await fs.appendFile(path.join(threaded, 'guide', 'page-3.mdx'), '\nA zeppelin moored here.\n');
  const warm = await withWriterThread('1', () => build({ root: threaded, outDir: path.join(dir, 'out-warm') }));
  assert.equal(warm.ok, true, JSON.stringify(warm.diagnostics));
  assert.equal(warm.stats.cache.hits, PAGES);
  assert.ok((await fs.readFile(path.join(dir, 'out-warm', 'guide', 'page-3', 'index.html'), 'utf8')).includes('zeppelin'));
});
