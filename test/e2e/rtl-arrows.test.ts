/**
 * Arrows and chevrons point the way the page reads: in a right-to-left page (Arabic) previous
 * points right and next left, breadcrumb separators and closed groups' chevrons point left, and a
 * card's corner arrow turns to the upper left. They are drawn (borders and masks turned by
 * transforms), so the test reads each one's transform and works out where it points.
 * Fixture: test/fixtures/e2e/shell (English and Arabic, breadcrumbs, drilldown, a card).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow } from './harness.ts';

const e2e = browserSuite({ shell: { fixture: 'shell' } });

/** Where each mark is drawn, and the way it points before any transform: chevrons are a box's bottom-right corner (↘), the card's arrow is ↗. */
const MARKS = {
  previous: { selector: '.pager-previous .pager-label', pseudo: '::before', drawn: [1, 1] },
  next: { selector: '.pager-next .pager-label', pseudo: '::after', drawn: [1, 1] },
  breadcrumb: { selector: '.breadcrumbs li + li', pseudo: '::before', drawn: [1, 1] },
  group: { selector: 'aside.sidebar details.nav-group.nested > summary', pseudo: '::after', drawn: [1, 1] },
  card: { selector: 'a.card', pseudo: '::after', drawn: [1, -1] },
} as const;
type Mark = keyof typeof MARKS;

/** `matrix(a, b, c, d, e, f)` applied to a direction, as a compass word (y grows downwards). */
function pointing(transform: string, [x, y]: readonly number[]): string {
  const [a, b, c, d] =
    transform === 'none'
      ? [1, 0, 0, 1]
      : transform
          .slice(transform.indexOf('(') + 1)
          .split(',')
          .map(Number);
  const towards = [a! * x! + c! * y!, b! * x! + d! * y!];
  const horizontal = towards[0]! > 0.5 ? 'right' : towards[0]! < -0.5 ? 'left' : '';
  const vertical = towards[1]! > 0.5 ? 'down' : towards[1]! < -0.5 ? 'up' : '';
  return [vertical, horizontal].filter(Boolean).join('-');
}

/** Where each mark on the page points; marks the page does not have are left out. */
async function arrows(page: Page, pathname: string): Promise<Partial<Record<Mark, string>>> {
  await page.goto(e2e.site('shell').href(pathname));
  const transforms = await inWindow(
    page,
    (window, marks: [string, string, string][]) =>
      marks.map(([name, selector, pseudo]) => {
        const element = window.document.querySelector(selector);
        return [name, element ? window.getComputedStyle(element, pseudo).transform : null];
      }),
    Object.entries(MARKS).map(([name, mark]): [string, string, string] => [name, mark.selector, mark.pseudo]),
  );
  const found: Partial<Record<Mark, string>> = {};
  for (const [name, transform] of transforms) if (transform !== null) found[name as Mark] = pointing(transform, MARKS[name as Mark].drawn);
  return found;
}

/** The card's call to action ends with an arrow written as text. */
function ctaArrow(page: Page): Promise<string> {
  return page.locator('.card-cta').evaluate((element) => (element.ownerDocument.defaultView!.getComputedStyle(element, '::after').content ?? '').replace(/["\s]/g, ''));
}

e2eTest('left to right: previous points left, next right, breadcrumbs and closed groups right, the card arrow up and right', async (t) => {
  const page = await e2e.open(t, 'shell');
  assert.deepEqual(await arrows(page, ''), { next: 'right', group: 'right', card: 'up-right' });
  assert.equal(await ctaArrow(page), '→');
  assert.deepEqual(await arrows(page, 'environment/openai-key'), { previous: 'left', next: 'right', breadcrumb: 'right', group: 'down' });
});

e2eTest('right to left (Arabic): every arrow mirrors; an open group still points down', async (t) => {
  const page = await e2e.open(t, 'shell');
  assert.deepEqual(await arrows(page, 'ar'), { next: 'left', group: 'left', card: 'up-left' });
  assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  assert.equal(await ctaArrow(page), '←');
  assert.deepEqual(await arrows(page, 'ar/environment/openai-key'), { previous: 'right', next: 'left', breadcrumb: 'left', group: 'down' });
});

e2eTest('right to left: the pager puts previous on the right and next on the left', async (t) => {
  const page = await e2e.open(t, 'shell', 'ar/environment/openai-key');
  const previous = (await page.locator('.pager-previous').boundingBox())!;
  const next = (await page.locator('.pager-next').boundingBox())!;
  assert.ok(previous.x > next.x, `previous at x ${previous.x}, next at x ${next.x}`);
});
