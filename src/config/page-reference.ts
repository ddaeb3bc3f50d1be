/**
 * Page references in `navigation`: `guides/intro` names `guides/intro.mdx` (or `.md`). Real sites
 * also write `/guides/intro`, `./guides/intro`, `guides/intro.mdx`, and `guides` for
 * `guides/index.mdx`; all resolve, the extension with a warning (rule 9, `rules/pages.ts`). The site
 * resolver reads the same function, so a reference the rules accept is one the site lists.
 */
import path from 'node:path';
import type { PageFile } from '../shared/scan.ts';

export interface PageMatch {
  id: string;
  /** The entry carried a file extension. */
  extension: boolean;
}

/**
 * What normalizing changes: white space around the entry, a backslash, or an empty, `.` or `..`
 * segment (a leading, trailing or doubled slash among them).
 */
const NOT_NORMAL = /^\s|\s$|\\|(?:^|\/)\.{0,2}(?:\/|$)/;

export function normalizePageEntry(entry: string): string {
  // Most entries are written as they normalize (`guides/intro`): a 5,000-page navigation is read
  // twice at each start (rules, then the resolver), 25-50 ms of path work for nothing.
  if (!NOT_NORMAL.test(entry)) return entry;
  const posix = path.posix.normalize(`/${entry.trim().replace(/\\/g, '/')}`);
  return posix.replace(/^\/+/, '').replace(/\/+$/, '');
}

export function resolvePageReference(entry: string, pages: ReadonlyMap<string, PageFile>): PageMatch | undefined {
  let id = normalizePageEntry(entry);
  let extension = false;
  const ext = /\.(mdx|md)$/i.exec(id);
  if (ext && !pages.has(id)) {
    id = id.slice(0, -ext[0].length);
    extension = true;
  }
  if (pages.has(id)) return { id, extension };
  const index = id === '' ? 'index' : `${id}/index`;
  if (pages.has(index)) return { id: index, extension };
  return undefined;
}
