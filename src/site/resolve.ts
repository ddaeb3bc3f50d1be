/**
 * `resolveSite`: from a validated config, the page files and the loaded OpenAPI specs, build the one
 * model every later stage reads (see `types.ts`). It reports nothing the rules already report (a
 * missing page is skipped here; `config/rules/pages.ts` says why); its own diagnostics are about
 * routes.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { PageFile, SiteFiles } from '../content/scan.ts';
import type { PageMeta } from '../content/frontmatter.ts';
import { titleFromPath } from '../content/frontmatter.ts';
import { canonicalLanguage, LANGUAGES, type LanguageCode } from '../config/languages.ts';
import type { Config } from '../config/schema.ts';
import type { LoadedSpec } from '../config/rules/context.ts';
import { formatJsonPath, type JsonPath } from '../config/json-source.ts';
import { normalizeOpenApi, normalizeSitePath, walkNavigation, type OpenApiSource } from '../config/walk.ts';
import { diagnostic } from '../messages.ts';
import { findOperation, parseEndpointReference } from '../openapi/reference.ts';
import { DEFAULT_API_DIRECTORY, endpointRoute, endpointTitle, RouteAllocator } from '../openapi/slug.ts';
import type { Operation } from '../openapi/types.ts';
import { computeAlternates } from './alternates.ts';
import { resolvePageReference, routeOfPage, type PageMatch } from './page-ref.ts';
import type { NavElement, NavItem, Page, Placement, Section, Site } from './types.ts';

export interface ResolveOptions {
  root: string;
  config: Config;
  files: SiteFiles;
  /** Frontmatter of page files, by page id. */
  meta: ReadonlyMap<string, PageMeta>;
  /** Loaded OpenAPI specs by normalized source path. */
  specs: ReadonlyMap<string, LoadedSpec>;
  configFile?: string;
}

type Json = Record<string, unknown>;

const DIVISION_LISTS = [
  ['languages', 'language'],
  ['versions', 'version'],
  ['products', 'product'],
  ['tabs', 'tab'],
  ['menu', 'menu-item'],
  ['dropdowns', 'dropdown'],
  ['anchors', 'anchor'],
] as const;

interface Context {
  parentId: string | undefined;
  trail: string[];
  sectionId: string | undefined;
  language: LanguageCode | undefined;
  version: string | undefined;
  inDefaultPartition: boolean;
  hidden: boolean;
  openapi: OpenApiSource[] | undefined;
  /** Id of the element whose `openapi` is in force. */
  openapiOwner: string | undefined;
}

export function resolveSite(options: ResolveOptions): { site: Site; diagnostics: Diagnostic[] } {
  return new Resolver(options).run();
}

class Resolver {
  private readonly elements = new Map<string, NavElement>();
  private readonly sections = new Map<string, Section>();
  private readonly pages = new Map<string, Page>();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly routes = new RouteAllocator();
  /** Endpoint page routes by spec + operation + directory, so one operation listed twice is one page. */
  private readonly endpointRoutes = new Map<string, string>();
  /** Ids of elements whose own `openapi` has endpoint references listed under it: no bulk generation. */
  private readonly explicitOpenApi = new Set<string>();
  private readonly fileRoutes = new Map<string, PageFile>();
  private readonly entries = new Map<string, PageMatch | undefined>();
  /** Pages hidden only because every element listing them is. */
  private readonly hiddenByAncestors = new Set<string>();
  private readonly globalAnchors: string[] = [];
  /** Every placement of each section in sidebar order (for previous/next), and the routes listed there. */
  private readonly sectionListings = new Map<string, { routes: Set<string>; placements: { route: string; placement: Placement }[] }>();

  constructor(private readonly options: ResolveOptions) {}

  run(): { site: Site; diagnostics: Diagnostic[] } {
    const { config } = this.options;
    this.indexFiles();
    walkNavigation(config, [
      {
        page: ({ entry, openapi }) => {
          if (openapi && parseEndpointReference(entry)) this.explicitOpenApi.add(formatJsonPath(openapi.path.slice(0, -1)));
        },
      },
    ]);

    const navigation = config.navigation as Json;
    const apiOpenApi = normalizeOpenApi(config.api?.openapi);
    const root = this.addElement({
      id: 'navigation',
      kind: 'root',
      label: config.name,
      parentId: undefined,
      children: [],
      items: [],
      hidden: false,
    });
    this.visitDivision(root, navigation, ['navigation'], {
      parentId: undefined,
      trail: [],
      sectionId: undefined,
      language: undefined,
      version: undefined,
      inDefaultPartition: true,
      hidden: false,
      openapi: apiOpenApi,
      // api.openapi serves endpoint references only; it never generates pages by itself.
      openapiOwner: undefined,
    });

    this.addOrphans();
    this.finishPlacements();
    for (const element of this.elements.values()) this.firstPageOf(element);
    const site: Site = {
      root: this.options.root,
      config,
      elements: this.elements,
      sections: this.sections,
      pages: this.pages,
      home: this.pages.has('') ? '' : root.firstPage,
      defaults: this.defaults(),
      globalAnchors: this.globalAnchors,
    };
    computeAlternates(site);
    return { site, diagnostics: this.diagnostics };
  }

  /** File pages claim their routes first; endpoint pages that collide with them are numbered. */
  private indexFiles(): void {
    for (const file of this.options.files.pages.values()) {
      const route = routeOfPage(file.id);
      const other = this.fileRoutes.get(route);
      if (other) {
        // `a.mdx` and `a/index.mdx` both map to `/a`: keep `a.mdx`, as a URL names a file first.
        const [kept, dropped] = other.id.endsWith('/index') ? [file, other] : [other, file];
        this.fileRoutes.set(route, kept);
        this.diagnostics.push(
          diagnostic('route-collision', undefined, dropped.file, {
            message: `${kept.file} and ${dropped.file} are both served at /${route}; ${kept.file} is used`,
            fix: `Rename or remove one of them.`,
          }),
        );
        continue;
      }
      this.fileRoutes.set(route, file);
      this.routes.allocate(route);
    }
  }

  private addElement(element: NavElement): NavElement {
    this.elements.set(element.id, element);
    if (element.parentId) this.elements.get(element.parentId)?.children.push(element.id);
    return element;
  }

  /** An element that may hold divisions, groups or pages (everything but a group). */
  private visitDivision(element: NavElement, value: Json, path: JsonPath, parent: Context): void {
    const context = this.childContext(element, value, parent);
    const isSection = Array.isArray(value.pages) || Array.isArray(value.groups) || this.bulkSources(element.id, value);
    if (isSection) {
      context.sectionId = element.id;
      element.sectionId = element.id;
      const section: Section = { id: element.id, pages: [] };
      if (context.language) section.language = context.language;
      if (context.version) section.version = context.version;
      this.sections.set(element.id, section);
    }

    for (const [key, kind] of DIVISION_LISTS) {
      const list = value[key];
      if (!Array.isArray(list)) continue;
      const defaultIndex = kind === 'language' || kind === 'version' ? defaultOf(list) : -1;
      list.forEach((item, index) => {
        if (!isJson(item)) return;
        const childPath = [...path, key, index];
        const child = this.addElement(this.divisionElement(kind, item, childPath, element.id, context));
        if (kind === 'language' || kind === 'version') child.isDefault = index === defaultIndex;
        this.visitDivision(child, item, childPath, {
          ...context,
          inDefaultPartition: context.inDefaultPartition && (defaultIndex === -1 || index === defaultIndex),
        });
      });
    }
    if (Array.isArray(value.groups)) {
      value.groups.forEach((group, index) => {
        if (isJson(group)) element.items.push(this.visitGroup(group, [...path, 'groups', index], element, context));
      });
    }
    if (Array.isArray(value.pages)) this.visitPages(value.pages, [...path, 'pages'], element, context);
    this.addBulkEndpoints(element, context);
    this.addGlobalAnchors(value, path, element.id);
  }

  private childContext(element: NavElement, value: Json, parent: Context): Context {
    const own = normalizeOpenApi(value.openapi);
    const context: Context = {
      ...parent,
      parentId: element.id,
      trail: element.kind === 'root' ? [] : [...parent.trail, element.id],
      hidden: parent.hidden || element.hidden,
    };
    if (own) {
      context.openapi = own;
      context.openapiOwner = element.id;
    }
    if (context.openapi) element.openapi = context.openapi;
    if (element.kind === 'language' && element.language) context.language = element.language;
    if (element.kind === 'version' && element.version) context.version = element.version;
    return context;
  }

  private divisionElement(kind: NavElement['kind'], value: Json, path: JsonPath, parentId: string, context: Context): NavElement {
    const labelKey = kind === 'menu-item' ? 'item' : kind;
    const written = typeof value[labelKey] === 'string' ? (value[labelKey] as string) : '';
    const element: NavElement = {
      id: formatJsonPath(path),
      kind,
      label: written,
      parentId,
      children: [],
      items: [],
      hidden: context.hidden || value.hidden === true,
    };
    if (kind === 'product' && typeof value.name === 'string') element.label = value.name;
    if (kind === 'language') {
      const code = canonicalLanguage(written);
      if (code) {
        element.language = code;
        element.label = LANGUAGES[code].native;
      }
    }
    if (kind === 'version') element.version = written;
    copyCommon(element, value);
    return element;
  }

  private visitGroup(value: Json, path: JsonPath, parent: NavElement, context: Context): NavItem {
    const id = formatJsonPath(path);
    const topLevel = parent.kind !== 'group';
    const element = this.addElement({
      id,
      kind: 'group',
      label: typeof value.group === 'string' ? value.group : '',
      parentId: parent.id,
      children: [],
      items: [],
      hidden: context.hidden || value.hidden === true,
      topLevel,
      expanded: topLevel || value.expanded === true,
    });
    if (context.sectionId) element.sectionId = context.sectionId;
    copyCommon(element, value);
    const inner = this.childContext(element, value, context);
    if (typeof value.root === 'string') {
      const match = resolvePageReference(value.root, this.options.files.pages);
      if (match) {
        element.root = routeOfPage(match.id);
        this.placeFile(match.id, element, inner);
      }
    }
    if (Array.isArray(value.pages)) this.visitPages(value.pages, [...path, 'pages'], element, inner);
    this.addBulkEndpoints(element, inner);
    return { type: 'group', id };
  }

  private visitPages(entries: unknown[], path: JsonPath, parent: NavElement, context: Context): void {
    entries.forEach((entry, index) => {
      if (isJson(entry)) {
        parent.items.push(this.visitGroup(entry, [...path, index], parent, context));
        return;
      }
      if (typeof entry !== 'string') return;
      const reference = parseEndpointReference(entry);
      if (reference) {
        const found = this.findEndpoint(reference, context);
        if (!found) return; // reported by the openapi rule (or the spec is remote)
        const route = this.endpointPage(found.spec, found.directory, found.operation);
        this.place(route, parent, context);
        parent.items.push({ type: 'page', route });
        return;
      }
      const match = this.resolveEntry(entry);
      if (!match) return; // reported by the pages rule
      const route = this.placeFile(match.id, parent, context);
      if (route !== undefined) parent.items.push({ type: 'page', route });
    });
  }

  /** Large sites list the same page in every version and language (crewAI: 12k entries, 942 pages). */
  private resolveEntry(entry: string): PageMatch | undefined {
    if (this.entries.has(entry)) return this.entries.get(entry);
    const match = resolvePageReference(entry, this.options.files.pages);
    this.entries.set(entry, match);
    return match;
  }

  private findEndpoint(
    reference: NonNullable<ReturnType<typeof parseEndpointReference>>,
    context: Context,
  ): { spec: string; directory: string; operation: Operation } | undefined {
    const sources: OpenApiSource[] = reference.spec
      ? [{ source: normalizeSitePath(reference.spec), directory: undefined, remote: false }]
      : (context.openapi ?? []).filter((source) => !source.remote);
    for (const source of sources) {
      const document = this.options.specs.get(source.source)?.document;
      const operation = document && findOperation(document, reference);
      if (operation && !operation.excluded) {
        return { spec: source.source, directory: source.directory ?? DEFAULT_API_DIRECTORY, operation };
      }
    }
    return undefined;
  }

  /** The page of one operation; created on first use. */
  private endpointPage(spec: string, directory: string, operation: Operation): string {
    const key = `${spec}\u0000${directory}\u0000${operation.pointer}`;
    const existing = this.endpointRoutes.get(key);
    if (existing !== undefined) return existing;
    const route = this.routes.allocate(endpointRoute(operation, directory));
    this.endpointRoutes.set(key, route);
    const frontmatter: Record<string, unknown> = {
      title: endpointTitle(operation),
      openapi: `${spec} ${operation.kind === 'webhook' ? 'webhook' : operation.method} ${operation.path}`,
    };
    if (operation.description) frontmatter.description = operation.description;
    if (operation.deprecated) frontmatter.deprecated = true;
    const page: Page = {
      route,
      source: { type: 'endpoint', spec, directory, operation },
      title: endpointTitle(operation),
      frontmatter,
      hidden: operation.hidden,
      placements: [],
      alternates: { versions: [], languages: [] },
    };
    if (operation.description) page.description = firstLine(operation.description);
    this.pages.set(route, page);
    return route;
  }

  /** Sources of an element's own `openapi` that generate every operation (no endpoint listed under it). */
  private bulkSources(id: string, value: Json): boolean {
    if (this.explicitOpenApi.has(id) || value.openapi === undefined) return false;
    return normalizeOpenApi(value.openapi)?.some((source) => !source.remote && this.options.specs.get(source.source)?.document) ?? false;
  }

  /**
   * An element with its own `openapi` and no endpoint listed under it gets a page for every
   * operation, grouped by first tag, after its own content (as in the reference product).
   */
  private addBulkEndpoints(element: NavElement, context: Context): void {
    if (context.openapiOwner !== element.id || this.explicitOpenApi.has(element.id)) return;
    for (const source of context.openapi ?? []) {
      if (source.remote) continue;
      const document = this.options.specs.get(source.source)?.document;
      if (!document) continue;
      const byTag = new Map<string, Operation[]>();
      for (const tag of document.tags) byTag.set(tag.name, []);
      for (const operation of document.operations) {
        if (operation.excluded) continue;
        const tag = operation.tags[0] ?? '';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)!.push(operation);
      }
      for (const [tag, operations] of byTag) {
        if (operations.length === 0) continue;
        const info = document.tags.find((candidate) => candidate.name === tag);
        const group = this.addElement({
          id: `${element.id}#openapi:${source.source}:${tag}`,
          kind: 'group',
          label: tag === '' ? 'API Reference' : (info?.displayName ?? tag),
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
          const route = this.endpointPage(source.source, source.directory ?? DEFAULT_API_DIRECTORY, operation);
          this.place(route, group, inner);
          group.items.push({ type: 'page', route });
        }
        element.items.push({ type: 'group', id: group.id });
      }
    }
  }

  /** Places a file page; returns its route. */
  private placeFile(id: string, parent: NavElement, context: Context): string | undefined {
    const route = routeOfPage(id);
    const file = this.fileRoutes.get(route);
    if (!file) return undefined;
    if (!this.pages.has(route)) this.pages.set(route, this.filePage(route, file));
    this.place(route, parent, context);
    return route;
  }

  private filePage(route: string, file: PageFile): Page {
    const meta = this.options.meta.get(file.id);
    const frontmatter = meta?.data ?? {};
    const page: Page = {
      route,
      source: { type: 'file', file: file.file, id: file.id, ext: file.ext },
      title: meta?.title ?? titleFromPath(file.id),
      frontmatter,
      hidden: meta?.hidden ?? false,
      placements: [],
      alternates: { versions: [], languages: [] },
    };
    if (meta?.sidebarTitle) page.sidebarTitle = meta.sidebarTitle;
    if (typeof frontmatter.description === 'string') page.description = frontmatter.description;
    return page;
  }

  /**
   * Records where the navigation lists a page. A second listing in the same element (a group's
   * `root` also in its `pages`, one endpoint written twice in a group) is the same place, not another.
   */
  private place(route: string, parent: NavElement, context: Context): void {
    const page = this.pages.get(route);
    if (!page || page.placements.some((placement) => placement.parentId === parent.id)) return;
    const sectionId = context.sectionId ?? parent.sectionId ?? parent.id;
    const placement: Placement = {
      sectionId,
      parentId: parent.id,
      trail: context.trail,
      inDefaultPartition: context.inDefaultPartition,
    };
    if (context.language) placement.language = context.language;
    if (context.version) placement.version = context.version;
    if (context.hidden) placement.hiddenAncestor = true;
    page.placements.push(placement);
    let section = this.sections.get(sectionId);
    if (!section) {
      section = { id: sectionId, pages: [] };
      this.sections.set(sectionId, section);
    }
    let listing = this.sectionListings.get(sectionId);
    if (!listing) this.sectionListings.set(sectionId, (listing = { routes: new Set(), placements: [] }));
    if (!listing.routes.has(route)) {
      listing.routes.add(route);
      section.pages.push(route);
    }
    listing.placements.push({ route, placement });
  }

  private addGlobalAnchors(value: Json, path: JsonPath, parentId = 'navigation'): void {
    const global = value.global;
    if (!isJson(global)) return;
    for (const [key, list] of Object.entries(global)) {
      if (!Array.isArray(list)) continue;
      list.forEach((item, index) => {
        if (!isJson(item) || typeof item.href !== 'string') return;
        const labelKey = key.replace(/s$/, '');
        const element = this.addElement({
          id: formatJsonPath([...path, 'global', key, index]),
          kind: 'global-anchor',
          label: typeof item[labelKey] === 'string' ? (item[labelKey] as string) : item.href,
          parentId,
          children: [],
          items: [],
          hidden: item.hidden === true,
          href: item.href,
        });
        copyCommon(element, item);
        this.globalAnchors.push(element.id);
      });
    }
  }

  /**
   * Pages on disk that no navigation lists: pages all the same, reachable by URL, not in the
   * sidebar (repository files like README.md included, as the reference product serves them).
   * Snippets are not pages: they exist to be included, and alone they miss their props.
   */
  private addOrphans(): void {
    for (const [route, file] of this.fileRoutes) {
      if (!this.pages.has(route) && file.unlisted !== 'snippet') {
        const page = this.filePage(route, file);
        page.hidden = true;
        this.pages.set(route, page);
      }
    }
  }

  /**
   * Canonical placement: the first in the default version and language. Then previous/next in each
   * section, skipping hidden pages; a page hidden everywhere stays out of the sidebar.
   */
  private finishPlacements(): void {
    for (const page of this.pages.values()) {
      if (page.placements.length === 0) continue;
      const canonical = page.placements.findIndex((placement) => placement.inDefaultPartition);
      if (canonical > 0) page.placements.unshift(...page.placements.splice(canonical, 1));
      if (!page.hidden && page.placements.every((placement) => placement.hiddenAncestor)) {
        page.hidden = true;
        this.hiddenByAncestors.add(page.route);
      }
    }
    // Per placement, not per page: a page shown in one place may also sit in a hidden group, and
    // previous/next must not lead a reader into that hidden group.
    for (const { placements } of this.sectionListings.values()) {
      const seen = new Set<string>();
      const visible = placements.filter(({ route, placement }) => {
        const page = this.pages.get(route)!;
        if (placement.hiddenAncestor || page.hidden || typeof page.frontmatter.url === 'string' || seen.has(route)) return false;
        seen.add(route);
        return true;
      });
      visible.forEach(({ placement }, index) => {
        if (index > 0) placement.previous = visible[index - 1]!.route;
        if (index < visible.length - 1) placement.next = visible[index + 1]!.route;
      });
    }
  }

  /**
   * First page of an element, depth first, skipping hidden groups and links; default versions and
   * languages first. Inside a hidden element, what is hidden only by being there still counts, so
   * that the breadcrumbs of a page in a hidden group lead into that group, not elsewhere.
   */
  private firstPageOf(element: NavElement, seen = new Set<string>()): string | undefined {
    if (element.firstPage !== undefined || seen.has(element.id)) return element.firstPage;
    seen.add(element.id);
    let first: string | undefined = element.root;
    if (first === undefined && !element.href) {
      for (const item of element.items) {
        if (item.type === 'page') {
          const page = this.pages.get(item.route);
          const shown = page && (!page.hidden || (element.hidden && this.hiddenByAncestors.has(page.route)));
          if (shown && typeof page.frontmatter.url !== 'string') {
            first = item.route;
            break;
          }
        } else {
          const group = this.elements.get(item.id);
          if (group && (!group.hidden || element.hidden)) {
            first = this.firstPageOf(group, seen);
            if (first !== undefined) break;
          }
        }
      }
      if (first === undefined) {
        const children = element.children.map((id) => this.elements.get(id)!).filter((child) => child.kind !== 'global-anchor');
        const ordered = [...children.filter((child) => child.isDefault), ...children.filter((child) => !child.isDefault)];
        for (const child of ordered) {
          if ((child.hidden && !element.hidden) || child.href) continue;
          first = this.firstPageOf(child, seen);
          if (first !== undefined) break;
        }
      }
    }
    if (first !== undefined) element.firstPage = first;
    return first;
  }

  /**
   * The version and language the site opens in: down from the root, the default of each version or
   * language list, and through other divisions the one holding the landing page, so that a site
   * with `tabs › versions` still has a default version (that of its first tab).
   */
  private defaults(): Site['defaults'] {
    const result: Site['defaults'] = {};
    let current = this.elements.get('navigation');
    while (current) {
      const children: NavElement[] = current.children.map((id) => this.elements.get(id)!);
      const landing = current.firstPage;
      const chosen =
        children.find((child) => child.isDefault) ??
        (landing === undefined ? undefined : children.find((child) => child.kind !== 'global-anchor' && !child.hidden && child.firstPage === landing));
      if (!chosen) break;
      if (chosen.kind === 'language' && chosen.language && !result.language) result.language = chosen.language;
      if (chosen.kind === 'version' && chosen.version && !result.version) result.version = chosen.version;
      current = chosen;
    }
    return result;
  }
}

function defaultOf(list: unknown[]): number {
  const index = list.findIndex((item) => isJson(item) && item.default === true);
  return index === -1 ? 0 : index;
}

function copyCommon(element: NavElement, value: Json): void {
  if (value.icon !== undefined) element.icon = value.icon as NonNullable<NavElement['icon']>;
  if (typeof value.description === 'string') element.description = value.description;
  if (typeof value.tag === 'string') element.tag = value.tag;
  if (typeof value.href === 'string') element.href = value.href;
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(text: string): string {
  const line = text.split(/\n\s*\n/)[0]!.trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
