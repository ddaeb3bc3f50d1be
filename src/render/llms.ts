/**
 * `llms.txt` and `llms-full.txt` (https://llmstxt.org): what an AI tool reads to find its way in a
 * docs site. `llms.txt` is the site's name and description, then the navigation in order, a `##`
 * heading per group (`Tab › Group` when the site has several sections) and a line per page linking
 * its Markdown version: `- [Title](/route.md): description`. `llms-full.txt` is every listed page's
 * Markdown, one after the other. Both are for the default version and language at the root; each
 * other version and language gets its own pair in the folder its pages share (`fr/llms.txt`).
 * Hidden pages and groups are left out, as the sidebar leaves them out.
 */
import { markdownPath } from '../content/markdown/path.ts';
import type { OpenApiDocument } from '../openapi/types.ts';
import { pageHref } from './links.ts';
import type { NavElement, Page, Section, Site } from '../site/types.ts';
import { specHref } from './endpoint/spec-link.ts';
import type { PageMarkdown } from './page-markdown.ts';

export interface LlmsFile {
  /** Path in the output folder: `llms.txt`, `fr/llms-full.txt`. */
  path: string;
  text: string;
}

/** The navigation of one version and language: where its files go and what they list. */
export interface Partition {
  /** Output folder, `''` for the default version and language, else `fr/` and the like. */
  folder: string;
  /** Groups in navigation order, each with its pages' routes and the element that holds them. */
  groups: { title: string; routes: string[]; element?: string }[];
}

/**
 * What the site's OpenAPI documents say about themselves, by spec (as pages name it): `info`'s
 * title and description, and each tag's description by the label of the group it makes. The
 * hosted product shows neither (format-behaviour.md §4.3: a generated page is one operation; the
 * navigation adds no overview page), so docjet adds no page either: llms.txt says them.
 */
export type ApiSummaries = ReadonlyMap<string, { title?: string | undefined; description?: string | undefined; tags: ReadonlyMap<string, string> }>;

/** The summaries of the documents loaded (`validate`'s specs). */
export function apiSummaries(specs: ReadonlyMap<string, { document: OpenApiDocument | undefined }> | undefined): ApiSummaries {
  const summaries = new Map<string, { title?: string | undefined; description?: string | undefined; tags: Map<string, string> }>();
  for (const [spec, { document }] of specs ?? []) {
    if (!document) continue;
    const info = document.raw !== null && typeof document.raw === 'object' ? (document.raw as { info?: unknown }).info : undefined;
    const written = info !== null && typeof info === 'object' ? (info as { description?: unknown }).description : undefined;
    const tags = new Map<string, string>();
    for (const tag of document.tags) if (tag.description?.trim()) tags.set(tag.displayName ?? tag.name, tag.description);
    summaries.set(spec, { title: document.title, description: typeof written === 'string' && written.trim() !== '' ? written : undefined, tags });
  }
  return summaries;
}

export interface LlmsOptions {
  base: string;
  siteUrl?: string | undefined;
  /** The site's OpenAPI documents' descriptions (`apiSummaries`). */
  apis?: ApiSummaries | undefined;
  /** The site's files that are not pages, which the build publishes: a spec is linked only when it is one. */
  published?: ReadonlySet<string> | undefined;
}

/**
 * Every `llms.txt` of the site, and each `llms-full.txt` as the pieces it is written in
 * (`llmsFullTxtParts`): `markdown` reads a page's Markdown, which the build wrote beside it, so that
 * no more than one page's is held at a time (a site's whole Markdown was kept for this file).
 */
export function llmsFiles(options: LlmsOptions & { site: Site; markdown: (route: string) => Promise<string | undefined> }): {
  index: LlmsFile[];
  full: { path: string; parts: AsyncIterable<string> }[];
} {
  const { site, markdown } = options;
  const all = partitions(site);
  return {
    index: all.map((partition) => ({ path: `${partition.folder}llms.txt`, text: llmsTxt(site, partition, options) })),
    full: all.map((partition) => ({ path: `${partition.folder}llms-full.txt`, parts: llmsFullTxtParts(partition, markdown) })),
  };
}

/**
 * The index: name, description, then a section per group, a line per page (a group made from an
 * OpenAPI tag says the tag's description first), then the OpenAPI files its pages come from, each
 * with its `info.description`, as the hosted product's llms.txt links its specs.
 */
export function llmsTxt(site: Site, partition: Partition, options: LlmsOptions): string {
  const origin = options.siteUrl?.replace(/\/+$/, '') ?? '';
  const lines = [`# ${oneLine(site.config.name)}`, ''];
  if (site.config.description) lines.push(`> ${oneLine(site.config.description)}`, '');
  for (const group of partition.groups) {
    lines.push(`## ${oneLine(group.title)}`, '');
    const about = tagDescription(site, group.element, options.apis);
    if (about !== undefined) lines.push(paragraph(about), '');
    for (const route of group.routes) {
      const page = site.pages.get(route)!;
      const url = origin + pageHref(markdownPath(route), options.base);
      lines.push(`- [${linkText(page.sidebarTitle ?? page.title)}](${url})${page.description ? `: ${oneLine(page.description)}` : ''}`);
    }
    lines.push('');
  }
  const specs = specLines(site, partition, options, origin);
  if (specs.length > 0) lines.push('## OpenAPI Specs', '', ...specs, '');
  return lines.join('\n');
}

/** The description of the OpenAPI tag a generated group is made from. */
function tagDescription(site: Site, id: string | undefined, apis: ApiSummaries | undefined): string | undefined {
  const element = id === undefined ? undefined : site.elements.get(id);
  if (!apis || !element?.generated || element.openapi?.[0] === undefined) return undefined;
  return apis.get(element.openapi[0].source)?.tags.get(element.label);
}

/** A line per spec the partition's endpoint pages come from, in their order: `- [title](/openapi.yaml): description`. */
function specLines(site: Site, partition: Partition, options: LlmsOptions, origin: string): string[] {
  const specs = new Set<string>();
  for (const route of listedRoutes(partition)) {
    const source = site.pages.get(route)?.source;
    if (source?.type === 'endpoint') specs.add(source.spec);
  }
  const lines: string[] = [];
  for (const spec of specs) {
    const href = specHref(spec, options.base, options.published);
    if (href === undefined) continue;
    const summary = options.apis?.get(spec);
    const url = /^https?:/i.test(href) ? href : origin + href;
    lines.push(`- [${linkText(summary?.title ?? spec)}](${url})${summary?.description ? `: ${oneLine(summary.description)}` : ''}`);
  }
  return lines;
}

/** Every page's Markdown, in navigation order, each once: `llms-full.txt` in pieces, a page's Markdown read as its piece is asked for. */
async function* llmsFullTxtParts(partition: Partition, markdown: (route: string) => Promise<string | undefined>): AsyncGenerator<string> {
  let first = true;
  for (const route of listedRoutes(partition)) {
    const text = await markdown(route);
    if (text === undefined) continue;
    yield first ? text.trimEnd() : `\n\n---\n\n${text.trimEnd()}`;
    first = false;
  }
  yield '\n';
}

/**
 * `llms-full.txt` of one partition, its pages' Markdown made now (`docjet dev`, on request): the
 * same text as the build writes from the Markdown it made beside each page.
 */
export async function renderLlmsFullTxt(partition: Partition, site: Site, pages: PageMarkdown): Promise<string> {
  let text = '';
  for await (const part of llmsFullTxtParts(partition, (route) => pages.render(site.pages.get(route)!))) text += part;
  return text;
}

/** The partition's pages, in navigation order, each once. */
function listedRoutes(partition: Partition): string[] {
  return [...new Set(partition.groups.flatMap((group) => group.routes))];
}

/**
 * The site's partitions by version and language, the default one first. A page listed twice in one
 * partition is listed where it comes first.
 */
export function partitions(site: Site): Partition[] {
  const byKey = new Map<string, { sections: Section[]; language?: string; version?: string }>();
  byKey.set('', { sections: [] });
  for (const section of site.sections.values()) {
    const element = site.elements.get(section.id);
    if (!element || element.hidden) continue;
    const key = isDefault(site, element) ? '' : `${section.language ?? ''}\u0000${section.version ?? ''}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { sections: [], ...(section.language ? { language: section.language } : {}), ...(section.version ? { version: section.version } : {}) };
      byKey.set(key, entry);
    }
    entry.sections.push(section);
  }
  const taken = new Set<string>(['']);
  const out: Partition[] = [];
  for (const [key, entry] of byKey) {
    const groups = entry.sections.flatMap((section) => sectionGroups(site, section, entry.sections.length > 1));
    const seen = new Set<string>();
    for (const group of groups) group.routes = group.routes.filter((route) => !seen.has(route) && seen.add(route));
    const listed = groups.filter((group) => group.routes.length > 0);
    if (key !== '' && listed.length === 0) continue;
    const folder = key === '' ? '' : folderOf([...seen], entry, taken);
    taken.add(folder);
    out.push({ folder, groups: listed });
  }
  return out;
}

/** Under the default of every version and language list above it. */
function isDefault(site: Site, element: NavElement): boolean {
  for (let current: NavElement | undefined = element; current; current = current.parentId === undefined ? undefined : site.elements.get(current.parentId)) {
    if ((current.kind === 'version' || current.kind === 'language') && current.isDefault === false) return false;
  }
  return true;
}

/**
 * A section's groups in order: its own pages first (under the section's name), then each group and
 * each group inside it, named by their trail (`Guides › Advanced`), the section's name in front when
 * the partition has several sections.
 */
function sectionGroups(site: Site, section: Section, named: boolean): Partition['groups'] {
  const element = site.elements.get(section.id)!;
  const sectionTitle = element.kind === 'root' || element.label === '' ? site.config.name : element.label;
  const groups: Partition['groups'] = [];
  const visit = (holder: NavElement, trail: string[]): void => {
    const own = { title: trail.length > 0 ? trail.join(' › ') : sectionTitle, routes: [] as string[], element: holder.id };
    groups.push(own);
    if (holder.kind === 'group' && holder.root !== undefined && listed(site.pages.get(holder.root))) own.routes.push(holder.root);
    for (const item of holder.items) {
      if (item.type === 'page') {
        if (listed(site.pages.get(item.route))) own.routes.push(item.route);
        continue;
      }
      const group = site.elements.get(item.id);
      if (group && !group.hidden) visit(group, [...trail, group.label]);
    }
  };
  visit(element, named ? [sectionTitle] : []);
  return groups;
}

function listed(page: Page | undefined): page is Page {
  return page !== undefined && !page.hidden;
}

/**
 * The folder a partition's files go in: the folder its pages share (`fr/` for `fr/…`), else one
 * named after its language and version; never the root's nor another partition's.
 */
function folderOf(routes: string[], entry: { language?: string; version?: string }, taken: ReadonlySet<string>): string {
  const lists = routes.map((route) => route.split('/'));
  let common = lists[0] ?? [];
  for (const segments of lists) {
    let length = 0;
    while (length < common.length && length < segments.length && common[length] === segments[length]) length++;
    common = common.slice(0, length);
  }
  // One page (or every route the same): its folder, not the page itself.
  if (lists.every((segments) => segments.length === common.length)) common = common.slice(0, -1);
  const shared = common.length > 0 ? `${common.join('/')}/` : '';
  if (shared !== '' && !taken.has(shared)) return shared;
  const named = [entry.language, entry.version]
    .filter((part) => part !== undefined)
    .map(slug)
    .join('/');
  let folder = `${named || 'partition'}/`;
  for (let count = 2; taken.has(folder); count++) folder = `${named || 'partition'}-${count}/`;
  return folder;
}

function slug(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}.-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'partition'
  );
}

/** Text on one line: titles and descriptions written over several lines in YAML. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text of a paragraph of its own: on one line, and read as no heading or list item. */
function paragraph(text: string): string {
  return oneLine(text).replace(/^([#>*+-]|\d+[.)])/, '\\$1');
}

/** A title inside `[…]`: brackets escaped. */
function linkText(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}
