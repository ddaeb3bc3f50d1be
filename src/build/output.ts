/**
 * Atomic site output: a build writes into a fresh staging folder beside the target and swaps it in
 * only when everything succeeded. A failed or interrupted build leaves the previous site untouched,
 * and a web server reading the folder never sees half a site.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StagedOutput {
  /** Where files are written during the build. */
  readonly dir: string;
  /** Writes a file (creating folders) relative to the staging folder. */
  write(relative: string, data: string | Uint8Array): Promise<void>;
  /** Copies a file into the staging folder. */
  copy(from: string, relative: string): Promise<void>;
  /** Replaces the target folder by the staging folder. */
  commit(): Promise<void>;
  /** Removes the staging folder; the target is left as it was. */
  abort(): Promise<void>;
}

/** The absolute path of `relative` inside `dir`; throws when it would land outside. */
export function outputPath(dir: string, relative: string): string {
  const full = path.resolve(dir, relative);
  if (full !== dir && !full.startsWith(dir + path.sep)) throw new Error(`output path escapes the output folder: ${relative}`);
  return full;
}

export async function stageOutput(options: { target: string }): Promise<StagedOutput> {
  const target = path.resolve(options.target);
  const parent = path.dirname(target);
  const base = path.basename(target);
  await fs.mkdir(parent, { recursive: true });
  // Same parent folder, so the final rename stays on one file system (rename is atomic there).
  const dir = await fs.mkdtemp(path.join(parent, `.${base}.staging-`));
  const made = new Set<string>([dir]);
  const ensureFolder = async (folder: string): Promise<void> => {
    if (made.has(folder)) return;
    await fs.mkdir(folder, { recursive: true });
    made.add(folder);
  };
  const resolveInside = (relative: string): string => outputPath(dir, relative);
  let finished = false;
  return {
    dir,
    async write(relative, data) {
      const full = resolveInside(relative);
      await ensureFolder(path.dirname(full));
      await fs.writeFile(full, data);
    },
    async copy(from, relative) {
      const full = resolveInside(relative);
      await ensureFolder(path.dirname(full));
      await fs.copyFile(from, full);
    },
    async commit() {
      if (finished) return;
      finished = true;
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
      if (moved) await fs.rm(previous, { recursive: true, force: true });
    },
    async abort() {
      if (finished) return;
      finished = true;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
