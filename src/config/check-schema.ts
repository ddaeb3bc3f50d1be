/**
 * Runs the zod schema over the loaded config and turns its issues into diagnostics a person can act
 * on: positions from the source files, the JSON path, what was expected, and "did you mean" for
 * misspelt keys. Unknown keys are warnings; when they are the only problem, the config is parsed
 * again without them so later stages still get a typed `Config`.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic, listOr, quote, type DiagnosticCode } from '../messages.ts';
import { closestMatch } from '../suggest.ts';
import { formatJsonPath, valueAt, type JsonPath, type SourceLocations } from './json-source.ts';
import { isObject } from './load.ts';
import { kindOfList, NAVIGATION, writtenLabel } from './navigation.ts';
import { configSchema, UNKNOWN_KEY_PREFIX, type Config } from './schema.ts';

type Issue = z.core.$ZodIssue;

export interface SchemaCheck {
  config: Config | undefined;
  diagnostics: Diagnostic[];
}

export function checkSchema(options: { value: unknown; locations: SourceLocations; configFile: string }): SchemaCheck {
  const { value, locations, configFile } = options;
  const first = configSchema.safeParse(value);
  if (first.success) return { config: first.data, diagnostics: [] };

  const mapper = new IssueMapper(value, locations, configFile);
  for (const issue of first.error.issues) mapper.map(issue, []);
  if (mapper.hardErrors > 0) return { config: undefined, diagnostics: mapper.diagnostics };

  // Only unknown keys: drop them and parse again for a typed config.
  const stripped = structuredClone(value);
  for (const { path, keys } of mapper.unknownKeys) {
    const container = valueAt(stripped, path);
    if (container && typeof container === 'object') for (const key of keys) delete (container as Record<string, unknown>)[key];
  }
  const second = configSchema.safeParse(stripped);
  return { config: second.success ? second.data : undefined, diagnostics: mapper.diagnostics };
}

class IssueMapper {
  readonly diagnostics: Diagnostic[] = [];
  readonly unknownKeys: { path: JsonPath; keys: string[] }[] = [];
  hardErrors = 0;

  constructor(
    private readonly root: unknown,
    private readonly locations: SourceLocations,
    private readonly configFile: string,
  ) {}

  /** `otherForms`: when the issue is about a union's object, the known keys of its other alternatives. */
  map(issue: Issue, base: JsonPath, otherForms: readonly string[][] = []): void {
    const path: JsonPath = [...base, ...(issue.path as (string | number)[])];
    switch (issue.code) {
      case 'unrecognized_keys':
        this.unknown(issue.keys, issue.message, path, otherForms);
        return;
      case 'invalid_union':
        this.union(issue, path);
        return;
      case 'invalid_type':
        this.invalidType(issue.expected, path);
        return;
      case 'invalid_value':
        this.report('invalid-value', path, {
          message: `${describeTarget(path)} must be ${listOr(issue.values.map(String))}, not ${quote(valueAt(this.root, path))}`,
          fix: suggestionFix(valueAt(this.root, path), issue.values.map(String)) ?? 'Use one of the allowed values.',
        });
        return;
      case 'too_small':
        this.report('invalid-value', path, {
          message:
            issue.origin === 'string'
              ? `${describeTarget(path)} must not be empty`
              : issue.origin === 'array'
                ? `${describeTarget(path)} must list at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`
                : `${describeTarget(path)} is too small (${issue.message})`,
          fix: typeof path[path.length - 1] === 'number' ? 'Fill it in, or remove it from the list.' : 'Fill it in.',
        });
        return;
      case 'invalid_format':
        this.report('invalid-value', path, {
          message: `${describeTarget(path)} ${issue.message}; got ${quote(valueAt(this.root, path))}`,
          fix: 'Correct the value.',
        });
        return;
      default:
        this.report('invalid-value', path, {
          message: `${describeTarget(path)} is not valid: ${issue.message}`,
          fix: 'Correct the value.',
        });
    }
  }

  private unknown(keys: readonly string[], message: string, path: JsonPath, otherForms: readonly string[][]): void {
    const known = knownKeys(message);
    this.unknownKeys.push({ path, keys: [...keys] });
    const where = path.length === 0 ? 'at the top level' : `in ${formatJsonPath(path)}`;
    for (const key of keys) {
      // A key of another form of the same setting (fonts: `family` vs `heading`/`body`) is known,
      // just not beside the keys already there: say so rather than "unknown".
      const otherForm = otherForms.find((form) => form.includes(key));
      const container = valueAt(this.root, path);
      const beside = otherForm && container !== null && typeof container === 'object' ? Object.keys(container).filter((name) => known.includes(name)) : [];
      const suggestion = closestMatch(key, [...known, ...otherForms.flat()], { maxRatio: 0.5 });
      this.diagnostics.push(
        diagnostic('unknown-key', this.locations.locateKey(this.root, [...path, key]), this.configFile, {
          message:
            otherForm && beside.length > 0
              ? `key ${quote(key)} ${where} cannot be mixed with ${listOr(beside).replace(/ or /, ' and ')}: they belong to two different forms of this setting; ${quote(key)} has no effect`
              : `unknown key ${quote(key)} ${where}; it has no effect`,
          fix:
            otherForm && beside.length > 0
              ? `Use one form: ${known.join(', ')}; or ${otherForm.join(', ')}.`
              : suggestion
                ? `Did you mean ${quote(suggestion)}?`
                : `Remove it; known keys here: ${known.join(', ')}.`,
          path: formatJsonPath([...path, key]),
        }),
      );
    }
  }

  /**
   * A union failed: pick the alternative the user most likely meant (the one whose type matches and
   * with the fewest real errors) and report its issues; if no alternative has the right type, say
   * what types are allowed.
   */
  private union(issue: Extract<Issue, { code: 'invalid_union' }>, path: JsonPath): void {
    const branches = issue.errors;
    if (branches.length === 0) {
      this.report('invalid-value', path, { message: `${describeTarget(path)} is not valid`, fix: 'Correct the value.' });
      return;
    }
    const score = (branch: Issue[]): number => {
      if (branch.some((inner) => inner.path.length === 0 && inner.code === 'invalid_type')) return 1e6;
      return branch.filter((inner) => inner.code !== 'unrecognized_keys').length;
    };
    let best = branches[0]!;
    for (const branch of branches) if (score(branch) < score(best)) best = branch;
    if (score(best) >= 1e6) {
      const expected = [
        ...new Set(
          branches.flatMap((branch) =>
            branch.filter((inner) => inner.path.length === 0 && inner.code === 'invalid_type').map((inner) => (inner as { expected: string }).expected),
          ),
        ),
      ];
      this.invalidType(expected.join(' or '), path);
      return;
    }
    const otherForms = branches
      .filter((branch) => branch !== best)
      .flatMap((branch) => branch.filter((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0))
      .map((inner) => knownKeys(inner.message));
    for (const inner of best) this.map(inner, path, inner.path.length === 0 ? otherForms : []);
  }

  private invalidType(expected: string, path: JsonPath): void {
    const parent = valueAt(this.root, path.slice(0, -1));
    const key = path[path.length - 1];
    const inObject = parent !== null && typeof parent === 'object' && key !== undefined;
    if (inObject && key in parent && valueAt(this.root, path) === undefined) {
      // JSON has no undefined: this is a "$ref" that could not be read, already reported where it is.
      this.hardErrors++;
      return;
    }
    if (inObject && !(key in parent)) {
      this.report('missing-field', path, {
        message: `${describeOwner(path, parent)} needs ${quote(key)}${FIELD_HINTS[String(key)] ? ` (${FIELD_HINTS[String(key)]})` : ''}`,
        fix: `Add ${quote(key)}.`,
      });
      return;
    }
    const actual = valueAt(this.root, path);
    this.report('invalid-type', path, {
      message: `${describeTarget(path)} must be ${describeExpected(expected, path)}, not ${describeValue(actual)}`,
      fix: typeHint(expected, path, actual) ?? 'Change the value to the expected type.',
    });
  }

  private report(code: DiagnosticCode, path: JsonPath, details: { message: string; fix: string }): void {
    if (code !== 'unknown-key') this.hardErrors++;
    this.diagnostics.push(
      diagnostic(code, this.locations.locate(this.root, path), this.configFile, {
        ...details,
        path: formatJsonPath(path),
      }),
    );
  }
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

function describeTarget(path: JsonPath): string {
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
function knownKeys(message: string): string[] {
  return message.startsWith(UNKNOWN_KEY_PREFIX) ? message.slice(UNKNOWN_KEY_PREFIX.length).split(',') : [];
}
