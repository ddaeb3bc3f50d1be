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

export class PageCache {
  /** By route, the page used longest ago first. */
  private readonly entries = new Map<string, { key: string; page: CachedPage }>();
  /** Characters of HTML in `entries`. */
  private size = 0;
  /** Renders under way, by route and key: a page asked for twice at once is rendered once. */
  private readonly pending = new Map<string, Promise<CachedPage>>();
  /** Bumped when a file that pages may import changes: every key changes with it. */
  private generation = 0;

  constructor(
    private readonly root: string,
    private readonly renderer: Pick<Renderer, 'render' | 'invalidate'>,
    private readonly budget = BUDGET,
  ) {}

  /** The page rendered, from the cache when its files are as they were. */
  async get(page: Page): Promise<CachedPage> {
    const key = await this.keyOf(page);
    const cached = this.entries.get(page.route);
    if (cached?.key === key) {
      this.entries.delete(page.route);
      this.entries.set(page.route, cached);
      return cached.page;
    }
    return this.rendering(page, key);
  }

  /**
   * Renders the page into the cache unless it is there as its files are: the processor time that
   * took, in ms (undefined: it was there). Processor time, not time on the clock, which a busy
   * machine stretches for every page alike.
   */
  async ahead(page: Page): Promise<number | undefined> {
    const key = await this.keyOf(page);
    if (this.entries.get(page.route)?.key === key) return undefined;
    const started = process.cpuUsage();
    await this.rendering(page, key);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  }

  /** The render of `page` under way for `key`, or a new one: a page asked for twice at once is rendered once. */
  private rendering(page: Page, key: string): Promise<CachedPage> {
    const id = `${page.route}\0${key}`;
    let pending = this.pending.get(id);
    if (!pending) {
      pending = this.render(page, key).finally(() => this.pending.delete(id));
      this.pending.set(id, pending);
    }
    return pending;
  }

  private async render(page: Page, key: string): Promise<CachedPage> {
    const rendered = await this.renderer.render(page);
    const entry = { html: rendered.html, hash: hashOf(rendered.html), diagnostics: rendered.diagnostics };
    this.keep(page.route, { key, page: entry });
    return entry;
  }

  /** Keeps a rendered page as the one used last, dropping those used longest ago past the budget. */
  private keep(route: string, entry: { key: string; page: CachedPage }): void {
    const replaced = this.entries.get(route);
    if (replaced) this.size -= replaced.page.html.length;
    this.entries.delete(route);
    this.entries.set(route, entry);
    this.size += entry.page.html.length;
    for (const [oldest, { page }] of this.entries) {
      if (this.size <= this.budget || oldest === route) break;
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
