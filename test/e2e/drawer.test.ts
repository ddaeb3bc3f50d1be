/**
 * The phone drawer: on a 375 px screen the bar shows the menu button, the logo and the theme
 * toggle; the button opens one drawer with the navbar links, the switchers, the tabs and the
 * sidebar. It is used from the keyboard like a dialog (focus goes in, Tab stays in, Escape closes
 * and gives focus back), opens without JavaScript, and leaves the desktop layout as it was.
 * Fixtures: test/fixtures/e2e/navigation (versions, tabs with a menu; a navbar added here) and
 * test/fixtures/e2e/products (product switcher and dropdown menu).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow, texts } from './harness.ts';

const NAVBAR = { links: [{ label: 'Support', href: 'https://example.com/support' }], primary: { type: 'button', label: 'Sign up', href: 'https://example.com/signup' } };
const e2e = browserSuite({
  nav: { fixture: 'navigation', config: { navbar: NAVBAR } },
  products: { fixture: 'products' },
});

const PHONE = { viewport: { width: 375, height: 740 } };
const NO_SCRIPT = { ...PHONE, javaScriptEnabled: false };

/** What has focus: its text (or label) and whether it is inside the drawer. */
function focused(page: Page): Promise<{ text: string; inDrawer: boolean }> {
  return inWindow(page, ({ document }) => {
    const active = document.activeElement;
    const text = (active?.getAttribute('aria-label') || active?.textContent || '').replace(/\s+/g, ' ').trim();
    return { text, inDrawer: Boolean(active?.closest('#site-menu')) };
  });
}

function pageWidth(page: Page): Promise<number> {
  return inWindow(page, ({ document }) => document.documentElement.scrollWidth);
}

function isInert(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => Boolean(element.closest('[inert]')));
}

e2eTest('on a phone the bar shows the menu button, the whole logo and the theme toggle; the rest waits in the drawer', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', PHONE);
  const button = page.locator('header.topbar [data-drawer-button]');
  assert.equal(await button.isVisible(), true);
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await button.getAttribute('aria-controls'), 'site-menu');
  assert.equal(await page.locator('#site-menu').evaluate((element) => element.tagName), 'HEADER');
  assert.equal(await page.locator('details.sidebar-toggle').count(), 0, 'the fallback for pages without JavaScript is gone');
  assert.equal(await page.locator('button[data-theme-toggle]').isVisible(), true);
  // The logo is not cut: its text fits its box, and the page does not scroll sideways.
  const logo = await page.locator('.topbar .logo').evaluate((element) => ({ fits: element.scrollWidth <= element.clientWidth, text: element.textContent }));
  assert.deepEqual(logo, { fits: true, text: 'Harbor' });
  assert.equal(await pageWidth(page), 375);
  for (const hidden of ['.navbar-link', 'details.version-switcher', 'nav.tabs', 'aside.sidebar']) {
    assert.equal(await page.locator(hidden).first().isVisible(), false, `${hidden} waits in the closed drawer`);
  }
});

e2eTest('the menu button opens one drawer holding the navbar links, the version switcher, the tabs and the sidebar', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', PHONE);
  const button = page.locator('[data-drawer-button]');
  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await texts(page, '#site-menu .navbar-link:visible, #site-menu .navbar-primary:visible'), ['Support', 'Sign up']);
  assert.equal(await page.locator('#site-menu details.version-switcher summary').isVisible(), true);
  assert.deepEqual(await texts(page, '#site-menu nav.tabs .tab:visible'), ['Guides', 'Reference', 'API', 'Blog ↗']);
  assert.deepEqual(await texts(page, '#site-menu aside.sidebar a.nav-link:visible'), ['Welcome to Harbor', 'Install', 'Configure']);
  // Focus went in, to the first of the links; the page behind cannot be reached.
  assert.deepEqual(await focused(page), { text: 'Support', inDrawer: true });
  assert.equal(await isInert(page, 'main'), true);
  // The drawer covers the screen and nothing in it runs off the side.
  const box = await page.locator('#site-menu').boundingBox();
  assert.deepEqual(box && [box.x, box.y, box.width, box.height], [0, 0, 375, 740]);
  assert.equal(await pageWidth(page), 375);

  // The button closes it again.
  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('aside.sidebar').isVisible(), false);
  assert.equal(await isInert(page, 'main'), false);
});

e2eTest('Tab and Shift+Tab stay inside the open drawer; Escape closes it and gives focus back to the button', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', PHONE);
  await page.locator('[data-drawer-button]').click();
  const start = await focused(page);
  const visited: string[] = [];
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    assert.equal(now.inDrawer, true, `Tab left the drawer after ${visited.join(' → ')}`);
    if (now.text === start.text) break;
    visited.push(now.text);
  }
  assert.equal((await focused(page)).text, start.text, 'Tab comes back round to where it started');
  // One round reaches the switcher, the tabs and the sidebar, then comes round to the bar's own controls.
  for (const expected of ['Sign up', 'Version: 2.0.0', 'Guides', 'API', 'Install', 'Menu', 'Harbor'])
    assert.ok(visited.includes(expected), `${expected} in ${visited.join(' → ')}`);

  // Backwards from the first control (the button) is the last one, still inside.
  await page.locator('[data-drawer-button]').focus();
  await page.keyboard.press('Shift+Tab');
  assert.deepEqual(await focused(page), { text: visited[visited.indexOf('Menu') - 1], inDrawer: true });

  // A menu inside takes the first Escape; the next one closes the drawer.
  await page.locator('#site-menu details.version-switcher summary').click();
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('details.version-switcher').getAttribute('open'), null);
  assert.equal(await page.locator('[data-drawer-button]').getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-drawer-button]').getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('[data-drawer-button]').evaluate((button) => button === button.ownerDocument.activeElement), true);
  assert.equal(await page.locator('aside.sidebar').isVisible(), false);
});

e2eTest('in the drawer the version switcher and a tab menu open on the screen, and following a link closes it', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', PHONE);
  await page.locator('[data-drawer-button]').click();
  for (const summary of ['details.version-switcher summary', 'nav.tabs details.tab-menu summary']) {
    await page.locator(summary).click();
    const panel = await page.locator(`${summary.replace(' summary', '')} .menu-panel`).boundingBox();
    assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= 375, `${summary}'s menu spans x ${panel?.x} to ${panel && panel.x + panel.width}`);
    if (summary.startsWith('details.version')) await page.keyboard.press('Escape');
  }
  assert.deepEqual(await texts(page, 'nav.tabs .menu-panel .item-label'), ['Endpoints', 'Webhooks']);

  // The test holds the navigation back, so what the click did to the drawer shows.
  await inWindow(page, ({ document }) => document.addEventListener('click', (event: { preventDefault(): void }) => event.preventDefault()));
  await page.locator('#site-menu aside.sidebar a.nav-link', { hasText: 'Configure' }).click();
  assert.equal(await page.locator('[data-drawer-button]').getAttribute('aria-expanded'), 'false');
  assert.equal(await isInert(page, 'main'), false);
});

e2eTest('the product switcher and the dropdown menu are in the drawer, and switch', async (t) => {
  const page = await e2e.open(t, 'products', '', PHONE);
  await page.locator('[data-drawer-button]').click();
  await page.locator('#site-menu details.product-switcher summary').click();
  await page.locator('#site-menu details.product-switcher a.menu-item', { hasText: 'Agent' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/agent'));
  assert.equal(await page.locator('[data-drawer-button]').getAttribute('aria-expanded'), 'false');
  await page.locator('[data-drawer-button]').click();
  assert.equal(await page.locator('#site-menu details.product-switcher summary').innerText(), 'Agent\nRuns on your machines');
});

e2eTest('without JavaScript the menu still opens the drawer, with the tabs, links and switchers', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', NO_SCRIPT);
  assert.equal(await page.locator('[data-drawer-button]').isVisible(), false);
  await page.locator('details.sidebar-toggle > summary').click();
  assert.deepEqual(await texts(page, '#site-menu nav.tabs .tab:visible'), ['Guides', 'Reference', 'API', 'Blog ↗']);
  assert.deepEqual(await texts(page, '#site-menu .navbar-link:visible'), ['Support']);
  await page.locator('details.version-switcher summary').click();
  await page.locator('details.version-switcher a.menu-item', { hasText: '1.0.0' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/v1'));
});

e2eTest('on a desktop there is no menu button, and the sidebar keeps its column below the bar', async (t) => {
  for (const width of [1280, 1800]) {
    const page = await e2e.open(t, 'nav', 'guides/install', { viewport: { width, height: 800 } });
    assert.equal(await page.locator('[data-drawer-button]').isVisible(), false);
    assert.equal(await page.locator('.navbar-link').isVisible(), true);
    // Browser-side code without named helpers (the test runner's compiler would name them).
    const boxes = await inWindow(page, ({ document }) =>
      Object.fromEntries(
        Object.entries({ bar: 'header.topbar', layout: '.layout', sidebar: 'aside.sidebar', content: 'main' }).map(([key, selector]) => [
          key,
          document.querySelector(selector).getBoundingClientRect().toJSON(),
        ]),
      ),
    );
    // Where the layout's first column is (24 px in from the centred 1600 px layout), under the bar's border.
    assert.equal(boxes.sidebar.x, boxes.layout.x + 24, `sidebar at x ${boxes.sidebar.x}, layout at ${boxes.layout.x}`);
    assert.equal(boxes.sidebar.width, 272);
    assert.equal(boxes.sidebar.y, boxes.bar.bottom);
    assert.ok(boxes.sidebar.x + boxes.sidebar.width + 40 <= boxes.content.x, 'the content starts after the sidebar and the gap');
    // It stays in view as the page scrolls (made long enough to scroll).
    await inWindow(page, (window) => {
      window.document.body.style.paddingBottom = '2000px';
      window.scrollTo(0, 600);
    });
    assert.equal(await page.locator('aside.sidebar').evaluate((element) => element.getBoundingClientRect().y), boxes.bar.bottom);
  }
});
