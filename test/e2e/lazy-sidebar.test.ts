/**
 * A large sidebar filled lazily: each page carries its own group whole and the others as a link to
 * their first page; opening another group fills it from the section's full sidebar, fetched once.
 * In the built site and in `docjet dev`, and with JavaScript off. Fixture:
 * test/fixtures/e2e/lazy-sections (written by test/fixtures/e2e/generate-lazy-sections.ts), one
 * site of three tabs, each section's sidebar over `LAZY_SIDEBAR_BYTES`: "Nested" (/api-reference/),
 * 8 tags of 12 operations as nested groups, then "Big", 100 operations with long summaries, over
 * `WINDOW_GROUP_BYTES`, whose pages show a window of it; "Top" (/top/), "Big" as a top-level
 * group, windowed there too; "Tabbed" (/tabbed/), the spec named by the tab, each tag a top-level
 * group. One build of 496 pages serves the three (they were three builds of 791).
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { dev } from '../../src/dev/dev-server.ts';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { browserSuite, e2eTest, eventually, inWindow, pathOf, texts } from './harness.ts';
import { DEV_FIRST_PAGE_MS } from '../support/patience.ts';

const e2e = browserSuite({ lazy: { fixture: 'lazy-sections' } });
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e/lazy-sections');

/**
 * One `docjet dev` for the file's two dev tests, on a copy of the fixture (a test edits a spec; dev
 * writes its cache in the site's folder): it reads the 496-page site once. Started by the first
 * test that asks; closed, and the copy removed, when the file ends.
 */
let devServer: Promise<{ url: string; root: string }> | undefined;
let closeDev = async (): Promise<void> => {};
function sharedDev(): Promise<{ url: string; root: string }> {
  devServer ??= (async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-lazy-dev-'));
    closeDev = () => rm(root, { recursive: true, force: true });
    await cp(FIXTURE, root, { recursive: true });
    const server = await dev({ root, port: 0, ahead: false });
    closeDev = async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    };
    // The dev server's first page reads and renders the site first: on a busy machine, longer than a step.
    await server.ready;
    return { url: server.url, root };
  })();
  return devServer;
}
after(() => closeDev());

function group(page: Page, label: string) {
  return page.locator('aside.sidebar details.nav-group.nested').filter({ has: page.locator(':scope > summary .nav-label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The labels of a group's page links, whether shown or not, or of its stub: the group's name, a link to its first page. */
async function entries(page: Page, label: string): Promise<string[]> {
  return (await group(page, label).locator('a.nav-link .nav-label, :scope > a[data-lazy]').allTextContents()).map((text) => text.trim());
}

function items(tag: string, count = 12): string[] {
  return Array.from({ length: count }, (_, index) => `${tag} item ${index + 1}`);
}

/** Counts the page's requests for navigation fragments. */
function fragmentRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/_docjet/nav/')) seen.count++;
  });
  return seen;
}

/** Opens a group other than the page's: its links arrive from the fragment, in one fetch; they lead to their pages. */
async function fillsGroups(page: Page): Promise<void> {
  const requests = fragmentRequests(page);
  assert.deepEqual(await entries(page, 'Tag 02'), items('Tag 02'), 'the page shows its own group whole');
  assert.equal(await group(page, 'Tag 02').getAttribute('open'), '');
  assert.deepEqual(await entries(page, 'Tag 05'), ['Tag 05'], 'another group holds only its name, a link to its first page, until filled');
  assert.equal(requests.count, 0, 'nothing is fetched before the reader uses the sidebar');

  await group(page, 'Tag 05').locator(':scope > summary').click();
  await eventually(() => entries(page, 'Tag 05'), items('Tag 05'));
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), ['Tag 02 item 3'], 'the current page stays marked');
  assert.equal(await group(page, 'Tag 02').getAttribute('open'), '', 'the open groups stay open');
  await group(page, 'Tag 07').locator(':scope > summary').click();
  assert.deepEqual(await entries(page, 'Tag 07'), items('Tag 07'));
  assert.equal(requests.count, 1, 'the full sidebar is fetched once');

  await group(page, 'Tag 05')
    .locator('a.nav-link')
    .filter({ has: page.locator('.nav-label', { hasText: /^Tag 05 item 12$/ }) })
    .click();
  await page.waitForURL(/tag-05-item-12$/);
  assert.equal(await page.locator('h1.page-title').innerText(), 'Tag 05 item 12');
}

e2eTest('a page carries its own group; opening another fills it from the fragment, fetched once', async (t) => {
  await fillsGroups(await e2e.open(t, 'lazy', 'api-reference/tag-02/tag-02-item-3'));
}); // the first test waits for the 496-page fixture's build (about 4 CPU-s): e2eTest's bound allows for it

e2eTest('without JavaScript a closed group leads to its first page, which shows the group whole', async (t) => {
  const page = await e2e.open(t, 'lazy', 'api-reference/tag-02/tag-02-item-3', { javaScriptEnabled: false });
  await group(page, 'Tag 05').locator(':scope > summary').click();
  await group(page, 'Tag 05').locator(':scope > a[data-lazy]').click();
  assert.equal(pathOf(page), '/api-reference/tag-05/tag-05-item-1');
  assert.deepEqual(await entries(page, 'Tag 05'), items('Tag 05'));
  assert.deepEqual(await entries(page, 'Tag 02'), ['Tag 02'], 'the group left is its name, a link to its first page');
});

/** Item 50 of "Big", in the "Nested" tab (in "Top": `top/big/…`). */
const BIG_50 = 'big/big-item-50-listing-the-records-of-one-account-a-page-at-a-time-newest-first-with-the-totals-of-each-page';

/** The labels of "Big" entries `from` to `to`. */
function bigItems(from: number, to: number): string[] {
  return Array.from(
    { length: to - from + 1 },
    (_, index) => `Big item ${from + index}, listing the records of one account a page at a time, newest first, with the totals of each page`,
  );
}

e2eTest('a page of a big group shows the entries around it; pointing at the sidebar fills the group, the page kept marked and in place', async (t) => {
  const page = await e2e.open(t, 'lazy', `api-reference/${BIG_50}`);
  const requests = fragmentRequests(page);
  assert.deepEqual(await entries(page, 'Big'), bigItems(40, 60), 'ten entries either side');
  // The browser fires `toggle` for a group written open, before or after the page script listens
  // (a race, 1 load in 20 here): heard after, it is no reader's doing and fetches nothing.
  // The page script fetches at once if it does (`fetch` is called in the listener): counted in the page.
  const fetched = await inWindow(page, (window) => {
    const calls: string[] = [];
    const fetch = window.fetch;
    window.fetch = (...args: unknown[]) => (calls.push(String(args[0])), fetch(...args));
    window.document.querySelector('aside.sidebar details.nav-group[open]:has(> ul[data-lazy="window"])').dispatchEvent(new window.Event('toggle'));
    return calls;
  });
  assert.deepEqual(fetched, [], 'nothing is fetched before the reader uses the sidebar');
  assert.deepEqual(await entries(page, 'Big'), bigItems(40, 60), 'the window stays until the reader points at the sidebar');
  const current = page.locator('aside.sidebar a.nav-link[aria-current="page"]');
  const before = (await current.boundingBox())!;
  const sidebar = (await page.locator('aside.sidebar').boundingBox())!;
  assert.ok(before.y >= sidebar.y && before.y + before.height <= sidebar.y + sidebar.height, 'the current entry is on screen');

  await current.hover();
  await eventually(() => entries(page, 'Big'), bigItems(1, 100));
  assert.equal(requests.count, 1);
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), bigItems(50, 50), 'the current page stays marked');
  const after = (await current.boundingBox())!;
  assert.ok(Math.abs(after.y - before.y) < 1, `the current entry stays where it was (${before.y} px from the top, now ${after.y})`);
  assert.equal(await group(page, 'Big').getAttribute('open'), '');

  await group(page, 'Big')
    .locator('a.nav-link')
    .filter({ has: page.locator('.nav-label', { hasText: bigItems(95, 95)[0]! }) })
    .click();
  await page.waitForURL(/big-item-95-/);
  assert.equal(await page.locator('h1.page-title').innerText(), bigItems(95, 95)[0]);
});

e2eTest('without JavaScript the window of a big group leads to its pages, each showing its own neighbours', async (t) => {
  const page = await e2e.open(t, 'lazy', `api-reference/${BIG_50}`, { javaScriptEnabled: false });
  assert.deepEqual(await entries(page, 'Big'), bigItems(40, 60));
  await group(page, 'Big').locator('a.nav-link').last().click();
  assert.match(pathOf(page), /^\/api-reference\/big\/big-item-60-/);
  assert.equal(await page.locator('h1.page-title').innerText(), bigItems(60, 60)[0]);
  assert.deepEqual(await entries(page, 'Big'), bigItems(50, 70));
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), bigItems(60, 60));
});

e2eTest('docjet dev serves the same lazy sidebar and its fragment', async (t) => {
  const server = await sharedDev();
  const page = await e2e.open(t, 'lazy');
  await page.goto(new URL('api-reference/tag-02/tag-02-item-3', server.url).href, { timeout: DEV_FIRST_PAGE_MS });
  await fillsGroups(page);
});

e2eTest('a big top-level group shows the entries around the page; the other top-level group, a stub, has the page fill it from the fragment at once', async (t) => {
  const big = (page: Page) => page.locator('aside.sidebar section.nav-group').filter({ has: page.locator(':scope > .nav-group-title .nav-label', { hasText: /^Big$/ }) });
  const labels = async (page: Page): Promise<string[]> => (await big(page).locator('a.nav-link .nav-label').allTextContents()).map((text) => text.trim());
  const asWritten = await e2e.open(t, 'lazy', `top/${BIG_50}`, { javaScriptEnabled: false });
  assert.deepEqual(await labels(asWritten), bigItems(40, 60), 'ten entries either side');

  const page = await e2e.open(t, 'lazy', undefined);
  const requests = fragmentRequests(page);
  await page.goto(e2e.site('lazy').href(`top/${BIG_50}`));
  await eventually(() => labels(page), bigItems(1, 100));
  assert.equal(requests.count, 1);
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), bigItems(50, 50), 'the current page stays marked');
});

/** A top-level group's section, found by its label. */
function topGroup(page: Page, label: string) {
  return page.locator('aside.sidebar section.nav-group').filter({ has: page.locator(':scope > .nav-group-title .nav-label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The labels of a top-level group's page links. */
async function topEntries(page: Page, label: string): Promise<string[]> {
  return (await topGroup(page, label).locator('a.nav-link .nav-label').allTextContents()).map((text) => text.trim());
}

e2eTest("top-level groups: the page carries its own group and the others' names; the section's file fills them at once, fetched once for the tab", async (t) => {
  const page = await e2e.open(t, 'lazy', undefined);
  const requests = fragmentRequests(page);
  await page.goto(e2e.site('lazy').href('tabbed/tag-02/tag-02-item-3'));
  // Always expanded, so in view: filled as soon as the page is read, without the reader pointing at it.
  await eventually(() => topEntries(page, 'Tag 05'), items('Tag 05'));
  assert.deepEqual(await topEntries(page, 'Tag 02'), items('Tag 02'));
  assert.equal(await page.locator('aside.sidebar section[data-lazy]').count(), 0, 'every group filled');
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), ['Tag 02 item 3'], 'the current page stays marked');
  assert.equal(requests.count, 1);

  // The next page of the section is filled from the copy this tab keeps: no second request.
  await topGroup(page, 'Tag 05')
    .locator('a.nav-link')
    .filter({ has: page.locator('.nav-label', { hasText: /^Tag 05 item 12$/ }) })
    .click();
  await page.waitForURL(/tag-05-item-12$/);
  await eventually(() => topEntries(page, 'Tag 07'), items('Tag 07'));
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), ['Tag 05 item 12']);
  assert.equal(requests.count, 1, "the section's file is fetched once");
});

e2eTest('top-level groups without JavaScript: another group is its name, a link to its first page, which shows that group whole', async (t) => {
  const page = await e2e.open(t, 'lazy', 'tabbed/tag-02/tag-02-item-3', { javaScriptEnabled: false });
  assert.deepEqual(await topEntries(page, 'Tag 02'), items('Tag 02'));
  assert.deepEqual(await topEntries(page, 'Tag 05'), [], 'its name only');
  await topGroup(page, 'Tag 05').locator('a.nav-group-title').click();
  assert.equal(pathOf(page), '/tabbed/tag-05/tag-05-item-1');
  assert.deepEqual(await topEntries(page, 'Tag 05'), items('Tag 05'));
  assert.deepEqual(await texts(page, 'aside.sidebar a.nav-link[aria-current="page"] .nav-label'), ['Tag 05 item 1']);
  assert.deepEqual(await topEntries(page, 'Tag 02'), []);
});

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page as it is, one line each (test/e2e/accessibility.test.ts runs it on whole sites). */
async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return inWindow(page, async (window) => {
    const result = await window.axe.run(window.document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation: { id: string; nodes: { target: string[] }[] }) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}`));
  });
}

e2eTest('axe finds nothing serious in a lazy sidebar of top-level groups, with its stubs and once filled', async (t) => {
  const page = await e2e.open(t, 'lazy', undefined);
  // The section's file held back until axe has seen the stubs.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_docjet/nav/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(e2e.site('lazy').href('tabbed/tag-02/tag-02-item-3'));
  assert.equal(await page.locator('aside.sidebar section[data-lazy]').count(), 8, 'Tag 01 to Tag 08 but its own, and Big');
  assert.deepEqual(await axeProblems(page), [], 'with the stubs');
  release();
  await eventually(() => topEntries(page, 'Tag 05'), items('Tag 05'));
  assert.deepEqual(await axeProblems(page), [], 'once filled');
});

// The one test that edits the dev server's copy: the spec of the "Tabbed" tab, which no other test reads there.
e2eTest("docjet dev: a saved change to another top-level group's entries shows in the open page's sidebar, never the tab's kept copy", async (t) => {
  const server = await sharedDev();
  const page = await e2e.open(t, 'lazy');
  await page.goto(new URL('tabbed/tag-02/tag-02-item-3', server.url).href, { timeout: DEV_FIRST_PAGE_MS });
  await eventually(() => topEntries(page, 'Tag 05'), items('Tag 05'));

  const file = path.join(server.root, 'tabbed.json');
  const spec = await readFile(file, 'utf8');
  await writeFile(file, spec.replace('"summary":"Tag 05 item 4"', '"summary":"Tag 05 item four"'));
  const renamed = items('Tag 05').map((label) => (label === 'Tag 05 item 4' ? 'Tag 05 item four' : label));
  await eventually(() => topEntries(page, 'Tag 05').catch(() => []), renamed, 'the sidebar shows the saved name', DEV_FIRST_PAGE_MS);
});
