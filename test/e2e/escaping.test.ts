/**
 * Markup written in docs.json and frontmatter (site name, tab, group, menu item, anchor, page title,
 * description, tag, navbar, footer, 404 texts) shows as text and never runs. Fixture:
 * test/fixtures/e2e/escaping, where each of those is a `<script>` or an `<img onerror>`.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow, texts } from './harness.ts';

const e2e = browserSuite({ escaping: { fixture: 'escaping' } });

/** Dialogs opened on the page, counted from now on (the harness also fails the test on any). */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => dialogs.push(dialog.message()));
  return dialogs;
}

/** Elements the site's text could have created: scripts beyond docjet's three, images, event handlers. */
function injected(page: Page): Promise<{ scripts: number; images: number; handlers: string[] }> {
  return inWindow(page, ({ document }) => ({
    // Scripts a browser runs: JSON-LD (`application/ld+json`) is data.
    scripts: [...document.scripts].filter((script) => script.type !== 'application/ld+json').length,
    images: document.images.length,
    handlers: [...document.querySelectorAll('*')].flatMap((element: { tagName: string; attributes: Iterable<{ name: string }> }) =>
      [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
  }));
}

// docjet's own: the inline theme script in the head, the page script and search's module.
const NOTHING_INJECTED = { scripts: 3, images: 0, handlers: [] };

e2eTest('markup in the site name, tabs, groups, menus, anchors, page title and description shows as text', async (t) => {
  const page = await e2e.open(t, 'escaping');
  const dialogs = recordDialogs(page);
  await page.goto(e2e.site('escaping').href(''));

  assert.equal(await page.title(), "<script>alert('title')</script> - Escapes <script>alert('name')</script>");
  assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), "<img src=x onerror=alert('page description')>");
  assert.equal(await page.locator('.topbar .logo').innerText(), "Escapes <script>alert('name')</script>");
  assert.deepEqual(await texts(page, '.topbar .navbar-link'), ["<img src=x onerror=alert('navbar')>"]);
  assert.deepEqual(await texts(page, 'nav.tabs .tab'), ["<script>alert('tab')</script>", 'Menu']);
  assert.deepEqual(await texts(page, 'aside.sidebar .global-anchors .item-label'), ["<img src=x onerror=alert('anchor')> ↗"]);
  assert.equal(await page.locator('aside.sidebar .global-anchors a').getAttribute('href'), 'https://example.com/?a=1&b="2"');
  assert.deepEqual(await texts(page, 'aside.sidebar .nav-group-title'), ["<script>alert('group')</script>"]);
  assert.deepEqual(await texts(page, 'aside.sidebar details.nav-group > summary'), ["<b onmouseover=alert('nested')>Nested</b>"]);
  assert.deepEqual(await texts(page, 'main nav.breadcrumbs li'), ["<script>alert('tab')</script>", "<script>alert('group')</script>"]);
  assert.equal(await page.locator('h1').innerText(), "<script>alert('title')</script>");
  assert.equal(await page.locator('.page-description').innerText(), "<img src=x onerror=alert('page description')>");
  assert.deepEqual(await texts(page, 'nav.toc a'), ['The <script> element']);
  assert.deepEqual(await texts(page, 'footer .footer-header, footer .footer-column a, footer .footer-name'), [
    "<script>alert('footer header')</script>",
    "<script>alert('footer link')</script>",
    "Escapes <script>alert('name')</script>",
  ]);

  // The reader opens the menu and the nested group, and points at things.
  await page.locator('nav.tabs details.tab-menu summary').click();
  assert.deepEqual(await texts(page, 'nav.tabs .menu-panel .item-label'), ["<img src=x onerror=alert('item')>"]);
  assert.deepEqual(await texts(page, 'nav.tabs .menu-panel .item-description'), ["<script>alert('description')</script>"]);
  await page.keyboard.press('Escape');
  await page.locator('aside.sidebar details.nav-group > summary').hover();
  await page.locator('aside.sidebar details.nav-group > summary').click();
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link:visible'), ["<script>alert('title')</script>", "<svg onload=alert('sidebar')> <script>alert('tag')</script>"]);

  assert.deepEqual(await injected(page), NOTHING_INJECTED);
  assert.deepEqual(dialogs, []);
});

e2eTest("markup in another page's title, sidebar title and tag shows as text", async (t) => {
  const page = await e2e.open(t, 'escaping');
  const dialogs = recordDialogs(page);
  await page.goto(e2e.site('escaping').href('other'));
  assert.equal(await page.title(), "Other </title><script>alert('other')</script> - Escapes <script>alert('name')</script>");
  assert.equal(await page.locator('h1').evaluate((heading) => heading.firstChild?.textContent), "Other </title><script>alert('other')</script>");
  assert.equal(await page.locator('h1 .nav-tag').innerText(), "<script>alert('tag')</script>");
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), ["<svg onload=alert('sidebar')>"]);
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-tag'), ["<script>alert('tag')</script>"]);
  assert.deepEqual(await texts(page, '.pager a .pager-title'), ["<script>alert('title')</script>"]);
  assert.deepEqual(await injected(page), NOTHING_INJECTED);
  assert.deepEqual(dialogs, []);
});

e2eTest('markup in the 404 texts shows as text', async (t) => {
  const page = await e2e.open(t, 'escaping');
  const dialogs = recordDialogs(page);
  const response = await page.goto(e2e.site('escaping').href('missing'));
  assert.equal(response?.status(), 404);
  assert.equal(await page.locator('h1').innerText(), "<script>alert('404 title')</script>");
  assert.equal(await page.locator('.not-found-text').innerText(), "<img src=x onerror=alert('404 description')>");
  assert.deepEqual(await injected(page), NOTHING_INJECTED);
  assert.deepEqual(dialogs, []);
});
