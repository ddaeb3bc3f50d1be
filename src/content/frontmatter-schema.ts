/**
 * Page frontmatter, typed: one zod schema for the keys the format defines (format-behaviour.md
 * §3.2), every other key kept as written (custom keys pass through, as in the reference product).
 * A page's frontmatter is checked once, when its metadata is read (`readPageMeta`); a value of the
 * wrong type (`hidden: "yes"`) is a warning at its line, saying what the key expects, and is left
 * out, so every later stage reads `Frontmatter` properties instead of checking types field by field.
 *
 * Types follow what docjet has always honoured, so no page renders differently: a title may be a
 * number (`title: 1.10` keeps its spelling, `pageTitle`), `hidden: "true"` hides the page; an empty
 * value (`description:`) is no value, without a warning.
 */
import { z } from 'zod';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic, listOr } from '../shared/messages.ts';
import { readApiFrontmatter } from './frontmatter-api.ts';
import { isDate } from './last-modified.ts';

/** What a key expects, for the warning: "must be true or false", and the fix's example value. */
interface Expectation {
  expects: string;
  example: string;
}

const expectations = z.registry<Expectation>();

const text = () => z.string().register(expectations, { expects: 'text', example: '"…"' });
const flag = () => z.boolean().register(expectations, { expects: 'true or false', example: 'true' });
/** Shown as text: a number or a boolean keeps the spelling it has in the file. */
const scalarText = () => z.union([z.string(), z.number(), z.boolean()]).register(expectations, { expects: 'text', example: '"…"' });
const PLAYGROUND = ['interactive', 'simple', 'none', 'auth'] as const;
const AUTH_METHODS = ['bearer', 'basic', 'key', 'cobo', 'none'] as const;

export const frontmatterSchema = z
  .looseObject({
    title: scalarText().optional(),
    description: text().optional(),
    sidebarTitle: scalarText().optional(),
    icon: text().optional(),
    iconType: text().optional(),
    tag: text().optional(),
    /** `default`, `wide`, `custom`, `frame`, `center` (others are theme-specific and read as `default`). */
    mode: text().optional(),
    /** The sidebar entry links here instead of to the page. */
    url: text().optional(),
    // Quoted `"true"`/`"false"` have always been read as the booleans they spell.
    hidden: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .register(expectations, { expects: 'true or false', example: 'true' })
      .optional(),
    noindex: flag().optional(),
    searchable: flag().optional(),
    boost: z.number().register(expectations, { expects: 'a number', example: '2' }).optional(),
    /** `"[spec] METHOD /path"` or `"[spec] webhook name"`: the page shows that endpoint. */
    openapi: text().optional(),
    'openapi-schema': text().optional(),
    asyncapi: text().optional(),
    /** `"METHOD url-or-path"`: a manual API page. */
    api: text().optional(),
    playground: z
      .enum(PLAYGROUND)
      .register(expectations, { expects: listOr(PLAYGROUND), example: '"interactive"' })
      .optional(),
    /** The credentials of an `api:` page's "Try it" panel, over the site's `api.mdx.auth.method`. */
    authMethod: z
      .enum(AUTH_METHODS)
      .register(expectations, { expects: listOr(AUTH_METHODS), example: '"bearer"' })
      .optional(),
    public: flag().optional(),
    deprecated: flag().optional(),
    rss: flag().optional(),
    /** Shows or hides the "Last modified" date on this page, over the site's `metadata.timestamp`. */
    timestamp: flag().optional(),
    /** The date the page shows as last modified, instead of its last commit's (src/content/last-modified.ts). */
    lastUpdatedDate: z.string().refine(isDate).register(expectations, { expects: 'a date (2026-08-13) or an ISO 8601 timestamp', example: '"2026-08-13"' }).optional(),
    keywords: z.array(z.string()).register(expectations, { expects: 'a list of text', example: '["one", "two"]' }).optional(),
  })
  .superRefine(
    (data, context) => {
      // `og:*` and `twitter:*` become meta tags: text or a number.
      for (const [key, value] of Object.entries(data)) {
        if (META_TAG.test(key) && typeof value !== 'string' && typeof value !== 'number' && value !== null) {
          context.addIssue({ code: 'invalid_type', expected: 'string', input: value, path: [key] });
        }
      }
    },
    // Also when other keys are wrong, so that one pass finds every problem.
    { when: () => true },
  );

export type Frontmatter = z.output<typeof frontmatterSchema>;

const META_TAG = /^(og|twitter):/;
const META_EXPECTATION: Expectation = { expects: 'text', example: '"…"' };
const SHAPE: Readonly<Record<string, z.core.$ZodType>> = frontmatterSchema.shape;

/**
 * The typed frontmatter of a page from its parsed mapping. `text` is the file's text (up to at least
 * the end of the block), to place each warning at its key's line.
 */
export function checkFrontmatter(options: { file: string; text: string; data: Record<string, unknown> }): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const input = withoutEmptyFields(options.data);
  const diagnostics: Diagnostic[] = [];
  const api = apiDiagnostic(options.file, options.text, input['api']);
  if (api) {
    diagnostics.push(api);
    delete input['api'];
  }
  const groups = accessGroupsDiagnostic(options.file, options.text, input['groups']);
  if (groups) diagnostics.push(groups);
  const plain = plainFrontmatter(input);
  if (plain) return { frontmatter: plain, diagnostics };
  const first = frontmatterSchema.safeParse(input);
  if (first.success) return { frontmatter: first.data, diagnostics };
  // Each key with a wrong value is reported and left out; what remains is right.
  for (const key of new Set(first.error.issues.map((issue) => String(issue.path[0])))) {
    diagnostics.push(wrongType(options.file, options.text, key, input[key]));
    delete input[key];
  }
  return { frontmatter: frontmatterSchema.parse(input), diagnostics };
}

/** The schema's own keys, in its order: the order it gives them in. */
const KEYS: readonly string[] = Object.keys(SHAPE);

/**
 * Most frontmatter holds values the schema takes as they are: text (`title`, `description`,
 * `og:image`), a flag (`hidden: true`), a number (`boost: 2`), a list of text (`keywords`). Its
 * result is then known without running it (a quarter of reading 5,000 pages' metadata at `dev`'s
 * start; mintlify's `keywords` alone sent 1,023 of its 1,108 pages through it), with the keys in
 * the order the schema gives them (its own keys first, in its order, then the others as written)
 * and lists copied, as it copies them. Undefined when any value is something else: the schema
 * then decides.
 */
function plainFrontmatter(input: Record<string, unknown>): Frontmatter | undefined {
  const others: string[] = [];
  for (const key in input) {
    if (key === '__proto__') return undefined;
    const value = input[key];
    if (Object.hasOwn(SHAPE, key)) {
      if (!takesAsIs(unwrapOptional(SHAPE[key]!), value)) return undefined;
      continue;
    }
    // Other keys pass through as written; `og:*` and `twitter:*` are checked (META_TAG), so only text skips that.
    if (META_TAG.test(key) && typeof value !== 'string') return undefined;
    others.push(key);
  }
  const frontmatter: Record<string, unknown> = {};
  for (const key of KEYS) if (Object.hasOwn(input, key)) frontmatter[key] = Array.isArray(input[key]) ? [...input[key]] : input[key];
  for (const key of others) frontmatter[key] = input[key];
  return frontmatter;
}

/** Whether `schema` takes `value` unchanged, judged from its definition; false when unsure (the schema then decides). */
function takesAsIs(schema: z.core.$ZodType, value: unknown): boolean {
  if ((schema._zod.def.checks?.length ?? 0) > 0) return false;
  if (schema instanceof z.core.$ZodString) return typeof value === 'string';
  if (schema instanceof z.core.$ZodBoolean) return typeof value === 'boolean';
  if (schema instanceof z.core.$ZodNumber) return typeof value === 'number' && Number.isFinite(value);
  if (schema instanceof z.core.$ZodEnum) return typeof value === 'string' && Object.values(schema._zod.def.entries).includes(value);
  if (schema instanceof z.core.$ZodUnion) return schema._zod.def.options.some((option) => takesAsIs(option, value));
  if (schema instanceof z.core.$ZodArray) return Array.isArray(value) && value.every((item) => !Array.isArray(item) && takesAsIs(schema._zod.def.element, item));
  return false;
}

/** A copy without the known keys whose value is empty (`description:` is YAML null): they are unset. */
function withoutEmptyFields(data: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...data };
  for (const key of Object.keys(copy)) if (copy[key] === null && Object.hasOwn(SHAPE, key)) delete copy[key];
  return copy;
}

function wrongType(file: string, text: string, key: string, value: unknown): Diagnostic {
  const field = Object.hasOwn(SHAPE, key) ? SHAPE[key] : undefined;
  const expectation = (field && expectations.get(unwrapOptional(field))) ?? META_EXPECTATION;
  const { expects, example } = expectation;
  return diagnostic('frontmatter-type', frontmatterKeyPosition(file, text, key, 'value'), file, { key, value: describeValue(value), expects, example });
}

/**
 * `groups: ["admin"]` restricts a page to signed-in readers of those groups in the hosted product.
 * docjet publishes it like any page (there is no sign-in), which its author must know.
 */
function accessGroupsDiagnostic(file: string, text: string, value: unknown): Diagnostic | undefined {
  const groups = (Array.isArray(value) ? value : [value]).filter((group): group is string => typeof group === 'string' && group.trim() !== '');
  if (groups.length === 0) return undefined;
  return diagnostic('page-access-groups', frontmatterKeyPosition(file, text, 'groups', 'key'), file, { groups: listOr(groups) });
}

/** A text `api:` that is not a method and a URL: what is wrong with it, at its line (a value of another type is `wrongType`'s). */
function apiDiagnostic(file: string, text: string, value: unknown): Diagnostic | undefined {
  if (typeof value !== 'string') return undefined;
  const reading = readApiFrontmatter(value);
  if ('endpoint' in reading) return undefined;
  const { problem, word, suggestion } = reading;
  return diagnostic('frontmatter-api-invalid', frontmatterKeyPosition(file, text, 'api', 'value'), file, { value, problem, word, suggestion });
}

function unwrapOptional(schema: z.core.$ZodType): z.core.$ZodType {
  return schema instanceof z.core.$ZodOptional ? schema._zod.def.innerType : schema;
}

/** A value as a warning names it: `"yes"`, `a list`, `a set of keys`. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) {
    const odd = value.find((item) => typeof item !== 'string');
    return odd === undefined ? 'a list' : `a list holding ${describeValue(odd)}`;
  }
  if (typeof value === 'object' && value !== null) return 'a set of keys';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * Where a top-level key of the frontmatter is written: its line, and the column of the key or of its
 * value (the key's when the value starts on a later line). The parsed mapping holds no positions,
 * so the block is searched: a top-level key starts its line (nested keys are indented), quoted or not.
 */
export function frontmatterKeyPosition(file: string, text: string, key: string, at: 'key' | 'value'): { file: string; line: number; column: number } | undefined {
  const pattern = new RegExp(`^(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1[ \\t]*:[ \\t]*`);
  let fences = 0;
  let start = 0;
  for (let line = 1; start < text.length; line++) {
    const end = text.indexOf('\n', start);
    const content = text.slice(start, end === -1 ? text.length : end).replace(/^\uFEFF/, '');
    if (/^---[ \t]*\r?$/.test(content) && ++fences === 2) return undefined; // the end of the block
    const match = fences === 1 ? pattern.exec(content) : null;
    if (match) {
      const rest = content.slice(match[0].length).replace(/\r$/, '');
      const column = at === 'value' && rest !== '' && !rest.startsWith('#') ? match[0].length + 1 : 1;
      return { file, line, column };
    }
    if (end === -1) return undefined;
    start = end + 1;
  }
  return undefined;
}
