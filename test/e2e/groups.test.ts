/**
 * Sidebar groups: default open/closed states, toggling by mouse and keyboard, drilldown (explicit
 * and by theme), groups with a `root` page, and breadcrumbs on and off. Fixture:
 * test/fixtures/e2e/groups (theme mint, nothing set), built in four variants.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow, pathOf, texts } from './harness.ts';

const e2e = browserSuite({
  // mint: drilldown off, no breadcrumbs (theme defaults).
  mint: { fixture: 'groups' },
  // maple: drilldown on by default.
  maple: { fixture: 'groups', config: { theme: 'maple' } },
  drilldown: { fixture: 'groups', config: { interaction: { drilldown: true }, styling: { eyebrows: 'breadcrumbs' } } },
  mapleNoDrilldown: { fixture: 'groups', config: { theme: 'maple', interaction: { drilldown: false } } },
});

/** Each nested group's label and whether it is open, in sidebar order (labels of groups inside closed ones included). */
async function groupStates(page: Page): Promise<Record<string, boolean>> {
  const groups = await page
    .locator('aside.sidebar details.nav-group.nested')
    .evaluateAll((elements) => elements.map((element) => [element.querySelector(':scope > summary .nav-label')?.textContent ?? '', element.hasAttribute('open')] as const));
  return Object.fromEntries(groups);
}

/** Texts of the sidebar's page links a reader can see. */
function visibleLinks(page: Page): Promise<string[]> {
  return texts(page, 'aside.sidebar a.nav-link:visible');
}

function summary(page: Page, label: string) {
  return page.locator('aside.sidebar details.nav-group.nested > summary').filter({ has: page.locator(':scope > .nav-group-link', { hasText: new RegExp(`^${label}$`) }) });
}

/** A nested group's link to a page: beside its toggle, never inside the summary (axe `nested-interactive`). */
function groupLink(page: Page, label: string) {
  return page.locator('aside.sidebar li.nav-group-item > a.nav-group-link', { hasText: new RegExp(`^${label}$`) });
}

e2eTest('nested groups start open with expanded: true and closed with expanded: false or unset', async (t) => {
  const page = await e2e.open(t, 'mint', '');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: false, Deep: false, Config: false });
  assert.deepEqual(await visibleLinks(page), ['Home', 'Install', 'Expanded first', 'Expanded second', 'CLI']);
  // Top-level groups are always open and have nothing to toggle.
  assert.deepEqual(await texts(page, 'aside.sidebar section.nav-group > .nav-group-title'), ['Basics', 'Reference']);
  assert.equal(await page.locator('aside.sidebar section.nav-group > details, aside.sidebar section.nav-group > summary').count(), 0);
});

e2eTest('the groups holding the current page are open, even with expanded: false', async (t) => {
  const page = await e2e.open(t, 'mint', 'collapsed/second');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: true, Unset: false, Deep: false, Config: false });
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'), ['Collapsed second']);

  await page.goto(e2e.site('mint').href('unset/deep/first'));
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: true, Deep: true, Config: false });
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'), ['Deep first']);
});

e2eTest('without drilldown, clicking a group label opens and closes it and stays on the page', async (t) => {
  const page = await e2e.open(t, 'mint', 'install');
  await summary(page, 'Unset').click();
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: true, Deep: false, Config: false });
  assert.deepEqual(await visibleLinks(page), ['Home', 'Install', 'Expanded first', 'Expanded second', 'Unset first', 'CLI']);
  await summary(page, 'Expanded').click();
  assert.deepEqual(await groupStates(page), { Expanded: false, Collapsed: false, Unset: true, Deep: false, Config: false });
  await summary(page, 'Unset').click();
  assert.deepEqual(await groupStates(page), { Expanded: false, Collapsed: false, Unset: false, Deep: false, Config: false });
  assert.equal(pathOf(page), '/install');
});

e2eTest("Enter and Space on a group's label open and close it", async (t) => {
  const page = await e2e.open(t, 'mint', 'install');
  await summary(page, 'Collapsed').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: true, Unset: false, Deep: false, Config: false });
  await page.keyboard.press('Space');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: false, Deep: false, Config: false });
  await page.keyboard.press('Space');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: true, Unset: false, Deep: false, Config: false });
  // Tab from the open group's label reaches its pages.
  await page.keyboard.press('Tab');
  assert.equal(await page.locator('*:focus').innerText(), 'Collapsed first');
  assert.equal(pathOf(page), '/install');
});

/** Clicking a group label opens the group's first page, where the group is open and the page current. */
async function assertDrillsDown(page: Page): Promise<void> {
  await groupLink(page, 'Unset').click();
  await page.waitForURL((url) => url.pathname === '/unset/first');
  assert.equal(await page.locator('h1').innerText(), 'Unset first');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: true, Deep: false, Config: false });
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"]'), ['Unset first']);

  await groupLink(page, 'Collapsed').click();
  await page.waitForURL((url) => url.pathname === '/collapsed/first');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: true, Unset: false, Deep: false, Config: false });
}

/** Clicking a group label only toggles it: no link, same page. */
async function assertTogglesOnly(page: Page): Promise<void> {
  assert.equal(await groupLink(page, 'Unset').count(), 0);
  await summary(page, 'Unset').click();
  assert.equal(pathOf(page), '/install');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: true, Deep: false, Config: false });
}

e2eTest('with interaction.drilldown true, clicking a group label opens its first page', async (t) => {
  const page = await e2e.open(t, 'drilldown', 'install');
  assert.equal(await page.locator('html').getAttribute('data-drilldown'), 'true');
  await assertDrillsDown(page);
});

e2eTest('with drilldown unset, theme maple drills down', async (t) => {
  const page = await e2e.open(t, 'maple', 'install');
  assert.equal(await page.locator('html').getAttribute('data-theme-name'), 'maple');
  await assertDrillsDown(page);
});

e2eTest('with drilldown unset, theme mint only toggles the group', async (t) => {
  const page = await e2e.open(t, 'mint', 'install');
  assert.equal(await page.locator('html').getAttribute('data-drilldown'), 'false');
  await assertTogglesOnly(page);
});

e2eTest('interaction.drilldown false wins over the maple theme', async (t) => {
  const page = await e2e.open(t, 'mapleNoDrilldown', 'install');
  assert.equal(await page.locator('html').getAttribute('data-drilldown'), 'false');
  await assertTogglesOnly(page);
});

e2eTest('a group with a root page links its label there, with or without drilldown', async (t) => {
  const page = await e2e.open(t, 'mint', '');
  await page.locator('aside.sidebar section.nav-group a.nav-group-title', { hasText: 'Reference' }).click();
  await page.waitForURL(e2e.site('mint').href('reference/overview'));
  assert.equal(await page.locator('h1').innerText(), 'Reference overview');
  assert.equal(await page.locator('aside.sidebar a.nav-group-title[aria-current="page"]').innerText(), 'Reference');

  await groupLink(page, 'Config').click();
  await page.waitForURL(e2e.site('mint').href('reference/config/overview'));
  assert.equal(await page.locator('h1').innerText(), 'Config overview');
  assert.deepEqual(await groupStates(page), { Expanded: true, Collapsed: false, Unset: false, Deep: false, Config: true });
  assert.equal(await groupLink(page, 'Config').getAttribute('aria-current'), 'page');
  assert.deepEqual(await visibleLinks(page), ['Home', 'Install', 'Expanded first', 'Expanded second', 'CLI', 'Config keys']);
});

e2eTest('styling.eyebrows "breadcrumbs" shows the path to the page, each step a link', async (t) => {
  const page = await e2e.open(t, 'drilldown', 'unset/deep/first');
  assert.deepEqual(await texts(page, 'main nav.breadcrumbs li'), ['Basics', 'Unset', 'Deep']);
  assert.equal(await page.locator('main .eyebrow').count(), 0);
  await page.locator('main nav.breadcrumbs a', { hasText: 'Unset' }).click();
  await page.waitForURL(e2e.site('drilldown').href('unset/first'));
  assert.equal(await page.locator('h1').innerText(), 'Unset first');
});

e2eTest('without styling.eyebrows, theme mint shows only the section above the title', async (t) => {
  const page = await e2e.open(t, 'mint', 'unset/deep/first');
  assert.equal(await page.locator('nav.breadcrumbs').count(), 0);
  assert.equal(await page.locator('main .eyebrow').innerText(), 'Deep');
});

e2eTest("a nested group's own icon stands in a box, so a caret or play icon never reads as the group's disclosure chevron", async (t) => {
  const page = await e2e.open(t, 'mint', '');
  const drawn = await inWindow(page, (window) =>
    ['Collapsed', 'Config'].map((name) => {
      // The row: the summary's label, or the link beside the toggle of a group with a root page.
      const row = [...window.document.querySelectorAll('aside.sidebar .nav-group-link')].find(
        (each: { querySelector(selector: string): { textContent: string | null } | null }) => each.querySelector('.nav-label')?.textContent === name,
      );
      const icon = row.querySelector('.icon');
      const label = row.querySelector('.nav-label');
      const toggle = row.closest('details.nav-group.nested > summary') ?? row.parentElement.querySelector(':scope > details.nav-group.nested > summary');
      const style = window.getComputedStyle(icon);
      return {
        name,
        boxed: style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) >= 1 && Number.parseFloat(style.paddingTop) > 0,
        iconBeforeLabel: icon.getBoundingClientRect().right <= label.getBoundingClientRect().left,
        chevron: window.getComputedStyle(toggle, '::after').content !== 'none',
      };
    }),
  );
  assert.deepEqual(drawn, [
    { name: 'Collapsed', boxed: true, iconBeforeLabel: true, chevron: true },
    { name: 'Config', boxed: true, iconBeforeLabel: true, chevron: true },
  ]);
});
