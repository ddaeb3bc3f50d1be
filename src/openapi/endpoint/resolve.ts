/**
 * Lazy `$ref` resolution for one endpoint page (openapi-libraries.md §7): a reference is followed
 * only when the renderer reaches it, and only where the format puts references (schemas,
 * parameters, responses, request bodies, headers, examples, security schemes), never inside
 * example values or `x-` extensions. The component name survives, so a cycle can be shown as
 * "circular: Pet" instead of being expanded forever.
 *
 * Only references inside the document are followed, as in the reference product (format-behaviour.md
 * §4.3). A spec file of the site had its references to other files bundled in on load (bundle.ts);
 * those left could not be read and were reported where they are written. In any other document
 * (a remote spec, a text parsed alone) they are remembered for one warning per page.
 */
import { wasBundled } from '../external-refs.ts';
import { resolvePointer } from '../index-operations.ts';
import { isRecord, type JsonObject } from './json.ts';

/** A reference chain longer than this is treated as broken (it is a loop of bare `$ref`s). */
const MAX_HOPS = 32;

export interface Resolved {
  /** The referenced value, or the value itself when it is not a reference; undefined when broken. */
  value: unknown;
  /** The last segment of the first pointer followed (`Pet` for `#/components/schemas/Pet`). */
  name?: string;
  /** The pointer finally reached: the same for every reference to one component, so it keys cycles. */
  key?: string;
  /** The reference as written, when it could not be followed. */
  broken?: string;
}

/**
 * What a stretch of rendering met through the resolver: the components it reached (their keys),
 * and whether a reference led nowhere. Fields rendered for one page are reused on others when
 * neither differs (src/render/endpoint/field-memo.ts).
 */
export interface ResolveTrace {
  keys: Set<string>;
  broken: boolean;
}

/** Parsed pointers are shared by every page of a document: `resolvePointer` walks from the root each time. */
const pointerCache = new WeakMap<object, Map<string, unknown>>();

/** Where each object of a document is, by identity: made on the first `pointerOf`, then shared. */
const locationCache = new WeakMap<object, WeakMap<object, string>>();

export class Resolver {
  /** References to other files, as written, in the order met. */
  readonly external = new Set<string>();
  /** Internal references that lead nowhere (or round in a loop of bare references). */
  readonly unresolved = new Set<string>();

  /** The document references are resolved in. */
  readonly raw: unknown;
  private readonly pointers: Map<string, unknown>;
  /** The loader bundled the document and reported the references to other files it could not follow. */
  private readonly bundled: boolean;
  /** The traces running (`traced`), innermost last. */
  private readonly traces: ResolveTrace[] = [];

  constructor(raw: unknown) {
    this.raw = raw;
    this.bundled = wasBundled(raw);
    let pointers = isRecord(raw) ? pointerCache.get(raw) : undefined;
    if (!pointers) {
      pointers = new Map();
      if (isRecord(raw)) pointerCache.set(raw, pointers);
    }
    this.pointers = pointers;
  }

  /** The value at an internal pointer (`#/paths/~1pets/get`), without following references. */
  at(pointer: string): unknown {
    if (this.pointers.has(pointer)) return this.pointers.get(pointer);
    const value = resolvePointer(this.raw, pointer);
    this.pointers.set(pointer, value);
    return value;
  }

  /**
   * `value` with its `$ref` followed (through chains). Keys written beside a `$ref` (OpenAPI 3.1
   * allows `description` and `summary` there; many 3.0 specs do it anyway) override the target's.
   */
  resolve(value: unknown): Resolved {
    if (!isRecord(value) || typeof value.$ref !== 'string') return { value };
    const resolved = this.follow(value, value.$ref);
    const trace = this.traces.at(-1);
    if (trace !== undefined) {
      if (resolved.key !== undefined) trace.keys.add(resolved.key);
      if (resolved.broken !== undefined) trace.broken = true;
    }
    return resolved;
  }

  /** `resolve` of a reference, `written` its `$ref`. */
  private follow(value: JsonObject, written: string): Resolved {
    let current: JsonObject = value;
    let name: string | undefined;
    let key: string | undefined;
    for (let hops = 0; hops < MAX_HOPS && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref;
      if (!ref.startsWith('#')) {
        if (!this.bundled) this.external.add(ref);
        return { value: undefined, name: name ?? refName(ref), broken: ref };
      }
      const target = this.at(ref);
      if (target === undefined) {
        this.unresolved.add(ref);
        return { value: undefined, name: name ?? refName(ref), broken: ref };
      }
      name ??= refName(ref);
      key = ref;
      if (!isRecord(target)) return { value: target, name, key };
      current = target;
    }
    if (typeof current.$ref === 'string') {
      this.unresolved.add(written);
      return { value: undefined, name: name ?? refName(written), broken: written };
    }
    const resolved: Resolved = { value: withSiblings(value, current), key: key! };
    if (name !== undefined) resolved.name = name;
    return resolved;
  }

  /**
   * Runs `run` and says which components it resolved and whether a reference was broken. Traces
   * nest: what an inner one meets counts for those around it too.
   */
  traced<T>(run: () => T): { value: T; trace: ResolveTrace } {
    const trace: ResolveTrace = { keys: new Set(), broken: false };
    this.traces.push(trace);
    try {
      return { value: run(), trace };
    } finally {
      this.traces.pop();
      this.note(trace);
    }
  }

  /** Counts what `trace` met as met now, by the traces running: a rendering reused instead of repeated. */
  note(trace: ResolveTrace): void {
    const current = this.traces.at(-1);
    if (current === undefined) return;
    for (const key of trace.keys) current.keys.add(key);
    if (trace.broken) current.broken = true;
  }

  /** `resolve(value).value` when only the content matters. */
  deref(value: unknown): unknown {
    return this.resolve(value).value;
  }

  /**
   * The pointer at which the document holds `value` (the object itself, not a copy), so that an
   * inline schema can be named like a component (`#/paths/~1pets/get/…/schema`); undefined for a
   * value made while rendering (a merged `allOf`) or one from elsewhere.
   */
  pointerOf(value: unknown): string | undefined {
    if (!isRecord(this.raw) || typeof value !== 'object' || value === null) return undefined;
    let locations = locationCache.get(this.raw);
    if (!locations) {
      locations = locate(this.raw);
      locationCache.set(this.raw, locations);
    }
    return locations.get(value);
  }
}

/**
 * Every object and array of a document by identity, with the pointer it is first met at. Example
 * values and `x-` extensions hold no schemas and are skipped.
 */
function locate(root: JsonObject): WeakMap<object, string> {
  const locations = new WeakMap<object, string>();
  const pending: [object, string][] = [[root, '#']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, pointer] = next;
    if (locations.has(value)) continue;
    locations.set(value, pointer);
    // Under `properties` the keys are field names, which may well be `example`.
    const keywords = !Array.isArray(value) && !pointer.endsWith('/properties');
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    for (const [key, child] of entries) {
      if (typeof child !== 'object' || child === null || (keywords && SKIPPED.test(key))) continue;
      // `resolvePointer` reads percent escapes too: a literal `%` is written as one.
      pending.push([child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('%', '%25')}`]);
    }
  }
  return locations;
}

/** Keys whose values are data, not schemas. */
const SKIPPED = /^(?:x-|example$|examples$)/;

/** The keys written beside a `$ref` laid over its target; the target itself when there are none. */
function withSiblings(reference: JsonObject, target: JsonObject): JsonObject {
  let siblings: JsonObject | undefined;
  for (const key in reference) {
    if (key === '$ref') continue;
    siblings ??= {};
    siblings[key] = reference[key];
  }
  return siblings ? { ...target, ...siblings } : target;
}

const names = new Map<string, string>();

/** `#/components/schemas/Pet` → `Pet`; `models.yaml#/Pet` → `Pet`; `pet.yaml` → `pet.yaml`. */
export function refName(ref: string): string {
  let name = names.get(ref);
  if (name === undefined) {
    name = toRefName(ref);
    // Names of one build's specs: bounded by the components they define.
    if (names.size < 100_000) names.set(ref, name);
  }
  return name;
}

function toRefName(ref: string): string {
  const hash = ref.indexOf('#');
  const pointer = hash === -1 ? '' : ref.slice(hash + 1);
  const segment = pointer
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (segment === undefined) return ref.slice(0, hash === -1 ? undefined : hash) || ref;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all: use it as written.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}
