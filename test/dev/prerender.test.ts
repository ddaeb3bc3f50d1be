/**
 * Pages linked from the open one are rendered ahead of the reader (src/dev/prerender.ts): previous
 * and next first, then the sidebar in order; never while a request is answered; a newer page's
 * links replace an older page's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdleQueue } from '../../src/dev/idle.ts';
import { LinkPrerenderer, linkedRoutes } from '../../src/dev/prerender.ts';

const PAGE =
  '<nav><a class="nav-link" href="/docs/">Home</a><a href="/docs/guides/install">Install</a><a href="/docs/guides/caf%C3%A9#top">Café</a>' +
  '<a href="https://example.com/x">Elsewhere</a><a href="/docs/_docjet/nav/a.html">asset</a><a href="/docs/images/a.png">image</a><a href="/other/page">other base</a></nav>' +
  '<nav class="pager"><a class="pager-previous" rel="prev" href="/docs/guides/start">Start</a><a class="pager-next" rel="next" href="/docs/guides/install">Install</a></nav>';

test('the routes a page links to: previous/next first, then in order, pages of this site only', () => {
  assert.deepEqual(linkedRoutes(PAGE, '/docs/'), ['guides/start', 'guides/install', '', 'guides/café']);
});

test('linked pages are rendered one at a time, waiting while a request is answered', async () => {
  const rendered: string[] = [];
  let answering: (() => void) | undefined;
  const idle = new IdleQueue();
  // The last page it links to (in order) was rendered: what follows waits for that, however busy the machine.
  let last!: () => void;
  const lastRendered = new Promise<void>((resolve) => (last = resolve));
  const prerender = new LinkPrerenderer({
    base: '/docs/',
    idle,
    render: async (route) => {
      rendered.push(route);
      if (route === 'guides/café') last();
    },
  });
  const request = idle.serving(() => new Promise<void>((resolve) => (answering = resolve)));
  prerender.follow('guides/install', PAGE);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(rendered, [], 'nothing is rendered ahead while a request is answered');
  answering!();
  await request;
  await lastRendered;
  await prerender.stop();
  // The open page itself is not rendered again.
  assert.deepEqual(rendered, ['guides/start', '', 'guides/café']);
});

test('a newer page replaces the older page’s links, and stop() ends it', async () => {
  const rendered: string[] = [];
  let release: (() => void) | undefined;
  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  let ended!: () => void;
  const lastRendered = new Promise<void>((resolve) => (ended = resolve));
  const prerender = new LinkPrerenderer({
    base: '/',
    idle: new IdleQueue(),
    render: (route) => {
      rendered.push(route);
      if (route === 'a1') started();
      if (route === 'b2') ended();
      return route === 'a1' ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    },
  });
  prerender.follow('a', '<a href="/a1">1</a><a href="/a2">2</a><a href="/a3">3</a>');
  await firstStarted;
  prerender.follow('b', '<a href="/b1">1</a><a href="/b2">2</a>');
  release!();
  await lastRendered;
  prerender.follow('c', '<a href="/c1">1</a>');
  await prerender.stop();
  assert.deepEqual(rendered, ['a1', 'b1', 'b2']);
});
