/**
 * Search in the built site: Ctrl-K and the header's button open the dialog; a word that only
 * occurs in a page's body finds it; the keyboard moves through the results and Enter opens one;
 * headings are results of their own; the reader's version limits the results until "All versions"
 * is ticked, and switching version changes them; axe finds nothing serious in the open dialog.
 * Words a page shows only through a snippet find it; a typo in a word's first letter still finds
 * it; the dialog speaks the language the reader switched to in place.
 * Fixtures: test/fixtures/e2e/search (versions 2.0.0 and 1.0.0, `guides/shared` in both; hidden,
 * searchable, boosted and `noindex` pages; one endpoint page; pages including snippets) and
 * test/fixtures/e2e/shared-languages (en and ar, `guides/glossary` in both).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow, pathOf, texts, type BrowserWindow } from './harness.ts';

const e2e = browserSuite({ search: { fixture: 'search' }, atlas: { fixture: 'shared-languages' } });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const dialog = 'dialog.search-dialog';
const input = `${dialog} input[role="combobox"]`;

/** Types `query` into the open dialog and waits for its results to settle; returns their titles. */
async function searchFor(page: Page, query: string): Promise<string[]> {
  await page.locator(input).fill(query);
  await page.waitForFunction((shown) => (globalThis as BrowserWindow).document.querySelector('dialog.search-dialog [role="listbox"]')?.getAttribute('data-query') === shown, query);
  return titles(page);
}

/** The titles of the results shown (a heading's result is its heading). */
function titles(page: Page): Promise<string[]> {
  return texts(page, `${dialog} [role="option"] .search-result-title`);
}

e2eTest('Ctrl-K opens search; a word only in a page body finds it; arrows and Enter open a result', async (t) => {
  const page = await e2e.open(t, 'search', '');
  await page.keyboard.press('Control+k');
  await page.locator(input).waitFor();
  assert.equal(await inWindow(page, (window) => window.document.activeElement?.getAttribute('role')), 'combobox', 'the input has focus');

  assert.deepEqual(await searchFor(page, 'zephyrine'), ['Install']);
  assert.deepEqual(await texts(page, `${dialog} .search-result-path`), ['Guides › Start']);
  assert.deepEqual(await texts(page, `${dialog} mark`), ['zephyrine']);
  assert.equal(await page.locator(`${dialog} [role="status"]`).innerText(), 'Results: 1');

  // A heading is a result of its own, right after its page; a heading match outranks a body match
  // even boosted (`boost: 3` on the group), and the boost lifts "Boosted" over "Flame settings".
  assert.deepEqual(await searchFor(page, 'brightness'), ['Tuning', 'Brightness levels', 'Boosted', 'Flame settings']);
  const selected = (): Promise<string[]> => texts(page, `${dialog} [role="option"][aria-selected="true"] .search-result-title`);
  assert.deepEqual(await selected(), ['Tuning']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await selected(), ['Boosted']);
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await selected(), ['Brightness levels']);
  const active = await page.locator(input).getAttribute('aria-activedescendant');
  assert.equal(await page.locator(`#${active}`).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL(/guides\/tuning#brightness-levels$/);
  assert.equal(pathOf(page), '/guides/tuning');
});

e2eTest("a heading that repeats its page's title is not listed twice; other headings show as headings of the page", async (t) => {
  const page = await e2e.open(t, 'search', '');
  await page.keyboard.press('Control+k');
  await page.locator(input).waitFor();
  assert.deepEqual(await searchFor(page, 'calibration'), ['Calibration']);
  assert.deepEqual(await searchFor(page, 'quixotrope care'), ['Calibration', 'Quixotrope care']);
  assert.deepEqual(await texts(page, `${dialog} [role="option"].search-heading .search-result-title`), ['Quixotrope care']);
});

e2eTest('the header button opens search; Escape closes it and gives focus back; Tab stays inside', async (t) => {
  const page = await e2e.open(t, 'search', 'guides/install');
  const button = page.locator('button[data-search-button]');
  assert.equal(await button.getAttribute('aria-haspopup'), 'dialog');
  await button.click();
  await page.locator(input).waitFor();
  assert.equal(await page.locator(dialog).getAttribute('aria-modal'), 'true');
  for (let press = 0; press < 4; press++) await page.keyboard.press('Tab');
  assert.equal(await inWindow(page, (window) => Boolean(window.document.activeElement?.closest('dialog'))), true, 'focus stayed in the dialog');
  await page.keyboard.press('Escape');
  await page.locator(dialog).waitFor({ state: 'hidden' });
  assert.equal(await inWindow(page, (window) => window.document.activeElement?.hasAttribute('data-search-button')), true, 'focus went back to the button');
});

e2eTest('search follows the reader’s version: switching version changes the results, "All versions" widens them', async (t) => {
  const page = await e2e.open(t, 'search', 'guides/shared');
  await page.keyboard.press('Control+k');
  // "legacy" is only in 1.0.0's pages; "install" is in both versions' titles.
  assert.deepEqual(await searchFor(page, 'legacy'), []);
  assert.equal(await page.locator(`${dialog} [role="status"]`).innerText(), 'No results for “legacy”');
  assert.deepEqual(await searchFor(page, 'install'), ['Install', 'Verify the install', 'Welcome']);
  await page.locator(`${dialog} label.search-widen`, { hasText: 'All versions' }).click();
  await eventually(() => titles(page), ['Install', 'Verify the install', 'Install the legacy lamp', 'Welcome']);
  await page.keyboard.press('Escape');

  // guides/shared is listed in both versions: the switcher swaps the navigation in place.
  await page.locator('details.version-switcher summary').click();
  await page.locator('details.version-switcher a.menu-item', { hasText: '1.0.0' }).click();
  await eventually(() => page.locator('details.version-switcher summary').innerText(), '1.0.0');
  await page.keyboard.press('Control+k');
  await page.locator(`${dialog} label.search-widen input`).uncheck();
  assert.deepEqual(await searchFor(page, 'install'), ['Install the legacy lamp']);
  assert.deepEqual(await searchFor(page, 'legacy'), ['Install the legacy lamp', 'Welcome to 1.0']);
});

e2eTest('hidden pages stay out unless searchable; noindex pages stay out; endpoints are found by operation id and path', async (t) => {
  const page = await e2e.open(t, 'search', '');
  await page.keyboard.press('Control+k');
  assert.deepEqual(await searchFor(page, 'obsidian'), []);
  assert.deepEqual(await searchFor(page, 'quartzite'), []);
  assert.deepEqual(await searchFor(page, 'moonstone'), ['Hidden but searchable']);
  assert.deepEqual(await searchFor(page, 'garnet'), ['Internal']);
  assert.deepEqual(await searchFor(page, 'fetchWidgetById'), ['GETGet a widget']);
  // The spec's overview page is titled Widgets (its info.title): a page about them too.
  assert.deepEqual(await searchFor(page, '/widgets'), ['Widgets', 'GETGet a widget']);
  // Typo and prefix.
  assert.deepEqual(await searchFor(page, 'zephyrnie'), ['Install']);
  assert.deepEqual(await searchFor(page, 'zeph'), ['Install']);
  // A typo in the first letter: another letter, one missing.
  assert.deepEqual(await searchFor(page, 'xephyrine'), ['Install']);
  assert.deepEqual(await searchFor(page, 'ephyrine'), ['Install']);
});

e2eTest("words a page shows only through an included snippet find it; a snippet's heading is a result of its own", async (t) => {
  const page = await e2e.open(t, 'search', '');
  await page.keyboard.press('Control+k');
  // guides/install has `<Snippet file="lamp-oil.mdx" />`; guides/tuning imports wick-care.mdx with a `tool` prop.
  assert.deepEqual(await searchFor(page, 'tallowmere'), ['Install']);
  assert.deepEqual(await searchFor(page, 'emberclippers'), ['Tuning']);
  assert.deepEqual(await searchFor(page, 'wick care'), ['Tuning', 'Wick care']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(/guides\/tuning#wick-care$/);
  assert.equal(await page.locator('#wick-care').innerText(), 'Wick care');
});

e2eTest("switching language in place: the dialog's placeholder, labels and status speak the new language, its results follow it", async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary');
  /** What the dialog says, and what the results are. */
  const dialogWords = async (): Promise<Record<string, unknown>> => ({
    button: await page.locator('button[data-search-button] .search-label').innerText(),
    dialog: await page.locator(dialog).getAttribute('aria-label'),
    placeholder: await page.locator(input).getAttribute('placeholder'),
    input: await page.locator(input).getAttribute('aria-label'),
    close: await page.locator(`${dialog} .search-close`).getAttribute('aria-label'),
    status: await page.locator(`${dialog} [role="status"]`).innerText(),
    results: await titles(page),
  });
  await page.keyboard.press('Control+k');
  await searchFor(page, 'map');
  assert.deepEqual(await dialogWords(), {
    button: 'Search',
    dialog: 'Search',
    placeholder: 'Search…',
    input: 'Search',
    close: 'Close',
    status: 'Results: 2',
    results: ['Glossary', 'Welcome'],
  });
  await page.keyboard.press('Escape');

  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: 'العربية' }).click();
  await eventually(() => page.locator('html').getAttribute('lang'), 'ar');
  await page.keyboard.press('Control+k');
  // The last query, shown again in Arabic and in the Arabic pages: "Welcome" is English only.
  await eventually(dialogWords, { button: 'بحث', dialog: 'بحث', placeholder: 'ابحث…', input: 'بحث', close: 'إغلاق', status: 'النتائج: 1', results: ['Glossary'] });
  await searchFor(page, 'nowhere');
  assert.equal(await page.locator(`${dialog} [role="status"]`).innerText(), 'لا توجد نتائج لـ «nowhere»');
});

e2eTest('axe finds nothing serious with the search dialog open, results shown', async (t) => {
  const page = await e2e.open(t, 'search', 'guides/install');
  await page.locator('button[data-search-button]').click();
  await searchFor(page, 'brightness');
  await page.addScriptTag({ content: AXE });
  const violations = await inWindow(page, async (window) => {
    const result = await window.axe.run(window.document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation: { id: string; nodes: { target: string[] }[] }) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, []);
});
