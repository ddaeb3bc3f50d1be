/**
 * The search index made on a thread of its own while the pages render (search-thread.ts, issue
 * 33): the same files, bytes and ownership record as the index made after the pages on the main
 * thread; with a cache, a rebuild with nothing changed still links the index from the output it
 * replaces.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { contentHash } from '../../src/output/ownership.ts';
import { SearchThread, wantsSearchThread } from '../../src/output/search-thread.ts';
import { readSourceStamps } from '../../src/render/source-texts.ts';
import { searchIndex } from '../../src/search/index.ts';
import { validate } from '../../src/validate/index.ts';

const PAGES = 24;
const SEARCH = path.join('_docjet', 'search');

async function writeSite(root: string): Promise<void> {
  const pages = Array.from({ length: PAGES }, (_, index) => `guide/page-${index}`);
  const config = { name: 'Harbor', theme: 'mint', colors: { primary: '#0D9373' }, variables: { product: 'Harbor' }, navigation: { groups: [{ group: 'Guide', pages }] } };
  await fs.mkdir(path.join(root, 'guide'), { recursive: true });
  await fs.mkdir(path.join(root, 'snippets'), { recursive: true });
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  await fs.writeFile(path.join(root, 'snippets', 'note.mdx'), 'Anchors hold in {{product}} harbours.\n');
  for (const [index, page] of pages.entries()) {
    await fs.writeFile(
      path.join(root, `${page}.mdx`),
      `---\ntitle: Mooring ${index}\ndescription: Knots for berth ${index}.\nkeywords: ["rope-${index}"]\n---\n\nimport Note from '/snippets/note.mdx';\n\n## Lines ${index}\n\nCleat hitch ${index} for {{product}}.\n\n<Note />\n`,
    );
  }
}

/** The files of the output's search index, by name. */
async function indexOf(out: string): Promise<Map<string, string>> {
  const folder = path.join(out, SEARCH);
  const names = (await fs.readdir(folder)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await fs.readFile(path.join(folder, name), 'utf8')] as const)));
}

/** The ownership record's entries of the search index: name → hash and size. */
async function recordedIndex(out: string): Promise<Map<string, unknown>> {
  const record = JSON.parse(await fs.readFile(path.join(out, '.docjet-output'), 'utf8')) as { files: Record<string, unknown[]> };
  return new Map(
    Object.entries(record.files)
      .filter(([name]) => name.startsWith('_docjet/search/'))
      .map(([name, entry]) => [name, entry.slice(0, 2)]),
  );
}

async function withSearchThread<T>(value: '0' | '1', run: () => Promise<T>): Promise<T> {
  const saved = process.env['DOCJET_SEARCH_THREAD'];
  process.env['DOCJET_SEARCH_THREAD'] = value;
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env['DOCJET_SEARCH_THREAD'];
    else process.env['DOCJET_SEARCH_THREAD'] = saved;
  }
}

test('a large site makes its search index on a thread beside the pages, a small one or a single core does not', () => {
  const saved = process.env['DOCJET_SEARCH_THREAD'];
  delete process.env['DOCJET_SEARCH_THREAD'];
  try {
    assert.equal(wantsSearchThread(10), false);
    assert.equal(wantsSearchThread(1000), os.availableParallelism() >= 2);
  } finally {
    if (saved !== undefined) process.env['DOCJET_SEARCH_THREAD'] = saved;
  }
});

test("the search index made on its thread is the main thread's: same files, bytes and record; a rebuild with nothing changed links it from the last output", async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-thread-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);

  const here = await withSearchThread('0', () => build({ root, outDir: path.join(dir, 'here'), cache: false }));
  assert.equal(here.ok, true, JSON.stringify(here.diagnostics));
  const threaded = await withSearchThread('1', () => build({ root, outDir: path.join(dir, 'thread'), cache: false }));
  assert.equal(threaded.ok, true, JSON.stringify(threaded.diagnostics));
  const index = await indexOf(path.join(dir, 'here'));
  assert.ok(index.size > 2, [...index.keys()].join());
  assert.ok([...index.values()].some((text) => text.includes('cleat')) && [...index.values()].some((text) => text.includes('harbours')), 'the pages and their snippet are indexed');
  assert.deepEqual(await indexOf(path.join(dir, 'thread')), index);
  assert.equal(threaded.stats.bytes, here.stats.bytes);
  assert.deepEqual(await recordedIndex(path.join(dir, 'thread')), await recordedIndex(path.join(dir, 'here')));

  // With the cache: the first build writes the index from its thread; the second, nothing changed, links those files (their times kept).
  const out = path.join(dir, 'cached');
  const first = await withSearchThread('1', () => build({ root, outDir: out }));
  assert.equal(first.ok, true, JSON.stringify(first.diagnostics));
  assert.deepEqual(await indexOf(out), index);
  const name = [...index.keys()][0]!;
  const before = await fs.stat(path.join(out, SEARCH, name));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const second = await withSearchThread('1', () => build({ root, outDir: out }));
  assert.equal(second.ok, true, JSON.stringify(second.diagnostics));
  assert.deepEqual(await indexOf(out), index);
  assert.equal((await fs.stat(path.join(out, SEARCH, name))).mtimeMs, before.mtimeMs, 'linked from the output it replaced, not written again');
  assert.equal(second.stats.bytes, first.stats.bytes);
});

test('the search thread writes the index into the folder it is given and names each file with its hash and size', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-stage-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  const { site } = await validate({ root });
  const staging = path.join(dir, 'staging');
  const thread = new SearchThread({ site: site!, base: '/', dir: staging, folder: '_docjet/search', cache: undefined, previous: [] });
  const reply = await thread.reply();
  assert.equal(reply?.type, 'written');
  const expected = await searchIndex(site!, '/');
  const files = reply?.type === 'written' ? reply.files : [];
  assert.deepEqual(files.map(([relative]) => relative).sort(), [...expected.keys()].map((name) => `_docjet/search/${name}`).sort());
  for (const [relative, , size] of files) {
    const text = await fs.readFile(path.join(staging, relative), 'utf8');
    assert.equal(text, expected.get(relative.slice('_docjet/search/'.length)));
    assert.equal(size, Buffer.byteLength(text));
  }
});

test('a warm build updating its output in place makes the index on the thread too: the files that differ are written, the others keep their mtime', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-in-place-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  const out = path.join(dir, 'out');
  assert.equal((await withSearchThread('1', () => build({ root, outDir: out }))).ok, true);
  const times = async (): Promise<Map<string, number>> => {
    const names = await fs.readdir(path.join(out, SEARCH));
    return new Map(await Promise.all(names.map(async (name) => [name, (await fs.stat(path.join(out, SEARCH, name))).mtimeMs] as const)));
  };
  const before = await times();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const page = path.join(root, 'guide', 'page-3.mdx');
  await fs.writeFile(page, `${await fs.readFile(page, 'utf8')}\nA zeppelin moored here.\n`);
  const warm = await withSearchThread('1', () => build({ root, outDir: out }));
  assert.equal(warm.ok, true, JSON.stringify(warm.diagnostics));
  const cold = await withSearchThread('0', () => build({ root, outDir: path.join(dir, 'cold'), cache: false }));
  assert.equal(cold.ok, true);
  const index = await indexOf(out);
  assert.deepEqual(index, await indexOf(path.join(dir, 'cold')));
  assert.ok(
    [...index.values()].some((text) => text.includes('zeppelin')),
    'the new word is indexed',
  );
  assert.deepEqual(await recordedIndex(out), await recordedIndex(path.join(dir, 'cold')));
  const after = await times();
  const kept = [...after].filter(([name, mtime]) => before.get(name) === mtime).map(([name]) => name);
  assert.ok(kept.length > 0 && kept.length < after.size, `kept ${kept.length} of ${after.size} index files`);
});

test('given no folder, the search thread sends back only the files the output being replaced does not hold as they are, and names the others', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-made-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  const { site } = await validate({ root });
  const expected = await searchIndex(site!, '/');
  const names = [...expected.keys()].sort();
  const stale = names.find((name) => name.startsWith('t-'))!;
  // The output holds every file as it would be made but one term file (another hash), and lacks the manifest.
  const previous: [string, string][] = names
    .filter((name) => name !== 'index.json')
    .map((name) => [`_docjet/search/${name}`, name === stale ? 'another-hash' : contentHash(expected.get(name)!)]);
  const thread = new SearchThread({ site: site!, base: '/', dir: undefined, folder: '_docjet/search', cache: undefined, previous });
  const reply = await thread.reply();
  assert.equal(reply?.type, 'made');
  if (reply?.type !== 'made') return;
  assert.deepEqual(reply.files.map(([relative]) => relative).sort(), [`_docjet/search/${stale}`, '_docjet/search/index.json'].sort());
  for (const [relative, text] of reply.files) assert.equal(text, expected.get(relative.slice('_docjet/search/'.length)));
  assert.deepEqual(
    reply.same.map(([relative]) => relative).sort(),
    names.filter((name) => name !== stale && name !== 'index.json').map((name) => `_docjet/search/${name}`),
  );
});

test('a search thread started before the site is read (a warm build) waits for it, then makes the same index; one never given a site stops without an answer', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-early-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  const thread = new SearchThread();
  const { site } = await validate({ root });
  thread.give({ site: site!, base: '/', dir: undefined, folder: '_docjet/search', cache: undefined, previous: [] });
  const reply = await thread.reply();
  assert.equal(reply?.type, 'made');
  const expected = await searchIndex(site!, '/');
  assert.deepEqual(new Map(reply?.type === 'made' ? reply.files.map(([relative, text]) => [relative.slice('_docjet/search/'.length), text]) : []), expected);

  const unused = new SearchThread();
  await unused.stop();
  assert.equal(await unused.reply(), undefined);
});

test("a cold build keeps its page files' stamps and hashes, which the next build's search thread trusts as the build's thread does", async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-search-stamps-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  assert.equal(await readSourceStamps(root), undefined, 'none before a build');
  // Only files changed more than 2 s ago are stamped (a file written twice in one clock tick keeps its times).
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  assert.equal((await withSearchThread('1', () => build({ root, outDir: path.join(dir, 'out') }))).ok, true);
  const stamps = await readSourceStamps(root);
  assert.ok(stamps);
  for (let index = 0; index < PAGES; index++) {
    const file = `guide/page-${index}.mdx`;
    const info = await fs.stat(path.join(root, file), { bigint: true });
    const entry: [string, string] = stamps[file]!;
    const [stamp, hash] = entry;
    assert.equal(stamp, `${info.size}:${info.mtimeNs}:${info.ctimeNs}`);
    assert.equal(
      hash,
      createHash('sha256')
        .update(await fs.readFile(path.join(root, file)))
        .digest('hex'),
    );
  }
});

test('a search thread started before the site is read does not keep the process alive while it waits (a build that throws before handing it the site still ends)', () => {
  const script = `import { SearchThread } from ${JSON.stringify(new URL('../../src/output/search-thread.ts', import.meta.url).href)};\nnew SearchThread();\nconsole.log('started');`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.signal, null, 'the process ended by itself');
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /started/);
});
