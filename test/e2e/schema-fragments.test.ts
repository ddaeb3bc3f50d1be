/**
 * Levels of fields past a page's budget (src/render/endpoint/schema-fragment.ts), in the browser:
 * opening one fetches its schema's fragment once and shows the fields in place, with the page's
 * markup, tabs that work and a keyboard that opens the next level; without JavaScript the level
 * is a link to the same fields; `docjet dev` serves the fragments too. Fixture:
 * test/fixtures/e2e/deep-schemas (20 branches of 30 leaves, written by generate-deep-schemas.ts).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { dev } from '../../src/dev/dev-server.ts';
import { browserSuite, e2eTest, texts } from './harness.ts';
import { DEV_FIRST_PAGE_MS } from '../support/patience.ts';

const e2e = browserSuite({ trees: { fixture: 'deep-schemas' } });
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e/deep-schemas');
const ENDPOINT = 'api-reference/plant-a-tree';

/** The field called `name` directly inside `scope`. */
function field(scope: Page | Locator, name: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.field')
    .filter({ has: page.locator(':scope > .field-header > .field-name', { hasText: new RegExp(`^${name}$`) }) })
    .first();
}

/** The field's "Show …" level. */
function level(scope: Locator): Locator {
  return scope.locator(':scope > .field-description > details.expandable');
}

function fieldNames(scope: Locator): Promise<string[]> {
  return scope.locator(':scope > .expandable-content > .schema-fields > .field > .field-header > .field-name').allInnerTexts();
}

/** Counts the page's requests for schema fragments. */
function fragmentRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/_docjet/schemas/')) seen.push(pathname.replace(/^.*\/_docjet\/schemas\//, '').replace(/\.[0-9a-f]{10}\.html$/, ''));
  });
  return seen;
}

/** Opens a branch, then a leaf in it with the keyboard, then picks a shape: every level arrives once, and works. */
async function opensLevels(page: Page): Promise<void> {
  const requests = fragmentRequests(page);
  const branch = field(page, 'branch0');
  assert.equal(await level(branch).locator(':scope > summary').innerText(), 'Show child attributes');
  assert.deepEqual(requests, [], 'nothing is fetched before a level is opened');

  await level(branch).locator(':scope > summary').click();
  await level(branch)
    .locator('.field-name', { hasText: /^leaf29$/ })
    .waitFor();
  assert.deepEqual((await fieldNames(level(branch))).slice(0, 3), ['leaf0', 'leaf1', 'leaf2']);
  assert.equal((await fieldNames(level(branch))).length, 30);

  // The next level, from the keyboard: a <summary> is a button.
  const leaf = field(level(branch), 'leaf0');
  await level(leaf).locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  await level(leaf)
    .locator('.field-name', { hasText: /^shape$/ })
    .waitFor();
  assert.deepEqual(await fieldNames(level(leaf)), ['colour', 'length', 'vein0', 'vein1', 'vein2', 'vein3', 'vein4', 'vein5', 'shape']);

  // The fetched fields' tabs switch like the page's own, by click and by arrow key.
  const shape = field(level(leaf), 'shape');
  await level(shape).locator(':scope > summary').click();
  const tabs = level(shape).locator('[role="tab"]');
  assert.deepEqual(await tabs.allInnerTexts(), ['Round', 'Pointed']);
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await tabs.nth(1).getAttribute('aria-selected'), 'true');
  assert.equal(await level(shape).locator('[role="tabpanel"]:not([hidden]) .field-name').innerText(), 'tip');

  // Another branch holds the same schema: shown from the fragment already fetched.
  const other = field(page, 'branch1');
  await level(other).locator(':scope > summary').click();
  await level(other)
    .locator('.field-name', { hasText: /^leaf29$/ })
    .waitFor();
  assert.deepEqual(requests, ['Branch', 'Leaf'], 'each fragment is fetched once');
  const ids = await page.locator('[id]').evaluateAll((nodes) => nodes.map((node) => node.id));
  assert.deepEqual(
    ids.filter((id, index) => ids.indexOf(id) !== index),
    [],
    'ids stay unique on the page',
  );
}

e2eTest("opening a level past the page's budget shows its fields, fetched once from the schema's fragment", async (t) => {
  await opensLevels(await e2e.open(t, 'trees', ENDPOINT));
});

e2eTest('without JavaScript a level past the budget links to its fields, and so on down', async (t) => {
  const page = await e2e.open(t, 'trees', ENDPOINT, { javaScriptEnabled: false });
  const branch = field(page, 'branch0');
  await level(branch).locator(':scope > summary').click();
  const link = level(branch).locator('.schema-more a');
  assert.equal(await link.innerText(), 'Fields of Branch');
  await link.click();
  await page.waitForURL(/\/_docjet\/schemas\/Branch\.[0-9a-f]{10}\.html$/);
  assert.deepEqual(await texts(page, 'h1'), ['Fields of Branch (request)']);
  assert.equal(await page.locator('[data-fragment-fields] > .schema-fields > .field').count(), 30);
  const leaf = field(page, 'leaf0');
  await level(leaf).locator(':scope > summary').click();
  await level(leaf).locator('.schema-more a').click();
  await page.waitForURL(/\/_docjet\/schemas\/Leaf\.[0-9a-f]{10}\.html$/);
  assert.deepEqual(await texts(page, 'h1'), ['Fields of Leaf (request)']);
});

e2eTest("a model page shows its own content, then the model's fields", async (t) => {
  const page = await e2e.open(t, 'trees', 'models/branch');
  assert.deepEqual(await texts(page, '.prose > p, .prose h2'), ['A branch is sent with every tree. Its leaves open one at a time.', 'Fields']);
  assert.equal(await page.locator('.endpoint-schema > section > .schema-fields > .field').count(), 30);
  assert.deepEqual(await texts(page, 'nav.toc a'), ['Fields']);
});

e2eTest('docjet dev serves the fragments a page links to', async (t: TestContext) => {
  // A page of the file's pool (a new context costs Chromium more than the test's page), given back
  // before the server closes (the test's hooks run in the order they were added).
  const page = await e2e.open(t, 'trees');
  const server = await dev({ root: FIXTURE, port: 0 });
  t.after(() => server.close());
  // The first request waits for dev to read the site and load its highlighter.
  // The dev server's first page reads and renders the site first: on a busy machine, longer than a step.
  await server.ready;
  await page.goto(new URL(ENDPOINT, server.url).href, { timeout: DEV_FIRST_PAGE_MS });
  await opensLevels(page);
});
