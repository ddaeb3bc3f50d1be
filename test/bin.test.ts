/**
 * The command as installed: bin/docjet.js runs the bundle `npm run build` writes (lib/bundle/,
 * scripts/bundle.mjs), not the sources the other tests import. It must find docjet's own files
 * from there (assets, package.json) and start its render workers from the bundle too.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { codeCacheFile, loadBundle } from '../src/load-bundle.ts';
import { sourceFlags, sourcePath } from './support/source-process.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const bin = path.join(repo, 'bin', 'docjet.js');

test('the bundled command is built, prints its version and builds the example site with two render workers', async (t) => {
  assert.ok(existsSync(path.join(repo, 'lib', 'bundle', 'cli.cjs')), 'lib/bundle/cli.cjs is missing: run `npm run build`');
  const version = await run(process.execPath, [bin, '--version']);
  assert.equal(version.stdout.trim(), JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).version);

  const out = await mkdtemp(path.join(tmpdir(), 'docjet-bin-'));
  t.after(() => rm(out, { recursive: true, force: true }));
  const built = await run(process.execPath, [bin, 'build', path.join(repo, 'examples'), '--out', out], { env: { ...process.env, DOCJET_WORKERS: '2' } });
  assert.match(built.stdout + built.stderr, /✔ \d+ pages .* 0 errors/);
  const home = readFileSync(path.join(out, 'index.html'), 'utf8');
  const assets = readdirSync(path.join(out, '_docjet'));
  const css = assets.find((file) => /^docjet\.[0-9a-f]+\.css$/.test(file));
  assert.ok(css, `the stylesheet is written: ${assets.join(', ')}`);
  assert.ok(home.includes(`_docjet/${css}`), 'pages link the stylesheet');
  assert.ok(readFileSync(path.join(out, '_docjet', css), 'utf8').includes('.toc-column'), "the stylesheet holds docjet's own CSS, found from the bundle");
  assert.ok(
    assets.some((file) => /^search\.[0-9a-f]+\.mjs$/.test(file)),
    'the search script is written',
  );
});

test('the bundle starts from the code cache the build wrote beside it, which this Node accepts', () => {
  const bundle = path.join(repo, 'lib', 'bundle', 'cli.cjs');
  assert.ok(existsSync(codeCacheFile(bundle)), `${codeCacheFile(bundle)} is missing: run \`npm run build\``);
  assert.equal(loadBundle(bundle).cacheRejected, false);
});

test('the code cache holds the code every page of the example site runs: asking for each after a start compiles next to nothing', async () => {
  // Code the cache lacks is compiled while a page is asked for, on every start (scripts/code-cache.mjs).
  const { stdout } = await run(process.execPath, [...sourceFlags, sourcePath('test/support/bundle-pages.ts')], { cwd: repo });
  const { rejected, trained, grown } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { rejected: boolean; trained: number; grown: number };
  assert.equal(rejected, false);
  assert.ok(grown - trained < trained / 100, `the code cache grew from ${trained} to ${grown} bytes while the example's pages were asked for: train it on every page`);
});
