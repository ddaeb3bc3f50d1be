/**
 * The `get_api_operation` tool: one operation of the site's OpenAPI documents as data (parameters,
 * request body, responses, servers, security; schemas resolved: src/openapi/endpoint/plain.ts),
 * named the way the site names it: an endpoint page's path, `GET /pets/{id}` (or `spec.yaml GET
 * /pets/{id}`, `webhook name`, as docs.json writes them), or an operation id. The documents are the
 * ones the site uses (navigation and `openapi:` frontmatter), read as pages read them: never fetched.
 */
import { findEndpoint, siteSpecFiles, type Endpoint } from '../../openapi/documents.ts';
import { plainEndpoint, type PlainEndpoint } from '../../openapi/endpoint/plain.ts';
import { findOperation, parseEndpointReference } from '../../openapi/reference.ts';
import { pageHref } from '../../render/links.ts';
import { closestMatch } from '../../shared/suggest.ts';
import type { DocsSnapshot } from './docs.ts';
import { routeOf } from './paths.ts';

export type OperationAnswer = { endpoint: PlainEndpoint & { page?: string } } | { problem: string };

/** Operations named in a "not found" answer, at most. */
const LISTED = 30;

export async function findApiOperation(docs: DocsSnapshot, name: string, spec?: string): Promise<OperationAnswer> {
  const { site, documents, base } = docs;
  // Only the documents the site uses are read: a client's `spec` names one of them, never any file.
  const all = siteSpecFiles(site);
  const first = spec === undefined ? undefined : all.find((file) => file === spec.replace(/^\/+/, ''));
  const specs = (): string[] => (first === undefined ? all : [first, ...all.filter((file) => file !== first)]);
  const found = (await fromPage(docs, name)) ?? (await fromReference(docs, name, specs)) ?? (await fromOperationId(docs, name, specs()));
  if (found && 'problem' in found) return found;
  if (found) {
    const route = pageOf(docs, found);
    return { endpoint: { ...plainEndpoint(found.document, found.operation), ...(route !== undefined ? { page: pageHref(route, base) } : {}) } };
  }
  const known: string[] = [];
  for (const file of specs()) {
    const document = await documents(file);
    for (const operation of document?.operations ?? []) known.push(operation.kind === 'webhook' ? `webhook ${operation.path}` : `${operation.method} ${operation.path}`);
    if (known.length > 1000) break;
  }
  if (known.length === 0) return { problem: 'This site documents no API operation (it has no OpenAPI document).' };
  const near = closestMatch(name, known);
  return {
    problem:
      `No API operation is named "${name}".${near ? ` Did you mean "${near}"?` : ''} ` +
      `Name one as "METHOD /path", by its operationId, or by its page's path. Operations: ${known.slice(0, LISTED).join(', ')}${known.length > LISTED ? ', …' : ''}`,
  };
}

/** An endpoint page, or a page whose `openapi:` frontmatter names an operation; a page that documents none says so. */
async function fromPage(docs: DocsSnapshot, name: string): Promise<Endpoint | { problem: string } | undefined> {
  const route = routeOf(name, docs.base, docs.site);
  const page = route === undefined ? undefined : docs.site.pages.get(route);
  if (!page) return undefined;
  if (page.source.type === 'endpoint') {
    const document = await docs.documents(page.source.spec);
    return document ? { document, operation: page.source.operation } : { problem: `The OpenAPI document of ${name} (${page.source.spec}) cannot be read.` };
  }
  const reference = page.frontmatter.openapi;
  if (typeof reference !== 'string') return { problem: `The page ${name} documents no API operation; read it with read_page.` };
  const { endpoint } = await findEndpoint(reference, docs.documents, () => siteSpecFiles(docs.site));
  return endpoint ?? { problem: `The page ${name} names the operation "${reference}", which no OpenAPI document of the site has.` };
}

/** `GET /pets`, `spec.yaml GET /pets`, `webhook name`: in the spec it names first, when the site uses it. */
async function fromReference(docs: DocsSnapshot, name: string, specs: () => string[]): Promise<Endpoint | undefined> {
  const reference = parseEndpointReference(name);
  if (!reference) return undefined;
  const files = specs();
  const named = reference.spec?.replace(/^\/+/, '');
  for (const file of new Set(named !== undefined && files.includes(named) ? [named, ...files] : files)) {
    const document = await docs.documents(file);
    const operation = document && findOperation(document, reference);
    if (document && operation) return { document, operation };
  }
  return undefined;
}

async function fromOperationId(docs: DocsSnapshot, name: string, files: readonly string[]): Promise<Endpoint | undefined> {
  for (const file of files) {
    const document = await docs.documents(file);
    const operation = document?.operations.find((each) => each.operationId === name) ?? document?.operations.find((each) => each.operationId?.toLowerCase() === name.toLowerCase());
    if (document && operation) return { document, operation };
  }
  return undefined;
}

/** The generated page of an operation, when the site has one. */
function pageOf(docs: DocsSnapshot, { document, operation }: Endpoint): string | undefined {
  for (const page of docs.site.pages.values()) {
    if (page.source.type === 'endpoint' && page.source.spec === document.file && page.source.operation.pointer === operation.pointer) return page.route;
  }
  return undefined;
}
