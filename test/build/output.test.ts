import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { stageOutput } from '../../src/build/output.ts';

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
  assert.deepEqual((await fs.readdir(target, { recursive: true })).sort(), ['guides', 'guides/intro', 'guides/intro/index.html', 'index.html']);
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
