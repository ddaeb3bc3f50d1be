/**
 * After the first page, the pages slowest to render are rendered in idle time (idle.ts), so that a
 * reader who opens one later finds it in the cache. Most pages render in 10 to 50 ms, but on
 * mintlify's docs the long reference pages take 100 to 200 ms (MDX, not code colouring), and the
 * first endpoint page of a spec 300 to 700 ms (its OpenAPI document is read and linked).
 *
 * Which pages are slow is guessed, then measured: endpoint pages first, then page files, largest
 * first; each of the two stops after STOP_AFTER pages in a row rendered in under FAST_MS, since
 * those after them are smaller, and a pass renders LIMIT pages at most. So a site of many small
 * pages costs a few renders, and a site with big ones renders those. The cache keeps what was
 * rendered within its budget (page-cache.ts); a page edited since is rendered again when asked
 * for, as any cached page. On mintlify's docs (`npm run bench:dev`), pages opened once this work is
 * done went from 62/430/893 ms (median/p90/max) to 25/68/96 ms.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../site/types.ts';
import type { IdleQueue } from './idle.ts';

/** A render that takes less processor time than this needs no rendering ahead. */
export const FAST_MS = 50;
/** Fast renders in a row after which the rest of a group is left for the reader. */
export const STOP_AFTER = 10;
/**
 * Pages rendered in one pass, at most: on mintlify's docs (1,064 pages in four languages) the pass
 * stops here, after 8 to 18 s of one core, with the peak memory about 300 MB higher.
 */
export const LIMIT = 100;
/** Page files sized per idle step. */
const SIZED_PER_STEP = 256;

export interface SlowPagesOptions {
  root: string;
  idle: IdleQueue;
  /** Renders the page at `route` into the cache of the site as it is now: processor ms taken, undefined when it was cached or is gone. */
  render: (route: string) => Promise<number | undefined>;
}

/** A page as the guess sees it: its route, whether it shows an endpoint, and the size of its file. */
export interface PageCost {
  route: string;
  endpoint: boolean;
  bytes: number;
}

export class SlowPages {
  private generation = 0;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SlowPagesOptions) {}

  /** Renders the slow pages of `pages` after the pass before ends (a new model: its cache is empty); resolves with the routes rendered. */
  start(pages: Iterable<Page>): Promise<string[] | undefined> {
    const generation = ++this.generation;
    const list = [...pages];
    const pass = this.running.then(() => this.run(list, generation));
    this.running = pass.catch(() => undefined);
    return pass;
  }

  /** Stops after the page being rendered, if any. */
  stop(): Promise<unknown> {
    this.generation++;
    return this.running;
  }

  /** One pass; undefined when a newer one (or `stop`) replaced it. */
  private async run(pages: readonly Page[], generation: number): Promise<string[] | undefined> {
    const costs: PageCost[] = [];
    for (let start = 0; start < pages.length; start += SIZED_PER_STEP) {
      const sized = await this.options.idle.run(async () =>
        generation === this.generation ? pages.slice(start, start + SIZED_PER_STEP).map((page) => costOf(this.options.root, page)) : undefined,
      );
      if (!sized) return undefined;
      costs.push(...sized);
    }
    const rendered: string[] = [];
    for (const group of slowestFirst(costs)) {
      let fastInARow = 0;
      for (const route of group) {
        if (fastInARow >= STOP_AFTER || rendered.length >= LIMIT) break;
        const took = await this.options.idle.run(async () => (generation === this.generation ? this.options.render(route).catch(() => undefined) : null));
        if (took === null) return undefined;
        if (took === undefined) continue;
        rendered.push(route);
        fastInARow = took < FAST_MS ? fastInARow + 1 : 0;
      }
    }
    return rendered;
  }
}

/** The routes to try, slowest guessed first: endpoint pages, then page files by size, largest first. */
export function slowestFirst(costs: readonly PageCost[]): string[][] {
  const bySize = (a: PageCost, b: PageCost): number => b.bytes - a.bytes;
  return [costs.filter((cost) => cost.endpoint), costs.filter((cost) => !cost.endpoint).sort(bySize)].map((group) => group.map((cost) => cost.route));
}

/** A page file's size (a page with an `openapi` frontmatter key shows an endpoint too). */
function costOf(root: string, page: Page): PageCost {
  if (page.source.type === 'endpoint') return { route: page.route, endpoint: true, bytes: 0 };
  if (page.source.type === 'overview') return { route: page.route, endpoint: false, bytes: 0 };
  const endpoint = typeof page.frontmatter['openapi'] === 'string';
  try {
    return { route: page.route, endpoint, bytes: statSync(path.join(root, page.source.file)).size };
  } catch {
    return { route: page.route, endpoint, bytes: 0 };
  }
}
