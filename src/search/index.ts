/**
 * Search for `build` and `dev`: the index files of a site (`_docjet/search/`, index-files.ts) made
 * from its searchable pages (records.ts). `build` writes them; `dev` makes them on the first
 * search request and brings them up to date on the first request after a change, reading again
 * only the pages that changed (live-index.ts), so starting `dev` costs nothing.
 */
import type { Page, Site } from '../site/types.ts';
import { searchIndexFiles } from './index-files.ts';
import { LiveSearchIndex } from './live-index.ts';
import { searchRecords, type FileText } from './records.ts';

export { openSearchTextCache, searchIndexKey } from './text-cache.ts';
export { searchIndexFiles } from './index-files.ts';
export { searchRecords } from './records.ts';

export { SEARCH_FOLDER } from './index-files.ts';
export { searchScripts, type SearchScripts } from '../render/search-scripts.ts';

/** Every file of the index, by name relative to `_docjet/search/`. */
export async function searchIndex(site: Site, base: string, textOf?: (page: Page) => FileText): Promise<Map<string, string>> {
  return searchIndexFiles(await searchRecords(site, textOf), base);
}

const live = new WeakMap<object, LiveSearchIndex>();
const made = new WeakMap<object, Promise<Map<string, string>>>();

/**
 * The index for `dev`, made once per `version` of the site (any object that `dev` replaces when a
 * file changes: its sources) from what the same `run` (its session) indexed before. A failed
 * attempt is forgotten, so the next request tries again.
 */
export function searchIndexOf(run: object, version: object, site: Site, base: string): Promise<Map<string, string>> {
  let index = made.get(version);
  if (!index) {
    let kept = live.get(run);
    if (!kept) live.set(run, (kept = new LiveSearchIndex()));
    index = kept.files(site, base);
    index.catch(() => made.delete(version));
    made.set(version, index);
  }
  return index;
}
