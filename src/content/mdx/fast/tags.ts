/** JSX tags: names, string, boolean and literal attributes; a line of whole tags is flow. */
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { Position } from 'unist';
import { giveUp, type LineTable, type Point, type Source, SPACE } from './reader.ts';

export interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: MdxJsxAttribute[];
  start: Point;
  end: Point;
}

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[\w$-]/;

/**
 * A JSX tag at `start` with only names, string attributes and boolean ones; undefined when `<`
 * does not start a tag at all (`< 3`). Anything else JSX allows (expressions, spreads, member
 * names, namespaces, fragments, entities, comments) gives up.
 */
export function readTag(text: string, start: number, lines: LineTable): Tag | undefined {
  let at = start + 1;
  const closing = text.charCodeAt(at) === 47;
  if (closing) at++;
  if (!NAME_START.test(text[at] ?? '')) {
    if (closing || text[at] === '>' || text[at] === '/') giveUp();
    return undefined;
  }
  const nameStart = at;
  while (at < text.length && NAME_PART.test(text[at]!)) at++;
  const name = text.slice(nameStart, at);
  const attributes: MdxJsxAttribute[] = [];
  for (;;) {
    const before = at;
    while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === 10) at++;
    const code = text.charCodeAt(at);
    if (code === 62) {
      return { name, closing, selfClosing: false, attributes, start: lines.point(start), end: lines.point(at + 1) };
    }
    if (code === 47) {
      if (closing || text.charCodeAt(at + 1) !== 62) giveUp();
      return { name, closing, selfClosing: true, attributes, start: lines.point(start), end: lines.point(at + 2) };
    }
    if (closing || at === before || !NAME_START.test(text[at] ?? '')) giveUp();
    const attributeStart = at;
    while (at < text.length && NAME_PART.test(text[at]!)) at++;
    const attributeName = text.slice(attributeStart, at);
    if (text.charCodeAt(at) !== 61) {
      attributes.push({ type: 'mdxJsxAttribute', name: attributeName, value: null, position: { start: lines.point(attributeStart), end: lines.point(at) } } as MdxJsxAttribute);
      continue;
    }
    at++;
    const quote = text.charCodeAt(at);
    if (quote === 123) {
      const close = text.indexOf('}', at + 1);
      const source = close === -1 ? '' : text.slice(at + 1, close);
      if (!LITERAL_EXPRESSION.test(source)) giveUp();
      const value = { type: 'mdxJsxAttributeValueExpression', value: source, data: { estree: literalProgram(source, at + 1, lines) } };
      at = close + 1;
      attributes.push({ type: 'mdxJsxAttribute', name: attributeName, value, position: { start: lines.point(attributeStart), end: lines.point(at) } } as MdxJsxAttribute);
      continue;
    }
    if (quote !== 34 && quote !== 39) giveUp();
    const close = text.indexOf(text[at]!, at + 1);
    if (close === -1) giveUp();
    const value = text.slice(at + 1, close);
    if (/[&\n]/.test(value)) giveUp();
    at = close + 1;
    attributes.push({ type: 'mdxJsxAttribute', name: attributeName, value, position: { start: lines.point(attributeStart), end: lines.point(at) } } as MdxJsxAttribute);
  }
}

/** An attribute's expression this reader reads: a number, `true`, `false` or `null` (`cols={2}`). */
const LITERAL_EXPRESSION = /^(?:\d{1,15}(?:\.\d{1,15})?|true|false|null)$/;

/** The program acorn gives for a literal expression at `start`, with micromark's locations (0-based columns). */
function literalProgram(source: string, start: number, lines: LineTable): unknown {
  const end = start + source.length;
  const location = (offset: number) => {
    const point = lines.point(offset);
    return { line: point.line, column: point.column - 1, offset };
  };
  const span = () => ({ start, end, loc: { start: location(start), end: location(end) }, range: [start, end] });
  const value = source === 'true' ? true : source === 'false' ? false : source === 'null' ? null : Number(source);
  const literal = { type: 'Literal', ...span(), value, raw: source };
  const statement = { type: 'ExpressionStatement', expression: literal, ...span() };
  return { type: 'Program', ...span(), body: [statement], sourceType: 'module', comments: [] };
}

/**
 * A line of one or more whole tags (`<Tip>`, `</Tip>`, `<Card title="x" />`), possibly over
 * several lines, and nothing else: what MDX reads as flow tags. Undefined when the line holds
 * text too (a paragraph with a tag in it); gives up on what it cannot read.
 */
export function tagLine(source: Source, start: number): { tags: Tag[]; end: number } | undefined {
  const tags: Tag[] = [];
  let at = start;
  for (;;) {
    const tag = readTag(source.text, at, source.lines);
    if (tag === undefined) return tags.length === 0 ? undefined : giveUp();
    tags.push(tag);
    at = tag.end.offset;
    while (source.text.charCodeAt(at) === SPACE) at++;
    const code = source.text.charCodeAt(at);
    if (at >= source.text.length || code === 10) return { tags, end: tag.end.offset };
    if (code !== 60) return tags.length === 1 && tags[0]!.start.offset === start ? undefined : giveUp();
  }
}

/** An element a tag opened and not closed yet, and the list it stands in (its parent's children). */
export interface OpenElement<Element, Node> {
  element: Element;
  parent: Node[];
}

/**
 * One tag paired into elements, in flow and in text alike: an opening tag adds its element to
 * `current` and, unless self-closing, opens it (its children are where the next nodes go); a
 * closing tag closes the innermost open element, giving up when it has another name. Returns
 * where the next nodes go.
 */
export function pairTag<Element extends { name: string | null; children: unknown[]; position?: Position | undefined }, Node>(
  tag: Tag,
  open: OpenElement<Element, Node>[],
  current: Node[],
  make: (tag: Tag) => Element & Node,
): Node[] {
  if (tag.closing) {
    const top = open.pop();
    if (top === undefined || top.element.name !== tag.name) giveUp();
    top.element.position!.end = tag.end;
    return top.parent;
  }
  const element = make(tag);
  current.push(element);
  if (tag.selfClosing) return current;
  open.push({ element, parent: current });
  return element.children as Node[];
}
