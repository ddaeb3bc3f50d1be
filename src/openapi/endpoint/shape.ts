/**
 * What a schema looks like once its reference is followed and its `allOf` merged: the view the
 * field list and the example generator both read. Covers OpenAPI 3.0 (`nullable`), 3.1 (`type`
 * lists, `const`, `examples` arrays) and Swagger 2.0 (`x-nullable`, `type: file`).
 */
import { arrayOf, isRecord, recordOf, stringOf, type JsonObject } from './json.ts';
import type { Resolver } from './resolve.ts';

export interface Shape {
  /** The schema with `allOf` merged in; `{}` when the reference was broken. */
  schema: JsonObject;
  /** Component name, when the schema was reached through a `$ref`. */
  name?: string;
  /** The pointer it came from, for spotting cycles. */
  key?: string;
  /** The `$ref` as written, when it could not be followed. */
  broken?: string;
  /** The reference is already being expanded further up: show its name, not its fields again. */
  circular?: boolean;
}

/** `allOf` chains deeper than this are not merged further (they nest, or loop through inline schemas). */
const MAX_MERGE_DEPTH = 8;

/** A schema as the page shows it. `stack` holds the keys of the schemas being expanded around it. */
export function toShape(value: unknown, resolver: Resolver, stack: readonly string[]): Shape {
  const resolved = resolver.resolve(value);
  const shape: Shape = { schema: {} };
  if (resolved.name !== undefined) shape.name = resolved.name;
  if (resolved.key !== undefined) shape.key = resolved.key;
  if (resolved.broken !== undefined) {
    shape.broken = resolved.broken;
    return shape;
  }
  if (resolved.key !== undefined && stack.includes(resolved.key)) {
    shape.circular = true;
    shape.schema = recordOf(resolved.value) ?? {};
    return shape;
  }
  const schema = recordOf(resolved.value);
  if (!schema) return shape;
  shape.schema = Array.isArray(schema.allOf) ? mergeAllOf(schema, resolver, resolved.key === undefined ? [...stack] : [...stack, resolved.key], 0) : schema;
  return withoutNullOption(shape, resolver, stack);
}

/**
 * `anyOf: [X, {type: 'null'}]`, the way 3.1 (and FastAPI) spell "X or null", is X, nullable:
 * shown as X's fields with `| null` on the type, not as a choice between X and nothing.
 */
function withoutNullOption(shape: Shape, resolver: Resolver, stack: readonly string[]): Shape {
  const options = optionsOf(shape.schema);
  if (!options || options.length < 2) return shape;
  const others = options.filter((option) => !isNullSchema(recordOf(resolver.deref(option))));
  if (others.length !== 1 || others.length === options.length) return shape;
  const inner = toShape(others[0], resolver, shape.key === undefined ? stack : [...stack, shape.key]);
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = shape.schema;
  const merged: Shape = { ...inner, schema: { ...inner.schema, ...outer, nullable: true } };
  // The name that cycles and labels go by is the option's; the outer schema's, when the option has none.
  if (inner.name === undefined && shape.name !== undefined) merged.name = shape.name;
  if (inner.key === undefined && shape.key !== undefined) merged.key = shape.key;
  return merged;
}

function isNullSchema(schema: JsonObject | undefined): boolean {
  if (!schema) return false;
  return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length > 0 && schema.type.every((type) => type === 'null'));
}

/**
 * `allOf` merged into one object schema (the reference product shows it as one, openapi-libraries.md
 * §1): properties and `required` combined, the first `type`, `description`… kept. The schema's own
 * keys win over its members'.
 */
function mergeAllOf(schema: JsonObject, resolver: Resolver, seen: string[], depth: number): JsonObject {
  const { allOf, ...own } = schema;
  const merged: JsonObject = {};
  const properties: JsonObject = {};
  const required = new Set<string>();
  const layer = (part: JsonObject, override: boolean) => {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') {
        for (const [name, property] of Object.entries(recordOf(value) ?? {})) {
          // Two members describing one property: keep both, as an allOf of its own.
          properties[name] = Object.hasOwn(properties, name) ? { allOf: [properties[name], property] } : property;
        }
      } else if (key === 'required') {
        for (const name of arrayOf(value)) if (typeof name === 'string') required.add(name);
      } else if (override || !Object.hasOwn(merged, key)) {
        merged[key] = value;
      }
    }
  };
  for (const member of arrayOf(allOf)) {
    const resolved = resolver.resolve(member);
    if (resolved.key !== undefined && seen.includes(resolved.key)) continue;
    let part = recordOf(resolved.value);
    if (!part) continue;
    if (Array.isArray(part.allOf) && depth < MAX_MERGE_DEPTH) {
      part = mergeAllOf(part, resolver, resolved.key === undefined ? seen : [...seen, resolved.key], depth + 1);
    }
    // A member's title names the member, not the whole.
    const { title: _title, ...rest } = part;
    layer(rest, false);
  }
  layer(own, true);
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (merged.type === undefined && merged.properties !== undefined) merged.type = 'object';
  return merged;
}

/** The schema's types without `null`, and whether `null` is allowed. */
export function typesOf(schema: JsonObject): { types: string[]; nullable: boolean } {
  const written = Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : typeof schema.type === 'string' ? [schema.type] : [];
  const nullable = written.includes('null') || schema.nullable === true || schema['x-nullable'] === true;
  let types = written.filter((type) => type !== 'null');
  if (types.length === 0) {
    if (isRecord(schema.properties) || isRecord(schema.additionalProperties) || isRecord(schema.patternProperties)) types = ['object'];
    else if (schema.items !== undefined) types = ['array'];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) types = [jsonType(schema.enum.find((value) => value !== null))];
    else if (Object.hasOwn(schema, 'const')) types = [jsonType(schema.const)];
  }
  return { types: types.filter((type) => type !== 'undefined'), nullable };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The alternatives of a `oneOf`/`anyOf`, when the schema is one. */
export function optionsOf(schema: JsonObject): unknown[] | undefined {
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  return options && options.length > 0 ? options : undefined;
}

/**
 * A short type, as hand-written API pages show it: `string`, `string<uuid>`, `integer<int64>`,
 * `enum<string>`, `Pet[]` is shown as `object[]`, `string | null`, `string | object`.
 */
export function typeLabel(shape: Shape, resolver: Resolver, depth = 0): string {
  if (shape.broken !== undefined) return shape.name ?? 'object';
  const schema = shape.schema;
  const { types, nullable } = typesOf(schema);
  let label: string;
  const format = stringOf(schema.format)?.trim();
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    label = `enum<${types[0] ?? 'string'}>`;
  } else if (types.length === 1 && types[0] === 'array') {
    const items = depth < 3 ? typeLabel(toShape(schema.items, resolver, []), resolver, depth + 1) : 'any';
    label = items.includes(' ') ? `(${items})[]` : `${items}[]`;
  } else if (types.length > 0) {
    label = types.map((type) => (format !== undefined && type !== 'object' && type !== 'array' ? `${type}<${format}>` : type)).join(' | ');
  } else {
    const options = optionsOf(schema);
    if (options && depth < 3) {
      const labels = [...new Set(options.map((option) => typeLabel(toShape(option, resolver, []), resolver, depth + 1)))];
      label = labels.length > 4 ? `${labels.slice(0, 4).join(' | ')} | …` : labels.join(' | ');
    } else {
      label = 'any';
    }
  }
  // `type: null` is null; `nullable` alone (pydantic's `anyOf: [{}, {type: null}]`, merged) is anything or null.
  const onlyNull = schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length > 0 && schema.type.every((type) => type === 'null'));
  if (nullable && label === 'any' && types.length === 0 && !optionsOf(schema) && onlyNull) return 'null';
  if (nullable && !label.endsWith('| null') && label !== 'null') label += ' | null';
  return label;
}

/**
 * Which side of the exchange a schema describes: what the reader sends, or what comes back; or
 * neither, on a model's own page (`openapi-schema:`), which shows both.
 */
export type Mode = 'request' | 'response' | 'schema';

/** `readOnly` properties are not sent, `writeOnly` ones not returned: each side shows only its own. */
export function hiddenIn(schema: JsonObject, mode: Mode): boolean {
  if (mode === 'schema') return false;
  return mode === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}

/** The first example the schema gives (3.0 `example`, 3.1 `examples` list, 2.0 `x-example`). */
export function schemaExample(schema: JsonObject): { value: unknown } | undefined {
  if (Object.hasOwn(schema, 'example')) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if (Object.hasOwn(schema, 'x-example')) return { value: schema['x-example'] };
  return undefined;
}
