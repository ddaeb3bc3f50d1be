/**
 * While the reader reads, the pages the open page links to are rendered, so that the next click
 * finds its page in the cache. A page renders in 10 to 100 ms, but the first page that uses a code
 * language also compiles its grammar (up to 700 ms on a real site's page with many), and a reader
 * takes seconds to click. Pre-rendering works one page at a time, in idle time (idle.ts), and a
 * newer page's links replace an older page's.
 */
import { isExternal } from '../render/links.ts';
import type { IdleQueue } from './idle.ts';

/** Links followed from one page: its previous/next first, then its sidebar in order. */
const LIMIT = 60;

export class LinkPrerenderer {
  private generation = 0;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly options: { base: string; idle: IdleQueue; render: (route: string) => Promise<unknown> }) {}

  /**
   * A page went to a browser: the pages it links to are rendered next, instead of those of the page
   * before. Its links are read in idle time too: a page of a large site links to a thousand pages
   * from its sidebar, and reading them took 50 to 120 ms off the page's response.
   */
  follow(route: string, html: string): void {
    const generation = ++this.generation;
    this.running = this.running.then(async () => {
      const routes = await this.options.idle.run(async () => (generation === this.generation ? linkedRoutes(html, this.options.base).filter((linked) => linked !== route) : []));
      await this.run(routes, generation);
    });
  }

  /** Stops after the page being rendered, if any. */
  stop(): Promise<void> {
    this.generation++;
    return this.running;
  }

  private async run(routes: readonly string[], generation: number): Promise<void> {
    for (const route of routes.slice(0, LIMIT)) {
      const rendered = await this.options.idle.run(async () => {
        if (generation !== this.generation) return false;
        await this.options.render(route).catch(() => undefined);
        return true;
      });
      if (!rendered) return;
    }
  }
}

/** Routes (`guides/install`) of the site's pages a page links to: `rel` prev/next first, then in document order. */
export function linkedRoutes(html: string, base: string): string[] {
  const first: string[] = [];
  const rest: string[] = [];
  for (const match of html.matchAll(/<a\s([^>]*?)href="([^"]*)"([^>]*)>/g)) {
    const route = routeOf(match[2]!.replaceAll('&amp;', '&'), base);
    if (route === undefined) continue;
    (/\brel="(?:prev|next)"/.test(match[1]! + match[3]!) ? first : rest).push(route);
  }
  return [...new Set([...first, ...rest])];
}

/** The route an href leads to when it is a page of this site (not an asset, another site, or a file). */
function routeOf(href: string, base: string): string | undefined {
  if (isExternal(href) || !href.startsWith(base)) return undefined;
  const pathname = href
    .slice(base.length)
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  if (pathname.startsWith('_docjet/') || /\.[a-z0-9]+$/i.test(pathname)) return undefined;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}
