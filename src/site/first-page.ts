/**
 * First pages (format-behaviour.md §4.4): where a division link, a drilldown group, a switcher or
 * the home page leads, and the version and language the site opens in.
 */
import { NAVIGATION } from '../config/navigation.ts';
import type { Draft } from './draft.ts';
import type { NavElement, Site } from './types.ts';

/** Sets `firstPage` on every element that leads to a page. */
export function assignFirstPages(draft: Draft): void {
  for (const element of draft.elements.values()) firstPageOf(draft, element);
}

/**
 * First page of an element, depth first, skipping hidden groups and links; default versions and
 * languages first. Inside a hidden element, what is hidden only by being there still counts, so
 * that the breadcrumbs of a page in a hidden group lead into that group, not elsewhere.
 */
function firstPageOf(draft: Draft, element: NavElement, seen = new Set<string>()): string | undefined {
  if (element.firstPage !== undefined || seen.has(element.id)) return element.firstPage;
  seen.add(element.id);
  const first = element.root ?? (element.href ? undefined : (firstListed(draft, element, seen) ?? firstInDivisions(draft, element, seen)));
  if (first !== undefined) element.firstPage = first;
  return first;
}

/** The first shown page among the element's own groups and pages. */
function firstListed(draft: Draft, element: NavElement, seen: Set<string>): string | undefined {
  for (const item of element.items) {
    if (item.type === 'page') {
      const page = draft.pages.get(item.route);
      const shown = page && (!page.hidden || (element.hidden && draft.hiddenByAncestors.has(page.route)));
      if (shown && page.frontmatter.url === undefined) return item.route;
      continue;
    }
    const group = draft.elements.get(item.id);
    if (!group || (group.hidden && !element.hidden)) continue;
    const first = firstPageOf(draft, group, seen);
    if (first !== undefined) return first;
  }
  return undefined;
}

/** The first page of the element's divisions, the default version or language first; links lead nowhere. */
function firstInDivisions(draft: Draft, element: NavElement, seen: Set<string>): string | undefined {
  const children = divisionsOf(draft, element);
  const ordered = [...children.filter((child) => child.isDefault), ...children.filter((child) => !child.isDefault)];
  for (const child of ordered) {
    if ((child.hidden && !element.hidden) || child.href) continue;
    const first = firstPageOf(draft, child, seen);
    if (first !== undefined) return first;
  }
  return undefined;
}

/** The element's child divisions; global anchors, which only link out, left out. */
function divisionsOf(draft: Draft, element: NavElement): NavElement[] {
  return element.children.map((id) => draft.elements.get(id)!).filter((child) => NAVIGATION[child.kind].holds.length > 0);
}

/**
 * The version and language the site opens in: down from the root, the default of each version or
 * language list, and through other divisions the one holding the landing page, so that a site
 * with `tabs › versions` still has a default version (that of its first tab).
 */
export function siteDefaults(draft: Draft): Site['defaults'] {
  const result: Site['defaults'] = {};
  let current = draft.elements.get('navigation');
  while (current) {
    const children = divisionsOf(draft, current);
    const landing = current.firstPage;
    const chosen = children.find((child) => child.isDefault) ?? (landing === undefined ? undefined : children.find((child) => !child.hidden && child.firstPage === landing));
    if (!chosen) break;
    if (chosen.kind === 'language' && chosen.language && !result.language) result.language = chosen.language;
    if (chosen.kind === 'version' && chosen.version && !result.version) result.version = chosen.version;
    current = chosen;
  }
  return result;
}
