/**
 * The built site with JavaScript disabled: every navigation page can still be reached by following
 * links from the home page, and every menu and group still opens by click (they are `<details>`).
 * Fixtures: navigation (also built for the sub-path /docs/), products, languages and groups under
 * test/fixtures/e2e.
 */
import assert from 'node:assert/strict';
import { browserSuite, crawl, e2eTest, inWindow, texts } from './harness.ts';

const e2e = browserSuite({
  nav: { fixture: 'navigation' },
  products: { fixture: 'products' },
  languages: { fixture: 'languages' },
  groups: { fixture: 'groups' },
  underDocs: { fixture: 'navigation', base: '/docs/' },
});

const NO_SCRIPT = { javaScriptEnabled: false } as const;

/** Every path as reached with status 200. */
function allFound(paths: string[]): Record<string, number> {
  return Object.fromEntries(paths.map((path) => [path, 200]));
}

e2eTest('without JavaScript, every page of the navigation is reachable from the home page (tabs, anchors, versions)', async (t) => {
  const page = await e2e.open(t, 'nav', undefined, NO_SCRIPT);
  assert.deepEqual(
    await crawl(page, e2e.site('nav')),
    allFound([
      '/',
      '/guides/install',
      '/guides/configure',
      '/reference/cli',
      '/reference/flags',
      '/api/endpoints',
      '/api/errors',
      '/api/webhooks',
      '/community',
      '/v1',
      '/v1/guides/install',
      '/v1/community',
    ]),
  );
});

e2eTest('without JavaScript, every page is reachable (products and dropdowns)', async (t) => {
  const page = await e2e.open(t, 'products', undefined, NO_SCRIPT);
  assert.deepEqual(
    await crawl(page, e2e.site('products')),
    allFound(['/', '/cloud/deploy/regions', '/cloud/monitor/metrics', '/cloud/monitor/alerts', '/agent/install', '/agent/tools']),
  );
});

e2eTest('without JavaScript, every page is reachable (languages)', async (t) => {
  const page = await e2e.open(t, 'languages', undefined, NO_SCRIPT);
  assert.deepEqual(await crawl(page, e2e.site('languages')), allFound(['/', '/guides/setup', '/guides/english-only', '/fr', '/fr/guides/setup', '/ar', '/ar/guides/setup']));
});

e2eTest('without JavaScript, every page is reachable (nested groups and group root pages)', async (t) => {
  const page = await e2e.open(t, 'groups', undefined, NO_SCRIPT);
  assert.deepEqual(
    await crawl(page, e2e.site('groups')),
    allFound([
      '/',
      '/install',
      '/expanded/first',
      '/expanded/second',
      '/collapsed/first',
      '/collapsed/second',
      '/unset/first',
      '/unset/deep/first',
      '/reference/overview',
      '/reference/cli',
      '/reference/config/overview',
      '/reference/config/keys',
    ]),
  );
});

e2eTest('without JavaScript, tab menus and the version switcher open by click and their links work', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', NO_SCRIPT);
  const panel = page.locator('nav.tabs details.tab-menu .menu-panel');
  assert.equal(await panel.isVisible(), false);
  await page.locator('nav.tabs details.tab-menu summary').click();
  assert.equal(await panel.isVisible(), true);
  await panel.locator('a.menu-item', { hasText: 'Webhooks' }).click();
  await page.waitForURL(e2e.site('nav').href('api/webhooks'));
  assert.equal(await page.locator('h1').innerText(), 'Webhooks');

  await page.goto(e2e.site('nav').href('guides/install'));
  await page.locator('details.version-switcher summary').click();
  await page.locator('details.version-switcher a.menu-item', { hasText: '1.0.0' }).click();
  await page.waitForURL(e2e.site('nav').href('v1/guides/install'));
  assert.equal(await page.locator('h1').innerText(), 'Install Harbor 1');
});

e2eTest('without JavaScript, the product, dropdown and language menus open by click', async (t) => {
  const page = await e2e.open(t, 'products', '', NO_SCRIPT);
  await page.locator('aside.sidebar details.dropdown-switcher summary').click();
  await page.locator('aside.sidebar details.dropdown-switcher a.menu-item', { hasText: 'Monitor' }).click();
  await page.waitForURL(e2e.site('products').href('cloud/monitor/metrics'));
  await page.locator('aside.sidebar details.product-switcher summary').click();
  await page.locator('aside.sidebar details.product-switcher a.menu-item', { hasText: 'Agent' }).click();
  await page.waitForURL(e2e.site('products').href('agent/install'));

  const languages = await e2e.open(t, 'languages', 'guides/setup', NO_SCRIPT);
  await languages.locator('details.language-switcher summary').click();
  await languages.locator('details.language-switcher a.menu-item', { hasText: 'العربية' }).click();
  await languages.waitForURL(e2e.site('languages').href('ar/guides/setup'));
  assert.equal(await languages.locator('html').getAttribute('dir'), 'rtl');
});

e2eTest('without JavaScript, nested groups open and close by click', async (t) => {
  const page = await e2e.open(t, 'groups', 'install', NO_SCRIPT);
  const unset = page.locator('aside.sidebar details.nav-group.nested > summary', { hasText: /^Unset$/ });
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link:visible'), ['Home', 'Install', 'Expanded first', 'Expanded second', 'CLI']);
  await unset.click();
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link:visible'), ['Home', 'Install', 'Expanded first', 'Expanded second', 'Unset first', 'CLI']);
  await unset.click();
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link:visible'), ['Home', 'Install', 'Expanded first', 'Expanded second', 'CLI']);
});

e2eTest('without JavaScript, on a narrow screen the Menu button opens the sidebar', async (t) => {
  const page = await e2e.open(t, 'groups', 'install', { ...NO_SCRIPT, viewport: { width: 390, height: 800 } });
  const sidebar = page.locator('aside.sidebar');
  assert.equal(await sidebar.isVisible(), false);
  await page.locator('details.sidebar-toggle > summary').click();
  assert.equal(await sidebar.isVisible(), true);
  await sidebar.locator('a.nav-link', { hasText: 'Expanded second' }).click();
  await page.waitForURL(e2e.site('groups').href('expanded/second'));
  assert.equal(await page.locator('h1').innerText(), 'Expanded second');
});

e2eTest('a site built for the sub-path /docs/ keeps every link and file under it', async (t) => {
  const page = await e2e.open(t, 'underDocs', undefined, NO_SCRIPT);
  assert.equal(e2e.site('underDocs').url.endsWith('/docs/'), true);
  assert.deepEqual(
    await crawl(page, e2e.site('underDocs')),
    allFound([
      '/docs/',
      '/docs/guides/install',
      '/docs/guides/configure',
      '/docs/reference/cli',
      '/docs/reference/flags',
      '/docs/api/endpoints',
      '/docs/api/errors',
      '/docs/api/webhooks',
      '/docs/community',
      '/docs/v1',
      '/docs/v1/guides/install',
      '/docs/v1/community',
    ]),
  );
});

e2eTest('without JavaScript, a redirect page still leads to its destination (under /docs/)', async (t) => {
  const page = await e2e.open(t, 'underDocs', 'old/install', NO_SCRIPT);
  await page.waitForURL(e2e.site('underDocs').href('guides/install'));
  assert.equal(await page.locator('h1').innerText(), 'Install');
});

e2eTest('under /docs/, an unknown address gets the styled 404 page, whose link leads to /docs/', async (t) => {
  const page = await e2e.open(t, 'underDocs', undefined, NO_SCRIPT);
  const response = await page.goto(e2e.site('underDocs').href('guides/missing/deeper'));
  assert.equal(response?.status(), 404);
  assert.equal(await page.locator('h1').innerText(), 'Page not found');
  // Styled: the site's stylesheet loaded from under /docs/ too.
  assert.equal(await inWindow(page, (window) => window.getComputedStyle(window.document.body).margin), '0px');
  await page.locator('a', { hasText: 'Go to the home page' }).click();
  await page.waitForURL(e2e.site('underDocs').href(''));
  assert.equal(await page.locator('h1').innerText(), 'Welcome to Harbor');
});
