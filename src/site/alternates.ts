/**
 * Version and language switching keeps the reader on the equivalent page when one exists
 * (reference/format-behaviour.md §4.2), else lands on the first page of the target:
 * 1. the same page, when the target lists it too;
 * 2. versions: a page whose path differs by exactly one non-final segment (`v1/a/b` ↔ `v2/a/b`), or
 *    only by a leading folder (`a/b` ↔ `v2/a/b`);
 *    languages: the same path once a leading language-code folder is removed (`en/a` ↔ `fr/a`, `a` ↔ `fr/a`);
 * 3. the target's first page.
 * When the target holds further versions or languages, the reader's current ones are kept where
 * they exist there, else the defaults are used.
 */
import { LANGUAGE_PREFIXES } from '../config/languages.ts';
import type { Alternate, NavElement, Page, Site } from './types.ts';

type Dimension = 'version' | 'language';

export function computeAlternates(site: Site): void {
  const under = pagesUnderPartitions(site);
  const indexes = new Map<string, Map<string, string>>();
  const lookup = (target: NavElement, dimension: Dimension, route: string): string | undefined => {
    const routes = under.get(target.id);
    if (!routes) return undefined;
    if (routes.has(route)) return route;
    const cacheKey = `${dimension}:${target.id}`;
    let index = indexes.get(cacheKey);
    if (!index) {
      index = buildIndex(routes, dimension);
      indexes.set(cacheKey, index);
    }
    for (const key of keysOf(route, dimension)) {
      const found = index.get(key);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  for (const page of site.pages.values()) {
    const placement = page.placements[0];
    if (!placement) continue;
    page.alternates = {
      versions: alternatesFor(site, page, placement.trail, 'version', lookup),
      languages: alternatesFor(site, page, placement.trail, 'language', lookup),
    };
  }
}

function alternatesFor(
  site: Site,
  page: Page,
  trail: readonly string[],
  dimension: Dimension,
  lookup: (target: NavElement, dimension: Dimension, route: string) => string | undefined,
): Alternate[] {
  const position = findLastIndex(trail, (id) => site.elements.get(id)?.kind === dimension);
  if (position === -1) return [];
  const current = site.elements.get(trail[position]!)!;
  const parent = current.parentId ? site.elements.get(current.parentId) : undefined;
  if (!parent) return [];
  const rest = trail.slice(position + 1).map((id) => site.elements.get(id)!);
  return parent.children
    .map((id) => site.elements.get(id)!)
    .filter((sibling) => sibling.kind === dimension && !sibling.hidden)
    .map((sibling) => {
      const value = (dimension === 'version' ? sibling.version : sibling.language) ?? sibling.label;
      if (sibling.id === current.id) {
        return { value, label: sibling.label, route: page.route, current: true, equivalent: true, isDefault: sibling.isDefault === true };
      }
      const target = descend(site, sibling, rest);
      const equivalent = lookup(target, dimension, page.route);
      return {
        value,
        label: sibling.label,
        route: equivalent ?? target.firstPage ?? sibling.firstPage ?? '',
        current: false,
        equivalent: equivalent !== undefined,
        isDefault: sibling.isDefault === true,
      };
    });
}

/** Inside the target, keep the reader's nested versions/languages where the target has them. */
function descend(site: Site, start: NavElement, rest: readonly NavElement[]): NavElement {
  let current = start;
  for (;;) {
    const children = current.children.map((id) => site.elements.get(id)!).filter((child) => child.kind === 'version' || child.kind === 'language');
    if (children.length === 0) return current;
    const wanted = rest.find((element) => element.kind === children[0]!.kind);
    const next =
      children.find((child) => wanted && child.kind === wanted.kind && (child.version ?? child.language) === (wanted.version ?? wanted.language)) ??
      children.find((child) => child.isDefault) ??
      children[0]!;
    current = next;
  }
}

function pagesUnderPartitions(site: Site): Map<string, Set<string>> {
  const under = new Map<string, Set<string>>();
  for (const page of site.pages.values()) {
    for (const placement of page.placements) {
      for (const id of placement.trail) {
        const kind = site.elements.get(id)?.kind;
        if (kind !== 'version' && kind !== 'language') continue;
        let routes = under.get(id);
        if (!routes) under.set(id, (routes = new Set()));
        routes.add(page.route);
      }
    }
  }
  return under;
}

/** Keys under which a target's route is found from another partition's route. */
function buildIndex(routes: Set<string>, dimension: Dimension): Map<string, string> {
  const index = new Map<string, string>();
  const add = (key: string, route: string): void => {
    if (!index.has(key)) index.set(key, route);
  };
  for (const route of routes) {
    const segments = route.split('/');
    if (dimension === 'language') {
      add(`lang:${stripLanguage(segments).join('/')}`, route);
      continue;
    }
    for (let i = 0; i < segments.length - 1; i++) add(`seg${i}:${segments.length}:${wildcard(segments, i)}`, route);
    if (segments.length > 1) add(`rest:${segments.slice(1).join('/')}`, route);
    add(`full:${route}`, route);
  }
  return index;
}

function keysOf(route: string, dimension: Dimension): string[] {
  const segments = route.split('/');
  if (dimension === 'language') return [`lang:${stripLanguage(segments).join('/')}`];
  const keys: string[] = [];
  for (let i = 0; i < segments.length - 1; i++) keys.push(`seg${i}:${segments.length}:${wildcard(segments, i)}`);
  keys.push(`rest:${route}`); // this page unprefixed, the target prefixed
  if (segments.length > 1) keys.push(`full:${segments.slice(1).join('/')}`); // this page prefixed, the target not
  return keys;
}

function wildcard(segments: readonly string[], index: number): string {
  return segments.map((segment, i) => (i === index ? '*' : segment)).join('/');
}

function stripLanguage(segments: readonly string[]): readonly string[] {
  return LANGUAGE_PREFIXES.has(segments[0]!) ? segments.slice(1) : segments;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) return i;
  return -1;
}
