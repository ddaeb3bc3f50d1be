import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { checkOutputFolder, OutputWriteError, stageOutput } from '../../src/output/output.ts';

async function tempDir(t: { after(fn: () => Promise<void>): void }): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-output-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

test('a committed build replaces the previous output as a whole', async (t) => {
  const parent = await tempDir(t);
  const target = path.join(parent, 'dist');
  await fs.mkdir(target);
  await fs.writeFile(path.join(target, 'stale.html'), 'old');
  const output = await stageOutput({ target });
  await output.write('index.html', '<h1>new</h1>');
  await output.write('guides/intro/index.html', 'intro');
  await output.commit();
  assert.deepEqual((await fs.readdir(target, { recursive: true })).sort(), ['.docjet-output', 'guides', 'guides/intro', 'guides/intro/index.html', 'index.html']);
  // The marker that lets the next build replace the folder: the record of every file it wrote.
  const marker = JSON.parse(await fs.readFile(path.join(target, '.docjet-output'), 'utf8')) as { files: Record<string, [string, number, string, string]> };
  assert.deepEqual(Object.keys(marker), ['generator', 'version', 'built', 'format', 'files', 'links']);
  assert.deepEqual(Object.keys(marker.files), ['guides/intro/index.html', 'index.html']);
  assert.deepEqual(marker.files['index.html']!.slice(0, 2), [createHash('sha256').update('<h1>new</h1>').digest('base64url'), 12]);
  assert.deepEqual(await fs.readdir(parent), ['dist']); // no staging or previous folder left behind
});

test('an aborted build leaves the previous output untouched', async (t) => {
  const parent = await tempDir(t);
  const target = path.join(parent, 'dist');
  await fs.mkdir(target);
  await fs.writeFile(path.join(target, 'index.html'), 'previous site');
  const output = await stageOutput({ target });
  await output.write('index.html', 'half a new site');
  await output.abort();
  assert.equal(await fs.readFile(path.join(target, 'index.html'), 'utf8'), 'previous site');
  assert.deepEqual(await fs.readdir(parent), ['dist']);
});

test('the first build creates the output folder; paths cannot escape it', async (t) => {
  const parent = await tempDir(t);
  const target = path.join(parent, 'site', 'out');
  const output = await stageOutput({ target });
  await assert.rejects(output.write('../../evil.html', 'x'), /escapes the output folder/);
  await output.write('404.html', 'not found');
  await output.commit();
  assert.equal(await fs.readFile(path.join(target, '404.html'), 'utf8'), 'not found');
});

test('a commit whose rename fails is reported, and abort() then removes the staging folder', async (t) => {
  const parent = await tempDir(t);
  const target = path.join(parent, 'dist');
  await fs.mkdir(target);
  await fs.writeFile(path.join(target, 'index.html'), 'previous site');
  const output = await stageOutput({ target });
  await output.write('index.html', 'new site');
  const rename = fs.rename;
  // The second rename (staging folder → target) fails, as on a busy or read-only folder.
  t.mock.method(fs, 'rename', async (from: string, to: string) => {
    if (from === output.dir) throw Object.assign(new Error(`EBUSY: resource busy or locked, rename '${from}'`), { code: 'EBUSY' });
    return rename(from, to);
  });
  await assert.rejects(output.commit(), (error: unknown) => error instanceof OutputWriteError && error.stage === 'commit' && error.reason === 'EBUSY: resource busy or locked');
  t.mock.restoreAll();
  await output.abort();
  assert.equal(await fs.readFile(path.join(target, 'index.html'), 'utf8'), 'previous site');
  assert.deepEqual(await fs.readdir(parent), ['dist'], 'the staging folder is removed, the previous site put back');
});

/** The id of a process that has exited (so no process has it, barring reuse within the test). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

test('the next build removes what killed builds left beside the output, not what running builds use', async (t) => {
  const parent = await tempDir(t);
  const target = path.join(parent, 'dist');
  const dead = await deadPid();
  const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  t.after(() => running.kill());
  /** A staging folder of docjet's, as a build of process `pid` leaves it. */
  const staging = async (pid: number): Promise<string> => {
    const killed = await stageOutput({ target });
    await killed.write('index.html', 'half a site');
    const name = path.basename(killed.dir).replace(`-${process.pid}-`, `-${pid}-`);
    await fs.rename(killed.dir, path.join(parent, name));
    return name;
  };
  const first = await stageOutput({ target });
  await first.commit();
  const stillRunning = await staging(running.pid!);
  const killed = await staging(dead);
  // An output docjet wrote, moved aside by a commit that was then killed.
  const previous = `.dist.previous-${dead}-1700000000000`;
  const aside = await stageOutput({ target: path.join(parent, previous) });
  await aside.write('index.html', 'x');
  await aside.commit();
  const leftovers = [killed, previous];
  const kept = [
    stillRunning, // a build still running
    `.site.staging-${dead}-AbC123`, // another output folder's
    '.dist.notes', // not a name docjet uses
  ];
  for (const name of kept.slice(1)) {
    await fs.mkdir(path.join(parent, name));
    await fs.writeFile(path.join(parent, name, 'index.html'), 'x');
  }
  assert.deepEqual((await fs.readdir(parent)).sort(), ['dist', ...leftovers, ...kept].sort());
  const output = await stageOutput({ target });
  await output.commit();
  assert.deepEqual((await fs.readdir(parent)).sort(), ['dist', ...kept].sort());
});

test('a previous site left without a current one (killed between the two renames) is put back; a folder only named so is not', async (t) => {
  const parent = await tempDir(t);
  const dead = await deadPid();
  const previous = `.dist.previous-${dead}-1700000000000`;
  const last = await stageOutput({ target: path.join(parent, previous) });
  await last.write('index.html', 'last good site');
  await last.commit();
  const planted = `.site.previous-${dead}-1700000000000`;
  await fs.mkdir(path.join(parent, planted));
  await fs.writeFile(path.join(parent, planted, 'index.html'), 'not a docjet output');
  const output = await stageOutput({ target: path.join(parent, 'dist') });
  assert.equal(await fs.readFile(path.join(parent, 'dist', 'index.html'), 'utf8'), 'last good site');
  await output.abort();
  const other = await stageOutput({ target: path.join(parent, 'site') });
  await other.abort();
  assert.deepEqual((await fs.readdir(parent)).sort(), [planted, 'dist']);
});

test('checkOutputFolder: which folders a build may replace', async (t) => {
  const dir = await tempDir(t);
  const site = path.join(dir, 'site');
  await fs.mkdir(path.join(site, 'images'), { recursive: true });
  await fs.writeFile(path.join(site, 'docs.json'), '{}');
  await fs.writeFile(path.join(site, 'images', 'logo.svg'), '<svg/>');
  await fs.mkdir(path.join(dir, 'empty'));
  await fs.mkdir(path.join(dir, 'mine'));
  await fs.writeFile(path.join(dir, 'mine', 'notes.txt'), 'mine');
  await fs.mkdir(path.join(dir, 'marked'));
  await fs.writeFile(path.join(dir, 'marked', '.docjet-output'), '{}');
  await fs.writeFile(path.join(dir, 'marked', 'extra.txt'), 'x');
  // A folder docjet wrote: its marker records what is in it.
  const built = await stageOutput({ target: path.join(dir, 'built') });
  await built.write('index.html', 'home');
  await built.commit();
  // What a docjet version without a marker wrote: no proof of anything.
  await fs.mkdir(path.join(dir, 'legacy', '_docjet'), { recursive: true });
  await fs.writeFile(path.join(dir, 'legacy', '404.html'), 'not found');
  await fs.symlink(site, path.join(dir, 'link-to-site'));
  await fs.symlink(path.join(dir, 'built'), path.join(site, 'dist'));
  await fs.mkdir(path.join(site, '.docjet', 'cache'), { recursive: true });
  const code = async (target: string, force = false): Promise<string> => {
    const checked = await checkOutputFolder({ root: site, target: path.join(dir, target), force });
    return checked.diagnostics.map((diagnostic) => diagnostic.code).join(',') || 'ok';
  };
  assert.deepEqual(
    {
      absent: await code('new/out'),
      empty: await code('empty'),
      marked: await code('marked'),
      markedForced: await code('marked', true),
      built: await code('built'),
      legacy: await code('legacy'),
      linkOut: await code('site/dist', true),
      cache: await code('site/.docjet', true),
      inCache: await code('site/.docjet/cache/out', true),
      defaultDist: await code('site/public'),
      other: await code('mine'),
      otherForced: await code('mine', true),
      site: await code('site', true),
      parent: await code('.', true),
      link: await code('link-to-site', true),
      siteFolder: await code('site/images', true),
      file: await code('site/docs.json', true),
      underFile: await code('site/docs.json/out', true),
      fsRoot: await code(path.relative(dir, '/'), true),
    },
    {
      absent: 'ok',
      empty: 'ok',
      marked: 'output-not-docjet',
      markedForced: 'ok',
      built: 'ok',
      legacy: 'output-not-docjet',
      linkOut: 'output-link-outside',
      cache: 'output-in-cache',
      inCache: 'output-in-cache',
      defaultDist: 'ok',
      other: 'output-not-docjet',
      otherForced: 'ok',
      site: 'output-is-site',
      parent: 'output-is-site',
      link: 'output-is-site',
      siteFolder: 'output-holds-site-files',
      file: 'output-is-file',
      underFile: 'output-is-file',
      fsRoot: 'output-is-site',
    },
  );
  assert.deepEqual((await fs.readdir(dir)).sort(), ['built', 'empty', 'legacy', 'link-to-site', 'marked', 'mine', 'site'], 'checking creates nothing');
});
