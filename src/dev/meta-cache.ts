/**
 * Pages' frontmatter kept between runs of `docjet dev`, in `.docjet/cache/dev/pages.json`: reading
 * and parsing the frontmatter of every page is most of the time a large site takes to start
 * (5,000 pages: about 1 s of YAML and file reads on a 2-core machine; a `stat` of each costs a
 * tenth of that). An entry is used only while its file has the same size, modification and change
 * times and inode as when it was read, and only by the docjet version that wrote it; anything else
 * (no cache, a damaged one, another version) reads the pages as if there were none.
 *
 * With no cache to check, the pages are stamped after the first page went out, not before they are
 * read (5,000 `stat`s: 100 to 150 ms of the first start): a stamp taken after the read describes
 * what was read when the file's change time is older than the read, by a margin for coarse file
 * system clocks. A page changed since (or just before) is left out and read again next time.
 *
 * Like the OpenAPI cache (src/openapi/spec-cache.ts), it is written only inside the site folder,
 * each folder on the way checked after following links, through a temporary file renamed into
 * place; docjet never reads dot-folders as content, so it is never published.
 */
import { statSync, type Stats } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '../shared/diagnostics.ts';
import type { PageMeta } from '../content/frontmatter.ts';
import type { PageFile } from '../shared/scan.ts';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';
import { VERSION } from '../shared/package-root.ts';
import { isInside } from './request-files.ts';

/** `.docjet/cache/dev` (`content/docjet-cache.ts`). */
const CACHE_PART = 'dev';
const CACHE_FILE = 'pages.json';
/** Changes when what an entry holds changes shape. */
const FORMAT = 1;
/**
 * A file changed less than this before its read began may have been read before or after the
 * change: file systems keep times to a clock tick (ext4), a second (HFS+) or two (FAT).
 */
const CLOCK_MARGIN_MS = 2000;
/** Files stamped, or entries checked, between two turns of the event loop while the cache is written. */
const BATCH = 250;

export interface CachedMeta {
  meta: PageMeta;
  diagnostics: Diagnostic[];
}

interface Entry extends CachedMeta {
  stamp: string;
}

/** What identifies a file's content without reading it; undefined when it cannot be read. */
export function stampOf(file: string): string | undefined {
  const info = statOf(file);
  return info && stampOfInfo(info);
}

function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function stampOfInfo(info: Stats): string {
  return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
}

/** What the cache tells before the pages are read. */
export interface MetaCacheRead {
  /** The entries still valid, by page file. */
  valid: Map<string, CachedMeta>;
  /** The stamp of every page, taken before the read; empty when there was no cache to check. */
  stamps: Map<string, string>;
  /** When the pages were about to be read (`Date.now()`): pages without a stamp are stamped against it. */
  readAt: number;
}

/** The entries still valid for `pages` (by page file); with no cache to check, no page is stamped yet. */
export async function readMetaCache(root: string, pages: Iterable<PageFile>): Promise<MetaCacheRead> {
  const stored = await readEntries(root);
  const valid = new Map<string, CachedMeta>();
  const stamps = new Map<string, string>();
  const readAt = Date.now();
  if (stored.size === 0) return { valid, stamps, readAt };
  for (const page of pages) {
    const stamp = stampOf(path.join(root, page.file));
    if (stamp === undefined) continue;
    stamps.set(page.file, stamp);
    const entry = stored.get(page.file);
    if (entry?.stamp === stamp) valid.set(page.file, { meta: entry.meta, diagnostics: entry.diagnostics });
  }
  return { valid, stamps, readAt };
}

/** A file's stamp now, when it shows the file unchanged since before `readAt`. */
function stampSince(file: string, readAt: number): string | undefined {
  const info = statOf(file);
  return info && info.ctimeMs < readAt - CLOCK_MARGIN_MS ? stampOfInfo(info) : undefined;
}

/**
 * Saves the frontmatter of the pages whose stamp is known (taken before they were read, or after
 * with `stampSince`, so an edit made meanwhile is read again next time). Entries JSON cannot hold
 * as they are (a YAML `.inf`) are left out. The work is done a batch at a time, so that a request
 * coming meanwhile waits for one batch, not for the whole site. A cache that cannot be written is
 * no problem: the next start reads the pages.
 */
export async function writeMetaCache(
  root: string,
  pages: ReadonlyMap<string, CachedMeta>,
  read: Pick<MetaCacheRead, 'stamps' | 'readAt'>,
  pause: () => Promise<void> = nextTurn,
): Promise<void> {
  const entries: Record<string, Entry> = {};
  let done = 0;
  for (const [file, cached] of pages) {
    if (++done % BATCH === 0) await pause();
    const stamp = read.stamps.get(file) ?? stampSince(path.join(root, file), read.readAt);
    if (stamp === undefined || !isDeepStrictEqual(JSON.parse(JSON.stringify(cached)), cached)) continue;
    entries[file] = { stamp, ...cached };
  }
  try {
    const folder = await cacheFolder(root, CACHE_PART, { create: true });
    if (folder.ok) await writeAtomic(path.join(folder.path, CACHE_FILE), JSON.stringify({ version: VERSION, format: FORMAT, entries }));
  } catch {
    // A read-only folder, a full disk: starting is slower next time, nothing else.
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function readEntries(root: string): Promise<Map<string, Entry>> {
  try {
    const file = await realpath(path.join(root, '.docjet', 'cache', CACHE_PART, CACHE_FILE));
    if (!isInside(await realpath(root), file)) return new Map();
    const value = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (!isRecord(value) || value['version'] !== VERSION || value['format'] !== FORMAT || !isRecord(value['entries'])) return new Map();
    const entries = new Map<string, Entry>();
    for (const [file, entry] of Object.entries(value['entries'])) if (isEntry(entry)) entries.set(file, entry);
    return entries;
  } catch {
    return new Map();
  }
}

function isEntry(value: unknown): value is Entry {
  if (!isRecord(value) || typeof value['stamp'] !== 'string' || !Array.isArray(value['diagnostics']) || !isRecord(value['meta'])) return false;
  const meta = value['meta'];
  return typeof meta['title'] === 'string' && typeof meta['hidden'] === 'boolean' && isRecord(meta['data']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
