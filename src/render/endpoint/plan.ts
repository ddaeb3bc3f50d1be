/**
 * How deep one page expands its schemas. Highly connected specs explode with depth: a Stripe
 * response holds a few hundred fields at depth 3 and tens of thousands at depth 6
 * (openapi-libraries.md §6). The page shows every level that fits in a field budget, counted
 * breadth-first before anything is rendered, so the cut falls evenly (all top-level fields, all of
 * their children…) rather than wherever a depth-first walk runs out.
 */
import { recordOf } from '../../openapi/endpoint/json.ts';
import type { Resolver } from '../../openapi/endpoint/resolve.ts';
import { hiddenIn, optionsOf, toShape, type Mode } from '../../openapi/endpoint/shape.ts';

/** A field still to count: its schema, the components expanded around it, and which side it is on. */
interface Pending {
  value: unknown;
  stack: readonly string[];
  mode: Mode;
}

/** Options and array items hold fields one level down, but may nest each other: this far, at most. */
const MAX_CONTAINER_NESTING = 4;

export interface PlanInput {
  /** Parameters and headers: each is a field at the top level. */
  fields: { value: unknown; mode: Mode }[];
  /** Body and response schemas: their properties are the top-level fields. */
  containers: { value: unknown; mode: Mode }[];
}

/**
 * The deepest level (0 = top-level fields only, at most `maxDepth`) at which the page holds no more
 * than `budget` fields. Level 0 is always shown, whatever its size.
 */
export function planDepth(input: PlanInput, resolver: Resolver, budget: number, maxDepth: number): number {
  let level: Pending[] = input.fields.map(({ value, mode }) => ({ value, stack: [], mode }));
  for (const { value, mode } of input.containers) {
    collect(value, [], mode, resolver, level, 0, Number.POSITIVE_INFINITY);
  }
  let total = level.length;
  for (let depth = 0; depth < maxDepth; depth++) {
    const next: Pending[] = [];
    const room = budget - total;
    for (const field of level) {
      if (!expand(field, resolver, next, room)) return depth;
    }
    if (next.length === 0) return maxDepth;
    total += next.length;
    if (total > budget) return depth;
    level = next;
  }
  return maxDepth;
}

/** Adds what `field` nests to `out`; false once `out` holds more than `room`. */
function expand(field: Pending, resolver: Resolver, out: Pending[], room: number): boolean {
  const shape = toShape(field.value, resolver, field.stack);
  if (shape.broken !== undefined || shape.circular) return true;
  const stack = shape.key === undefined ? field.stack : [...field.stack, shape.key];
  return gather(shape.schema, stack, field.mode, resolver, out, 0, room);
}

function collect(value: unknown, stack: readonly string[], mode: Mode, resolver: Resolver, out: Pending[], nesting: number, room: number): boolean {
  const shape = toShape(value, resolver, stack);
  if (shape.broken !== undefined || shape.circular) return true;
  return gather(shape.schema, shape.key === undefined ? stack : [...stack, shape.key], mode, resolver, out, nesting, room);
}

/** The fields a schema holds one level down: properties, `{key}`, and those of its alternatives and items. */
function gather(schema: Record<string, unknown>, stack: readonly string[], mode: Mode, resolver: Resolver, out: Pending[], nesting: number, room: number): boolean {
  for (const property of Object.values(recordOf(schema.properties) ?? {})) {
    const propertySchema = recordOf(resolver.deref(property));
    if (propertySchema && hiddenIn(propertySchema, mode)) continue;
    out.push({ value: property, stack, mode });
  }
  const additional = recordOf(schema.additionalProperties);
  if (additional && Object.keys(additional).length > 0) out.push({ value: additional, stack, mode });
  if (out.length > room) return false;
  if (nesting >= MAX_CONTAINER_NESTING) return true;
  for (const option of optionsOf(schema) ?? []) {
    if (!collect(option, stack, mode, resolver, out, nesting + 1, room)) return false;
  }
  if (schema.items !== undefined && !collect(schema.items, stack, mode, resolver, out, nesting + 1, room)) return false;
  return true;
}
