/**
 * The site model while `resolveSite` builds it: the maps that become the `Site`, and the
 * bookkeeping the steps share (routes taken, endpoint pages made, where each section lists what).
 * Each step of the resolver is a function over one `Draft`.
 */
import type { PageMeta } from '../content/frontmatter.ts';
import type { PageFile, SiteFiles } from '../shared/scan.ts';
import type { Config } from '../config/schema.ts';
import type { LanguageCode } from '../config/languages.ts';
import type { OpenApiInForce } from '../config/openapi-in-force.ts';
import type { PageMatch } from '../config/page-reference.ts';
import type { LoadedSpecs } from '../openapi/specs.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { RouteAllocator } from '../openapi/slug.ts';
import type { NavElement, Page, Placement, Section } from './types.ts';

export interface ResolveOptions {
  root: string;
  config: Config;
  files: SiteFiles;
  /** Frontmatter of page files, by page id. */
  meta: ReadonlyMap<string, PageMeta>;
  /** Loaded OpenAPI specs by normalized source path. */
  specs: LoadedSpecs;
  configFile?: string;
}

/** Every placement of a section in sidebar order (for previous/next), and the routes listed there. */
export interface SectionListing {
  routes: Set<string>;
  placements: { route: string; placement: Placement }[];
}

/** Where the walk down the navigation is: what an element or page placed here inherits. */
export interface Context {
  parentId: string | undefined;
  /** Element ids from the outermost ancestor down to the parent. */
  trail: string[];
  sectionId: string | undefined;
  language: LanguageCode | undefined;
  version: string | undefined;
  /** Under the default of every version and language list above. */
  inDefaultPartition: boolean;
  hidden: boolean;
  openapi: OpenApiInForce | undefined;
}

export interface Draft {
  readonly options: ResolveOptions;
  readonly elements: Map<string, NavElement>;
  readonly sections: Map<string, Section>;
  readonly pages: Map<string, Page>;
  readonly diagnostics: Diagnostic[];
  readonly routes: RouteAllocator;
  /** File pages by route: the route each page file claims (`file-routes.ts`). */
  readonly fileRoutes: Map<string, PageFile>;
  /** Endpoint page routes by spec + operation + directory, so one operation listed twice is one page. */
  readonly endpointRoutes: Map<string, string>;
  /** Ids of elements whose own `openapi` has endpoint references listed under it: no bulk generation. */
  readonly explicitOpenApi: Set<string>;
  /** Page references already resolved (large sites list the same page in every version and language). */
  readonly entries: Map<string, PageMatch | undefined>;
  /** Pages hidden only because every element listing them is. */
  readonly hiddenByAncestors: Set<string>;
  readonly globalAnchors: string[];
  readonly sectionListings: Map<string, SectionListing>;
}

export function createDraft(options: ResolveOptions): Draft {
  return {
    options,
    elements: new Map(),
    sections: new Map(),
    pages: new Map(),
    diagnostics: [],
    routes: new RouteAllocator(),
    fileRoutes: new Map(),
    endpointRoutes: new Map(),
    explicitOpenApi: new Set(),
    entries: new Map(),
    hiddenByAncestors: new Set(),
    globalAnchors: [],
    sectionListings: new Map(),
  };
}

/** Adds an element, and makes it a child of its parent. */
export function addElement(draft: Draft, element: NavElement): NavElement {
  draft.elements.set(element.id, element);
  if (element.parentId) draft.elements.get(element.parentId)?.children.push(element.id);
  return element;
}
