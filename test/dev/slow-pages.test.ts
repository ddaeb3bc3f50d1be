/**
 * The pages slowest to render are rendered ahead of the reader (src/dev/slow-pages.ts): endpoint
 * pages, then page files largest first, until pages come fast; never while a request is answered.
 * A page rendered ahead is served without rendering it again, and never stale: an edit to it (one
 * the watcher missed included), to a snippet it imports, or to docs.json shows on the next request.
 * The rendered pages kept are bounded (src/dev/page-cache.ts): those used longest ago go first.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { dev, type DevEvent } from '../../src/dev/dev-server.ts';
import { IdleQueue } from '../../src/dev/idle.ts';
import { PageCache } from '../../src/dev/page-cache.ts';
import { DevSession } from '../../src/dev/session.ts';
import { LIMIT, SlowPages, slowestFirst, STOP_AFTER } from '../../src/dev/slow-pages.ts';
import type { Page } from '../../src/site/types.ts';
import { type Scratch, scratchFolder } from '../support/scratch.ts';

test('the guess: endpoint pages first, then page files largest first', () => {
  const costs = [
    { route: 'small', endpoint: false, bytes: 10 },
    { route: 'api/get', endpoint: true, bytes: 0 },
    { route: 'big', endpoint: false, bytes: 900 },
    { route: 'manual-api', endpoint: true, bytes: 50 },
    { route: 'middle', endpoint: false, bytes: 300 },
  ];
  assert.deepEqual(slowestFirst(costs), [
    ['api/get', 'manual-api'],
    ['big', 'middle', 'small'],
  ]);
});

/** Pages on disk only, `page-000` the largest; `pages` of them. */
async function pagesOnDisk(t: TestContext, pages: number): Promise<{ root: string; list: Page[] }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-slow-pages-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const list: Page[] = [];
  for (let index = 0; index < pages; index++) {
    const file = `page-${String(index).padStart(3, '0')}.mdx`;
    await writeFile(path.join(root, file), 'x'.repeat(10 * (pages - index)));
    list.push({
      route: file.slice(0, -4),
      source: { type: 'file', file, id: file.slice(0, -4), ext: '.mdx' },
      title: file,
      frontmatter: {},
      hidden: false,
      placements: [],
      alternates: { versions: [], languages: [] },
    });
  }
  return { root, list };
}

test('a pass stops after pages come fast, and renders nothing while a request is answered', async (t) => {
  const { root, list } = await pagesOnDisk(t, 30);
  const rendered: string[] = [];
  const idle = new IdleQueue();
  // The three largest pages are slow; those after them fast.
  const slowPages = new SlowPages({ root, idle, render: async (route) => (rendered.push(route), rendered.length <= 3 ? 120 : 5) });
  let answered: () => void = () => {};
  const request = idle.serving(() => new Promise<void>((resolve) => (answered = resolve)));
  const pass = slowPages.start(list);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(rendered, [], 'nothing is rendered while a request is answered');
  answered();
  await request;
  const expected = list.slice(0, 3 + STOP_AFTER).map((page) => page.route);
  assert.deepEqual(await pass, expected);
  assert.deepEqual(rendered, expected);
});

test(`a pass renders ${LIMIT} pages at most, and a newer pass replaces it`, async (t) => {
  const { root, list } = await pagesOnDisk(t, LIMIT + 20);
  let renders = 0;
  const slowPages = new SlowPages({ root, idle: new IdleQueue(), render: async () => (renders++, 500) });
  assert.equal((await slowPages.start(list))?.length, LIMIT);
  renders = 0;
  const replaced = slowPages.start(list);
  const newer = slowPages.start(list.slice(0, 2));
  assert.equal(await replaced, undefined);
  assert.deepEqual(await newer, ['page-000', 'page-001']);
  assert.equal(renders, 2);
});

test('the rendered pages kept are bounded: the one used longest ago is rendered again', async () => {
  const renders: string[] = [];
  const renderer = {
    render: async (page: Page) => (renders.push(page.route), { html: `<p>${page.route}</p>`.padEnd(100), diagnostics: [], math: false, mermaid: false, fragments: [] }),
  };
  const cache = new PageCache(os.tmpdir(), { ...renderer, invalidate: () => {} }, { budget: 250 });
  const page = (route: string): Page => ({
    route,
    source: { type: 'file', file: `missing-${route}.mdx`, id: route, ext: '.mdx' },
    title: route,
    frontmatter: {},
    hidden: false,
    placements: [],
    alternates: { versions: [], languages: [] },
  });
  await cache.get(page('a'));
  await cache.get(page('b'));
  await cache.get(page('a'));
  await cache.get(page('c'));
  assert.deepEqual(renders, ['a', 'b', 'c'], 'two pages fit: a is kept, used last');
  await cache.get(page('a'));
  await cache.get(page('b'));
  assert.deepEqual(renders, ['a', 'b', 'c', 'b'], 'b, used longest ago, was dropped');
});

const DOCS_JSON = { name: 'Ahead', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }] } };

/** A home page, and a long reference page that imports a snippet, which no page links to (so only the slow-page pass renders it ahead). */
async function writeSite(t: TestContext): Promise<{ root: string; closeFirst: Scratch['closeFirst'] }> {
  const { dir: root, closeFirst } = await scratchFolder(t, 'docjet-ahead-');
  await mkdir(path.join(root, 'snippets'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  const rows = Array.from({ length: 200 }, (_, row) => `| option${row} | Sets ${row}. |`).join('\n');
  await writeFile(
    path.join(root, 'reference.mdx'),
    `---\ntitle: Reference\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n\n| Key | Meaning |\n| --- | --- |\n${rows}\n`,
  );
  await writeFile(path.join(root, 'snippets', 'note.mdx'), 'The first note.\n');
  return { root, closeFirst };
}

test('a page rendered ahead is served without rendering it again', async (t) => {
  const { root, closeFirst } = await writeSite(t);
  let ahead: (routes: string[]) => void = () => {};
  const done = new Promise<string[]>((resolve) => (ahead = resolve));
  const session = new DevSession({ root, base: '/', extraScripts: [], listeners: () => [], onEvent: (event) => event.type === 'ahead' && ahead(event.routes) });
  closeFirst(async () => {
    await session.stop();
    await session.idle();
  });
  await session.start();
  await session.page('', true);
  assert.deepEqual(await done, ['reference'], 'the open page was rendered already');
  const renderer = session.model!.renderer;
  const render = renderer.render;
  let renders = 0;
  renderer.render = (page) => (renders++, render(page));
  assert.match((await session.page('reference', true)).html, /option199/);
  assert.equal(renders, 0);
});

test('a page rendered ahead shows an edit to it, to its snippet, and to docs.json on the next request', async (t) => {
  const { root, closeFirst } = await writeSite(t);
  let ahead: (routes: string[]) => void = () => {};
  let done = new Promise<string[]>((resolve) => (ahead = resolve));
  const onEvent = (event: DevEvent): void => {
    if (event.type === 'ahead') ahead(event.routes);
  };
  const server = await dev({ root, port: 0, watch: false, onEvent });
  closeFirst(() => server.close());
  assert.equal((await fetchRaw(server, '/')).status, 200);
  assert.deepEqual(await done, ['reference']);

  // An edit the server is not told of (a watcher can miss one): the page's text is its key.
  await writeFile(path.join(root, 'reference.mdx'), "---\ntitle: Reference\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n\nRewritten.\n");
  const edited = await fetchRaw(server, '/reference');
  assert.match(edited.body, /Rewritten\./);
  assert.doesNotMatch(edited.body, /option199/);

  await writeFile(path.join(root, 'snippets', 'note.mdx'), 'The second note.\n');
  await server.changed([{ file: 'snippets/note.mdx', kind: 'update' }]);
  const snippet = await fetchRaw(server, '/reference');
  assert.match(snippet.body, /The second note\./);
  assert.doesNotMatch(snippet.body, /The first note\./);

  // A new model renders its slow pages ahead again, from its own files.
  done = new Promise<string[]>((resolve) => (ahead = resolve));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, name: 'Renamed site' }));
  await server.changed([{ file: 'docs.json', kind: 'update' }]);
  // The home page too, unless the links of a page opened before rendered it first.
  assert.ok((await done).includes('reference'));
  const config = await fetchRaw(server, '/reference');
  assert.match(config.body, /Renamed site/);
  assert.match(config.body, /Rewritten\./);
});
