/**
 * A warm build keeps the previous output's files of the pages whose inputs did not change
 * (src/output/page-reuse.ts): they are the same files (same inode, same mtime: a sync to a host
 * sends only what changed), and the output is byte for byte what a `--no-cache` build writes. A
 * file a user changes in the output is still theirs, and a failed build leaves the output as it was.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { stageOutput } from '../../src/output/output.ts';
import { ownership, readMarker } from '../../src/output/ownership.ts';
import { outputFiles } from '../support/output-files.ts';

const CONFIG = {
  name: 'Reused',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'Guides', pages: ['index', 'one', 'two', 'three', 'uses', 'thing'] }] },
};

/** An endpoint page: its request samples after the first go into a samples file of their own, which its HTML links to. */
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1' },
  paths: { '/thing': { get: { summary: 'Get a thing', responses: { '200': { description: 'The thing' } } } } },
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify(CONFIG),
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome. See [one](/one).\n',
  'one.mdx': '---\ntitle: One\n---\n\n## First\n\nText one.\n\n<Unknown />\n\n[gone](/gone)\n',
  'two.mdx': '---\ntitle: Two\n---\n\nText two.\n',
  'three.mdx': '---\ntitle: Three\n---\n\nText three.\n',
  'uses.mdx': "---\ntitle: Uses\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n",
  'snippets/note.mdx': 'The snippet says **hello**.\n',
  'spec.json': JSON.stringify(SPEC),
  'thing.mdx': '---\nopenapi: spec.json GET /thing\n---\n',
};

/** Each page's two files: its HTML and its Markdown twin. */
const PAGE_FILES = [
  'index.html',
  'index.md',
  'one/index.html',
  'one.md',
  'two/index.html',
  'two.md',
  'three/index.html',
  'three.md',
  'uses/index.html',
  'uses.md',
  'thing/index.html',
  'thing.md',
];

/** The inode and mtime of each page file: the same for a file kept, new for one written again. */
async function identities(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const file of PAGE_FILES) {
    const info = await fs.stat(path.join(dir, file), { bigint: true });
    found.set(file, `${info.ino}@${info.mtimeNs}`);
  }
  return found;
}

describe('a warm build keeps the files of unchanged pages', () => {
  let scratch: string;
  let root: string;
  let out: string;
  let step = 0;
  before(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-reuse-'));
    root = path.join(scratch, 'site');
    out = path.join(scratch, 'out');
    for (const [name, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await fs.writeFile(path.join(root, name), text);
    }
    assert.equal((await build({ root, outDir: out })).ok, true);
  });
  after(() => fs.rm(scratch, { recursive: true, force: true }));

  /** Builds warm into `out` and without the cache elsewhere; the two must hold the same bytes and say the same. Returns the page files written again. */
  async function rebuild(): Promise<string[]> {
    const was = await identities(out);
    const warm = await build({ root, outDir: out });
    assert.equal(warm.ok, true);
    const cold = await build({ root, outDir: path.join(scratch, `cold-${++step}`), cache: false });
    assert.deepEqual(warm.diagnostics, cold.diagnostics);
    const [warmFiles, coldFiles] = [await outputFiles(out), await outputFiles(path.join(scratch, `cold-${step}`))];
    assert.deepEqual([...warmFiles.keys()].sort(), [...coldFiles.keys()].sort());
    for (const [file, bytes] of coldFiles) assert.equal(warmFiles.get(file), bytes, `${file} differs from the --no-cache build`);
    const now = await identities(out);
    return PAGE_FILES.filter((file) => now.get(file) !== was.get(file));
  }

  async function edit(file: string, text: string): Promise<void> {
    await fs.writeFile(path.join(root, file), text);
  }

  test('nothing changed: no page file is written again, and the kept pages warn as they did', async () => {
    assert.deepEqual(await rebuild(), []);
    const codes = (await build({ root, outDir: out })).diagnostics.map((each) => each.code).sort();
    assert.deepEqual(codes, ['link-broken', 'mdx-unknown-component', 'sitemap-no-url']);
    // The record holds each kept file as it now is: the next build's check reads none of them.
    const record = JSON.parse(await fs.readFile(path.join(out, '.docjet-output'), 'utf8')) as { files: Record<string, [string, number, string, string]> };
    for (const file of PAGE_FILES) {
      const info = await fs.lstat(path.join(out, file), { bigint: true });
      assert.deepEqual(record.files[file]!.slice(2), [String(info.mtimeNs), String(info.ctimeNs)], file);
    }
  });

  test('nothing changed: the output folder is left as it is, its record too, and no staging folder is made', async () => {
    const folder = await fs.stat(out, { bigint: true });
    const marker = await fs.readFile(path.join(out, '.docjet-output'), 'utf8');
    const made: string[] = [];
    const warm = await build({ root, outDir: out, onProgress: () => made.push(...readdirSync(scratch).filter((name) => name.startsWith('.out.'))) });
    assert.equal(warm.ok, true);
    assert.equal(warm.stats.cache.hits, PAGE_FILES.length / 2);
    const now = await fs.stat(out, { bigint: true });
    assert.equal(`${now.ino}@${now.mtimeNs}`, `${folder.ino}@${folder.mtimeNs}`, 'the same folder, not one swapped in');
    assert.equal(await fs.readFile(path.join(out, '.docjet-output'), 'utf8'), marker);
    assert.deepEqual(made, [], 'no staging folder while the pages were taken');
    // Failed (its warnings made errors), it leaves the output as it is too.
    const strict = await build({ root, outDir: out, strict: true });
    assert.equal(strict.ok, false);
    assert.equal(await fs.readFile(path.join(out, '.docjet-output'), 'utf8'), marker);
    assert.deepEqual(await rebuild(), [], 'and byte for byte the --no-cache build');
    // A file added to it is still not docjet's, nor one taken away.
    await fs.writeFile(path.join(out, 'added.txt'), 'mine');
    assert.deepEqual(
      (await build({ root, outDir: out })).diagnostics.filter((each) => each.severity === 'error').map((each) => each.code),
      ['output-not-docjet'],
    );
    await fs.rm(path.join(out, 'added.txt'));
    await fs.rm(path.join(out, 'robots.txt'));
    assert.deepEqual(await rebuild(), []);
    assert.ok((await fs.stat(path.join(out, 'robots.txt'))).isFile(), 'a file taken away is written again');
  });

  test("one page's body changed: that page's files alone are written again", async () => {
    await edit('two.mdx', '---\ntitle: Two\n---\n\nText two, changed.\n');
    assert.deepEqual(await rebuild(), ['two/index.html', 'two.md']);
    assert.match(await fs.readFile(path.join(out, 'two/index.html'), 'utf8'), /Text two, changed/);
  });

  test('a snippet changed: the page that imports it alone', async () => {
    await edit('snippets/note.mdx', 'The snippet says **goodbye**.\n');
    assert.deepEqual(await rebuild(), ['uses/index.html', 'uses.md']);
  });

  /** Each page's HTML, and the Markdown twins named. */
  const htmlAnd = (...twins: string[]): string[] => PAGE_FILES.filter((file) => file.endsWith('.html') || twins.includes(file));

  test("a title changed: every page's sidebar shows it, every page's HTML is written again; the Markdown twins the same byte for byte are kept", async () => {
    await edit('three.mdx', '---\ntitle: Third\n---\n\nText three.\n');
    assert.deepEqual(await rebuild(), htmlAnd('three.md'));
    assert.match(await fs.readFile(path.join(out, 'one/index.html'), 'utf8'), />Third</);
  });

  test("docs.json changed: every page's HTML is written again, not the Markdown twins it leaves as they were", async () => {
    await edit('docs.json', JSON.stringify({ ...CONFIG, colors: { primary: '#AA3300' } }));
    assert.deepEqual(await rebuild(), htmlAnd());
    assert.deepEqual(await rebuild(), [], 'and kept by the build after');
  });

  test('a kept file the user changed in the output, its mtime set back, is not overwritten: the build refuses it', async () => {
    const file = path.join(out, 'one/index.html');
    const info = await fs.stat(file);
    const text = await fs.readFile(file, 'utf8');
    const changed = text.replace('Text one.', 'Text 1!!.');
    assert.notEqual(changed, text);
    await fs.writeFile(file, changed);
    await fs.utimes(file, info.atime, info.mtime);
    const refused = await build({ root, outDir: out });
    assert.equal(refused.ok, false);
    assert.deepEqual(
      refused.diagnostics.filter((each) => each.severity === 'error').map((each) => each.code),
      ['output-not-docjet'],
    );
    assert.equal(await fs.readFile(file, 'utf8'), changed);
    // Put back as docjet wrote it: the folder is docjet's again, and the page, changed since its build, is written again.
    await fs.writeFile(file, text);
    assert.deepEqual(await rebuild(), ['one/index.html', 'one.md']);
  });

  test('a failed warm build leaves the previous output as it was, the kept files too', async () => {
    const was = await outputFiles(out);
    const ids = await identities(out);
    await edit('two.mdx', '---\ntitle: Two\n---\n\nText two, changed again. [Nowhere](/nowhere-at-all)\n');
    const failed = await build({ root, outDir: out, strict: true });
    assert.equal(failed.ok, false);
    assert.ok(failed.diagnostics.some((each) => each.code === 'link-broken' && each.severity === 'error' && each.file === 'two.mdx'));
    assert.deepEqual(await outputFiles(out), was);
    assert.deepEqual(await identities(out), ids);
    const siblings = (await fs.readdir(scratch)).filter((name) => name.startsWith('.out.'));
    assert.deepEqual(siblings, [], 'no staging folder left');
    // And the next good build is the --no-cache build's, keeping what it can.
    await edit('two.mdx', '---\ntitle: Two\n---\n\nText two, changed again.\n');
    assert.deepEqual(await rebuild(), ['two/index.html', 'two.md']);
  });
});

describe('a file linked from the output being replaced', () => {
  /** An output folder holding `a.html` as docjet wrote it, and a new staging of it with `a.html` linked from there. */
  async function linkedOutput(t: { after(fn: () => Promise<void>): void }) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-link-'));
    t.after(() => fs.rm(dir, { recursive: true, force: true }));
    const target = path.join(dir, 'out');
    const first = await stageOutput({ target });
    await first.write('a.html', 'docjet');
    await first.commit();
    const marker = await readMarker(target);
    assert.equal(marker.kind, 'recorded');
    const next = await stageOutput({ target });
    const recorded = marker.kind === 'recorded' ? marker.record.files.get('a.html') : undefined;
    assert.equal(await next.link(path.join(target, 'a.html'), 'a.html', recorded!), true);
    return { target, next, file: path.join(target, 'a.html') };
  }

  test('edited through the old folder before the swap (same size, mtime set back), it is recorded as changed, not as docjet wrote it', async (t) => {
    const { target, next, file } = await linkedOutput(t);
    const info = await fs.stat(file);
    await fs.writeFile(file, 'DOCJET');
    await fs.utimes(file, info.atime, info.mtime);
    await next.commit();
    assert.equal(await fs.readFile(path.join(target, 'a.html'), 'utf8'), 'DOCJET');
    assert.deepEqual((await ownership(target, 10)).foreign, [{ name: 'a.html', changed: true }]);
  });

  test('written again in the staging folder, the old file is left as it was; an aborted build leaves it too', async (t) => {
    const { next, file } = await linkedOutput(t);
    await next.write('a.html', 'newer');
    assert.equal(await fs.readFile(file, 'utf8'), 'docjet');
    await next.abort();
    assert.equal(await fs.readFile(file, 'utf8'), 'docjet');
  });
});
