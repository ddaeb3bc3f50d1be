/**
 * The walk down the validated navigation that makes the site's elements and places its pages:
 * divisions (in the vocabulary's nesting order), then groups, then pages, then pages generated from
 * OpenAPI, then global anchors. What each kind is and holds comes from `config/navigation.ts`.
 */
import type { JsonPath } from '../config/json-source.ts';
import { CHILD_LISTS, DIVISION_LISTS, KIND_OF_LIST, NAVIGATION, type ElementKind } from '../config/navigation.ts';
import { inheritOpenApi, siteOpenApi } from '../config/openapi-in-force.ts';
import { resolvePageReference, type PageMatch } from '../config/page-reference.ts';
import type { GlobalNavigation, Group, PageEntry } from '../config/schema.ts';
import { parseEndpointReference } from '../openapi/reference.ts';
import { addElement, type Context, type Draft } from './draft.ts';
import { divisionElement, globalAnchorElement, groupElement, rootElement, type DivisionValue } from './elements.ts';
import { addBulkEndpoints, generatesPages, placeEndpoint } from './endpoint-pages.ts';
import { routeOfPage } from './page-ref.ts';
import { placeFile } from './placements.ts';
import type { NavElement, NavItem, Section } from './types.ts';

/** Makes every element of `config.navigation` and places every page it lists; returns the root. */
export function visitNavigation(draft: Draft): NavElement {
  const { config } = draft.options;
  const root = addElement(draft, rootElement(config.name));
  visitDivision(draft, root, config.navigation, ['navigation'], {
    parentId: undefined,
    trail: [],
    sectionId: undefined,
    language: undefined,
    version: undefined,
    inDefaultPartition: true,
    hidden: false,
    // api.openapi serves endpoint references only; it never generates pages by itself (no element owns it).
    openapi: siteOpenApi(config),
  });
  return root;
}

/** An element that may hold divisions, groups or pages (everything but a group). */
function visitDivision(draft: Draft, element: NavElement, written: DivisionValue, path: JsonPath, parent: Context): void {
  const value = oneKindOfChildren(written);
  const context = innerContext(element, value, path, parent);
  if (value.pages !== undefined || value.groups !== undefined || generatesPages(draft, element, path, context)) {
    addSection(draft, element, context);
  }
  for (const key of DIVISION_LISTS) {
    const list: readonly DivisionValue[] | undefined = value[key];
    if (list) visitDivisionList(draft, element, KIND_OF_LIST[key], list, [...path, key], context);
  }
  value.groups?.forEach((group, index) => element.items.push(visitGroup(draft, group, [...path, 'groups', index], element, context)));
  if (value.pages) visitPages(draft, value.pages, [...path, 'pages'], element, context);
  addBulkEndpoints(draft, element, path, context);
  if (value.global) addGlobalAnchors(draft, value.global, path, element.id);
}

/**
 * The element's children of one kind (the spec's nesting rule 3), as the hosted product shows them:
 * one holding several keeps the first of `CHILD_LISTS`, the order its schema tries them in, and
 * drops the rest (`nav-mixed-children` says so). Their pages are still built, off the navigation.
 */
function oneKindOfChildren(value: DivisionValue): DivisionValue {
  const [, ...others] = CHILD_LISTS.filter((key) => value[key] !== undefined);
  if (others.length === 0) return value;
  const kept = { ...value };
  for (const key of others) delete kept[key];
  return kept;
}

/** The element's groups and pages make up a section of the sidebar. */
function addSection(draft: Draft, element: NavElement, context: Context): void {
  context.sectionId = element.id;
  element.sectionId = element.id;
  const section: Section = { id: element.id, pages: [] };
  if (context.language) section.language = context.language;
  if (context.version) section.version = context.version;
  draft.sections.set(element.id, section);
}

/** One list of divisions; for versions and languages, the `default: true` one (else the first) is marked. */
function visitDivisionList(draft: Draft, parent: NavElement, kind: ElementKind, list: readonly DivisionValue[], path: JsonPath, context: Context): void {
  const partition = NAVIGATION[kind].partition;
  const defaultIndex = partition
    ? Math.max(
        0,
        list.findIndex((item) => item.default === true),
      )
    : -1;
  list.forEach((item, index) => {
    const childPath = [...path, index];
    const child = addElement(draft, divisionElement(kind, item, childPath, parent.id, context));
    if (partition) child.isDefault = index === defaultIndex;
    visitDivision(draft, child, item, childPath, {
      ...context,
      inDefaultPartition: context.inDefaultPartition && (defaultIndex === -1 || index === defaultIndex),
    });
  });
}

/** What an element passes down: itself as parent, its visibility, its `openapi`, its version or language. */
function innerContext(element: NavElement, value: { openapi?: unknown }, path: JsonPath, parent: Context): Context {
  const context: Context = {
    ...parent,
    parentId: element.id,
    trail: element.kind === 'root' ? [] : [...parent.trail, element.id],
    hidden: parent.hidden || element.hidden,
    openapi: inheritOpenApi(element.kind, value, path, parent.openapi),
  };
  if (context.openapi) element.openapi = context.openapi.sources;
  if (element.kind === 'language' && element.language) context.language = element.language;
  if (element.kind === 'version' && element.version) context.version = element.version;
  return context;
}

function visitGroup(draft: Draft, value: Group, path: JsonPath, parent: NavElement, context: Context): NavItem {
  const element = addElement(draft, groupElement(value, path, parent, context));
  const inner = innerContext(element, value, path, context);
  if (value.root !== undefined) {
    const match = resolvePageReference(value.root, draft.options.files.pages);
    if (match) {
      element.root = routeOfPage(match.id);
      placeFile(draft, match.id, element, inner);
    }
  }
  if (value.pages) visitPages(draft, value.pages, [...path, 'pages'], element, inner);
  addBulkEndpoints(draft, element, path, inner);
  return { type: 'group', id: element.id };
}

function visitPages(draft: Draft, entries: readonly PageEntry[], path: JsonPath, parent: NavElement, context: Context): void {
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') {
      parent.items.push(visitGroup(draft, entry, [...path, index], parent, context));
      return;
    }
    const reference = parseEndpointReference(entry);
    const match = reference ? undefined : resolveEntry(draft, entry);
    // A reference that matches nothing is the rules' to report (pages, openapi); its spec may be a URL neither fetched nor cached.
    const route = reference ? placeEndpoint(draft, reference, parent, context) : match && placeFile(draft, match.id, parent, context);
    if (route !== undefined) parent.items.push({ type: 'page', route });
  });
}

function resolveEntry(draft: Draft, entry: string): PageMatch | undefined {
  if (draft.entries.has(entry)) return draft.entries.get(entry);
  const match = resolvePageReference(entry, draft.options.files.pages);
  draft.entries.set(entry, match);
  return match;
}

function addGlobalAnchors(draft: Draft, global: GlobalNavigation, path: JsonPath, parentId: string): void {
  for (const [list, items] of Object.entries(global)) {
    items?.forEach((item, index) => {
      const element = addElement(draft, globalAnchorElement(item, list, [...path, 'global', list, index], parentId));
      draft.globalAnchors.push(element.id);
    });
  }
}
