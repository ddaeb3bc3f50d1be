/**
 * Rendered pages kept by content hash: the key of a page is the text of its file (and of the
 * OpenAPI document of an endpoint page) with the generation of the files pages share (snippets,
 * components), so an edit the watcher missed still shows on the next request, and a page read
 * twice without a change is rendered once. Reading and hashing a page file costs well under a
 * millisecond; rendering one costs 10 to 100.
 *
 * What else a page's HTML depends on comes from the site model: the shell, and what its body draws
 * (the icon library's icons, the copy button in the page's language). A cache serves one model and
 * its renderer only (`session.ts` makes a new one with each model), so none of that is in the key.
 *
 * The HTML kept is bounded (BUDGET): past it, the pages used longest ago are dropped, and rendered
 * again when asked for. A page of a 5,000-page site holds its sidebar's thousand links (136 kB), and
 * pages rendered ahead of the reader (prerender.ts, slow-pages.ts) would otherwise add up to the site.
 *
 * A page rendered while a grammar of its code was still to be compiled shows that code uncoloured
 * (highlight.ts, `colourLater`): once the grammar is, `recoloured` says so, such pages are
 * rendered again when next asked for, and the cache remembers which versions of a page differed
 * only by that, so that an open page is told to colour its code rather than to reload.
 *
 * A page rendered ahead pauses between its sections (`options.pause`, idle.ts): a big page is
 * several, and a request that comes meanwhile goes first, unless it asks for that very page.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import type { Renderer } from '../render/page.ts';
import type { Page } from '../site/types.ts';

export interface CachedPage {
  html: string;
  /** Hash of `html`: what a browser holding the page has, to tell whether it changed. */
  hash: string;
  diagnostics: Diagnostic[];
}

/** HTML kept, in characters (one or two bytes each): 200 pages of a 5,000-page site, 1,000 of a smaller one. */
const BUDGET = 32 * 1024 * 1024;

/** A render under way; `want` says a request waits for it, which then must not pause. */
interface Pending {
  page: Promise<CachedPage>;
  want(): void;
}

interface Entry {
  key: string;
  page: CachedPage;
  /** The page shows code uncoloured: rendered again once a grammar has been compiled since (`colours`). */
  uncoloured: boolean;
  /** `PageCache.colours` when its rendering started. */
  colours: number;
}

export class PageCache {
  /** By route, the page used longest ago first. */
  private readonly entries = new Map<string, Entry>();
  /** Characters of HTML in `entries`. */
  private size = 0;
  /** Renders under way, by route and key: a page asked for twice at once is rendered once. */
  private readonly pending = new Map<string, Pending>();
  /** Bumped when a file that pages may import changes: every key changes with it. */
  private generation = 0;
  /** Bumped each time a grammar has been compiled for code shown uncoloured (`recoloured`). */
  private colours = 0;
  /** By route: the page's key, and the hashes of its versions rendered with code uncoloured under that key. */
  private readonly uncolouredVersions = new Map<string, { key: string; hashes: Set<string> }>();

  constructor(
    private readonly root: string,
    private readonly renderer: Pick<Renderer, 'render' | 'invalidate'>,
    private readonly options: { budget?: number; uncoloured?: () => number; pause?: (hurry: () => boolean) => Promise<void> } = {},
  ) {}

  /** The page rendered, from the cache when its files are as they were. */
  async get(page: Page): Promise<CachedPage> {
    const key = await this.keyOf(page);
    const cached = this.entries.get(page.route);
    if (cached !== undefined && this.fresh(cached, key)) {
      this.entries.delete(page.route);
      this.entries.set(page.route, cached);
      return cached.page;
    }
    return this.rendering(page, key);
  }

  /**
   * Renders the page into the cache unless it is there as its files are: the processor time that
   * took, in ms (undefined: it was there). Processor time, not time on the clock, which a busy
   * machine stretches for every page alike; a big page's pauses count the requests answered
   * meanwhile too, which only makes a page that is slow anyway (several sections) look slower.
   */
  async ahead(page: Page): Promise<number | undefined> {
    const key = await this.keyOf(page);
    const cached = this.entries.get(page.route);
    if (cached !== undefined && this.fresh(cached, key)) return undefined;
    const started = process.cpuUsage();
    await this.rendering(page, key, true);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  }

  /** A grammar was compiled for code some pages showed uncoloured: those are rendered again when next asked for. */
  recoloured(): void {
    this.colours++;
  }

  /** Whether `hash` is a version of `page` that differs from the page as its files are now only by showing code uncoloured. */
  async colouredSince(page: Page, hash: string): Promise<boolean> {
    const versions = this.uncolouredVersions.get(page.route);
    return versions !== undefined && versions.hashes.has(hash) && versions.key === (await this.keyOf(page));
  }

  /** Rendered from the files as they are, and with every colour that could be given then. */
  private fresh(entry: Entry, key: string): boolean {
    return entry.key === key && !(entry.uncoloured && entry.colours !== this.colours);
  }

  /**
   * The render of `page` under way for `key`, or a new one: a page asked for twice at once is
   * rendered once. One rendered `ahead` pauses between its sections until a request wants it.
   */
  private rendering(page: Page, key: string, ahead = false): Promise<CachedPage> {
    const id = `${page.route}\0${key}\0${this.colours}`;
    let pending = this.pending.get(id);
    if (!pending) {
      let wanted = !ahead;
      const pause = this.options.pause;
      const rendered = this.render(page, key, pause && ahead ? () => pause(() => wanted) : undefined).finally(() => this.pending.delete(id));
      pending = { page: rendered, want: () => void (wanted = true) };
      this.pending.set(id, pending);
    } else if (!ahead) pending.want();
    return pending.page;
  }

  private async render(page: Page, key: string, pause?: () => Promise<void>): Promise<CachedPage> {
    const colours = this.colours;
    const before = this.options.uncoloured?.();
    const rendered = await this.renderer.render(page, pause);
    // Renders may overlap: one that began before another's uncoloured block is counted uncoloured too, which only costs a render.
    const uncoloured = before !== this.options.uncoloured?.();
    const entry = { html: rendered.html, hash: hashOf(rendered.html), diagnostics: rendered.diagnostics };
    if (uncoloured) this.noteUncoloured(page.route, key, entry.hash);
    this.keep(page.route, { key, page: entry, uncoloured, colours });
    return entry;
  }

  private noteUncoloured(route: string, key: string, hash: string): void {
    let versions = this.uncolouredVersions.get(route);
    if (versions?.key !== key) this.uncolouredVersions.set(route, (versions = { key, hashes: new Set() }));
    versions.hashes.add(hash);
  }

  /** Keeps a rendered page as the one used last, dropping those used longest ago past the budget. */
  private keep(route: string, entry: Entry): void {
    const replaced = this.entries.get(route);
    if (replaced) this.size -= replaced.page.html.length;
    this.entries.delete(route);
    this.entries.set(route, entry);
    this.size += entry.page.html.length;
    for (const [oldest, { page }] of this.entries) {
      if (this.size <= (this.options.budget ?? BUDGET) || oldest === route) break;
      this.entries.delete(oldest);
      this.size -= page.html.length;
    }
  }

  /** A file pages may include changed: the renderer forgets it (and what imports it), and every page is rendered anew. */
  sharedFileChanged(file: string): void {
    this.renderer.invalidate(file);
    this.generation++;
  }

  private async keyOf(page: Page): Promise<string> {
    const hash = createHash('sha1').update(`${this.generation}\0`);
    // An endpoint page's spec is a site file, or a URL read once per model (nothing to read here).
    const file = page.source.type === 'file' ? page.source.file : page.source.spec;
    hash.update(await readFile(path.join(this.root, file)).catch(() => Buffer.alloc(0)));
    return hash.digest('hex');
  }
}

export function hashOf(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}
