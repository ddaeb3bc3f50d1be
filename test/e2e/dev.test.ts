/**
 * `docjet dev` in a real Chromium, with its real watcher: a page open in the browser follows the
 * files as they are edited on disk, without anyone reloading it. An edited paragraph is swapped in
 * place (the page is not reloaded, the scroll position stays); a page added to docs.json shows in
 * the sidebar; a broken page and a broken docs.json show the overlay with the problem, and fixing
 * them clears it. The tests share one small site in a temporary folder and its dev server (started
 * once: a server's start and its render threads cost more than a test): each puts back what it
 * changed, handed to the server before the next test begins. The one test that needs a server that
 * has never compiled a grammar has its own. Pages come from a pool (harness.ts `pagePool`), reset
 * between tests as a new context would be.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, type TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dev, type DevServer } from '../../src/dev/dev-server.ts';
import { CHROMIUM, e2eTest, eventually, inWindow, pagePool, skipBrowser, texts } from './harness.ts';
import { DEV_FIRST_PAGE_MS } from '../support/patience.ts';

let browser: Browser | undefined;
const pool = pagePool(
  () => {
    assert.ok(browser, 'Chromium was not launched');
    return browser;
  },
  () => [],
);
/** Dev servers not closed yet, with their folders: closed and removed when the file ends. */
const sites = new Set<Promise<DevSite>>();

before(async () => {
  if (skipBrowser) return;
  assert.ok(existsSync(CHROMIUM), `the browser tests drive Chromium at ${CHROMIUM}: run scripts/install-browser.sh, or set DOCJET_SKIP_BROWSER=1`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
});

after(async () => {
  await pool.close();
  await browser?.close();
  for (const site of sites) await closeSite(site);
});

/** Closes the server, then removes its folder (it writes its cache there until it is closed). */
async function closeSite(started: Promise<DevSite>): Promise<void> {
  sites.delete(started);
  const site = await started.catch(() => undefined);
  if (!site) return;
  await site.server.close();
  await rm(site.root, { recursive: true, force: true });
}

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

/** The site's files as each test finds them. `links.mdx`, listed nowhere, links to one anchor of the guide that is there and one that is not. */
const FILES: Record<string, string> = {
  'docs.json': JSON.stringify(DOCS_JSON, null, 2),
  'guide.mdx': guide('The last paragraph.'),
  'setup.mdx': '---\ntitle: Setup\n---\n\nInstall it.\n',
  'links.mdx': '---\ntitle: Links\n---\n\nInstall it, then read [section 2](guide#section-2) and [section 12](guide#section-12).\n',
};

interface DevSite {
  server: DevServer;
  root: string;
}

/** The site (its files as in FILES, then as `files` says) in a new folder, served by `dev()` with its watcher on, the site read. */
function startSite(files: Record<string, string> = {}): Promise<DevSite> {
  const site = (async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-e2e-'));
    for (const [file, text] of Object.entries({ ...FILES, ...files })) await writeFile(path.join(root, file), text);
    const server = await dev({ root, port: 0, ahead: false });
    // The dev server's first page reads and renders the site first: on a busy machine, longer than a step.
    await server.ready;
    return { server, root };
  })();
  sites.add(site);
  return site;
}

let shared: Promise<DevSite> | undefined;
/** The site most tests share, started by the first that asks. */
function sharedSite(): Promise<DevSite> {
  shared ??= startSite();
  return shared;
}

/**
 * When the test ends, each of `files` is put back as in FILES (removed when it has no entry there),
 * and handed to the server at once rather than left to its watcher, so the next test finds the site
 * as it was. A hook of the test: it runs after the test's page is given back, so no page reloads on it.
 */
function putBackAfter(t: TestContext, site: DevSite, files: string[]): void {
  t.after(async () => {
    for (const file of files) {
      const text = FILES[file];
      if (text === undefined) await rm(path.join(site.root, file), { force: true });
      else await writeFile(path.join(site.root, file), text);
    }
    await site.server.changed(files.map((file) => ({ file, kind: FILES[file] === undefined ? 'delete' : 'update' })));
  });
}

/** A page of the pool at `pathname` of the site, connected to its live-reload channel; the page's uncaught errors fail the test. */
async function openDev(t: TestContext, site: DevSite, pathname: string): Promise<{ page: Page; served: string; loads: () => number }> {
  const entry = await pool.take();
  const { page } = entry;
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  t.after(async () => {
    await pool.giveBack(entry);
    assert.deepEqual(problems, []);
  });
  let loads = 0;
  page.on('load', () => loads++);
  const response = await page.goto(new URL(pathname, site.server.url).href, { timeout: DEV_FIRST_PAGE_MS });
  const served = (await response?.text()) ?? '';
  // Connected to the live-reload channel once the page's own fetch of itself is done.
  await page.waitForLoadState('networkidle');
  return { page, served, loads: () => loads };
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
  const site = await sharedSite();
  const { page } = await openDev(t, site, '/guide');
  putBackAfter(t, site, ['guide.mdx']);
  await page.locator('#section-6').scrollIntoViewIfNeeded();
  const scrolled = await inWindow(page, (window) => window.scrollY);
  assert.ok(scrolled > 1000, `scrolled down (${scrolled})`);
  await markWindow(page);
  await writeFile(path.join(site.root, 'guide.mdx'), guide('The last paragraph, edited.'));
  await eventually(() => page.locator('.prose p').last().innerText(), 'The last paragraph, edited.', 'the new text shows');
  assert.equal(await wasReloaded(page), false, 'the page was not reloaded');
  assert.equal(await inWindow(page, (window) => window.scrollY), scrolled, 'the scroll position is kept');
});

e2eTest('code shown before its grammar was compiled gets its colours in place, in a code group too: no reload', async (t) => {
  const group = '<CodeGroup>\n\n```ts first.ts\nconst answer: number = 42;\n```\n\n```python second.py\nanswer = 42\n```\n\n</CodeGroup>';
  // A server of its own: the shared one may have compiled TypeScript's grammar for an earlier test.
  const started = startSite({ 'setup.mdx': `---\ntitle: Setup\n---\n\nInstall it.\n\n${group}\n` });
  const { page, served, loads } = await openDev(t, await started, '/setup');
  // Closed when the test ends, after its page was given back: its work ahead of the reader would go on through the next tests.
  t.after(() => closeSite(started));
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
  const site = await sharedSite();
  const { page } = await openDev(t, site, '/setup');
  putBackAfter(t, site, ['docs.json', 'faq.mdx']);
  assert.deepEqual(await texts(page, '#sidebar a'), ['Guide', 'Setup']);
  await writeFile(path.join(site.root, 'faq.mdx'), '---\ntitle: Questions\n---\n\nAsk away.\n');
  await writeFile(path.join(site.root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup', 'faq'] }] } }, null, 2));
  // The navigation changed, so the page reloads itself: a read during the reload finds nothing yet.
  await eventually(() => texts(page, '#sidebar a').catch(() => []), ['Guide', 'Setup', 'Questions'], 'the new page is in the sidebar');
  assert.match(await page.locator('h1').innerText(), /Setup/);
});

e2eTest('a broken page shows the overlay with the problem and its line; fixing it clears the overlay', async (t) => {
  const site = await sharedSite();
  const { page } = await openDev(t, site, '/guide');
  putBackAfter(t, site, ['guide.mdx']);
  assert.deepEqual(await overlayText(page), []);
  await writeFile(path.join(site.root, 'guide.mdx'), guide('The last paragraph.', '\n<Card title="x">\n\nnever closed\n'));
  await page.locator('#docjet-dev-overlay .entry').first().waitFor();
  const [entry] = await overlayText(page);
  assert.match(entry!, /^guide\.mdx:\d+:1 warning mdx-syntax /);
  assert.match(entry!, /Expected a closing tag for <Card>/);
  assert.match(entry!, /\| <Card title="x">/, 'the source line is quoted');
  await writeFile(path.join(site.root, 'guide.mdx'), guide('The last paragraph.'));
  await eventually(() => overlayText(page), [], 'the overlay is gone once the page is fixed');
});

e2eTest("a link to another page's missing anchor shows in the overlay once that page's ids are known", async (t) => {
  const { page } = await openDev(t, await sharedSite(), '/links');
  await eventually(
    () => overlayText(page).then((entries) => entries.map((entry) => entry.replace(/ (?:Did you mean|Link to) .*$/, ''))),
    ['links.mdx:5:69 warning anchor-missing "guide#section-12": page "/guide" has no anchor "#section-12"'],
    'the overlay lists guide#section-12 alone',
  );
});

e2eTest('a broken docs.json keeps the page on screen under the overlay; fixing it clears the overlay', async (t) => {
  const site = await sharedSite();
  const { page } = await openDev(t, site, '/setup');
  putBackAfter(t, site, ['docs.json']);
  await markWindow(page);
  await writeFile(path.join(site.root, 'docs.json'), '{\n  "name": "Harbor",\n  "navigation": { "groups": [ }\n}\n');
  await page.locator('#docjet-dev-overlay .entry').first().waitFor();
  const entries = await overlayText(page);
  assert.ok(
    entries.every((entry) => /^docs\.json:\d+:\d+ error /.test(entry)),
    entries.join('\n'),
  );
  assert.match(await page.locator('.prose').innerText(), /Install it\./, 'the last good page is still shown');
  await writeFile(path.join(site.root, 'docs.json'), FILES['docs.json']!);
  await eventually(() => overlayText(page), [], 'the overlay is gone once docs.json is fixed');
  assert.equal(await wasReloaded(page), false);
});
