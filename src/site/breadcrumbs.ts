/**
 * Breadcrumbs (`styling.eyebrows: "breadcrumbs"`): the labels of every division and group above a
 * page, versions and languages left out, as the reference product builds them
 * (format-behaviour.md §4.4). A product shows its `name` (else `product`) and a menu item its
 * `item`: both are already the element's label.
 */
import { NAVIGATION } from '../config/navigation.ts';
import type { Page, Site } from './types.ts';

export interface Breadcrumb {
  label: string;
  kind: string;
  /** The element's first page, where the crumb links; absent for elements that lead nowhere. */
  route?: string;
}

/** From the page's canonical placement; a page on disk only has none. */
export function breadcrumbs(site: Site, page: Page): Breadcrumb[] {
  const placement = page.placements[0];
  if (!placement) return [];
  const crumbs: Breadcrumb[] = [];
  for (const id of placement.trail) {
    const element = site.elements.get(id);
    if (!element || !NAVIGATION[element.kind].breadcrumb) continue;
    const crumb: Breadcrumb = { label: element.label, kind: element.kind };
    if (element.firstPage !== undefined) crumb.route = element.firstPage;
    // A group named as the tab (or group) it is in says nothing new: "Redis › Redis › Tutorials"
    // reads "Redis › Tutorials", the crumb linking to the nearer of the two.
    const previous = crumbs[crumbs.length - 1];
    if (previous && sameLabel(previous.label, crumb.label)) crumbs.pop();
    crumbs.push(crumb);
  }
  return crumbs;
}

function sameLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
