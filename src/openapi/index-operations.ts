/**
 * One pass over a parsed document: its version, tags and an operation table. Nothing is
 * dereferenced except a path item (or operation) that is itself an internal `$ref`; schemas are
 * left for the page renderer to resolve lazily (openapi-libraries.md §7).
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic, type MessageParams } from '../shared/messages.ts';
import type { TextPosition } from './locate.ts';
import type { OpenApiDocument, OpenApiTag, Operation } from './types.ts';

/** Path item fields that are operations (OpenAPI 2.0–3.1). Other keys (`parameters`, `summary`…) are not. */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type JsonObject = Record<string, unknown>;

/** Where the key `key` of the object at a JSON pointer of the document is written, when its text is at hand. */
export type Locate = (pointer: string, key: string) => TextPosition | undefined;

export function indexDocument(file: string, raw: unknown, locate?: Locate): { document?: OpenApiDocument; diagnostics: Diagnostic[] } {
  const invalid = (params: MessageParams<'openapi-invalid'>) => ({ diagnostics: [diagnostic('openapi-invalid', undefined, file, params)] });

  if (!isRecord(raw)) return invalid({ file, problem: 'top-level', value: describeValue(raw) });
  const versionKey = 'openapi' in raw ? 'openapi' : 'swagger' in raw ? 'swagger' : undefined;
  if (!versionKey) return invalid({ file, problem: 'no-version' });
  const version = toVersion(raw[versionKey]);
  if (version === undefined) return invalid({ file, problem: 'version-type', key: versionKey, value: describeValue(raw[versionKey]) });
  const sections = versionKey === 'swagger' ? ['paths'] : ['paths', 'webhooks', 'x-webhooks'];
  // A document of models alone (3.1 allows it) serves `openapi-schema:` pages; it makes no endpoints.
  if (!sections.some((key) => isRecord(raw[key])) && !holdsModels(raw, versionKey)) {
    const wanted = versionKey === 'swagger' ? '`paths`' : '`paths` or `webhooks`';
    return invalid({ file, problem: 'no-operations', key: versionKey, version, wanted });
  }

  const indexer = new Indexer(raw);
  const operations: Operation[] = [];
  if (isRecord(raw.paths)) {
    for (const [path, item] of Object.entries(raw.paths)) {
      indexer.pathItem(item, `#/paths/${escapePointer(path)}`, path, 'operation', operations);
    }
  }
  for (const key of ['webhooks', 'x-webhooks']) {
    const webhooks = raw[key];
    if (!isRecord(webhooks)) continue;
    for (const [name, item] of Object.entries(webhooks)) {
      // A spec moving from the 3.0 extension to 3.1 may list a hook under both keys: index it once.
      if (key === 'x-webhooks' && isRecord(raw.webhooks) && Object.hasOwn(raw.webhooks, name)) continue;
      indexer.pathItem(item, `#/${key}/${escapePointer(name)}`, name, 'webhook', operations);
    }
  }

  const document: OpenApiDocument = { file, version, operations, tags: toTags(raw.tags), raw };
  if (isRecord(raw.info) && typeof raw.info.title === 'string') document.title = raw.info.title;
  return { document, diagnostics: indexer.diagnostics(file, locate) };
}

/** The document's models by name: `components.schemas` (`definitions` in Swagger 2.0); undefined when it has none. */
export function modelsOf(raw: unknown, swagger: boolean): JsonObject | undefined {
  if (!isRecord(raw)) return undefined;
  const holder = swagger ? raw.definitions : isRecord(raw.components) ? raw.components.schemas : undefined;
  return isRecord(holder) ? holder : undefined;
}

function holdsModels(raw: JsonObject, versionKey: 'openapi' | 'swagger'): boolean {
  return Object.keys(modelsOf(raw, versionKey === 'swagger') ?? {}).length > 0;
}

class Indexer {
  /** `$ref`s to other files, as `label → ref`, and how many of them stood for an operation or a path item. */
  private readonly external: string[] = [];
  private externalOperations = 0;
  private externalPathItems = 0;
  private readonly unresolved: string[] = [];
  /** Operations limited to access groups (`x-mint.groups`), which a docjet site publishes for everyone. */
  private readonly restricted: { label: string; pointer: string }[] = [];

  private readonly raw: JsonObject;

  constructor(raw: JsonObject) {
    this.raw = raw;
  }

  pathItem(value: unknown, pointer: string, path: string, kind: Operation['kind'], out: Operation[]): void {
    if (!isRecord(value)) return;
    let item = value;
    let itemPointer = pointer;
    if (typeof value.$ref === 'string') {
      const target = this.follow(value.$ref, kind === 'webhook' ? `webhook ${path}` : path);
      if (target === 'external') this.externalPathItems++;
      else if (target) {
        // OpenAPI leaves fields beside a path item `$ref` undefined; let them override, like a local edit.
        const { $ref: _ref, ...siblings } = value;
        item = { ...target.value, ...siblings };
        itemPointer = target.pointer;
      }
    }
    for (const key of Object.keys(item)) {
      const method = key.toLowerCase();
      if (!METHODS.has(method)) continue;
      const operationPointer = item !== value && Object.hasOwn(value, key) ? pointer : itemPointer;
      this.operation(item[key], `${operationPointer}/${escapePointer(key)}`, method.toUpperCase(), path, kind, out);
    }
  }

  private operation(value: unknown, pointer: string, method: string, path: string, kind: Operation['kind'], out: Operation[]): void {
    if (!isRecord(value)) return;
    let operation = value;
    let operationPointer = pointer;
    /** How warnings name the operation. */
    const label = kind === 'webhook' ? `webhook ${path}` : `${method} ${path}`;
    // Not allowed by the specification, but common in multi-file specs (DigitalOcean's, for one).
    if (typeof value.$ref === 'string') {
      const target = this.follow(value.$ref, label);
      if (target === 'external') this.externalOperations++;
      else if (target) {
        const { $ref: _ref, ...siblings } = value;
        operation = { ...target.value, ...siblings };
        operationPointer = target.pointer;
      }
    }
    out.push(toOperation(operation, kind, method, path, operationPointer));
    if (hasAccessGroups(operation['x-mint'])) this.restricted.push({ label, pointer: operationPointer });
  }

  /**
   * An internal `$ref`, followed through chains. What it cannot follow is recorded for one summary
   * warning per kind and reported as `'external'` or `undefined`.
   */
  private follow(ref: string, label: string): { value: JsonObject; pointer: string } | 'external' | undefined {
    let current = ref;
    for (let hops = 0; hops < 16; hops++) {
      if (!current.startsWith('#')) {
        this.external.push(`${label} → ${current}`);
        return 'external';
      }
      const value = resolvePointer(this.raw, current);
      if (!isRecord(value)) break;
      if (typeof value.$ref !== 'string') return { value, pointer: current };
      current = value.$ref;
    }
    this.unresolved.push(`${label} → ${ref}`);
    return undefined;
  }

  diagnostics(file: string, locate: Locate | undefined): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    const [firstRestricted] = this.restricted;
    if (firstRestricted !== undefined) {
      const at = locate?.(firstRestricted.pointer, 'x-mint');
      const params = { file, count: this.restricted.length, first: firstRestricted.label };
      diagnostics.push(diagnostic('openapi-access-groups', at && { file, ...at }, file, params));
    }
    const [firstExternal] = this.external;
    if (firstExternal !== undefined) {
      const lost = { operations: this.externalOperations, pathItems: this.externalPathItems };
      const refs = { file, operation: undefined, count: this.external.length, first: firstExternal };
      diagnostics.push(diagnostic('openapi-external-ref', undefined, file, { ...refs, ...lost }));
    }
    const [firstUnresolved] = this.unresolved;
    if (firstUnresolved !== undefined) {
      const refs = { file, operation: undefined, count: this.unresolved.length, first: firstUnresolved };
      diagnostics.push(diagnostic('openapi-unresolved-ref', undefined, file, refs));
    }
    return diagnostics;
  }
}

function toOperation(value: JsonObject, kind: Operation['kind'], method: string, path: string, pointer: string): Operation {
  const operation: Operation = {
    kind,
    method,
    path,
    tags: toTagNames(value.tags),
    deprecated: value.deprecated === true,
    hidden: value['x-hidden'] === true,
    excluded: value['x-excluded'] === true,
    pointer,
  };
  const summary = nonEmptyString(value.summary);
  if (summary !== undefined) operation.summary = summary;
  const description = nonEmptyString(value.description);
  if (description !== undefined) operation.description = description;
  const operationId = nonEmptyString(value.operationId);
  if (operationId !== undefined) operation.operationId = operationId;
  const mint = value['x-mint'];
  if (isRecord(mint)) {
    const href = nonEmptyString(mint.href);
    if (href !== undefined) operation.href = href;
    // Any frontmatter key but `openapi`, which would name another operation (format-behaviour.md §4.3).
    if (isRecord(mint.metadata)) {
      const { openapi: _openapi, ...metadata } = mint.metadata;
      if (Object.keys(metadata).length > 0) operation.metadata = metadata;
    }
    // As written: indentation is Markdown.
    if (typeof mint.content === 'string' && mint.content.trim() !== '') operation.content = mint.content;
  }
  return operation;
}

/** `x-mint: { groups: ["admin"] }`: the hosted product shows the operation to those groups only. */
function hasAccessGroups(mint: unknown): boolean {
  if (!isRecord(mint)) return false;
  const groups = Array.isArray(mint.groups) ? mint.groups : [mint.groups];
  return groups.some((group) => typeof group === 'string' && group.trim() !== '');
}

function toTagNames(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
}

function toTags(value: unknown): OpenApiTag[] {
  if (!Array.isArray(value)) return [];
  const tags: OpenApiTag[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const tag: OpenApiTag = { name: entry.name };
    const description = nonEmptyString(entry.description);
    if (description !== undefined) tag.description = description;
    const displayName = nonEmptyString(entry['x-group']) ?? nonEmptyString(entry['x-displayName']) ?? nonEmptyString(entry.summary);
    if (displayName !== undefined) tag.displayName = displayName;
    tags.push(tag);
  }
  return tags;
}

/**
 * YAML reads an unquoted `swagger: 2.0` as the number 2 and `openapi: 3.1` as 3.1; accept them
 * as the version they were meant to be rather than reject a spec every other tool loads.
 */
function toVersion(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) ? `${value}.0` : String(value);
  return undefined;
}

/** `#/components/pathItems/a~1b` → the value there, or undefined. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#' || ref === '#/') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current = root;
  for (const raw of ref.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    segment = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `the ${typeof value} ${JSON.stringify(value)}`;
}
