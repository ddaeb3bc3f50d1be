/**
 * Pages generated from OpenAPI specs (format-behaviour.md §4.3): one per endpoint reference listed
 * in `pages`, and, for an element with its own `openapi` and no endpoint listed under it, one for
 * every operation of the spec, grouped by first tag.
 */
import { formatJsonPath, type JsonPath } from '../config/json-source.ts';
import { ownsOpenApi, type OpenApiSource } from '../config/openapi-in-force.ts';
import { specKey } from '../openapi/specs.ts';
import type { Config } from '../config/schema.ts';
import { checkFrontmatter, type Frontmatter } from '../content/frontmatter-schema.ts';
import { inlineMarkdownText } from '../content/commonmark.ts';
import { walkNavigation } from '../config/walk.ts';
import { isRemoteSpec } from '../openapi/fetch-spec.ts';
import { describeOperation, findOperation, parseEndpointReference } from '../openapi/reference.ts';
import { diagnostic } from '../shared/messages.ts';
import { DEFAULT_API_DIRECTORY, endpointRoute, endpointTitle } from '../openapi/slug.ts';
import type { EndpointReference, Operation } from '../openapi/types.ts';
import type { PageFile } from '../shared/scan.ts';
import { addElement, type Context, type Draft } from './draft.ts';
import { fileRoutePage, place } from './placements.ts';
import type { NavElement, Page } from './types.ts';

/** Elements whose own `openapi` has endpoint references listed under it: they get those pages only. */
export function findExplicitOpenApi(draft: Draft, config: Config): void {
  // No spec named anywhere (most sites): no `openapi` is in force, so no walk (5,000 pages: 3-10 ms).
  if (draft.options.specs.size === 0) return;
  walkNavigation(config, [
    {
      page: ({ entry, openapi }) => {
        if (openapi && parseEndpointReference(entry)) draft.explicitOpenApi.add(formatJsonPath(openapi.path.slice(0, -1)));
      },
    },
  ]);
}

interface Endpoint {
  spec: string;
  directory: string;
  operation: Operation;
}

/** The page of an endpoint reference (`GET /pets`, `spec.yaml GET /pets`), placed; undefined when nothing matches. */
export function placeEndpoint(draft: Draft, reference: EndpointReference, parent: NavElement, context: Context): string | undefined {
  const found = findEndpoint(draft, reference, context);
  if (!found) return undefined; // reported by the openapi rule (or the spec was neither fetched nor cached)
  const route = endpointPage(draft, found);
  place(draft, route, parent, context);
  return route;
}

function findEndpoint(draft: Draft, reference: EndpointReference, context: Context): Endpoint | undefined {
  const sources: OpenApiSource[] = reference.spec
    ? [{ source: specKey(reference.spec), directory: undefined, remote: isRemoteSpec(reference.spec) }]
    : (context.openapi?.sources ?? []);
  for (const source of sources) {
    const document = draft.options.specs.get(source.source)?.document;
    const operation = document && findOperation(document, reference);
    if (operation && !operation.excluded) {
      return { spec: source.source, directory: source.directory ?? DEFAULT_API_DIRECTORY, operation };
    }
  }
  return undefined;
}

/** The page of one operation; created on first use. */
function endpointPage(draft: Draft, { spec, directory, operation }: Endpoint): string {
  const key = `${spec}\u0000${directory}\u0000${operation.pointer}`;
  const existing = draft.endpointRoutes.get(key);
  if (existing !== undefined) return existing;
  const frontmatter = withMetadata(draft, spec, operation, {
    title: endpointTitle(operation),
    openapi: `${spec} ${operation.kind === 'webhook' ? 'webhook' : operation.method} ${operation.path}`,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.deprecated ? { deprecated: true } : {}),
  });
  const wanted = endpointRoute(operation, directory);
  const file = draft.fileRoutes.get(wanted);
  if (file && describesOperation(draft, file, spec, operation)) {
    draft.endpointRoutes.set(key, wanted);
    fileStandsForEndpoint(draft, wanted, frontmatter);
    return wanted;
  }
  const route = draft.routes.allocate(wanted);
  draft.endpointRoutes.set(key, route);
  if (file) {
    draft.diagnostics.push(
      diagnostic('endpoint-route-taken', { file: file.file, line: 1, column: 1 }, file.file, {
        file: file.file,
        operation: describeOperation(operation),
        spec,
        route: wanted,
        given: route,
      }),
    );
  }
  const page: Page = {
    route,
    source: { type: 'endpoint', spec, directory, operation },
    title: String(frontmatter.title),
    frontmatter,
    hidden: operation.hidden || frontmatter.hidden === true || frontmatter.hidden === 'true',
    placements: [],
    alternates: { versions: [], languages: [] },
  };
  if (frontmatter.sidebarTitle !== undefined) page.sidebarTitle = String(frontmatter.sidebarTitle);
  // A description of the metadata's own is shown whole; the operation's, its first paragraph,
  // rendered as the Markdown it is in the header (`descriptionMarkdown`), as plain text in meta tags.
  if (typeof operation.metadata?.['description'] === 'string') {
    if (frontmatter.description) page.description = String(frontmatter.description);
  } else if (operation.description) {
    const first = firstParagraph(operation.description);
    const plain = plainDescription(first);
    if (plain !== '') page.description = plain;
    if (first !== '') page.descriptionMarkdown = first;
  }
  draft.pages.set(route, page);
  return route;
}

/**
 * A page file at the route of a generated endpoint page whose `openapi:` frontmatter names that
 * same operation is that page (the hosted product writes the file over the generated one): one
 * route, no `-1`. A file naming another operation, or none, is something else: the generated page
 * is numbered and `endpoint-route-taken` says so.
 */
function describesOperation(draft: Draft, file: PageFile, spec: string, operation: Operation): boolean {
  const value = draft.options.meta.get(file.id)?.data.openapi;
  const reference = typeof value === 'string' ? parseEndpointReference(value) : undefined;
  if (!reference) return false;
  if (reference.spec !== undefined && !sameSpec(reference.spec, spec)) return false;
  const document = draft.options.specs.get(spec)?.document;
  return document !== undefined && findOperation(document, reference) === operation;
}

/** `api.json`, `/api.json` and `api` (the extension left out, as frontmatter may) name the spec `api.json`. */
function sameSpec(named: string, spec: string): boolean {
  const key = specKey(named);
  return key === spec || (!/\.(?:json|ya?ml)$/i.test(key) && spec.replace(/\.(?:json|ya?ml)$/i, '') === key);
}

/**
 * The file's page stands where the generated one would: what the file's frontmatter leaves out,
 * the title, description and sidebar title, comes from the operation (as in the hosted product).
 */
function fileStandsForEndpoint(draft: Draft, route: string, generated: Frontmatter): void {
  const page = fileRoutePage(draft, route);
  if (!page) return;
  const own = page.frontmatter;
  if (own.title === undefined && generated.title !== undefined) page.title = String(generated.title);
  if (own.sidebarTitle === undefined && generated.sidebarTitle !== undefined) page.sidebarTitle = String(generated.sidebarTitle);
  if (own.description === undefined && typeof generated.description === 'string') {
    const first = firstParagraph(generated.description);
    const plain = plainDescription(first);
    if (plain !== '') page.description = plain;
    if (first !== '') page.descriptionMarkdown = first;
  }
}

/**
 * The page's frontmatter with the operation's `x-mint.metadata` over it (format-behaviour.md
 * §4.3), checked like a page's: a value of the wrong type is reported at the operation and left out.
 * A title of its own moves the summary to `sidebarTitle`, unless that is given too.
 */
function withMetadata(draft: Draft, spec: string, operation: Operation, frontmatter: Frontmatter & { title: string; openapi: string }): Frontmatter {
  if (!operation.metadata) return frontmatter;
  const checked = checkFrontmatter({ file: spec, text: '', data: operation.metadata });
  for (const problem of checked.diagnostics) draft.diagnostics.push({ ...problem, path: `${operation.pointer}/x-mint/metadata` });
  const metadata = checked.frontmatter;
  const merged: Frontmatter = { ...frontmatter, ...metadata, openapi: frontmatter.openapi };
  if (metadata.title === undefined || String(metadata.title).trim() === '') merged.title = frontmatter.title;
  else if (metadata.sidebarTitle === undefined) merged.sidebarTitle = frontmatter.title;
  return merged;
}

/** The loaded specs (files, or URLs fetched or cached) of the element's own `openapi` when it generates every operation. */
function bulkSources(draft: Draft, element: NavElement, path: JsonPath, context: Context): OpenApiSource[] {
  if (!ownsOpenApi(context.openapi, path) || draft.explicitOpenApi.has(element.id)) return [];
  return context.openapi.sources.filter((source) => draft.options.specs.get(source.source)?.document);
}

/** The element's content includes generated pages: it is a section even without `pages` or `groups`. */
export function generatesPages(draft: Draft, element: NavElement, path: JsonPath, context: Context): boolean {
  return bulkSources(draft, element, path, context).length > 0;
}

/**
 * An element with its own `openapi` and no endpoint listed under it gets a page for every
 * operation, grouped by first tag, after its own content (as in the reference product).
 */
export function addBulkEndpoints(draft: Draft, element: NavElement, path: JsonPath, context: Context): void {
  for (const source of bulkSources(draft, element, path, context)) {
    const document = draft.options.specs.get(source.source)!.document!;
    for (const [tag, operations] of operationsByTag(document.tags, document.operations)) {
      const label = tag === '' ? 'API Reference' : (document.tags.find((candidate) => candidate.name === tag)?.displayName ?? tag);
      const group = addElement(draft, {
        id: `${element.id}#openapi:${source.source}:${tag}`,
        kind: 'group',
        label,
        parentId: element.id,
        children: [],
        items: [],
        hidden: context.hidden,
        topLevel: element.kind !== 'group',
        expanded: element.kind !== 'group',
        generated: true,
        openapi: [source],
      });
      if (context.sectionId) group.sectionId = context.sectionId;
      const inner: Context = { ...context, parentId: group.id, trail: [...context.trail, group.id] };
      for (const operation of operations) {
        const route = endpointPage(draft, { spec: source.source, directory: source.directory ?? DEFAULT_API_DIRECTORY, operation });
        place(draft, route, group, inner);
        group.items.push({ type: 'page', route });
      }
      element.items.push({ type: 'group', id: group.id });
    }
  }
}

/** Operations by first tag (`''`: untagged), in the order of the spec's tags, then as met; excluded ones left out. */
function operationsByTag(tags: readonly { name: string }[], operations: readonly Operation[]): [string, Operation[]][] {
  const byTag = new Map<string, Operation[]>();
  for (const tag of tags) byTag.set(tag.name, []);
  for (const operation of operations) {
    if (operation.excluded) continue;
    const tag = operation.tags[0] ?? '';
    let list = byTag.get(tag);
    if (!list) byTag.set(tag, (list = []));
    list.push(operation);
  }
  return [...byTag].filter(([, list]) => list.length > 0);
}

/** The first paragraph of a description, whole: cut, the body would show it again (remainingDescription). */
function firstParagraph(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)[0]!
    .trim();
}

/** A paragraph of CommonMark as a reader sees it: no tags (Stripe's `<p>…</p>`), code spans and links as their text. */
function plainDescription(markdown: string): string {
  return inlineMarkdownText(markdown.replace(/<\/?[A-Za-z][^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One API overview page per spec and API directory with endpoint pages (issue 30): at
 * `<directory>/overview`, beside them, numbered when a page file or another page has that route
 * (`overview-route-taken` says so for a file). It is in no sidebar: it takes the placement of the
 * spec's first endpoint page (its section, breadcrumbs, sitemap and search) without being listed
 * by any group, and has no previous/next. Endpoint pages link to it from their header.
 */
export function addOverviewPages(draft: Draft): void {
  const first = new Map<string, Page>();
  for (const page of draft.pages.values()) {
    if (page.source.type !== 'endpoint') continue;
    const key = `${page.source.spec}\u0000${page.source.directory}`;
    const seen = first.get(key);
    // The first page a reader can reach: one shown in the sidebar beats a hidden one.
    if (!seen || (seen.hidden && !page.hidden && page.placements.length > 0)) first.set(key, page);
  }
  for (const endpoint of first.values()) {
    if (endpoint.source.type !== 'endpoint') continue;
    const { spec, directory } = endpoint.source;
    const document = draft.options.specs.get(spec)?.document;
    if (!document) continue;
    const wanted = [trimSlashes(directory.toLowerCase()), 'overview'].filter((segment) => segment !== '').join('/');
    const route = draft.routes.allocate(wanted);
    const file = draft.fileRoutes.get(wanted);
    if (file) {
      draft.diagnostics.push(diagnostic('overview-route-taken', { file: file.file, line: 1, column: 1 }, file.file, { file: file.file, spec, route: wanted, given: route }));
    }
    const title = document.title?.trim() || 'API overview';
    const placements = endpoint.placements.slice(0, 1).map(({ previous: _previous, next: _next, ...placement }) => placement);
    draft.pages.set(route, {
      route,
      source: { type: 'overview', spec, directory },
      title,
      frontmatter: { title },
      hidden: endpoint.hidden,
      placements,
      alternates: { versions: [], languages: [] },
    });
  }
}

function trimSlashes(text: string): string {
  return text.replace(/^\/+|\/+$/g, '');
}
