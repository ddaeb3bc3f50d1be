/**
 * What a parsed OpenAPI document was read from, as it was then: the loader parses a spec again only
 * when one of its files changed. The dev server resolves the site again on every edit of a JSON or
 * YAML file, and a multi-file spec is thousands of them; checking them costs a `stat` each.
 */
import { stat } from 'node:fs/promises';

export interface FileStamp {
  /** Absolute path, as the spec names it (a symbolic link is followed when checking). */
  path: string;
  /** -1 (and `size` -1) when nothing was there: creating it is a change too, since a `$ref` to it then works. */
  mtimeMs: number;
  size: number;
}

export async function stampFile(path: string): Promise<FileStamp> {
  try {
    const { mtimeMs, size } = await stat(path);
    return { path, mtimeMs, size };
  } catch {
    return { path, mtimeMs: -1, size: -1 };
  }
}

/** Whether every file is as it was stamped. */
export async function stampsHold(stamps: readonly FileStamp[]): Promise<boolean> {
  const now = await Promise.all(stamps.map((stamp) => stampFile(stamp.path)));
  return now.every((current, index) => current.mtimeMs === stamps[index]!.mtimeMs && current.size === stamps[index]!.size);
}
