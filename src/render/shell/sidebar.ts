/**
 * The sidebar of a section, rendered once per section and reused for each of its pages
 * (DESIGN.md: rendering the whole navigation into every page is how peers turn quadratic). The
 * section's HTML is kept as a template: fixed strings around holes, a page link that may be
 * current, a nested group that may be open, and an icon, drawn for each page by the page's
 * `DrawIcon` (which lists the unknown icons the page shows). Filling it for one page is one join.
 *
 * Groups follow the spec's state table (docs-json-navigation.md, "States and transitions"):
 * top-level groups are always expanded and have no toggle; nested groups are `<details>`, open
 * when `expanded: true` or when they hold the current page. With drilldown, a nested group's
 * label is a link to its first page, beside the group's toggle; a group with a `root` page always
 * links there. Everything is a link or a `<details>`, so the sidebar works with JavaScript off.
 *
 * A large sidebar is filled lazily (`LAZY_SIDEBAR_BYTES`): each page keeps the groups on its trail
 * (and nested groups `expanded`) whole, and every other group, top-level or nested, holds only its
 * name and a link to its first page, which shows that group whole, so the site still navigates
 * without JavaScript. A page then carries its own group and the names of the others, whatever the
 * section holds (GitHub's REST reference, 1,493 operations in 45 top-level groups: a 565 KB
 * sidebar in each page when only nested groups were stubbed). The page script fills those groups
 * from the section's full sidebar, one file per section whose name is its content's hash, fetched
 * once and cached (src/client/lazy-sidebar.ts).
 * A group of pages that is itself big (`WINDOW_GROUP_BYTES`) is shown in a lazy sidebar as a
 * window of the entries around the current page, which the page script fills the same way.
 */
import type { Icon } from '../../config/schema.ts';
import { apiFrontmatter } from '../../content/frontmatter-api.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { NavElement, Page, Site } from '../../site/types.ts';
import type { DrawIcon } from '../icons/index.ts';
import { isExternal, pageHref, safeUrl } from '../links.ts';

type Part = string | { page: string } | { group: string; open: boolean } | { icon: Icon } | LazyBody;

/**
 * A nested group's list: whole (`body`) on the page's trail, else its `stub` when the sidebar is
 * lazy. A big list of pages (a group's, or a run of pages at the top of the section) also keeps
 * its `entries`, for a lazy sidebar's window of them.
 */
interface LazyBody {
  /** The group's id, for the page's trail; undefined for a list that is always shown whole or windowed (a top-level group's, the section's own pages). */
  lazy: string | undefined;
  open: boolean;
  body: Part[];
  stub: Part[];
  entries?: Entry[];
  /** Route → index in `entries`. */
  positions?: Map<string, number>;
  /** The window's opening tag. */
  window?: string;
}

/** One page's entry of a group: its `<li>` (parts), and the route that finds it. */
interface Entry {
  route: string;
  parts: Part[];
}

/**
 * Sidebar HTML above which pages carry the lazy sidebar: their own groups and the names of the
 * others, the rest in the section's fragment. 32 KB is about 90 endpoint entries or 300 hand-written
 * ones, as much as a page's own content weighs: below it the sidebar is whole in every page, as
 * the hosted product shows it; above it, it would outweigh the page, and the site would grow with
 * pages times entries (GitHub's 1,493 operations: 235 KB of a 285 KB page, 500 MB for the site).
 * Five of the corpus's fourteen sites are over it (40 to 50 KB: Portkey, agno, crewAI, meilisearch,
 * polar). Bytes rather than entries, since entries with icons, tags or paths weigh more.
 */
export const LAZY_SIDEBAR_BYTES = 32_000;

/**
 * A list of pages above which a lazy sidebar shows only a window of it (`WINDOW_REACH`) when it is
 * open: each of the list's pages repeats the whole list, so a big list's weight grows with the
 * square of its entries (GitHub's 268 webhooks: a 298 KB group in each, 80 MB of the site; 4,000
 * untagged operations, one top-level group: 2.6 GB). 32 KB is 90 to 140 endpoint entries (230 to
 * 370 bytes each), far more than a hand-written group holds, so those stay whole; above it the
 * window of 21 entries is a quarter of the list or less, and each page of it saves 24 KB or more.
 * Every flat list is windowed: a nested group's, a top-level group's and a run of pages at the top
 * of the section. A group that holds groups is not: a window through them would have to cut them.
 */
export const WINDOW_GROUP_BYTES = 32_000;

/** Entries a window shows before and after the current page: a screenful either way. */
export const WINDOW_REACH = 10;

export interface SidebarTemplate {
  parts: Part[];
}

export interface SidebarOptions {
  base: string;
  drilldown: boolean;
  /**
   * Write each group's key (`data-group`, `groupId`); default true. Navigation fragments leave them
   * out: the lazy sidebar alone reads them, and versions whose sidebars are the same then share
   * one file (crewAI: 43 files instead of 312).
   */
  groupIds?: boolean;
}

export function buildSidebar(site: Site, sectionId: string, options: SidebarOptions): SidebarTemplate {
  const section = site.elements.get(sectionId);
  const parts: Part[] = [];
  if (!section) return { parts };
  const writer = new SidebarWriter(site, options, parts);
  writer.items(section, 0);
  return { parts: merge(parts) };
}

/**
 * The sidebar for one page: its links marked current, the groups above it open, its icons drawn by
 * `draw` (without it, icon spans stay empty). `lazy`: the nested groups off the page's trail (and
 * not `expanded`) hold only their stub (`LazyBody`).
 */
export function fillSidebar(template: SidebarTemplate, currentRoute: string | undefined, trail: ReadonlySet<string>, lazy = false, draw: DrawIcon = noDrawing): string {
  return fillParts(template.parts, { currentRoute, trail, lazy, draw });
}

interface Fill {
  currentRoute: string | undefined;
  trail: ReadonlySet<string>;
  lazy: boolean;
  draw: DrawIcon;
}

function fillParts(parts: readonly Part[], fill: Fill): string {
  let html = '';
  for (const part of parts) {
    if (typeof part === 'string') html += part;
    else if ('page' in part) html += part.page === fill.currentRoute ? ' aria-current="page"' : '';
    else if ('group' in part) html += part.open || fill.trail.has(part.group) ? ' open' : '';
    else if ('icon' in part) html += navIcon(part.icon, fill.draw);
    else html += fillLazyBody(part, fill);
  }
  return html;
}

/**
 * A nested group's list: whole unless the sidebar is lazy; then its stub off the page's trail (and
 * not `expanded`), and a window of it when it is big (the group's start when the current page is
 * not in it).
 */
function fillLazyBody(part: LazyBody, fill: Fill): string {
  if (!fill.lazy) return fillParts(part.body, fill);
  const onTrail = part.lazy === undefined || fill.trail.has(part.lazy);
  if (!part.open && !onTrail) return fillParts(part.stub, fill);
  if (part.entries === undefined) return fillParts(part.body, fill);
  const current = onTrail && fill.currentRoute !== undefined ? (part.positions?.get(fill.currentRoute) ?? 0) : 0;
  const [start, end] = windowAround(current, part.entries.length);
  let html = part.window ?? WINDOW_OPEN;
  for (const entry of part.entries.slice(start, end)) html += fillParts(entry.parts, fill);
  return `${html}</ul>`;
}

const WINDOW_OPEN = '<ul class="nav-list" data-lazy="window">';

/**
 * The entries `[start, end)` of a window around entry `index` of `count`: `WINDOW_REACH` either
 * side, shifted at the ends so the window keeps its size (the first page shows the 20 after it).
 */
function windowAround(index: number, count: number): [number, number] {
  const size = 2 * WINDOW_REACH + 1;
  const start = Math.max(0, Math.min(index - WINDOW_REACH, count - size));
  return [start, Math.min(count, start + size)];
}

class SidebarWriter {
  /** Each group's key (`groupId`), by its id. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly site: Site,
    private readonly options: SidebarOptions,
    private readonly parts: Part[],
  ) {}

  items(element: NavElement, depth: number): void {
    if (element.items.length === 0) return;
    const pagesOnly: NavElement['items'] = [];
    let runs = 0;
    const flush = (): void => {
      if (pagesOnly.length === 0) return;
      // Named for the page script (`data-list`) only when it is big enough to be windowed.
      this.pageList(pagesOnly, undefined, (big) => (big ? ` data-list="run-${runs}"` : ''));
      runs++;
      pagesOnly.length = 0;
    };
    if (depth === 0) {
      // The section itself: loose pages as a list, each group as a block of its own.
      for (const item of element.items) {
        if (item.type === 'page') {
          pagesOnly.push(item);
          continue;
        }
        flush();
        const group = this.site.elements.get(item.id);
        if (group && !group.hidden) this.topGroup(group);
      }
      flush();
      return;
    }
    this.parts.push('<ul class="nav-list">');
    const repeated = this.repeatedLabels(element.items);
    for (const item of element.items) {
      if (item.type === 'page') {
        this.page(item.route, repeated);
      } else {
        const group = this.site.elements.get(item.id);
        if (group && !group.hidden) this.nestedGroup(group, depth);
      }
    }
    this.parts.push('</ul>');
  }

  /**
   * A top-level group: always expanded, no toggle. In a lazy sidebar only the groups on the page's
   * trail are whole; every other is its name alone, a link to its root or first page (which shows
   * the group whole), in a `section[data-lazy]` the page script replaces by the group's whole
   * section from the section's fragment.
   */
  private topGroup(group: NavElement): void {
    const whole = this.written(() => {
      this.parts.push(`<section class="nav-group"${this.groupId(group)}>`);
      this.groupTitle(group, group.root);
      if (group.items.length > 0 && group.items.every((item) => item.type === 'page')) this.pageList(group.items, group.id, () => '');
      else this.items(group, 1);
      this.parts.push('</section>');
    });
    const target = group.root ?? group.firstPage;
    const stub = target === undefined ? undefined : this.written(() => this.topStub(group, target));
    // A group hardly bigger than its stub (a page or two) stays whole: a stub would save less than a request costs.
    if (stub === undefined || bytes(whole) <= 2 * bytes(stub)) this.parts.push(...whole);
    else this.parts.push({ lazy: group.id, open: false, body: whole, stub });
  }

  /** A top-level group's title: a link to `target` (its root page), else text. */
  private groupTitle(group: NavElement, target: string | undefined): void {
    this.parts.push(target !== undefined ? `<a class="nav-group-title" href="${this.href(target)}"` : '<p class="nav-group-title"');
    if (target !== undefined) this.parts.push({ page: target });
    this.parts.push('>');
    this.groupLabel(group);
    this.parts.push(target !== undefined ? '</a>' : '</p>');
  }

  /** A top-level group off the page's trail in a lazy sidebar: its name, a link to `target`. */
  private topStub(group: NavElement, target: string): void {
    this.parts.push(`<section class="nav-group"${this.groupId(group)} data-lazy>`);
    this.groupTitle(group, target);
    this.parts.push('</section>');
  }

  /**
   * A list of pages alone, always shown (a top-level group's, or a run of the section's own
   * pages): whole, or, when it is over `WINDOW_GROUP_BYTES`, a part a lazy sidebar windows around
   * the current page. `name(big)`: attributes that let the page script find the list in the
   * section's full sidebar, when its parent does not (a top-level group's `data-group` does).
   */
  private pageList(items: NavElement['items'], groupId: string | undefined, name: (big: boolean) => string): void {
    const entries = this.pageEntries(items);
    const whole = (attributes: string): Part[] => merge([`<ul class="nav-list"${attributes}>`, ...entries.flatMap((entry) => entry.parts), '</ul>']);
    if (bytes(whole('')) <= WINDOW_GROUP_BYTES) {
      this.parts.push(...whole(name(false)));
      return;
    }
    const body = whole(name(true));
    this.parts.push(this.windowed({ lazy: groupId, open: true, body, stub: body, window: `<ul class="nav-list" data-lazy="window"${name(true)}>` }, entries));
  }

  /** `lazy` with the entries a window shows and where each route is among them. */
  private windowed(lazy: LazyBody, entries: Entry[]): LazyBody {
    lazy.entries = entries;
    lazy.positions = new Map();
    // The first listing of a route is the one a window centres on, as a search of the list would find.
    entries.forEach((entry, index) => {
      if (!lazy.positions!.has(entry.route)) lazy.positions!.set(entry.route, index);
    });
    return lazy;
  }

  /**
   * A nested group is a `<details>` whose summary opens and closes it. A group that leads to a page
   * (its `root`, or its first page with drilldown) shows that link beside its toggle, never inside
   * it: a link in a `<summary>` is a control inside a control, which keyboards and screen readers
   * cannot reach reliably (axe `nested-interactive`). The toggle then names the group in text
   * only screen readers read, where translation tools still find it.
   */
  private nestedGroup(group: NavElement, depth: number): void {
    const target = group.root ?? (this.options.drilldown ? group.firstPage : undefined);
    if (target !== undefined) {
      this.parts.push(`<li class="nav-group-item"><a class="nav-group-link" href="${this.href(target)}"`);
      this.parts.push({ page: target });
      this.parts.push('>');
      this.groupLabel(group);
      this.parts.push('</a>');
    } else {
      this.parts.push('<li>');
    }
    this.parts.push(`<details class="nav-group nested"${this.groupId(group)}`);
    this.parts.push({ group: group.id, open: group.expanded === true });
    if (target !== undefined) {
      this.parts.push(`><summary class="nav-group-toggle"><span class="nav-label sr-only">${escapeHtml(group.label)}</span></summary>`);
    } else {
      this.parts.push('><summary><span class="nav-group-link">');
      this.groupLabel(group);
      this.parts.push('</span></summary>');
    }
    const entries = this.entries(group);
    const body = entries ? merge(['<ul class="nav-list">', ...entries.flatMap((entry) => entry.parts), '</ul>']) : this.written(() => this.items(group, depth + 1));
    const lazy: LazyBody = { lazy: group.id, open: group.expanded === true, body, stub: this.stub(group) };
    this.parts.push(entries && bytes(body) > WINDOW_GROUP_BYTES ? this.windowed(lazy, entries) : lazy, '</details></li>');
  }

  /**
   * A group of pages alone, entry by entry (hidden pages left out); written as `items` writes them,
   * so the group's list is the same. Undefined for a group holding groups, or nothing.
   */
  private entries(group: NavElement): Entry[] | undefined {
    if (group.items.length === 0 || group.items.some((item) => item.type !== 'page')) return undefined;
    return this.pageEntries(group.items);
  }

  /** Pages, entry by entry (hidden pages left out), as `items` writes them. */
  private pageEntries(items: NavElement['items']): Entry[] {
    const repeated = this.repeatedLabels(items);
    const entries: Entry[] = [];
    for (const item of items) {
      if (item.type !== 'page') continue;
      const parts = this.written(() => this.page(item.route, repeated));
      if (parts.length > 0) entries.push({ route: item.route, parts });
    }
    return entries;
  }

  /**
   * What a lazy sidebar shows in a group off the page's trail: a link to its first page (which
   * shows the group whole), the group's name, in place of its list (`a[data-lazy]`, which the page
   * script replaces with the list). The first page's entry (method pill, icon, tag, a title of up to
   * a paragraph) comes with the group's whole list: it was 150 bytes and more of each of the 45 stubs
   * on each page of GitHub's API reference, and a list of one entry around the link another 70
   * (issue 33). A first page that is a link elsewhere (`url`) keeps its entry, the link the sidebar
   * shows for it, in a list the script fills the same way (`ul[data-lazy]`).
   */
  private stub(group: NavElement): Part[] {
    const first = group.firstPage === undefined ? undefined : this.site.pages.get(group.firstPage);
    if (first && !first.hidden && externalUrl(first) === undefined) return [`<a data-lazy href="${this.href(first.route)}">${escapeHtml(group.label)}</a>`];
    let link: Part[] = [];
    if (first) {
      // The link is never current: a page whose link it is has the group on its trail, and shows it whole.
      link = this.written(() => this.page(first.route, new Set())).filter((part) => typeof part !== 'object' || !('page' in part));
    }
    return merge(['<ul class="nav-list" data-lazy>', ...link, '</ul>']);
  }

  /** The parts `write` adds, apart from this writer's own. */
  private written(write: () => void): Part[] {
    const own = this.parts.length;
    write();
    return merge(this.parts.splice(own));
  }

  /**
   * A group's key (`data-group`), by which the page script finds it in the section's full sidebar:
   * its place among the section's groups, in base 36, the same in each page of the section and in
   * the fragment, which are written from the same walk of the same section. Its id was 47
   * characters of each of the 50 group stubs on every page of GitHub's API reference
   * (`navigation.tabs[1]#openapi:api.github.com.json:actions`): 2.3 KB a page (issue 33).
   */
  private groupId(group: NavElement): string {
    if (this.options.groupIds === false) return '';
    let key = this.keys.get(group.id);
    if (key === undefined) {
      key = this.keys.size.toString(36);
      this.keys.set(group.id, key);
    }
    return ` data-group="${key}"`;
  }

  private groupLabel(group: NavElement): void {
    this.icon(group.icon);
    this.parts.push(`<span class="nav-label">${escapeHtml(group.label)}</span>${tagHtml(group.tag)}`);
  }

  /** A hole for a config or frontmatter icon, drawn when the template is filled for a page. */
  private icon(icon: Icon | undefined): void {
    if (icon !== undefined) this.parts.push({ icon });
  }

  /**
   * Labels (method and title) that more than one visible page of a list shows: generated endpoint
   * titles repeat whenever two operations share a summary, or have none (Stripe's `GET /v1/customers`
   * and `GET /v1/customers/{customer}` are both "Get v1customers"). Those entries also show their path.
   */
  private repeatedLabels(items: NavElement['items']): Set<string> {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const item of items) {
      const page = item.type === 'page' ? this.site.pages.get(item.route) : undefined;
      if (!page || page.hidden) continue;
      const key = entryKey(page);
      if (seen.has(key)) repeated.add(key);
      seen.add(key);
    }
    return repeated;
  }

  private page(route: string, repeated: ReadonlySet<string>): void {
    const page = this.site.pages.get(route);
    if (!page || page.hidden) return;
    const external = externalUrl(page);
    const method = pageMethod(page);
    const label = labelHtml(sidebarLabel(page));
    const icon = frontmatterIcon(page);
    const badge = method ? `<span class="method-pill" data-method="${escapeHtml(method.toLowerCase())}">${escapeHtml(methodShort(method))}</span>` : '';
    const tag = tagHtml(page.frontmatter.tag);
    const path = repeated.has(entryKey(page)) ? endpointPathHtml(page) : '';
    const deprecated = page.frontmatter.deprecated === true ? DEPRECATED_MARK : '';
    if (external) {
      this.parts.push(`<li><a class="nav-link" href="${escapeHtml(external)}" rel="noopener">`);
      this.icon(icon);
      this.parts.push(`<span class="nav-label">${label}</span>${tag}${EXTERNAL_MARK}</a></li>`);
      return;
    }
    this.parts.push(`<li><a class="nav-link" href="${this.href(route)}"`);
    this.parts.push({ page: route });
    this.parts.push(`>${badge}`);
    this.icon(icon);
    this.parts.push(`<span class="nav-label">${label}${path}</span>${deprecated}${tag}</a></li>`);
  }

  private href(route: string): string {
    return escapeHtml(pageHref(route, this.options.base));
  }
}

/**
 * Frontmatter `url`: the sidebar entry is a link to that page instead (format-behaviour.md §3.2).
 * A `javascript:` URL is not a page: the entry stays a link to the page itself (the page's own
 * rendering reports it, `frontmatterUrlDiagnostics`).
 */
function externalUrl(page: Page): string | undefined {
  const url = page.frontmatter.url;
  return url !== undefined && isExternal(url) ? safeUrl(url) : undefined;
}

/**
 * The arrow after a link that leaves the site, ↗ written as a character reference: a page of
 * Latin-1 characters only stays one byte a character in V8 (see `jsonAttribute`, document.ts).
 */
export const EXTERNAL_MARK = '<span class="external-mark" aria-hidden="true">&#8599;</span>';

/**
 * A deprecated page (an operation's `deprecated: true`, or the frontmatter's) says so in words,
 * which screen readers read too; the style makes it a small muted pill.
 */
const DEPRECATED_MARK = '<span class="nav-deprecated">deprecated</span>';

function sidebarLabel(page: Page): string {
  return page.sidebarTitle ?? page.title;
}

/**
 * Labels longer than this are cut to three lines on screen (`.nav-clamp`): an API description
 * whose operations have only a paragraph for a summary (GitHub's 268 webhooks: "This event occurs
 * when …", links and all) made each entry up to 1,000 px tall, a sidebar no one could scan. The
 * whole text stays in the page, for screen readers and search; shorter labels are as before.
 */
const CLAMPED_LABEL_LENGTH = 100;

function labelHtml(label: string): string {
  const html = escapeHtml(label);
  return label.length > CLAMPED_LABEL_LENGTH ? `<span class="nav-clamp">${html}</span>` : html;
}

/** What a reader tells two entries apart by: the method badge and the label. */
function entryKey(page: Page): string {
  return `${pageMethod(page) ?? ''} ${sidebarLabel(page)}`;
}

function pageMethod(page: Page): string | undefined {
  return page.source.type === 'endpoint' ? page.source.operation.method : (endpointOpenApi(page) ?? apiFrontmatter(page.frontmatter.api))?.method;
}

/** The operation's path in a muted span after the label, for entries whose label another entry shows too. */
function endpointPathHtml(page: Page): string {
  const path = page.source.type === 'endpoint' ? page.source.operation.path : endpointOpenApi(page)?.path;
  return path === undefined ? '' : ` <span class="nav-path">${escapeHtml(path)}</span>`;
}

/** An MDX page with `openapi: "GET /x"` shows the method (and, when needed, the path) like generated endpoint pages. */
function endpointOpenApi(page: Page): { method: string; path: string } | undefined {
  const openapi = page.frontmatter.openapi;
  if (openapi === undefined) return undefined;
  const match = /(?:^|\s)(get|post|put|patch|delete|head|options|trace)\s+(\/\S*)/i.exec(openapi);
  return match ? { method: match[1]!.toUpperCase(), path: match[2]! } : undefined;
}

function methodShort(method: string): string {
  return method === 'DELETE' ? 'DEL' : method === 'OPTIONS' ? 'OPT' : method;
}

function frontmatterIcon(page: Page): Icon | undefined {
  const { icon, iconType } = page.frontmatter;
  if (icon === undefined) return undefined;
  return iconType !== undefined ? { name: icon, style: iconType } : icon;
}

/** No drawing: icon spans name their icon and stay empty (shell tests that look at structure only). */
export const noDrawing: DrawIcon = () => undefined;

/** A config or frontmatter icon: a span that names it (and its style and library, when given), with `draw`'s drawing inside. */
export function navIcon(icon: Icon | undefined, draw: DrawIcon): string {
  if (icon === undefined) return '';
  const name = typeof icon === 'string' ? icon : icon.name;
  const style = (typeof icon === 'string' ? undefined : icon.style) || undefined;
  const library = (typeof icon === 'string' ? undefined : icon.library) || undefined;
  return (
    `<span class="icon" data-icon="${escapeHtml(name)}"` +
    (style ? ` data-icon-type="${escapeHtml(style)}"` : '') +
    (library ? ` data-icon-library="${escapeHtml(library)}"` : '') +
    ` aria-hidden="true">${draw(name, style, library) ?? ''}</span>`
  );
}

export function tagHtml(tag: string | undefined): string {
  return tag ? `<span class="nav-tag">${escapeHtml(tag)}</span>` : '';
}

/** The length of a template's fixed strings, about its HTML's whole (holes add a few characters), measured like `LAZY_SIDEBAR_BYTES`. */
function bytes(parts: readonly Part[]): number {
  let total = 0;
  for (const part of parts) {
    if (typeof part === 'string') total += part.length;
    else if ('body' in part) total += bytes(part.body);
  }
  return total;
}

/** Adjacent strings joined, so filling walks as few parts as possible. */
function merge(parts: Part[]): Part[] {
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged;
}
