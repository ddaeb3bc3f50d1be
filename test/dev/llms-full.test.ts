/**
 * `docjet dev` serves `llms-full.txt` (every listed page's Markdown) beside `llms.txt`: the same
 * text `build` writes, per language in its folder, made on request from what is on disk now, and
 * the site's own file when it has one.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { dev, type DevServer } from '../../src/dev/dev-server.ts';
import { build } from '../../src/output/build.ts';
import { type Scratch, scratchFolder } from '../support/scratch.ts';

/** English at the root with a snippet and a hidden page, French under `fr/`. */
async function writeSite(t: TestContext): Promise<{ dir: string; root: string; closeFirst: Scratch['closeFirst'] }> {
  const { dir, closeFirst } = await scratchFolder(t, 'docjet-dev-llms-');
  const root = path.join(dir, 'site');
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await mkdir(path.join(root, 'fr'), { recursive: true });
  const navigation = {
    languages: [
      { language: 'en', groups: [{ group: 'Start', pages: ['index', 'guide', 'secret'] }] },
      { language: 'fr', groups: [{ group: 'Démarrer', pages: ['fr/index'] }] },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nHello.\n');
  await writeFile(path.join(root, 'guide.mdx'), "---\ntitle: Guide\n---\n\nimport Tip from '/snippets/tip.mdx';\n\n<Tip />\n");
  await writeFile(path.join(root, 'secret.mdx'), '---\ntitle: Secret\nhidden: true\n---\n\nNot listed.\n');
  await writeFile(path.join(root, 'snippets', 'tip.mdx'), 'A tip from a snippet.\n');
  await writeFile(path.join(root, 'fr', 'index.mdx'), '---\ntitle: Bienvenue\n---\n\nBonjour.\n');
  return { dir, root, closeFirst };
}

async function startDev(site: { root: string; closeFirst: Scratch['closeFirst'] }): Promise<DevServer> {
  const server = await dev({ root: site.root, port: 0, watch: false, ahead: false });
  site.closeFirst(() => server.close());
  await server.ready;
  return server;
}

test('GET /llms-full.txt is what the build writes, per language, and follows the files on disk', async (t) => {
  const site = await writeSite(t);
  const { dir, root } = site;
  const out = path.join(dir, 'out');
  await build({ root, outDir: out });
  const server = await startDev(site);

  const full = await fetchRaw(server, '/llms-full.txt');
  assert.deepEqual([full.status, full.headers['content-type'], full.headers['cache-control']], [200, 'text/plain; charset=utf-8', 'no-store']);
  assert.equal(full.body, '# Welcome\n\nHello.\n\n---\n\n# Guide\n\nA tip from a snippet.\n', 'listed pages in order, the hidden one left out');
  assert.equal(full.body, await readFile(path.join(out, 'llms-full.txt'), 'utf8'));
  const french = await fetchRaw(server, '/fr/llms-full.txt');
  assert.equal(french.body, '# Bienvenue\n\nBonjour.\n');
  assert.equal(french.body, await readFile(path.join(out, 'fr/llms-full.txt'), 'utf8'));

  await writeFile(path.join(root, 'snippets', 'tip.mdx'), 'An edited tip.\n');
  assert.match((await fetchRaw(server, '/llms-full.txt')).body, /An edited tip\./);
  assert.equal((await fetchRaw(server, '/de/llms-full.txt')).status, 404);
});

test("a site's own llms-full.txt is served as it is", async (t) => {
  const site = await writeSite(t);
  await writeFile(path.join(site.root, 'llms-full.txt'), 'Our own text.\n');
  const server = await startDev(site);
  assert.equal((await fetchRaw(server, '/llms-full.txt')).body, 'Our own text.\n');
});
