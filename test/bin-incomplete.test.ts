/**
 * A bundle whose build was stopped halfway (Ctrl+C during `npm ci`'s `prepare`, scripts/bundle.mjs)
 * is told, not run: without its code cache every start was slower without a word, and a bundle
 * cut short stopped with an "internal error". The command says what is missing, runs from the
 * compiled modules in lib/ and names `npm run build`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, after, test } from 'node:test';
import { promisify } from 'node:util';
import { BUNDLE_MANIFEST, bundleProblem } from '../src/load-bundle.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const version = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
let copy = '';

/** A copy of the built package (bin, lib, package.json; node_modules linked) whose bundle a test may damage. */
before(async () => {
  const bundle = path.join(repo, 'lib', 'bundle');
  assert.equal(bundleProblem(bundle), undefined, 'run `npm run build`: the bundle of this checkout is not whole');
  copy = await mkdtemp(path.join(tmpdir(), 'docjet-bin-incomplete-'));
  cpSync(path.join(repo, 'bin'), path.join(copy, 'bin'), { recursive: true });
  cpSync(path.join(repo, 'lib'), path.join(copy, 'lib'), { recursive: true });
  cpSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'));
  symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
after(() => rm(copy, { recursive: true, force: true }));

/** `docjet --version` from the copy, with the bundle as `damage` left it. */
async function versionAfter(damage: (bundle: string) => void): Promise<{ stdout: string; stderr: string }> {
  const bundle = path.join(copy, 'lib', 'bundle');
  rmSync(bundle, { recursive: true, force: true });
  mkdirSync(bundle);
  cpSync(path.join(repo, 'lib', 'bundle'), bundle, { recursive: true });
  damage(bundle);
  return run(process.execPath, [path.join(copy, 'bin', 'docjet.js'), '--version']);
}

test('a whole bundle starts without a word', async () => {
  const { stdout, stderr } = await versionAfter(() => {});
  assert.equal(stdout.trim(), version);
  assert.equal(stderr, '');
});

test('a bundle without its code cache (a build stopped while writing it) is reported and the command still runs', async () => {
  const { stdout, stderr } = await versionAfter((bundle) => {
    rmSync(path.join(bundle, 'cli.cjs.cache'));
    rmSync(path.join(bundle, BUNDLE_MANIFEST));
  });
  assert.equal(stdout.trim(), version);
  assert.match(stderr, /lib[\\/]bundle[\\/]? is incomplete .*npm run build/s);
});

test('a code cache removed after the build is reported', async () => {
  const { stdout, stderr } = await versionAfter((bundle) => rmSync(path.join(bundle, 'cli.cjs.cache')));
  assert.equal(stdout.trim(), version);
  assert.match(stderr, /cli\.cjs\.cache is missing.*npm run build/s);
});

test('a bundle cut short is reported and not run (it stopped with an internal error)', async () => {
  const { stdout, stderr } = await versionAfter((bundle) => {
    const file = path.join(bundle, 'cli.cjs');
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
  });
  assert.equal(stdout.trim(), version);
  assert.match(stderr, /cli\.cjs has \d+ bytes, \d+ were written.*npm run build/s);
  assert.doesNotMatch(stderr, /internal error/);
});

test('no bundle folder at all (lib/ compiled by tsc alone) is reported', async () => {
  const { stdout, stderr } = await versionAfter((bundle) => rmSync(bundle, { recursive: true }));
  assert.equal(stdout.trim(), version);
  assert.match(stderr, /is incomplete.*npm run build/s);
  assert.ok(!existsSync(path.join(copy, 'lib', 'bundle')));
});
