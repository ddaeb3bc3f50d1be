/**
 * The harness hands the tests of a file one pooled page in turn (a new context costs Chromium
 * about 0.5 CPU-s), with the viewport and colour scheme a test asks for, and one pooled page per
 * set of context options (JavaScript off): nothing one test leaves behind reaches the next. The tests below run in order;
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

let pooled: Page | undefined;

e2eTest('the next test gets a new page, without the init script', async (t) => {
  const page = await e2e.open(t, 'site', '');
  pooled = page;
  assert.notEqual(page, spent, 'a new page');
  assert.equal(spent?.isClosed(), true, 'the spent page was closed');
  assert.equal((await leftovers(page)).leftBehind, null);
});

e2eTest('a test that asks for a dark 375 px page gets the pooled page, dark and 375 px wide', async (t) => {
  const page = await e2e.open(t, 'site', '', { viewport: { width: 375, height: 740 }, colorScheme: 'dark', reducedMotion: 'reduce' });
  assert.ok(page === pooled, 'no new context for options a page can take');
  assert.deepEqual(
    await inWindow(page, (window) => ({
      viewport: [window.innerWidth, window.innerHeight],
      screen: [window.screen.width, window.screen.height],
      dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
      reduced: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    })),
    { viewport: [375, 740], screen: [375, 740], dark: true, reduced: true },
  );
});

e2eTest('the next test gets it back light, 1280 px wide, with motion', async (t) => {
  const page = await e2e.open(t, 'site', '');
  assert.ok(page === pooled, 'the pooled page');
  assert.deepEqual(
    await inWindow(page, (window) => ({
      viewport: [window.innerWidth, window.innerHeight],
      dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
      reduced: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    })),
    { viewport: [1280, 720], dark: false, reduced: false },
  );
});

/** Whether a page's own script runs: a page of the site's origin whose script retitles it. */
async function scriptRuns(page: Page): Promise<boolean> {
  await page.route('**/__script-probe', (route) => route.fulfill({ contentType: 'text/html', body: '<title>off</title><script>document.title = "on"</script>' }));
  await page.goto(e2e.site('site').href('__script-probe'));
  return (await page.title()) === 'on';
}

let noScript: Page | undefined;

e2eTest('a test with JavaScript off gets a context of its own, with JavaScript off', async (t) => {
  const page = await e2e.open(t, 'site', '', { javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
  noScript = page;
  assert.ok(page.context() !== pooled?.context(), 'not the default pool');
  assert.equal(await scriptRuns(page), false);
  assert.equal(await inWindow(page, (window) => window.innerWidth), 390, 'its page options applied too');
});

e2eTest('the next test with JavaScript off gets the same context back, JavaScript still off', async (t) => {
  const page = await e2e.open(t, 'site', '', { javaScriptEnabled: false });
  assert.ok(page === noScript, 'one no-JavaScript context for the file');
  assert.equal(await scriptRuns(page), false);
  assert.equal(await inWindow(page, (window) => window.innerWidth), 1280);
});

e2eTest('a test that asks for other context options is not handed a pooled page of other options', async (t) => {
  const plain = await e2e.open(t, 'site', '');
  const french = await e2e.open(t, 'site', '', { locale: 'fr-FR' });
  assert.ok(plain === pooled, 'the default page');
  for (const other of [plain, noScript]) assert.ok(french.context() !== other?.context(), 'a context of its own');
  assert.equal(await inWindow(french, (window) => window.navigator.language), 'fr-FR');
  assert.equal(await scriptRuns(plain), true, 'JavaScript is on in the default page');
});
