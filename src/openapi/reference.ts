/**
 * Endpoint references in docs.json `pages` (and MDX `openapi:` frontmatter): `GET /pets`,
 * `openapi.yaml GET /pets`, `webhook customer.created`, `spec.json webhook name`
 * (format-behaviour.md §4.3; openapi-libraries.md §1).
 */
import { closestMatches } from '../shared/suggest.ts';
import type { EndpointReference, OpenApiDocument, Operation } from './types.ts';

export type { EndpointReference } from './types.ts';

const OPERATION = /^(?:(\S+)\s+)?(get|post|put|patch|delete|head|options|trace)\s+(\/\S*)$/i;
const WEBHOOK = /^(?:(\S+)\s+)?webhook\s+(\S.*)$/i;

/** The endpoint an entry names, or undefined when it is an ordinary page path such as `guides/intro`. */
export function parseEndpointReference(entry: string): EndpointReference | undefined {
  const text = entry.trim();
  const operation = OPERATION.exec(text);
  if (operation) {
    const [, spec, method, path] = operation;
    return withSpec({ kind: 'operation', method: method!.toUpperCase(), path: path! }, spec);
  }
  const webhook = WEBHOOK.exec(text);
  if (webhook) {
    const [, spec, name] = webhook;
    return withSpec({ kind: 'webhook', path: name!.trim() }, spec);
  }
  return undefined;
}

function withSpec(reference: EndpointReference, spec: string | undefined): EndpointReference {
  return spec === undefined ? reference : { spec, ...reference };
}

/**
 * The operation a reference names. Methods match in any case, paths match with or without a
 * trailing slash (an exact match wins); webhook names match exactly, else ignoring case.
 */
export function findOperation(document: OpenApiDocument, reference: EndpointReference): Operation | undefined {
  if (reference.kind === 'webhook') {
    const webhooks = document.operations.filter((operation) => operation.kind === 'webhook');
    const lower = reference.path.toLowerCase();
    return webhooks.find((operation) => operation.path === reference.path) ?? webhooks.find((operation) => operation.path.toLowerCase() === lower);
  }
  const method = reference.method?.toUpperCase();
  const candidates = document.operations.filter((operation) => operation.kind === 'operation' && (method === undefined || operation.method === method));
  const path = withoutTrailingSlash(reference.path);
  return candidates.find((operation) => operation.path === reference.path) ?? candidates.find((operation) => withoutTrailingSlash(operation.path) === path);
}

/** `GET /pets`, or `webhook newPet`: the words a docs.json entry uses. */
export function describeOperation(operation: Operation): string {
  return operation.kind === 'webhook' ? `webhook ${operation.path}` : `${operation.method} ${operation.path}`;
}

/** The reference as it would be written in docs.json, without its spec file. */
export function describeReference(reference: EndpointReference): string {
  return reference.kind === 'webhook' ? `webhook ${reference.path}` : `${reference.method ?? ''} ${reference.path}`.trim();
}

/**
 * "Did you mean" candidates for a reference that matched nothing. The usual slips come first: the
 * same path with other parameter names (`/pets/{id}` for `/pets/{petId}`), then the same path
 * under other methods; then the closest spellings.
 */
export function closestOperations(document: OpenApiDocument, reference: EndpointReference, limit = 3): string[] {
  const suggestions: string[] = [];
  if (reference.kind === 'operation') {
    const shape = pathShape(reference.path);
    const samePath = document.operations.filter((operation) => operation.kind === 'operation' && pathShape(operation.path) === shape);
    for (const operation of samePath) if (operation.method === reference.method) pushUnique(suggestions, describeOperation(operation));
    for (const operation of samePath) pushUnique(suggestions, describeOperation(operation));
  }
  if (suggestions.length < limit) {
    const described = new Set(document.operations.map(describeOperation));
    for (const match of closestMatches(describeReference(reference), described, { limit })) {
      pushUnique(suggestions, match);
    }
  }
  return suggestions.slice(0, limit);
}

/** `/pets/{petId}/` → `/pets/{}`: paths that name the same endpoint. */
function pathShape(path: string): string {
  return withoutTrailingSlash(path).replace(/\{[^{}]*\}/g, '{}');
}

function pushUnique(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
