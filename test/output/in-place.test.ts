/**
 * A warm build that changes a few files updates the output in place (src/output/journal.ts): the
 * same folder, the untouched files as they were (same inode and mtime), the result byte for byte a
 * `--no-cache` build's. A file changed in the output while the build ran fails it, naming the file,
 * with nothing applied; a build stopped halfway through applying its journal is finished by the next.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { checkOutputFolder } from '../../src/output/output.ts';
import { outputFiles } from '../support/output-files.ts';
import { cliArgs } from '../support/source-process.ts';

const PAGES = ['index', 'one', 'two', 'three'];
const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'In place', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Guides', pages: PAGES }] } }),
  ...Object.fromEntries(PAGES.map((page) => [`${page}.mdx`, `---\ntitle: ${page}\n---\n\nText of ${page}.\n`])),
};

/** Each file of the output with its inode and mtime. */
async function identities(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const info = await fs.stat(full, { bigint: true });
    found.set(path.relative(dir, full), `${info.ino}@${info.mtimeNs}`);
  }
  return found;
}

describe('a warm build with one page changed', () => {
  let scratch: string;
  let root: string;
  let out: string;
  let step = 0;
  before(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-in-place-'));
    root = path.join(scratch, 'site');
    out = path.join(scratch, 'out');
    await fs.mkdir(root);
    for (const [name, text] of Object.entries(FILES)) await fs.writeFile(path.join(root, name), text);
    assert.equal((await build({ root, outDir: out })).ok, true);
  });
  after(() => fs.rm(scratch, { recursive: true, force: true }));

  const edit = (page: string, words: string): Promise<void> => fs.writeFile(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${words}\n`);
  const siblings = async (): Promise<string[]> => (await fs.readdir(scratch)).filter((name) => name.startsWith('.out.'));

  /** The output holds what a `--no-cache` build of the site holds, byte for byte, and is docjet's as recorded. */
  async function assertAsNoCache(): Promise<void> {
    const cold = path.join(scratch, `cold-${++step}`);
    assert.equal((await build({ root, outDir: cold, cache: false })).ok, true);
    const [warmFiles, coldFiles] = [await outputFiles(out), await outputFiles(cold)];
    assert.deepEqual([...warmFiles.keys()].sort(), [...coldFiles.keys()].sort());
    for (const [file, bytes] of coldFiles) assert.equal(warmFiles.get(file), bytes, `${file} differs from the --no-cache build`);
    const check = await checkOutputFolder({ root, target: out });
    assert.deepEqual(check.diagnostics, []);
    assert.ok(check.intact, 'every file as its record says: the next build need not hash one');
  }

  test('the same folder is updated: only the files that differ are written, the others keep their inode and mtime', async () => {
    const folder = (await fs.stat(out)).ino;
    const was = await identities(out);
    await edit('two', 'Text of two, with a zebra.');
    const warm = await build({ root, outDir: out });
    assert.equal(warm.ok, true);
    assert.equal((await fs.stat(out)).ino, folder, 'the output folder is the one that was there, not a new one swapped in');
    const now = await identities(out);
    const rewritten = [...now.keys()].filter((file) => now.get(file) !== was.get(file) && file !== '.docjet-output');
    assert.ok(rewritten.includes('two/index.html') && rewritten.includes('two.md'), rewritten.join(', '));
    for (const page of ['one', 'three']) assert.ok(!rewritten.includes(`${page}/index.html`) && !rewritten.includes(`${page}.md`), `${page} kept: ${rewritten.join(', ')}`);
    assert.ok(rewritten.length < was.size / 2, `${rewritten.length} of ${was.size} files written`);
    assert.deepEqual(await siblings(), [], 'no staging folder left');
    await assertAsNoCache();
  });

  test('a page gone: its files are deleted, its folder too', async () => {
    await fs.writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ ...JSON.parse(FILES['docs.json']!), navigation: { groups: [{ group: 'Guides', pages: ['index', 'one', 'two'] }] } }),
    );
    await fs.rm(path.join(root, 'three.mdx'));
    assert.equal((await build({ root, outDir: out })).ok, true);
    await assert.rejects(fs.stat(path.join(out, 'three')), { code: 'ENOENT' });
    await assertAsNoCache();
  });

  test('a file changed in the output during the build fails it, naming the file; nothing is applied', async () => {
    await edit('one', 'Text of one, with a yak.');
    const file = path.join(out, 'two', 'index.html');
    const before = await outputFiles(out);
    const marker = await fs.readFile(path.join(out, '.docjet-output'), 'utf8');
    let changed = false;
    const failed = await build({
      root,
      outDir: out,
      // A user's edit while the pages are written: after the output was checked, before the build applies its files.
      onProgress: () => {
        if (changed) return;
        changed = true;
        appendFileSync(file, '<!-- mine -->');
      },
    });
    assert.equal(failed.ok, false);
    const errors = failed.diagnostics.filter((each) => each.severity === 'error');
    assert.deepEqual(
      errors.map((each) => each.code),
      ['output-not-docjet'],
    );
    assert.match(JSON.stringify(errors[0]), /two\/index\.html/);
    assert.deepEqual(await outputFiles(out), new Map([...before, ['two/index.html', `${before.get('two/index.html')}<!-- mine -->`]]), 'one.md and the rest as they were');
    assert.equal(await fs.readFile(path.join(out, '.docjet-output'), 'utf8'), marker);
    assert.deepEqual(await siblings(), []);
    // Put back, the next build goes on (the file's new times: a staged build, which records them).
    await fs.writeFile(file, before.get('two/index.html')!, 'latin1');
    assert.equal((await build({ root, outDir: out })).ok, true);
    await assertAsNoCache();
  });

  test('a failed build (a broken link under --strict) leaves the output and its record as they were', async () => {
    await fs.writeFile(path.join(root, 'one.mdx'), '---\ntitle: one\n---\n\n[Nowhere](/nowhere-at-all)\n');
    const before = await outputFiles(out);
    const ids = await identities(out);
    const marker = await fs.readFile(path.join(out, '.docjet-output'), 'utf8');
    const failed = await build({ root, outDir: out, strict: true });
    assert.equal(failed.ok, false);
    assert.deepEqual(await outputFiles(out), before);
    assert.deepEqual(await identities(out), ids);
    assert.equal(await fs.readFile(path.join(out, '.docjet-output'), 'utf8'), marker);
    assert.deepEqual(await siblings(), []);
  });

  test('a build killed after its journal is written and its first file moved: the output is refused as it stands, and the next build rolls the journal forward', async () => {
    await edit('one', 'Text of one, with a quokka.');
    const run = spawnSync(process.execPath, cliArgs(['build', root, '--out', out]), { encoding: 'utf8', env: { ...process.env, DOCJET_TEST_STOP_AT: 'moved', NO_COLOR: '1' } });
    assert.equal(run.signal, 'SIGKILL', `${run.status} ${run.stdout} ${run.stderr}`);
    assert.equal((await siblings()).length, 1, 'the staging folder with the journal is left');
    // Half applied: one file of the new build, the record of the old one.
    assert.deepEqual(
      (await checkOutputFolder({ root, target: out })).diagnostics.map((each) => each.code),
      ['output-not-docjet'],
    );
    const next = await build({ root, outDir: out });
    assert.equal(next.ok, true, JSON.stringify(next.diagnostics));
    assert.match(await fs.readFile(path.join(out, 'one', 'index.html'), 'utf8'), /quokka/);
    assert.deepEqual(await siblings(), []);
    await assertAsNoCache();
  });
});
