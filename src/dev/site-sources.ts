/**
 * What the dev server keeps of a site's files between changes: the scan (pages and other files)
 * and each page's frontmatter, with the problems found in each. Reading them is the slow part of
 * resolving a 5,000-page site (every page file is opened), so a change reads again only what it
 * touched: an edited page's frontmatter, or the folder tree when files came or went; and a new run
 * reads only the pages that changed since the last (meta-cache.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { readAllPageMeta, readPageMeta, type PageMeta } from '../content/frontmatter.ts';
import { scanSite, type PageFile, type SiteFiles } from '../shared/scan.ts';
import { readMetaCache, writeMetaCache, type CachedMeta } from './meta-cache.ts';

export interface SiteSources {
  files: SiteFiles;
  scanDiagnostics: Diagnostic[];
  /** By page id. */
  meta: Map<string, PageMeta>;
  /** Problems of each page's frontmatter, by page id. */
  metaDiagnostics: Map<string, Diagnostic[]>;
}

/** The output folder `build` writes by default, never read as content (as in `validate`). */
const OUT_DIR = 'dist';

/**
 * The site's files and every page's frontmatter, from the cache of the last run for pages that did
 * not change since (meta-cache.ts). `save` writes the cache for the next run, when pages were read.
 */
export async function readSources(root: string): Promise<{ sources: SiteSources; save: (pause?: () => Promise<void>) => Promise<void> }> {
  const { files, diagnostics } = await scanSite({ root, outDir: OUT_DIR });
  const cache = await readMetaCache(root, files.pages.values());
  const toRead = [...files.pages.values()].filter((page) => !cache.valid.has(page.file));
  const read = await readAllPageMeta({ root, pages: toRead });
  const readDiagnostics = byPage(files, read.diagnostics);
  const meta = new Map<string, PageMeta>();
  const metaDiagnostics = new Map<string, Diagnostic[]>();
  for (const page of files.pages.values()) {
    const cached = cache.valid.get(page.file);
    const value = cached?.meta ?? read.meta.get(page.id);
    if (!value) continue;
    meta.set(page.id, value);
    metaDiagnostics.set(page.id, cached?.diagnostics ?? readDiagnostics.get(page.id) ?? []);
  }
  const sources = { files, scanDiagnostics: diagnostics, meta, metaDiagnostics };
  // The cache's entries are gathered when it is written, after the first page went out.
  return { sources, save: (pause) => (toRead.length > 0 ? writeMetaCache(root, cacheEntries(sources), cache, pause) : Promise.resolve()) };
}

/** What the frontmatter cache keeps of each page, by page file. */
function cacheEntries(sources: SiteSources): Map<string, CachedMeta> {
  const entries = new Map<string, CachedMeta>();
  for (const page of sources.files.pages.values()) {
    const value = sources.meta.get(page.id);
    if (value) entries.set(page.file, { meta: value, diagnostics: sources.metaDiagnostics.get(page.id) ?? [] });
  }
  return entries;
}

/**
 * The folder tree read again (files came, went or were renamed, or `.mintignore` changed); the
 * frontmatter of pages already known is kept, except for those in `changed` (site-relative files).
 */
export async function rescanSources(root: string, previous: SiteSources, changed: ReadonlySet<string>): Promise<SiteSources> {
  const { files, diagnostics } = await scanSite({ root, outDir: OUT_DIR });
  const meta = new Map<string, PageMeta>();
  const metaDiagnostics = new Map<string, Diagnostic[]>();
  const toRead: PageFile[] = [];
  for (const page of files.pages.values()) {
    const known = previous.meta.get(page.id);
    if (known && previous.files.pages.get(page.id)?.file === page.file && !changed.has(page.file)) {
      meta.set(page.id, known);
      metaDiagnostics.set(page.id, previous.metaDiagnostics.get(page.id) ?? []);
    } else {
      toRead.push(page);
    }
  }
  const read = await readAllPageMeta({ root, pages: toRead });
  for (const [id, value] of read.meta) meta.set(id, value);
  for (const [id, found] of byPage(files, read.diagnostics)) metaDiagnostics.set(id, found);
  return { files, scanDiagnostics: diagnostics, meta: sortedLike(files, meta), metaDiagnostics };
}

/**
 * A page's frontmatter read again after an edit. `changed` says whether the site model must be
 * resolved again (a title, a sidebar title, `hidden`, an icon… shows in the navigation); the
 * returned sources hold the new frontmatter either way.
 */
export async function rereadPage(root: string, sources: SiteSources, page: PageFile): Promise<{ sources: SiteSources; changed: boolean }> {
  const { diagnostics, ...fresh } = await readPageMeta({ root, page });
  const changed = !isDeepStrictEqual(sources.meta.get(page.id), fresh);
  const meta = new Map(sources.meta).set(page.id, fresh);
  const metaDiagnostics = new Map(sources.metaDiagnostics).set(page.id, diagnostics);
  return { sources: { ...sources, meta, metaDiagnostics }, changed };
}

/** The page file at a site-relative path, if it is one. */
export function pageFileAt(sources: SiteSources, file: string): PageFile | undefined {
  const id = file.replace(/\.mdx?$/, '');
  const page = sources.files.pages.get(id);
  return page?.file === file ? page : undefined;
}

/** Every problem the sources hold: the scan's, then each page's frontmatter's. */
export function sourceDiagnostics(sources: SiteSources): Diagnostic[] {
  return [...sources.scanDiagnostics, ...[...sources.metaDiagnostics.values()].flat()];
}

/** Frontmatter problems grouped by the page they were found in. */
function byPage(files: SiteFiles, diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  if (diagnostics.length === 0) return new Map();
  const idOfFile = new Map([...files.pages.values()].map((page) => [page.file, page.id]));
  const grouped = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const id = idOfFile.get(diagnostic.file);
    if (id === undefined) continue;
    grouped.set(id, [...(grouped.get(id) ?? []), diagnostic]);
  }
  return grouped;
}

/** The metadata in the scan's page order, as `readAllPageMeta` returns it for a whole site. */
function sortedLike(files: SiteFiles, meta: Map<string, PageMeta>): Map<string, PageMeta> {
  const sorted = new Map<string, PageMeta>();
  for (const id of files.pages.keys()) {
    const value = meta.get(id);
    if (value) sorted.set(id, value);
  }
  return sorted;
}
