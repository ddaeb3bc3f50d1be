/**
 * Harness of the browser tests: each test file builds the fixture sites it uses (or finds them
 * built by another file, in BUILD_CACHE), serves each like a production host, and launches one
 * Chromium (Debian's, since browsers cannot be downloaded here: `scripts/install-browser.sh`
 * installs it). A test gets a page of the file's pool, reset as new between tests (`pagePool`), so
 * saved themes and cookies never leak from one test to the next: the options a page can take and
 * give back (a viewport, a colour scheme) are applied to it, and options only a context can have
 * (JavaScript off, a locale, a phone's touch) get a pool of their own.
 * Any dialog (`alert`), uncaught script error or missing asset on a page fails the test that opened it.
 *
 *   const e2e = browserSuite({ nav: { fixture: 'navigation' } });
 *   e2eTest('…', async (t) => { const page = await e2e.open(t, 'nav', 'guides/install'); … });
 */
import assert from 'node:assert/strict';
import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Frame, type Page, type Request, type Route } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/dev/static-server.ts';
import { BROWSER_STEP_MS, BROWSER_TEST_MS, SETTLE_MS } from '../support/patience.ts';
import type { ServerTemplate } from '../../src/openapi/servers.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';
import type { Diagnostic } from '../../src/shared/messages.ts';

export const CHROMIUM = '/usr/bin/chromium';
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = path.join(REPO, 'test/fixtures/e2e');
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
  /**
   * A page in a context as new, from the file's pool (reset when the test ends), with `options`
   * applied (see `pagePool`); navigated to `pathname` when given.
   */
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

/**
 * Set by the test runner for test/e2e/prebuild.ts, which imports every browser test file to learn the
 * sites they use and builds them all in one process: a suite then records its sites and registers no
 * hooks (and the runner skips every test with --test-only).
 */
const PREBUILD = process.env['DOCJET_E2E_PREBUILD'] === '1';
const prebuildSpecs: SiteSpec[] = [];

/**
 * Builds into BUILD_CACHE every site the suites imported so far declared (PREBUILD), one after the
 * other in this process: each test file then finds its sites built, without loading the build (about
 * 0.8 CPU-s a process) and warming it up again. A site that fails to build is left to its test file,
 * which reports why. Returns how many sites it built and how many were there already.
 */
export async function prebuildSites(): Promise<{ built: number; found: number; failed: number }> {
  const counts = { built: 0, found: 0, failed: 0 };
  const seen = new Set<string>();
  for (const spec of prebuildSpecs) {
    const source = sourceOf(spec);
    if (!existsSync(source)) continue;
    const key = await cacheKey(spec, source);
    if (seen.has(key)) continue;
    seen.add(key);
    const work = await mkdtemp(path.join(os.tmpdir(), 'docjet-e2e-prebuild-'));
    try {
      const { built, fresh } = await builtSite(spec, source, work);
      if (!fresh) counts.found++;
      else if (built.ok) counts.built++;
      else counts.failed++;
    } catch {
      counts.failed++;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return counts;
}

/** Registers the file's `before`/`after` hooks: build and serve `sites`, launch Chromium; then close everything. */
export function browserSuite<Name extends string>(sites: Record<Name, SiteSpec>): BrowserSuite<Name> {
  if (PREBUILD) prebuildSpecs.push(...Object.values<SiteSpec>(sites));
  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  const served = new Map<Name, ServedSite>();
  const servers: StaticServer[] = [];
  const folders: string[] = [];

  before(async () => {
    if (skipBrowser || PREBUILD) return;
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
    await pool.close();
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
      // A pooled page, reset since its last test, with the options applied; options the pool cannot key get a context of their own.
      const pooled = await pool.take(options);
      let context: BrowserContext;
      let page: Page;
      if (pooled) {
        ({ context, page } = pooled);
      } else {
        context = await suite.browser().newContext({ ...DEFAULT_CONTEXT, ...options });
        context.setDefaultTimeout(BROWSER_STEP_MS);
        page = await context.newPage();
      }
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
        if (pooled) await pool.giveBack(pooled);
        else await context.close();
        assert.deepEqual(problems, [], 'the pages this test opened showed a dialog, threw an error or missed a file');
      });
      if (pathname !== undefined) await page.goto(suite.site(name).href(pathname));
      return page;
    },
  };
  const pool = pagePool(
    () => suite.browser(),
    () => [...served.values()].map((site) => new URL(site.url).origin),
  );
  return suite;
}

/** The context a test gets unless it asks for other options. */
const DEFAULT_CONTEXT: BrowserContextOptions = { viewport: { width: 1280, height: 720 }, colorScheme: 'light' };

/**
 * Methods whose effect outlives the test and that Playwright cannot take back: a pooled page or
 * context that ran one is closed when its test ends, and the next test gets a new one.
 */
const LASTING = {
  page: ['addInitScript', 'exposeFunction', 'exposeBinding', 'addLocatorHandler', 'routeWebSocket'],
  context: ['addInitScript', 'exposeFunction', 'exposeBinding', 'setGeolocation', 'setHTTPCredentials', 'routeWebSocket'],
  clock: ['install', 'fastForward', 'runFor', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'],
};

type Listener = (...args: unknown[]) => unknown;
/** Playwright's pages and contexts are event emitters (its typings list only the events). */
interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): Listener[];
  off(event: string | symbol, listener: Listener): unknown;
}

/**
 * Options a pooled page takes for one test and gives back at its reset, applied to the page or its
 * context without making a new one; every other option keys a pool of contexts of its own.
 */
const PAGE_OPTIONS = ['viewport', 'colorScheme', 'reducedMotion', 'forcedColors', 'contrast', 'permissions', 'extraHTTPHeaders', 'offline'] as const;
type PageOptions = Pick<BrowserContextOptions, (typeof PAGE_OPTIONS)[number]>;

/**
 * `options` split into what is applied to a pooled page and the key of the pool of contexts made
 * with the rest; undefined when the rest cannot key a pool (a value that is not plain data, no
 * viewport at all, a screen): such a test gets a context of its own.
 */
function splitOptions(options: BrowserContextOptions): { page: PageOptions; key: string; context: BrowserContextOptions } | undefined {
  const page: Record<string, unknown> = {};
  const context: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    // No viewport at all (null), or a screen of its own: the page's viewport and screen are set together, and the reset would undo them.
    if ((name === 'viewport' && value === null) || name === 'screen') return undefined;
    if ((PAGE_OPTIONS as readonly string[]).includes(name)) page[name] = value;
    else context[name] = value;
  }
  const entries = Object.keys(context)
    .sort()
    .map((name) => [name, context[name]]);
  const key = JSON.stringify(entries);
  if (!isDeepStrictEqual(JSON.parse(key), entries)) return undefined;
  return { page: page as PageOptions, key, context };
}

/** Gives a reset page what `options` ask for, as a context made with them would have it. */
async function applyPageOptions(page: Page, options: PageOptions): Promise<void> {
  const context = page.context();
  if (options.viewport) await page.setViewportSize(options.viewport);
  const media = Object.fromEntries((['colorScheme', 'reducedMotion', 'forcedColors', 'contrast'] as const).filter((name) => name in options).map((name) => [name, options[name]]));
  if (Object.keys(media).length > 0) await page.emulateMedia(media);
  if (options.permissions) await context.grantPermissions(options.permissions);
  if (options.extraHTTPHeaders) await context.setExtraHTTPHeaders(options.extraHTTPHeaders);
  if (options.offline) await context.setOffline(true);
}

/** A context and its page, handed from test to test of a file. */
interface Pooled {
  /** The options the context was made with (beyond DEFAULT_CONTEXT), as `splitOptions` keys them. */
  key: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Playwright's and the pool's own listeners: any other was added by a test, and goes with it. */
  listeners: Map<Emitter, Map<string | symbol, Listener[]>>;
  /** Every origin the context sent a request to since its last reset: their storage is cleared. */
  origins: Set<string>;
  /** The origins of the documents the page loaded (in any frame): each may have left sessionStorage in this tab. */
  documents: Set<string>;
  spent: boolean;
  busy: boolean;
}

/**
 * A file's pool of contexts: Chromium spends about 0.5 CPU-s on a new context and page before it
 * shows anything, so a test gets one a former test used, made with the same context options
 * (JavaScript off, a locale…: one pool per set of them) and reset between the two as a new one would
 * be, then given the page options it asks for (PAGE_OPTIONS: viewport, colour scheme, permissions…,
 * as the reset takes them back): other pages and popups closed, routes removed, at
 * about:blank, the test's listeners removed, cookies, permissions, extra headers, offline mode,
 * viewport, emulated media, timeouts, keys and mouse as new, and the HTTP cache and every storage
 * (localStorage, sessionStorage, IndexedDB, cache storage, service workers) of each origin it
 * reached cleared. What cannot be undone (LASTING) spends the page: it is closed, not handed out again.
 */
export function pagePool(browser: () => Browser, servedOrigins: () => string[]) {
  const entries: Pooled[] = [];

  async function create(key: string, options: BrowserContextOptions): Promise<Pooled> {
    const context = await browser().newContext({ ...DEFAULT_CONTEXT, ...options });
    context.setDefaultTimeout(BROWSER_STEP_MS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const entry: Pooled = { key, context, page, cdp, listeners: new Map(), origins: new Set(), documents: new Set(), spent: false, busy: true };
    spendOn(page, LASTING.page, entry);
    spendOn(context, LASTING.context, entry);
    spendOn(context.clock, LASTING.clock, entry);
    spendOn(page.clock, LASTING.clock, entry);
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      entry.origins.add(url.origin);
      // A popup's first request has no frame yet (Playwright throws): it is not this page's.
      if (request.resourceType() === 'document' && frameOf(request)?.page() === page) entry.documents.add(url.origin);
    });
    for (const emitter of [page, context] as unknown as Emitter[]) {
      entry.listeners.set(emitter, new Map(emitter.eventNames().map((event) => [event, emitter.listeners(event)])));
    }
    entries.push(entry);
    return entry;
  }

  async function reset(entry: Pooled): Promise<void> {
    const { context, page, cdp } = entry;
    for (const other of context.pages()) if (other !== page) await other.close();
    if (page.isClosed() || entry.spent) throw new Error('spent');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await clearSessionStorage(page, entry.documents);
    // Left while the test's listeners still hear it: an error or dialog on leaving is the test's.
    await page.goto('about:blank');
    for (const [emitter, kept] of entry.listeners) {
      for (const event of emitter.eventNames()) {
        const own = kept.get(event) ?? [];
        for (const listener of emitter.listeners(event)) if (!own.includes(listener)) emitter.off(event, listener);
      }
    }
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await page.setExtraHTTPHeaders({});
    await context.setOffline(false);
    await page.setViewportSize(DEFAULT_CONTEXT.viewport!);
    await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: null, forcedColors: null, contrast: null });
    context.setDefaultTimeout(BROWSER_STEP_MS);
    context.setDefaultNavigationTimeout(BROWSER_STEP_MS);
    page.setDefaultTimeout(BROWSER_STEP_MS);
    page.setDefaultNavigationTimeout(BROWSER_STEP_MS);
    for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
    await page.mouse.up();
    await page.mouse.move(0, 0);
    await cdp.send('Network.clearBrowserCache');
    for (const origin of new Set([...servedOrigins(), ...entry.origins])) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    entry.origins.clear();
    entry.documents.clear();
  }

  /** Resets the page for the next test; closes it when it is spent or cannot be reset. */
  async function giveBack(entry: Pooled): Promise<void> {
    try {
      await reset(entry);
      entry.busy = false;
    } catch {
      entry.spent = true;
      entries.splice(entries.indexOf(entry), 1);
      await entry.context.close().catch(() => {});
    }
  }

  /** A reset page of the pool made with the same context options, or a new one; with the page options applied. Undefined when `options` cannot key a pool. */
  async function take(): Promise<Pooled>;
  async function take(options: BrowserContextOptions): Promise<Pooled | undefined>;
  async function take(options: BrowserContextOptions = {}): Promise<Pooled | undefined> {
    const split = splitOptions(options);
    if (!split) return undefined;
    let entry = entries.find((each) => each.key === split.key && !each.busy && !each.spent);
    if (entry) entry.busy = true;
    else entry = await create(split.key, split.context);
    try {
      await applyPageOptions(entry.page, split.page);
    } catch (error) {
      await giveBack(entry);
      throw error;
    }
    return entry;
  }

  return {
    take,
    giveBack,
    async close(): Promise<void> {
      await Promise.all(entries.splice(0).map((entry) => entry.context.close().catch(() => {})));
    },
  };
}

/**
 * Clears the page's sessionStorage of every origin in `origins` (it lives as long as the tab, and
 * no browser call clears it from outside): in the frames still showing one, else in an empty
 * document of that origin, answered by a route without touching the server.
 */
async function clearSessionStorage(page: Page, origins: Set<string>): Promise<void> {
  const left = new Set(origins);
  for (const frame of page.frames()) {
    const origin = URL.canParse(frame.url()) ? new URL(frame.url()).origin : '';
    if (!left.has(origin)) continue;
    await frame.evaluate('sessionStorage.clear()');
    left.delete(origin);
  }
  if (left.size === 0) return;
  const blank = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>reset</title>' });
  await page.route('**/*', blank);
  try {
    for (const origin of left) {
      await page.goto(`${origin}/__docjet-reset__`);
      await page.evaluate('sessionStorage.clear()');
    }
  } finally {
    await page.unroute('**/*', blank);
  }
}

function frameOf(request: Request): Frame | undefined {
  try {
    return request.frame();
  } catch {
    return undefined;
  }
}

/** Marks `entry` spent whenever one of `methods` of `target` is called. */
function spendOn(target: object, methods: string[], entry: { spent: boolean }): void {
  const methodsOf = target as Record<string, unknown>;
  for (const name of methods) {
    const original = methodsOf[name];
    if (typeof original !== 'function') continue;
    methodsOf[name] = function (this: unknown, ...args: unknown[]) {
      entry.spent = true;
      return (original as Listener).apply(this, args);
    };
  }
}

/** What a build of a site left for the tests: its output folder, its diagnostics, its specs' servers. */
interface BuiltSite {
  ok: boolean;
  diagnostics: Diagnostic[];
  apiServers: ServerTemplate[];
}

/**
 * Built sites, shared by every test file (several build the same fixture: groups in ten files):
 * `<key>/out` and `<key>/built.json`, where the key hashes the site's files, its config variant, its
 * base path and docjet's source (src/, assets/, package.json). An entry is built into a folder of its own and
 * renamed into place whole, so a file never sees half of one (two files building the same key at
 * once: the first rename wins, the other's copy is dropped). The tests serve it read-only; entries
 * not used for a day are removed.
 */
export const BUILD_CACHE = path.join(os.tmpdir(), 'docjet-e2e-builds');
const CACHE_DAYS = 1;
let sourceHash: Promise<string> | undefined;

/** Builds a fixture (with its config variant), or finds it built; a build with any diagnostic (any error, if warnings are allowed) fails. */
async function buildFixture(spec: SiteSpec, work: string): Promise<{ outDir: string; apiServers: ServerTemplate[] }> {
  assert.ok((spec.fixture === undefined) !== (spec.root === undefined), 'a site is a `fixture` or a `root`, one of the two');
  const { built, entry } = await builtSite(spec, sourceOf(spec), work);
  const fatal = withoutSitemapNoUrl(built.diagnostics).filter((d) => spec.warnings !== 'allowed' || d.severity === 'error');
  const problems = fatal.map((d) => `${d.severity} ${d.code} ${d.file}${d.line ? `:${d.line}` : ''}: ${d.message}`);
  assert.ok(built.ok && problems.length === 0, `building the site "${spec.fixture ?? spec.root}" reported:\n${problems.join('\n')}`);
  return { outDir: path.join(entry, 'out'), apiServers: built.apiServers };
}

/** The folder a site's files are in: its fixture's, or its own root. */
function sourceOf(spec: SiteSpec): string {
  return spec.root ?? path.join(FIXTURES, spec.fixture ?? '');
}

/** The site's entry in BUILD_CACHE, built now (`fresh`) unless it was there whole. */
async function builtSite(spec: SiteSpec, source: string, work: string): Promise<{ built: BuiltSite; entry: string; fresh: boolean }> {
  const entry = path.join(BUILD_CACHE, await cacheKey(spec, source));
  const found = await readBuilt(entry);
  if (found) return { built: found, entry, fresh: false };
  await mkdir(BUILD_CACHE, { recursive: true });
  await removeStale();
  return { built: await buildInto(spec, source, work, entry), entry, fresh: true };
}

/** The entry's record (its use noted, so that it is not taken for stale), or undefined when it is not there whole. */
async function readBuilt(entry: string): Promise<BuiltSite | undefined> {
  try {
    const built = JSON.parse(await readFile(path.join(entry, 'built.json'), 'utf8')) as BuiltSite;
    const now = new Date();
    await utimes(entry, now, now).catch(() => {});
    return built;
  } catch {
    return undefined;
  }
}

async function buildInto(spec: SiteSpec, source: string, work: string, entry: string): Promise<BuiltSite> {
  let root = source;
  if (spec.config) {
    const copy = path.join(work, 'site');
    await cp(root, copy, { recursive: true });
    const file = path.join(copy, 'docs.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(merge(config, spec.config), null, 2));
    root = copy;
  }
  const staging = await mkdtemp(`${entry}.building-`);
  // Without the page bodies' cache: nothing is written into the fixtures or the shared corpus.
  // Imported only here: a file whose sites are all built skips loading the build (about 0.4 CPU-s).
  const { build } = await import('../../src/output/build.ts');
  const result = await build({ root, outDir: path.join(staging, 'out'), cache: false, ...(spec.base ? { base: spec.base } : {}) });
  const built: BuiltSite = { ok: result.ok, diagnostics: result.diagnostics, apiServers: result.apiServers ?? [] };
  if (!result.ok) {
    await rm(staging, { recursive: true, force: true });
    return built;
  }
  await writeFile(path.join(staging, 'built.json'), JSON.stringify(built));
  try {
    await rename(staging, entry);
  } catch {
    // Another file renamed the same build into place first: its copy is as good as this one.
    await rm(staging, { recursive: true, force: true });
  }
  return built;
}

/** Hashes everything a build reads: the site's files, the variant, the base path, docjet's source and assets. */
async function cacheKey(spec: SiteSpec, source: string): Promise<string> {
  sourceHash ??= (async () => {
    const hash = createHash('sha256');
    await hashFolder(hash, path.join(REPO, 'src'));
    // The build copies the page scripts and styles from assets/: a recompiled script is a new build.
    await hashFolder(hash, path.join(REPO, 'assets'));
    hash.update(await readFile(path.join(REPO, 'package.json')));
    return hash.digest('hex');
  })();
  const hash = createHash('sha256');
  hash.update(await sourceHash);
  hash.update(JSON.stringify({ config: spec.config ?? null, base: spec.base ?? null }));
  await hashFolder(hash, source);
  return `${spec.fixture ?? path.basename(source)}-${hash.digest('hex').slice(0, 24)}`;
}

async function hashFolder(hash: Hash, folder: string): Promise<void> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(folder, file)
          .split(path.sep)
          .some((part) => part === '.docjet' || part === 'node_modules' || part === 'dist'),
    )
    .sort();
  for (const file of files) {
    hash.update(`${path.relative(folder, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
}

/** Removes the entries (and staging folders left by a stopped run) not used for a day. */
async function removeStale(): Promise<void> {
  const old = Date.now() - CACHE_DAYS * 24 * 3600_000;
  for (const name of await readdir(BUILD_CACHE).catch(() => [] as string[])) {
    const entry = path.join(BUILD_CACHE, name);
    const info = await stat(entry).catch(() => undefined);
    if (info && info.mtimeMs < old) await rm(entry, { recursive: true, force: true }).catch(() => {});
  }
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
