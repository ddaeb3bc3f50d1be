/**
 * Rule 5: no URL of the config may use a `javascript:`, `data:` or `vbscript:` URL (they run code
 * or smuggle content when clicked). Which values are URLs is not guessed from key names: the schema
 * marks them (`urlFields` in schema.ts: hrefs, footer socials, logo and favicon files, redirect
 * destinations, `seo.organization.url`…), and this rule walks the config along the schema, checking
 * each marked value with the one predicate the renderer uses too (`content/safe-url.ts`: any case,
 * control characters and white space in the scheme, character references).
 */
import { z } from 'zod';
import { unsafeScheme, type UrlUse } from '../../shared/safe-url.ts';
import type { JsonPath } from '../../config/json-source.ts';
import { isObject } from '../../config/load.ts';
import { configSchema, urlFields } from '../../config/schema.ts';
import type { Rule, RuleContext } from './context.ts';

export function isUnsafeHref(href: string): boolean {
  return unsafeScheme(href) !== undefined;
}

export const hrefScheme: Rule = {
  name: 'href-scheme',
  create: (context) => ({
    finish() {
      const reported = new Set<string>();
      eachUrl(context.config, (path, value, use) => {
        const scheme = unsafeScheme(value, use);
        if (scheme === undefined) return;
        const key = JSON.stringify(path);
        if (reported.has(key)) return;
        reported.add(key);
        report(context, path, scheme, use);
      });
    },
  }),
};

function report(context: RuleContext, path: JsonPath, scheme: string, use: UrlUse): void {
  const last = path[path.length - 1];
  const name = typeof last === 'number' ? String(path[path.length - 2]) : String(last);
  context.report('href-unsafe', path, { key: name, scheme, use });
}

type Visit = (path: JsonPath, value: string, use: UrlUse) => void;

/**
 * One schema of the config as the walk sees it: its use when it marks a URL, the schemas the same
 * value is also checked against (a wrapper's inner schema, a union's options), and those of what
 * the value holds. `reaches` says whether a URL can be anywhere under it: most of a large config
 * is navigation (groups of page paths), which holds none, so the walk skips it whole.
 */
interface UrlNode {
  use: UrlUse | undefined;
  same: UrlNode[];
  keys: Map<string, UrlNode> | undefined;
  record: UrlNode | undefined;
  array: UrlNode | undefined;
  reaches: boolean;
}

/**
 * Calls `visit` for every string of `config` at a position the schema marks as a URL, in the
 * config's order. A union is followed into each of its options (`logo` is a file or an object of
 * files); values of the wrong shape are simply not visited, as the schema check reports them.
 */
export function eachUrl(config: unknown, visit: Visit): void {
  walk(configUrlNode(), config, [], visit, 0);
}

function walk(node: UrlNode, value: unknown, path: JsonPath, visit: Visit, depth: number): void {
  if (!node.reaches || depth > 512) return; // the config's own nesting is bounded when it is read; this is a backstop
  if (node.use && typeof value === 'string') visit(path, value, node.use);
  for (const other of node.same) walk(other, value, path, visit, depth + 1);
  const { keys, record, array } = node;
  if (keys && isObject(value)) {
    for (const key of Object.keys(value)) {
      const inner = keys.get(key);
      if (inner?.reaches) walk(inner, value[key], [...path, key], visit, depth + 1);
    }
  } else if (record?.reaches && isObject(value)) {
    for (const [key, item] of Object.entries(value)) walk(record, item, [...path, key], visit, depth + 1);
  } else if (array?.reaches && Array.isArray(value)) {
    value.forEach((item, index) => walk(array, item, [...path, index], visit, depth + 1));
  }
}

let configNode: UrlNode | undefined;

/** The config schema's node, made once: the schema does not change while docjet runs. */
function configUrlNode(): UrlNode {
  if (!configNode) {
    const nodes = new Map<z.core.$ZodType, UrlNode>();
    configNode = urlNode(configSchema, nodes);
    markReaches(nodes.values());
  }
  return configNode;
}

/**
 * The node of `schema` and of every schema under it, each made once (`nodes`). An object's shape is
 * read once per key: the navigation schemas name each other through getters (schema.ts), and each
 * read of one makes a new schema.
 */
function urlNode(schema: z.core.$ZodType, nodes: Map<z.core.$ZodType, UrlNode>): UrlNode {
  const known = nodes.get(schema);
  if (known) return known;
  const node: UrlNode = { use: urlFields.get(schema)?.use, same: [], keys: undefined, record: undefined, array: undefined, reaches: false };
  nodes.set(schema, node);
  const inner = (child: z.core.$ZodType): UrlNode => urlNode(child, nodes);
  if (isWrapper(schema)) node.same.push(inner(schema._zod.def.innerType));
  else if (schema instanceof z.core.$ZodPipe) node.same.push(inner(schema._zod.def.in));
  else if (schema instanceof z.core.$ZodLazy) node.same.push(inner(schema._zod.def.getter()));
  else if (schema instanceof z.core.$ZodUnion) node.same.push(...schema._zod.def.options.map(inner));
  else if (schema instanceof z.core.$ZodObject) {
    const shape = schema._zod.def.shape;
    node.keys = new Map(Object.keys(shape).map((key) => [key, inner(shape[key]!)]));
  } else if (schema instanceof z.core.$ZodRecord) node.record = inner(schema._zod.def.valueType);
  else if (schema instanceof z.core.$ZodArray) node.array = inner(schema._zod.def.element);
  return node;
}

/** Sets `reaches` on every node that is a URL or holds one, until no node changes (the schemas form cycles). */
function markReaches(nodes: Iterable<UrlNode>): void {
  const all = [...nodes];
  const holdsUrl = (node: UrlNode): boolean =>
    node.use !== undefined ||
    node.same.some((other) => other.reaches) ||
    (node.keys !== undefined && [...node.keys.values()].some((inner) => inner.reaches)) ||
    node.record?.reaches === true ||
    node.array?.reaches === true;
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of all) {
      if (node.reaches || !holdsUrl(node)) continue;
      node.reaches = true;
      changed = true;
    }
  }
}

/** Schemas that only wrap another (`.optional()`, `.default()`, …): the value is the inner schema's. */
function isWrapper(
  schema: z.core.$ZodType,
): schema is z.core.$ZodOptional | z.core.$ZodNullable | z.core.$ZodDefault | z.core.$ZodPrefault | z.core.$ZodNonOptional | z.core.$ZodReadonly | z.core.$ZodCatch {
  return (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodNonOptional ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodCatch
  );
}
