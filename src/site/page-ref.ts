/**
 * Page references in `navigation`: `guides/intro` names `guides/intro.mdx` (or `.md`). Real sites
 * also write `/guides/intro`, `./guides/intro`, `guides/intro.mdx`, and `guides` for
 * `guides/index.mdx`; all resolve, the extension with a warning.
 */
import path from 'node:path';
import type { PageFile } from '../content/scan.ts';

export interface PageMatch {
  id: string;
  /** The entry carried a file extension. */
  extension: boolean;
}

export function normalizePageEntry(entry: string): string {
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

/** `index` → `` (the home page), `guides/index` → `guides`, `guides/intro` → `guides/intro`. */
export function routeOfPage(id: string): string {
  if (id === 'index') return '';
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}
