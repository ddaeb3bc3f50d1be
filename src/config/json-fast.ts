/**
 * Most config files are plain JSON: no syntax error, no `$ref`, no key written twice. Reading a
 * 5,000-page docs.json with the tree parser (jsonc-parser's node tree, then `materialize`) cost
 * 80–100 ms of `docjet dev`'s first start; `JSON.parse` reads the same values in a few, and one
 * scan of the text records where each object, list, key and item is written, as `materialize`
 * does. Anything else (not JSON, a `$ref`, a repeated key, nesting past the limit) gives up
 * (undefined) and the tree parser reads the file, reporting what is wrong.
 *
 * Same values as the tree parser: what `JSON.parse` accepts, jsonc-parser accepts too (it allows
 * more white space, never less), and both read numbers and escapes per RFC 8259. A key written as
 * `__proto__` is an own property either way.
 */
import type { SourceFile, SourceLocations } from './json-source.ts';

/**
 * The value of `source`'s text with its positions recorded in `locations`, or undefined when the
 * tree parser must read it. `maxNesting`: how many lists and objects may enclose one another in it.
 */
export function readPlainJson(source: SourceFile, locations: SourceLocations, maxNesting: number): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(source.text);
  } catch {
    return undefined;
  }
  // Positions recorded before giving up stay keyed by objects nothing else holds.
  return new PositionScan(source, locations, maxNesting).value(value, 0) ? { value } : undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Walks text that `JSON.parse` accepted beside the value it made, so it trusts the structure: after
 * a key comes `:`, after a member `,` or the closing bracket.
 */
class PositionScan {
  private at = 0;
  private readonly text: string;

  constructor(
    private readonly source: SourceFile,
    private readonly locations: SourceLocations,
    private readonly maxNesting: number,
  ) {
    this.text = source.text;
  }

  /**
   * The value starting at the next non-space character; false to give up. `depth`: containers
   * around it. The text and the value part ways where a key is written twice: `JSON.parse` keeps
   * the last value, while the scan meets the first one first (`{"a":{},"a":1}` pairs `{}` with 1),
   * so a container is only scanned beside a value of its kind, and the repeated key then gives up.
   */
  value(value: unknown, depth: number): boolean {
    this.skipSpace();
    const char = this.text.charCodeAt(this.at);
    if (char === OPEN_BRACE) return depth < this.maxNesting && isPlainObject(value) && this.object(value, depth + 1);
    if (char === OPEN_BRACKET) return depth < this.maxNesting && Array.isArray(value) && this.array(value, depth + 1);
    if (char === QUOTE) this.string();
    else this.skipLiteral();
    return true;
  }

  private object(value: Record<string, unknown>, depth: number): boolean {
    const location = this.locations.record(value, { source: this.source, offset: this.at++ });
    if (this.closes(CLOSE_BRACE)) return true;
    for (;;) {
      this.skipSpace();
      const offset = this.at;
      const key = this.string();
      if (key === '$ref' || location.members.has(key)) return false;
      location.members.set(key, { source: this.source, offset });
      this.skipSpace();
      this.at++; // the colon
      if (!this.value(value[key], depth)) return false;
      if (this.endOfMember() === CLOSE_BRACE) return true;
    }
  }

  private array(value: unknown[], depth: number): boolean {
    const location = this.locations.record(value, { source: this.source, offset: this.at++ });
    if (this.closes(CLOSE_BRACKET)) return true;
    for (let index = 0; ; index++) {
      this.skipSpace();
      location.members.set(index, { source: this.source, offset: this.at });
      if (!this.value(value[index], depth)) return false;
      if (this.endOfMember() === CLOSE_BRACKET) return true;
    }
  }

  /** Whether the container is empty: its closing bracket comes next (and is passed). */
  private closes(bracket: number): boolean {
    this.skipSpace();
    if (this.text.charCodeAt(this.at) !== bracket) return false;
    this.at++;
    return true;
  }

  /** Passes the comma or closing bracket after a member; returns which. */
  private endOfMember(): number {
    this.skipSpace();
    return this.text.charCodeAt(this.at++);
  }

  /** The string at the opening quote, decoded; the scan continues after its closing quote. */
  private string(): string {
    const start = this.at;
    let escaped = false;
    let end = start + 1;
    for (let char = this.text.charCodeAt(end); char !== QUOTE; char = this.text.charCodeAt(++end)) {
      if (char === BACKSLASH) {
        escaped = true;
        end++;
      }
    }
    this.at = end + 1;
    return escaped ? (JSON.parse(this.text.slice(start, end + 1)) as string) : this.text.slice(start + 1, end);
  }

  /** A number, `true`, `false` or `null`: up to the next comma, bracket or white space. */
  private skipLiteral(): void {
    for (let char = this.text.charCodeAt(this.at); this.at < this.text.length; char = this.text.charCodeAt(++this.at)) {
      if (char === COMMA || char === CLOSE_BRACE || char === CLOSE_BRACKET || isSpace(char)) return;
    }
  }

  private skipSpace(): void {
    while (isSpace(this.text.charCodeAt(this.at))) this.at++;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON's white space (RFC 8259 §2): what `JSON.parse` allows between tokens. */
function isSpace(char: number): boolean {
  return char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09;
}
