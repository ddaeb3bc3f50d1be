/**
 * Where a value of a parsed spec file is written: the line and column of a JSON pointer's node, for
 * diagnostics about something found after parsing (a `$ref` the bundler could not follow).
 * parse-text.ts reads values only, which is what makes large specs fast; the text is parsed a
 * second time, with positions, only for a file that has something to report.
 */
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isAlias, isMap, isNode, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { LineIndex } from '../shared/diagnostics.ts';
import type { TextFormat } from './parse-text.ts';

export interface TextPosition {
  line: number;
  column: number;
}

export class TextLocator {
  private readonly text: string;
  private readonly format: TextFormat;
  private readonly lines: LineIndex;
  private json: JsonNode | undefined;
  private yaml: Document.Parsed | undefined;

  constructor({ text, format }: { text: string; format: TextFormat }) {
    // parse-text.ts reads the text without its byte order mark; positions count from after it too.
    this.text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    this.format = format;
    this.lines = new LineIndex(this.text);
  }

  /**
   * Where the node at `segments` (unescaped pointer segments) is written; in an object that holds
   * `key` (`$ref`), where that key is. The deepest node found when the path stops short (a merge
   * key, a value the parser built); undefined only when not even the first segment is found.
   */
  find(segments: readonly string[], key?: string): TextPosition | undefined {
    const offset = this.format === 'JSON' ? this.jsonOffset(segments, key) : this.yamlOffset(segments, key);
    return offset === undefined ? undefined : this.lines.position(offset);
  }

  private jsonOffset(segments: readonly string[], key: string | undefined): number | undefined {
    this.json ??= parseTree(this.text, [], { disallowComments: true, allowTrailingComma: false });
    let node = this.json;
    let found: number | undefined;
    for (const segment of [...segments, ...(key === undefined ? [] : [key])]) {
      const child = node === undefined ? undefined : jsonChild(node, segment);
      if (!child) break;
      found = child.offset;
      node = child.value;
    }
    return found;
  }

  private yamlOffset(segments: readonly string[], key: string | undefined): number | undefined {
    this.yaml ??= parseDocument(this.text, { schema: 'core', merge: true, logLevel: 'silent', uniqueKeys: false });
    let node: unknown = this.yaml.contents;
    let found: number | undefined;
    for (const segment of [...segments, ...(key === undefined ? [] : [key])]) {
      const child = yamlChild(this.yaml, node, segment);
      if (!child) break;
      found = child.offset;
      node = child.value;
    }
    return found;
  }
}

/** A property (where its key is) or an array item (where it starts). */
function jsonChild(node: JsonNode, segment: string): { offset: number; value: JsonNode | undefined } | undefined {
  if (node.type === 'object') {
    const property = node.children?.find((child) => child.children?.[0]?.value === segment);
    return property ? { offset: property.offset, value: property.children?.[1] } : undefined;
  }
  if (node.type === 'array') {
    const item = node.children?.[Number(segment)];
    return item ? { offset: item.offset, value: item } : undefined;
  }
  return undefined;
}

function yamlChild(document: Document.Parsed, parent: unknown, segment: string): { offset: number; value: unknown } | undefined {
  const node = isAlias(parent) ? parent.resolve(document) : parent;
  if (isMap(node)) {
    const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment);
    const offset = isNode(pair?.key) ? pair.key.range?.[0] : undefined;
    return pair && offset !== undefined ? { offset, value: pair.value } : undefined;
  }
  if (isSeq(node)) {
    const item: unknown = node.items[Number(segment)];
    const offset = isNode(item) ? item.range?.[0] : undefined;
    return offset === undefined ? undefined : { offset, value: item };
  }
  return undefined;
}

/** `#/paths/~1pets/get` → `['paths', '/pets', 'get']`, as docjet and the bundler escape them (no percent-encoding). */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Finds keys by JSON pointer in a spec's text, parsing it with positions only when first asked. */
export function pointerLocator(text: string, format: TextFormat): (pointer: string, key: string) => TextPosition | undefined {
  let locator: TextLocator | undefined;
  return (pointer, key) => (locator ??= new TextLocator({ text, format })).find(pointerSegments(pointer), key);
}
