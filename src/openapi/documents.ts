/**
 * The OpenAPI documents of one site as pages need them: each read and indexed once, on the first
 * page that uses it, then shared by every other page (a build renders hundreds from one spec; the
 * dev server renders one page and should read only the spec that page needs).
 */
import { isRemoteSpec } from './fetch-spec.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { loadOpenApi, type OpenApiResult } from './load.ts';
import { findOperation, parseEndpointReference } from './reference.ts';
import type { OpenApiDocument, Operation } from './types.ts';

/**
 * A spec file (site-relative) or URL → its document; undefined when it cannot be read as one. A URL
 * is read from the copy validation fetched or the cache (load.ts): rendering never fetches.
 */
export type DocumentLoader = ((file: string) => Promise<OpenApiDocument | undefined>) & {
  /**
   * The problems of the file itself (its syntax, NUL characters, `$ref`s), which a spec docs.json
   * names has reported by validation; one only pages name has them reported by the page.
   */
  problems?: (file: string) => Promise<readonly Diagnostic[]>;
};

export interface Endpoint {
  document: OpenApiDocument;
  operation: Operation;
}

/** What `siteSpecFiles` reads of a site (src/site/types.ts `Site`, which this layer does not import). */
export interface SpecHolders {
  pages: ReadonlyMap<string, { source: { type: 'endpoint' | 'overview'; spec: string } | { type: 'file' } }>;
  elements: ReadonlyMap<string, { openapi?: readonly { source: string }[] }>;
  dataFiles: readonly string[];
}

/**
 * Where `openapi:` and `openapi-schema:` frontmatter look after the spec they name (§4.3): the
 * spec files and URLs the navigation uses, then every other data file of the site (the hosted
 * product finds them in any OpenAPI document of the project).
 */
export function siteSpecFiles(site: SpecHolders): string[] {
  const found = navigationSpecFiles(site);
  return [...[...found].sort(), ...site.dataFiles.filter((file) => !found.has(file))];
}

/** The spec files and URLs the navigation uses: its elements' `openapi` and the specs of its endpoint entries. */
export function navigationSpecFiles(site: Pick<SpecHolders, 'pages' | 'elements'>): Set<string> {
  const found = new Set<string>();
  for (const page of site.pages.values()) if (page.source.type === 'endpoint') found.add(page.source.spec);
  for (const element of site.elements.values()) for (const source of element.openapi ?? []) found.add(source.source);
  return found;
}

export function createDocumentLoader(root: string): DocumentLoader {
  const results = new Map<string, Promise<OpenApiResult>>();
  const load = (file: string): Promise<OpenApiResult> => {
    let loaded = results.get(file);
    if (!loaded) {
      loaded = loadOpenApi({ root, file });
      results.set(file, loaded);
    }
    return loaded;
  };
  return Object.assign((file: string) => load(file).then((result) => result.document), {
    problems: (file: string) => load(file).then((result) => result.diagnostics),
  });
}

/**
 * The operation an `openapi:` frontmatter value names (`GET /pets`, `spec.json GET /pets`,
 * `webhook created`): in the spec it names, else in the first of `specs()` that has it.
 * `searched` counts the OpenAPI documents read, for the warning when none has it.
 */
export async function findEndpoint(reference: string, documents: DocumentLoader, specs: () => readonly string[]): Promise<{ endpoint?: Endpoint; searched: number }> {
  const parsed = parseEndpointReference(reference);
  if (!parsed) return { searched: 0 };
  const named = parsed.spec === undefined || isRemoteSpec(parsed.spec) ? parsed.spec : parsed.spec.replace(/^\/+/, '');
  // The spec named first, also without its extension (`openapi: "api GET /x"` for `api.json`), then the others.
  const guesses = named === undefined || isRemoteSpec(named) || /\.(?:json|ya?ml)$/i.test(named) ? [] : [`${named}.json`, `${named}.yaml`, `${named}.yml`];
  const candidates = named === undefined ? specs() : [named, ...guesses, ...specs()];
  let searched = 0;
  for (const file of new Set(candidates)) {
    const document = await documents(file);
    if (!document) continue;
    searched++;
    const operation = findOperation(document, parsed);
    if (operation) return { endpoint: { document, operation }, searched };
  }
  return { searched };
}
