/**
 * What names docjet's code in the page cache's version (render/body-cache.ts `codeHash`): a built
 * lib/ by its build's stamp (a hash of the build's inputs), without reading its 15 MB; the sources,
 * or a lib/ whose build did not finish, by every script's path and bytes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { codeHash } from '../../src/render/body-cache.ts';

test("a built lib/ is named by its build's stamp; code without one, by every script it holds", async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-code-hash-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.mkdir(path.join(dir, 'render'));
  await fs.writeFile(path.join(dir, 'index.js'), 'export const a = 1;\n');
  await fs.writeFile(path.join(dir, 'render', 'page.cjs'), 'module.exports = 2;\n');
  await fs.writeFile(path.join(dir, 'notes.txt'), 'not code');

  const unstamped = await codeHash(dir);
  await fs.writeFile(path.join(dir, 'notes.txt'), 'still not code');
  assert.equal(await codeHash(dir), unstamped, 'only scripts count');
  await fs.writeFile(path.join(dir, 'render', 'page.cjs'), 'module.exports = 3;\n');
  const changed = await codeHash(dir);
  assert.notEqual(changed, unstamped, 'a script changed is other code');

  const inputs = 'a'.repeat(64);
  await fs.writeFile(path.join(dir, 'build-stamp.json'), JSON.stringify({ inputs }));
  assert.equal(await codeHash(dir), `build ${inputs}\n`);
  await fs.writeFile(path.join(dir, 'index.js'), 'export const a = 4;\n');
  assert.equal(await codeHash(dir), `build ${inputs}\n`, 'the stamp names the build, not its files');
  await fs.writeFile(path.join(dir, 'build-stamp.json'), JSON.stringify({ inputs: 'b'.repeat(64) }));
  assert.equal(await codeHash(dir), `build ${'b'.repeat(64)}\n`, 'another build is other code');

  // A stamp that is not one (damaged, or not a hash) is no stamp: the scripts are read.
  for (const damaged of ['{"inputs": 42}', '{"inputs": "../../x"}', 'not json']) {
    await fs.writeFile(path.join(dir, 'build-stamp.json'), damaged);
    assert.match(await codeHash(dir), /^files [0-9a-f]{64}\n$/, damaged);
  }
});
