/**
 * The page header's contextual menu, in a browser: "Copy page" puts the page's Markdown on the
 * clipboard; "View as Markdown" opens the page's `.md` file; without JavaScript the button is
 * hidden and the link still works. Fixture: test/fixtures/e2e/navigation, served under a base path.
 */
import assert from 'node:assert/strict';
import { browserSuite, e2eTest, eventually, inWindow, pathOf } from './harness.ts';

const e2e = browserSuite({ nav: { fixture: 'navigation', base: '/docs/' } });

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

e2eTest('"Copy page" puts the page\'s Markdown on the clipboard', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', CLIPBOARD);
  await page.getByRole('button', { name: 'Copy page' }).click();
  const button = page.locator('[data-copy-page]');
  await eventually(() => button.innerText(), 'Copied', 'the button says it copied');
  const expected = await inWindow(page, async ({ fetch }) => (await fetch('/docs/guides/install.md')).text());
  const copied = await inWindow(page, ({ navigator }) => navigator.clipboard.readText());
  assert.equal(copied, expected);
  assert.match(copied, /^# /, 'the Markdown starts with the page title');
});

e2eTest('"View as Markdown" opens the page\'s .md file from the menu; Escape closes the menu', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install');
  const menu = page.locator('[data-contextual] details');
  await menu.locator('summary').click();
  assert.equal(await menu.getAttribute('open'), '');
  await page.keyboard.press('Escape');
  assert.equal(await menu.getAttribute('open'), null);
  await menu.locator('summary').click();
  const response = page.waitForResponse((each) => each.url().endsWith('/docs/guides/install.md'));
  await page.getByRole('link', { name: 'View as Markdown' }).click();
  assert.equal((await response).headers()['content-type'], 'text/markdown; charset=utf-8');
  assert.equal(pathOf(page), '/docs/guides/install.md');
});

e2eTest('without JavaScript the copy button is hidden and "View as Markdown" is a working link', async (t) => {
  const page = await e2e.open(t, 'nav', 'guides/install', { javaScriptEnabled: false });
  assert.equal(await page.locator('[data-copy-page]').isVisible(), false);
  await page.locator('[data-contextual] summary').click();
  await page.getByRole('link', { name: 'View as Markdown' }).click();
  assert.equal(pathOf(page), '/docs/guides/install.md');
  assert.match(await page.locator('body').innerText(), /^# /);
});
