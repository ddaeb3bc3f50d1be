/**
 * The harness hands the tests of a file one pooled page in turn (a new context costs Chromium
 * about 0.5 CPU-s): nothing one test leaves behind reaches the next. The tests below run in order;
 * each pair is a test that leaves something and the next one, which must not see it.
 * Fixture: test/fixtures/e2e/anchors (one page).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow } from './harness.ts';

const e2e = browserSuite({ site: { fixture: 'anchors' } });

let first: Page | undefined;
const heard = { console: 0 };

/** What the page's origin still holds: storage, cookies, databases; what the browser shows. */
async function leftovers(page: Page) {
  return inWindow(page, async (window) => ({
    local: window.localStorage.getItem('left'),
    session: window.sessionStorage.getItem('left'),
    cookie: window.document.cookie,
    databases: ((await window.indexedDB.databases()) as { name: string }[]).map((database) => database.name),
    caches: await window.caches.keys(),
    routed: (await (await window.fetch('/?probe')).text()) === 'routed',
    viewport: [window.innerWidth, window.innerHeight],
    dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
    clipboard: (await window.navigator.permissions.query({ name: 'clipboard-read' })).state,
    leftBehind: window.leftBehind ?? null,
  }));
}

e2eTest('a test leaves storage, a cookie, a route, a listener, a popup and a small dark viewport behind', async (t) => {
  const page = await e2e.open(t, 'site', '');
  first = page;
  await inWindow(page, async (window) => {
    window.localStorage.setItem('left', '1');
    window.sessionStorage.setItem('left', '1');
    window.document.cookie = 'left=1; max-age=3600';
    await new Promise((resolve, reject) => {
      const request = window.indexedDB.open('left');
      request.onupgradeneeded = () => request.result.createObjectStore('store');
      request.onsuccess = () => {
        request.result.close();
        resolve(undefined);
      };
      request.onerror = () => reject(request.error);
    });
    await (await window.caches.open('left')).put('/left', new window.Response('cached'));
  });
  await page.route(
    (url) => url.searchParams.has('probe'),
    (route) => route.fulfill({ status: 200, body: 'routed' }),
  );
  await page.context().grantPermissions(['clipboard-read']);
  await page.context().setExtraHTTPHeaders({ 'x-left': '1' });
  await page.setViewportSize({ width: 390, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  page.on('console', () => heard.console++);
  await page.context().newPage();
  const seen = await leftovers(page);
  assert.deepEqual(
    { ...seen, pages: page.context().pages().length },
    {
      local: '1',
      session: '1',
      cookie: 'left=1',
      databases: ['left'],
      caches: ['left'],
      routed: true,
      viewport: [390, 600],
      dark: true,
      clipboard: 'granted',
      leftBehind: null,
      pages: 2,
    },
    'everything the next test must not see is in place',
  );
});

e2eTest('the next test gets the same page back, with none of it', async (t) => {
  const page = await e2e.open(t, 'site');
  assert.equal(page, first, 'the page was reused, not opened anew');
  assert.equal(page.url(), 'about:blank', 'between tests the page rests at about:blank');
  const [request] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/')), page.goto(e2e.site('site').url)]);
  assert.equal(request.headers()['x-left'], undefined, 'no extra header is sent');
  assert.deepEqual(
    { ...(await leftovers(page)), pages: page.context().pages().length, cookies: await page.context().cookies() },
    {
      local: null,
      session: null,
      cookie: '',
      databases: [],
      caches: [],
      routed: false,
      viewport: [1280, 720],
      dark: false,
      clipboard: 'prompt',
      leftBehind: null,
      pages: 1,
      cookies: [],
    },
  );
  const before = heard.console;
  await inWindow(page, (window) => window.console.log('heard?'));
  assert.equal(heard.console, before, "the former test's listener is gone");
});

let spent: Page | undefined;

e2eTest('a test that adds an init script spends its page', async (t) => {
  const page = await e2e.open(t, 'site');
  spent = page;
  await page.addInitScript('window.leftBehind = "init script"');
  await page.goto(e2e.site('site').url);
  assert.equal(await inWindow(page, (window) => window.leftBehind), 'init script');
});

e2eTest('the next test gets a new page, without the init script', async (t) => {
  const page = await e2e.open(t, 'site', '');
  assert.notEqual(page, spent, 'a new page');
  assert.equal(spent?.isClosed(), true, 'the spent page was closed');
  assert.equal((await leftovers(page)).leftBehind, null);
});

e2eTest('a test that asks for other options gets a context of its own', async (t) => {
  const pooled = await e2e.open(t, 'site');
  const own = await e2e.open(t, 'site', '', { javaScriptEnabled: false });
  assert.notEqual(own.context(), pooled.context());
});
