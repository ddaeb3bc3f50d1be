/**
 * The one check that a file the site names lies inside the site folder, used by everything that
 * opens a file because the site's own text says so: `$ref` includes (config/load.ts), snippet
 * imports and `<Snippet file>` (content/snippets/resolve.ts), OpenAPI files (openapi/load.ts), and
 * `.mintignore` (content/scan.ts, whose walk checks the symlinks it meets with `isWithin`).
 *
 * A site is often someone else's repository, built on a CI machine: `{"$ref": "../../secret.json"}`
 * or a symlink `snippets/x.mdx -> ~/.ssh/id_rsa` must not put a file of that machine into the
 * pages. So the path is checked as written (`../x` is outside without touching the disk), then
 * after following every symlink (realpath), against the real path of the root.
 *
 * A leading `/` means the site root, as it does everywhere in the format (`/snippets/x.mdx`,
 * `"openapi": "/openapi.json"`), never the machine's root.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

export type RootPlace =
  /** `real`: the absolute path with symlinks resolved; read this one, not the path as written. */
  | { kind: 'inside'; real: string }
  /** `symlink`: the path as written is inside, but a symlink on the way leads out. */
  | { kind: 'outside'; via: 'path' | 'symlink' }
  /** Nothing there (or a symlink to nothing). */
  | { kind: 'missing' }
  /** Could not be followed: a symlink loop, no permission. `code` is the system's error code. */
  | { kind: 'unreadable'; code: string };

/** Where `relative` (site-relative, `/`-separated) is, and whether reading it stays inside `root`. */
export function insideRoot(root: string, relative: string): RootPlace {
  const rootPath = path.resolve(root);
  const written = path.resolve(rootPath, relative.replace(/^\/+/, ''));
  if (!isWithin(rootPath, written)) return { kind: 'outside', via: 'path' };
  let rootReal: string;
  let real: string;
  try {
    rootReal = realpathSync.native(rootPath);
    real = realpathSync.native(written);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'unreadable', code };
  }
  return isWithin(rootReal, real) ? { kind: 'inside', real } : { kind: 'outside', via: 'symlink' };
}

/** `target` is `folder` or below it; both absolute and resolved the same way (both real, or both as written). */
export function isWithin(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** For messages, after "which": "which is outside the site folder". No absolute path: CI logs are public. */
export function outsideReason(place: { via: 'path' | 'symlink' }): string {
  return place.via === 'symlink' ? 'leads outside the site folder through a symbolic link' : 'is outside the site folder';
}
