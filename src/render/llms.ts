/**
 * `llms.txt` and `llms-full.txt` (https://llmstxt.org): what an AI tool reads to find its way in a
 * docs site. `llms.txt` is the site's name and description, then the navigation in order, a `##`
 * heading per group (`Tab › Group` when the site has several sections) and a line per page linking
 * its Markdown version: `- [Title](/route.md): description`. `llms-full.txt` is every listed page's
 * Markdown, one after the other. Both are for the default version and language at the root; each
 * other version and language gets its own pair in the folder its pages share (`fr/llms.txt`).
 * Hidden pages and groups are left out, as the sidebar leaves them out.
 */
import { markdownPath } from '../content/markdown/index.ts';
import { pageHref } from './links.ts';
import type { NavElement, Page, Section, Site } from '../site/types.ts';
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
  /** Groups in navigation order, each with its pages' routes. */
  groups: { title: string; routes: string[] }[];
}

/**
 * Every `llms.txt` of the site, and each `llms-full.txt` as the pieces it is written in
 * (`llmsFullTxtParts`): `markdown` reads a page's Markdown, which the build wrote beside it, so that
 * no more than one page's is held at a time (a site's whole Markdown was kept for this file).
 */
export function llmsFiles(options: { site: Site; base: string; siteUrl?: string | undefined; markdown: (route: string) => Promise<string | undefined> }): {
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

/** The index: name, description, then a section per group, a line per page. */
export function llmsTxt(site: Site, partition: Partition, options: { base: string; siteUrl?: string | undefined }): string {
  const origin = options.siteUrl?.replace(/\/+$/, '') ?? '';
  const lines = [`# ${oneLine(site.config.name)}`, ''];
  if (site.config.description) lines.push(`> ${oneLine(site.config.description)}`, '');
  for (const group of partition.groups) {
    lines.push(`## ${oneLine(group.title)}`, '');
    for (const route of group.routes) {
      const page = site.pages.get(route)!;
      const url = origin + pageHref(markdownPath(route), options.base);
      lines.push(`- [${linkText(page.sidebarTitle ?? page.title)}](${url})${page.description ? `: ${oneLine(page.description)}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
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
    const own = { title: trail.length > 0 ? trail.join(' › ') : sectionTitle, routes: [] as string[] };
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

/** A title inside `[…]`: brackets escaped. */
function linkText(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}
