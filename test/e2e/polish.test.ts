/**
 * The visual defects of issue 32, measured in Chromium (test/fixtures/e2e/polish): the phone title
 * row, the endpoint URL at 375 px, a page without a table of contents, and tab rows wider than
 * their box.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow } from './harness.ts';

const e2e = browserSuite({ site: { fixture: 'polish' } });
const PHONE = { viewport: { width: 375, height: 800 } };

e2eTest('phone: "Copy page" has a row of its own, and the title keeps one line', async (t) => {
  const page = await e2e.open(t, 'site', 'introduction', PHONE);
  await page.locator('[data-copy-page]').waitFor();
  const boxes = await inWindow(page, (window) => {
    const title = window.document.querySelector('h1.page-title');
    return {
      menuBottom: window.document.querySelector('.page-header .contextual').getBoundingClientRect().bottom as number,
      titleTop: title.getBoundingClientRect().top as number,
      titleHeight: title.getBoundingClientRect().height as number,
      lineHeight: parseFloat(window.getComputedStyle(title).lineHeight),
    };
  });
  assert.ok(boxes.menuBottom <= boxes.titleTop, `the menu (bottom ${boxes.menuBottom}) is above the title (top ${boxes.titleTop})`);
  assert.ok(boxes.titleHeight < boxes.lineHeight * 1.5, `"Introduction" on one line: ${boxes.titleHeight}px high, lines of ${boxes.lineHeight}px`);
});

e2eTest('phone: the endpoint URL wraps between its segments, never mid-word', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/list-subscription-invoices', PHONE);
  const lines = await inWindow(page, (window) => {
    const url = window.document.querySelector('.endpoint-url');
    const walker = window.document.createTreeWalker(url, 4);
    const starts: string[] = [];
    let lastTop: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent.length; index++) {
        const range = window.document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop === undefined || top > lastTop + 2) starts.push(node.textContent.slice(index, index + 12));
        lastTop = top;
      }
    }
    return starts;
  });
  assert.ok(lines.length > 1, `the URL wraps at 375 px: ${JSON.stringify(lines)}`);
  for (const line of lines.slice(1)) assert.ok(line.startsWith('/'), `a line starts at a segment: ${JSON.stringify(lines)}`);
});

e2eTest('a page without a table of contents sits in the middle of its column, not at its start', async (t) => {
  const page = await e2e.open(t, 'site', 'introduction');
  const gaps = await inWindow(page, (window) => {
    const column = window.document.querySelector('main.content').getBoundingClientRect();
    const article = window.document.querySelector('article.page').getBoundingClientRect();
    return { start: Math.round(article.left - column.left), end: Math.round(column.right - article.right) };
  });
  assert.ok(gaps.end > 40, `the column is wider than the page at 1280 px: ${JSON.stringify(gaps)}`);
  assert.ok(Math.abs(gaps.start - gaps.end) <= 2, `as much room on each side: ${JSON.stringify(gaps)}`);
});

/** Mean brightness of a few pixels wide strip at the start and the end of an element, as drawn. */
async function edges(page: Page, selector: string): Promise<{ start: number; end: number }> {
  const png = (await page.locator(selector).first().screenshot()).toString('base64');
  return inWindow(
    page,
    async (window, data) => {
      const image = new window.Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = window.document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const result = [0, image.width - 3].map((x) => {
        const pixels = context.getImageData(x, 0, 3, Math.max(1, image.height - 3)).data;
        let sum = 0;
        for (let index = 0; index < pixels.length; index += 4) sum += pixels[index] + pixels[index + 1] + pixels[index + 2];
        return sum / (pixels.length / 4) / 3;
      });
      return { start: result[0] as number, end: result[1] as number };
    },
    png,
  );
}

e2eTest('a row of tabs wider than its box shows a shade on the side where tabs are hidden', async (t) => {
  const page = await e2e.open(t, 'site', 'install', PHONE);
  const row = '.code-group > [role="tablist"]';
  const sizes = await inWindow(page, (window) => {
    const list = window.document.querySelector('.code-group > [role="tablist"]');
    return { scroll: list.scrollWidth as number, client: list.clientWidth as number };
  });
  assert.ok(sizes.scroll > sizes.client, `the row overflows at 375 px: ${JSON.stringify(sizes)}`);
  const atStart = await edges(page, row);
  assert.ok(atStart.end < atStart.start - 8, `more tabs to the end: the end is shaded ${JSON.stringify(atStart)}`);
  await inWindow(page, (window) => {
    const list = window.document.querySelector('.code-group > [role="tablist"]');
    list.scrollLeft = list.scrollWidth;
  });
  const atEnd = await edges(page, row);
  assert.ok(atEnd.start < atEnd.end - 8, `more tabs to the start: the start is shaded ${JSON.stringify(atEnd)}`);
});
