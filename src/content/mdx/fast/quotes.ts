/** Block quotes: their content, `>` taken off, read as a page of its own and put back in place. */
import type { Blockquote, RootContent } from 'mdast';
import type { Point as UnistPoint, Position } from 'unist';
import { type BlockReader, type Container, type Flow, giveUp, type Point, SPACE, TAB, UNREAD } from './reader.ts';

/**
 * A block quote from `start` (its `>`) on line `index`: its lines up to a blank one, each with
 * its `>` and the space after it taken off, read as a page of their own, positions put back.
 * Gives up on a lazy line (one without `>` right after it) and on tabs after a `>`.
 */
export function readQuote(reader: BlockReader, index: number, start: number, container: Container): { node: Flow; next: number } {
  const { text } = reader;
  /** Where each line's content starts, after its `>` (and one space). */
  const contentStarts: number[] = [];
  let next = index;
  for (; next < reader.lines.count; next++) {
    const at = next === index ? start : reader.contentStart(next);
    const end = reader.lines.ends[next]!;
    if (at === end) break;
    const indent = at - reader.lines.starts[next]!;
    if (text.charCodeAt(at) !== 62) {
      // After a line with only `>` nothing is open that could take a lazy line: the quote ends.
      if (next !== index && text.slice(contentStarts.at(-1)!, reader.lines.ends[next - 1]!).trim() === '') break;
      giveUp(); // lazy, or a block right after the quote
    }
    if (next !== index && (indent < container.column || indent - container.column > 3)) giveUp();
    const after = text.charCodeAt(at + 1);
    if (after === TAB) giveUp();
    contentStarts.push(after === SPACE ? at + 2 : at + 1);
  }
  const inner = contentStarts.map((from, line) => text.slice(from, reader.lines.ends[index + line]!)).join('\n');
  if (UNREAD.test(inner)) giveUp();
  const children = reader.quoteContent(inner);
  // A list or quote in a quote that a blank line or a new list or quote ends, micromark ends
  // after the next line's `>`: left to it.
  const innerLines = inner.split('\n');
  const listEnds = (nodes: readonly RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === 'list' || node.type === 'blockquote') {
        const after = innerLines[node.position!.end.line];
        if (after !== undefined && (after.trim() === '' || /^ *(?:>|[-*+](?: |$)|\d{1,9}[.)](?: |$))/.test(after))) giveUp();
      }
      if ('children' in node) listEnds(node.children as RootContent[]);
    }
  };
  listEnds(children);
  // Positions in the quote's own text, put back where they are in the page.
  // A point at a line's first column is the line's content when something starts there, and
  // the line's own start (before its `>`) when something ends there (after a line ending).
  const place = (point: UnistPoint, end: boolean): Point => {
    const line = index + point.line - 1;
    if (end && point.column === 1 && point.line > 1) return { line: line + 1, column: 1, offset: reader.lines.starts[line]! };
    const offset = contentStarts[point.line - 1]! + point.column - 1;
    return { line: line + 1, column: offset - reader.lines.starts[line]! + 1, offset };
  };
  const replace = (node: { position?: Position | undefined; children?: unknown[]; attributes?: unknown[]; value?: unknown }): void => {
    if (node.position) node.position = { start: place(node.position.start, false), end: place(node.position.end, true) };
    // Literal attribute values carry ESTree offsets: left to micromark in a quote.
    if (typeof node.value === 'object' && node.value !== null) giveUp();
    for (const child of (node.children ?? []) as (typeof node)[]) replace(child);
    for (const attribute of (node.attributes ?? []) as (typeof node)[]) replace(attribute);
  };
  for (const child of children) replace(child);
  const last = index + contentStarts.length - 1;
  const node: Blockquote = {
    type: 'blockquote',
    children: children as Blockquote['children'],
    position: { start: reader.lines.point(start), end: reader.lines.point(reader.lines.ends[last]!) },
  };
  return { node, next };
}
