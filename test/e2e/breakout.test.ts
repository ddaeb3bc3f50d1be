/**
 * Page text that a browser would read as markup runs nothing (issue 36), in Chromium, from a built
 * site and from `docjet dev`. The fixture (test/fixtures/e2e/breakout) holds every payload that ran
 * script: `<style>` in `<svg>` and `<math>` whose text is an `<img onerror>`; an attribute value,
 * a `<style>` or a comment holding `</noscript>` or `</textarea>` inside those elements;
 * `<math><mtext><table><mglyph><style>`; SVG animations that write a `javascript:` URL into a
 * link. Each in an `.mdx` page, an `.md` page, snippets (`.mdx`, `.md`), component props (a page's
 * own component and a `.jsx` snippet's), the banner and an OpenAPI document.
 *
 * Every payload calls `alert` with its own name. Each page is loaded with `alert`, `confirm` and
 * `prompt` recording their calls (an init script, run before any of the page's own) and a dialog
 * handler; every SVG link is clicked once the animations have ended. Any dialog or call fails the
 * test, and so does a page whose last paragraph is gone (swallowed by what a payload opened).
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dev, type DevServer } from '../../src/dev/dev-server.ts';
import { serveStatic, type StaticServer } from '../../src/dev/static-server.ts';
import { build } from '../../src/output/build.ts';
import { validate } from '../../src/validate/index.ts';
import { CHROMIUM, e2eTest, skipBrowser } from './harness.ts';
import { BROWSER_STEP_MS, BROWSER_TEST_MS } from '../support/patience.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e/breakout');
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

let browser: Browser | undefined;
let built: StaticServer | undefined;
let live: DevServer | undefined;
let work: string | undefined;
let routes: string[] = [];

before(async () => {
  if (skipBrowser) return;
  work = await mkdtemp(path.join(os.tmpdir(), 'docjet-e2e-breakout-'));
  // A copy: `dev` keeps its cache in the site folder.
  const root = path.join(work, 'site');
  await cp(FIXTURE, root, { recursive: true });
  const outDir = path.join(work, 'out');
  const result = await build({ root, outDir });
  assert.ok(result.ok, result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}: ${d.message}`).join('\n'));
  routes = [...(await validate({ root })).site!.pages.keys()];
  built = await serveStatic({ dir: outDir, port: 0 });
  live = await dev({ root, port: 0, ahead: false });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

after(async () => {
  await browser?.close();
  await built?.close();
  await live?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Visit {
  dialogs: string[];
  calls: string[];
  /** The paragraph after the payloads is there: nothing swallowed the rest of the page. */
  end: boolean;
}

/** Run before the page's own scripts (as text: a function would be sent with the test compiler's helpers). */
const RECORD_DIALOGS = `
  window.__calls = [];
  for (const name of ['alert', 'confirm', 'prompt']) {
    window[name] = (...args) => { window.__calls.push(name + '(' + args.map(String).join(', ') + ')'); };
  }
`;

/** One page for every visit (a new context costs Chromium more than the visit): each visit loads a new document, with the recorder in it. */
let visitor: Promise<{ page: Page; dialogs: string[] }> | undefined;

async function visitorPage(): Promise<{ page: Page; dialogs: string[] }> {
  visitor ??= (async () => {
    const context = await browser!.newContext();
    context.setDefaultTimeout(BROWSER_STEP_MS);
    const page = await context.newPage();
    const seen = { page, dialogs: [] as string[] };
    page.on('dialog', (dialog) => {
      seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => {});
    });
    await page.addInitScript({ content: RECORD_DIALOGS });
    return seen;
  })();
  return visitor;
}

async function visit(origin: string, route: string): Promise<Visit> {
  const seen = await visitorPage();
  const { page } = seen;
  seen.dialogs = [];
  await page.goto(new URL(route, origin).href, { waitUntil: 'load' });
  // The animations end after 50 ms; then every SVG link is followed.
  await page.waitForTimeout(300);
  for (const link of await page.locator('svg a text').all()) {
    await link.click({ force: true, noWaitAfter: true, timeout: 2_000 }).catch(() => {});
    // A fixed wait is the assertion: a followed link that would run script does so within 100 ms.
    await page.waitForTimeout(100);
  }
  const calls = (await page.evaluate('window.__calls')) as string[];
  // A page's last words: the pages' own, the operation's description, the overview's link to the operation.
  const end = await page.getByText(/^(The end\.|Lists items\.|List items)$/).count();
  // Left, so that nothing of this page reaches the next visit (a dialog on leaving is still this page's).
  await page.goto('about:blank');
  return { dialogs: seen.dialogs, calls, end: end > 0 };
}

// The API overview renders the spec's own descriptions: a page a payload can come in by too.
const PAGES = ['', 'raw', 'snippets', 'components', 'animation', 'api-reference/list-items', 'api-reference/overview'];

e2eTest('the fixture has a page for each way a payload can come in', async () => {
  assert.deepEqual(routes, PAGES);
});

for (const [name, server] of [
  ['built site', () => built!],
  ['docjet dev', () => live!],
] as const) {
  for (const route of PAGES) {
    e2eTest(
      `${name}, /${route}: no payload runs, and the page is whole`,
      async () => {
        assert.deepEqual(await visit(server().url, route), { dialogs: [], calls: [], end: true });
      },
      { timeout: BROWSER_TEST_MS },
    );
  }
}
