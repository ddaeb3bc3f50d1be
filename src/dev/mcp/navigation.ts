/**
 * The `list_navigation` tool: the site's navigation as its sidebar and switchers show it, from the
 * resolved site model: languages, versions, products, tabs, menus, dropdowns, anchors, groups and
 * pages in written order, hidden ones left out as the sidebar leaves them out. Each page comes with
 * the path `read_page` takes; a link element with the address it leads to. As data (a tree), and as
 * an indented outline for a model to read.
 */
import { pageHref } from '../../render/links.ts';
import type { NavElement, Site } from '../../site/types.ts';

export interface NavPage {
  title: string;
  path: string;
  /** An endpoint page's method. */
  method?: string;
}

export interface NavNode {
  kind: string;
  label: string;
  /** Where the element leads: its first page, or the address of a link element. */
  path?: string;
  href?: string;
  /** Versions and languages: the value, and whether it is the one the site opens in. */
  version?: string;
  language?: string;
  default?: true;
  children?: NavNode[];
  pages?: (NavPage | NavNode)[];
}

export interface NavigationFilter {
  version?: string | undefined;
  language?: string | undefined;
}

/** The tree under the site's root, limited to one version or language when asked. */
export function navigationTree(site: Site, base: string, filter: NavigationFilter = {}): NavNode[] {
  const root = [...site.elements.values()].find((element) => element.kind === 'root');
  if (!root) return [];
  // Global anchors are the root's children too.
  return childNodes(site, root, base, filter);
}

function childNodes(site: Site, element: NavElement, base: string, filter: NavigationFilter): NavNode[] {
  return element.children
    .map((id) => site.elements.get(id))
    .filter((child): child is NavElement => child !== undefined && child.kind !== 'group')
    .map((child) => nodeOf(site, child, base, filter))
    .filter((node): node is NavNode => node !== undefined);
}

function nodeOf(site: Site, element: NavElement, base: string, filter: NavigationFilter): NavNode | undefined {
  if (element.hidden) return undefined;
  if (element.kind === 'version' && filter.version !== undefined && element.version !== filter.version) return undefined;
  if (element.kind === 'language' && filter.language !== undefined && element.language !== filter.language) return undefined;
  const node: NavNode = { kind: element.kind, label: element.label };
  if (element.href !== undefined) node.href = element.href;
  else if (element.firstPage !== undefined) node.path = pageHref(element.firstPage, base);
  if (element.version !== undefined) node.version = element.version;
  if (element.language !== undefined) node.language = element.language;
  if (element.isDefault) node.default = true;
  const children = childNodes(site, element, base, filter);
  if (children.length > 0) node.children = children;
  const pages = element.items.flatMap((item): (NavPage | NavNode)[] => {
    if (item.type === 'group') {
      const group = site.elements.get(item.id);
      const groupNode = group && nodeOf(site, group, base, filter);
      return groupNode ? [groupNode] : [];
    }
    const page = site.pages.get(item.route);
    if (!page || page.hidden) return [];
    const method = page.source.type === 'endpoint' ? page.source.operation.method : undefined;
    return [{ title: page.sidebarTitle ?? page.title, path: pageHref(page.route, base), ...(method ? { method } : {}) }];
  });
  if (pages.length > 0) node.pages = pages;
  return node;
}

/** The tree as an indented outline: `- Guides (tab) → /guides`, pages as `- Title: /path`. */
export function navigationOutline(nodes: readonly NavNode[], depth = 0): string {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const node of nodes) {
    const value = node.version ?? node.language;
    const what = [node.kind, value !== undefined && value !== node.label ? value : undefined, node.default ? 'default' : undefined].filter(Boolean).join(', ');
    const target = node.href ?? (node.children || node.pages ? undefined : node.path);
    lines.push(`${indent}- ${node.label} (${what})${target ? `: ${target}` : ''}`);
    if (node.children) lines.push(navigationOutline(node.children, depth + 1));
    for (const entry of node.pages ?? []) {
      if ('kind' in entry) lines.push(navigationOutline([entry], depth + 1));
      else lines.push(`${indent}  - ${entry.method ? `${entry.method} ` : ''}${entry.title}: ${entry.path}`);
    }
  }
  return lines.filter((line) => line !== '').join('\n');
}
