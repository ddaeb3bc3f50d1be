/**
 * `npm run prepare` (scripts/build.ts --if-stale) builds lib/ only when it is not the build of
 * today's inputs: `npm ci` builds it, and the `npx docjet` that follows in the clone (which links
 * the clone into npx's cache and runs `prepare` there again) starts at once instead of building
 * the same lib/ a second time. These tests hold what "the build of today's inputs" means.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { writeBundleManifest } from '../src/load-bundle.ts';
import { buildInputs, STAMP, staleBecause, writeStamp } from '../scripts/build.ts';
import { scratchFolder } from './support/scratch.ts';

function project(root: string): void {
  mkdirSync(path.join(root, 'src', 'render'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'cli.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'src', 'render', 'page.ts'), 'export const b = 2;\n');
  writeFileSync(path.join(root, 'package.json'), '{ "name": "docjet" }\n');
  writeFileSync(path.join(root, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
}

/** lib/ as a finished build leaves it: the bundle with its list of files, then the stamp. */
function built(root: string, inputs: string): void {
  const bundle = path.join(root, 'lib', 'bundle');
  mkdirSync(bundle, { recursive: true });
  writeFileSync(path.join(bundle, 'cli.cjs'), 'module.exports = {};\n');
  writeBundleManifest(bundle);
  writeStamp(root, inputs);
}

test('the inputs change with any source file, a nested one or a new one, and with the locked dependencies; not with lib/ or examples/', async (t) => {
  const { dir: root } = await scratchFolder(t, 'docjet-build-stamp-');
  project(root);
  const first = buildInputs(root);
  assert.equal(buildInputs(root), first, 'the same files give the same inputs');
  built(root, first);
  mkdirSync(path.join(root, 'examples'));
  writeFileSync(path.join(root, 'examples', 'index.mdx'), '# Home\n');
  assert.equal(buildInputs(root), first, 'what the build writes (lib/) and the example site are not inputs');

  writeFileSync(path.join(root, 'src', 'render', 'page.ts'), 'export const b = 3;\n');
  const edited = buildInputs(root);
  assert.notEqual(edited, first, 'a nested source file edited');
  writeFileSync(path.join(root, 'src', 'new.ts'), '\n');
  const added = buildInputs(root);
  assert.notEqual(added, edited, 'a source file added');
  writeFileSync(path.join(root, 'package-lock.json'), '{ "lockfileVersion": 3, "packages": {} }\n');
  assert.notEqual(buildInputs(root), added, 'another lock file: other dependencies bundled');
});

test('prepare builds when lib/ is missing, unstamped, stamped for other inputs or cut short, and skips only a whole build of these inputs', async (t) => {
  const { dir: root } = await scratchFolder(t, 'docjet-build-stamp-');
  project(root);
  const inputs = buildInputs(root);
  assert.match(staleBecause(root, inputs) ?? '', /not built/);

  mkdirSync(path.join(root, 'lib'));
  assert.match(staleBecause(root, inputs) ?? '', new RegExp(`${STAMP} is missing`), 'a build stopped before its end leaves no stamp');

  built(root, inputs);
  assert.equal(staleBecause(root, inputs), undefined, 'lib/ is the build of these inputs: prepare skips it');

  writeFileSync(path.join(root, 'src', 'cli.ts'), 'export const a = 2;\n');
  assert.match(staleBecause(root, buildInputs(root)) ?? '', /changed since lib\/ was built/);

  truncateSync(path.join(root, 'lib', 'bundle', 'cli.cjs'), 3);
  assert.match(staleBecause(root, inputs) ?? '', /incomplete/, 'a bundle cut short after its build is built again');
  rmSync(path.join(root, 'lib', 'bundle'), { recursive: true });
  assert.match(staleBecause(root, inputs) ?? '', /incomplete/);
});
