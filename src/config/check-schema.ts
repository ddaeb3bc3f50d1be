/**
 * Runs the zod schema over the loaded config and turns its issues into diagnostics a person can act
 * on: positions from the source files, the JSON path, what was expected, and "did you mean" for
 * misspelt keys. Unknown keys are warnings; when they are the only problem, the config is parsed
 * again without them so later stages still get a typed `Config`.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic, type MessageParams } from '../shared/messages.ts';
import { formatJsonPath, valueAt, type JsonPath, type SourceLocations } from './json-source.ts';
import { configSchema, type Config } from './schema.ts';
import { describeTarget, invalidTypeFacts, invalidValueFacts, knownKeys, missingFieldFacts, unknownKeyFacts } from './schema-issue-text.ts';

type Issue = z.core.$ZodIssue;

/** The schema's codes that are errors: any of them leaves the config untyped. */
type SchemaError = 'missing-field' | 'invalid-type' | 'invalid-value';

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

/** Turns zod's issues into diagnostics, keeping the unknown keys it met and counting real errors. */
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
        this.union(issue.errors, path);
        return;
      case 'invalid_type':
        this.invalidType(issue.expected, path);
        return;
      default:
        this.report('invalid-value', path, invalidValueFacts(issue, path, valueAt(this.root, path)));
    }
  }

  private unknown(keys: readonly string[], message: string, path: JsonPath, otherForms: readonly string[][]): void {
    const known = knownKeys(message);
    this.unknownKeys.push({ path, keys: [...keys] });
    const container = valueAt(this.root, path);
    for (const key of keys) {
      const at = this.locations.locateKey(this.root, [...path, key]);
      const facts = unknownKeyFacts(key, path, known, otherForms, container);
      this.diagnostics.push(diagnostic('unknown-key', at, this.configFile, facts, formatJsonPath([...path, key])));
    }
  }

  /**
   * A union failed: report the issues of the alternative the user most likely meant; if no
   * alternative has the right type, say what types are allowed.
   */
  private union(branches: Issue[][], path: JsonPath): void {
    if (branches.length === 0) {
      this.report('invalid-value', path, { target: describeTarget(path), problem: 'invalid', reason: undefined });
      return;
    }
    const best = likeliestBranch(branches);
    if (best === undefined) {
      this.invalidType(expectedTypes(branches), path);
      return;
    }
    const otherForms = formsOf(branches.filter((branch) => branch !== best));
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
    if (inObject && !(key in parent)) this.report('missing-field', path, missingFieldFacts(path, parent, key));
    else this.report('invalid-type', path, invalidTypeFacts(expected, path, valueAt(this.root, path)));
  }

  private report<C extends SchemaError>(code: C, path: JsonPath, params: MessageParams<C>): void {
    this.hardErrors++;
    this.diagnostics.push(diagnostic(code, this.locations.locate(this.root, path), this.configFile, params, formatJsonPath(path)));
  }
}

/** A branch whose value has the wrong type at its root counts as not meant at all. */
const WRONG_TYPE = 1e6;

/** Real errors of one alternative: unknown keys are only warnings. */
function branchScore(branch: Issue[]): number {
  if (branch.some(isRootTypeIssue)) return WRONG_TYPE;
  return branch.filter((inner) => inner.code !== 'unrecognized_keys').length;
}

/** The alternative the user most likely meant: right type, fewest real errors (the first on a tie); undefined when none has the right type. */
function likeliestBranch(branches: Issue[][]): Issue[] | undefined {
  let best = branches[0]!;
  for (const branch of branches) if (branchScore(branch) < branchScore(best)) best = branch;
  return branchScore(best) >= WRONG_TYPE ? undefined : best;
}

/** The types the alternatives accept, as zod names them: `string or object`. */
function expectedTypes(branches: Issue[][]): string {
  const expected = new Set(branches.flatMap((branch) => branch.filter(isRootTypeIssue).map((inner) => inner.expected)));
  return [...expected].join(' or ');
}

function isRootTypeIssue(inner: Issue): inner is Extract<Issue, { code: 'invalid_type' }> {
  return inner.path.length === 0 && inner.code === 'invalid_type';
}

/** The known keys of each other alternative's object, for "cannot be mixed with" messages. */
function formsOf(branches: Issue[][]): string[][] {
  return branches.flatMap((branch) => branch.filter((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0)).map((inner) => knownKeys(inner.message));
}
