/**
 * One measurement of bench/dev.ts, run in a fresh process so that the first page pays for what a
 * user's first page pays for: reading and resolving the site, making the renderer, loading the
 * grammars. Prints one JSON line.
 *
 * The other pages are spread over the whole site (its `llms.txt`), not taken from the first page's
 * sidebar: pages it links to are rendered ahead of the reader (src/dev/prerender.ts), and what is
 * measured is a page nobody opened yet, with the grammars of its code compiled or not, and the
 * pages guessed slow rendered ahead (src/dev/slow-pages.ts) or not.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';

const OTHER_PAGES = 20;
const READING_MS = 1000;
const EDITS = 10;
/** How long to wait for the work ahead of the reader, at most (a version without it never says). */
const WARM_WAIT_MS = 60_000;

export async function measure(root: string): Promise<Record<string, unknown>> {
  const { dev } = await import('../src/dev/dev-server.ts');
  const moduleLoadMs = performance.now();
  const started = performance.now();
  let readyMs = 0;
  let pages = 0;
  let warmed: (grammars: number) => void = () => {};
  const warm = new Promise<number>((resolve) => (warmed = resolve));
  let renderedAhead: (pages: number) => void = () => {};
  const ahead = new Promise<number>((resolve) => (renderedAhead = resolve));
  const server = await dev({
    root,
    port: 0,
    onEvent: (event) => {
      if (event.type === 'warmed') warmed(event.grammars.length);
      if (event.type === 'ahead') renderedAhead(event.routes.length);
      if (event.type !== 'ready') return;
      readyMs = performance.now() - started;
      pages = event.pages;
    },
  });
  const first = await fetch(server.url);
  const home = await first.text();
  const firstPageMs = performance.now() - started;

  const sidebar = sidebarRoutes(home, new URL(first.url).pathname);
  const listed = await siteRoutes(server.url);
  const routes = listed.length > OTHER_PAGES * 4 ? listed : sidebar;
  const step = Math.max(1, Math.floor(routes.length / OTHER_PAGES));
  /** The `set`-th of three sets of pages spread over the site, no two sharing a page (a small site has fewer). */
  const spread = (set: number): string[] => {
    const offset = Math.floor((step * set) / 3);
    return set > 0 && offset === 0 ? [] : routes.filter((_, index) => index % step === offset).slice(0, OTHER_PAGES);
  };
  const timed = async (route: string): Promise<number> => {
    const at = performance.now();
    await (await fetch(new URL(route, server.url))).text();
    const ms = performance.now() - at;
    // DOCJET_BENCH_SHOW=1: each page's time, to find the slow ones.
    if (process.env['DOCJET_BENCH_SHOW'] === '1') process.stderr.write(`${ms.toFixed(0).padStart(5)} ms  ${route}\n`);
    return ms;
  };
  const otherPages: number[] = [];
  for (const route of spread(0)) otherPages.push(await timed(route));
  // Once the grammars of the site's code are compiled (src/dev/grammar-warmup.ts) and the pages
  // guessed slow are rendered (src/dev/slow-pages.ts), the same again.
  const waited = performance.now();
  const [grammars, aheadPages] = await Promise.race([Promise.all([warm, ahead]), new Promise<[number, number]>((resolve) => setTimeout(() => resolve([0, 0]), WARM_WAIT_MS))]);
  const warmMs = performance.now() - waited;
  const warmPages: number[] = [];
  for (const route of spread(1)) warmPages.push(await timed(route));
  // As a reader clicks: each page a second after the one before.
  const readingPace: number[] = [];
  for (const route of spread(2)) {
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    readingPace.push(await timed(route));
  }

  const edited = sidebar.map((route) => ({ route, file: pageFile(root, route) })).find((candidate) => candidate.file !== undefined);
  const saveToEvent: number[] = [];
  const saveToHtml: number[] = [];
  if (edited?.file) {
    const original = await readFile(edited.file, 'utf8');
    const events = await listen(server.url, edited.route);
    await (await fetch(new URL(edited.route, server.url))).text();
    for (let edit = 1; edit <= EDITS; edit++) {
      const announced = events.next();
      const saved = performance.now();
      await writeFile(edited.file, `${original}\n\nEdited ${edit} times.\n`);
      await announced;
      saveToEvent.push(performance.now() - saved);
      const html = await (await fetch(new URL(edited.route, server.url))).text();
      if (!html.includes(`Edited ${edit} times.`)) throw new Error(`the page did not show edit ${edit}`);
      saveToHtml.push(performance.now() - saved);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    events.close();
    await writeFile(edited.file, original);
  }
  const rss = process.memoryUsage().rss;
  await server.close();
  return {
    moduleLoadMs,
    firstPageMs,
    readyMs,
    pages,
    otherPages,
    grammars,
    aheadPages,
    warmMs,
    warmPages,
    readingPace,
    saveToEvent,
    saveToHtml,
    rss,
    peakRss: process.resourceUsage().maxRSS * 1024,
  };
}

/** The routes of the site's pages its `llms.txt` lists (the default version and language), in order. */
async function siteRoutes(url: string): Promise<string[]> {
  const response = await fetch(new URL('llms.txt', url));
  if (!response.ok) return [];
  const text = await response.text();
  const routes = new Set<string>();
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) routes.add(new URL(match[1]!, url).pathname.replace(/\.md$/, ''));
  return [...routes];
}

/** Links of the page that lead to other pages of the site (not docjet's files, not static files). */
function sidebarRoutes(html: string, current: string): string[] {
  const routes = new Set<string>();
  for (const match of html.matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)) {
    const href = match[1]!;
    if (href !== current && !href.startsWith('/_docjet/') && !/\.[a-z0-9]+$/i.test(href)) routes.add(href);
  }
  return [...routes];
}

/** The page file behind a route, when it is a file of the site. */
function pageFile(root: string, route: string): string | undefined {
  const base = path.join(root, decodeURIComponent(route));
  return [`${base}.mdx`, `${base}.md`, path.join(base, 'index.mdx'), path.join(base, 'index.md')].find((file) => existsSync(file));
}

/** The page's live-reload stream: `next()` resolves on its next `content` event. */
async function listen(url: string, route: string): Promise<{ next(): Promise<void>; close(): void }> {
  const target = new URL(`/_docjet/dev/events?page=${encodeURIComponent(route)}`, url);
  let waiting: (() => void) | undefined;
  const req = request(target, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      if (chunk.includes('event: content') && waiting) {
        const resolve = waiting;
        waiting = undefined;
        resolve();
      }
    });
  });
  req.end();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
    close: () => req.destroy(),
  };
}
