/**
 * A build that writes every file as the output already holds it leaves the output as it is
 * (src/output/unchanged-output.ts); the first file that differs makes the staging folder, which holds
 * only the files that differ, applied to the output in place (journal.ts): the files noted stay as they are.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkOutputFolder, stageOutput } from '../../src/output/output.ts';
import { stageLazily } from '../../src/output/unchanged-output.ts';

/** A file streamed in pieces, over two of the 64 KB chunks compared at once. */
const pieces = (change = ''): string[] => Array.from({ length: 30 }, (_, index) => `${index === 20 ? change : ''}${'é-x'.repeat(2_000)}\n`);

async function* stream(parts: readonly string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}

test('files written as the output holds them are noted, not written; those that differ are staged and applied in place', async (t) => {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-unchanged-'));
  t.after(() => fs.rm(scratch, { recursive: true, force: true }));
  const target = path.join(scratch, 'out');
  const first = await stageOutput({ target });
  await first.write('a.txt', 'a');
  await first.write('b/index.html', 'b');
  await first.writeParts('full.txt', stream(pieces()));
  await first.commit();
  const check = async () => (await checkOutputFolder({ root: path.join(scratch, 'site'), target })).intact;
  const inode = async (name: string) => (await fs.stat(path.join(target, name))).ino;
  const was = await inode('a.txt');

  const same = await stageLazily({ target, intact: await check() });
  await same.write('a.txt', 'a');
  assert.equal(await same.writeParts('full.txt', stream(pieces())), pieces().join('').length + 30 * 2_000);
  assert.equal(same.unchanged, false, 'b/index.html is not written yet');
  await same.write('b/index.html', 'b');
  assert.equal(same.unchanged, true);
  assert.equal(same.staged, false);
  assert.deepEqual((await fs.readdir(scratch)).sort(), ['out']);

  const changed = await stageLazily({ target, intact: await check() });
  await changed.write('a.txt', 'a');
  await changed.writeParts('full.txt', stream(pieces('changed')));
  assert.equal(changed.staged, true, 'the streamed file differs in its second chunk');
  await changed.write('b/index.html', 'b');
  assert.equal(changed.unchanged, false);
  await changed.commit();
  assert.equal(await fs.readFile(path.join(target, 'full.txt'), 'utf8'), pieces('changed').join(''));
  assert.equal(await inode('a.txt'), was, 'the file noted before was linked, not written');
  assert.deepEqual((await checkOutputFolder({ root: path.join(scratch, 'site'), target })).diagnostics, []);

  // A file noted, then changed in the output before the staging folder is made: the build fails, the user's file is left.
  const raced = await stageLazily({ target, intact: await check() });
  await raced.write('a.txt', 'a');
  await fs.writeFile(path.join(target, 'a.txt'), 'A');
  await raced.write('b/index.html', 'B');
  assert.deepEqual(await raced.conflicts(), ['a.txt']);
  await assert.rejects(raced.commit(), /changed in the output folder during the build/);
  await raced.abort();
  assert.equal(await fs.readFile(path.join(target, 'a.txt'), 'utf8'), 'A');
  assert.equal(await fs.readFile(path.join(target, 'b/index.html'), 'utf8'), 'b', 'nothing of the failed build is applied');
  assert.deepEqual((await fs.readdir(scratch)).sort(), ['out']);
});
