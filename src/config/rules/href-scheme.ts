/**
 * Rule 5: no URL of the config may use a `javascript:`, `data:` or `vbscript:` URL (they run code
 * or smuggle content when clicked). Which values are URLs is not guessed from key names: the schema
 * marks them (`urlFields` in schema.ts: hrefs, footer socials, logo and favicon files, redirect
 * destinations, `seo.organization.url`…), and this rule walks the config along the schema, checking
 * each marked value with the one predicate the renderer uses too (`content/safe-url.ts`: any case,
 * control characters and white space in the scheme, character references).
 */
import { z } from 'zod';
import { unsafeScheme } from '../../content/safe-url.ts';
import type { JsonPath } from '../json-source.ts';
import { isObject } from '../load.ts';
import { configSchema, urlFields } from '../schema.ts';
import type { Rule, RuleContext } from './context.ts';

export function isUnsafeHref(href: string): boolean {
  return unsafeScheme(href) !== undefined;
}

export const hrefScheme: Rule = {
  name: 'href-scheme',
  create: (context) => ({
    finish() {
      const reported = new Set<string>();
      eachUrl(configSchema, context.config, [], (path, value, use) => {
        const scheme = unsafeScheme(value, use);
        const key = JSON.stringify(path);
        if (scheme === undefined || reported.has(key)) return;
        reported.add(key);
        report(context, path, scheme, use);
      });
    },
  }),
};

function report(context: RuleContext, path: JsonPath, scheme: string, use: 'link' | 'image' | 'asset'): void {
  const last = path[path.length - 1];
  const name = typeof last === 'number' ? String(path[path.length - 2]) : String(last);
  context.report('href-unsafe', path, { key: name, scheme, use });
}

type Visit = (path: JsonPath, value: string, use: 'link' | 'image' | 'asset') => void;

/**
 * Calls `visit` for every string of `value` at a position the schema marks as a URL. A union is
 * followed into each of its options (`logo` is a file or an object of files); values of the wrong
 * shape are simply not visited, as the schema check reports them.
 */
export function eachUrl(schema: z.core.$ZodType, value: unknown, path: JsonPath, visit: Visit, depth = 0): void {
  if (depth > 512) return; // the config's own nesting is bounded when it is read; this is a backstop
  const mark = urlFields.get(schema);
  if (mark && typeof value === 'string') visit(path, value, mark.use);
  const next = (inner: z.core.$ZodType | undefined, item: unknown, at: JsonPath): void => {
    if (inner) eachUrl(inner, item, at, visit, depth + 1);
  };
  if (isWrapper(schema)) next(schema._zod.def.innerType, value, path);
  else if (schema instanceof z.core.$ZodPipe) next(schema._zod.def.in, value, path);
  else if (schema instanceof z.core.$ZodLazy) next(schema._zod.def.getter(), value, path);
  else if (schema instanceof z.core.$ZodUnion) for (const option of schema._zod.def.options) next(option, value, path);
  else if (schema instanceof z.core.$ZodObject) {
    const shape = schema._zod.def.shape;
    if (isObject(value)) for (const key of Object.keys(value)) if (Object.hasOwn(shape, key)) next(shape[key], value[key], [...path, key]);
  } else if (schema instanceof z.core.$ZodRecord) {
    if (isObject(value)) for (const [key, item] of Object.entries(value)) next(schema._zod.def.valueType, item, [...path, key]);
  } else if (schema instanceof z.core.$ZodArray) {
    if (Array.isArray(value)) value.forEach((item, index) => next(schema._zod.def.element, item, [...path, index]));
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
