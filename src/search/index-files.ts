/**
 * The search index as static files under `_docjet/search/`, split so that a reader's first query
 * downloads little even on a 10,000-page site (issue 14: under 1 MB), with no server:
 *
 * - `index.json`: how many pages, each page's scopes (version, language, product; run-length
 *   coded, pages of one section are neighbours), address, title, section path and method (what a
 *   result's line shows), and the names of the other files.
 * - `t-<key>.<hash>.json`: the terms starting with one character (two, when one is not enough to
 *   keep the file small), each with its postings: page number (as the gap from the previous one),
 *   score (page-terms.ts), and which of the page's sections hold it. A query fetches the file of
 *   each of its words; prefix and typo matching look through the same file.
 * - `s-<key>.<hash>.json`: every term's tail (the term without its first letter) with the first
 *   letters it comes with, by the tail's first character: what a typo in a word's first letter
 *   needs (`xearch`, `earch`, `esarch` find `search`), fetched only for a word that nothing in its
 *   own term file matches.
 * - `f-<hash>.json`: one page's details: its headings and the text of each section for the
 *   excerpt. Fetched for the results shown, after their lines are shown (issue 33: files of 32
 *   pages made a first query fetch 9 to 11 files and 300 to 430 KB gzipped on a 1,000-page site,
 *   where a page's details are 1 to 2 KB); pages with the same details share one file.
 *
 * A first query thus fetches `index.json` and one term file before its results show.
 *
 * `IndexWriter` keeps what it wrote: given the records again (`dev`, after an edit), it writes
 * again only the files holding what changed: the term and tail files of the terms that came, went
 * or changed score, and the details files of the pages that changed.
 */
import { createHash } from 'node:crypto';
import { pageHref } from '../render/links.ts';
import { pageTerms, sameRecord, type PageTerms } from './page-terms.ts';
import type { Scope, SearchRecord } from './records.ts';
import { isCjkToken } from '../portable/tokenize.ts';
import { characterKey, DETAIL_HASH, INDEX_FORMAT, MANIFEST_FILE, type Manifest, type StoredSections } from '../portable/search-format.ts';

export const SEARCH_FOLDER = 'search';
/** A term or tail file over this many bytes is split by the second character. */
const SHARD_LIMIT = 96 * 1024;
/** Text kept per section for result excerpts (the index itself has every word). */
const EXCERPT_TEXT = 1200;
/** Terms shorter than this have no tail: a first-letter typo is looked for in words of four letters or more. */
const TAIL_MIN_LENGTH = 3;

/** Every file of the index, by name relative to `_docjet/search/`. */
export function searchIndexFiles(records: readonly SearchRecord[], base: string): Map<string, string> {
  return new IndexWriter(base).update(records);
}

/** A term's postings with absolute page numbers, `[page, score, mask, …]`, pages ascending (the files store gaps). */
type Postings = number[];

/** The files of one group (the terms or tails of one first character): file key → name. */
type GroupFiles = Map<string, string>;

/** The index of a list of records, kept so that the next list writes again only what changed. */
export class IndexWriter {
  private records: readonly SearchRecord[] = [];
  private terms: PageTerms[] = [];
  private readonly postings = new Map<string, Postings>();
  /** Terms by the key of their first character: what one group of term files holds. */
  private readonly termGroups = new Map<string, Set<string>>();
  /** Tail → the first letters that make a term of it, and tails by the key of their first character. */
  private readonly tails = new Map<string, string>();
  private readonly tailGroups = new Map<string, Set<string>>();
  private readonly shardFiles = new Map<string, GroupFiles>();
  private readonly tailFiles = new Map<string, GroupFiles>();
  /** Each page's details file, and how many pages share each. */
  private details: string[] = [];
  private readonly detailUses = new Map<string, number>();
  private readonly files = new Map<string, string>();
  /** What the next write must do again. */
  private readonly dirty = { terms: new Set<string>(), tails: new Set<string>(), details: new Set<number>() };

  constructor(private readonly base: string) {}

  /** The index of `records` (every file, by name): pages listed as before are compared, others indexed afresh. */
  update(records: readonly SearchRecord[]): Map<string, string> {
    const sameList = records.length === this.records.length && records.every((record, page) => record.route === this.records[page]!.route);
    if (sameList) this.patch(records);
    else this.rebuild(records);
    this.records = records;
    this.write();
    return new Map(this.files);
  }

  /** Pages came, went or moved: every posting again (the terms of unchanged pages kept), every file written. */
  private rebuild(records: readonly SearchRecord[]): void {
    const before = new Map(this.records.map((record, page) => [record.route, page]));
    const terms = records.map((record) => {
      const page = before.get(record.route);
      return page !== undefined && sameRecord(this.records[page]!, record) ? this.terms[page]! : pageTerms(record);
    });
    for (const table of [this.postings, this.termGroups, this.tails, this.tailGroups, this.shardFiles, this.tailFiles, this.files, this.detailUses]) table.clear();
    this.details = [];
    terms.forEach((own, page) => {
      for (const [term, { score, mask }] of own) this.postingsOf(term).push(page, score, mask);
    });
    this.terms = terms;
    for (let page = 0; page < records.length; page++) this.dirty.details.add(page);
  }

  /** The same pages in the same order: the postings of the pages whose record changed, updated in place. */
  private patch(records: readonly SearchRecord[]): void {
    records.forEach((record, page) => {
      if (sameRecord(this.records[page]!, record)) return;
      const old = this.terms[page]!;
      const own = pageTerms(record);
      for (const term of new Set([...old.keys(), ...own.keys()])) this.setPosting(term, page, own.get(term));
      this.terms[page] = own;
      this.dirty.details.add(page);
    });
  }

  /** A term's postings, made (and the term listed in its groups) on first use. */
  private postingsOf(term: string): Postings {
    let postings = this.postings.get(term);
    if (!postings) {
      this.postings.set(term, (postings = []));
      const key = groupKey(term);
      setIn(this.termGroups, key).add(term);
      this.dirty.terms.add(key);
      const tail = tailOf(term);
      if (tail) {
        this.tails.set(tail, [...(this.tails.get(tail) ?? ''), firstOf(term)].sort().join(''));
        this.touchTail(tail);
      }
    }
    return postings;
  }

  /** Takes a term that no page has any more out of its groups and its tail. */
  private forget(term: string): void {
    this.postings.delete(term);
    this.termGroups.get(groupKey(term))?.delete(term);
    this.dirty.terms.add(groupKey(term));
    const tail = tailOf(term);
    if (!tail) return;
    const letters = (this.tails.get(tail) ?? '').replace(firstOf(term), '');
    if (letters === '') this.tails.delete(tail);
    else this.tails.set(tail, letters);
    this.touchTail(tail);
  }

  /** `tail`'s letters changed: its group's file is written again. */
  private touchTail(tail: string): void {
    const key = groupKey(tail);
    if (this.tails.has(tail)) setIn(this.tailGroups, key).add(tail);
    else this.tailGroups.get(key)?.delete(tail);
    this.dirty.tails.add(key);
  }

  /** Page `page`'s posting of `term`: set, changed, or (no score) taken out. */
  private setPosting(term: string, page: number, value: { score: number; mask: number } | undefined): void {
    const postings = value ? this.postingsOf(term) : this.postings.get(term);
    if (!postings) return;
    const at = postingIndex(postings, page);
    const present = postings[at] === page;
    if (value && present && postings[at + 1] === value.score && postings[at + 2] === value.mask) return;
    if (value && present) postings.splice(at + 1, 2, value.score, value.mask);
    else if (value) postings.splice(at, 0, page, value.score, value.mask);
    else if (present) postings.splice(at, 3);
    this.dirty.terms.add(groupKey(term));
    if (postings.length === 0) this.forget(term);
  }

  /** Writes again what changed, then the manifest. */
  private write(): void {
    for (const key of this.dirty.terms) {
      const terms = [...(this.termGroups.get(key) ?? [])].sort(byCodeUnit);
      this.writeGroup(
        't',
        key,
        this.shardFiles,
        terms.map((term) => [term, gapCoded(this.postings.get(term)!)]),
        (postings) => postings.length * 2.4,
      );
    }
    for (const key of this.dirty.tails) {
      const tails = [...(this.tailGroups.get(key) ?? [])].sort(byCodeUnit);
      this.writeGroup(
        's',
        key,
        this.tailFiles,
        tails.map((tail) => [tail, this.tails.get(tail)!]),
        (letters) => letters.length,
      );
    }
    for (const page of this.dirty.details) {
      const old = this.details[page];
      this.details[page] = this.useDetails(JSON.stringify(storedSections(this.records[page]!)));
      if (old !== undefined) this.dropDetails(old);
    }
    this.dirty.terms.clear();
    this.dirty.tails.clear();
    this.dirty.details.clear();
    const manifest: Manifest = {
      format: INDEX_FORMAT,
      pages: this.records.length,
      ...scopeTables(this.records),
      shards: fileTable(this.shardFiles),
      tails: fileTable(this.tailFiles),
      ...pageLines(this.records, this.base),
      details: this.details.map((name) => name.slice(2, 2 + DETAIL_HASH)).join(''),
    };
    this.files.set(MANIFEST_FILE, JSON.stringify(manifest));
  }

  /** One group's files in place of its old ones: one file, or one per second character when too large. */
  private writeGroup<T>(prefix: string, key: string, written: Map<string, GroupFiles>, entries: [string, T][], valueSize: (value: T) => number): void {
    for (const name of written.get(key)?.values() ?? []) this.files.delete(name);
    const files: GroupFiles = new Map();
    for (const [fileKey, part] of splitGroup(key, entries, valueSize)) files.set(fileKey, this.add(`${prefix}-${fileKey}`, JSON.stringify(Object.fromEntries(part))));
    if (files.size > 0) written.set(key, files);
    else written.delete(key);
  }

  /** Adds a file named by its content; returns the name. */
  private add(prefix: string, text: string): string {
    const name = `${prefix}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`;
    this.files.set(name, text);
    return name;
  }

  /** A page's details file, added or (same details as another page's) shared; returns its name. */
  private useDetails(text: string): string {
    const name = `f-${createHash('sha256').update(text).digest('hex').slice(0, DETAIL_HASH)}.json`;
    this.files.set(name, text);
    this.detailUses.set(name, (this.detailUses.get(name) ?? 0) + 1);
    return name;
  }

  /** One page fewer uses details file `name`: taken out when none does. */
  private dropDetails(name: string): void {
    const uses = (this.detailUses.get(name) ?? 1) - 1;
    if (uses > 0) this.detailUses.set(name, uses);
    else {
      this.detailUses.delete(name);
      this.files.delete(name);
    }
  }
}

function firstOf(term: string): string {
  return String.fromCodePoint(term.codePointAt(0)!);
}

function groupKey(term: string): string {
  return characterKey(firstOf(term));
}

/** The term without its first letter, for terms a first-letter typo may stand for; else undefined. */
function tailOf(term: string): string | undefined {
  if (isCjkToken(term)) return undefined;
  const first = firstOf(term);
  return term.length - first.length >= TAIL_MIN_LENGTH - 1 ? term.slice(first.length) : undefined;
}

/** A group too large for one file, split by the entries' second character (`.` for an entry that has none). */
function splitGroup<T>(key: string, entries: [string, T][], valueSize: (value: T) => number): Map<string, [string, T][]> {
  if (entries.length === 0) return new Map();
  let size = 0;
  for (const [name, value] of entries) size += name.length + 4 + valueSize(value);
  if (size <= SHARD_LIMIT) return new Map([[key, entries]]);
  const parts = new Map<string, [string, T][]>();
  for (const entry of entries) {
    const character = [...entry[0]][1];
    const subKey = key + (character === undefined ? '.' : characterKey(character));
    let part = parts.get(subKey);
    if (!part) parts.set(subKey, (part = []));
    part.push(entry);
  }
  return parts;
}

/** The manifest's table of a kind of file: file key → name, keys sorted. */
function fileTable(written: Map<string, GroupFiles>): Record<string, string> {
  const table: [string, string][] = [];
  for (const files of written.values()) table.push(...files);
  return Object.fromEntries(table.sort(([a], [b]) => byCodeUnit(a, b)));
}

/** Where page `page` is, or would go, in page-ascending postings (a multiple of 3). */
function postingIndex(postings: Postings, page: number): number {
  let low = 0;
  let high = postings.length / 3;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (postings[middle * 3]! < page) low = middle + 1;
    else high = middle;
  }
  return low * 3;
}

/** Postings as the files store them: each page as the gap from the one before. */
function gapCoded(postings: Postings): number[] {
  const coded = postings.slice();
  for (let index = coded.length - 3; index > 0; index -= 3) coded[index] = postings[index]! - postings[index - 3]!;
  return coded;
}

function setIn<T>(groups: Map<string, Set<T>>, key: string): Set<T> {
  let group = groups.get(key);
  if (!group) groups.set(key, (group = new Set()));
  return group;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function storedSections(record: SearchRecord): StoredSections {
  return record.sections.map((section): [string, string, string] => [section.heading?.id ?? '', section.heading?.text ?? '', section.text.slice(0, EXCERPT_TEXT)]);
}

/** What a result's line shows of each page: address, title, section path (run-length coded, a group's pages are neighbours) and method. */
function pageLines(records: readonly SearchRecord[], base: string): Pick<Manifest, 'hrefs' | 'titles' | 'paths' | 'pagePaths' | 'methods'> {
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const pagePaths: number[] = [];
  const methods: Record<string, string> = {};
  records.forEach((record, page) => {
    let at = pathIndex.get(record.path);
    if (at === undefined) pathIndex.set(record.path, (at = paths.push(record.path) - 1));
    if (pagePaths[pagePaths.length - 1] === at) pagePaths[pagePaths.length - 2]!++;
    else pagePaths.push(1, at);
    if (record.method) methods[page] = record.method;
  });
  return { hrefs: records.map((record) => pageHref(record.route, base)), titles: records.map((record) => record.title), paths, pagePaths, methods };
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
