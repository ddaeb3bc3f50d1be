/**
 * What search knows of each page: its title, where it sits (tab › group), the versions, languages
 * and products that list it, its boost, and its text split at headings. Which pages are searched
 * follows the format (format-behaviour.md §4.4, §5): pages of the navigation, not hidden; a hidden
 * page or a page listed nowhere only with `searchable: true`, under a hidden tab or group that says
 * `searchable: true`, or when `seo.indexing` is `"all"`; never a `noindex` page unless it says
 * `searchable: true`. An endpoint page is found by its method, path, summary and operation id, and
 * by the words of its description and `x-mint.content`. A page's text includes that of the
 * snippets it imports (snippet-text.ts), and the fields of the model its `openapi-schema:` names,
 * written as its Markdown twin writes them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { locateBody } from '../content/frontmatter.ts';
import { headingAnchors } from '../content/mdx/headings.ts';
import { applyVariables, type Variables } from '../content/variables.ts';
import { toMarkdownText } from '../content/markdown/index.ts';
import { createDocumentLoader, siteSpecFiles, type DocumentLoader } from '../openapi/documents.ts';
import { schemaMarkdown } from '../openapi/endpoint/markdown.ts';
import { findSchema, parseSchemaReference } from '../openapi/schemas.ts';
import { configAt } from '../render/shell/document.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import type { Page, Placement, Site } from '../site/types.ts';
import { SnippetTexts } from './snippet-text.ts';
import { pageSections, type TextSection } from './text.ts';

/** Where a page is listed: what the reader's scope is matched against. */
export interface Scope {
  version?: string;
  language?: string;
  product?: string;
}

export interface SearchRecord {
  route: string;
  title: string;
  /** The tabs and groups above the page, `Guides › Setup`. */
  path: string;
  /** Words that count as much as headings: the description, `keywords`, an endpoint's method, path and operation id. */
  keys: string[];
  sections: TextSection[];
  /** Frontmatter `boost`, else the nearest group's; 1 when none. */
  boost: number;
  scopes: Scope[];
  /** `GET`, `POST`…: shown beside an endpoint's title. */
  method?: string;
}

/** Pages read between two turns of the event loop: `dev` answers other requests while it indexes. */
const PAGES_PER_TURN = 200;
const METHOD = /^(?:\S+\s+)?(get|post|put|patch|delete|head|options|trace)\s+(\S+)/i;

/**
 * The records of every searchable page, in the site's page order. Files are read synchronously:
 * for thousands of small files that is several times faster than `fs/promises` (measured 0.4 s
 * against 2.4 s for 10,000 pages), and the build has just read them, so they are in the OS's cache.
 * `textOf` gives a page file's text: read anew by default, kept between changes by `dev` (live-index.ts).
 */
export async function searchRecords(site: Site, textOf: (page: Page) => FileText = fileTextReader(site.root, site.config.variables)): Promise<SearchRecord[]> {
  const records: SearchRecord[] = [];
  const models = modelReader(site);
  let sinceTurn = 0;
  for (const page of site.pages.values()) {
    if (!isSearchable(site, page)) continue;
    const record = recordOf(site, page, textOf);
    record.sections.push(...(await models(page)));
    records.push(record);
    if (++sinceTurn === PAGES_PER_TURN) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return records;
}

/** Whether search lists the page (see the file's comment). */
export function isSearchable(site: Site, page: Page): boolean {
  const { searchable, noindex } = page.frontmatter;
  if (searchable !== undefined) return searchable;
  if (noindex === true) return false;
  if (site.config.seo?.indexing === 'all') return true;
  if (page.placements.length === 0) return false;
  if (!page.hidden) return true;
  const ownHidden = page.frontmatter.hidden === true || page.frontmatter.hidden === 'true';
  return !ownHidden && page.placements.some((placement) => placement.trail.some((id) => elementSetting(site, id, 'searchable') === true));
}

function recordOf(site: Site, page: Page, textOf: (page: Page) => FileText): SearchRecord {
  const { sections, keys, method } = page.source.type === 'endpoint' ? endpointText(page) : { sections: textOf(page).sections, ...frontmatterEndpoint(page) };
  const description = page.description ? [page.description] : [];
  const keywords = Array.isArray(page.frontmatter['keywords']) ? page.frontmatter['keywords'].filter((word): word is string => typeof word === 'string') : [];
  return {
    route: page.route,
    title: page.title,
    path: breadcrumbs(site, page)
      .map((crumb) => crumb.label)
      .join(' › '),
    keys: [...keys, ...description, ...keywords],
    sections,
    boost: boostOf(site, page),
    scopes: page.placements.map((placement) => scopeOf(site, placement)),
    ...(method ? { method } : {}),
  };
}

/** What a page file says, as search reads it: the sections of its text, its snippets' included. */
export interface FileText {
  sections: TextSection[];
  /** The files read for it (site-relative): the page's, then its snippets', found or not. */
  files: string[];
}

/** Reads page files with their snippets, docs.json's `variables` put in (as the page shows them); each snippet is read once per reader. */
export function fileTextReader(root: string, variables?: Variables): (page: Page) => FileText {
  const snippets = new SnippetTexts(root, variables);
  return (page) => {
    if (page.source.type !== 'file') return { sections: [], files: [] };
    const { file, ext } = page.source;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      // Gone since the site was read (dev): the page is still found by its title.
      return { sections: [], files: [file] };
    }
    const body = applyVariables(text.slice(locateBody(text).bodyStart), variables).text;
    const anchors = { headingAnchors: headingAnchors(page.frontmatter['mode']) };
    if (ext === '.md') return { sections: pageSections(body, 'md', anchors), files: [file] };
    const expanded = snippets.expand(body, file);
    return { sections: pageSections(expanded.source, 'mdx', anchors), files: [file, ...expanded.files] };
  };
}

interface PageKeys {
  keys: string[];
  method?: string;
}

/**
 * A generated endpoint page: its description and `x-mint.content` are its text (the content's
 * headings are the page's first); method, path and operation id are keys.
 */
function endpointText(page: Page): PageKeys & { sections: TextSection[] } {
  if (page.source.type !== 'endpoint') return { sections: [], keys: [] };
  const { operation } = page.source;
  const keys = [operation.path, operation.method, ...(operation.operationId ? [operation.operationId] : []), ...(operation.summary ? [operation.summary] : [])];
  const content = operation.content === undefined ? [] : pageSections(operation.content, 'mdx');
  // The content's text before its first heading reads on as the description's.
  const lead = content[0]?.heading === undefined ? (content.shift()?.text ?? '') : '';
  const text = [operation.description ?? '', lead].filter((part) => part !== '').join(' ');
  return { sections: [{ text }, ...content], keys, method: operation.method };
}

/**
 * The sections a page's `openapi-schema:` model adds (its "Fields", as its twin writes it); none
 * when it names no model a spec has. Specs are read only when a page names a model, once each.
 */
function modelReader(site: Site): (page: Page) => Promise<TextSection[]> {
  let documents: DocumentLoader | undefined;
  return async (page) => {
    const value = page.source.type === 'file' ? page.frontmatter['openapi-schema'] : undefined;
    const reference = typeof value === 'string' ? parseSchemaReference(value) : undefined;
    if (!reference) return [];
    documents ??= createDocumentLoader(site.root);
    const { found } = await findSchema(reference, documents, () => siteSpecFiles(site));
    if (!found) return [];
    return pageSections(toMarkdownText({ type: 'root', children: schemaMarkdown(found) }), 'md').filter((section) => section.heading !== undefined || section.text !== '');
  };
}

/** A page file's `openapi: "GET /path"` frontmatter makes that endpoint's method and path keys. */
function frontmatterEndpoint(page: Page): PageKeys {
  const openapi = page.frontmatter.openapi;
  const endpoint = typeof openapi === 'string' ? METHOD.exec(openapi.trim()) : null;
  if (!endpoint) return { keys: [] };
  const method = endpoint[1]!.toUpperCase();
  return { keys: [endpoint[2]!, method], method };
}

/** Frontmatter `boost`, else that of the nearest group or tab above the canonical placement. */
function boostOf(site: Site, page: Page): number {
  const own = page.frontmatter.boost;
  if (typeof own === 'number' && own > 0) return own;
  const trail = page.placements[0]?.trail ?? [];
  for (let index = trail.length - 1; index >= 0; index--) {
    const boost = elementSetting(site, trail[index]!, 'boost');
    if (typeof boost === 'number' && boost > 0) return boost;
  }
  return 1;
}

/** The version, language and product above a placement. */
function scopeOf(site: Site, placement: Placement): Scope {
  const scope: Scope = {};
  if (placement.version !== undefined) scope.version = placement.version;
  if (placement.language !== undefined) scope.language = placement.language;
  for (const id of placement.trail) {
    const element = site.elements.get(id);
    if (element?.kind === 'product') scope.product = element.label;
  }
  return scope;
}

/** Each element's docs.json object by id, looked up once per config: thousands of pages share a few hundred groups. */
const writtenElements = new WeakMap<object, Map<string, unknown>>();

/** A setting written on a navigation element in docs.json (`searchable`, `boost`), which the site model does not carry. */
function elementSetting(site: Site, id: string, key: 'searchable' | 'boost'): unknown {
  let elements = writtenElements.get(site.config);
  if (!elements) writtenElements.set(site.config, (elements = new Map()));
  let written = elements.get(id);
  if (written === undefined && !elements.has(id)) elements.set(id, (written = configAt(site.config, id)));
  return written !== null && typeof written === 'object' ? (written as Record<string, unknown>)[key] : undefined;
}
