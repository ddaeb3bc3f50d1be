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
import path from 'node:path';
import type { Diagnostic } from '../shared/diagnostics.ts';
import type { Page } from '../site/types.ts';
import type { PageLinks } from '../validate/links.ts';
import { contentStamp } from './regular-file.ts';

export interface CachedPage {
  html: string;
  /** Hash of `html`: what a browser holding the page has, to tell whether it changed. */
  hash: string;
  diagnostics: Diagnostic[];
  /** The page could not be rendered: this shows why (a render past its deadline, a file that cannot be read). */
  failed?: boolean;
  /** The URLs it writes and its element ids, when the renderer says (render threads do). */
  links?: PageLinks;
}

/** HTML kept, in characters (one or two bytes each): 200 pages of a 5,000-page site, 1,000 of a smaller one. */
const BUDGET = 32 * 1024 * 1024;

/** What renders pages (render-threads.ts through session.ts; tests: a stand-in). */
export interface PageRenderer {
  /** `uncoloured`: some code is shown uncoloured (else `options.uncoloured` is compared around the render). */
  render(page: Page, pause?: () => Promise<void>): Promise<{ html: string; diagnostics: Diagnostic[]; uncoloured?: boolean; links?: PageLinks }>;
  invalidate(file?: string): void;
}

/** Versions of a page's files whose uncoloured renders are remembered. */
const KEYS_KEPT = 4;

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
  /** By route, then by the page's key: the hashes of its versions rendered with code uncoloured under that key. */
  private readonly uncolouredVersions = new Map<string, Map<string, Set<string>>>();

  constructor(
    private readonly root: string,
    private readonly renderer: PageRenderer,
    private readonly options: {
      budget?: number;
      uncoloured?: () => number;
      pause?: (hurry: () => boolean) => Promise<void>;
      /**
       * A render that failed: the page to keep in its place until the page's files change (a
       * render past its deadline, a file that cannot be read), or undefined to fail the request.
       */
      failed?: (page: Page, error: unknown) => CachedPage | undefined;
    } = {},
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

  /**
   * The URLs a page writes and its element ids: from the cache when its files are as they were (its
   * code's colours change no id), else rendered ahead of the reader, into the cache.
   */
  async linksAhead(page: Page): Promise<PageLinks | undefined> {
    const key = await this.keyOf(page);
    const cached = this.entries.get(page.route);
    if (cached !== undefined && cached.key === key) return cached.page.links;
    return (await this.rendering(page, key, true)).links;
  }

  /** A grammar was compiled for code some pages showed uncoloured: those are rendered again when next asked for. */
  recoloured(): void {
    this.colours++;
  }

  /** Whether `hash` is a version of `page` that differs from the page as its files are now only by showing code uncoloured. */
  async colouredSince(page: Page, hash: string): Promise<boolean> {
    const versions = this.uncolouredVersions.get(page.route);
    return versions !== undefined && (versions.get(await this.keyOf(page))?.has(hash) ?? false);
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
    let rendered;
    try {
      rendered = await this.renderer.render(page, pause);
    } catch (error) {
      // Kept under this key: a page past its deadline is not rendered again (for as long again) until it is edited.
      const kept = this.options.failed?.(page, error);
      if (!kept) throw error;
      this.keep(page.route, { key, page: kept, uncoloured: false, colours });
      return kept;
    }
    // Renders may overlap: one that began before another's uncoloured block is counted uncoloured too, which only costs a render.
    const uncoloured = rendered.uncoloured ?? before !== this.options.uncoloured?.();
    const entry: CachedPage = { html: rendered.html, hash: hashOf(rendered.html), diagnostics: rendered.diagnostics, ...(rendered.links ? { links: rendered.links } : {}) };
    if (uncoloured) this.noteUncoloured(page.route, key, entry.hash);
    this.keep(page.route, { key, page: entry, uncoloured, colours });
    return entry;
  }

  private noteUncoloured(route: string, key: string, hash: string): void {
    // By key, the last few: renders overlap (one ahead of the reader, started before an edit, may end after the request's render of the edit).
    const versions = this.uncolouredVersions.get(route) ?? new Map<string, Set<string>>();
    this.uncolouredVersions.set(route, versions);
    const hashes = versions.get(key) ?? new Set<string>();
    versions.delete(key);
    versions.set(key, hashes.add(hash));
    if (versions.size > KEYS_KEPT) versions.delete(versions.keys().next().value!);
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
    // Hashed up to a limit, past it stamped by size and times; nothing but a regular file is opened (regular-file.ts).
    hash.update((await contentStamp(path.join(this.root, file))) ?? 'unreadable');
    return hash.digest('hex');
  }
}

export function hashOf(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}
