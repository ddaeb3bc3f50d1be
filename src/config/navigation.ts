/**
 * The navigation vocabulary, defined once: every kind of element `navigation` holds, the key that
 * lists it, the key of its label, what it may hold, whether an `openapi` written on it flows down,
 * and how readers see it (breadcrumbs, switchers, tab bar, sidebar). The config rules, the walk, the
 * site resolver, breadcrumbs, the version/language switchers and the page shell all read this table
 * instead of spelling the kinds out again. Spec: ../shared/spec/docs-json-navigation.md.
 */

export type ElementKind = 'root' | 'product' | 'language' | 'version' | 'tab' | 'menu-item' | 'dropdown' | 'anchor' | 'group' | 'global-anchor';

/**
 * The keys that list an element's children, from the outermost kind of division to the innermost:
 * the order elements nest in, used to say which way to move things ("move the groups into an
 * anchor") and the order every walk visits them in.
 */
export const CHILD_LISTS = ['products', 'languages', 'versions', 'tabs', 'menu', 'dropdowns', 'anchors', 'groups', 'pages'] as const;
export type ChildList = (typeof CHILD_LISTS)[number];

/** Where the page shell shows an element of a kind. */
export type Display =
  /** Nowhere: the root only holds the rest. */
  | 'none'
  /** Products: a switcher at the top of the sidebar, each with its description. */
  | 'product-switcher'
  /** Versions and languages: switchers in the top bar that keep the reader on the same page. */
  | 'partition-switcher'
  /** Tabs: the bar under the top bar. */
  | 'tab-bar'
  /** Menu items: the dropdown of their tab. */
  | 'tab-menu'
  /** Dropdowns: a menu at the top of the sidebar. */
  | 'sidebar-menu'
  /** Anchors: a list at the top of the sidebar. */
  | 'sidebar-anchors'
  /** Global anchors: a list at the top of the sidebar, on every page. */
  | 'global-anchors'
  /** Groups: headed sections of the sidebar, nested groups as collapsible lists. */
  | 'sidebar';

export interface KindInfo {
  /** For messages: "a menu item (\"Deploy\")". */
  name: string;
  /** The key of a division that lists elements of this kind; the root has none, global anchors sit in `global`. */
  list: ChildList | undefined;
  /** The key holding the element's label as written (a product shows its `name` when it has one). */
  label: 'product' | 'language' | 'version' | 'tab' | 'item' | 'dropdown' | 'anchor' | 'group' | undefined;
  /** The child lists it may hold (at most one of them at a time, rule 2), in the order messages name them. */
  holds: readonly ChildList[];
  /**
   * An `openapi` written on it is read, and applies to everything under it unless they set their own
   * (spec, "openapi property": inheritance). The root has no `openapi` of its own: `api.openapi` is
   * in force there, for endpoint references only.
   */
  openapi: boolean;
  /** A partition of the site: its siblings are offered by a switcher, one marked `default`. */
  partition: boolean;
  /** Named in breadcrumbs (versions and languages are not, format-behaviour.md §4.4). */
  breadcrumb: boolean;
  display: Display;
}

/** What every division except a menu item may hold (the schema's child getters, `menu` aside). */
const DIVISION_CHILDREN = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'] as const;

export const NAVIGATION: Readonly<Record<ElementKind, KindInfo>> = {
  root: {
    name: 'navigation',
    list: undefined,
    label: undefined,
    // The primary patterns, in the order the spec lists them (rule 1's message names them so).
    holds: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'],
    openapi: false,
    partition: false,
    breadcrumb: false,
    display: 'none',
  },
  product: {
    name: 'product',
    list: 'products',
    label: 'product',
    holds: [...DIVISION_CHILDREN, 'menu'],
    openapi: true,
    partition: false,
    breadcrumb: true,
    display: 'product-switcher',
  },
  language: { name: 'language', list: 'languages', label: 'language', holds: DIVISION_CHILDREN, openapi: true, partition: true, breadcrumb: false, display: 'partition-switcher' },
  version: { name: 'version', list: 'versions', label: 'version', holds: DIVISION_CHILDREN, openapi: true, partition: true, breadcrumb: false, display: 'partition-switcher' },
  tab: { name: 'tab', list: 'tabs', label: 'tab', holds: [...DIVISION_CHILDREN, 'menu'], openapi: true, partition: false, breadcrumb: true, display: 'tab-bar' },
  // Spec, "Menu item object": a menu item holds only groups, pages or a link.
  'menu-item': { name: 'menu item', list: 'menu', label: 'item', holds: ['groups', 'pages'], openapi: true, partition: false, breadcrumb: true, display: 'tab-menu' },
  dropdown: { name: 'dropdown', list: 'dropdowns', label: 'dropdown', holds: DIVISION_CHILDREN, openapi: true, partition: false, breadcrumb: true, display: 'sidebar-menu' },
  anchor: { name: 'anchor', list: 'anchors', label: 'anchor', holds: DIVISION_CHILDREN, openapi: true, partition: false, breadcrumb: true, display: 'sidebar-anchors' },
  // A group's `pages` may hold nested groups.
  group: { name: 'group', list: 'groups', label: 'group', holds: ['pages'], openapi: true, partition: false, breadcrumb: true, display: 'sidebar' },
  // Links only: `global.anchors` (and the other lists `global` may hold), labelled like the kind of their list.
  'global-anchor': { name: 'global anchor', list: undefined, label: undefined, holds: [], openapi: false, partition: false, breadcrumb: false, display: 'global-anchors' },
};

/** The kind of element each child list holds (`pages` holds page references, and groups). */
export const KIND_OF_LIST: Readonly<Record<Exclude<ChildList, 'pages'>, ElementKind>> = {
  products: 'product',
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  menu: 'menu-item',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  groups: 'group',
};

/** The division lists, outermost first: every child list but groups and pages. */
export const DIVISION_LISTS = CHILD_LISTS.filter((key): key is Exclude<ChildList, 'groups' | 'pages'> => key !== 'groups' && key !== 'pages');

/** One entry of a child list, for messages: "move the groups into an anchor". */
export function oneOf(list: ChildList): string {
  if (list === 'pages') return 'a page';
  const name = NAVIGATION[KIND_OF_LIST[list]].name;
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * The label of an element as written, from any object (the rules see the config before the schema
 * has checked it). A global item is labelled by the key of its list's kind (`global.tabs` → `tab`).
 */
export function writtenLabel(kind: ElementKind, value: Record<string, unknown>, globalList?: string): string | undefined {
  const key = kind === 'global-anchor' ? globalLabelKey(globalList) : NAVIGATION[kind].label;
  const label = key === undefined ? undefined : value[key];
  return typeof label === 'string' ? label : undefined;
}

function globalLabelKey(list: string | undefined): string | undefined {
  const kind = kindOfList(list);
  return kind === undefined ? undefined : NAVIGATION[kind].label;
}

/** The kind of element a key of the config lists (`tabs` → `tab`), if it is a child list other than `pages`. */
export function kindOfList(key: string | number | undefined): ElementKind | undefined {
  return typeof key === 'string' ? KIND_BY_LIST.get(key) : undefined;
}

const KIND_BY_LIST: ReadonlyMap<string, ElementKind> = new Map(Object.entries(KIND_OF_LIST));
