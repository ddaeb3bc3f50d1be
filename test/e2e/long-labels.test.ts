/**
 * Identifiers as long as OPENAI_API_KEY_FOR_ORGANIZATION_DEFAULT_PROJECT, as page titles, group
 * names and headings, wrap inside their column wherever they show: table of contents, sidebar,
 * breadcrumbs, previous/next, title. Nothing runs past its box and the page never scrolls sideways,
 * on a desktop and on a phone (sidebar in the drawer).
 * Fixture: test/fixtures/e2e/shell.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow } from './harness.ts';

const e2e = browserSuite({ shell: { fixture: 'shell' } });

/** Where long text shows, each with the element it must stay inside. */
const PLACES: Record<string, [string, string]> = {
  toc: ['nav.toc a', '.toc-column'],
  sidebar: ['aside.sidebar .nav-label:not(.sr-only)', 'aside.sidebar'],
  breadcrumbs: ['nav.breadcrumbs li', 'main'],
  pager: ['.pager-title', '.pager'],
  title: ['h1.page-title', 'main'],
};

/** For each place shown: whether every element there holds its text and stays inside its box. */
async function overflows(page: Page): Promise<Record<string, string[]>> {
  return inWindow(
    page,
    (window, places: [string, string, string][]) =>
      Object.fromEntries(
        places.map(([name, selector, inside]) => [
          name,
          [...window.document.querySelectorAll(selector)]
            .filter((element: { getClientRects(): { length: number } }) => element.getClientRects().length > 0)
            .filter(
              (element: {
                scrollWidth: number;
                clientWidth: number;
                getBoundingClientRect(): DOMRectLike;
                closest(selector: string): { getBoundingClientRect(): DOMRectLike };
              }) => {
                const box = element.getBoundingClientRect();
                const frame = element.closest(inside).getBoundingClientRect();
                return element.scrollWidth > element.clientWidth + 1 || box.right > frame.right + 1 || box.left < frame.left - 1;
              },
            )
            .map((element: { textContent: string }) => element.textContent),
        ]),
      ),
    Object.entries(PLACES).map(([name, [selector, inside]]): [string, string, string] => [name, selector, inside]),
  );
}
interface DOMRectLike {
  left: number;
  right: number;
}

function pageWidth(page: Page): Promise<{ page: number; screen: number }> {
  return inWindow(page, ({ document }) => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
}

const NOTHING_OVERFLOWS = { toc: [], sidebar: [], breadcrumbs: [], pager: [], title: [] };

e2eTest('on a desktop, long identifiers wrap in the table of contents, sidebar, breadcrumbs, pager and title', async (t) => {
  const page = await e2e.open(t, 'shell', 'environment/openai-key', { viewport: { width: 1280, height: 800 } });
  assert.deepEqual(
    await page
      .locator('nav.toc a')
      .allInnerTexts()
      .then((all) => all.length),
    2,
  );
  assert.deepEqual(await overflows(page), NOTHING_OVERFLOWS);
  assert.deepEqual(await pageWidth(page), { page: 1280, screen: 1280 });
  // Wrapped, not cut: the long entry takes more than one line.
  const entry = (await page.locator('nav.toc a').first().boundingBox())!;
  assert.ok(entry.height > 30, `the first entry is ${entry.height}px high`);
});

e2eTest('on a phone, long identifiers wrap in the page and in the drawer', async (t) => {
  const page = await e2e.open(t, 'shell', 'environment/openai-key', { viewport: { width: 375, height: 740 } });
  assert.deepEqual(await overflows(page), NOTHING_OVERFLOWS);
  await page.locator('[data-drawer-button]').click();
  assert.equal(await page.locator('aside.sidebar .nav-label', { hasText: 'OPENAI_API_KEY_FOR_ORGANIZATION_DEFAULT_PROJECT' }).isVisible(), true);
  assert.deepEqual(await overflows(page), NOTHING_OVERFLOWS);
  assert.deepEqual(await pageWidth(page), { page: 375, screen: 375 });
});

e2eTest('right to left, long identifiers wrap too', async (t) => {
  const page = await e2e.open(t, 'shell', 'ar/environment/openai-key', { viewport: { width: 1280, height: 800 } });
  assert.deepEqual(await overflows(page), NOTHING_OVERFLOWS);
  assert.deepEqual(await pageWidth(page), { page: 1280, screen: 1280 });
});
