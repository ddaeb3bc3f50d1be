/**
 * YAML as docjet reads it (OpenAPI documents and page frontmatter), within bounds: the `yaml`
 * package, YAML 1.2 core schema, and a bound on aliases.
 *
 * The parser shares the value of an anchor among its aliases (`*name`), so reading an "alias bomb"
 * (nine levels of ten aliases each) is instant, but everything that walks the result afterwards
 * (endpoint pages, examples, JSON output) sees 10⁹ values: 83 s and 2.2 GB, then a crash. Real
 * documents reuse a few schemas or settings; 100,000 values beyond what is written is far more than
 * any of them needs.
 */
import { parseAllDocuments, parseDocument, visit, type Alias, type Document, type Scalar, type YAMLError } from 'yaml';
import { LineIndex } from './diagnostics.ts';

export const MAX_ALIAS_EXPANSION = 100_000;

export type YamlResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      /** What went wrong, for callers that advise on it: a repeated key, an alias bomb, anything else. */
      kind: 'duplicate-key' | 'alias-bomb' | 'syntax';
      /** 1-based, in the text given. */
      line: number;
      column: number;
      reason: string;
    };

/**
 * - Core schema, as js-yaml (which docjet used before) had it: `2024-01-01` stays a string, as JSON
 *   tooling expects; `yes`/`on` are strings; `True`, `~` and an empty value are true, null, null.
 * - `resolveKnownTags: false`: `!!binary` and the other YAML 1.1 tags stay strings rather than
 *   becoming a `Buffer` or a `Date` that no later stage expects.
 * - `prettyErrors: false`: the position is worked out here, and only when there is an error.
 * - `logLevel: 'error'`: a collection used as a key becomes its text without a process warning.
 */
const OPTIONS = { schema: 'core', resolveKnownTags: false, prettyErrors: false, logLevel: 'error' } as const;

/**
 * Parses YAML text. `merge` reads `<<: *anchor` merge keys (OpenAPI documents rely on them, as
 * js-yaml 4 read them); `firstDocument` reads the first of several `---`-separated documents
 * instead of refusing them. Never throws.
 */
export function readYaml(options: { text: string; merge: boolean; firstDocument: boolean }): YamlResult {
  const { text, merge, firstDocument } = options;
  try {
    const documents = firstDocument ? [...parseAllDocuments(text, { ...OPTIONS, merge })] : [parseDocument(text, { ...OPTIONS, merge })];
    const error = documents.flatMap((document) => document.errors)[0];
    if (error) return syntaxError(text, error, documents);
    const document = documents[0];
    const read: YamlResult = document === undefined ? { ok: true, value: null } : toValue(text, document);
    if (!read.ok) return read;
    const { value } = read;
    if (mayHoldAlias(text) && aliasExpansion(value) > MAX_ALIAS_EXPANSION) {
      const reason = `its aliases (\`*name\`) expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values beyond those written, which is an "alias bomb"`;
      return { ok: false, kind: 'alias-bomb', ...firstAlias(text), reason };
    }
    return { ok: true, value };
  } catch (error) {
    // Nothing above should throw; if the parser does, the file is still only refused.
    return { ok: false, kind: 'syntax', line: 1, column: 1, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The document as plain values; aliases share their anchor's value, and `aliasExpansion` bounds
 * them (`maxAliasCount: -1` turns off the package's own count, whose limit of 100 alias uses
 * refuses ordinary specs). An alias with no anchor before it is only found here.
 */
function toValue(text: string, document: Document.Parsed): YamlResult {
  try {
    return { ok: true, value: document.toJS({ maxAliasCount: -1 }) };
  } catch (error) {
    const alias = unresolvedAlias(document);
    if (alias === undefined) throw error;
    const reason = `the alias \`*${alias.source}\` names no anchor (\`&${alias.source}\`) written before it`;
    return { ok: false, kind: 'syntax', ...at(text, alias.range?.[0] ?? 0), reason };
  }
}

function unresolvedAlias(document: Document.Parsed): Alias | undefined {
  let found: Alias | undefined;
  visit(document, {
    Alias(_, node) {
      if (node.resolve(document) !== undefined) return undefined;
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

/** The parser's messages where they speak its own jargon; the others are used as they are. */
const reasons: Record<string, string> = {
  'Map keys must be unique': 'duplicated mapping key',
  'Nested mappings are not allowed in compact mappings': '`: ` inside an unquoted value starts a nested mapping, which YAML does not allow on the same line',
  'Implicit keys need to be on a single line': 'a key (the text before `:`) runs over more than one line',
  'Missing closing "quote': 'a `"` quoted value is never closed',
  "Missing closing 'quote": "a `'` quoted value is never closed",
  'Maximum call stack size exceeded': 'the values are nested too deeply',
  'Source contains multiple documents; please use YAML.parseAllDocuments()': 'a `---` line starts a second document; one file holds one',
};

function syntaxError(text: string, error: YAMLError, documents: Document.Parsed[]): YamlResult {
  const kind = error.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'syntax';
  return { ok: false, kind, ...at(text, errorOffset(text, error, documents)), reason: describeError(text, error) };
}

function describeError(text: string, error: YAMLError): string {
  if (error.code === 'BAD_SCALAR_START') return `an unquoted value cannot start with \`${text[error.pos[0]] ?? ''}\``;
  const { message } = error;
  return reasons[message] ?? message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');
}

/**
 * Where the fix goes, which is not always where the parser stopped. It reports a misindented key
 * at the start of its line, a value that holds `: ` at the value's start (the `:` is what needs
 * quoting), and a quote never closed at the end of the text, which in a long spec is far from it.
 * The places chosen here are those js-yaml gave, which the diagnostics have always shown.
 */
function errorOffset(text: string, error: YAMLError, documents: Document.Parsed[]): number {
  let offset = error.pos[0];
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
    const colon = /:(?=[ \t\r\n]|$)/g;
    colon.lastIndex = offset;
    offset = colon.exec(text)?.index ?? offset;
  }
  if (error.code === 'MISSING_CHAR' && /^Missing closing/.test(error.message)) offset = quoteEnd(text, offset, documents);
  while (text[offset] === ' ') offset++;
  return offset;
}

/**
 * Where an unclosed quoted value should have ended: the first line after the one it opens on that
 * is indented no deeper than that line (another key, a list item), else the line after the parser
 * gave up. That is where js-yaml saw "deficient indentation".
 */
function quoteEnd(text: string, offset: number, documents: Document.Parsed[]): number {
  const opening = quotedScalarEndingAt(documents, offset)?.range?.[0];
  const limit = Math.min(text.indexOf('\n', offset) + 1 || text.length, text.length);
  if (opening !== undefined) {
    const indent = indentAt(text, text.lastIndexOf('\n', opening) + 1);
    for (let start = text.indexOf('\n', opening) + 1; start > 0 && start < limit; start = text.indexOf('\n', start) + 1) {
      const lineIndent = indentAt(text, start);
      if (lineIndent <= indent && !/[\r\n]/.test(text[start + lineIndent] ?? '\n')) return start;
    }
  }
  return limit;
}

function quotedScalarEndingAt(documents: Document.Parsed[], offset: number): Scalar | undefined {
  let found: Scalar | undefined;
  for (const document of documents) {
    visit(document, {
      Scalar(_, node) {
        if ((node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') || node.range?.[1] !== offset) return undefined;
        found = node;
        return visit.BREAK;
      },
    });
  }
  return found;
}

function indentAt(text: string, lineStart: number): number {
  let end = lineStart;
  while (text[end] === ' ') end++;
  return end - lineStart;
}

function at(text: string, offset: number): { line: number; column: number } {
  return new LineIndex(text).position(Math.min(offset, text.length));
}

/**
 * How many values the document holds beyond those written once: the size of the value with every
 * shared object counted each time it is reached, minus its distinct values. Linear in the number
 * of distinct values (sizes are memoised); stops counting past `limit`. A value that contains
 * itself (a recursive alias) counts once.
 */
export function aliasExpansion(root: unknown, limit: number = MAX_ALIAS_EXPANSION): number {
  const sizes = new Map<object, number>();
  let distinct = 0;
  const stack: { value: object; expanded: boolean }[] = [];
  const sizeOf = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    return sizes.get(value) ?? 0;
  };
  if (root !== null && typeof root === 'object') stack.push({ value: root, expanded: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (!top.expanded) {
      if (sizes.has(top.value)) {
        stack.pop();
        continue;
      }
      top.expanded = true;
      sizes.set(top.value, 1); // in progress: a cycle back to it counts 1
      distinct++;
      for (const child of Object.values(top.value)) {
        if (child !== null && typeof child === 'object' && !sizes.has(child)) stack.push({ value: child, expanded: false });
        else if (child === null || typeof child !== 'object') distinct++;
      }
      continue;
    }
    stack.pop();
    let size = 1;
    for (const child of Object.values(top.value)) size += sizeOf(child);
    sizes.set(top.value, size);
    if (size - distinct > limit) return size - distinct;
  }
  const total = root !== null && typeof root === 'object' ? sizes.get(root)! : 1;
  return Math.max(0, total - distinct);
}

const ALIAS = /(^|[\s[{,:-])\*[^\s,\]}]/m;

/** Whether the text could hold an alias at all: most documents have none, and skip the count. */
function mayHoldAlias(text: string): boolean {
  return text.includes('*') && ALIAS.test(text);
}

/** 1-based line and column of the first alias (`*name`) in YAML text, for the diagnostic. */
function firstAlias(text: string): { line: number; column: number } {
  const match = ALIAS.exec(text);
  if (!match) return { line: 1, column: 1 };
  return new LineIndex(text).position(match.index + match[1]!.length);
}
