/**
 * The words of schema diagnostics (`check-schema.ts`): how a place in the config, the expected type
 * and the value found are named, and what to do. Pure functions of the path and the values.
 */
import { listOr, quote } from '../messages.ts';
import { closestMatch } from '../suggest.ts';
import type { z } from 'zod';
import { formatJsonPath, type JsonPath } from './json-source.ts';
import { isObject } from './is-object.ts';
import { kindOfList, NAVIGATION, writtenLabel } from './navigation.ts';
import { UNKNOWN_KEY_PREFIX } from './schema.ts';

type Issue = z.core.$ZodIssue;

export interface IssueText {
  message: string;
  fix: string;
}

/** An issue about the value itself (not its type, keys or union), with `value` the one found at `path`. */
export function valueProblem(issue: Issue, path: JsonPath, value: unknown): IssueText {
  switch (issue.code) {
    case 'invalid_value':
      return {
        message: `${describeTarget(path)} must be ${listOr(issue.values.map(String))}, not ${quote(value)}`,
        fix: suggestionFix(value, issue.values.map(String)) ?? 'Use one of the allowed values.',
      };
    case 'too_small':
      return {
        message:
          issue.origin === 'string'
            ? `${describeTarget(path)} must not be empty`
            : issue.origin === 'array'
              ? `${describeTarget(path)} must list at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`
              : `${describeTarget(path)} is too small (${issue.message})`,
        fix: typeof path[path.length - 1] === 'number' ? 'Fill it in, or remove it from the list.' : 'Fill it in.',
      };
    case 'invalid_format':
      return { message: `${describeTarget(path)} ${issue.message}; got ${quote(value)}`, fix: 'Correct the value.' };
    default:
      return { message: `${describeTarget(path)} is not valid: ${issue.message}`, fix: 'Correct the value.' };
  }
}

/**
 * An unknown `key` in the object at `path` (`container`), whose known keys are `known`. A key of
 * another form of the same setting (fonts: `family` vs `heading`/`body`) is known, just not beside
 * the keys already there: say so rather than "unknown".
 */
export function unknownKeyText(key: string, path: JsonPath, known: readonly string[], otherForms: readonly string[][], container: unknown): IssueText {
  const where = path.length === 0 ? 'at the top level' : `in ${formatJsonPath(path)}`;
  const otherForm = otherForms.find((form) => form.includes(key));
  const beside = otherForm && container !== null && typeof container === 'object' ? Object.keys(container).filter((name) => known.includes(name)) : [];
  if (otherForm && beside.length > 0) {
    return {
      message: `key ${quote(key)} ${where} cannot be mixed with ${listOr(beside).replace(/ or /, ' and ')}: they belong to two different forms of this setting; ${quote(key)} has no effect`,
      fix: `Use one form: ${known.join(', ')}; or ${otherForm.join(', ')}.`,
    };
  }
  const suggestion = closestMatch(key, [...known, ...otherForms.flat()], { maxRatio: 0.5 });
  return {
    message: `unknown key ${quote(key)} ${where}; it has no effect`,
    fix: suggestion ? `Did you mean ${quote(suggestion)}?` : `Remove it; known keys here: ${known.join(', ')}.`,
  };
}

/** A required `key` missing from `parent`, the object at `path` minus its last key. */
export function missingFieldText(path: JsonPath, parent: unknown, key: string | number): IssueText {
  const hint = FIELD_HINTS[String(key)];
  return { message: `${describeOwner(path, parent)} needs ${quote(key)}${hint ? ` (${hint})` : ''}`, fix: `Add ${quote(key)}.` };
}

/** A value of the wrong type: `expected` as zod names it (`string or array`), `actual` the value found. */
export function wrongTypeText(expected: string, path: JsonPath, actual: unknown): IssueText {
  return {
    message: `${describeTarget(path)} must be ${describeExpected(expected, path)}, not ${describeValue(actual)}`,
    fix: typeHint(expected, path, actual) ?? 'Change the value to the expected type.',
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
    .map((type) => (type === 'object' ? 'an object' : type === 'array' ? 'a list' : type === 'string' ? 'a string' : type === 'boolean' ? 'true or false' : type === 'number' ? 'a number' : type))
    .join(' or ');
}

function typeHint(expected: string, path: JsonPath, actual: unknown): string | undefined {
  const last = path[path.length - 1];
  if (typeof last === 'number' && path[path.length - 2] === 'pages') return 'Write the page path as a string, or wrap pages in a group.';
  if (expected === 'array') return 'Use a list: [ … ].';
  if (expected === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')) return `Write it in double quotes: ${quote(String(actual))}.`;
  if (expected === 'boolean') return 'Write true or false, without quotes.';
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

function suggestionFix(value: unknown, allowed: string[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const suggestion = closestMatch(value, allowed, { maxRatio: 0.5 });
  return suggestion ? `Did you mean ${quote(suggestion)}?` : undefined;
}

/** The keys an object of the schema knows, carried in its unknown-key message (see `schema.ts`). */
export function knownKeys(message: string): string[] {
  return message.startsWith(UNKNOWN_KEY_PREFIX) ? message.slice(UNKNOWN_KEY_PREFIX.length).split(',') : [];
}
