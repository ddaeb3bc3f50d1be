/**
 * JSON or YAML text to a value, or the position and reason of the first syntax error. No OpenAPI
 * knowledge here; `load.ts` turns failures into diagnostics. NUL characters of its strings are
 * replaced, and `nulDiagnostics` warns of them.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError, type ParseErrorCode } from 'jsonc-parser';
import { readYaml } from '../shared/yaml-limits.ts';
import { LineIndex, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';

export type TextFormat = 'JSON' | 'YAML';

/** The NUL characters of a document's strings, each now U+FFFD, and where the first is written. */
export interface NulCharacters {
  count: number;
  /** 1-based; 0 when the text shows none as an escape (a key's NUL, a YAML plain scalar's). */
  line: number;
  column: number;
}

export type TextParseResult =
  | { ok: true; format: TextFormat; value: unknown; nul?: NulCharacters }
  | {
      ok: false;
      format: TextFormat;
      /** 1-based; 0 when the parser gave no position. */
      line: number;
      column: number;
      reason: string;
      /** Set when the text parses but is refused: an alias bomb. */
      code?: 'yaml-aliases-too-many';
    };

export function parseText({ file, text }: { file: string; text: string }): TextParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseSource(file, source);
  if (!parsed.ok || !MAY_HOLD_NUL.test(source)) return parsed;
  const nul = replaceNul(parsed.value, source);
  return nul === undefined ? parsed : { ...parsed, nul };
}

function parseSource(file: string, source: string): TextParseResult {
  if (/\.json$/i.test(file)) return parseJson(source);
  // `JSON.parse` is several times faster than a YAML parser on the same data, and most big
  // specs are JSON whatever their extension; YAML gets a second chance when it fails.
  if (source.trimStart().startsWith('{')) {
    try {
      return { ok: true, format: 'JSON', value: JSON.parse(source) };
    } catch {
      // Flow-style YAML also starts with `{`.
    }
  }
  return parseYaml(source);
}

function parseJson(source: string): TextParseResult {
  try {
    return { ok: true, format: 'JSON', value: JSON.parse(source) };
  } catch (error) {
    return { ok: false, format: 'JSON', ...locateJsonError(source, error) };
  }
}

/**
 * Node 20's `JSON.parse` message only sometimes carries "at position N" (not for an unexpected
 * token, whose message quotes the surrounding text instead), so the strict-mode jsonc parser
 * re-reads the text, on the failure path only, to find the offset.
 */
function locateJsonError(source: string, error: unknown): { line: number; column: number; reason: string } {
  const errors: ParseError[] = [];
  parseJsonc(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const { line, column } = new LineIndex(source).position(first.offset);
    return { line, column, reason: describeJsonError(first.error) };
  }
  const message = error instanceof Error ? error.message : String(error);
  const match = /at position (\d+)/.exec(message);
  if (match) {
    const { line, column } = new LineIndex(source).position(Number(match[1]));
    return { line, column, reason: shortJsonMessage(message) };
  }
  return { line: 0, column: 0, reason: shortJsonMessage(message) };
}

/** Keyed by `printParseErrorCode` names: the enum is `const` and unusable under `isolatedModules`. */
const jsonErrorReasons: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes (a trailing comma?)',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected `:` after the property name',
  CommaExpected: 'expected `,` between entries',
  CloseBraceExpected: 'expected `}` to close the object',
  CloseBracketExpected: 'expected `]` to close the array',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'malformed number',
  InvalidUnicode: 'invalid `\\u` escape',
  InvalidEscapeCharacter: 'invalid escape sequence in a string',
  InvalidCharacter: 'control character in a string (write it as an escape such as `\\n`)',
};

function describeJsonError(code: ParseErrorCode): string {
  return jsonErrorReasons[printParseErrorCode(code)] ?? 'invalid JSON';
}

/** Node quotes the surrounding source in some messages; keep diagnostics one short line. */
function shortJsonMessage(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? message;
  return firstLine.length > 120 ? `${firstLine.slice(0, 117)}...` : firstLine;
}

/**
 * Merge keys (`<<: *anchor`) are read: js-yaml 4, which the format's reference product and most
 * OpenAPI tools use, accepted them, so specs rely on them. One document per file.
 */
function parseYaml(source: string): TextParseResult {
  const parsed = readYaml({ text: source, merge: true, firstDocument: false });
  if (parsed.ok) return { ok: true, format: 'YAML', value: parsed.value };
  const { line, column } = parsed;
  if (parsed.kind === 'alias-bomb') {
    return { ok: false, format: 'YAML', line, column, code: 'yaml-aliases-too-many', reason: `${parsed.reason}, so it is not read` };
  }
  return { ok: false, format: 'YAML', line, column, reason: parsed.reason };
}

/**
 * A NUL written into a string (`\u0000` in JSON; `\0`, `\x00` or `\u0000` in YAML's double quotes;
 * the character itself): gates the walk, which is exact. Real specs write `\u0000a0` for `\u00a0`
 * (a no-break space), and browsers drop a NUL from a page, so the words around it run together.
 */
const MAY_HOLD_NUL = /\\(?:u0000|x00|U00000000|0)|\x00/;
/** The first such escape not itself escaped (`\\u0000` is a backslash and the text "u0000"). */
const NUL_WRITTEN = /(?<!\\)(?:\\\\)*(\\(?:u0000|x00|U00000000|0(?![0-9])))|\x00/;

/**
 * Every NUL of the value's strings and keys replaced by U+FFFD, as CommonMark does in pages, in
 * place (the value was just parsed); undefined when there was none.
 */
function replaceNul(value: unknown, source: string): NulCharacters | undefined {
  let count = 0;
  const seen = new Set<object>();
  const clean = (text: string): string => {
    const parts = text.split('\0');
    count += parts.length - 1;
    return parts.join('\uFFFD');
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.includes('\0') ? clean(node) : node;
    if (node === null || typeof node !== 'object' || seen.has(node)) return node;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) node[index] = walk(node[index]);
      return node;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = walk(record[key]);
      if (key.includes('\0')) {
        delete record[key];
        record[clean(key)] = item;
      } else {
        record[key] = item;
      }
    }
    return node;
  };
  walk(value);
  if (count === 0) return undefined;
  const match = NUL_WRITTEN.exec(source);
  if (!match) return { count, line: 0, column: 0 };
  const { line, column } = new LineIndex(source).position(match.index + match[0].length - (match[1] ?? match[0]).length);
  return { count, line, column };
}

/** The warning for NUL characters a file's strings held (now U+FFFD). */
export function nulDiagnostics(file: string, nul: NulCharacters | undefined): Diagnostic[] {
  if (nul === undefined) return [];
  const at = nul.line === 0 ? undefined : { file, line: nul.line, column: nul.column };
  return [diagnostic('nul-character', at, file, { file, count: nul.count })];
}
