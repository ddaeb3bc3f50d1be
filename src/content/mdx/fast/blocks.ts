/**
 * Blocks, read line by line: the flow of a page or container (which construct a line starts),
 * paragraphs, ATX headings, fenced code and thematic breaks here; lists, quotes, tables, tags and
 * ESM in their own modules, which take this reader as a `BlockReader`.
 */
import type { Code, Heading, Paragraph, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { readEsm } from './imports.ts';
import { Inline } from './phrasing.ts';
import { listMarker, readList } from './lists.ts';
import { readQuote } from './quotes.ts';
import { type BlockReader, type Container, type Flow, giveUp, LineTable, SPACE, TAB, THEMATIC_BREAK } from './reader.ts';
import { delimiterRow, headSize, readTable } from './tables.ts';
import { type OpenElement, pairTag, type Tag, tagLine } from './tags.ts';

export class Blocks implements BlockReader {
  readonly lines: LineTable;
  /** Names the page's ESM imported so far. */
  readonly imported = new Set<string>();

  constructor(
    readonly text: string,
    /** Markdown, not MDX. */
    readonly markdown: boolean,
    /** The content of a quote (no ESM there). */
    private readonly nested = false,
  ) {
    this.lines = new LineTable(text);
  }

  root(): Root {
    const { nodes, next } = this.flow(0, undefined, { column: 0 });
    for (let index = next; index < this.lines.count; index++) if (!this.blank(index)) giveUp();
    return { type: 'root', children: nodes, position: { start: this.lines.point(0), end: this.lines.point(this.text.length) } };
  }

  /** Offset of the first character that is not a space on line `index` at or after `from`; a tab there gives up. */
  contentStart(index: number, from = this.lines.starts[index]!): number {
    const end = this.lines.ends[index]!;
    let at = from;
    while (at < end && this.text.charCodeAt(at) === SPACE) at++;
    if (at < end && this.text.charCodeAt(at) === TAB) giveUp();
    return at;
  }

  blank(index: number): boolean {
    return this.contentStart(index) === this.lines.ends[index];
  }

  private indent(index: number): number {
    return this.contentStart(index) - this.lines.starts[index]!;
  }

  quoteContent(text: string): Root['children'] {
    return new Blocks(text, this.markdown, true).root().children;
  }

  /**
   * Flow content from line `first` (from `firstStart` on it, for a list item's first line) while
   * lines stay in `container`. Components opened here close here.
   */
  flow(first: number, firstStart: number | undefined, container: Container): { nodes: Flow[]; next: number; blankBetween: boolean } {
    const nodes: Flow[] = [];
    const open: OpenElement<MdxJsxFlowElement, Flow>[] = [];
    let current = nodes;
    let index = first;
    let sawBlank = false;
    /** The first of the blank lines just read: those at the end are left to the container around. */
    let firstBlank = 0;
    let blankBetween = false;
    /** The line before was the end of a list (no blank line between). */
    let afterList = false;
    while (index < this.lines.count) {
      const start = index === first && firstStart !== undefined ? firstStart : this.contentStart(index);
      const end = this.lines.ends[index]!;
      if (start === end) {
        if (index === first && firstStart !== undefined) giveUp(); // an item that starts empty
        if (!sawBlank) firstBlank = index;
        sawBlank = true;
        afterList = false;
        index++;
        continue;
      }
      if (index !== first && start - this.lines.starts[index]! < container.column) break;
      // Markdown reads a line indented four spaces past its container as indented code.
      if (this.markdown && !(index === first && firstStart !== undefined) && start - this.lines.starts[index]! - container.column >= 4) giveUp();
      if (sawBlank && nodes.length + open.length > 0) blankBetween = true;
      sawBlank = false;
      const listJustEnded = afterList;
      afterList = false;
      const code = this.text.charCodeAt(start);
      if (code === 62) {
        const quote = readQuote(this, index, start, container);
        current.push(quote.node);
        index = quote.next;
        continue;
      }
      if (code === 96 || code === 126) {
        const fence = this.fencedCode(index, start, container);
        if (fence) {
          current.push(fence.node);
          index = fence.next;
          continue;
        }
      }
      if (code === 35) {
        const heading = this.heading(index, start);
        if (heading) {
          current.push(heading);
          index++;
          continue;
        }
      }
      if (code === 60) {
        if (this.markdown) giveUp(); // raw HTML or an autolink
        const tags = tagLine(this, start);
        if (tags) {
          const lastLine = this.lines.lineOf(tags.end);
          if (lastLine > index) {
            // A tag over several lines right after a list that a line closed, or with a line
            // outside this item: micromark reads its later lines as lazy ones and stops.
            if (listJustEnded) giveUp();
            for (let line = index + 1; line <= lastLine; line++) if (this.indent(line) < container.column) giveUp();
          }
          for (const tag of tags.tags) current = pairTag(tag, open, current, flowElement);
          index = this.lines.lineOf(tags.end) + 1;
          continue;
        }
      }
      if ((code === 45 || code === 42 || code === 95) && THEMATIC_BREAK.test(this.text.slice(start, end))) {
        current.push({ type: 'thematicBreak', position: { start: this.lines.point(start), end: this.lines.point(end) } });
        index++;
        continue;
      }
      if (
        code === 105 &&
        !this.markdown &&
        !this.nested &&
        container.column === 0 &&
        open.length === 0 &&
        start === this.lines.starts[index] &&
        this.text.startsWith('import ', start)
      ) {
        const esm = readEsm(this, index);
        current.push(esm.node);
        index = esm.next;
        continue;
      }
      const marker = listMarker(this, start, end);
      if (marker) {
        if (index === first && firstStart !== undefined) giveUp(); // a list in an item's first line
        const list = readList(this, index, start, container);
        current.push(list.node);
        index = list.next;
        afterList = true;
        continue;
      }
      if (code === 61 || this.plainStart(start, end)) {
        const table = readTable(this, index, start, container);
        if (table) {
          current.push(table.node);
          index = table.next;
          continue;
        }
      }
      if (!this.plainStart(start, end)) giveUp();
      const paragraph = this.paragraph(index, start, container);
      current.push(paragraph.node);
      index = paragraph.next;
    }
    if (open.length > 0) giveUp();
    return { nodes, next: sawBlank ? firstBlank : index, blankBetween };
  }

  /** A line that starts a paragraph here, not a construct this reader leaves to micromark. */
  private plainStart(start: number, end: number): boolean {
    const code = this.text.charCodeAt(start);
    // A quote, an expression (MDX), a setext underline.
    if (code === 62 || (code === 123 && !this.markdown) || code === 61) return false;
    // A thematic break (`---`, `***`, `___`).
    if ((code === 45 || code === 42 || code === 95) && THEMATIC_BREAK.test(this.text.slice(start, end))) return false;
    // ESM.
    if ((code === 105 || code === 101) && /^(?:import|export)\b/.test(this.text.slice(start, Math.min(end, start + 7)))) return false;
    return true;
  }

  /** A fenced code block starting at `start`, or undefined when the line is not one. */
  private fencedCode(index: number, start: number, container: Container): { node: Code; next: number } | undefined {
    const end = this.lines.ends[index]!;
    const marker = this.text.charCodeAt(start);
    let at = start;
    while (at < end && this.text.charCodeAt(at) === marker) at++;
    const size = at - start;
    if (size < 3) return undefined;
    const info = this.text.slice(at, end).trim();
    if (marker === 96 && info.includes('`')) return undefined;
    if (/[\\&\t]/.test(info)) giveUp();
    const indent = start - this.lines.starts[index]! - container.column;
    const values: string[] = [];
    let line = index + 1;
    let closeEnd: number | undefined;
    for (; line < this.lines.count; line++) {
      const lineStart = this.lines.starts[line]!;
      const lineEnd = this.lines.ends[line]!;
      const content = this.contentStart(line);
      if (content < lineEnd && content - lineStart < container.column) break;
      if (content === lineEnd) {
        // A blank line: its spaces past the container and the fence's indent are kept.
        if (lineEnd - lineStart > container.column) giveUp();
        values.push('');
        continue;
      }
      if (this.text.charCodeAt(content) === marker) {
        let close = content;
        while (close < lineEnd && this.text.charCodeAt(close) === marker) close++;
        if (close - content >= size && this.text.slice(close, lineEnd).trim() === '') {
          // In Markdown a fence indented four spaces past the container is code, not the end.
          if (this.markdown && content - lineStart - container.column >= 4) giveUp();
          // The block ends with the closing fence's line, spaces after the fence included.
          closeEnd = lineEnd;
          line++;
          break;
        }
      }
      const from = lineStart + container.column;
      let strip = from;
      while (strip < from + indent && this.text.charCodeAt(strip) === SPACE) strip++;
      const value = this.text.slice(strip, lineEnd);
      if (value.includes('\t') && /^ *\t/.test(value)) giveUp();
      values.push(value);
    }
    if (closeEnd === undefined) giveUp();
    // Blank lines at the end of a block inside a list item belong to the item, not the code.
    // The language is the info's first word; the meta is the rest, trailing spaces kept.
    const words = /^ *([^ ]+) *(.*)$/.exec(this.text.slice(at, end));
    const lang = words?.[1];
    const meta = words?.[2] ?? '';
    const node: Code = {
      type: 'code',
      lang: lang ?? null,
      meta: meta === '' ? null : meta,
      value: values.join('\n'),
      position: { start: this.lines.point(start), end: this.lines.point(closeEnd) },
    };
    return { node, next: line };
  }

  /** An ATX heading (`## Title ##`), or undefined when the line is not one. */
  private heading(index: number, start: number): Heading | undefined {
    const end = this.lines.ends[index]!;
    let at = start;
    while (at < end && this.text.charCodeAt(at) === 35) at++;
    const depth = at - start;
    if (depth > 6) return undefined;
    if (at < end && this.text.charCodeAt(at) !== SPACE) return undefined;
    let contentEnd = end;
    while (contentEnd > at && this.text.charCodeAt(contentEnd - 1) === SPACE) contentEnd--;
    // A closing sequence of #s after a space is not part of the title.
    let close = contentEnd;
    while (close > at && this.text.charCodeAt(close - 1) === 35) close--;
    if (close < contentEnd && (close === at || this.text.charCodeAt(close - 1) === SPACE)) contentEnd = close;
    while (contentEnd > at && this.text.charCodeAt(contentEnd - 1) === SPACE) contentEnd--;
    let contentStart = at;
    while (contentStart < contentEnd && this.text.charCodeAt(contentStart) === SPACE) contentStart++;
    const children = contentStart < contentEnd ? new Inline(this.text, this.lines, [[contentStart, contentEnd]], this.markdown).parse() : [];
    return { type: 'heading', depth: depth as Heading['depth'], children, position: { start: this.lines.point(start), end: this.lines.point(end) } };
  }

  /** A paragraph from `start` on line `first`: lines until a blank one or one that starts another block. */
  private paragraph(first: number, start: number, container: Container): { node: Paragraph; next: number } {
    const segments: [number, number][] = [[start, this.lines.ends[first]!]];
    let index = first + 1;
    for (; index < this.lines.count; index++) {
      const lineStart = this.lines.starts[index]!;
      const content = this.contentStart(index);
      const end = this.lines.ends[index]!;
      if (content === end) break;
      const code = this.text.charCodeAt(content);
      if (code === 96 || code === 126) {
        let fence = content;
        while (fence < end && this.text.charCodeAt(fence) === code) fence++;
        // A fence (a backtick one has no backtick in its info).
        if (fence - content >= 3 && (code === 126 || !this.text.slice(fence, end).includes('`'))) break;
      }
      if (code === 35 && /^#{1,6}(?: |$)/.test(this.text.slice(content, Math.min(end, content + 8)))) break;
      if (code === 60 && (this.markdown || tagLine(this, content))) {
        if (this.markdown) giveUp();
        break;
      }
      if ((code === 45 || code === 42 || code === 43) && this.text.charCodeAt(content + 1) === SPACE) break;
      if (code >= 48 && code <= 57) {
        // An ordered item interrupts a paragraph when it starts at 1, or when it is outside the paragraph's item.
        const ordered = /^(\d{1,9})[.)](?: |$)/.exec(this.text.slice(content, content + 12));
        if (ordered && (Number(ordered[1]) === 1 || content - lineStart < container.column)) break;
      }
      // A lazy line, less indented than the item it would continue, is left to micromark.
      if (content - lineStart < container.column) giveUp();
      if (code === 62) break; // a quote
      if ((code === 123 && !this.markdown) || code === 61) giveUp();
      if (/^[ =-]+$/.test(this.text.slice(content, end)) || THEMATIC_BREAK.test(this.text.slice(content, end))) giveUp();
      if (code === 105 || code === 101) {
        if (/^(?:import|export)\b/.test(this.text.slice(content, content + 7))) giveUp();
      }
      // A table's head row and delimiter row interrupt a paragraph.
      if (headSize(this, content, end) !== undefined && delimiterRow(this, index + 1, container, headSize(this, content, end)!) !== undefined) break;
      segments.push([content, end]);
    }
    let last = segments[segments.length - 1]!;
    const rawEnd = last[1];
    let lastEnd = last[1];
    while (lastEnd > last[0] && this.text.charCodeAt(lastEnd - 1) === SPACE) lastEnd--;
    last = [last[0], lastEnd];
    segments[segments.length - 1] = last;
    const children = new Inline(this.text, this.lines, segments, this.markdown).parse();
    const node: Paragraph = { type: 'paragraph', children, position: { start: this.lines.point(start), end: this.lines.point(rawEnd) } };
    return { node, next: index };
  }
}

function flowElement(tag: Tag): MdxJsxFlowElement {
  return { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: [], position: { start: tag.start, end: tag.end } };
}
