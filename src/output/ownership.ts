/**
 * What proves that docjet may replace an output folder: the `.docjet-output` marker of the last
 * build records every file it wrote (name, SHA-256 of the content, size, mtime and ctime), and the
 * folder holds nothing else. A marker alone proves nothing (anyone can write one), so a folder
 * with a marker that records no files, or a file not in the record, or a file whose content is
 * not what docjet wrote, is not docjet's to replace.
 *
 * Checking a 200 MB output must not read 200 MB: a file whose size, mtime and ctime are the
 * recorded ones is taken as unchanged (ctime cannot be set back by a user, unlike mtime); only the
 * others are hashed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, lstatSync, readdirSync, type BigIntStats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VERSION } from '../shared/package-root.ts';

/** Written into every output folder docjet makes: the record of what the build wrote. */
export const OUTPUT_MARKER = '.docjet-output';

/** Version of the marker's layout; markers without it (docjet 0.1's, hand-made) record nothing. */
const RECORD_FORMAT = 2;
/** A marker larger than this is not docjet's (20,000 files take about 2.5 MB). */
const MARKER_MAX_BYTES = 64 * 1024 * 1024;
/** Files read at once while hashing. */
const CONCURRENCY = 16;
/** Files above this size are hashed as a stream rather than read whole. */
const STREAM_ABOVE_BYTES = 16 * 1024 * 1024;

/** One file as docjet wrote it: content hash (SHA-256, base64url), size, and the stat times (ns) that let a check skip hashing. */
export type RecordedFile = readonly [hash: string, size: number, mtimeNs: string, ctimeNs: string];

export interface OutputRecord {
  /** Relative `/`-separated names of the files the build wrote. */
  readonly files: ReadonlyMap<string, RecordedFile>;
  /** Symbolic links the build wrote (KaTeX's fonts may be links), with their targets. */
  readonly links: ReadonlyMap<string, string>;
}

/** What the marker of a folder says: no marker, a marker that records no files, or a record. */
export type Marker = { kind: 'none' } | { kind: 'unrecorded' } | { kind: 'recorded'; record: OutputRecord };

/** A file of an output folder that a build may not delete; `changed`: docjet wrote it, then it was changed. */
export interface ForeignFile {
  name: string;
  changed: boolean;
}

export interface Ownership {
  marker: Marker['kind'];
  /** The first `limit` foreign files, in name order. */
  foreign: ForeignFile[];
  /** There are more foreign files than `foreign` lists. */
  more: boolean;
  /** The record the marker holds, when it holds one. */
  record?: OutputRecord;
  /** Files and links found (the marker aside): with no foreign one, all the record's are there when it counts as many. */
  found: number;
  /** Files whose size or times were not the recorded ones, found the same by their hash (their record is out of date). */
  rehashed: number;
  /** Each folder walked, `/`-separated ('' the folder itself), with its mtime and ctime taken before it was listed (`folderStamp`). */
  folders: Map<string, string>;
}

/** Reads the marker of `folder`; anything but a regular file holding a well-formed record records nothing. */
export async function readMarker(folder: string): Promise<Marker> {
  const file = path.join(folder, OUTPUT_MARKER);
  const info = await fs.lstat(file).catch(() => undefined);
  if (info === undefined) return { kind: 'none' };
  if (!info.isFile() || info.size > MARKER_MAX_BYTES) return { kind: 'unrecorded' };
  try {
    const record = toRecord(JSON.parse(await fs.readFile(file, 'utf8')));
    return record ? { kind: 'recorded', record } : { kind: 'unrecorded' };
  } catch {
    return { kind: 'unrecorded' };
  }
}

/**
 * The record a marker holds, or undefined when it is not one. Names are only looked up (a file
 * found on disk is searched for in the record), never opened, so any name is harmless.
 */
function toRecord(value: unknown): OutputRecord | undefined {
  if (!isObject(value) || value.generator !== 'docjet' || value.format !== RECORD_FORMAT || !isObject(value.files)) return undefined;
  const files = new Map<string, RecordedFile>();
  for (const [name, entry] of Object.entries(value.files)) {
    if (!Array.isArray(entry) || entry.length !== 4) return undefined;
    const [hash, size, mtime, ctime] = entry as unknown[];
    if (typeof hash !== 'string' || typeof size !== 'number' || typeof mtime !== 'string' || typeof ctime !== 'string') return undefined;
    files.set(name, [hash, size, mtime, ctime]);
  }
  const links = new Map<string, string>();
  for (const [name, target] of Object.entries(isObject(value.links) ? value.links : {})) {
    if (typeof target !== 'string') return undefined;
    links.set(name, target);
  }
  return { files, links };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Which files of `folder` the build may not delete, in name order, stopping after `limit`: all of
 * them without a record; with one, files not in it or whose content differs, links and special
 * files not in it. Page sources are never docjet's, whatever the record says: `.mdx` files, the
 * site's `docs.json` or `mint.json`, and `.md` files without the page (`x/index.html` beside
 * `x.md`) that a Markdown twin has. Folders count only for what they hold.
 */
export async function ownership(folder: string, limit: number, linked?: ReadonlyMap<string, LinkedFile>): Promise<Ownership> {
  const marker = await readMarker(folder);
  const record = marker.kind === 'recorded' ? marker.record : undefined;
  const foreign: ForeignFile[] = [];
  const names = new Set<string>();
  const twins: string[] = [];
  let more = false;
  let found = 0;
  let rehashed = 0;
  const add = (file: ForeignFile): boolean => {
    if (foreign.length === limit) {
      more = true;
      return false;
    }
    foreign.push(file);
    return true;
  };
  const folders = new Map<string, string>();
  const visit = async (relative: string): Promise<boolean> => {
    // Taken before the listing: a name added or removed after it moves the folder's times (`sameFolders`).
    folders.set(relative, folderStamp(path.join(folder, relative)));
    const entries = readdirSync(path.join(folder, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const named = entries.map((entry) => ({ entry, name: relative === '' ? entry.name : `${relative}/${entry.name}` })).filter(({ name }) => name !== OUTPUT_MARKER);
    // The files of a folder are judged at once (a stat each, a hash for the few that changed), then read in order.
    const verdicts = await Promise.all(
      named.map(({ entry, name }) =>
        entry.isDirectory() ? undefined : judge(folder, name, entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : 'other', record, linked?.get(name), () => rehashed++),
      ),
    );
    for (const [index, { entry, name }] of named.entries()) {
      if (entry.isDirectory()) {
        if (!(await visit(name))) return false;
        continue;
      }
      names.add(name);
      found++;
      const verdict = verdicts[index];
      if (verdict === 'twin') twins.push(name);
      else if (verdict !== 'docjet' && !add({ name, changed: verdict === 'changed' })) return false;
    }
    return true;
  };
  if (await visit('')) {
    for (const twin of twins) if (!names.has(twinPage(twin)) && !add({ name: twin, changed: false })) break;
  }
  foreign.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { marker: marker.kind, foreign, more, found, rehashed, folders, ...(record ? { record } : {}) };
}

/** A folder's mtime and ctime (ns): adding, removing or renaming a name in it moves both, and ctime cannot be set back. */
function folderStamp(full: string): string {
  const info = lstatNow(full);
  return info?.isDirectory() ? `${info.mtimeNs}:${info.ctimeNs}` : '';
}

/**
 * Whether each folder of `folders` (as `ownership` walked them) still has the times it had: no
 * name was added to or removed from any of them since. A stat a folder, nothing listed.
 */
export function sameFolders(root: string, folders: ReadonlyMap<string, string>): boolean {
  for (const [relative, stamp] of folders) if (stamp === '' || folderStamp(path.join(root, relative)) !== stamp) return false;
  return true;
}

/** A page or a site's config: never copied into an output (build.ts), so never docjet's, whatever a record says. */
function isSiteSource(name: string): boolean {
  return name.endsWith('.mdx') || name === 'docs.json' || name === 'mint.json';
}

/** The page a Markdown twin stands beside: `a/b.md` → `a/b/index.html`, `index.md` → `index.html`. */
function twinPage(name: string): string {
  return name === 'index.md' ? 'index.html' : `${name.slice(0, -'.md'.length)}/index.html`;
}

async function judge(
  folder: string,
  name: string,
  kind: 'file' | 'link' | 'other',
  record: OutputRecord | undefined,
  linked: LinkedFile | undefined,
  onRehashed: () => void,
): Promise<'docjet' | 'twin' | 'changed' | 'unknown'> {
  if (record === undefined || kind === 'other' || isSiteSource(name)) return 'unknown';
  const full = path.join(folder, name);
  if (kind === 'link') {
    const target = record.links.get(name);
    if (target === undefined) return 'unknown';
    return (await fs.readlink(full).catch(() => undefined)) === target ? 'docjet' : 'changed';
  }
  const recorded = record.files.get(name);
  if (recorded === undefined) return 'unknown';
  const same = await sameContent(full, recorded, linked, onRehashed);
  if (!same) return 'changed';
  return name.endsWith('.md') ? 'twin' : 'docjet';
}

/**
 * `linked`: the file was hard-linked into a build's staging folder (`StagedOutput.link`), which gave
 * it a new ctime: the ctime it had once linked is as good as the recorded one.
 */
export async function sameContent(full: string, [hash, size, mtime, ctime]: RecordedFile, linked?: LinkedFile, onRehashed?: () => void): Promise<boolean> {
  const info = lstatNow(full);
  if (info === undefined || !info.isFile() || Number(info.size) !== size) return false;
  if (String(info.mtimeNs) === mtime && (String(info.ctimeNs) === ctime || (linked?.mtime === mtime && String(info.ctimeNs) === linked.ctime))) return true;
  const same = (await hashFile(full, size)) === hash;
  if (same) onRehashed?.();
  return same;
}

/**
 * A file's stat, or undefined when it cannot be had. Stats and listings are taken at once: a stat
 * of a file the OS has cached is a fraction of what its trip to libuv's threads and back costs, and
 * a check or a record takes one of every file of the output and a listing of every folder (at
 * 1,000 pages, 3,000 files in 1,000 folders, checked twice and recorded once).
 */
export function lstatNow(full: string): BigIntStats | undefined {
  try {
    return lstatSync(full, { bigint: true });
  } catch {
    return undefined;
  }
}

/** Hashes running now, and those waiting for one to end: at most CONCURRENCY files are read at once. */
let hashing = 0;
const waiting: (() => void)[] = [];

export async function hashFile(full: string, size: number): Promise<string> {
  // A slot is taken, or handed over by the hash that ends.
  if (hashing < CONCURRENCY) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const hash = createHash('sha256');
    if (size > STREAM_ABOVE_BYTES) await pipeline(createReadStream(full), hash);
    else hash.update(await fs.readFile(full));
    return hash.digest('base64url');
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** SHA-256 of data as a record holds it (base64url). */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('base64url');
}

/** What docjet wrote into a file, as it wrote it: the record takes these rather than reading the file back. */
export interface WrittenFile {
  hash: string;
  size: number;
}

/**
 * Writes the record of what `folder` holds into its marker: every file and link. Called on the
 * finished staging folder, just before it is swapped in. A file docjet wrote is recorded with the
 * hash and size of what it wrote (`written`, hashed as it was written: 0.8 CPU-s of reading back
 * at 5,000 pages); if it was changed since, the next check finds it changed. Other files (the
 * site's static files, copied) are hashed here.
 */
export async function writeRecord(
  folder: string,
  written: ReadonlyMap<string, WrittenFile> = new Map(),
  linked: ReadonlyMap<string, LinkedFile> = new Map(),
): Promise<WrittenRecord> {
  const found: { name: string; kind: 'file' | 'link' }[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const name = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (name === OUTPUT_MARKER) continue;
    if (entry.isFile()) found.push({ name, kind: 'file' });
    else if (entry.isSymbolicLink()) found.push({ name, kind: 'link' });
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: Record<string, RecordedFile> = {};
  const links: Record<string, string> = {};
  await Promise.all(
    found.map(async ({ name, kind }) => {
      const full = path.join(folder, name);
      if (kind === 'link') {
        links[name] = await fs.readlink(full);
        return;
      }
      const info: BigIntStats = lstatSync(full, { bigint: true });
      const link = linked.get(name);
      if (link) {
        // Taken from the previous output: docjet's only while its inode is as it was once linked. Changed
        // since (through the previous output's name), it is recorded with times no file has, so the
        // next check hashes it and finds it changed: never overwritten silently.
        const same = Number(info.size) === link.size && String(info.mtimeNs) === link.mtime && String(info.ctimeNs) === link.ctime;
        files[name] = same ? [link.hash, link.size, link.mtime, link.ctime] : [link.hash, link.size, '0', '0'];
        return;
      }
      const known = written.get(name);
      files[name] = known
        ? [known.hash, known.size, String(info.mtimeNs), String(info.ctimeNs)]
        : [await hashFile(full, Number(info.size)), Number(info.size), String(info.mtimeNs), String(info.ctimeNs)];
    }),
  );
  const marker = recordMarker(files, links);
  await fs.writeFile(path.join(folder, OUTPUT_MARKER), `${JSON.stringify(marker)}\n`);
  return marker;
}

/** The marker of a record: keys in name order, so it reads (and diffs) the same from one build to the next. */
export function recordMarker(files: Record<string, RecordedFile>, links: Record<string, string>): WrittenRecord & { links: Record<string, string> } {
  const sorted = <T>(entries: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { generator: 'docjet', version: VERSION, built: new Date().toISOString(), format: RECORD_FORMAT, files: sorted(files), links: sorted(links) } as WrittenRecord & {
    links: Record<string, string>;
  };
}

/** A record as `writeRecord` wrote it. */
export interface WrittenRecord {
  files: Record<string, RecordedFile>;
}

/**
 * A file hard-linked from the output being replaced rather than written again: the hash and size
 * its record gave, and its inode's times once linked (the link itself changes the ctime).
 */
export interface LinkedFile extends WrittenFile {
  mtime: string;
  ctime: string;
}

/**
 * Once the output being replaced is deleted, the files linked from it have a new ctime (one link
 * fewer): the record of `folder` takes it for each file whose size and mtime are still those
 * recorded, so that the next check need not hash it. A file changed in between (its mtime moved)
 * keeps the old ctime, and the next check hashes it.
 */
export async function refreshLinkedTimes(folder: string, record: WrittenRecord, linked: ReadonlyMap<string, LinkedFile>): Promise<void> {
  let changed = false;
  // A stat each, at once (lstatNow): thousands of them after a warm build, each a fraction of a trip to libuv's threads.
  for (const name of linked.keys()) {
    const entry = record.files[name];
    if (entry === undefined || entry[2] === '0') continue;
    const info = lstatNow(path.join(folder, name));
    if (info === undefined || !info.isFile() || Number(info.size) !== entry[1] || String(info.mtimeNs) !== entry[2] || String(info.ctimeNs) === entry[3]) continue;
    record.files[name] = [entry[0], entry[1], entry[2], String(info.ctimeNs)];
    changed = true;
  }
  if (changed) await fs.writeFile(path.join(folder, OUTPUT_MARKER), `${JSON.stringify(record)}\n`);
}
