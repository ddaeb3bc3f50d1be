/**
 * JSON with positions. Config values are plain JS objects; where each object, array item and
 * property came from (file and offset) is kept beside them in a WeakMap keyed by the object, so
 * positions survive `$ref` substitution and the mint.json upgrade, which reuse the same objects.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex, type Position } from '../shared/diagnostics.ts';

export interface SourceFile {
  /** Site-relative posix path, as printed in diagnostics. */
  file: string;
  text: string;
  lines: LineIndex;
}

interface Spot {
  source: SourceFile;
  offset: number;
}

interface ContainerLocation {
  self: Spot;
  /** Object property: where its key starts. Array item: where the item starts. */
  members: Map<string | number, Spot>;
}

export type JsonPath = readonly (string | number)[];

export class SourceLocations {
  private readonly containers = new WeakMap<object, ContainerLocation>();

  record(container: object, spot: Spot): ContainerLocation {
    const location: ContainerLocation = { self: spot, members: new Map() };
    this.containers.set(container, location);
    return location;
  }

  /** Gives `target` the location of `origin` (used when an upgrade builds a new object from an old one). */
  alias(target: object, origin: object): void {
    const location = this.containers.get(origin);
    if (location && !this.containers.has(target)) this.containers.set(target, location);
  }

  /**
   * Gives `target` the location of `container[key]` as written, for an object built from a value
   * that has no location of its own (a mint.json version name becomes a version element).
   */
  aliasMember(target: object, container: object, key: string | number): void {
    const spot = this.containers.get(container)?.members.get(key);
    if (spot && !this.containers.has(target)) this.containers.set(target, { self: spot, members: new Map() });
  }

  /** Where `root[path…]` was written: the deepest located node on the path. */
  locate(root: unknown, path: JsonPath): Position | undefined {
    let best: Spot | undefined;
    let node: unknown = root;
    for (let i = 0; i <= path.length; i++) {
      if (node === null || typeof node !== 'object') break;
      const location = this.containers.get(node);
      if (location) best = location.self;
      if (i === path.length) break;
      const key = path[i]!;
      const member = location?.members.get(key);
      if (member) best = member;
      node = (node as Record<string | number, unknown>)[key];
    }
    return best ? toPosition(best) : undefined;
  }

  /**
   * Where the last key of `path` is written, rather than its value: for problems with the key
   * itself (an unknown key), whose value may span many lines.
   */
  locateKey(root: unknown, path: JsonPath): Position | undefined {
    const container = path.length > 0 ? valueAt(root, path.slice(0, -1)) : undefined;
    const spot = container !== null && typeof container === 'object' ? this.containers.get(container)?.members.get(path[path.length - 1]!) : undefined;
    return spot ? toPosition(spot) : this.locate(root, path);
  }

  /** Where the object itself starts. */
  locateObject(value: object): Position | undefined {
    const location = this.containers.get(value);
    return location ? toPosition(location.self) : undefined;
  }
}

/** The value at `path` in `root`, or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function toPosition(spot: Spot): Position {
  const { line, column } = spot.source.lines.position(spot.offset);
  return { file: spot.source.file, line, column };
}

export interface JsonSyntaxError {
  position: Position;
  message: string;
}

export interface ParsedJson {
  source: SourceFile;
  tree: Node | undefined;
  errors: JsonSyntaxError[];
  /** Where the text nests deeper than the limit; then it is not parsed (`tree` is undefined). */
  tooDeep?: Position;
}

/**
 * How deep lists and objects may nest in the config, counting the files that include one another
 * (real configs nest under 20). The parser, the schema and the navigation walk all recurse once per
 * level, so a deeper file would overflow the stack; this keeps every stage well within it.
 */
export const MAX_NESTING = 256;

/**
 * `depth`: how many lists and objects enclose this file's value in the whole config (a file
 * included by `$ref` lands inside its includer).
 */
export function parseJsonSource(file: string, text: string, options: { depth?: number } = {}): ParsedJson {
  const source: SourceFile = { file, text, lines: new LineIndex(text) };
  const tooDeep = deepestOpening(text, MAX_NESTING - (options.depth ?? 0));
  if (tooDeep !== undefined) return { source, tree: undefined, errors: [], tooDeep: toPosition({ source, offset: tooDeep }) };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return {
    source,
    tree,
    errors: errors.map((error) => ({
      position: toPosition({ source, offset: error.offset }),
      message: describeParseError(printParseErrorCode(error.error)),
    })),
  };
}

/**
 * The offset of the first `[` or `{` that opens level `limit + 1`, or undefined. A plain scan of
 * the text (strings and comments skipped), so that nesting is measured before the recursive parser
 * sees it.
 */
export function deepestOpening(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (char === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (char === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return i;
    } else if ((char === 0x5d /* ] */ || char === 0x7d) /* } */ && depth > 0) {
      // Never below zero: stray closers must not hide the nesting that follows them.
      depth--;
    }
  }
  return undefined;
}

function describeParseError(code: string): string {
  switch (code) {
    case 'CommaExpected':
      return 'a comma is missing between two values';
    case 'ColonExpected':
      return 'a colon is missing after a property name';
    case 'PropertyNameExpected':
      return 'a property name in double quotes is expected here (is there a trailing comma?)';
    case 'ValueExpected':
      return 'a value is expected here (is there a trailing comma or a missing value?)';
    case 'CloseBraceExpected':
      return 'a closing "}" is missing';
    case 'CloseBracketExpected':
      return 'a closing "]" is missing';
    case 'EndOfFileExpected':
      return 'unexpected content after the end of the JSON value';
    case 'InvalidCommentToken':
      return 'comments are not allowed in JSON';
    case 'UnexpectedEndOfComment':
      return 'a comment is not closed';
    case 'UnexpectedEndOfString':
      return 'a string is not closed';
    case 'UnexpectedEndOfNumber':
      return 'a number is cut short';
    case 'InvalidUnicode':
      return 'an invalid \\u escape sequence';
    case 'InvalidEscapeCharacter':
      return 'an invalid escape sequence in a string';
    case 'InvalidCharacter':
      return 'an invalid character (control characters must be escaped inside strings)';
    case 'InvalidSymbol':
      return 'an invalid symbol: JSON strings use double quotes and keys must be quoted';
    case 'InvalidNumberFormat':
      return 'an invalid number';
    default:
      return `invalid JSON (${code})`;
  }
}

export interface MaterializeHooks {
  /**
   * Called for every object; returning a value replaces the object (used for `$ref`).
   * Returning undefined keeps the object as written.
   */
  replaceObject?: (node: Node, path: JsonPath) => { value: unknown } | undefined;
  /** Called for a key written twice in one object. */
  duplicateKey?: (key: string, keyNode: Node, path: JsonPath) => void;
  /**
   * Called for a list or object that would nest deeper than MAX_NESTING in the whole config (only
   * through `$ref`s: a single file that deep is refused by `parseJsonSource`); it becomes undefined.
   */
  tooDeep?: (node: Node, path: JsonPath) => void;
}

/** Turns a parse tree into plain values, recording positions as it goes. */
export function materialize(parsed: ParsedJson, locations: SourceLocations, hooks: MaterializeHooks = {}, basePath: JsonPath = []): unknown {
  const { source } = parsed;
  const visit = (node: Node, path: JsonPath): unknown => {
    if ((node.type === 'object' || node.type === 'array') && path.length >= MAX_NESTING) {
      hooks.tooDeep?.(node, path);
      return undefined;
    }
    switch (node.type) {
      case 'object': {
        const replaced = hooks.replaceObject?.(node, path);
        if (replaced) return replaced.value;
        const result: Record<string, unknown> = {};
        const location = locations.record(result, { source, offset: node.offset });
        for (const property of node.children ?? []) {
          const [keyNode, valueNode] = property.children ?? [];
          if (!keyNode || typeof keyNode.value !== 'string') continue;
          const key = keyNode.value;
          if (location.members.has(key)) hooks.duplicateKey?.(key, keyNode, path);
          location.members.set(key, { source, offset: keyNode.offset });
          const value = valueNode ? visit(valueNode, [...path, key]) : undefined;
          // Keys such as "__proto__" must become own properties, not prototype changes.
          Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
        }
        return result;
      }
      case 'array': {
        const result: unknown[] = [];
        const location = locations.record(result, { source, offset: node.offset });
        (node.children ?? []).forEach((child, index) => {
          location.members.set(index, { source, offset: child.offset });
          result.push(visit(child, [...path, index]));
        });
        return result;
      }
      default:
        return node.value;
    }
  };
  return parsed.tree ? visit(parsed.tree, basePath) : undefined;
}

/** `navigation.tabs[1].pages[0]` */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
