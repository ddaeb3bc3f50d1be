/**
 * The search index's files as the build writes them (src/search/index-files.ts) and the browser
 * reads them (src/client/search-dialog.mts): one declaration for both sides. Plain TypeScript with
 * no DOM and no Node (tsconfig.portable.json), bundled into the browser's search dialog, which
 * imports it as `../portable/<name>.js` (tsconfig.client.json resolves that to the .ts).
 */

export const MANIFEST_FILE = 'index.json';
/** Bumped when the files' shape changes, so an old page script never misreads new files. */
export const INDEX_FORMAT = 3;

export interface Manifest {
  format: number;
  pages: number;
  /** Distinct scopes: `[version, language, product]`, null where the site has none. */
  scopes: [string | null, string | null, string | null][];
  /** Distinct sets of scopes (a page listed in several versions has several), as indexes into `scopes`. */
  scopeSets: number[][];
  /** Each page's scope set, run-length coded: `[count, set, count, set, …]`. */
  pageScopes: number[];
  /** Term file by key (`d`, `de`, `_1k`). */
  shards: Record<string, string>;
  /** Tail file by key, keyed like the term files by the tail's first characters. */
  tails: Record<string, string>;
  /** Each page's address (with the base), in page order: what a result links to. */
  hrefs: string[];
  /** Each page's title. */
  titles: string[];
  /** Distinct section paths (`Guides › Setup`). */
  paths: string[];
  /** Each page's section path, run-length coded: `[count, path, count, path, …]`. */
  pagePaths: number[];
  /** The method of each endpoint page, by page number. */
  methods: Record<string, string>;
  /** Each page's details file, `f-<hash>.json`: its hash, `DETAIL_HASH` hex digits per page, in page order. */
  details: string;
}

/** Hex digits of a details file's content hash, as the manifest lists them. */
export const DETAIL_HASH = 10;

/** A page's details file: `f-<hash>.json`. */
export function detailFile(manifest: Manifest, page: number): string {
  return `f-${manifest.details.slice(page * DETAIL_HASH, (page + 1) * DETAIL_HASH)}.json`;
}

/** A page's sections as its details file holds them: `[heading id, heading, text]` each. */
export type StoredSections = [string, string, string][];
/** A result's page: `[href, title, path, method, sections]` (the sections from its details file, empty until it is read). */
export type StoredPage = [string, string, string, string, StoredSections];
/** A term file: term → `[page gap, score, section mask, …]`. */
export type Shard = Record<string, number[]>;

/**
 * The term files' key of one character: itself for a-z and 0-9, else a group of its code point
 * (CJK sites would otherwise write a file per character).
 */
export function characterKey(character: string): string {
  return /^[a-z0-9]$/.test(character) ? character : `_${(character.codePointAt(0)! % 64).toString(36)}`;
}
