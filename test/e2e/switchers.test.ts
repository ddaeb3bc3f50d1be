/**
 * The sidebar's product switcher and dropdown menu, and the language switcher (right-to-left
 * included). Fixtures: test/fixtures/e2e/products (products › dropdowns, theme mint) and
 * test/fixtures/e2e/languages (en, fr, ar; theme aspen).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, texts } from './harness.ts';

const e2e = browserSuite({ products: { fixture: 'products' }, languages: { fixture: 'languages' } });

async function htmlLanguage(page: Page): Promise<{ lang: string | null; dir: string | null }> {
  const html = page.locator('html');
  return { lang: await html.getAttribute('lang'), dir: await html.getAttribute('dir') };
}

e2eTest('the dropdown menu lists its dropdowns and switches the sidebar to the chosen one', async (t) => {
  const page = await e2e.open(t, 'products', '');
  const dropdown = page.locator('aside.sidebar details.dropdown-switcher');
  assert.equal(await dropdown.locator('summary').innerText(), 'Deploy');
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link'), ['Deploy to Orbit', 'Regions']);

  await dropdown.locator('summary').click();
  assert.deepEqual(await texts(page, 'aside.sidebar details.dropdown-switcher a.menu-item .item-label'), ['Deploy', 'Monitor', 'Status page ↗']);
  assert.deepEqual(await texts(page, 'aside.sidebar details.dropdown-switcher a.menu-item .item-description'), ['Ship your app', 'Watch it run']);
  assert.equal(await dropdown.locator('a.menu-item', { hasText: 'Status page' }).getAttribute('href'), 'https://status.example.com');

  await dropdown.locator('a.menu-item', { hasText: 'Monitor' }).click();
  await page.waitForURL(e2e.site('products').href('cloud/monitor/metrics'));
  assert.equal(await page.locator('h1').innerText(), 'Metrics');
  assert.equal(await page.locator('aside.sidebar details.dropdown-switcher summary').innerText(), 'Monitor');
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link'), ['Metrics', 'Alerts']);
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'), ['Metrics']);
});

e2eTest('the product switcher shows the current product and switches to another', async (t) => {
  const page = await e2e.open(t, 'products', 'cloud/deploy/regions');
  const products = page.locator('aside.sidebar details.product-switcher');
  assert.equal(await products.locator('summary').innerText(), 'Cloud Platform\nThe hosted service');

  await products.locator('summary').click();
  assert.deepEqual(await texts(page, 'aside.sidebar details.product-switcher a.menu-item .item-label'), ['Cloud Platform', 'Agent']);
  assert.deepEqual(await texts(page, 'aside.sidebar details.product-switcher a.menu-item[aria-current="page"] .item-label'), ['Cloud Platform']);
  await products.locator('a.menu-item', { hasText: 'Agent' }).click();

  await page.waitForURL(e2e.site('products').href('agent/install'));
  assert.equal(await page.locator('h1').innerText(), 'Install the agent');
  assert.equal(await page.locator('aside.sidebar details.product-switcher summary').innerText(), 'Agent\nRuns on your machines');
  // Agent has no dropdowns: the menu is gone, its groups show.
  assert.equal(await page.locator('aside.sidebar details.dropdown-switcher').count(), 0);
  assert.deepEqual(await texts(page, 'aside.sidebar .nav-group-title'), ['Agent']);
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link'), ['Install the agent', 'Agent tools']);
});

e2eTest('opening one menu closes the other; Escape closes it and gives focus back to its button', async (t) => {
  const page = await e2e.open(t, 'products', '');
  const products = page.locator('aside.sidebar details.product-switcher');
  const dropdown = page.locator('aside.sidebar details.dropdown-switcher');
  await products.locator('summary').click();
  assert.equal(await products.locator('.menu-panel').isVisible(), true);
  await page.keyboard.press('Escape');
  assert.equal(await products.locator('.menu-panel').isVisible(), false);
  assert.equal(await products.locator('summary').evaluate((element) => element === element.ownerDocument.activeElement), true);

  await dropdown.locator('summary').click();
  await products.locator('summary').click();
  assert.deepEqual([await products.evaluate((element) => element.hasAttribute('open')), await dropdown.evaluate((element) => element.hasAttribute('open'))], [true, false]);
  // A click elsewhere closes it.
  await page.locator('h1').click();
  assert.equal(await products.evaluate((element) => element.hasAttribute('open')), false);
});

e2eTest('switching language keeps the reader on the same page, in that language', async (t) => {
  const page = await e2e.open(t, 'languages', 'guides/setup');
  assert.deepEqual(await htmlLanguage(page), { lang: 'en', dir: 'ltr' });
  const switcher = page.locator('details.language-switcher');
  assert.equal(await switcher.locator('summary').innerText(), 'English');
  await switcher.locator('summary').click();
  assert.deepEqual(await texts(page, 'details.language-switcher a.menu-item'), ['English', 'Français', 'العربية']);

  await switcher.locator('a.menu-item', { hasText: 'Français' }).click();
  await page.waitForURL(e2e.site('languages').href('fr/guides/setup'));
  assert.deepEqual(await htmlLanguage(page), { lang: 'fr', dir: 'ltr' });
  assert.equal(await page.locator('h1').innerText(), 'Installation');
  assert.equal(await page.locator('details.language-switcher summary').innerText(), 'Français');
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link'), ['Bienvenue', 'Installation']);
  assert.equal(await page.locator('.skip-link').textContent(), 'Aller au contenu');
});

e2eTest('Arabic pages read right to left, with the sidebar on the right', async (t) => {
  const page = await e2e.open(t, 'languages', 'guides/setup');
  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: 'العربية' }).click();
  await page.waitForURL(e2e.site('languages').href('ar/guides/setup'));
  assert.deepEqual(await htmlLanguage(page), { lang: 'ar', dir: 'rtl' });
  assert.equal(await page.locator('h1').innerText(), 'الإعداد');
  assert.equal(await page.locator('details.language-switcher summary').innerText(), 'العربية');
  assert.equal(await page.locator('.skip-link').textContent(), 'انتقل إلى المحتوى');

  const sidebar = await page.locator('aside.sidebar').boundingBox();
  const content = await page.locator('main#content').boundingBox();
  assert.ok(sidebar && content && sidebar.x > content.x + content.width - 1, `the sidebar (x ${sidebar?.x}) is right of the content (x ${content?.x}, width ${content?.width})`);

  // And back: English, left to right.
  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: 'English' }).click();
  await page.waitForURL(e2e.site('languages').href('guides/setup'));
  assert.deepEqual(await htmlLanguage(page), { lang: 'en', dir: 'ltr' });
  const ltrSidebar = await page.locator('aside.sidebar').boundingBox();
  const ltrContent = await page.locator('main#content').boundingBox();
  assert.ok(ltrSidebar && ltrContent && ltrSidebar.x + ltrSidebar.width <= ltrContent.x, 'the sidebar is left of the content');
});

e2eTest('in Arabic, the table of contents scrolls to its headings and marks the one being read', async (t) => {
  const page = await e2e.open(t, 'languages', 'ar/guides/setup');
  assert.equal(await page.locator('.toc-title').innerText(), 'في هذه الصفحة');
  assert.deepEqual(await texts(page, 'nav.toc a'), ['التنزيل', 'التثبيت', 'التحقق']);
  await page.locator('nav.toc a', { hasText: 'التثبيت' }).click();
  await page.waitForURL((url) => decodeURIComponent(url.hash) === '#التثبيت');
  await eventually(
    async () => {
      const top = await page.locator('h2', { hasText: 'التثبيت' }).evaluate((element) => element.getBoundingClientRect().top);
      return top >= 100 && top <= 200;
    },
    true,
    'the heading is at the top of the viewport, below the top bar',
  );
  await eventually(() => texts(page, 'nav.toc a[aria-current="true"]'), ['التثبيت']);
  // In right-to-left pages the table of contents is on the left of the content.
  const toc = await page.locator('nav.toc').boundingBox();
  const content = await page.locator('main#content').boundingBox();
  assert.ok(toc && content && toc.x + toc.width <= content.x, 'the table of contents is left of the content');
});

e2eTest('open switcher menus fit on the screen, left to right and right to left', async (t) => {
  for (const route of ['guides/setup', 'ar/guides/setup']) {
    const page = await e2e.open(t, 'languages', route);
    await page.locator('details.language-switcher summary').click();
    const panel = await page.locator('details.language-switcher .menu-panel').boundingBox();
    assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= 1280 && panel.y >= 0, `the language menu of /${route} is on screen: ${JSON.stringify(panel)}`);
  }
});

e2eTest('a page with no translation switches to the first page of the other language', async (t) => {
  const page = await e2e.open(t, 'languages', 'guides/english-only');
  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: 'Français' }).click();
  await page.waitForURL(e2e.site('languages').href('fr'));
  assert.equal(await page.locator('h1').innerText(), 'Bienvenue');
  assert.deepEqual(await htmlLanguage(page), { lang: 'fr', dir: 'ltr' });
});

e2eTest('theme aspen shows breadcrumbs when styling.eyebrows is unset', async (t) => {
  const page = await e2e.open(t, 'languages', 'guides/setup');
  assert.deepEqual(await texts(page, 'main nav.breadcrumbs li'), ['Start']);
});
