/**
 * The search index as static files under `_docjet/search/`, split so that a reader's first query
 * downloads little even on a 10,000-page site (issue 14: under 1 MB), with no server:
 *
 * - `index.json`: how many pages, each page's scopes (version, language, product; run-length
 *   coded, pages of one section are neighbours), and the names of the other files.
 * - `t-<key>.<hash>.json`: the terms starting with one character (two, when one is not enough to
 *   keep the file small), each with its postings: page number (as the gap from the previous one),
 *   score, and which of the page's sections hold it. A query fetches the file of each of its words.
 *   Prefix and typo matching look through the same file, so a typo in the first letter is missed.
 * - `d-<n>.<hash>.json`: 32 pages each: address, title, section path, headings and text for the
 *   snippet. Only the files of the results shown are fetched.
 *
 * Scores are computed here, once: a title match outweighs any number of body matches, headings,
 * keys (description, keywords, an endpoint's path) come next, and `boost` multiplies the lot. The
 * browser (src/client/search-dialog.mts) adds how rare each word is and adds up the words.
 */
import { createHash } from 'node:crypto';
import { pageHref } from '../render/links.ts';
import type { Scope, SearchRecord } from './records.ts';
import { isCjkToken, tokenize } from './tokenize.ts';

export const SEARCH_FOLDER = 'search';
export const MANIFEST_FILE = 'index.json';
/** Bumped when the files' shape changes, so an old page script never misreads new files. */
export const INDEX_FORMAT = 1;
const PAGES_PER_CHUNK = 32;
/** A term file over this many bytes is split by the terms' second character. */
const SHARD_LIMIT = 96 * 1024;
/** Text kept per section for snippets (the index itself has every word). */
const SNIPPET_TEXT = 1200;
/** Sections past the 31st share the last bit of a posting's section mask. */
const MASK_BITS = 31;
const TITLE_SCORE = 64;
const KEY_SCORE = 16;
const BODY_SCORE_CAP = 24;

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
  /** Page file `n` holds pages `n × pagesPerChunk` onwards. */
  chunks: string[];
  pagesPerChunk: number;
}

/** A page as a page file holds it: `[href, title, path, method, sections]`, each section `[heading id, heading, text]`. */
export type StoredPage = [string, string, string, string, [string, string, string][]];

/** Every file of the index, by name relative to `_docjet/search/`. */
export function searchIndexFiles(records: readonly SearchRecord[], base: string): Map<string, string> {
  const files = new Map<string, string>();
  const add = (prefix: string, text: string): string => {
    const name = `${prefix}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`;
    files.set(name, text);
    return name;
  };
  const shards: Record<string, string> = {};
  for (const [key, text] of shardFiles(postingsOf(records))) shards[key] = add(`t-${key}`, text);
  const chunks: string[] = [];
  for (let start = 0; start < records.length; start += PAGES_PER_CHUNK) {
    chunks.push(add(`d-${chunks.length}`, JSON.stringify(records.slice(start, start + PAGES_PER_CHUNK).map((record) => storedPage(record, base)))));
  }
  const manifest: Manifest = { format: INDEX_FORMAT, pages: records.length, ...scopeTables(records), shards, chunks, pagesPerChunk: PAGES_PER_CHUNK };
  files.set(MANIFEST_FILE, JSON.stringify(manifest));
  return files;
}

/** Postings of one term: `[page gap, score, section mask, …]`, pages ascending. */
type Postings = number[];

/** Every term's postings, scored (see the file's comment). */
export function postingsOf(records: readonly SearchRecord[]): Map<string, Postings> {
  const terms = new Map<string, { postings: Postings; last: number }>();
  records.forEach((record, page) => {
    for (const [term, { score, mask }] of pageTerms(record)) {
      const entry = terms.get(term);
      if (entry) {
        entry.postings.push(page - entry.last, score, mask);
        entry.last = page;
      } else {
        terms.set(term, { postings: [page, score, mask], last: page });
      }
    }
  });
  return new Map([...terms].map(([term, entry]) => [term, entry.postings]));
}

/** Each term of one page with its score and the sections (bits) it appears in. */
function pageTerms(record: SearchRecord): Map<string, { score: number; mask: number }> {
  const found = new Map<string, { title: boolean; key: boolean; body: number; mask: number }>();
  const note = (text: string, field: 'title' | 'key' | 'body', section: number): void => {
    for (const term of tokenize(text)) {
      if (term.length < 2 && !isCjkToken(term)) continue;
      let entry = found.get(term);
      if (!entry) found.set(term, (entry = { title: false, key: false, body: 0, mask: 0 }));
      if (field === 'title') entry.title = true;
      else if (field === 'key') entry.key = true;
      else entry.body++;
      if (section >= 0) entry.mask |= 1 << Math.min(section, MASK_BITS - 1);
    }
  };
  note(record.title, 'title', -1);
  for (const key of record.keys) note(key, 'key', -1);
  record.sections.forEach((section, index) => {
    if (section.heading) note(section.heading.text, 'key', index);
    note(section.text, 'body', index);
  });
  const scored = new Map<string, { score: number; mask: number }>();
  for (const [term, entry] of found) {
    const body = Math.min(BODY_SCORE_CAP, Math.round(4 * Math.log2(1 + entry.body)));
    const raw = (entry.title ? TITLE_SCORE : 0) + (entry.key ? KEY_SCORE : 0) + body;
    scored.set(term, { score: Math.max(1, Math.round(raw * record.boost)), mask: entry.mask });
  }
  return scored;
}

/**
 * The term files' key of one character: itself for a-z and 0-9, else a group of its code point
 * (CJK sites would otherwise write a file per character). The page script has the same function.
 */
export function characterKey(character: string): string {
  return /^[a-z0-9]$/.test(character) ? character : `_${(character.codePointAt(0)! % 64).toString(36)}`;
}

/** The term files' text by key: terms grouped by first character, a group too large split by the second (`.` for a term that has none). */
function shardFiles(postings: Map<string, Postings>): Map<string, string> {
  const byFirst = groupBy([...postings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), ([term]) => characterKey(String.fromCodePoint(term.codePointAt(0)!)));
  const shards = new Map<string, string>();
  const write = (key: string, terms: [string, Postings][]): void => void shards.set(key, JSON.stringify(Object.fromEntries(terms)));
  for (const [key, terms] of byFirst) {
    if (estimatedSize(terms) <= SHARD_LIMIT) {
      write(key, terms);
      continue;
    }
    const second = groupBy(terms, ([term]) => {
      const character = [...term][1];
      return key + (character === undefined ? '.' : characterKey(character));
    });
    for (const [subKey, subTerms] of second) write(subKey, subTerms);
  }
  return shards;
}

/** About the bytes of the terms as JSON (a posting's three numbers take some seven characters), without writing it. */
function estimatedSize(terms: readonly [string, Postings][]): number {
  let size = 0;
  for (const [term, list] of terms) size += term.length + 4 + list.length * 2.4;
  return size;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(item);
  }
  return groups;
}

function storedPage(record: SearchRecord, base: string): StoredPage {
  const sections = record.sections.map((section): [string, string, string] => [section.heading?.id ?? '', section.heading?.text ?? '', section.text.slice(0, SNIPPET_TEXT)]);
  return [pageHref(record.route, base), record.title, record.path, record.method ?? '', sections];
}

/** The manifest's scope tables: distinct scopes, distinct sets of them, each page's set run-length coded. */
function scopeTables(records: readonly SearchRecord[]): Pick<Manifest, 'scopes' | 'scopeSets' | 'pageScopes'> {
  const scopes: Manifest['scopes'] = [];
  const scopeIndex = new Map<string, number>();
  const scopeSets: number[][] = [];
  const setIndex = new Map<string, number>();
  const pageScopes: number[] = [];
  const indexOf = <T>(value: T, key: string, list: T[], index: Map<string, number>): number => {
    let found = index.get(key);
    if (found === undefined) {
      found = list.push(value) - 1;
      index.set(key, found);
    }
    return found;
  };
  for (const record of records) {
    const set = [...new Set(record.scopes.map((scope) => scopeRow(scope)).map((row) => indexOf(row, JSON.stringify(row), scopes, scopeIndex)))].sort((a, b) => a - b);
    const id = indexOf(set, set.join(','), scopeSets, setIndex);
    if (pageScopes[pageScopes.length - 1] === id) pageScopes[pageScopes.length - 2]!++;
    else pageScopes.push(1, id);
  }
  return { scopes, scopeSets, pageScopes };
}

function scopeRow(scope: Scope): [string | null, string | null, string | null] {
  return [scope.version ?? null, scope.language ?? null, scope.product ?? null];
}
