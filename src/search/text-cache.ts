/**
 * The warm build's cache of what search reads in each page file (`.docjet/cache/search/texts.json`,
 * safe to delete): the sections of a page's text with its snippets', as `fileTextReader` makes
 * them. Reading them again took 1.5 CPU-s of a warm 5,000-page build; the cache takes one file.
 *
 * The whole file is made by one docjet (its code's hash, `codeVersion`) for one set of docs.json
 * `variables`; anything else is not read. An entry holds while its page file's bytes (SHA-256) and
 * each snippet it read (SHA-256, '' when missing) are as they were; else the page is read again.
 * The file is written again (beside, then renamed over) only when an entry changed, holding the
 * pages of this build only; a damaged file is a cache of nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';
import { codeVersion } from '../render/body-cache.ts';
import type { Page, Site } from '../site/types.ts';
import { fileTextReader, type FileText, type SearchRecord } from './records.ts';

/** `.docjet/cache/search`. */
const CACHE_PART = 'search';
const FILE = 'texts.json';
/** What the last build's index files were made from, and their hashes. */
const INDEX_FILE = 'index.json';
const FORMAT = 1;

interface Entry {
  /** SHA-256 of the page file's bytes. */
  hash: string;
  /** Each snippet the text included (the files after the page's), with its SHA-256. */
  snippets: [string, string][];
  text: FileText;
}

interface Stored {
  format: number;
  version: string;
  variables: string;
  pages: Record<string, Entry>;
}

/** The index files the last build made, by name under `_docjet/search/`, with their hashes (ownership.ts `contentHash`), and what they were made from. */
export interface LastIndex {
  key: string;
  files: [name: string, hash: string][];
}

/** What the index files are made from: docjet's code, the site's base and every record. */
export function searchIndexKey(records: readonly SearchRecord[], base: string, version: string): string {
  return sha256(JSON.stringify({ version, base, records }));
}

export interface SearchTextCache {
  /** docjet's code, as `codeVersion` names it. */
  readonly version: string;
  /** The index the last build made, when it said. */
  readonly lastIndex: LastIndex | undefined;
  /** Keeps what this build's index files were made from and their hashes. */
  saveIndex: (index: LastIndex) => Promise<void>;
  /** A page file's text for search: kept when its file and snippets are unchanged, else read. */
  textOf: (page: Page) => FileText;
  /** Pages read again (`misses`) and kept (`hits`). */
  readonly counts: { hits: number; misses: number };
  /** Writes the cache when a page's text changed or a page is gone; a failure costs only a later read. */
  save: () => Promise<void>;
}

/**
 * The cache of `site`; undefined when its folder cannot be used (search then reads every page, as
 * without it). `version`: docjet's code version, when the caller has it (the build's search thread);
 * `knownHash`: a page file's SHA-256 (hex) when the build already hashed it.
 */
export async function openSearchTextCache(site: Site, known: { version?: string; knownHash?: (file: string) => string | undefined } = {}): Promise<SearchTextCache | undefined> {
  const { knownHash } = known;
  const folder = await cacheFolder(site.root, CACHE_PART, { create: true }).catch(() => undefined);
  if (!folder?.ok) return undefined;
  const file = path.join(folder.path, FILE);
  const version = known.version ?? (await codeVersion());
  const variables = JSON.stringify(site.config.variables ?? {});
  const stored = await readStored(file);
  const kept = stored && stored.format === FORMAT && stored.version === version && stored.variables === variables ? stored.pages : {};
  const pages: Record<string, Entry> = {};
  const read = fileTextReader(site.root, site.config.variables);
  const hashes = new Map<string, string>();
  const hashOf = (name: string): string => {
    let hash = hashes.get(name) ?? knownHash?.(name);
    if (hash === undefined) {
      try {
        hash = sha256(readFileSync(path.join(site.root, name)));
      } catch {
        hash = '';
      }
      hashes.set(name, hash);
    }
    return hash;
  };
  const counts = { hits: 0, misses: 0 };
  let changed = false;
  const textOf = (page: Page): FileText => {
    if (page.source.type !== 'file') return read(page);
    const name = page.source.file;
    const hash = hashOf(name);
    const entry = Object.hasOwn(kept, name) ? kept[name] : undefined;
    if (hash !== '' && entry?.hash === hash && entry.snippets.every(([snippet, was]) => hashOf(snippet) === was)) {
      counts.hits++;
      pages[name] = entry;
      // A new array: the caller adds a page's model sections to it (records.ts); the sections are only read.
      return { sections: [...entry.text.sections], files: entry.text.files };
    }
    counts.misses++;
    changed = true;
    const text = read(page);
    // The page's hash was taken before its text was read: an edit made in between shows as a change next time.
    if (hash !== '') pages[name] = { hash, snippets: text.files.slice(1).map((snippet) => [snippet, hashOf(snippet)]), text: { sections: [...text.sections], files: text.files } };
    return text;
  };
  const indexFile = path.join(folder.path, INDEX_FILE);
  const lastIndex = await readIndex(indexFile);
  return {
    version,
    lastIndex,
    async saveIndex(index) {
      if (lastIndex?.key === index.key) return;
      const text = JSON.stringify(index);
      await writeAtomic(indexFile, `${sha256(text)}\n${text}`).catch(() => undefined);
    },
    textOf,
    counts,
    async save() {
      if (!changed && Object.keys(pages).length === Object.keys(kept).length) return;
      const data: Stored = { format: FORMAT, version, variables, pages };
      const text = JSON.stringify(data);
      await writeAtomic(file, `${sha256(text)}\n${text}`).catch(() => undefined);
    },
  };
}

async function readIndex(file: string): Promise<LastIndex | undefined> {
  const text = await readChecked(file);
  if (text === undefined) return undefined;
  try {
    const index = JSON.parse(text) as LastIndex;
    return typeof index.key === 'string' && Array.isArray(index.files) ? index : undefined;
  } catch {
    return undefined;
  }
}

/** A file of the cache whose first line is the SHA-256 of the rest, without that line; undefined when it does not hold. */
async function readChecked(file: string): Promise<string | undefined> {
  const data = await readFile(file, 'utf8').catch(() => undefined);
  if (data === undefined) return undefined;
  const newline = data.indexOf('\n');
  if (newline !== 64) return undefined;
  const text = data.slice(newline + 1);
  return sha256(text) === data.slice(0, newline) ? text : undefined;
}

async function readStored(file: string): Promise<Stored | undefined> {
  const data = await readFile(file, 'utf8').catch(() => undefined);
  if (data === undefined) return undefined;
  const newline = data.indexOf('\n');
  if (newline !== 64) return undefined;
  const text = data.slice(newline + 1);
  if (sha256(text) !== data.slice(0, newline)) return undefined;
  try {
    const stored = JSON.parse(text) as Stored;
    return typeof stored.pages === 'object' && stored.pages !== null ? stored : undefined;
  } catch {
    return undefined;
  }
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
