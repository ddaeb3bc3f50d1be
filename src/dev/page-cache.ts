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

export class PageCache {
  private readonly entries = new Map<string, { key: string; page: CachedPage }>();
  /** Renders under way, by route and key: a page asked for twice at once is rendered once. */
  private readonly pending = new Map<string, Promise<CachedPage>>();
  /** Bumped when a file that pages may import changes: every key changes with it. */
  private generation = 0;

  constructor(
    private readonly root: string,
    private readonly renderer: Renderer,
  ) {}

  /** The page rendered, from the cache when its files are as they were. */
  async get(page: Page): Promise<CachedPage> {
    const key = await this.keyOf(page);
    const cached = this.entries.get(page.route);
    if (cached?.key === key) return cached.page;
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
    this.entries.set(page.route, { key, page: entry });
    return entry;
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
