/**
 * The site model: the resolved navigation every later stage reads (render, build, dev, check).
 * Pure data: elements and pages refer to each other by id and route, never by object, so the model
 * can be serialised, cached and handed to worker threads.
 */
import type { LanguageCode } from '../config/languages.ts';
import type { ElementKind } from '../config/navigation.ts';
import type { OpenApiSource } from '../config/openapi-in-force.ts';
import type { Config, Icon } from '../config/schema.ts';
import type { Frontmatter } from '../content/frontmatter-schema.ts';
import type { Operation } from '../openapi/types.ts';

/** What a section or group lists, in order. */
export type NavItem = { type: 'page'; route: string } | { type: 'group'; id: string };

export interface NavElement {
  /** Where the element is written in docs.json (`navigation.tabs[1]`); generated groups add `#…`. */
  id: string;
  /** What the element is: `config/navigation.ts` says what each kind holds and how it is shown. */
  kind: ElementKind;
  /** As shown: a product's `name` or `product`, a menu item's `item`, a group's `group`, … */
  label: string;
  parentId: string | undefined;
  /** Division children (tabs of a version, items of a menu…), in written order. */
  children: string[];
  /** Groups and pages, for groups and for elements that are sections. */
  items: NavItem[];
  icon?: Icon;
  description?: string;
  tag?: string;
  /** The element is a link to this URL instead of holding content. */
  href?: string;
  /** Hidden itself or under a hidden element. */
  hidden: boolean;
  /** Route of the page the element leads to (drilldown, tab links, switchers); undefined for links and empty elements. */
  firstPage?: string;
  /** Groups: default state in the sidebar; top-level groups are always expanded. */
  expanded?: boolean;
  /** Groups: not nested in another group. */
  topLevel?: boolean;
  /** Groups: route of the `root` page. */
  root?: string;
  /** The section the element shows in (for the section's own element, its id). */
  sectionId?: string;
  /** Versions and languages: the value, and whether it is the default of its list. */
  language?: LanguageCode;
  version?: string;
  isDefault?: boolean;
  /** Generated from an OpenAPI spec (tag groups). */
  generated?: boolean;
  /**
   * The OpenAPI files in force: the element's own `openapi`, else its nearest ancestor's, else
   * `api.openapi` (which resolves endpoint references but never generates pages by itself).
   */
  openapi?: OpenApiSource[];
}

export interface Section {
  /** Id of the element whose groups and pages make up the section. */
  id: string;
  /** Routes in sidebar order, each once; hidden pages included (they are skipped for prev/next). */
  pages: string[];
  language?: LanguageCode;
  version?: string;
}

export interface Placement {
  sectionId: string;
  /** Element that lists the page (a group or the section element). */
  parentId: string;
  /** Element ids from the outermost ancestor down to `parentId`. */
  trail: string[];
  language?: LanguageCode;
  version?: string;
  /** Under the default of every version and language list above it. */
  inDefaultPartition: boolean;
  /** Under a hidden element. */
  hiddenAncestor?: boolean;
  previous?: string;
  next?: string;
}

export type PageSource =
  | { type: 'file'; file: string; id: string; ext: '.mdx' | '.md' }
  | { type: 'endpoint'; spec: string; directory: string; operation: Operation }
  /** The API overview of a spec with endpoint pages (site/endpoint-pages.ts `addOverviewPages`): in no sidebar. */
  | { type: 'overview'; spec: string; directory: string };

export interface Alternate {
  /** The version label or language code. */
  value: string;
  label: string;
  route: string;
  current: boolean;
  /** True when `route` is the same page in the other version or language; false for its first page. */
  equivalent: boolean;
  isDefault: boolean;
}

export interface Page {
  route: string;
  source: PageSource;
  title: string;
  sidebarTitle?: string;
  /** Plain text: the page's meta description, and what its header shows (unless `descriptionMarkdown`). */
  description?: string;
  /** An endpoint page's first paragraph of its operation's description, as written (CommonMark): the header renders it. */
  descriptionMarkdown?: string;
  /** Frontmatter as written, typed, wrong-typed values left out (files), or derived from the operation (endpoints). */
  frontmatter: Frontmatter;
  /** Left out of the sidebar: frontmatter `hidden`, `x-hidden`, a hidden ancestor, or listed nowhere. */
  hidden: boolean;
  /** Every place the navigation lists the page; the first is canonical. Empty: the page is on disk only. */
  placements: Placement[];
  /** Switcher targets, from the canonical placement. */
  alternates: { versions: Alternate[]; languages: Alternate[] };
}

export interface Site {
  root: string;
  config: Config;
  /** Every element by id, root first, in document order. */
  elements: Map<string, NavElement>;
  sections: Map<string, Section>;
  /** Every page by route: navigation pages, endpoint pages, then pages on disk only. */
  pages: Map<string, Page>;
  /** Route of the home page: `index` when it exists, else the first page of the navigation. */
  home: string | undefined;
  /**
   * The language and version the site opens in: `default: true`, else the first, of each list on
   * the way from the root to the landing page (`tabs › versions`: those of the first tab).
   */
  defaults: { language?: LanguageCode; version?: string };
  globalAnchors: string[];
  /** The site's `.json`, `.yaml` and `.yml` files (config aside), in path order: where an `openapi:` frontmatter looks last. */
  dataFiles: string[];
}
