/**
 * One measurement of bench/dev.ts, run in a fresh process so that the first page pays for what a
 * user's first page pays for: reading and resolving the site, making the renderer, loading the
 * grammars. Prints one JSON line.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';

const OTHER_PAGES = 20;
const READING_MS = 1000;
const EDITS = 10;

export async function measure(root: string): Promise<Record<string, unknown>> {
  const { dev } = await import('../src/dev/dev-server.ts');
  const moduleLoadMs = performance.now();
  const started = performance.now();
  let readyMs = 0;
  let pages = 0;
  const server = await dev({
    root,
    port: 0,
    onEvent: (event) => {
      if (event.type !== 'ready') return;
      readyMs = performance.now() - started;
      pages = event.pages;
    },
  });
  const first = await fetch(server.url);
  const home = await first.text();
  const firstPageMs = performance.now() - started;

  const routes = sidebarRoutes(home, new URL(first.url).pathname);
  const step = Math.max(1, Math.floor(routes.length / OTHER_PAGES));
  const otherPages: number[] = [];
  for (const route of routes.filter((_, index) => index % step === 0).slice(0, OTHER_PAGES)) {
    const at = performance.now();
    await (await fetch(new URL(route, server.url))).text();
    otherPages.push(performance.now() - at);
  }
  // As a reader clicks: each link a second after its page arrived (pages linked from the open
  // one are rendered meanwhile, src/dev/prerender.ts), half a step from those requested above.
  const readingPace: number[] = [];
  const others = step > 1 ? routes.filter((_, index) => index % step === Math.floor(step / 2)) : [];
  for (const route of others.slice(0, OTHER_PAGES)) {
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const at = performance.now();
    await (await fetch(new URL(route, server.url))).text();
    readingPace.push(performance.now() - at);
  }

  const edited = routes.map((route) => ({ route, file: pageFile(root, route) })).find((candidate) => candidate.file !== undefined);
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
  return { moduleLoadMs, firstPageMs, readyMs, pages, otherPages, readingPace, saveToEvent, saveToHtml, rss };
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
