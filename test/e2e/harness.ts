/**
 * Harness of the browser tests: each test file builds the fixture sites it uses (once, into a
 * temporary folder), serves each like a production host, and launches one Chromium (Debian's,
 * since browsers cannot be downloaded here: `scripts/install-browser.sh` installs it). Every test
 * gets a fresh browser context, so saved themes and cookies never leak from one test to the next.
 * Any dialog (`alert`), uncaught script error or missing asset on a page fails the test that opened it.
 *
 *   const e2e = browserSuite({ nav: { fixture: 'navigation' } });
 *   e2eTest('…', async (t) => { const page = await e2e.open(t, 'nav', 'guides/install'); … });
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { build } from '../../src/output/build.ts';
import { serveStatic, type StaticServer } from '../../src/dev/static-server.ts';
import { BROWSER_STEP_MS, BROWSER_TEST_MS, SETTLE_MS } from '../support/patience.ts';
import type { ServerTemplate } from '../../src/openapi/servers.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

export const CHROMIUM = '/usr/bin/chromium';
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e');
const LAUNCH_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Images and videos by their names (a favicon is fetched as "other"). */
const MEDIA_FILE = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mov)$/i;

/** Why the browser tests are skipped, or false. Only an explicit opt-out skips them. */
export const skipBrowser: string | false = process.env['DOCJET_SKIP_BROWSER'] === '1' ? 'DOCJET_SKIP_BROWSER=1' : false;

export interface SiteSpec {
  /** Folder under test/fixtures/e2e. */
  fixture?: string;
  /** Or the absolute folder of a site outside the fixtures: one of the corpus's real sites. */
  root?: string;
  /** `'allowed'`: the build's warnings do not fail the suite (real sites have some); errors still do. */
  warnings?: 'allowed';
  /** The site's images and videos are not there (the corpus leaves them out): their 404s fail no test. */
  mediaMissing?: true;
  /** Keys merged into the fixture's docs.json (objects merged, other values replaced): a variant without a copy of the pages. */
  config?: Record<string, unknown>;
  /** Sub-path the site is built for and served under (`/docs/`). */
  base?: string;
  /** Served with `docjet serve`'s Try-it proxy to the servers of its specs, loopback allowed (`--allow-private-network`). */
  proxy?: true;
}

export interface ServedSite {
  /** The site's root URL, base path included, ending in `/`. */
  url: string;
  /** The absolute URL of a path in the site (`guides/install`, `/guides/install#verify`). */
  href(pathname: string): string;
}

export interface BrowserSuite<Name extends string> {
  site(name: Name): ServedSite;
  /** A new page in a new context, closed when the test ends; navigated to `pathname` when given. */
  open(t: TestContext, name: Name, pathname?: string, options?: BrowserContextOptions): Promise<Page>;
  browser(): Browser;
}

/**
 * A browser test: skipped with DOCJET_SKIP_BROWSER=1 (or when `options.skip` says why), and
 * stopped if it hangs (BROWSER_TEST_MS, or `options.timeout` when longer).
 */
export function e2eTest(name: string, fn: (t: TestContext) => Promise<void>, options: { skip?: string | false; timeout?: number } = {}): void {
  test(name, { skip: skipBrowser || options.skip || false, timeout: Math.max(options.timeout ?? 0, BROWSER_TEST_MS) }, fn);
}

/** Registers the file's `before`/`after` hooks: build and serve `sites`, launch Chromium; then close everything. */
export function browserSuite<Name extends string>(sites: Record<Name, SiteSpec>): BrowserSuite<Name> {
  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  const served = new Map<Name, ServedSite>();
  const servers: StaticServer[] = [];
  const folders: string[] = [];

  before(async () => {
    if (skipBrowser) return;
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `The browser tests drive Chromium at ${CHROMIUM}, which is not installed. Run \`bash scripts/install-browser.sh\` ` +
          '(it installs the Debian package chromium), or set DOCJET_SKIP_BROWSER=1 to skip these tests.',
      );
    }
    launching = chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    launching.catch(() => {}); // awaited below; a failed build must not leave it unhandled
    // Built one after the other: the build already uses every core it is given.
    for (const [name, spec] of Object.entries(sites) as [Name, SiteSpec][]) {
      const work = await mkdtemp(path.join(os.tmpdir(), `docjet-e2e-${name}-`));
      folders.push(work);
      const { outDir, apiServers } = await buildFixture(spec, work);
      const proxy = spec.proxy ? { proxy: { servers: () => apiServers, allowPrivateNetwork: true } } : {};
      const server = await serveStatic({ dir: outDir, port: 0, ...(spec.base ? { base: spec.base } : {}), ...proxy });
      servers.push(server);
      served.set(name, { url: server.url, href: (pathname) => new URL(pathname.replace(/^\/+/, ''), server.url).href });
    }
    browser = await launching;
  });

  after(async () => {
    // Also when a build failed before the launch was awaited: a live Chromium would keep the file running.
    await (await launching?.catch(() => undefined))?.close();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const suite: BrowserSuite<Name> = {
    site(name) {
      const site = served.get(name);
      assert.ok(site, `site "${name}" was not built (see the first failure of this file)`);
      return site;
    },
    browser() {
      assert.ok(browser, 'Chromium was not launched (see the first failure of this file)');
      return browser;
    },
    async open(t, name, pathname, options = {}) {
      const context = await suite.browser().newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light', ...options });
      context.setDefaultTimeout(BROWSER_STEP_MS);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('dialog', (dialog) => {
        problems.push(`a ${dialog.type()} dialog opened: ${JSON.stringify(dialog.message())}`);
        void dialog.dismiss().catch(() => {});
      });
      page.on('pageerror', (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));
      // A page's own files (stylesheet, script, icons, images) must all load; pages themselves may
      // be 404s on purpose. Chromium asks for /favicon.ico whether or not the site has one.
      const mediaMissing = sites[name].mediaMissing === true;
      page.on('response', (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        const media = type === 'image' || type === 'media' || MEDIA_FILE.test(url.pathname);
        // The Try-it proxy is not a file: a static host without one answers 404, and the panel then says what it said before.
        const proxy = url.pathname.endsWith('/_docjet/proxy');
        if (response.status() >= 400 && type !== 'document' && url.pathname !== '/favicon.ico' && !(mediaMissing && media) && !proxy) {
          problems.push(`${url.pathname} (${response.request().resourceType()}) answered ${response.status()} on ${page.url()}`);
        }
      });
      t.after(async () => {
        await context.close();
        assert.deepEqual(problems, [], 'the pages this test opened showed a dialog, threw an error or missed a file');
      });
      if (pathname !== undefined) await page.goto(suite.site(name).href(pathname));
      return page;
    },
  };
  return suite;
}

/** Builds a fixture (with its config variant) into `work/out`; a build with any diagnostic (any error, if warnings are allowed) fails. */
async function buildFixture(spec: SiteSpec, work: string): Promise<{ outDir: string; apiServers: ServerTemplate[] }> {
  assert.ok((spec.fixture === undefined) !== (spec.root === undefined), 'a site is a `fixture` or a `root`, one of the two');
  let root = spec.root ?? path.join(FIXTURES, spec.fixture!);
  if (spec.config) {
    const copy = path.join(work, 'site');
    await cp(root, copy, { recursive: true });
    const file = path.join(copy, 'docs.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(merge(config, spec.config), null, 2));
    root = copy;
  }
  const outDir = path.join(work, 'out');
  // Without the page bodies' cache: nothing is written into the fixtures or the shared corpus.
  const result = await build({ root, outDir, cache: false, ...(spec.base ? { base: spec.base } : {}) });
  const fatal = withoutSitemapNoUrl(result.diagnostics).filter((d) => spec.warnings !== 'allowed' || d.severity === 'error');
  const problems = fatal.map((d) => `${d.severity} ${d.code} ${d.file}${d.line ? `:${d.line}` : ''}: ${d.message}`);
  assert.ok(result.ok && problems.length === 0, `building the site "${spec.fixture ?? spec.root}" reported:\n${problems.join('\n')}`);
  return { outDir, apiServers: result.apiServers ?? [] };
}

function merge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const result = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? merge(current, value) : value;
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The page's path, `/guides/install`. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until `read()` deep-equals `expected` (UI that settles asynchronously), then asserts it. */
export async function eventually<T>(read: () => Promise<T>, expected: T, message?: string, timeout = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  let actual = await read();
  while (!isDeepStrictEqual(actual, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    actual = await read();
  }
  assert.deepEqual(actual, expected, message);
}

/**
 * The page's `window` as code running in the browser sees it. The project compiles without the DOM
 * library (its code runs in Node, where `document` must not typecheck), so browser-side code in
 * the tests reaches `document`, `getComputedStyle` and the rest through this parameter.
 */
// biome-ignore lint/suspicious/noExplicitAny: the browser's window, which this project's types do not describe (above)
export type BrowserWindow = any;

/** Runs `fn` in the page, given its `window` (and `arg`, which must be serialisable). */
export async function inWindow<R, A = undefined>(page: Page, fn: (window: BrowserWindow, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
  const handle = await page.evaluateHandle('window');
  try {
    // Playwright types the argument as received (`Unboxed<A>`); plain data arrives as sent.
    return await handle.evaluate(fn as (window: BrowserWindow, arg: unknown) => R | Promise<R>, arg);
  } finally {
    await handle.dispose();
  }
}

/** Trimmed, whitespace-collapsed visible texts of every match. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/**
 * Follows every same-origin link from the home page, breadth first. Returns the status of each
 * path reached (fragments and queries dropped).
 */
export async function crawl(page: Page, site: ServedSite): Promise<Record<string, number>> {
  const origin = new URL(site.url).origin;
  const statuses: Record<string, number> = {};
  const queue = [site.url];
  const queued = new Set([new URL(site.url).pathname]);
  while (queue.length > 0) {
    const url = queue.shift()!;
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    statuses[new URL(url).pathname] = response?.status() ?? 0;
    if (response?.status() !== 200) continue;
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
    for (const href of hrefs) {
      const target = new URL(href);
      // A page's Markdown twin ("View as Markdown") is a file beside the page, not a page to crawl.
      if (target.origin !== origin || queued.has(target.pathname) || target.pathname.endsWith('.md')) continue;
      queued.add(target.pathname);
      target.hash = '';
      target.search = '';
      queue.push(target.href);
    }
  }
  return statuses;
}
