/**
 * Version and language switching keeps the reader on the equivalent page when one exists
 * (reference/format-behaviour.md §4.2), else lands on the first page of the target:
 * 1. the same page, when the target lists it too;
 * 2. versions: a page whose path differs by exactly one non-final segment (`v1/a/b` ↔ `v2/a/b`), or
 *    by a leading folder more or less (`a/b` ↔ `v2/a/b`). The reference product stops there; we
 *    also take a folder further down when it is named after the version, because sites with
 *    `languages › versions` keep the default version at the language's root (`en/a` ↔ `en/v1/a`).
 *    Any folder would be too loose: crewAI has `en/skills` and an unrelated `en/concepts/skills`;
 *    languages: the same path once a language-code folder is removed (`en/a` ↔ `fr/a`, `a` ↔ `fr/a`),
 *    leading or second (`docs/fr/a`, as the reference product allows, and `v1/fr/a`);
 * 3. the target's first page.
 * When the target holds further versions or languages, the reader's current ones are kept where
 * they exist there, else the defaults are used; but a page the target lists under another of them
 * stays itself (rule 1 is about the target as a whole).
 */
import { LANGUAGE_PREFIXES } from '../config/languages.ts';
import { NAVIGATION, type ElementKind } from '../config/navigation.ts';
import type { Alternate, NavElement, Page, Site } from './types.ts';

/** The kinds of partition a switcher offers (`NAVIGATION[kind].partition`). */
type Dimension = Extract<ElementKind, 'version' | 'language'>;
/** For versions, the reader's version and the target's: a folder named after one may be dropped (see `namesVersion`). */
interface VersionLabels {
  from?: string | undefined;
  to?: string | undefined;
}
type Lookup = (target: NavElement, dimension: Dimension, route: string, labels: VersionLabels) => string | undefined;
type Holds = (target: NavElement, route: string) => boolean;

export function computeAlternates(site: Site): void {
  // Without versions or languages there is nothing to switch to: pages keep none (5,000 pages: 5-10 ms).
  if (!hasPartitions(site)) return;
  const under = pagesUnderPartitions(site);
  const indexes = new Map<string, Map<string, string>>();
  const holds: Holds = (target, route) => under.get(target.id)?.has(route) === true;
  let keys: { route: string; dimension: Dimension; from: string | undefined; list: string[] } | undefined;
  const lookup: Lookup = (target, dimension, route, labels) => {
    const routes = under.get(target.id);
    if (!routes) return undefined;
    if (routes.has(route)) return route;
    const cacheKey = `${dimension}:${target.id}`;
    let index = indexes.get(cacheKey);
    if (!index) {
      index = buildIndex(routes, dimension, labels.to);
      indexes.set(cacheKey, index);
    }
    // One page asks every sibling: work its keys out once.
    if (keys?.route !== route || keys.dimension !== dimension || keys.from !== labels.from) {
      keys = { route, dimension, from: labels.from, list: keysOf(route, dimension, labels.from) };
    }
    for (const key of keys.list) {
      const found = index.get(key);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  for (const page of site.pages.values()) {
    const placement = page.placements[0];
    if (!placement) continue;
    page.alternates = {
      versions: alternatesFor(site, page, placement.trail, 'version', lookup, holds),
      languages: alternatesFor(site, page, placement.trail, 'language', lookup, holds),
    };
  }
}

function alternatesFor(site: Site, page: Page, trail: readonly string[], dimension: Dimension, lookup: Lookup, holds: Holds): Alternate[] {
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
      const labels = { from: current.version, to: sibling.version };
      const equivalent = lookup(target, dimension, page.route, labels) ?? (holds(sibling, page.route) ? page.route : undefined);
      return {
        value,
        label: sibling.label,
        // A target with no page at all has nowhere to land; it is left out below.
        route: equivalent ?? target.firstPage ?? sibling.firstPage,
        current: false,
        equivalent: equivalent !== undefined,
        isDefault: sibling.isDefault === true,
      };
    })
    .filter((alternate): alternate is Alternate => alternate.route !== undefined);
}

/** Inside the target, keep the reader's nested versions/languages where the target has them. */
function descend(site: Site, start: NavElement, rest: readonly NavElement[]): NavElement {
  let current = start;
  for (;;) {
    const children = current.children.map((id) => site.elements.get(id)!).filter((child) => NAVIGATION[child.kind].partition);
    if (children.length === 0) return current;
    const wanted = rest.find((element) => element.kind === children[0]!.kind);
    const next =
      children.find((child) => wanted && child.kind === wanted.kind && (child.version ?? child.language) === (wanted.version ?? wanted.language)) ??
      children.find((child) => child.isDefault) ??
      children[0]!;
    current = next;
  }
}

function hasPartitions(site: Site): boolean {
  for (const element of site.elements.values()) if (NAVIGATION[element.kind].partition) return true;
  return false;
}

function pagesUnderPartitions(site: Site): Map<string, Set<string>> {
  const under = new Map<string, Set<string>>();
  for (const page of site.pages.values()) {
    for (const placement of page.placements) {
      for (const id of placement.trail) {
        const kind = site.elements.get(id)?.kind;
        if (kind === undefined || !NAVIGATION[kind].partition) continue;
        let routes = under.get(id);
        if (!routes) under.set(id, (routes = new Set()));
        routes.add(page.route);
      }
    }
  }
  return under;
}

/** Keys under which a target's route is found from another partition's route. */
function buildIndex(routes: Set<string>, dimension: Dimension, version: string | undefined): Map<string, string> {
  const index = new Map<string, string>();
  const add = (key: string, route: string): void => {
    if (!index.has(key)) index.set(key, route);
  };
  for (const route of routes) {
    const segments = route.split('/');
    if (dimension === 'language') {
      for (const key of languageKeys(segments)) add(key, route);
      continue;
    }
    for (let i = 0; i < segments.length - 1; i++) {
      add(`seg${i}:${segments.length}:${replaced(segments, i, '*')}`, route);
      if (i === 0 || namesVersion(segments[i]!, version)) add(`ins${i}:${replaced(segments, i)}`, route);
    }
    add(`full:${route}`, route);
  }
  return index;
}

/** In order of preference: a segment swapped, then the target with a folder more, then with one less (leading first). */
function keysOf(route: string, dimension: Dimension, version: string | undefined): string[] {
  const segments = route.split('/');
  if (dimension === 'language') return languageKeys(segments);
  const keys: string[] = [];
  for (let i = 0; i < segments.length - 1; i++) keys.push(`seg${i}:${segments.length}:${replaced(segments, i, '*')}`);
  for (let i = 0; i < segments.length; i++) keys.push(`ins${i}:${route}`);
  for (let i = 0; i < segments.length - 1; i++) {
    if (i === 0 || namesVersion(segments[i]!, version)) keys.push(`full:${replaced(segments, i)}`);
  }
  return keys;
}

/** `v1` names version `v1` or `1`, `2.0` names `v2.0`: compared without case and a leading `v`. */
function namesVersion(segment: string, version: string | undefined): boolean {
  if (version === undefined) return false;
  const bare = (text: string) => text.toLowerCase().replace(/^v(?=\d)/, '');
  return bare(segment) === bare(version);
}

/**
 * The path without its language folder, in order of preference: without the leading segment if it
 * is a code (`fr/a`, and `fr` for `fr/index`), without the second (`docs/fr/a`, `v1/fr/a`), as is
 * (the default language at the root).
 */
function languageKeys(segments: readonly string[]): string[] {
  const keys: string[] = [];
  if (LANGUAGE_PREFIXES.has(segments[0]!)) keys.push(`lang:${replaced(segments, 0)}`);
  if (segments.length > 2 && LANGUAGE_PREFIXES.has(segments[1]!)) keys.push(`lang:${replaced(segments, 1)}`);
  keys.push(`lang:${segments.join('/')}`);
  return keys;
}

/** The path with segment `index` replaced (or removed, without `by`). */
function replaced(segments: readonly string[], index: number, by?: string): string {
  const copy = [...segments];
  if (by === undefined) copy.splice(index, 1);
  else copy[index] = by;
  return copy.join('/');
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) return i;
  return -1;
}
