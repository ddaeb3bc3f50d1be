/**
 * The facts of schema diagnostics (`check-schema.ts`), for the catalogue (`messages.ts`) to word:
 * how a place in the config, the expected type and the value found are named, and what would fix
 * it. Pure functions of the path and the values.
 */
import { quote, type MessageParams, type TypeAdvice } from '../shared/messages.ts';
import { closestMatch } from '../shared/suggest.ts';
import type { z } from 'zod';
import { formatJsonPath, type JsonPath } from './json-source.ts';
import { isObject } from './is-object.ts';
import { kindOfList, NAVIGATION, writtenLabel } from './navigation.ts';
import { UNKNOWN_KEY_PREFIX } from './schema.ts';

type Issue = z.core.$ZodIssue;

/** An issue about the value itself (not its type, keys or union), with `value` the one found at `path`. */
export function invalidValueFacts(issue: Issue, path: JsonPath, value: unknown): MessageParams<'invalid-value'> {
  const target = describeTarget(path);
  const inList = typeof path[path.length - 1] === 'number';
  switch (issue.code) {
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      return { target, problem: 'not-allowed', allowed, value, suggestion: closestAllowed(value, allowed) };
    }
    case 'too_small':
      if (issue.origin === 'string') return { target, problem: 'empty', inList };
      if (issue.origin === 'array') return { target, problem: 'too-few', minimum: Number(issue.minimum), inList };
      return { target, problem: 'too-small', reason: issue.message, inList };
    case 'invalid_format':
      return { target, problem: 'format', reason: issue.message, value };
    default:
      return { target, problem: 'invalid', reason: issue.message };
  }
}

/**
 * An unknown `key` in the object at `path` (`container`), whose known keys are `known`. A key of
 * another form of the same setting (fonts: `family` vs `heading`/`body`) is known, just not beside
 * the keys already there: say so rather than "unknown".
 */
export function unknownKeyFacts(key: string, path: JsonPath, known: readonly string[], otherForms: readonly string[][], container: unknown): MessageParams<'unknown-key'> {
  const object = path.length === 0 ? undefined : formatJsonPath(path);
  const otherForm = otherForms.find((form) => form.includes(key));
  const beside = otherForm && container !== null && typeof container === 'object' ? Object.keys(container).filter((name) => known.includes(name)) : [];
  if (otherForm && beside.length > 0) return { key, object, known, problem: 'other-form', beside, otherForm };
  const suggestion = closestMatch(key, [...known, ...otherForms.flat()], { maxRatio: 0.5 });
  return { key, object, known, problem: 'unknown', suggestion };
}

/** A required `key` missing from `parent`, the object at `path` minus its last key. */
export function missingFieldFacts(path: JsonPath, parent: unknown, key: string | number): MessageParams<'missing-field'> {
  return { owner: describeOwner(path, parent), key, hint: FIELD_HINTS[String(key)] };
}

/** A value of the wrong type: `expected` as zod names it (`string or array`), `actual` the value found. */
export function invalidTypeFacts(expected: string, path: JsonPath, actual: unknown): MessageParams<'invalid-type'> {
  return {
    problem: 'value',
    target: describeTarget(path),
    expected: describeExpected(expected, path),
    found: describeValue(actual),
    advice: typeAdvice(expected, path, actual),
  };
}

const FIELD_HINTS: Record<string, string> = {
  group: 'its label',
  pages: 'the list of its pages',
  tab: 'its label',
  anchor: 'its label',
  dropdown: 'its label',
  product: 'its name',
  version: 'its label, such as "1.0.0"',
  language: 'its language code, such as "en"',
  item: 'its label',
  href: 'the URL it links to',
  navigation: 'the structure of the site',
  source: 'the path or URL of the OpenAPI file',
  primary: 'the primary color, such as "#0D9373"',
};

/** "the tab navigation.tabs[1]" or "navigation.colors.primary". */
function describeOwner(path: JsonPath, value: unknown): string {
  const owner = path.slice(0, -1);
  const listKey = owner[owner.length - 2];
  if (typeof owner[owner.length - 1] === 'number' && typeof listKey === 'string') {
    // An object in `pages` is a group.
    const kind = kindOfList(listKey) ?? (listKey === 'pages' ? 'group' : undefined);
    // Its label, when it has one, is how the user finds it in a long file.
    const label = kind && isObject(value) ? writtenLabel(kind, value) : undefined;
    // Items of `global` are kinds of their own (rule 4 is about global anchors, not anchors).
    const global = owner[owner.length - 3] === 'global' ? 'global ' : '';
    if (kind) return `the ${global}${NAVIGATION[kind].name}${label ? ` ${quote(label)}` : ''} at ${formatJsonPath(owner)}`;
  }
  return owner.length === 0 ? 'docs.json' : formatJsonPath(owner);
}

export function describeTarget(path: JsonPath): string {
  const last = path[path.length - 1];
  const listKey = path[path.length - 2];
  if (typeof last === 'number' && listKey === 'pages') return 'a page entry';
  const kind = typeof last === 'number' ? kindOfList(listKey) : undefined;
  if (kind) return `a ${NAVIGATION[kind].name}`;
  return last === undefined ? 'the config' : quote(last);
}

function describeExpected(expected: string, path: JsonPath): string {
  const last = path[path.length - 1];
  if (typeof last === 'number' && path[path.length - 2] === 'pages') {
    return 'a page path (a string such as "guides/intro") or a group object ({"group": …, "pages": […]})';
  }
  return expected
    .split(' or ')
    .map((type) =>
      type === 'object' ? 'an object' : type === 'array' ? 'a list' : type === 'string' ? 'a string' : type === 'boolean' ? 'true or false' : type === 'number' ? 'a number' : type,
    )
    .join(' or ');
}

/** How to write the value with the right type, when there is more to say than "change its type". */
function typeAdvice(expected: string, path: JsonPath, actual: unknown): TypeAdvice | undefined {
  const last = path[path.length - 1];
  if (typeof last === 'number' && path[path.length - 2] === 'pages') return { write: 'page-path' };
  if (expected === 'array') return { write: 'list' };
  if (expected === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')) return { write: 'quoted', text: String(actual) };
  if (expected === 'boolean') return { write: 'boolean' };
  return undefined;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${quote(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === 'number') return `the number ${String(value)}`;
  return String(value);
}

/** The allowed value closest to the one written, if one is close. */
function closestAllowed(value: unknown, allowed: readonly string[]): string | undefined {
  return typeof value === 'string' ? closestMatch(value, allowed, { maxRatio: 0.5 }) : undefined;
}

/** The keys an object of the schema knows, carried in its unknown-key message (see `schema.ts`). */
export function knownKeys(message: string): string[] {
  return message.startsWith(UNKNOWN_KEY_PREFIX) ? message.slice(UNKNOWN_KEY_PREFIX.length).split(',') : [];
}
