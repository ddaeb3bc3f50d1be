/**
 * The search index's files as the build writes them (src/search/index-files.ts) and the browser
 * reads them (src/client/search-dialog.mts): one declaration for both sides. Plain TypeScript with
 * no DOM and no Node (tsconfig.portable.json), bundled into the browser's search dialog, which
 * imports it as `../portable/<name>.js` (tsconfig.client.json resolves that to the .ts).
 */

export const MANIFEST_FILE = 'index.json';
/** Bumped when the files' shape changes, so an old page script never misreads new files. */
export const INDEX_FORMAT = 2;

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
  /** Page file `n` holds pages `n × pagesPerChunk` onwards. */
  chunks: string[];
  pagesPerChunk: number;
}

/** A page as a page file holds it: `[href, title, path, method, sections]`, each section `[heading id, heading, text]`. */
export type StoredPage = [string, string, string, string, [string, string, string][]];
/** A term file: term → `[page gap, score, section mask, …]`. */
export type Shard = Record<string, number[]>;

/**
 * The term files' key of one character: itself for a-z and 0-9, else a group of its code point
 * (CJK sites would otherwise write a file per character).
 */
export function characterKey(character: string): string {
  return /^[a-z0-9]$/.test(character) ? character : `_${(character.codePointAt(0)! % 64).toString(36)}`;
}
