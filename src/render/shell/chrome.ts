/**
 * What surrounds a page: which tabs, anchors, dropdowns, products and switchers it shows, and which
 * of them is current. Pure data from the site model, unit-tested without HTML.
 *
 * Every division above the page (its placement's trail) shows itself with its siblings, each kind
 * in its own place: tabs in the top bar (a tab's menu items in its dropdown), products as a
 * switcher and dropdowns as a menu at the top of the sidebar, anchors listed under them. Versions
 * and languages are switchers fed by the page's alternates, so switching lands on the equivalent
 * page. A page that no navigation lists borrows the home page's surroundings, nothing current.
 * A page listed in several versions or languages is shown in its canonical placement; the others
 * are switched to in the browser, from each section's surroundings (`sectionChromeOf`).
 */
import { NAVIGATION, type Display } from '../../config/navigation.ts';
import type { Alternate, NavElement, Page, Placement, Site } from '../../site/types.ts';
import { isExternal } from '../links.ts';

export interface ChromeItem {
  id: string;
  label: string;
  /** A route inside the site, or an external URL (`external: true`). Absent: leads nowhere. */
  href?: string;
  external: boolean;
  current: boolean;
  icon?: NavElement['icon'];
  description?: string;
  tag?: string;
}

export interface ChromeTab extends ChromeItem {
  /** A tab's `menu`: its items, in order. */
  menu: ChromeItem[];
}

export interface Chrome {
  /** The placement the page is shown in; undefined for a page listed nowhere (and no home). */
  placement: Placement | undefined;
  /** Section whose sidebar is shown. */
  sectionId: string | undefined;
  tabs: ChromeTab[];
  products: ChromeItem[];
  dropdowns: ChromeItem[];
  anchors: ChromeItem[];
  globalAnchors: ChromeItem[];
  versions: Alternate[];
  languages: Alternate[];
  /** Ids of the elements above the page (open groups, current divisions). */
  trail: ReadonlySet<string>;
  /** The language the page is in, if the site has languages. */
  language: Placement['language'];
}

/** The list of the page's surroundings that shows each kind of division, with its siblings (tabs aside: they carry menus). */
const LISTS: Partial<Record<Display, 'products' | 'dropdowns' | 'anchors'>> = {
  'product-switcher': 'products',
  'sidebar-menu': 'dropdowns',
  'sidebar-anchors': 'anchors',
};

export function chromeOf(site: Site, page: Page | undefined): Chrome {
  const own = page?.placements[0];
  if (page === undefined || own === undefined) {
    // Listed nowhere: the home page's surroundings, nothing current.
    const borrowed = site.home === undefined ? undefined : site.pages.get(site.home)?.placements[0];
    return surroundings(site, borrowed, new Set());
  }
  return { ...surroundings(site, own, new Set(own.trail)), versions: page.alternates.versions, languages: page.alternates.languages };
}

/**
 * The surroundings every page of the placement's section shares: its divisions, no group open and
 * no page current, no switchers (those depend on the page). What a navigation fragment shows.
 */
export function sectionChromeOf(site: Site, placement: Placement): Chrome {
  const divisions = placement.trail.filter((id) => site.elements.get(id)?.kind !== 'group');
  return surroundings(site, placement, new Set(divisions));
}

/**
 * The placements a reader can switch the page between: the first in each version and language
 * that lists it, canonical first. Empty when there is only one: nothing to switch.
 */
export function switchablePlacements(page: Page): Placement[] {
  // Listed once (most pages): nowhere to switch to. Asked of every page as dev starts.
  if (page.placements.length < 2) return [];
  const seen = new Set<string>();
  const switchable = page.placements.filter((placement, index) => {
    // A placement under a hidden element is not offered; the canonical one is shown regardless.
    if (index > 0 && placement.hiddenAncestor) return false;
    const key = `${placement.version ?? ''}\n${placement.language ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return switchable.length > 1 ? switchable : [];
}

/** Tabs, products, dropdowns, anchors and global anchors around a placement; `trail` says which are current. */
function surroundings(site: Site, placement: Placement | undefined, trail: ReadonlySet<string>): Chrome {
  const chrome: Chrome = {
    placement,
    sectionId: placement?.sectionId,
    tabs: [],
    products: [],
    dropdowns: [],
    anchors: [],
    globalAnchors: globalAnchorsFor(site, placement),
    versions: [],
    languages: [],
    trail,
    language: placement?.language,
  };
  if (!placement) return chrome;

  for (const id of placement.trail) {
    const element = site.elements.get(id);
    if (!element || element.parentId === undefined) continue;
    const display = NAVIGATION[element.kind].display;
    const list = LISTS[display];
    if (display === 'tab-bar') chrome.tabs = siblingsOf(site, element).map((tab) => toTab(site, tab, trail));
    else if (list) chrome[list] = siblingsOf(site, element).map((sibling) => toItem(sibling, trail.has(sibling.id)));
  }
  return chrome;
}

/**
 * The global anchors of the page's surroundings: those written at the top of the navigation, and
 * those of the language, version (or any element) the page is under. A site with four languages
 * shows the anchors of the reader's language, not all four lists.
 */
function globalAnchorsFor(site: Site, placement: Placement | undefined): ChromeItem[] {
  const above = new Set(placement?.trail ?? []);
  return site.globalAnchors
    .map((id) => site.elements.get(id)!)
    .filter((anchor) => {
      const owner = anchor.parentId === undefined ? undefined : site.elements.get(anchor.parentId);
      return owner === undefined || owner.parentId === undefined || above.has(owner.id);
    })
    .map((anchor) => toItem(anchor, false));
}

/** A tab, with the items of its menu (its children shown in the tab's dropdown). */
function toTab(site: Site, tab: NavElement, trail: ReadonlySet<string>): ChromeTab {
  const menu = tab.children
    .map((child) => site.elements.get(child)!)
    .filter((child) => NAVIGATION[child.kind].display === 'tab-menu' && !child.hidden)
    .map((item) => toItem(item, trail.has(item.id)));
  return { ...toItem(tab, trail.has(tab.id)), menu };
}

/** The element and the other elements of its kind under the same parent, hidden ones left out. */
function siblingsOf(site: Site, element: NavElement): NavElement[] {
  const parent = site.elements.get(element.parentId!);
  if (!parent) return [element];
  return parent.children.map((id) => site.elements.get(id)!).filter((sibling) => sibling.kind === element.kind && (!sibling.hidden || sibling.id === element.id));
}

function toItem(element: NavElement, current: boolean): ChromeItem {
  const item: ChromeItem = { id: element.id, label: element.label, external: false, current };
  if (element.href !== undefined) {
    item.external = isExternal(element.href);
    // An internal `href` ("/guides/setup") is a route like any other.
    item.href = item.external ? element.href : element.href.replace(/^\/+/, '');
  } else if (element.firstPage !== undefined) {
    item.href = element.firstPage;
  }
  if (element.icon !== undefined) item.icon = element.icon;
  if (element.description !== undefined) item.description = element.description;
  if (element.tag !== undefined) item.tag = element.tag;
  return item;
}
