/**
 * The site's own `.css` and `.js` files are linked on every page (format-behaviour.md §Custom
 * CSS/JS): stylesheets after docjet's, scripts deferred after docjet's; Node scripts that live in
 * the docs folder are copied but never run in a reader's browser.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { isNodeScript } from '../../src/content/custom-assets.ts';
import { build } from '../../src/output/build.ts';

let scratch: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-custom-'));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test('Node scripts are told from page scripts', () => {
  assert.equal(isNodeScript('#!/usr/bin/env node\nconsole.log(1)'), true);
  assert.equal(isNodeScript('import fs from "node:fs";\n'), true);
  assert.equal(isNodeScript('export const x = 1;\n'), true);
  assert.equal(isNodeScript('const fs = require("fs");\n'), true);
  assert.equal(isNodeScript('window.addEventListener("load", () => {\n  document.body.dataset.x = "1";\n});\n'), false);
  // Words in comments or strings that only look like statements are not.
  assert.equal(isNodeScript('// we import nothing\nconst important = "export";\n'), false);
});

test("every page links the site's stylesheets and scripts, under the base path; Node scripts only copied", async () => {
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'scripts'), { recursive: true });
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Custom', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'guides/setup'] } }),
  );
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  await writeFile(path.join(root, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\nSet up.\n');
  await writeFile(path.join(root, 'style.css'), '.prose { color: rebeccapurple; }\n');
  await writeFile(path.join(root, 'guides/extra.css'), 'h1 { letter-spacing: 1px; }\n');
  await writeFile(path.join(root, 'banner.js'), 'document.documentElement.dataset.custom = "1";\n');
  await writeFile(path.join(root, 'scripts/sync.js'), '#!/usr/bin/env node\nimport fs from "node:fs";\n');
  const out = path.join(scratch, 'dist');
  const result = await build({ root, outDir: out, base: '/docs/' });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  for (const file of ['index.html', 'guides/setup/index.html']) {
    const html = await readFile(path.join(out, file), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]);
    assert.deepEqual(sheets.slice(-2), ['/docs/guides/extra.css', '/docs/style.css'], file);
    assert.match(sheets[0]!, /^\/docs\/_docjet\/docjet\.\w+\.css$/);
    const scripts = [...html.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((match) => match[1]);
    assert.equal(scripts.length, 2, file);
    assert.match(scripts[0]!, /^\/docs\/_docjet\/docjet\.\w+\.js$/);
    assert.equal(scripts[1], '/docs/banner.js');
  }
  // Copied, served at its path, never linked.
  assert.match(await readFile(path.join(out, 'scripts/sync.js'), 'utf8'), /node:fs/);
});

test('a site that declares no favicon gets a default favicon.ico in its primary color, linked under the base', async () => {
  const root = path.join(scratch, 'no-favicon');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Icon', theme: 'mint', colors: { primary: '#FF0000' }, navigation: { pages: ['index'] } }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  const out = path.join(scratch, 'no-favicon-dist');
  assert.equal((await build({ root, outDir: out, base: '/docs/' })).ok, true);
  const icon = await readFile(path.join(out, 'favicon.ico'));
  // An ICO header (reserved 0, type 1, one image) whose image is a PNG.
  assert.deepEqual([...icon.subarray(0, 6)], [0, 0, 1, 0, 1, 0]);
  assert.equal(icon.subarray(22, 30).toString('latin1'), '\x89PNG\r\n\x1a\n');
  assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), /<link rel="icon" href="\/docs\/favicon\.ico">/);
});
