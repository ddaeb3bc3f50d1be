/**
 * An endpoint as plain data for a program to read (the `get_api_operation` tool of `docjet mcp`):
 * the endpoint model of model.ts with every schema's references followed, so that a reader needs
 * no copy of the document. A component met again inside itself is written `{ "$circular": "Pet" }`,
 * a reference that leads nowhere `{ "$unresolved": "#/…" }`, and a schema is cut (`{ "$truncated":
 * true }`) past MAX_DEPTH levels or MAX_NODES objects, so that no spec, however large or recursive,
 * makes an answer without bound.
 */
import type { OpenApiDocument, Operation } from '../types.ts';
import { isRecord } from './json.ts';
import { readEndpoint, type BodyModel, type MediaModel, type ParameterModel, type ResponseModel } from './model.ts';
import { Resolver } from './resolve.ts';

const MAX_DEPTH = 16;
const MAX_NODES = 4000;

export interface PlainParameter {
  name: string;
  in: string;
  required: boolean;
  deprecated?: true;
  description?: string;
  schema: unknown;
  example?: unknown;
}

export interface PlainMedia {
  mediaType: string;
  schema: unknown;
  examples?: unknown[];
}

export interface PlainEndpoint {
  spec: string;
  kind: 'operation' | 'webhook';
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated?: true;
  servers: { url: string; description?: string }[];
  /** Any one of these sets of schemes is enough; all schemes of a set are needed together. */
  security: { scheme: string; type?: string; in?: string; name?: string; bearerFormat?: string; scopes: string[] }[][];
  parameters: PlainParameter[];
  requestBody?: { required: boolean; description?: string; content: PlainMedia[] };
  responses: { status: string; description?: string; headers?: PlainParameter[]; content: PlainMedia[] }[];
}

/** `operation` of `document`, its schemas resolved (see the file's comment). */
export function plainEndpoint(document: OpenApiDocument, operation: Operation): PlainEndpoint {
  const resolver = new Resolver(document.raw);
  const model = readEndpoint(document, operation, resolver);
  const budget = { nodes: 0 };
  const schema = (value: unknown): unknown => plainSchema(value, resolver, budget);
  const endpoint: PlainEndpoint = {
    spec: document.file,
    kind: operation.kind,
    method: operation.method,
    path: operation.path,
    ...(operation.operationId ? { operationId: operation.operationId } : {}),
    ...(operation.summary ? { summary: operation.summary } : {}),
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    ...(operation.deprecated ? { deprecated: true as const } : {}),
    servers: model.servers.map((server) => ({ url: server.url, ...(server.description ? { description: server.description } : {}) })),
    security: model.security.alternatives.map((set) =>
      set.map((use) => {
        const scheme = use.scheme ?? {};
        const text = (key: string): Record<string, string> => (typeof scheme[key] === 'string' ? { [key]: scheme[key] } : {});
        return { scheme: use.name, ...text('type'), ...text('in'), ...text('name'), ...text('bearerFormat'), scopes: use.scopes };
      }),
    ),
    parameters: model.parameters.map((parameter) => plainParameter(parameter, schema)),
    responses: model.responses.map((response) => plainResponse(response, schema)),
  };
  if (model.body) endpoint.requestBody = plainBody(model.body, schema);
  return endpoint;
}

function plainParameter(parameter: ParameterModel, schema: (value: unknown) => unknown): PlainParameter {
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    ...(parameter.deprecated ? { deprecated: true as const } : {}),
    ...(parameter.description ? { description: parameter.description } : {}),
    schema: schema(parameter.schema),
    ...(parameter.example ? { example: parameter.example.value } : {}),
  };
}

function plainMedia(media: MediaModel, schema: (value: unknown) => unknown): PlainMedia {
  const examples = media.examples.map((example) => example.value);
  return { mediaType: media.mediaType, schema: schema(media.schema), ...(examples.length > 0 ? { examples } : {}) };
}

function plainBody(body: BodyModel, schema: (value: unknown) => unknown): NonNullable<PlainEndpoint['requestBody']> {
  return { required: body.required, ...(body.description ? { description: body.description } : {}), content: body.contents.map((media) => plainMedia(media, schema)) };
}

function plainResponse(response: ResponseModel, schema: (value: unknown) => unknown): PlainEndpoint['responses'][number] {
  const headers = response.headers.map((header) => plainParameter(header, schema));
  return {
    status: response.status,
    ...(response.description ? { description: response.description } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    content: response.contents.map((media) => plainMedia(media, schema)),
  };
}

/**
 * A schema with its references followed, recursively: objects and arrays are copied, `$ref`s
 * replaced by what they point at (keys written beside them kept, as the resolver merges them).
 * Example values and `x-` extensions are copied as written, references inside them not followed.
 */
export function plainSchema(value: unknown, resolver: Resolver, budget = { nodes: 0 }, within: readonly string[] = [], depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => plainSchema(item, resolver, budget, within, depth));
  if (!isRecord(value)) return value;
  if (depth > MAX_DEPTH || ++budget.nodes > MAX_NODES) return { $truncated: true };
  let target: Record<string, unknown> = value;
  let inside = within;
  if (typeof value.$ref === 'string') {
    const resolved = resolver.resolve(value);
    if (resolved.broken !== undefined || !isRecord(resolved.value)) return { $unresolved: value.$ref };
    const key = resolved.key ?? value.$ref;
    if (within.includes(key)) return { $circular: resolved.name ?? value.$ref };
    target = resolved.value;
    inside = [...within, key];
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(target)) {
    if (SCHEMA_MAPS.has(key) && isRecord(item)) {
      // Keys here are names (a property may be called `default`), each value a schema.
      copy[key] = Object.fromEntries(Object.entries(item).map(([name, schema]) => [name, plainSchema(schema, resolver, budget, inside, depth + 1)]));
    } else {
      copy[key] = AS_WRITTEN.has(key) || key.startsWith('x-') ? item : plainSchema(item, resolver, budget, inside, depth + 1);
    }
  }
  return copy;
}

/** Values copied as written: data, not schemas. */
const AS_WRITTEN = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Maps from a name to a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
