/**
 * Reading the site's files as the dev server must, whatever appears in the folder: only regular
 * files are read, opened without waiting (`O_NONBLOCK`), so that a named pipe (FIFO) or a device
 * that appears, or is renamed over a page, is refused rather than holding a thread of libuv's pool
 * for ever (four such reads stopped every file read of the process, and `docjet dev` with them);
 * and a file's content is hashed only up to HASH_LIMIT bytes: past it, it is told apart by its
 * size, modification time and inode, so that a 1.5 GB file saved beside the pages is never read
 * whole (it was, and took 1.2 GB of memory, to see whether it changed).
 */
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';

/** Files larger than this are stamped by size and times rather than hashed. */
export const HASH_LIMIT = 16 * 1024 * 1024;

/** A path that is there but is not a regular file (a FIFO, a socket, a device, a folder). */
export class NotRegularFile extends Error {
  readonly code = 'ENOTREG';
  constructor(readonly path: string) {
    super(`${path} is not a regular file`);
  }
}

/** A file larger than a reader's `maxBytes`. */
export class FileTooLarge extends Error {
  readonly code = 'EFBIG';
  constructor(readonly path: string) {
    super(`${path} is too large to read here`);
  }
}

/**
 * The content of a regular file (following links); rejects with NotRegularFile for anything else,
 * without waiting for a writer, and with FileTooLarge past `maxBytes`.
 */
export async function readRegularFile(file: string, maxBytes = Infinity): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotRegularFile(file);
    if (info.size > maxBytes) throw new FileTooLarge(file);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A regular file opened for reading without waiting (the caller closes it); rejects with NotRegularFile for anything else. */
export async function openRegularFile(file: string): Promise<{ handle: FileHandle; size: number }> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!info.isFile()) {
    await handle.close();
    throw new NotRegularFile(file);
  }
  return { handle, size: info.size };
}

/** Resolves when `file` is a regular file (following links); rejects with why not (ENOENT, EACCES, NotRegularFile), opening it without waiting. */
export async function checkRegularFile(file: string): Promise<void> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new NotRegularFile(file);
  } finally {
    await handle.close();
  }
}

/**
 * What tells a file's content apart from its last version: a hash of the content up to HASH_LIMIT
 * bytes, past it the size, modification time and inode; undefined when it is not a regular file
 * (or cannot be read).
 */
export async function contentStamp(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    if (info.size > HASH_LIMIT) return statStamp(info);
    const hash = createHash('sha1');
    // Read through one buffer, as far as the size said: a file growing meanwhile is read no further.
    const buffer = Buffer.allocUnsafe(Math.min(Math.max(info.size, 1), 1024 * 1024));
    for (let total = 0; total < info.size; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, info.size - total), total);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    return `sha1:${hash.digest('hex')}`;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function statStamp(info: Stats): string {
  return `stat:${info.size}:${info.mtimeMs}:${info.ino}`;
}
