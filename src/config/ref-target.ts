/**
 * Which file a `$ref` names: its path resolved against the file that holds it (or the site root),
 * checked to stay inside the site folder, and looked up on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { insideRoot } from '../shared/inside-root.ts';

export type RefTarget = { kind: 'file'; file: string; real: string } | { kind: 'outside'; via: 'path' | 'symlink' } | { kind: 'folder' } | { kind: 'missing' };

/**
 * `$ref` paths are relative to the file that holds them. The reference product resolves them from
 * the project root instead; for nested files the two differ, so the root is tried second to keep
 * migrated sites working.
 */
export function resolveRefPath(root: string, fromFile: string, target: string): RefTarget {
  const candidates = [normalizeRelative(path.posix.join(path.posix.dirname(fromFile), target)), normalizeRelative(target)];
  // The path as written (from the file) decides when it leads outside the root: refused, not
  // passed over, so that the other spelling cannot quietly stand in for it. The root spelling is
  // only a fallback for a missing file, and never read outside the root either.
  let folder = false;
  for (const [index, candidate] of candidates.entries()) {
    const place = insideRoot(root, candidate);
    if (place.kind === 'outside' && index === 0) return place;
    if (place.kind !== 'inside') continue;
    const kind = statKind(place.real);
    if (kind === 'file') return { kind: 'file', file: candidate, real: place.real };
    if (kind === 'folder') folder = true;
  }
  return folder ? { kind: 'folder' } : { kind: 'missing' };
}

function statKind(real: string): 'file' | 'folder' | 'other' {
  try {
    const stats = fs.statSync(real);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'other';
  }
}

/** A site-relative posix path: backslashes turned, `./` and leading slashes dropped. */
export function normalizeRelative(p: string): string {
  return path.posix
    .normalize(p.replace(/\\/g, '/'))
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
}
