/**
 * The API overview page of one OpenAPI document (issue 30): what Scalar and Redoc show above the
 * operations. `info.title`, `info.description` (CommonMark through the same sanitising renderer as
 * operation descriptions: raw HTML cut to the allow-list, unsafe URLs dropped), the version,
 * servers, contact/license/terms and external docs, then one section per tag (its description,
 * then its operations linked to their pages), then the untagged operations. The page is generated
 * beside the spec's endpoint pages (site/endpoint-pages.ts) and listed in no sidebar; endpoint
 * pages link to it next to "Download API spec".
 */
import { markdownHtml } from '../../content/commonmark.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { safeUrl } from '../../shared/safe-url.ts';
import type { OpenApiDocument, Operation } from '../../openapi/types.ts';
import { endpointTitle } from '../../openapi/slug.ts';
import type { Page, Site } from '../../site/types.ts';
import { pageHref } from '../links.ts';
import { methodBadgeHtml } from './content.ts';

type OverviewSource = Extract<Page['source'], { type: 'overview' }>;

/** The operations of the overview's spec and directory that have pages, in document order, with their URLs. */
export function overviewEntries(site: Site, { spec, directory }: OverviewSource, document: OpenApiDocument, base: string): OverviewEntry[] {
  const routes = new Map<string, string>(); // by the operation's JSON pointer: the document may be another read of the spec
  for (const page of site.pages.values()) {
    const source = page.source;
    if (source.type === 'endpoint' && source.spec === spec && source.directory === directory && !routes.has(source.operation.pointer))
      routes.set(source.operation.pointer, page.route);
  }
  return document.operations.flatMap((operation) => {
    const route = routes.get(operation.pointer);
    return route === undefined ? [] : [{ operation, href: pageHref(route, base) }];
  });
}

/** What an overview's body reads of the site model besides its spec: the routes of its operations' pages (the body cache's key). */
export function overviewPagesKey(site: Site, { spec, directory }: OverviewSource): string {
  const routes: string[] = [];
  for (const page of site.pages.values()) {
    const source = page.source;
    if (source.type === 'endpoint' && source.spec === spec && source.directory === directory) routes.push(`${source.operation.pointer} ${page.route}`);
  }
  return routes.join('\n');
}

const overviews = new WeakMap<Site['pages'], Map<string, string>>();

/** The route of the overview of the spec and directory an endpoint page comes from; undefined when there is none. */
export function overviewRoute(site: Site, spec: string, directory: string): string | undefined {
  let found = overviews.get(site.pages);
  if (!found) {
    found = new Map();
    for (const page of site.pages.values()) if (page.source.type === 'overview') found.set(`${page.source.spec}\u0000${page.source.directory}`, page.route);
    overviews.set(site.pages, found);
  }
  return found.get(`${spec}\u0000${directory}`);
}

/** An operation of the overview and the URL of its page. */
export interface OverviewEntry {
  operation: Operation;
  href: string;
}

/** What the overview shows, read from the document's `info`, `servers`, `externalDocs` and `tags`. */
interface OverviewModel {
  description?: string;
  version?: string;
  servers: { url: string; description?: string }[];
  links: { label: string; href: string }[];
  sections: { heading: string; description?: string; entries: OverviewEntry[] }[];
}

type JsonObject = Record<string, unknown>;

function objectOf(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The overview's parts; `entries`: the operations with pages on the site, in document order. */
function overviewModel(document: OpenApiDocument, entries: readonly OverviewEntry[]): OverviewModel {
  const raw = objectOf(document.raw) ?? {};
  const info = objectOf(raw['info']) ?? {};
  const links: { label: string; href: string }[] = [];
  const contact = objectOf(info['contact']);
  const contactUrl = textOf(contact?.['url']);
  const email = textOf(contact?.['email']);
  if (contactUrl) links.push({ label: textOf(contact?.['name']) ?? 'Contact', href: contactUrl });
  if (email) links.push({ label: email, href: `mailto:${email}` });
  const license = objectOf(info['license']);
  const licenseUrl = textOf(license?.['url']) ?? (textOf(license?.['identifier']) ? `https://spdx.org/licenses/${textOf(license?.['identifier'])}.html` : undefined);
  if (licenseUrl) links.push({ label: `License: ${textOf(license?.['name']) ?? textOf(license?.['identifier']) ?? licenseUrl}`, href: licenseUrl });
  const terms = textOf(info['termsOfService']);
  if (terms) links.push({ label: 'Terms of service', href: terms });
  const external = objectOf(raw['externalDocs']);
  const externalUrl = textOf(external?.['url']);
  if (externalUrl) links.push({ label: textOf(external?.['description']) ?? 'External documentation', href: externalUrl });

  const servers: { url: string; description?: string }[] = [];
  if (Array.isArray(raw['servers'])) {
    for (const server of raw['servers']) {
      const url = textOf(objectOf(server)?.['url']);
      const description = textOf(objectOf(server)?.['description']);
      if (url) servers.push({ url, ...(description ? { description } : {}) });
    }
  } else if (textOf(raw['host'])) {
    // Swagger 2.0: scheme, host and base path.
    const scheme = Array.isArray(raw['schemes']) && typeof raw['schemes'][0] === 'string' ? raw['schemes'][0] : 'https';
    servers.push({ url: `${scheme}://${String(raw['host'])}${textOf(raw['basePath']) ?? ''}` });
  }

  const byTag = new Map<string, OverviewEntry[]>();
  for (const tag of document.tags) byTag.set(tag.name, []);
  const untagged: OverviewEntry[] = [];
  for (const entry of entries) {
    const tag = entry.operation.tags[0];
    if (tag === undefined) untagged.push(entry);
    else {
      let list = byTag.get(tag);
      if (!list) byTag.set(tag, (list = []));
      list.push(entry);
    }
  }
  const sections: OverviewModel['sections'] = [];
  for (const [name, list] of byTag) {
    const tag = document.tags.find((candidate) => candidate.name === name);
    if (list.length === 0 && !tag?.description) continue;
    sections.push({ heading: tag?.displayName ?? name, ...(tag?.description ? { description: tag.description } : {}), entries: list });
  }
  if (untagged.length > 0) sections.push({ heading: sections.length > 0 ? 'Other operations' : 'Operations', entries: untagged });
  const description = textOf(info['description']);
  const version = textOf(info['version']);
  return { ...(description ? { description } : {}), ...(version ? { version } : {}), servers, links, sections };
}

/** A heading's anchor: its words, lower-cased, dashes between. */
function anchorOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/** The overview's HTML body (the shell prints the title) and its headings. */
export function overviewHtml(document: OpenApiDocument, entries: readonly OverviewEntry[]): { html: string; headings: { depth: number; id: string; text: string }[] } {
  const model = overviewModel(document, entries);
  const headings: { depth: number; id: string; text: string }[] = [];
  const used = new Set<string>();
  const anchor = (text: string): string => {
    let id = anchorOf(text);
    for (let n = 1; used.has(id); n++) id = `${anchorOf(text)}-${n}`;
    used.add(id);
    return id;
  };
  let html = '<div class="api-overview">';
  if (model.version) html += `<p class="api-overview-version">Version <code>${escapeHtml(model.version)}</code></p>`;
  if (model.description) html += `<div class="api-overview-description">${markdownHtml(model.description)}</div>`;
  if (model.servers.length > 0) {
    const items = model.servers.map(
      (server) =>
        `<li><code>${escapeHtml(server.url)}</code>${server.description ? ` <span class="endpoint-server-description">${escapeHtml(server.description)}</span>` : ''}</li>`,
    );
    html += `<ul class="api-overview-servers endpoint-servers">${items.join('')}</ul>`;
  }
  const links = model.links.flatMap(({ label, href }) => {
    const safe = safeUrl(href, 'link');
    return safe === undefined ? [] : [`<li><a href="${escapeHtml(safe)}">${escapeHtml(label)}</a></li>`];
  });
  if (links.length > 0) html += `<ul class="api-overview-links">${links.join('')}</ul>`;
  for (const section of model.sections) {
    const id = anchor(section.heading);
    headings.push({ depth: 2, id, text: section.heading });
    html += `<h2 id="${escapeHtml(id)}">${escapeHtml(section.heading)}</h2>`;
    if (section.description) html += `<div class="api-overview-tag-description">${markdownHtml(section.description)}</div>`;
    if (section.entries.length > 0) {
      const items = section.entries.map(
        ({ operation, href }) =>
          `<li>${methodBadgeHtml(operation.kind === 'webhook' ? 'WEBHOOK' : operation.method)} <a href="${escapeHtml(href)}">${escapeHtml(endpointTitle(operation))}</a> <code>${escapeHtml(operation.path)}</code></li>`,
      );
      html += `<ul class="api-overview-operations">${items.join('')}</ul>`;
    }
  }
  return { html: `${html}</div>`, headings };
}

/** Text as Markdown that shows it as written: every character Markdown reads escaped. */
function literal(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>&]/g, '\\$&');
}

/** The overview's Markdown twin: the spec's descriptions as the Markdown they are, the rest as text. */
export function overviewMarkdown(title: string, document: OpenApiDocument, entries: readonly OverviewEntry[]): string {
  const model = overviewModel(document, entries);
  const parts: string[] = [`# ${literal(title)}`];
  if (model.version) parts.push(`Version: \`${model.version.replaceAll('`', '')}\``);
  if (model.description) parts.push(model.description.trim());
  if (model.servers.length > 0)
    parts.push(model.servers.map((server) => `- \`${server.url.replaceAll('`', '')}\`${server.description ? ` ${literal(server.description)}` : ''}`).join('\n'));
  const links = model.links.flatMap(({ label, href }) => {
    const safe = safeUrl(href, 'link');
    return safe === undefined ? [] : [`- [${literal(label)}](<${safe.replace(/[<>\s]/g, encodeURIComponent)}>)`];
  });
  if (links.length > 0) parts.push(links.join('\n'));
  for (const section of model.sections) {
    parts.push(`## ${literal(section.heading)}`);
    if (section.description) parts.push(section.description.trim());
    if (section.entries.length > 0) {
      parts.push(
        section.entries
          .map(
            ({ operation, href }) =>
              `- ${operation.kind === 'webhook' ? 'WEBHOOK' : operation.method} [${literal(endpointTitle(operation))}](<${href.replace(/[<>\s]/g, encodeURIComponent)}>) \`${operation.path.replaceAll('`', '')}\``,
          )
          .join('\n'),
      );
    }
  }
  return `${parts.join('\n\n')}\n`;
}
