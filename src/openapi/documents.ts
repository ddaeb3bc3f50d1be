/**
 * The OpenAPI documents of one site as pages need them: each read and indexed once, on the first
 * page that uses it, then shared by every other page (a build renders hundreds from one spec; the
 * dev server renders one page and should read only the spec that page needs).
 */
import { loadOpenApi } from './load.ts';
import { findOperation, parseEndpointReference } from './reference.ts';
import type { OpenApiDocument, Operation } from './types.ts';

/** A spec file (site-relative) → its document; undefined when it cannot be read as one. */
export type DocumentLoader = (file: string) => Promise<OpenApiDocument | undefined>;

export interface Endpoint {
  document: OpenApiDocument;
  operation: Operation;
}

export function createDocumentLoader(root: string): DocumentLoader {
  const documents = new Map<string, Promise<OpenApiDocument | undefined>>();
  return (file) => {
    let loaded = documents.get(file);
    if (!loaded) {
      loaded = loadOpenApi({ root, file }).then((result) => result.document);
      documents.set(file, loaded);
    }
    return loaded;
  };
}

/**
 * The operation an `openapi:` frontmatter value names (`GET /pets`, `spec.json GET /pets`,
 * `webhook created`): in the spec it names, else in the first of `specs()` that has it. `specs` is
 * called only for a reference that names no spec.
 */
export async function findEndpoint(reference: string, documents: DocumentLoader, specs: () => readonly string[]): Promise<Endpoint | undefined> {
  const parsed = parseEndpointReference(reference);
  if (!parsed) return undefined;
  const candidates = parsed.spec ? [parsed.spec.replace(/^\/+/, '')] : specs();
  for (const file of candidates) {
    const document = await documents(file);
    const operation = document ? findOperation(document, parsed) : undefined;
    if (document && operation) return { document, operation };
  }
  return undefined;
}
