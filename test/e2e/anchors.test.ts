/**
 * Deep links to components by the hosted product's anchors (issue 31): `#tab-id` selects that tab
 * (a title's slug, an `id` written on the Tab, one percent-encoded as the slugger leaves it), and
 * `#accordion-id` opens that accordion; a tab inside a closed accordion opens both.
 * Fixture: test/fixtures/e2e/anchors.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow } from './harness.ts';

const e2e = browserSuite({ anchors: { fixture: 'anchors' } });

/** The text of the panels shown, and the titles of the open accordions. */
async function shown(page: Page): Promise<{ panels: string[]; open: string[] }> {
  return {
    panels: await page.locator('[role="tabpanel"]:visible').allInnerTexts(),
    open: await page.locator('details.accordion[open] > summary').allInnerTexts(),
  };
}

e2eTest('#tab-id selects its tab and #accordion-id opens its accordion, on load and on a hash change', async (t) => {
  const page = await e2e.open(t, 'anchors', '/#golang');
  await eventually(() => shown(page), { panels: ['Install with Go.'], open: [] }, 'the tab an id written on it names');
  await page.goto(e2e.site('anchors').href('/#caf%C3%A9'));
  await eventually(() => shown(page), { panels: ['Install at the café.'], open: [] }, 'a tab whose id is written encoded');
  await inWindow(page, (window) => {
    window.location.hash = '#why-and-how';
  });
  await eventually(() => shown(page), { panels: ['Install at the café.'], open: ['Why & how?'] }, 'the accordion its title names');
  await inWindow(page, (window) => {
    window.location.hash = '#linux';
  });
  await eventually(
    async () => (await shown(page)).open.includes('Setup: Advanced') && (await page.locator('[role="tabpanel"]:visible').allInnerTexts()).includes('Use apt.'),
    true,
    'a tab inside a closed accordion: both open',
  );
  assert.equal(await page.locator('[role="tab"][aria-selected="true"] > #linux').count(), 1);
});
