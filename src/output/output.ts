/**
 * Atomic site output: a build writes into a fresh staging folder beside the target and swaps it in
 * only when everything succeeded. A failed or interrupted build leaves the previous site untouched,
 * and a web server reading the folder never sees half a site.
 *
 * Replacing a folder deletes what was in it, so before anything is created the target is checked
 * (`checkOutputFolder`), and again just before the swap: docjet replaces only a folder that is
 * absent, empty, or holds nothing but what its last build wrote (the record in its `.docjet-output`
 * marker, ownership.ts). It never replaces the site folder, a folder that contains it, a folder of
 * the site's own files, the cache folder, a folder reached through a link out of the site, or a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, linkSync, lstatSync, mkdirSync, rmSync, writeFileSync, type BigIntStats, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { VERSION } from '../shared/package-root.ts';
import { diagnostic } from '../shared/messages.ts';
import { applyJournal, JournalConflict, readJournal } from './journal.ts';
import { contentHash, OUTPUT_MARKER, ownership, refreshLinkedTimes, writeRecord, type LinkedFile, type OutputRecord, type WrittenFile } from './ownership.ts';

export { OUTPUT_MARKER } from './ownership.ts';

/** Codes of a refused or unusable output location: a command-line problem (`docjet` exits 2). */
export const OUTPUT_LOCATION_CODES: ReadonlySet<string> = new Set([
  'output-is-site',
  'output-is-file',
  'output-link-outside',
  'output-in-cache',
  'output-not-docjet',
  'output-holds-site-files',
  'output-unwritable',
]);

/** docjet's cache inside the site folder (content/docjet-cache.ts): never an output. */
const CACHE_FOLDER = '.docjet';
/** Files a refusal names; it says "and more" when there are others. */
const FOREIGN_SHOWN = 3;

export interface StagedOutput {
  /** Where files are written during the build. */
  readonly dir: string;
  /** Writes a file (creating folders) relative to the staging folder. */
  write(relative: string, data: string | Uint8Array): Promise<void>;
  /** Writes a file from its pieces, as they come, without holding it whole; returns its bytes. */
  writeParts(relative: string, parts: AsyncIterable<string>): Promise<number>;
  /** Copies a file into the staging folder. */
  copy(from: string, relative: string): Promise<void>;
  /** Copies a folder and everything in it into the staging folder. */
  copyFolder(from: string, relative: string): Promise<void>;
  /**
   * Hard-links a file of the output being replaced into the staging folder, when it is still as
   * that output's record says (`recorded`: hash, size, mtime and ctime); false, linking nothing,
   * when it is not. Written again later, the name is unlinked first: the previous output's file is
   * never written through it.
   */
  link(from: string, relative: string, recorded: readonly [hash: string, size: number, mtime: string, ctime: string]): Promise<boolean>;
  /** Tells the record of a file written into the staging folder by another thread: its hash (`contentHash`) and size. */
  wrote(relative: string, file: WrittenFile): void;
  /** The files linked so far (`link`), each with its times once linked. */
  readonly linked: ReadonlyMap<string, LinkedFile>;
  /** The hash a file written or linked into the staging folder is recorded with; undefined for one copied (hashed at commit) or absent. */
  hashOf(relative: string): string | undefined;
  /** Replaces the target folder by the staging folder. */
  commit(): Promise<void>;
  /** Removes the staging folder; the target is left as it was. Call it only once no write is running. */
  abort(): Promise<void>;
}

/**
 * A file system operation on the output that failed: `stage` says whether the output folder could
 * not be made at all (`create`), a file could not be written (`write`), or the finished site could
 * not be moved into place (`commit`). `relative` is the file inside the output folder ('' for the
 * folder itself); `reason` is the system's short message (`ENOSPC: no space left on device`).
 */
export class OutputWriteError extends Error {
  constructor(
    readonly stage: 'create' | 'write' | 'commit',
    readonly relative: string,
    readonly reason: string,
  ) {
    super(`${stage} ${relative || '.'}: ${reason}`);
    this.name = 'OutputWriteError';
  }

  static from(stage: 'create' | 'write' | 'commit', relative: string, error: unknown): OutputWriteError {
    if (error instanceof OutputWriteError) return error;
    return new OutputWriteError(stage, relative, systemReason(error));
  }
}

/** `ENOTDIR: not a directory` out of Node's `ENOTDIR: not a directory, open '/long/path'`. */
export function systemReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /^([A-Z0-9]+: [^,]+)/.exec(message)?.[1] ?? message;
}

/** The absolute path of `relative` inside `dir`; throws when it would land outside. */
export function outputPath(dir: string, relative: string): string {
  const full = path.resolve(dir, relative);
  if (full !== dir && !full.startsWith(dir + path.sep)) throw new Error(`output path escapes the output folder: ${relative}`);
  return full;
}

export interface OutputCheck {
  /** The output folder with every symbolic link resolved: where the build writes. */
  target: string;
  /** The real site folder, when it exists. */
  rootReal: string | undefined;
  /** Refusals; the build must not touch anything when there is one. */
  diagnostics: Diagnostic[];
  /**
   * The record of the output found there, when it holds exactly the record's files and links,
   * each as recorded (the check walked it): a build that would write the same files need not
   * replace it.
   */
  intact?: OutputRecord;
  /** With `intact`: its folders as the check walked them (`sameFolders` tells whether a name was added or removed since). */
  folders?: ReadonlyMap<string, string>;
}

/**
 * Decides whether `target` may be replaced by a build of the site at `root`, without creating or
 * deleting anything. Real paths are compared, so a link to the site folder is the site folder.
 * `force` lets docjet replace a folder of other files outside the site, and files docjet wrote
 * and a user changed inside it; never anything else.
 */
export async function checkOutputFolder(options: {
  root: string;
  target: string;
  force?: boolean;
  /** The files a build staging the target linked from it (`StagedOutput.linked`), whose ctimes the links moved. */
  linked?: ReadonlyMap<string, LinkedFile>;
}): Promise<OutputCheck> {
  const asked = path.resolve(options.target);
  const shown = displayPath(asked);
  const root = path.resolve(options.root);
  const rootReal = await fs.realpath(root).catch(() => undefined);
  const refuse = (problem: Diagnostic): OutputCheck => ({ target: asked, rootReal, diagnostics: [problem] });

  let found;
  try {
    found = await realPrefix(asked);
  } catch (error) {
    return refuse(diagnostic('output-unwritable', undefined, shown, { folder: shown, reason: systemReason(error), stage: 'check' }));
  }
  const { real, missing, info } = found;
  const target = path.join(real, ...missing);
  if (!info.isDirectory()) {
    const file = missing.length === 0 ? undefined : displayPath(real);
    return refuse(diagnostic('output-is-file', undefined, shown, { folder: shown, file }));
  }
  if (path.dirname(target) === target) {
    return refuse(diagnostic('output-is-site', undefined, shown, { folder: shown, problem: 'file-system-root' }));
  }
  if (rootReal !== undefined && (rootReal === target || isInside(target, rootReal))) {
    const problem = rootReal === target ? 'is-site' : 'contains-site';
    return refuse(diagnostic('output-is-site', undefined, shown, { folder: shown, problem }));
  }
  const inSite = rootReal !== undefined && isInside(rootReal, target);
  // `dist -> /elsewhere` shipped in a repository: a plain build would replace the folder it leads to.
  if (rootReal !== undefined && isInside(root, asked) && !inSite) {
    return refuse(diagnostic('output-link-outside', undefined, shown, { folder: shown, real: displayPath(target) }));
  }
  if (rootReal !== undefined && (target === path.join(rootReal, CACHE_FOLDER) || isInside(path.join(rootReal, CACHE_FOLDER), target))) {
    return refuse(diagnostic('output-in-cache', undefined, shown, { folder: shown }));
  }
  if (missing.length > 0) return { target, rootReal, diagnostics: [] };
  // Outside the site, --force replaces whatever the folder holds: no need to look.
  if (options.force && !inSite) return { target, rootReal, diagnostics: [] };

  let owned;
  try {
    owned = await ownership(target, FOREIGN_SHOWN, options.linked);
  } catch (error) {
    return refuse(diagnostic('output-unwritable', undefined, shown, { folder: shown, reason: systemReason(error), stage: 'check' }));
  }
  if (owned.foreign.length === 0) {
    const { record } = owned;
    // Every file as recorded by its size and times too: one found the same by its hash only is written again, and its record made anew.
    const intact = record && owned.rehashed === 0 && owned.found === record.files.size + record.links.size ? { intact: record, folders: owned.folders } : {};
    return { target, rootReal, diagnostics: [], ...intact };
  }
  const facts = { folder: shown, marker: owned.marker, files: owned.foreign, more: owned.more };
  // Inside the site, a file docjet did not write is the site's own (a page, an image, a file added
  // to the output): --force does not apply. It does to files docjet wrote that were changed since.
  const onlyChanged = owned.marker === 'recorded' && !owned.more && owned.foreign.every((file) => file.changed);
  if (inSite && !onlyChanged) return refuse(diagnostic('output-holds-site-files', undefined, shown, facts));
  if (options.force) return { target, rootReal, diagnostics: [] };
  return refuse(diagnostic('output-not-docjet', undefined, shown, facts));
}

/** Whether `child` lies strictly inside `parent` (both absolute, resolved). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative);
}

/**
 * The deepest part of `full` that exists, with its links resolved, and the names below it that do
 * not exist yet. A part that is a file ends the walk (`ENOTDIR` below it).
 */
async function realPrefix(full: string): Promise<{ real: string; missing: string[]; info: Stats }> {
  const missing: string[] = [];
  let current = full;
  for (;;) {
    try {
      const real = await fs.realpath(current);
      return { real, missing, info: await fs.stat(real) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = path.dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) throw error;
      missing.unshift(path.basename(current));
      current = parent;
    }
  }
}

/** A path as the user would type it: relative to the current folder when inside it. */
export function displayPath(full: string): string {
  const relative = path.relative(process.cwd(), full);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? full : relative;
}

/**
 * Stages a build of `target`, which must have passed `checkOutputFolder`. Staging folders are named
 * `.<name>.staging-<pid>-<random>` beside the target, so leftovers of a killed build can be told
 * from those of a build still running; their marker names the folder itself (device and inode),
 * so a folder that only has such a name (a user's, or one shipped in a repository) is never
 * removed as a leftover.
 */
export async function stageOutput(options: { target: string }): Promise<StagedOutput> {
  const target = path.resolve(options.target);
  const dir = await createStagingFolder(target);
  // What was written, by `/`-separated name: the record is made from it, not by reading the files back.
  const written = new Map<string, WrittenFile>();
  // Files linked from the output being replaced (`link`), recorded as they were once linked.
  const linked = new Map<string, LinkedFile>();
  const output: StagedOutput = { dir, linked, ...stagingWriter(dir, written, linked), ...stagingLifecycle(dir, target, written, linked) };
  await writeStagingMarker(output);
  return output;
}

/** A fresh staging folder beside `target`, once the leftovers of killed builds are cleared. */
async function createStagingFolder(target: string): Promise<string> {
  const parent = path.dirname(target);
  const base = path.basename(target);
  try {
    await fs.mkdir(parent, { recursive: true });
    await removeLeftovers(parent, base);
    // Same parent folder, so the final rename stays on one file system (rename is atomic there).
    // mkdir, not mkdtemp: a new output gets the mode any new folder gets (mkdtemp's is 0700).
    for (;;) {
      const dir = path.join(parent, `.${base}.staging-${process.pid}-${randomBytes(6).toString('base64url')}`);
      try {
        await fs.mkdir(dir);
        return dir;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } catch (error) {
    throw OutputWriteError.from('create', '', error);
  }
}

/** The marker of a staging folder: which folder it was written in, until the record replaces it at commit. */
async function writeStagingMarker(output: StagedOutput): Promise<void> {
  try {
    const info = await fs.stat(output.dir, { bigint: true });
    const staging = { dev: String(info.dev), ino: String(info.ino) };
    await output.write(OUTPUT_MARKER, `${JSON.stringify({ generator: 'docjet', version: VERSION, built: new Date().toISOString(), staging })}\n`);
  } catch (error) {
    await output.abort();
    // The folder is usable only if a file can be written into it: report it as not creatable.
    throw new OutputWriteError('create', '', error instanceof OutputWriteError ? error.reason : systemReason(error));
  }
}

/** Whether `folder` is a staging folder docjet made: its marker names this very folder. */
async function isStagingFolder(folder: string): Promise<boolean> {
  try {
    const info = await fs.lstat(folder, { bigint: true });
    const marker = path.join(folder, OUTPUT_MARKER);
    const markerInfo = await fs.lstat(marker);
    if (!info.isDirectory() || !markerInfo.isFile() || markerInfo.size > 4096) return false;
    const staging = (JSON.parse(await fs.readFile(marker, 'utf8')) as { staging?: { dev?: unknown; ino?: unknown } }).staging;
    return staging?.dev === String(info.dev) && staging.ino === String(info.ino);
  } catch {
    return false;
  }
}

/** Writing into the staging folder: paths are checked to stay inside it, folders made once each. */
function stagingWriter(
  dir: string,
  written: Map<string, WrittenFile>,
  linked: Map<string, LinkedFile>,
): Pick<StagedOutput, 'write' | 'writeParts' | 'copy' | 'copyFolder' | 'wrote' | 'link' | 'hashOf'> {
  const made = new Set<string>([dir]);
  const recordName = (relative: string): string => path.relative(dir, outputPath(dir, relative)).split(path.sep).join('/');
  /** Makes the file's folder, then runs `operation` on its full path. */
  const intoFolder = async (relative: string, operation: (full: string) => Promise<void>): Promise<void> => {
    const full = outputPath(dir, relative);
    await attempt(relative, async () => {
      const folder = path.dirname(full);
      if (!made.has(folder)) {
        await fs.mkdir(folder, { recursive: true });
        made.add(folder);
      }
      // Writing through a link would write the previous output's file: the link goes first.
      if (linked.delete(recordName(relative))) await fs.rm(full, { force: true });
      await operation(full);
    });
  };
  return {
    // Written at once, by the thread that has the bytes: an `fs/promises` write is an open, a
    // write and a close, each a trip to libuv's threads and back (9,000 trips for the 3,000 files
    // of 1,000 pages), and a page's files are a few KB each.
    async write(relative, data) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      const full = outputPath(dir, relative);
      await attempt(relative, async () => {
        const folder = path.dirname(full);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        // Writing through a link would write the previous output's file: the link goes first.
        if (linked.delete(recordName(relative))) rmSync(full, { force: true });
        writeFileSync(full, bytes);
      });
      written.set(recordName(relative), { hash: contentHash(bytes), size: bytes.length });
    },
    wrote(relative, file) {
      // A render worker wrote it (after unlinking any file linked at its name): the link is gone.
      const name = recordName(relative);
      linked.delete(name);
      written.set(name, file);
    },
    hashOf(relative) {
      const name = recordName(relative);
      return written.get(name)?.hash ?? linked.get(name)?.hash;
    },
    // Synchronous, as writes are: a warm build links thousands of small files, and each `fs/promises`
    // call is a trip to libuv's threads and back (a lstat, a link and a lstat each, a mkdir a folder).
    async link(from, relative, [hash, size, mtime, ctime]) {
      const name = recordName(relative);
      const unchanged = (info: BigIntStats | undefined, withCtime: boolean): boolean =>
        info?.isFile() === true && Number(info.size) === size && String(info.mtimeNs) === mtime && (!withCtime || String(info.ctimeNs) === ctime);
      const found = lstatSync(from, { bigint: true, throwIfNoEntry: false });
      // A ctime moved by a link alone (a failed build linked the file, then let it go) is told from a change by the content.
      if (!unchanged(found, true) && !(unchanged(found, false) && contentHash(await fs.readFile(from)) === hash)) return false;
      const full = outputPath(dir, relative);
      let linkedInfo: BigIntStats | undefined;
      await attempt(relative, async () => {
        const folder = path.dirname(full);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        if (linked.delete(name)) rmSync(full, { force: true });
        linkSync(from, full);
        linkedInfo = lstatSync(full, { bigint: true });
      });
      // Changed between the look and the link: not the file recorded.
      if (!unchanged(linkedInfo, false)) {
        await attempt(relative, async () => rmSync(full, { force: true }));
        return false;
      }
      written.delete(name);
      linked.set(name, { hash, size, mtime, ctime: String(linkedInfo!.ctimeNs) });
      return true;
    },
    async writeParts(relative, parts) {
      let bytes = 0;
      const hash = createHash('sha256');
      await intoFolder(relative, async (full) => {
        const file = await fs.open(full, 'w');
        try {
          // Pieces gathered to about 64 KB a write: a page's Markdown is a few KB.
          let pending = '';
          const flush = async (): Promise<void> => {
            const data = Buffer.from(pending);
            pending = '';
            bytes += data.length;
            hash.update(data);
            await file.write(data);
          };
          for await (const part of parts) {
            pending += part;
            if (pending.length >= 65_536) await flush();
          }
          if (pending !== '') await flush();
        } finally {
          await file.close();
        }
      });
      written.set(recordName(relative), { hash: hash.digest('base64url'), size: bytes });
      return bytes;
    },
    // Copies are hashed when the record is written (they were not read here).
    async copy(from, relative) {
      written.delete(recordName(relative));
      await intoFolder(relative, (full) => fs.copyFile(from, full));
    },
    async copyFolder(from, relative) {
      const full = outputPath(dir, relative);
      const name = recordName(relative);
      for (const each of written.keys()) if (each.startsWith(`${name}/`)) written.delete(each);
      for (const each of linked.keys())
        if (each.startsWith(`${name}/`)) await attempt(relative, () => fs.rm(outputPath(dir, each), { force: true })).then(() => linked.delete(each));
      await attempt(relative, () => fs.cp(from, full, { recursive: true }));
    },
  };
}

/** Runs a file operation, reporting a failure with the file it was about. */
async function attempt(relative: string, operation: () => Promise<void>): Promise<void> {
  try {
    await operation();
  } catch (error) {
    throw OutputWriteError.from('write', relative, error);
  }
}

/** Commit or abort, whichever comes first; later calls do nothing. */
function stagingLifecycle(dir: string, target: string, written: ReadonlyMap<string, WrittenFile>, linked: ReadonlyMap<string, LinkedFile>): Pick<StagedOutput, 'commit' | 'abort'> {
  let state: 'open' | 'committed' | 'aborted' = 'open';
  return {
    async commit() {
      if (state !== 'open') return;
      try {
        const record = await writeRecord(dir, written, linked);
        await keepModeAndGroup(dir, target);
        await swapIn(dir, target, path.dirname(target), path.basename(target));
        state = 'committed';
        // The previous output is gone: the linked files' ctimes moved with it.
        if (linked.size > 0) await refreshLinkedTimes(target, record, linked).catch(() => undefined);
      } catch (error) {
        if (state === 'committed') return;
        // Still open: the caller's abort() removes the staging folder.
        throw OutputWriteError.from('commit', '', error);
      }
    },
    async abort() {
      if (state !== 'open') return;
      state = 'aborted';
      await removeFolder(dir);
    },
  };
}

/**
 * Gives the new output the group and mode of the folder it replaces (a web server's group, a
 * setgid bit), so a rebuild does not lock the server out. Group first: changing it can clear the
 * setgid bit. Only root can give the folder its owner; a group the user is not in is left as is.
 */
async function keepModeAndGroup(dir: string, target: string): Promise<void> {
  const previous = await fs.stat(target).catch(() => undefined);
  if (previous === undefined) return;
  const root = process.getuid?.() === 0;
  await fs.chown(dir, root ? previous.uid : -1, previous.gid).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPERM') throw error;
  });
  await fs.chmod(dir, previous.mode & 0o7777);
}

/** Moves the previous site aside, the new one in, then deletes the previous one. */
async function swapIn(dir: string, target: string, parent: string, base: string): Promise<void> {
  const previous = path.join(parent, `.${base}.previous-${process.pid}-${Date.now()}`);
  let moved = false;
  try {
    await fs.rename(target, previous);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await fs.rename(dir, target);
  } catch (error) {
    // Put the previous site back before reporting.
    if (moved) await fs.rename(previous, target);
    throw error;
  }
  // At once: the old output's thousands of files and folders each an unlink or rmdir, nothing else running.
  if (moved) rmSync(previous, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
}

/** `rm -rf`, retried: a folder another process just wrote into can report ENOTEMPTY once. */
async function removeFolder(folder: string): Promise<void> {
  await fs.rm(folder, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
}

const LEFTOVER = /^\.(.+)\.(staging|previous)-(\d+)-/;

/**
 * Removes what earlier builds of `base` left beside it when they were killed, once their process
 * is gone: staging folders docjet made (their marker names them), and previous outputs that hold
 * only what their build recorded. A previous output with no current one (killed between the two
 * renames of a commit) is the last good site: it is put back rather than deleted. Anything else
 * with such a name, and the pid-less staging folders of docjet 0.1, is left alone.
 */
async function removeLeftovers(parent: string, base: string): Promise<void> {
  const entries = await fs.readdir(parent, { withFileTypes: true });
  for (const entry of entries) {
    const match = LEFTOVER.exec(entry.name);
    if (!match || match[1] !== base || !entry.isDirectory() || !isGone(match[3]!)) continue;
    const folder = path.join(parent, entry.name);
    if (match[2] === 'staging') {
      // One holding a journal is the rest of the output, rolled forward by `recoverOutput`, never removed.
      if ((await isStagingFolder(folder)) && readJournal(folder) === undefined) await removeFolder(folder).catch(() => undefined);
      continue;
    }
    if ((await ownership(folder, 1).catch(() => undefined))?.foreign.length !== 0) continue;
    if (await exists(path.join(parent, base))) await removeFolder(folder).catch(() => undefined);
    else await fs.rename(folder, path.join(parent, base)).catch(() => undefined);
  }
}

/**
 * Finishes what a build of `outDir` stopped halfway through its in-place update left (journal.ts):
 * each staging folder beside the output whose build is gone and that holds a journal is applied to
 * the output. Called before the output is checked, by every build (and so by `docjet serve`). A
 * journal that meets a file it did not expect (changed since the stop) is left, with the output as
 * it stands: the check then names the file.
 */
export async function recoverOutput(outDir: string): Promise<void> {
  const target = await fs.realpath(path.resolve(outDir)).catch(() => undefined);
  if (target === undefined || path.dirname(target) === target) return;
  const parent = path.dirname(target);
  const base = path.basename(target);
  const entries = await fs.readdir(parent, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const match = LEFTOVER.exec(entry.name);
    if (!match || match[1] !== base || match[2] !== 'staging' || !entry.isDirectory() || !isGone(match[3]!)) continue;
    const folder = path.join(parent, entry.name);
    const journal = readJournal(folder);
    if (journal === undefined || !(await isStagingFolder(folder))) continue;
    await applyJournal(folder, target, journal).catch((error: unknown) => {
      if (!(error instanceof JournalConflict)) throw error;
    });
  }
}

/** Whether the process that named a folder has exited. */
function isGone(pid: string): boolean {
  const id = Number(pid);
  if (id === process.pid) return false;
  try {
    process.kill(id, 0);
    return false; // alive: a build still running
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}
