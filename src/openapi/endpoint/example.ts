/**
 * Example values: the author's (`example`, `examples`, `default`, `enum`) wherever the schema has
 * one, else a placeholder by type in the style of hand-written API pages (`"<string>"`, `123`,
 * `true`, formats as plausible values). Cycles are cut, depth and size are capped, so a sample
 * stays readable and cheap on specs like Stripe's (openapi-libraries.md §6).
 */
import { recordOf } from './json.ts';
import type { Resolver, ResolveTrace } from './resolve.ts';
import { hiddenIn, optionsOf, schemaExample, toShape, typesOf, type Mode } from './shape.ts';

const MAX_DEPTH = 8;
/** Values in one sample at most; later properties are left out. */
const MAX_VALUES = 250;

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2023-11-07T05:31:56Z',
  date: '2023-12-25',
  time: '05:31:56Z',
  email: 'jsmith@example.com',
  'idn-email': 'jsmith@example.com',
  uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  uuid4: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': '/example',
  iri: 'https://example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '2001:db8::1',
  binary: '<binary>',
  byte: '<base64>',
  password: '<password>',
  duration: 'P3D',
};

interface State {
  resolver: Resolver;
  mode: Mode;
  stack: string[];
  values: number;
}

interface Made {
  value: unknown;
  trace: ResolveTrace;
}

/**
 * Samples made, by document, schema and mode: a sample depends on nothing else. A response's is the
 * same on every page that shows it, and a page samples its body up to three times (its example,
 * its request samples, its playground). Shared, so only ever read, as the document's own example
 * values already are. One that met a broken reference is made again, for its page's warning.
 */
const made = new WeakMap<object, WeakMap<object, Map<Mode, Made>>>();

/** A sample value for `schema`; undefined when there is nothing to show (a broken or circular reference). */
export function sampleOf(schema: unknown, resolver: Resolver, mode: Mode): unknown {
  const fresh = () => sample(schema, { resolver, mode, stack: [], values: 0 }, 0);
  const document = resolver.raw;
  if (typeof schema !== 'object' || schema === null || typeof document !== 'object' || document === null) return fresh();
  let bySchema = made.get(document);
  if (bySchema === undefined) {
    bySchema = new WeakMap();
    made.set(document, bySchema);
  }
  let byMode = bySchema.get(schema);
  const known = byMode?.get(mode);
  if (known !== undefined) {
    resolver.note(known.trace);
    return known.value;
  }
  const { value, trace } = resolver.traced(fresh);
  if (!trace.broken) {
    if (byMode === undefined) {
      byMode = new Map();
      bySchema.set(schema, byMode);
    }
    byMode.set(mode, { value, trace });
  }
  return value;
}

function sample(value: unknown, state: State, depth: number): unknown {
  state.values++;
  const shape = toShape(value, state.resolver, state.stack);
  if (shape.broken !== undefined || shape.circular) return undefined;
  const schema = shape.schema;
  const example = schemaExample(schema);
  if (example) return example.value;
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (schema.default !== undefined) return schema.default;
  // Stripe lists `''` first in many enums (it clears the field): a real value makes a better example.
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((item) => item !== null && item !== '') ?? schema.enum[0];

  if (shape.key !== undefined) state.stack.push(shape.key);
  try {
    const options = optionsOf(schema);
    const { types, nullable } = typesOf(schema);
    if (options && types.length === 0) {
      // The first alternative that is not just `null`.
      for (const option of options) {
        const optionSchema = recordOf(state.resolver.deref(option));
        if (optionSchema && optionSchema.type === 'null') continue;
        const value = sample(option, state, depth + 1);
        if (value !== undefined) return value;
      }
      return nullable ? null : undefined;
    }
    switch (types[0]) {
      case 'object':
        return sampleObject(schema, state, depth);
      case 'array': {
        if (depth >= MAX_DEPTH) return [];
        const item = sample(schema.items, state, depth + 1);
        return item === undefined ? [] : [item];
      }
      case 'string':
        return STRING_FORMATS[String(schema.format)] ?? '<string>';
      case 'integer':
      case 'number':
        return sampleNumber(schema);
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'file':
        return '<binary>';
      default:
        return nullable ? null : {};
    }
  } finally {
    if (shape.key !== undefined) state.stack.pop();
  }
}

function sampleObject(schema: Record<string, unknown>, state: State, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH) return result;
  const properties = recordOf(schema.properties);
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      if (state.values >= MAX_VALUES) break;
      const propertySchema = recordOf(state.resolver.deref(property));
      if (propertySchema && hiddenIn(propertySchema, state.mode)) continue;
      const value = sample(property, state, depth + 1);
      if (value !== undefined) result[name] = value;
    }
  }
  const additional = schema.additionalProperties;
  if ((!properties || Object.keys(properties).length === 0) && recordOf(additional) && state.values < MAX_VALUES) {
    const value = sample(additional, state, depth + 1);
    if (value !== undefined) result.key = value;
  }
  return result;
}

/** `123`, moved inside `minimum`/`maximum` when they exclude it. */
function sampleNumber(schema: Record<string, unknown>): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  let value = 123;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (maximum !== undefined && value > maximum) value = maximum;
  return value;
}
