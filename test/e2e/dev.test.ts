/**
 * `docjet dev` in a real Chromium, with its real watcher: a page open in the browser follows the
 * files as they are edited on disk, without anyone reloading it. An edited paragraph is swapped in
 * place (the page is not reloaded, the scroll position stays); a page added to docs.json shows in
 * the sidebar; a broken page and a broken docs.json show the overlay with the problem, and fixing
 * them clears it. Each test writes its own small site into a temporary folder.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, type TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dev } from '../../src/dev/dev-server.ts';
import { CHROMIUM, e2eTest, eventually, inWindow, skipBrowser, texts } from './harness.ts';
import { BROWSER_STEP_MS, DEV_FIRST_PAGE_MS } from '../support/patience.ts';

let browser: Browser | undefined;

before(async () => {
  if (skipBrowser) return;
  assert.ok(existsSync(CHROMIUM), `the browser tests drive Chromium at ${CHROMIUM}: run scripts/install-browser.sh, or set DOCJET_SKIP_BROWSER=1`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
});

after(async () => {
  await browser?.close();
});

const DOCS_JSON = {
  name: 'Harbor',
  theme: 'mint',
  errors: { '404': { redirect: false } },
  navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] },
};

/** A long page: the first paragraph, ten sections, a last paragraph that the tests edit. */
function guide(last: string, extra = ''): string {
  const sections = Array.from({ length: 10 }, (_, index) => `## Section ${index + 1}\n\n${'Words to scroll past. '.repeat(60)}\n`).join('\n');
  return `---\ntitle: Guide\n---\n\nThe first paragraph.\n\n${sections}\n${last}\n${extra}`;
}

/** A site served by `dev()` with its watcher on, and a fresh page of the browser; all closed when the test ends. */
async function openDev(t: TestContext, pathname: string, setup = 'Install it.'): Promise<{ page: Page; root: string; served: string; loads: () => number }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-e2e-'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON, null, 2));
  await writeFile(path.join(root, 'guide.mdx'), guide('The last paragraph.'));
  await writeFile(path.join(root, 'setup.mdx'), `---\ntitle: Setup\n---\n\n${setup}\n`);
  const server = await dev({ root, port: 0 });
  assert.ok(browser, 'Chromium was not launched');
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(BROWSER_STEP_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  t.after(async () => {
    await context.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
    assert.deepEqual(problems, []);
  });
  let loads = 0;
  page.on('load', () => loads++);
  // The dev server's first page reads and renders the site first: on a busy machine, longer than a step.
  await server.ready;
  const response = await page.goto(new URL(pathname, server.url).href, { timeout: DEV_FIRST_PAGE_MS });
  const served = (await response?.text()) ?? '';
  // Connected to the live-reload channel once the page's own fetch of itself is done.
  await page.waitForLoadState('networkidle');
  return { page, root, served, loads: () => loads };
}

/** A value on `window` that a reload would lose. */
async function markWindow(page: Page): Promise<void> {
  await inWindow(page, (window) => {
    window.docjetNotReloaded = true;
  });
}

function wasReloaded(page: Page): Promise<boolean> {
  return inWindow(page, (window) => window.docjetNotReloaded !== true);
}

function overlayText(page: Page): Promise<string[]> {
  return texts(page, '#docjet-dev-overlay .entry');
}

e2eTest('an edited paragraph changes in the open page in place: no reload, the scroll position kept', async (t) => {
  const { page, root } = await openDev(t, '/guide');
  await page.locator('#section-6').scrollIntoViewIfNeeded();
  const scrolled = await inWindow(page, (window) => window.scrollY);
  assert.ok(scrolled > 1000, `scrolled down (${scrolled})`);
  await markWindow(page);
  await writeFile(path.join(root, 'guide.mdx'), guide('The last paragraph, edited.'));
  await eventually(() => page.locator('.prose p').last().innerText(), 'The last paragraph, edited.', 'the new text shows');
  assert.equal(await wasReloaded(page), false, 'the page was not reloaded');
  assert.equal(await inWindow(page, (window) => window.scrollY), scrolled, 'the scroll position is kept');
});

e2eTest('code shown before its grammar was compiled gets its colours in place, in a code group too: no reload', async (t) => {
  const group = '<CodeGroup>\n\n```ts first.ts\nconst answer: number = 42;\n```\n\n```python second.py\nanswer = 42\n```\n\n</CodeGroup>';
  const { page, served, loads } = await openDev(t, '/setup', `Install it.\n\n${group}`);
  assert.match(served, /<span class="line">const answer: number = 42;<\/span>/, "the page came before TypeScript's grammar was compiled");
  await eventually(
    () =>
      page
        .locator('.code-block code .line > span[class^="sk"]')
        .count()
        .then((count) => count > 0),
    true,
    'the code is coloured',
  );
  await page.getByRole('tab', { name: 'second.py' }).click();
  await eventually(
    () =>
      page
        .locator('.code-block:has(code.language-python) .line > span[class^="sk"]')
        .count()
        .then((count) => count > 0),
    true,
    'the Python block too',
  );
  assert.equal(loads(), 1, 'the page was not reloaded');
});

e2eTest('a page added to docs.json shows in the sidebar of the open page', async (t) => {
  const { page, root } = await openDev(t, '/setup');
  assert.deepEqual(await texts(page, '#sidebar a'), ['Guide', 'Setup']);
  await writeFile(path.join(root, 'faq.mdx'), '---\ntitle: Questions\n---\n\nAsk away.\n');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup', 'faq'] }] } }, null, 2));
  // The navigation changed, so the page reloads itself: a read during the reload finds nothing yet.
  await eventually(() => texts(page, '#sidebar a').catch(() => []), ['Guide', 'Setup', 'Questions'], 'the new page is in the sidebar');
  assert.match(await page.locator('h1').innerText(), /Setup/);
});

e2eTest('a broken page shows the overlay with the problem and its line; fixing it clears the overlay', async (t) => {
  const { page, root } = await openDev(t, '/guide');
  assert.deepEqual(await overlayText(page), []);
  await writeFile(path.join(root, 'guide.mdx'), guide('The last paragraph.', '\n<Card title="x">\n\nnever closed\n'));
  await page.locator('#docjet-dev-overlay .entry').first().waitFor();
  const [entry] = await overlayText(page);
  assert.match(entry!, /^guide\.mdx:\d+:1 warning mdx-syntax /);
  assert.match(entry!, /Expected a closing tag for <Card>/);
  assert.match(entry!, /\| <Card title="x">/, 'the source line is quoted');
  await writeFile(path.join(root, 'guide.mdx'), guide('The last paragraph.'));
  await eventually(() => overlayText(page), [], 'the overlay is gone once the page is fixed');
});

e2eTest("a link to another page's missing anchor shows in the overlay once that page's ids are known", async (t) => {
  const { page } = await openDev(t, '/setup', 'Install it, then read [section 2](guide#section-2) and [section 12](guide#section-12).');
  await eventually(
    () => overlayText(page).then((entries) => entries.map((entry) => entry.replace(/ (?:Did you mean|Link to) .*$/, ''))),
    ['setup.mdx:5:69 warning anchor-missing "guide#section-12": page "/guide" has no anchor "#section-12"'],
    'the overlay lists guide#section-12 alone',
  );
});

e2eTest('a broken docs.json keeps the page on screen under the overlay; fixing it clears the overlay', async (t) => {
  const { page, root } = await openDev(t, '/setup');
  await markWindow(page);
  await writeFile(path.join(root, 'docs.json'), '{\n  "name": "Harbor",\n  "navigation": { "groups": [ }\n}\n');
  await page.locator('#docjet-dev-overlay .entry').first().waitFor();
  const entries = await overlayText(page);
  assert.ok(
    entries.every((entry) => /^docs\.json:\d+:\d+ error /.test(entry)),
    entries.join('\n'),
  );
  assert.match(await page.locator('.prose').innerText(), /Install it\./, 'the last good page is still shown');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON, null, 2));
  await eventually(() => overlayText(page), [], 'the overlay is gone once docs.json is fixed');
  assert.equal(await wasReloaded(page), false);
});
