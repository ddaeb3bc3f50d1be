/**
 * Switching version on a page both versions list: the URL stays, the chosen version's navigation
 * shows around the page, and the choice is remembered across loads and pages. Fixture:
 * test/fixtures/e2e/versions (2.0.0 and 1.0.0, each with two tabs; `guides/shared` and
 * `guides/faq` are listed in both, in 1.0.0 inside a nested group; breadcrumbs on).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, pathOf, texts } from './harness.ts';

const e2e = browserSuite({ versions: { fixture: 'versions' } });

/** What a reader sees of the navigation around the page. */
async function navigation(page: Page): Promise<Record<string, unknown>> {
  return {
    version: await page.locator('details.version-switcher summary').innerText(),
    tabs: await texts(page, 'nav.tabs .tab'),
    currentTab: await texts(page, 'nav.tabs .tab[aria-current="page"]'),
    sidebar: await texts(page, 'aside.sidebar a.nav-link'),
    current: await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'),
    breadcrumbs: await texts(page, 'main nav.breadcrumbs li'),
    pager: await texts(page, 'nav.pager .pager-title'),
  };
}

const V2_CONCEPTS = {
  version: '2.0.0',
  tabs: ['Guides', 'Reference'],
  currentTab: ['Guides'],
  sidebar: ['Welcome', 'Install', 'Concepts', 'FAQ'],
  current: ['Concepts'],
  breadcrumbs: ['Guides', 'Start'],
  pager: ['Install', 'FAQ'],
};

const V1_CONCEPTS = {
  version: '1.0.0',
  tabs: ['Guides', 'Legacy reference'],
  currentTab: ['Guides'],
  sidebar: ['Welcome to v1', 'Concepts', 'FAQ', 'Upgrade to v2'],
  current: ['Concepts'],
  breadcrumbs: ['Guides', 'Legacy start', 'Common'],
  pager: ['Welcome to v1', 'FAQ'],
};

async function chooseVersion(page: Page, version: string): Promise<void> {
  await page.locator('details.version-switcher summary').click();
  await page.locator('details.version-switcher a.menu-item', { hasText: version }).click();
}

e2eTest('switching version on a page both list keeps the URL and shows the other version around it', async (t) => {
  const page = await e2e.open(t, 'versions', 'guides/shared');
  assert.deepEqual(await navigation(page), V2_CONCEPTS);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  await chooseVersion(page, '1.0.0');
  await eventually(() => navigation(page), V1_CONCEPTS);
  assert.equal(pathOf(page), '/guides/shared');
  assert.deepEqual(loads, [], 'the page was not reloaded');
  assert.equal(await page.locator('h1').innerText(), 'Concepts');
  // The nested group holding the page is open, its menu closed, and the switcher marks 1.0.0.
  assert.equal(await page.locator('aside.sidebar details.nav-group', { hasText: 'Common' }).getAttribute('open'), '');
  assert.equal(await page.locator('details.version-switcher').getAttribute('open'), null);
  assert.equal(await page.locator('details.version-switcher summary').getAttribute('aria-label'), 'Version: 1.0.0');
  assert.deepEqual(await page.locator('details.version-switcher a.menu-item[aria-current="true"]').allTextContents(), ['1.0.0']);

  // And back to the default version.
  await chooseVersion(page, '2.0.0');
  await eventually(() => navigation(page), V2_CONCEPTS);
  assert.equal(pathOf(page), '/guides/shared');
});

e2eTest('the chosen version is remembered: after a reload, and on the next page both versions list', async (t) => {
  const page = await e2e.open(t, 'versions', 'guides/shared');
  await chooseVersion(page, '1.0.0');
  await eventually(() => navigation(page), V1_CONCEPTS);

  await page.reload();
  await eventually(() => navigation(page), V1_CONCEPTS);

  await page.locator('aside.sidebar a.nav-link', { hasText: 'FAQ' }).click();
  await page.waitForURL(e2e.site('versions').href('guides/faq'));
  await eventually(() => navigation(page), {
    ...V1_CONCEPTS,
    current: ['FAQ'],
    pager: ['Concepts', 'Upgrade to v2'],
  });

  // A page only 1.0.0 lists, reached from its sidebar.
  await page.locator('aside.sidebar a.nav-link', { hasText: 'Upgrade to v2' }).click();
  await page.waitForURL(e2e.site('versions').href('v1/upgrade'));
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'), ['Upgrade to v2']);
  assert.equal(await page.locator('details.version-switcher summary').innerText(), '1.0.0');
});

e2eTest('a version that does not list the page leads to its own page, and is remembered', async (t) => {
  const page = await e2e.open(t, 'versions', 'guides/install');
  await chooseVersion(page, '1.0.0');
  await page.waitForURL(e2e.site('versions').href('v1'));
  assert.equal(await page.locator('h1').innerText(), 'Welcome to v1');

  await page.goto(e2e.site('versions').href('guides/shared'));
  await eventually(() => navigation(page), V1_CONCEPTS);
});

e2eTest('without JavaScript a page both versions list shows the default version around it', async (t) => {
  const page = await e2e.open(t, 'versions', 'guides/shared', { javaScriptEnabled: false });
  assert.deepEqual(await navigation(page), V2_CONCEPTS);
  // The switcher still leads somewhere: the same page.
  assert.equal(await page.locator('details.version-switcher a.menu-item', { hasText: '1.0.0' }).getAttribute('href'), '/guides/shared');
});
