/**
 * `node scripts/code-cache.mjs lib/bundle/cli.cjs`, run by scripts/bundle.mjs: writes the bundle's
 * V8 code cache (src/load-bundle.ts). It starts `docjet dev` from the bundle on a copy of the
 * example site, asks for the first page and a few others as a browser would, stops, and saves the
 * code compiled meanwhile: what the next starts would otherwise compile before their first page.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, loadBundle } from '../lib/load-bundle.js';

/** Pages asked for after the first, spread over the site's `llms.txt`. */
const OTHER_PAGES = 8;

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

/** The first page, then a few others one after another, as the reader of a new preview does. */
async function visit(url) {
  await text(url);
  const index = await text(new URL('llms.txt', url));
  // Each page's Markdown twin: `/guides/install.md`, `/index.md` for the home page.
  const routes = [...index.matchAll(/\]\((?:https?:\/\/[^/)]+)?\/([^)]*?)\.md\)/g)].map((match) => match[1]).filter((route) => route !== 'index');
  const step = Math.max(1, Math.floor(routes.length / OTHER_PAGES));
  for (const route of routes.filter((_, index) => index % step === 0).slice(0, OTHER_PAGES)) await text(new URL(route, url));
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}
