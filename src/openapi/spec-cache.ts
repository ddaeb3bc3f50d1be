/**
 * The copies of remote OpenAPI specs: on disk between runs, so that a build without network
 * access still has them (`.docjet/cache/openapi/<sha256 of the URL>.<json|yaml>`, and a
 * `.meta.json` beside it with the URL, when it was fetched and its etag), and in memory for the
 * run that fetched or read them, so that rendering (in this thread or a worker) uses the very text
 * validation used and never fetches again.
 *
 * The cache is written only inside the site folder: each folder on the way is checked after
 * following links, so a `.docjet` that is a symbolic link out of the site is refused, not written
 * through (a site is often someone else's repository). Files are written to a temporary name and
 * renamed, so a build stopped halfway leaves the last good copy. docjet never reads dot-folders as
 * content (content/scan.ts), so the cache is not published.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeText } from '../shared/read-text.ts';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';

/** The cache's folder: `.docjet/cache/openapi` (`content/docjet-cache.ts`). */
const CACHE_PART = 'openapi';

/** A cache folder that leads out of the site, as a problem; none when the folder is only missing. */
function outsideProblem(outside: string | undefined): CacheProblem | undefined {
  return outside === undefined ? undefined : { problem: 'outside', folder: outside };
}

/** One remote spec's text, and when it was fetched (ISO time). */
export interface SpecCopy {
  url: string;
  text: string;
  fetchedAt: string;
  etag: string | undefined;
}

/** Why the cache was not used, in the catalogue's terms (`openapi-cache-unusable`, without `url` and `action`). */
export type CacheProblem = { problem: 'outside'; folder: string } | { problem: 'error'; reason: string };

interface CacheMeta {
  url: string;
  fetchedAt: string;
  etag: string | undefined;
  format: 'json' | 'yaml';
}

/** `<sha256 of the URL>`: a file name for any URL, the same on every machine. */
export function cacheName(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** Saves `copy` under the site's `.docjet/cache/openapi`, replacing the last one; a problem when it cannot. */
export async function saveCopy(root: string, copy: SpecCopy): Promise<CacheProblem | undefined> {
  try {
    const folder = await cacheFolder(root, CACHE_PART, { create: true });
    if (!folder.ok) return outsideProblem(folder.outside);
    const name = cacheName(copy.url);
    const format = copy.text.trimStart().startsWith('{') ? 'json' : 'yaml';
    const meta: CacheMeta = { url: copy.url, fetchedAt: copy.fetchedAt, etag: copy.etag, format };
    await writeAtomic(path.join(folder.path, `${name}.${format}`), copy.text);
    await writeAtomic(path.join(folder.path, `${name}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
    // The spec may have changed format since the last fetch: the other file is stale.
    await rm(path.join(folder.path, `${name}.${format === 'json' ? 'yaml' : 'json'}`), { force: true });
    return undefined;
  } catch (error) {
    return { problem: 'error', reason: errorReason(error) };
  }
}

/**
 * The cached copy of `url`, if any. A copy that is half there or does not match its URL counts as
 * none (the next fetch replaces it); only a cache that cannot be read safely is a problem.
 */
export async function readCopy(root: string, url: string): Promise<{ copy?: SpecCopy; problem?: CacheProblem }> {
  try {
    const folder = await cacheFolder(root, CACHE_PART, { create: false });
    if (!folder.ok) return folder.outside === undefined ? {} : { problem: { problem: 'outside', folder: folder.outside } };
    const name = cacheName(url);
    const meta = toMeta(await readOptional(path.join(folder.path, `${name}.meta.json`)));
    if (!meta || meta.url !== url) return {};
    const body = await readOptional(path.join(folder.path, `${name}.${meta.format}`));
    if (body === undefined) return {};
    return { copy: { url, text: body, fetchedAt: meta.fetchedAt, etag: meta.etag } };
  } catch (error) {
    return { problem: { problem: 'error', reason: errorReason(error) } };
  }
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return decodeText(await readFile(file)).text;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function toMeta(text: string | undefined): CacheMeta | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, fetchedAt, etag, format } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt))) return undefined;
  if (format !== 'json' && format !== 'yaml') return undefined;
  return { url, fetchedAt, etag: typeof etag === 'string' ? etag : undefined, format };
}

/** This process's copies, by site root and URL: set by the run that loads the site's specs. */
const runCopies = new Map<string, SpecCopy>();

/** The copy of `url` this run uses for the site at `root` (undefined: none, forget any earlier one). */
export function useCopy(root: string, url: string, copy: SpecCopy | undefined): void {
  const key = `${path.resolve(root)}\u0000${url}`;
  if (copy) runCopies.set(key, copy);
  else runCopies.delete(key);
}

/** The copy of `url` the last run used for the site at `root`. */
export function runCopy(root: string, url: string): SpecCopy | undefined {
  return runCopies.get(`${path.resolve(root)}\u0000${url}`);
}

/** Every copy used for the site at `root`: what a render worker is handed, so that it reads nothing again. */
export function runCopiesOf(root: string): SpecCopy[] {
  const prefix = `${path.resolve(root)}\u0000`;
  return [...runCopies].filter(([key]) => key.startsWith(prefix)).map(([, copy]) => copy);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function errorReason(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.message : String(error));
}
