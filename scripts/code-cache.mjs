/**
 * `node scripts/code-cache.mjs lib/bundle/cli.cjs`, run by scripts/bundle.mjs: writes the bundle's
 * V8 code cache (src/load-bundle.ts). It starts `docjet dev` from the bundle on a copy of the
 * example site, asks for the first page and then every other page, stops, and saves the code
 * compiled meanwhile: what the next starts would otherwise compile before their first page, and
 * while rendering the pages asked for right after it. Every page, not a few: each shows other
 * components, and the example's exported values, expressions, math and endpoint pages are what
 * real sites' pages use too. With 8 of its 31 pages, a start on mintlify's docs compiled 321
 * functions lazily before its first page (acorn for the home page's exported component among
 * them) and 392 more in the 20 pages asked for next (the endpoint pages' code most of all).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, loadBundle } from '../lib/load-bundle.js';

const bundle = path.resolve(process.argv[2]);
const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const site = mkdtempSync(path.join(os.tmpdir(), 'docjet-code-cache-'));
try {
  cpSync(examples, site, { recursive: true, filter: (file) => !file.includes(`${path.sep}.docjet`) });
  const loaded = loadBundle(bundle);
  const output = [];
  let listening;
  const address = new Promise((resolve, reject) => (listening = { resolve, reject }));
  const io = {
    out(text) {
      output.push(text);
      const url = /http:\/\/\S+\//.exec(text)?.[0];
      if (url) listening.resolve(url);
    },
    error: (text) => output.push(text),
    progress: () => {},
    color: false,
    interactive: false,
  };
  const running = loaded.main(['dev', site, '--port', '0'], io);
  void running.then(() => listening.reject(new Error(`docjet dev stopped:\n${output.join('\n')}`)));
  const url = await address;
  await visit(url);
  // `docjet dev` stops on SIGINT (src/dev/command.ts); this one is told so without a signal.
  process.emit('SIGINT');
  const code = await running;
  if (code !== 0) throw new Error(`docjet dev exited with ${code}:\n${output.join('\n')}`);
  writeFileSync(codeCacheFile(bundle), loaded.codeCache());
} finally {
  rmSync(site, { recursive: true, force: true });
}

/** The first page, then every page of the site's `llms.txt` one after another. */
async function visit(url) {
  await text(url);
  const index = await text(new URL('llms.txt', url));
  // Each page's Markdown twin: `/guides/install.md`, `/index.md` for the home page.
  const routes = [...index.matchAll(/\]\((?:https?:\/\/[^/)]+)?\/([^)]*?)\.md\)/g)].map((match) => match[1]).filter((route) => route !== 'index');
  for (const route of routes) await text(new URL(route, url));
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}
