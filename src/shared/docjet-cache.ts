/**
 * docjet's own files inside a site: `.docjet/cache/<part>/` (remote OpenAPI copies, the dev
 * server's frontmatter cache). Every folder on the way is checked after following links, so a
 * `.docjet` linked out of the site is never written through; files are written atomically.
 */
import { createHash, randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isWithin } from './inside-root.ts';

/** Where a cache folder is: its real path, missing (not created), or a step that leads outside. */
export type CacheFolder = { ok: true; path: string } | { ok: false; outside: string | undefined };

/**
 * `.docjet/cache/<part>` under `root`, created when asked. A step that leads outside the root is
 * refused (`outside`: the step, `.docjet/cache`) before anything is created below it.
 */
export async function cacheFolder(root: string, part: string, { create }: { create: boolean }): Promise<CacheFolder> {
  const steps = ['.docjet', 'cache', part];
  const rootReal = await realpath(root);
  let current = rootReal;
  for (let depth = 1; depth <= steps.length; depth++) {
    const step = path.join(current, steps[depth - 1]!);
    if (create) {
      await mkdir(step).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }
    let real: string;
    try {
      real = await realpath(step);
    } catch (error) {
      if (!create && (error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, outside: undefined };
      throw error;
    }
    if (!isWithin(rootReal, real)) return { ok: false, outside: steps.slice(0, depth).join('/') };
    current = real;
  }
  return { ok: true, path: current };
}

/** A cache file's text as it is kept: a line of its SHA-256 (hex), then the text, so that a damaged file is told from a good one. */
export function checkedText(text: string): string {
  return `${createHash('sha256').update(text).digest('hex')}\n${text}`;
}

/** A name beside `file` no one else uses: where `writeAtomic` writes before renaming. */
function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Written beside the target under a name no one else uses, then renamed over it (atomic on one file system). */
export async function writeAtomic(file: string, text: string | Uint8Array): Promise<void> {
  const temporary = temporaryBeside(file);
  try {
    // `wx`: never through a file or link already at that name.
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * `writeAtomic` at once, for the many small files of one build (a page's cache entry): an
 * `fs/promises` write is an open, a write, a close and a rename, each a trip to libuv's threads and
 * back, which cost the build's thread 0.3 CPU-s for the 1,000 entries of a cold 1,000-page build.
 */
export function writeAtomicSync(file: string, text: string | Uint8Array): void {
  const temporary = temporaryBeside(file);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
