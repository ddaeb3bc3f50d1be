/**
 * Models a page shows with `openapi-schema:` frontmatter (format-behaviour.md §4.3): `Pet`, or
 * `spec.yaml Pet` when several specs have one of that name. A model is an entry of
 * `components.schemas` (`definitions` in Swagger 2.0).
 */
import { isRemoteSpec } from './fetch-spec.ts';
import { modelsOf } from './index-operations.ts';
import type { DocumentLoader } from './documents.ts';
import type { OpenApiDocument } from './types.ts';

export interface SchemaReference {
  spec?: string;
  name: string;
}

const SPEC = /\.(?:json|ya?ml)$/i;

/** `spec.yaml Pet` → the spec and the name; `Pet` → the name. Undefined for a blank value. */
export function parseSchemaReference(value: string): SchemaReference | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const [first, ...rest] = text.split(/\s+/);
  if (rest.length > 0 && (SPEC.test(first!) || isRemoteSpec(first!))) return { spec: first!, name: rest.join(' ') };
  return { name: text };
}

/** The names of the document's models, in document order. */
export function schemaNames(document: OpenApiDocument): string[] {
  return Object.keys(modelsOf(document.raw, document.version.startsWith('2')) ?? {});
}

/**
 * The model a reference names: in the spec it names, else in the first of `specs()` that has it.
 * When none has it, how many documents were read and the names of their models, for "did you mean".
 */
export async function findSchema(
  reference: SchemaReference,
  documents: DocumentLoader,
  specs: () => readonly string[],
): Promise<{ found: { document: OpenApiDocument; name: string } } | { found: undefined; searched: number; names: string[] }> {
  const named = reference.spec === undefined || isRemoteSpec(reference.spec) ? reference.spec : reference.spec.replace(/^\/+/, '');
  const candidates = named === undefined ? specs() : [named];
  const names: string[] = [];
  let searched = 0;
  for (const file of new Set(candidates)) {
    const document = await documents(file);
    if (!document) continue;
    searched++;
    const own = schemaNames(document);
    if (own.includes(reference.name)) return { found: { document, name: reference.name } };
    names.push(...own);
  }
  return { found: undefined, searched, names };
}

/** `#/components/schemas/Pet`, or `#/definitions/Pet` in Swagger 2.0. */
export function schemaPointer(document: OpenApiDocument, name: string): string {
  const escaped = name.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('%', '%25');
  return document.version.startsWith('2') ? `#/definitions/${escaped}` : `#/components/schemas/${escaped}`;
}
