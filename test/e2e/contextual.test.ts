/**
 * The page's contextual menu, in a browser: "Copy page" puts the page's Markdown on the clipboard;
 * "View as Markdown" opens the page's `.md` file; without JavaScript the button is hidden and the
 * link still works; the menu follows an in-page language switch; `display: "toc"` shows it atop
 * the table of contents, and in the header where that column is not shown; the script completes
 * "Open in …" links and the site's own `$page` entries. Fixtures: test/fixtures/e2e/navigation
 * (served under a base path) and shared-languages (a page listed in English and Arabic).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow, pathOf, texts } from './harness.ts';

const SHARE = { title: 'Share', description: 'Post this page', href: { base: 'https://share.example/post', query: [{ key: 'text', value: '$page' }] } };

const MCP_LINK = { title: 'Our MCP page', href: { base: 'https://mcp.example/add', query: [{ key: 'server', value: '$mcp' }] } };

const e2e = browserSuite({
  nav: { fixture: 'navigation', base: '/docs/' },
  atlas: { fixture: 'shared-languages', config: { contextual: { options: ['copy', 'view', 'chatgpt', SHARE], display: 'toc' } } },
  mcp: { fixture: 'shared-languages', base: '/docs/', config: { name: 'Atlas', contextual: { options: ['mcp', 'add-mcp', 'cursor', 'vscode', MCP_LINK] } } },
});

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

e2eTest('the MCP entries name the /mcp of the address the page is served at: URL and install command copied, Cursor and VS Code links, $mcp', async (t) => {
  const page = await e2e.open(t, 'mcp', 'guides/glossary', CLIPBOARD);
  const url = new URL('/docs/mcp', page.url()).href;
  await page.getByRole('button', { name: 'Copy MCP server URL' }).click();
  await eventually(() => inWindow(page, ({ navigator }) => navigator.clipboard.readText()), url, 'the URL is copied');
  await page.locator('[data-contextual]:visible summary').click();
  await page.getByRole('button', { name: /Copy MCP install command/ }).click();
  await eventually(() => inWindow(page, ({ navigator }) => navigator.clipboard.readText()), `npx add-mcp ${url}`, 'the command is copied');
  const href = (name: RegExp): Promise<string | null> => page.getByRole('link', { name }).getAttribute('href');
  const cursor = new URL((await href(/Connect to Cursor/))!);
  assert.equal(`${cursor.protocol}//${cursor.host}${cursor.pathname}`, 'cursor://anysphere.cursor-deeplink/mcp/install');
  assert.equal(cursor.searchParams.get('name'), 'Atlas');
  assert.deepEqual(JSON.parse(atob(cursor.searchParams.get('config')!)), { url });
  const vscode = (await href(/Connect to VS Code/))!;
  assert.equal(vscode, `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'Atlas', type: 'http', url }))}`);
  assert.equal(await href(/Our MCP page/), `https://mcp.example/add?server=${encodeURIComponent(url)}`);
});

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

/** The menu's words as a reader sees them where it is shown: the button, the toggle's name, and each entry's title. */
async function menuWords(page: Page): Promise<Record<string, unknown>> {
  const menu = page.locator('[data-contextual]').filter({ visible: true });
  await menu.locator('summary').click();
  const words = {
    button: await menu.locator('.contextual-primary').innerText(),
    toggle: await menu.locator('summary').textContent(),
    entries: await texts(page, '[data-contextual]:visible .contextual-title'),
  };
  await menu.locator('summary').click();
  return words;
}

e2eTest('the menu follows an in-page switch to another language, and says "copied" in it', async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary', CLIPBOARD);
  assert.deepEqual(await menuWords(page), { button: 'Copy page', toggle: 'More page actions', entries: ['View as Markdown', 'Open in ChatGPT', 'Share'] });

  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: 'العربية' }).click();
  await eventually(() => page.locator('html').getAttribute('lang'), 'ar');
  assert.deepEqual(await menuWords(page), { button: 'نسخ الصفحة', toggle: 'إجراءات أخرى للصفحة', entries: ['عرض بصيغة Markdown', 'فتح في ChatGPT', 'Share'] });
  await page.locator('.contextual-toc .contextual-primary').click();
  await eventually(() => page.locator('.contextual-toc .contextual-primary').innerText(), 'تم النسخ');
});

e2eTest('display "toc": the menu tops the table of contents on a wide screen, and sits in the header on a phone', async (t) => {
  const wide = await e2e.open(t, 'atlas', 'guides/glossary');
  assert.equal(await wide.locator('.toc-column > .contextual-toc').isVisible(), true);
  assert.equal(await wide.locator('.page-header .contextual').isVisible(), false);
  const [menu, toc] = [await wide.locator('.contextual-toc').boundingBox(), await wide.locator('.toc-column > .toc').boundingBox()];
  assert.ok(menu && toc && menu.y + menu.height <= toc.y, 'the menu is above the contents');

  const phone = await e2e.open(t, 'atlas', 'guides/glossary', { viewport: { width: 390, height: 800 } });
  assert.equal(await phone.locator('.page-header .contextual-narrow').isVisible(), true);
  assert.equal(await phone.locator('.contextual-toc').isVisible(), false);
  await phone.getByRole('button', { name: 'Copy page' }).waitFor();
});

e2eTest('"Open in ChatGPT" asks about the page\'s Markdown at the address it is served from', async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary');
  const link = page.locator('.contextual-toc a', { hasText: 'Open in ChatGPT' });
  const prompt = `Read ${e2e.site('atlas').href('guides/glossary.md')} so I can ask questions about it.`;
  await eventually(() => link.getAttribute('href'), `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}`);
  assert.equal(await link.getAttribute('target'), '_blank');
});

e2eTest("a site's own entry with $page opens its link with the page's Markdown in it", async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary');
  await page.context().route('https://share.example/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'shared' }));
  await page.locator('.contextual-toc summary').click();
  const opened = page.context().waitForEvent('page');
  await page.locator('.contextual-toc a', { hasText: 'Share' }).click();
  const popup = await opened;
  await popup.waitForURL(/share\.example/);
  const markdown = await inWindow(page, async ({ fetch }) => (await fetch('/guides/glossary.md')).text());
  assert.equal(new URL(popup.url()).searchParams.get('text'), markdown);
  assert.equal(pathOf(page), '/guides/glossary', 'the page itself stays');
});
