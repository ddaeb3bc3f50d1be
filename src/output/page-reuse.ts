/**
 * A warm build takes a page's files (its HTML, Markdown twin and feed) from the output it replaces,
 * as hard links, instead of rendering its shell and writing them again, when nothing they are made
 * from changed: the page's body (keyed as the body cache keys it, src/render/body-cache.ts: docjet's
 * code, the page's file, its place in the site model, docs.json's body keys, its specs; and the
 * snippets and files it read, checked again) and the site around it (`siteOutputKey`: every option
 * the renderer is made with, the whole site model among them: navigation, every page's title,
 * config, theme, asset URLs, git dates). A changed title, docs.json or static file changes the site
 * key: every page is rendered again. A changed body renders that page alone (its neighbours show
 * only its title and route).
 *
 * What a reused page's render told the build (its warnings, math and mermaid, the links it writes
 * and its ids) is kept with it in `.docjet/cache/output/pages.json`, so a warm build reports and
 * checks what a cold one does. A file is linked only when the previous output's record holds it with
 * the hash this build's entry names and its size and times are still the recorded ones
 * (`StagedOutput.link`); pages that show unknown icons or link schema fragments are always rendered
 * (what they tell is kept per renderer). The previous output is never written through a link
 * (output.ts unlinks a name before writing it), so a failed build leaves it as it was.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { markdownPath } from '../content/markdown/path.ts';
import { BodyCache, type BodyCacheInit, type BodyInputs } from '../render/body-cache.ts';
import { SCHEMA_FOLDER } from '../render/endpoint/schema-fragment.ts';
import { feedOutputPath } from '../render/feed.ts';
import { contentUrlResolver } from '../render/links.ts';
import type { RendererOptions } from '../render/page.ts';
import { readSourceStamps, SOURCE_STAMPS, type SourceTexts } from '../render/source-texts.ts';
import type { PageLinks } from '../validate/links.ts';
import type { OutputRecord } from './ownership.ts';
import { outputPath, type StagedOutput } from './output.ts';
import { pageOutputPath } from './paths.ts';
import type { RouteResult } from './pool.ts';

/** Bump when `Entry` or `Store` changes. */
const STORE_FORMAT = 1;
/** `.docjet/cache/output`, where the page files' sizes, times and hashes are kept too (`SOURCE_STAMPS`). */
const CACHE_PART = SOURCE_STAMPS.part;
const STORE_FILE = 'pages.json';
/** Pages looked at once (reading their files for their keys overlaps). */
const CONCURRENCY = 16;

/** What a page's render told the build, as `build` takes it (`RouteResult` without its bytes and files). */
export type PageResult = Omit<RouteResult, 'route' | 'bytes' | 'written'>;

interface Entry {
  /** The body cache's key of the page, which the reuse checks. */
  body: string;
  inputs: BodyInputs;
  /** The page's files with the hash the build recorded. */
  files: [relative: string, hash: string][];
  diagnostics: Diagnostic[];
  math: boolean;
  mermaid: boolean;
  links: PageLinks;
  /** Its request samples' file (`RouteResult.samples`), linked with its HTML, which links to it. */
  samples?: string;
}

interface Store {
  format: number;
  site: string;
  pages: Record<string, Entry>;
}

export interface PreviousOutput {
  dir: string;
  record: OutputRecord;
}

/**
 * The key of everything around a page's body that its HTML reads: docjet's code and every renderer
 * option but the cache (site model, base, asset URLs, site files, fragments, git dates…).
 */
export function siteOutputKey(options: RendererOptions, version: string): string {
  const { cache: _cache, highlight: _highlight, ...rest } = options;
  const plain = (_key: string, value: unknown): unknown => (value instanceof Map ? [...value] : value instanceof Set ? [...value] : value);
  return createHash('sha256').update(version).update('\n').update(JSON.stringify(rest, plain)).digest('hex');
}

export class PageReuse {
  private readonly entries = new Map<string, Entry>();
  private readonly keys: BodyCache;
  /** Pages whose files were taken from the previous output, and their bytes. */
  reused = 0;
  bytes = 0;
  /** A page was rendered: its entry is new. */
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly site: string,
    private readonly options: RendererOptions,
    private readonly previous: Record<string, Entry>,
    init: BodyCacheInit,
    private readonly sources: SourceTexts,
  ) {
    const siteFiles = options.siteFiles ? new Set(options.siteFiles) : undefined;
    this.keys = new BodyCache(init, {
      site: options.site,
      base: options.base,
      fragmentPrefix: `${options.assetsPrefix}${SCHEMA_FOLDER}/`,
      urls: (file) => contentUrlResolver(file, options.base, siteFiles),
      sources,
    });
  }

  /** The store of `root`'s cache, its entries usable only when the site key is this build's. Undefined without a usable cache folder. */
  static async open(root: string, options: RendererOptions, init: BodyCacheInit, sources: SourceTexts): Promise<PageReuse | undefined> {
    const folder = await cacheFolder(root, CACHE_PART, { create: true }).catch(() => undefined);
    if (!folder?.ok) return undefined;
    const file = path.join(folder.path, STORE_FILE);
    const site = siteOutputKey(options, init.version);
    let pages: Record<string, Entry> = {};
    try {
      const store = JSON.parse(await readFile(file, 'utf8')) as Store;
      if (store.format === STORE_FORMAT && store.site === site && typeof store.pages === 'object' && store.pages !== null) pages = store.pages;
    } catch {
      // None yet, or damaged: every page is rendered.
    }
    // The page files' stamps and hashes of the last build: a file as it was is not read to be hashed (`SourceTexts.hashOf`).
    // None yet, or damaged: every page file is read for its hash.
    const stamps = await readSourceStamps(root);
    if (stamps) sources.useStamps(stamps);
    return new PageReuse(file, site, options, pages, init, sources);
  }

  /**
   * Links the files of every page that can be reused from `previous` into `output`, calling
   * `onPage` for each with what its render told; returns the routes left to render.
   */
  async reuse(routes: readonly string[], previous: PreviousOutput | undefined, output: StagedOutput, onPage: (route: string, result: PageResult) => void): Promise<string[]> {
    if (!previous || Object.keys(this.previous).length === 0) return [...routes];
    const render: string[] = [];
    const taken = new Set<string>();
    let next = 0;
    const loop = async (): Promise<void> => {
      while (next < routes.length) {
        const route = routes[next++]!;
        if (await this.take(route, previous, output)) {
          taken.add(route);
          const entry = this.entries.get(route)!;
          onPage(route, { diagnostics: entry.diagnostics, math: entry.math, mermaid: entry.mermaid, fragments: [], links: entry.links, cached: true, cacheKey: entry.body });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, loop));
    for (const route of routes) if (!taken.has(route)) render.push(route);
    this.reused = taken.size;
    return render;
  }

  private async take(route: string, previous: PreviousOutput, output: StagedOutput): Promise<boolean> {
    const entry = this.previous[route];
    const page = this.options.site.pages.get(route);
    if (!entry || !page || entry.files.length === 0) return false;
    const recorded = entry.files.map(([relative, hash]) => {
      const found = previous.record.files.get(relative);
      return found?.[0] === hash ? found : undefined;
    });
    if (recorded.some((found) => found === undefined)) return false;
    if ((await this.keys.keyOf(page)) !== entry.body || !(await this.keys.inputsHold(entry.inputs))) return false;
    for (const [index, [relative]] of entry.files.entries()) {
      // One that cannot be linked: the page is rendered, its files written over any linked (output.ts unlinks them first).
      const linked = await output.link(outputPath(previous.dir, relative), relative, recorded[index]!).catch(() => false);
      if (!linked) return false;
    }
    this.entries.set(route, entry);
    for (const found of recorded) this.bytes += found![1];
    return true;
  }

  /** Notes what a rendered page told, to keep it once its files are written (`save`). */
  rendered(route: string, result: PageResult): void {
    const { cacheKey, inputs, unknownIcons, fragments } = result;
    if (cacheKey === undefined || inputs === undefined || unknownIcons || fragments.length > 0) return;
    this.entries.set(route, {
      body: cacheKey,
      inputs,
      files: [],
      diagnostics: result.diagnostics,
      math: result.math,
      mermaid: result.mermaid,
      links: result.links,
      ...(result.samples ? { samples: result.samples } : {}),
    });
    this.changed = true;
  }

  /** Keeps the entries of this build's pages, each with the hashes its files were recorded with (none that another file replaced). */
  async save(output: StagedOutput): Promise<void> {
    const stamps = this.sources.newStamps();
    if (stamps) await writeAtomic(path.join(path.dirname(this.file), SOURCE_STAMPS.file), JSON.stringify({ stamps })).catch(() => undefined);
    // Every page taken as the store has it: the store is the same (0.45 s of writing it at 5,000 pages).
    if (!this.changed && this.entries.size === Object.keys(this.previous).length) return;
    const pages: Record<string, Entry> = {};
    for (const [route, entry] of this.entries) {
      const files: [string, string][] = [];
      for (const relative of [pageOutputPath(route), markdownPath(route), feedOutputPath(route), ...(entry.samples ? [entry.samples] : [])]) {
        const hash = output.hashOf(relative);
        if (hash !== undefined) files.push([relative, hash]);
      }
      // A page whose samples file is not recorded (another page's wrote it? it could not be hashed) is rendered next time.
      if (files.length >= 2 && (!entry.samples || files.some(([relative]) => relative === entry.samples))) pages[route] = { ...entry, files };
    }
    const store: Store = { format: STORE_FORMAT, site: this.site, pages };
    await writeAtomic(this.file, JSON.stringify(store)).catch(() => undefined);
  }
}
