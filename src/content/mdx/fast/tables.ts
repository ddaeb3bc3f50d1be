/** GFM tables as micromark-extension-gfm-table reads them: head, delimiter and body rows, cells read inline. */
import type { AlignType, PhrasingContent, Table, TableCell, TableRow } from 'mdast';
import { Inline } from './phrasing.ts';
import { type BlockReader, COLON, type Container, DASH, giveUp, PIPE, SPACE, TAB, THEMATIC_BREAK } from './reader.ts';
import { tagLine } from './tags.ts';

/**
 * A GFM table whose head row starts at `start` on line `index`, with its delimiter row and the
 * body rows after it (micromark-extension-gfm-table): undefined when the next line is not a
 * delimiter row with as many cells as the head.
 */
export function readTable(reader: BlockReader, index: number, start: number, container: Container): { node: Table; next: number } | undefined {
  const headEnd = reader.lines.ends[index]!;
  const size = headSize(reader, start, headEnd);
  if (size === undefined) return undefined;
  const delimiter = delimiterRow(reader, index + 1, container, size);
  if (delimiter === undefined) return undefined;
  const rows = [readRow(reader, start, headEnd)];
  let end = delimiter.end;
  let next = index + 2;
  for (; next < reader.lines.count; next++) {
    const content = reader.contentStart(next);
    const lineEnd = reader.lines.ends[next]!;
    if (content === lineEnd) break;
    const indent = content - reader.lines.starts[next]!;
    // A line outside the container: lazy to micromark, which ends the table there.
    if (indent < container.column) break;
    if (reader.markdown && indent - container.column >= 4) giveUp(); // indented code
    if (endsTable(reader, content, lineEnd)) break;
    const row = readRow(reader, content, lineEnd);
    rows.push(row);
    end = row.position!.end.offset!;
  }
  const node: Table = { type: 'table', align: delimiter.align, children: rows, position: { start: reader.lines.point(start), end: reader.lines.point(end) } };
  return { node, next };
}

/**
 * The cells a head row from `start` to `end` has as micromark-extension-gfm-table counts them,
 * or undefined when it cannot head a table (one cell and no pipe, or the page's last line).
 */
export function headSize(reader: BlockReader, start: number, end: number): number | undefined {
  if (end === reader.text.length) return undefined;
  let size = 0;
  let parts = 0;
  let seen = false;
  if (reader.text.charCodeAt(start) !== PIPE) {
    seen = true;
    parts = 1;
  }
  for (let at = start; at < end; ) {
    const code = reader.text.charCodeAt(at);
    if (code === SPACE || code === TAB) {
      at++;
      continue;
    }
    parts++;
    if (seen) {
      seen = false;
      size++;
    }
    if (code === PIPE) {
      seen = true;
      at++;
    } else {
      at = cellDataEnd(reader, at, end);
    }
  }
  return parts > 1 ? size : undefined;
}

/** The end of a cell's run of text from `at`: up to a pipe or white space; `\|` and `\\` are text. */
export function cellDataEnd(reader: BlockReader, at: number, end: number): number {
  while (at < end) {
    const code = reader.text.charCodeAt(at);
    if (code === PIPE || code === SPACE || code === TAB) break;
    const next = reader.text.charCodeAt(at + 1);
    at += code === 92 && at + 1 < end && (next === 92 || next === PIPE) ? 2 : 1;
  }
  return at;
}

/** Line `index` as a delimiter row (`| :-- | --: |`) of `size` cells: their alignment, and where the row ends. */
export function delimiterRow(reader: BlockReader, index: number, container: Container, size: number): { align: AlignType[]; end: number } | undefined {
  if (index >= reader.lines.count) return undefined;
  const end = reader.lines.ends[index]!;
  let at = reader.contentStart(index);
  const indent = at - reader.lines.starts[index]!;
  if (at === end || indent < container.column) return undefined;
  // Markdown's indented code: at most three spaces before the row.
  if (reader.markdown && indent - container.column > 3) return undefined;
  const { text } = reader;
  // `- |` starts a list item, which interrupts the head row as it would a paragraph.
  if (text.charCodeAt(at) === DASH && (text.charCodeAt(at + 1) === SPACE || text.charCodeAt(at + 1) === TAB) && text.slice(at + 1, end).trim() !== '') return undefined;
  const align: AlignType[] = [];
  let seen = false;
  for (;;) {
    let code = text.charCodeAt(at);
    if (code === PIPE) {
      seen = true;
      at++;
      while (at < end && (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB)) at++;
      if (at >= end) break;
      code = text.charCodeAt(at);
    }
    const left = code === COLON;
    if (left) {
      seen = true;
      at++;
    } else if (code !== DASH) {
      return undefined;
    }
    if (at >= end || text.charCodeAt(at) !== DASH) return undefined;
    while (at < end && text.charCodeAt(at) === DASH) at++;
    const right = at < end && text.charCodeAt(at) === COLON;
    if (right) {
      seen = true;
      at++;
    }
    align.push(left ? (right ? 'center' : 'left') : right ? 'right' : null);
    while (at < end && (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB)) at++;
    if (at >= end) break;
    if (text.charCodeAt(at) !== PIPE) return undefined;
  }
  if (!seen || align.length !== size) return undefined;
  return { align, end };
}

/**
 * Whether a line after a table's rows starts a block that micromark tries before a table row
 * (a heading, a fence, a list, a thematic break, a tag): that block ends the table. Gives up on
 * the ones this reader does not read.
 */
export function endsTable(reader: BlockReader, start: number, end: number): boolean {
  const { text } = reader;
  const code = text.charCodeAt(start);
  const line = text.slice(start, Math.min(end, start + 12));
  if (code === 35) return /^#{1,6}(?: |$)/.test(line);
  if (code === 96 || code === 126) {
    let fence = start;
    while (fence < end && text.charCodeAt(fence) === code) fence++;
    return fence - start >= 3 && (code === 126 || !text.slice(fence, end).includes('`'));
  }
  if (code === 45 || code === 42 || code === 43 || code === 95) {
    if (THEMATIC_BREAK.test(text.slice(start, end))) return true;
    const after = text.charCodeAt(start + 1);
    if (after === TAB) giveUp();
    return code !== 95 && (start + 1 === end || after === SPACE);
  }
  if (code >= 48 && code <= 57) {
    if (/^\d{1,9}[.)]\t/.test(line)) giveUp();
    return /^\d{1,9}[.)](?: |$)/.test(line);
  }
  if (code === 60) {
    if (reader.markdown) giveUp();
    return tagLine(reader, start) !== undefined;
  }
  if (code === 62) return true; // a quote
  // An expression, math, ESM: left to micromark.
  if (code === 36 || (code === 123 && !reader.markdown)) giveUp();
  if (!reader.markdown && (code === 105 || code === 101) && /^(?:import|export)\b/.test(line)) giveUp();
  return false;
}

/**
 * A table row from `start` to `end`: cells split at pipes (not escaped ones), the first pipe in
 * the first cell and a last one with nothing after it in the last; each cell's text, trimmed, read
 * as phrasing.
 */
function readRow(reader: BlockReader, start: number, end: number): TableRow {
  const { text } = reader;
  interface Span {
    start: number;
    from: number;
    to: number;
  }
  const spans: { span: Span; end: number }[] = [];
  let first = true;
  let pending: Span | undefined;
  let cell: Span = { start, from: -1, to: -1 };
  for (let at = start; at < end; ) {
    const code = text.charCodeAt(at);
    if (code === SPACE || code === TAB) {
      at++;
      continue;
    }
    if (code === PIPE) {
      if (!first) {
        if (pending) spans.push({ span: pending, end: cell.start });
        pending = cell;
        cell = { start: at, from: -1, to: -1 };
      }
      first = false;
      at++;
      continue;
    }
    first = false;
    const dataEnd = cellDataEnd(reader, at, end);
    if (cell.from === -1) {
      if (pending) spans.push({ span: pending, end: cell.start });
      pending = undefined;
      cell.from = at;
    }
    cell.to = dataEnd;
    at = dataEnd;
  }
  spans.push({ span: pending ?? cell, end: end });
  const children: TableCell[] = spans.map(({ span, end: cellEnd }) => {
    const phrasing = span.from === -1 ? [] : new Inline(text, reader.lines, [[span.from, span.to]], reader.markdown).parse();
    unescapePipesInCode(phrasing);
    return { type: 'tableCell', children: phrasing, position: { start: reader.lines.point(span.start), end: reader.lines.point(cellEnd) } };
  });
  return { type: 'tableRow', children, position: { start: reader.lines.point(start), end: reader.lines.point(end) } };
}

/** In a table, `\|` in code is `|`, `\\` stays (mdast-util-gfm-table: a pipe in code is written escaped). */
function unescapePipesInCode(nodes: PhrasingContent[]): void {
  for (const node of nodes) {
    if (node.type === 'inlineCode') node.value = node.value.replace(/\\([\\|])/g, (escaped, char: string) => (char === '|' ? char : escaped));
    else if ('children' in node) unescapePipesInCode(node.children as PhrasingContent[]);
  }
}
