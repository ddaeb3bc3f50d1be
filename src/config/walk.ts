/**
 * One walk over the navigation as written (before schema validation, so it tolerates any shape),
 * giving each rule the elements and page entries with their context: the parent chain, whether a
 * group is top-level, and the `openapi` in force (inherited from the nearest ancestor).
 */
import type { JsonPath } from './json-source.ts';
import { isObject } from './load.ts';

export type ElementKind =
  | 'navigation'
  | 'tab'
  | 'anchor'
  | 'dropdown'
  | 'product'
  | 'version'
  | 'language'
  | 'menu-item'
  | 'group'
  | 'global-item';

/** Child list key → the kind of element it holds, and the key of that element's label. */
export const CHILD_LISTS = {
  groups: { kind: 'group', label: 'group' },
  tabs: { kind: 'tab', label: 'tab' },
  anchors: { kind: 'anchor', label: 'anchor' },
  dropdowns: { kind: 'dropdown', label: 'dropdown' },
  products: { kind: 'product', label: 'product' },
  versions: { kind: 'version', label: 'version' },
  languages: { kind: 'language', label: 'language' },
  menu: { kind: 'menu-item', label: 'item' },
} as const satisfies Record<string, { kind: ElementKind; label: string }>;

export type ChildListKey = keyof typeof CHILD_LISTS | 'pages';
export const CHILD_LIST_KEYS: readonly ChildListKey[] = ['pages', ...(Object.keys(CHILD_LISTS) as (keyof typeof CHILD_LISTS)[])];

/** From the outermost kind of division to the innermost, to say which way to nest things. */
export const NESTING_ORDER: readonly ChildListKey[] = ['products', 'languages', 'versions', 'tabs', 'menu', 'dropdowns', 'anchors', 'groups', 'pages'];

/** One entry of each child list, for messages: "move the groups into an anchor". */
export const ONE_OF: Record<ChildListKey, string> = {
  products: 'a product',
  languages: 'a language',
  versions: 'a version',
  tabs: 'a tab',
  menu: 'a menu item',
  dropdowns: 'a dropdown',
  anchors: 'an anchor',
  groups: 'a group',
  pages: 'a page',
};

export interface OpenApiSource {
  /** As written: a path relative to the site root, or a URL. */
  source: string;
  directory: string | undefined;
  remote: boolean;
}

export interface OpenApiInForce {
  sources: OpenApiSource[];
  /** Where the `openapi` was written. */
  path: JsonPath;
}

export interface NavNode {
  kind: ElementKind;
  value: Record<string, unknown>;
  path: JsonPath;
  parent: NavNode | undefined;
  /** For groups: not nested in another group. */
  topLevelGroup: boolean;
  openapi: OpenApiInForce | undefined;
}

export interface PageEntry {
  entry: string;
  path: JsonPath;
  parent: NavNode;
  openapi: OpenApiInForce | undefined;
}

export interface NavigationVisitor {
  element?(node: NavNode): void;
  page?(entry: PageEntry): void;
}

/** Reads an `openapi` setting (string, {source, directory}, or a list of either); ignores bad shapes. */
export function normalizeOpenApi(value: unknown): OpenApiSource[] | undefined {
  const one = (item: unknown): OpenApiSource | undefined => {
    if (typeof item === 'string' && item.trim()) return toSource(item.trim(), undefined);
    if (isObject(item) && typeof item.source === 'string' && item.source.trim()) {
      return toSource(item.source.trim(), typeof item.directory === 'string' ? item.directory : undefined);
    }
    return undefined;
  };
  if (Array.isArray(value)) {
    const sources = value.map(one).filter((source): source is OpenApiSource => source !== undefined);
    return sources.length > 0 ? sources : undefined;
  }
  const single = one(value);
  return single ? [single] : undefined;
}

function toSource(source: string, directory: string | undefined): OpenApiSource {
  const remote = /^https?:\/\//i.test(source);
  return { source: remote ? source : normalizeSitePath(source), directory, remote };
}

/** `/a/b.json`, `./a/b.json` → `a/b.json`. */
export function normalizeSitePath(value: string): string {
  return value
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .split('/')
    .filter((segment, index, all) => segment !== '.' && !(segment === '' && index < all.length - 1))
    .join('/');
}

/**
 * Walks `config.navigation`. `api.openapi` acts as the spec in force at the root, so endpoint
 * references work on sites that declare their spec only there (as legacy mint.json sites do).
 */
export function walkNavigation(config: unknown, visitors: readonly NavigationVisitor[]): void {
  if (!isObject(config) || !isObject(config.navigation)) return;
  const apiSources = isObject(config.api) ? normalizeOpenApi(config.api.openapi) : undefined;
  const rootOpenApi = apiSources ? { sources: apiSources, path: ['api', 'openapi'] } : undefined;
  const root: NavNode = {
    kind: 'navigation',
    value: config.navigation,
    path: ['navigation'],
    parent: undefined,
    topLevelGroup: false,
    openapi: rootOpenApi,
  };
  visit(root, visitors);
}

function visit(node: NavNode, visitors: readonly NavigationVisitor[]): void {
  for (const visitor of visitors) visitor.element?.(node);
  const value = node.value;
  for (const key of CHILD_LIST_KEYS) {
    const list = value[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      const path = [...node.path, key, index];
      if (key === 'pages' && typeof item === 'string') {
        for (const visitor of visitors) visitor.page?.({ entry: item, path, parent: node, openapi: node.openapi });
        return;
      }
      if (!isObject(item)) return;
      const kind: ElementKind = key === 'pages' ? 'group' : CHILD_LISTS[key].kind;
      visit(child(node, kind, item, path), visitors);
    });
  }
  if (isObject(value.global)) {
    for (const [key, list] of Object.entries(value.global)) {
      if (!Array.isArray(list)) continue;
      list.forEach((item, index) => {
        if (isObject(item)) visit(child(node, 'global-item', item, [...node.path, 'global', key, index]), visitors);
      });
    }
  }
}

function child(parent: NavNode, kind: ElementKind, value: Record<string, unknown>, path: JsonPath): NavNode {
  const own = normalizeOpenApi(value.openapi);
  return {
    kind,
    value,
    path,
    parent,
    topLevelGroup: kind === 'group' && parent.kind !== 'group',
    openapi: own ? { sources: own, path: [...path, 'openapi'] } : parent.openapi,
  };
}

/** The label of an element as written (`tab`, `anchor`, … key), for messages. */
export function labelOf(node: NavNode): string | undefined {
  const keys = ['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item'];
  for (const key of keys) if (typeof node.value[key] === 'string') return node.value[key] as string;
  return undefined;
}

export const KIND_NAMES: Record<ElementKind, string> = {
  navigation: 'navigation',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  'menu-item': 'menu item',
  group: 'group',
  'global-item': 'global item',
};
