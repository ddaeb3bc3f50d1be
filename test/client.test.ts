/**
 * The page script: its sources are the TypeScript in src/client (tsconfig.client.json: DOM types,
 * no Node types); assets/js holds what they compile to, which the build concatenates into one
 * `_docjet/docjet.<hash>.js`. The compiled files must be up to date, and the script small.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScript } from '../src/render/assets.ts';
// @ts-expect-error: a plain ES module script, without types.
import { compileClient } from '../scripts/client.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Gzipped bytes the page script may take: 7,755 B when it moved to src/client (the hand-written
 * assets/js of f2307e7), plus 20 %. Compiled without comments it took 6,006 B. Plus 320 B for the
 * contextual menu (issue 14): relabelled on a language switch, "Open in …" links completed with
 * the address the page is served at, and the site's own `$page` entries (9,261 B before them).
 * Plus 140 B for filling a big group's window in a lazy sidebar with the current entry kept
 * marked and in place (issue 13: 9,598 B before, 9,730 B after). Plus 260 B for the entries of the
 * site's MCP server: its URL and install command copied, the Cursor and VS Code install links and
 * `$mcp` made with the address the page is served at (issue 29: 9,729 B before, 9,983 B after).
 * Plus 260 B for a lazy sidebar's top-level groups, filled from the section's file as the page
 * is read, and that file kept for the tab (issue 33: 10,003 B before, 10,248 B after). Plus 40 B
 * for deep links to tabs: `#tab-id` selects that tab, and an id written percent-encoded (a tab's
 * `caf%C3%A9`) is found as the browser finds it (issue 31: 10,007 B before, 10,046 B after).
 */
const BUDGET_GZIPPED = 10330;

test('assets/js is what src/client compiles to (run `npm run client` after changing src/client or src/portable)', async () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'docjet-client-'));
  try {
    await compileClient(out);
    const compiled = readdirSync(out).sort();
    assert.deepEqual(readdirSync(path.join(root, 'assets/js')).sort(), compiled);
    for (const name of compiled) {
      const committed = readFileSync(path.join(root, 'assets/js', name), 'utf8');
      assert.ok(committed === readFileSync(path.join(out, name), 'utf8'), `assets/js/${name} is out of date: run npm run client`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test(`the page script stays under ${BUDGET_GZIPPED} bytes gzipped`, () => {
  const script = pageScript();
  const gzipped = gzipSync(script).length;
  assert.ok(gzipped < BUDGET_GZIPPED, `the page script is ${gzipped} B gzipped (${script.length} B), over its budget of ${BUDGET_GZIPPED} B`);
  // Each compiled file is in it, in name order.
  assert.deepEqual(
    [...script.matchAll(/^\/\* ([\w-]+\.js) \*\/$/gm)].map((match) => match[1]),
    ['code.js', 'components.js', 'contextual.js', 'lazy-sidebar.js', 'mermaid.js', 'nav-switch.js', 'shell.js'],
  );
});
