/**
 * `docjet dev` serves a page's Markdown version over real HTTP: at `/route.md` (`/index.md` for
 * home), for a page request that prefers `text/markdown`, and as it is on disk now (an edited
 * snippet shows at once); `llms.txt` is there too, unless the site has its own.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { dev, type DevServer } from '../../src/dev/dev-server.ts';

async function startDev(t: TestContext): Promise<{ server: DevServer; root: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-md-'));
  const root = path.join(dir, 'site');
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nHello.\n');
  await writeFile(
    path.join(root, 'guide.mdx'),
    '---\ntitle: Guide\ndescription: How it works.\n---\n\nimport Tip from \'/snippets/tip.mdx\';\n\n<Tip />\n\n<Tabs>\n<Tab title="One">First.</Tab>\n</Tabs>\n',
  );
  await writeFile(path.join(root, 'snippets', 'tip.mdx'), 'A tip from a snippet.\n');
  const server = await dev({ root, port: 0, watch: false, ahead: false });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;
  return { server, root };
}

const GUIDE = '# Guide\n\nHow it works.\n\nA tip from a snippet.\n\n## One\n\nFirst.\n';

test('GET /route.md and /index.md answer with the page as Markdown', async (t) => {
  const { server } = await startDev(t);
  const guide = await fetchRaw(server, '/guide.md');
  assert.deepEqual([guide.status, guide.headers['content-type'], guide.headers['cache-control']], [200, 'text/markdown; charset=utf-8', 'no-store']);
  assert.equal(guide.body, GUIDE);
  const home = await fetchRaw(server, '/index.md');
  assert.equal(home.body, '# Welcome\n\nHello.\n');
  assert.equal((await fetchRaw(server, '/nothing.md')).status, 404);
});

test('a page request that prefers text/markdown gets the Markdown; a browser gets HTML', async (t) => {
  const { server } = await startDev(t);
  const asked = await fetchRaw(server, '/guide', { headers: { accept: 'text/markdown' } });
  assert.deepEqual([asked.headers['content-type'], asked.body], ['text/markdown; charset=utf-8', GUIDE]);
  const ranked = await fetchRaw(server, '/guide', { headers: { accept: 'text/html;q=0.5, text/markdown' } });
  assert.equal(ranked.headers['content-type'], 'text/markdown; charset=utf-8');
  const browser = await fetchRaw(server, '/guide', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  assert.equal(browser.headers['content-type'], 'text/html; charset=utf-8');
});

test('the Markdown is what is on disk now, and llms.txt is served unless the site has its own', async (t) => {
  const { server, root } = await startDev(t);
  await writeFile(path.join(root, 'snippets', 'tip.mdx'), 'An edited tip.\n');
  assert.match((await fetchRaw(server, '/guide.md')).body, /An edited tip\./);
  const index = await fetchRaw(server, '/llms.txt');
  assert.deepEqual([index.status, index.headers['content-type']], [200, 'text/plain; charset=utf-8']);
  assert.equal(index.body, '# Harbor\n\n## Start\n\n- [Welcome](/index.md)\n- [Guide](/guide.md): How it works.\n');
});
