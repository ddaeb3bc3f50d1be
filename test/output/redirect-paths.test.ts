/**
 * Redirect sources and destinations written with `..`, `.`, `//`, backslashes, percent-escapes,
 * NUL and over-long segments: each is the path a browser asks for, written inside the output
 * folder, or a warning at its line and left out; never a crash (`/a/../../x` stopped `build` with
 * exit 3, "output path escapes the output folder"), never a file outside the output folder, never
 * a real page overwritten.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { expandRedirects } from '../../src/output/redirects.ts';
import { main, type Io } from '../../src/cli.ts';
import { validate } from '../../src/validate/index.ts';

/** Every file under `dir`, relative, sorted. */
async function files(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const VALID: [source: string, route: string][] = [
  ['/a/../../x', 'x'],
  ['/./b/./c', 'b/c'],
  ['//d//e//', 'd/e'],
  ['\\f\\g', 'f/g'],
  ['/%2e%2e/%2E%2e/h', 'h'],
  ['/.%2e/i/%2e', 'i'],
  [`/${'../'.repeat(40)}etc/j`, 'etc/j'],
  ['/caf%C3%A9', 'café'],
];
const INVALID: [source: string, problem: string][] = [
  ['/k\u0000l', 'holds a control character (such as NUL)'],
  ['/m%00n', 'holds a control character (such as NUL)'],
  ['/o%2F..%2F..%2Fp', 'holds a `/` or `\\` written as %2F or %5C'],
  ['/q%5C..%5Cq', 'holds a `/` or `\\` written as %2F or %5C'],
  [`/${'q'.repeat(300)}`, 'has a segment over 200 bytes'],
  ['/rr'.repeat(800), 'is over 2048 bytes long'],
];

test('redirect paths with dot segments, doubled or back slashes, escapes, NUL and long segments: normalised or a warning at their line, all written inside the output', async (t) => {
  const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-redirect-paths-')));
  t.after(() => fs.rm(work, { recursive: true, force: true }));
  const root = path.join(work, 'site');
  const out = path.join(work, 'out');
  await fs.mkdir(path.join(root, 'guides'), { recursive: true });
  await fs.writeFile(path.join(root, 'index.mdx'), '# Home\n');
  await fs.writeFile(path.join(root, 'guides/setup.mdx'), '# Setup\n\nThe real page.\n');
  const redirects = [
    ...VALID.map(([source]) => ({ source, destination: '/guides/setup' })),
    ...INVALID.map(([source]) => ({ source, destination: '/guides/setup' })),
    // A redirect never hides a real page, however its source is spelt.
    { source: '/guides//setup/', destination: '/elsewhere' },
    { source: '/guides/./x/../setup', destination: '/elsewhere' },
    // Destinations: resolved as the browser would, never protocol-relative; NUL is left out.
    { source: '/dest/dots', destination: '/a/../../guides/./setup?tab=1#top' },
    { source: '/dest/backslash', destination: '\\\\evil.example/x' },
    { source: '/dest/nul', destination: '/guides/setup%00' },
  ];
  // One redirect a line, so that each warning's line is its redirect's.
  const config = `{"name":"X","navigation":{"pages":["index","guides/setup"]},"redirects":[\n${redirects.map((r) => JSON.stringify(r)).join(',\n')}\n]}`;
  await fs.writeFile(path.join(root, 'docs.json'), config);
  const sourceBefore = await files(root);

  // Without the page bodies' cache: the site folder is compared file by file before and after.
  const result = await build({ root, outDir: out, cache: false });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  const warnings = result.diagnostics.filter((d) => d.code === 'redirect-path-invalid');
  const lineOf = (index: number): number => index + 2;
  const invalidAt = INVALID.map((_, index) => lineOf(VALID.length + index));
  assert.deepEqual(
    warnings.map((d) => [d.line, d.path]),
    [...invalidAt.map((line) => [line, `redirects[${line - 2}].source`]), [lineOf(redirects.length - 1), `redirects[${redirects.length - 1}].destination`]],
  );
  INVALID.forEach(([, problem], index) => assert.ok(warnings[index]!.message.includes(problem), `${warnings[index]!.message} says ${problem}`));

  // Nothing outside the output folder: the work folder holds the site, unchanged, and the output.
  assert.deepEqual((await fs.readdir(work)).sort(), ['out', 'site']);
  assert.deepEqual(await files(root), sourceBefore);
  const written = await files(out);
  for (const [, route] of VALID) assert.ok(written.includes(`${route}/index.html`), `${route}/index.html is written`);
  assert.ok(!written.some((file) => /[\u0000-\u001f]|%2e|\\/i.test(file)), 'no file is named after an escape, a backslash or a control character');
  for (const [source] of INVALID) assert.ok(!written.some((file) => file.startsWith(source.slice(1, 3))), `${JSON.stringify(source.slice(0, 12))} is left out`);
  const page = await fs.readFile(path.join(out, 'guides/setup/index.html'), 'utf8');
  assert.match(page, /The real page\./, 'the real page is not replaced by a redirect');
  assert.match(await fs.readFile(path.join(out, 'x/index.html'), 'utf8'), /url=\/guides\/setup"/);
  assert.match(await fs.readFile(path.join(out, 'dest/dots/index.html'), 'utf8'), /url=\/guides\/setup\?tab=1#top"/);
  assert.match(await fs.readFile(path.join(out, 'dest/backslash/index.html'), 'utf8'), /url=\/evil\.example\/x"/);
  assert.ok(!written.includes('dest/nul/index.html'));
  // The hosts' file holds the same paths.
  const hosts = await fs.readFile(path.join(out, '_redirects'), 'utf8');
  assert.ok(hosts.startsWith('/x /guides/setup 301\n/b/c /guides/setup 301\n/d/e /guides/setup 301\n/f/g /guides/setup 301\n'), hosts.slice(0, 200));
  assert.ok(!/\u0000|%00|%2F|\\/i.test(hosts));

  // `dev` answers the same paths (its redirects are expanded the same way).
  const site = (await validate({ root })).site!;
  const froms = expandRedirects(site.config.redirects ?? [], site.pages.keys(), '/').map((r) => r.from);
  assert.deepEqual(froms, [...VALID.map(([, route]) => route), 'dest/dots', 'dest/backslash']);
});

test("docjet build exits 0 on the issue's redirect, which validate always passed", async (t) => {
  const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-redirect-cli-')));
  t.after(() => fs.rm(work, { recursive: true, force: true }));
  const root = path.join(work, 'site');
  await fs.mkdir(root);
  await fs.writeFile(path.join(root, 'index.mdx'), '# Home\n');
  await fs.writeFile(path.join(root, 'docs.json'), '{"name":"X","navigation":{"pages":["index"]},"redirects":[{"source":"/a/../../x","destination":"/index"}]}');
  const output: string[] = [];
  const io: Io = { out: (text) => output.push(text), error: (text) => output.push(text), progress: () => {}, color: false, interactive: false };
  assert.equal(await main(['build', root, '--out', path.join(work, 'out')], io), 0, output.join(''));
  assert.deepEqual((await fs.readdir(work)).sort(), ['out', 'site']);
  assert.match(await fs.readFile(path.join(work, 'out/x/index.html'), 'utf8'), /url=\/index"/);
});
