/**
 * `node --import tsx test/support/bundle-pages.ts`: runs `docjet dev` from the bundle and its code
 * cache (lib/bundle/, `npm run build`) on a copy of the example site, asks for the first page and
 * then every page its `llms.txt` lists, and prints as JSON how big the code cache was and how big
 * it would be now: what it grew by is code compiled while those pages were asked for, which a user
 * waits for on each start (test/bin.test.ts).
 */
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeCacheFile, loadBundle } from '../../lib/load-bundle.js';

const repo = path.resolve(import.meta.dirname, '..', '..');
const bundle = path.join(repo, 'lib', 'bundle', 'cli.cjs');
const site = mkdtempSync(path.join(os.tmpdir(), 'docjet-bundle-pages-'));
try {
  cpSync(path.join(repo, 'examples'), site, { recursive: true, filter: (file) => !file.includes(`${path.sep}.docjet`) });
  const loaded = loadBundle(bundle);
  let listening: { resolve: (url: string) => void; reject: (error: Error) => void } | undefined;
  const url = new Promise<string>((resolve, reject) => (listening = { resolve, reject }));
  const io = {
    out: (text: string) => {
      const found = /http:\/\/\S+\//.exec(text)?.[0];
      if (found) listening?.resolve(found);
    },
    error: () => {},
    progress: () => {},
    color: false,
    interactive: false,
  };
  const running = loaded.main(['dev', site, '--port', '0'], io);
  void running.then(() => listening?.reject(new Error('docjet dev stopped before listening')));
  const base = await url;
  await text(base);
  const index = await text(new URL('llms.txt', base));
  // Each page's Markdown twin: `/guides/install.md`, `/index.md` for the home page (asked for first).
  for (const match of index.matchAll(/\]\((?:https?:\/\/[^/)]+)?\/([^)]*?)\.md\)/g)) if (match[1] !== 'index') await text(new URL(match[1]!, base));
  const grown = loaded.codeCache().length;
  // `docjet dev` stops on SIGINT (src/dev/command.ts).
  process.emit('SIGINT');
  await running;
  console.log(JSON.stringify({ rejected: loaded.cacheRejected, trained: statSync(codeCacheFile(bundle)).size, grown }));
} finally {
  rmSync(site, { recursive: true, force: true });
}

async function text(url: string | URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}
