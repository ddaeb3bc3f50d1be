/**
 * One walk over the navigation as written (before schema validation, so it tolerates any shape),
 * giving each rule the elements and page entries with their context: the parent chain, whether a
 * group is top-level, and the `openapi` in force. What each kind holds is `navigation.ts`'s table.
 */
import type { JsonPath } from './json-source.ts';
import { isObject } from './load.ts';
import { CHILD_LISTS, KIND_OF_LIST, type ElementKind } from './navigation.ts';
import { inheritOpenApi, siteOpenApi, type OpenApiInForce } from './openapi-in-force.ts';

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

/**
 * Walks `config.navigation`. `api.openapi` acts as the spec in force at the root, so endpoint
 * references work on sites that declare their spec only there (as legacy mint.json sites do).
 */
export function walkNavigation(config: unknown, visitors: readonly NavigationVisitor[]): void {
  if (!isObject(config) || !isObject(config.navigation)) return;
  const root: NavNode = {
    kind: 'root',
    value: config.navigation,
    path: ['navigation'],
    parent: undefined,
    topLevelGroup: false,
    openapi: siteOpenApi(config),
  };
  visit(root, visitors);
}

function visit(node: NavNode, visitors: readonly NavigationVisitor[]): void {
  for (const visitor of visitors) visitor.element?.(node);
  const value = node.value;
  for (const key of CHILD_LISTS) {
    const list = value[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      const path = [...node.path, key, index];
      if (key === 'pages' && typeof item === 'string') {
        for (const visitor of visitors) visitor.page?.({ entry: item, path, parent: node, openapi: node.openapi });
        return;
      }
      if (!isObject(item)) return;
      visit(child(node, key === 'pages' ? 'group' : KIND_OF_LIST[key], item, path), visitors);
    });
  }
  if (isObject(value.global)) {
    for (const [key, list] of Object.entries(value.global)) {
      if (!Array.isArray(list)) continue;
      list.forEach((item, index) => {
        if (isObject(item)) visit(child(node, 'global-anchor', item, [...node.path, 'global', key, index]), visitors);
      });
    }
  }
}

function child(parent: NavNode, kind: ElementKind, value: Record<string, unknown>, path: JsonPath): NavNode {
  return {
    kind,
    value,
    path,
    parent,
    topLevelGroup: kind === 'group' && parent.kind !== 'group',
    openapi: inheritOpenApi(kind, value, path, parent.openapi),
  };
}
