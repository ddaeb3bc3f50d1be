/**
 * Addresses that lead to a first page rather than hold one (format-behaviour.md §Home): `/` when
 * the site has no `index` page, and the root of each version or language folder (`/fr`, `/v2`)
 * that has no page of its own. Most real sites have no `index`: without these, `/` is a 404, and
 * the 404 page's redirect home would loop.
 */
import { NAVIGATION } from '../config/navigation.ts';
import type { Site } from './types.ts';

export interface HomeRoute {
  /** The route that has no page (`''` for `/`, `fr`, `v2`). */
  from: string;
  /** The route of the page it leads to. */
  to: string;
}

export function homeRoutes(site: Site): HomeRoute[] {
  const result: HomeRoute[] = [];
  if (!site.pages.has('') && site.home !== undefined) result.push({ from: '', to: site.home });
  for (const [folder, first] of divisionFolders(site)) {
    if (!site.pages.has(folder)) result.push({ from: folder, to: first });
  }
  return result;
}

/**
 * Versions and languages whose pages all live in one top folder (`fr/…`), with their first page:
 * the folder's root leads there. A division whose pages are spread over several folders has no
 * root of its own.
 */
function divisionFolders(site: Site): Map<string, string> {
  const folders = new Map<string, Set<string>>();
  for (const section of site.sections.values()) {
    for (const id of divisionsAbove(site, section.id)) {
      const set = folders.get(id) ?? new Set<string>();
      for (const route of section.pages) set.add(route.includes('/') ? route.slice(0, route.indexOf('/')) : '');
      folders.set(id, set);
    }
  }
  const result = new Map<string, string>();
  for (const [id, set] of folders) {
    const [folder] = set;
    const first = site.elements.get(id)?.firstPage;
    if (set.size !== 1 || !folder || first === undefined || result.has(folder)) continue;
    result.set(folder, first);
  }
  return result;
}

/** The partitions (versions and languages) from `id` up to the root. */
function divisionsAbove(site: Site, id: string): string[] {
  const found: string[] = [];
  for (let element = site.elements.get(id); element; element = element.parentId === undefined ? undefined : site.elements.get(element.parentId)) {
    if (NAVIGATION[element.kind].partition) found.push(element.id);
  }
  return found;
}
