/**
 * Search for `build` and `dev`: the index files of a site (`_docjet/search/`, index-files.ts) made
 * from its searchable pages (records.ts). `build` writes them; `dev` makes them on the first
 * search request and keeps them until the site's files change, so starting `dev` costs nothing.
 */
import type { Site } from '../site/types.ts';
import { searchIndexFiles } from './index-files.ts';
import { searchRecords } from './records.ts';

export { SEARCH_FOLDER } from './index-files.ts';
export { searchScripts, type SearchScripts } from './scripts.ts';

/** Every file of the index, by name relative to `_docjet/search/`. */
export async function searchIndex(site: Site, base: string): Promise<Map<string, string>> {
  return searchIndexFiles(await searchRecords(site), base);
}

const made = new WeakMap<object, Promise<Map<string, string>>>();

/**
 * The index for `dev`, made once per `version` of the site: any object that `dev` replaces when a
 * file changes (its sources). A failed attempt is forgotten, so the next request tries again.
 */
export function searchIndexOf(version: object, site: Site, base: string): Promise<Map<string, string>> {
  let index = made.get(version);
  if (!index) {
    index = searchIndex(site, base);
    index.catch(() => made.delete(version));
    made.set(version, index);
  }
  return index;
}
