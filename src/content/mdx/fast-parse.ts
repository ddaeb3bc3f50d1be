/**
 * A fast reading of the MDX most pages are made of, giving exactly the tree micromark gives (node
 * for node, positions included), or nothing: micromark reads 300 to 600 KB a second on this
 * machine (3 µs a character: a 20 KB reference page took 200 ms cold, a 10 MB page 35 s), and
 * nearly all of a docs page is paragraphs, headings, lists, fenced code and components.
 *
 * It reads only what it can read exactly: the moment it meets anything else (an expression, an
 * entity, a tab in an indent, raw HTML, a link definition, a literal autolink, math, a lazy line,
 * a tag it cannot pair...) it gives up and the page is parsed by micromark as
 * before (`parse.ts`). So a page either comes out as micromark would read it or is read by
 * micromark; `test/content/fast-parse.test.ts` holds it to micromark's tree on every corpus page
 * and on mutated ones.
 *
 * Blocks are read line by line (`Blocks`; GFM tables as micromark-extension-gfm-table reads them,
 * a quote's content as a page of its own), the text of paragraphs, headings and table cells by
 * `Inline` (CommonMark's delimiter algorithm for emphasis and links). A page with an MDX mistake is given
 * up too, so micromark's error reaches the repairs as before.
 */
import type { Program } from 'estree';
import type { AlignType, Blockquote, Code, Emphasis, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Strong, Table, TableCell, TableRow } from 'mdast';
import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Point as UnistPoint, Position } from 'unist';
import { LineIndex } from '../../shared/diagnostics.ts';

/** The parser micromark-extension-mdxjs reads ESM with. */
const ESM_PARSER = Parser.extend(acornJsx());

/** A node of acorn's tree, as micromark-util-events-to-acorn places it in the page. */
interface Placed {
  start: number;
  end: number;
  loc?: unknown;
  range?: [number, number];
}

/** acorn's program (an ESTree one): its `type` says so. */
function isProgram(value: unknown): value is Program {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'Program' && 'body' in value && Array.isArray(value.body);
}

/** Whether `value` is a node of acorn's tree: an object with a `type` and its offsets. */
function isPlaced(value: unknown): value is Placed & { type: string } {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' && 'start' in value && typeof value.start === 'number';
}

/** Every node of an acorn tree, each before those inside it. */
function walkAcorn(node: Placed, visit: (node: Placed) => void): void {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isPlaced(item)) walkAcorn(item, visit);
    } else if (isPlaced(value)) {
      walkAcorn(value, visit);
    }
  }
}

/** Thrown to give up: the page is parsed by micromark instead. */
const GIVE_UP = Symbol('give up');

function giveUp(): never {
  throw GIVE_UP;
}

interface Point {
  line: number;
  column: number;
  offset: number;
}

/**
 * The tree micromark (MDX and GFM) would give for `text`, or undefined when the text holds anything
 * this reader does not read exactly. Throws what micromark throws for a name imported twice
 * (`EsmError`), the one MDX error it reads.
 */
export function fastParseMdx(text: string): Root | undefined {
  return fastParse(text, false);
}

/**
 * The same for Markdown (`.md` pages, OpenAPI descriptions: CommonMark and GFM): no components,
 * expressions or ESM; raw HTML, autolinks (`<`) and indented code are left to micromark.
 */
export function fastParseMarkdown(text: string): Root | undefined {
  return fastParse(text, true);
}

function fastParse(text: string, markdown: boolean): Root | undefined {
  if (text.length === 0 || UNREAD.test(text)) return undefined;
  try {
    return new Blocks(text, markdown).root();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    // micromark's own error (`EsmError`), at the same place.
    throw error;
  }
}

/**
 * Characters anywhere in the page that this reader leaves to micromark: carriage returns, NUL,
 * and link or footnote definitions (`[x]:` at a line's start), which change how
 * brackets elsewhere read.
 */
const UNREAD = /[\r\0]|^ *\[[^\]\n]*\]:/m;

/** Where each line starts, to turn offsets into points. */
class LineTable {
  readonly starts: number[] = [0];
  readonly ends: number[] = [];
  private readonly index: LineIndex;

  constructor(readonly text: string) {
    this.index = new LineIndex(text);
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.ends.push(index);
      this.starts.push(index + 1);
    }
    this.ends.push(text.length);
  }

  get count(): number {
    return this.starts.length;
  }

  point(offset: number): Point {
    const { line, column } = this.index.position(offset);
    return { line, column, offset };
  }

  lineOf(offset: number): number {
    return this.point(offset).line - 1;
  }
}

const SPACE = 32;
const TAB = 9;
const PIPE = 124;
const DASH = 45;
const COLON = 58;

/** A container's lines: the root and components take any line, a list item those indented to its content. */
interface Container {
  /** Lines indented less than this (and not blank) are not in the container. */
  column: number;
}

type Flow = RootContent;

class Blocks {
  private readonly lines: LineTable;
  /** Names the page's ESM imported so far. */
  private readonly imported = new Set<string>();

  constructor(
    private readonly text: string,
    /** Markdown, not MDX. */
    private readonly markdown: boolean,
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
  private contentStart(index: number, from = this.lines.starts[index]!): number {
    const end = this.lines.ends[index]!;
    let at = from;
    while (at < end && this.text.charCodeAt(at) === SPACE) at++;
    if (at < end && this.text.charCodeAt(at) === TAB) giveUp();
    return at;
  }

  private blank(index: number): boolean {
    return this.contentStart(index) === this.lines.ends[index];
  }

  private indent(index: number): number {
    return this.contentStart(index) - this.lines.starts[index]!;
  }

  /**
   * Flow content from line `first` (from `firstStart` on it, for a list item's first line) while
   * lines stay in `container`. Components opened here close here.
   */
  private flow(first: number, firstStart: number | undefined, container: Container): { nodes: Flow[]; next: number; blankBetween: boolean } {
    const nodes: Flow[] = [];
    const open: { element: MdxJsxFlowElement; parentNodes: Flow[] }[] = [];
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
        const quote = this.quote(index, start, container);
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
        const tags = this.tagLine(start);
        if (tags) {
          const lastLine = this.lines.lineOf(tags.end);
          if (lastLine > index) {
            // A tag over several lines right after a list that a line closed, or with a line
            // outside this item: micromark reads its later lines as lazy ones and stops.
            if (listJustEnded) giveUp();
            for (let line = index + 1; line <= lastLine; line++) if (this.indent(line) < container.column) giveUp();
          }
          for (const tag of tags.tags) {
            if (tag.closing) {
              const top = open.pop();
              if (top === undefined || top.element.name !== tag.name) giveUp();
              top.element.position!.end = tag.end;
              current = top.parentNodes;
            } else {
              const element: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: [], position: { start: tag.start, end: tag.end } };
              current.push(element);
              if (!tag.selfClosing) {
                open.push({ element, parentNodes: current });
                current = element.children as Flow[];
              }
            }
          }
          index = this.lines.lineOf(tags.end) + 1;
          continue;
        }
      }
      if ((code === 45 || code === 42 || code === 95) && THEMATIC_BREAK.test(this.text.slice(start, end))) {
        current.push({ type: 'thematicBreak', position: { start: this.lines.point(start), end: this.lines.point(end) } });
        index++;
        continue;
      }
      if (code === 105 && !this.markdown && !this.nested && container.column === 0 && open.length === 0 && start === this.lines.starts[index] && this.text.startsWith('import ', start)) {
        const esm = this.esm(index);
        current.push(esm.node);
        index = esm.next;
        continue;
      }
      const marker = this.listMarker(start, end);
      if (marker) {
        if (index === first && firstStart !== undefined) giveUp(); // a list in an item's first line
        const list = this.list(index, start, container);
        current.push(list.node);
        index = list.next;
        afterList = true;
        continue;
      }
      if (code === 61 || this.plainStart(start, end)) {
        const table = this.table(index, start, container);
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

  /**
   * `import`s at the start of a line, up to a blank line: MDX's ESM, with the program acorn reads
   * from it (micromark-util-events-to-acorn: parentheses kept, positions in the page).
   */
  private esm(first: number): { node: Flow; next: number } {
    let last = first;
    while (last + 1 < this.lines.count && !this.blank(last + 1)) last++;
    const start = this.lines.starts[first]!;
    const end = this.lines.ends[last]!;
    const value = this.text.slice(start, end);
    if (/\/\/|\/\*|[<`]/.test(value)) giveUp();
    let parsed: unknown;
    try {
      parsed = ESM_PARSER.parse(value, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
    } catch {
      giveUp();
    }
    if (!isProgram(parsed)) giveUp();
    const program = parsed;
    const imports = program.body.filter((statement) => statement.type === 'ImportDeclaration');
    if (imports.length !== program.body.length) giveUp();
    // A name imported again is an error to micromark, which declares the names imported before.
    const names = imports.flatMap((statement) => statement.specifiers.map((specifier) => specifier.local.name));
    if (names.some((name) => this.imported.has(name))) throw this.importedAgain(value, start);
    for (const name of names) this.imported.add(name);
    const place = (node: Placed): void => {
      const from = this.lines.point(start + node.start);
      const to = this.lines.point(start + node.end);
      node.start = from.offset;
      node.end = to.offset;
      node.loc = { start: { line: from.line, column: from.column - 1, offset: from.offset }, end: { line: to.line, column: to.column - 1, offset: to.offset } };
      node.range = [from.offset, to.offset];
    };
    if (!isPlaced(program)) giveUp();
    walkAcorn(program, place);
    program.comments = [];
    const node: Flow = { type: 'mdxjsEsm', value, data: { estree: program }, position: { start: this.lines.point(start), end: this.lines.point(end) } };
    return { node, next: last + 1 };
  }

  /**
   * The error micromark throws for an ESM block that imports a name imported before: acorn's, on
   * the block after `var <names>` (micromark-extension-mdxjs-esm), at its place in the page. So a
   * page that repeats an import is repaired as before (`repair.ts`) without micromark reading it.
   */
  private importedAgain(value: string, start: number): Error {
    const prefix = `var ${[...this.imported].join(',')}\n`;
    let cause: { message: string; pos: number } | undefined;
    try {
      ESM_PARSER.parse(prefix + value, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
    } catch (error) {
      cause = error as { message: string; pos: number };
    }
    if (cause === undefined || cause.pos < prefix.length) giveUp();
    const place = this.lines.point(start + cause.pos - prefix.length);
    return new EsmError(cause.message.replace(/ \(\d+:\d+\)$/, ''), place);
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

  /** A list marker at `start` followed by one space and content: `-`, `*`, `+`, `1.`, `1)`. */
  private listMarker(start: number, end: number): { ordered: boolean; marker: string; value: number; contentStart: number } | undefined {
    const code = this.text.charCodeAt(start);
    let at = start;
    let ordered = false;
    if (code === 45 || code === 42 || code === 43) {
      at++;
    } else if (code >= 48 && code <= 57) {
      while (at < end && at - start < 9 && this.text.charCodeAt(at) >= 48 && this.text.charCodeAt(at) <= 57) at++;
      const delimiter = this.text.charCodeAt(at);
      if (delimiter !== 46 && delimiter !== 41) return undefined;
      ordered = true;
      at++;
    } else {
      return undefined;
    }
    // An empty item, or `-` alone (setext, thematic break).
    if (at >= end) giveUp();
    if (this.text.charCodeAt(at) !== SPACE) return undefined;
    // One space then content; more spaces (or a thematic break like `- - -`) are left to micromark.
    const next = this.text.charCodeAt(at + 1);
    if (next === SPACE || next === TAB || at + 1 >= end) giveUp();
    const rest = this.text.slice(start, end);
    if (!ordered && /^([-*_])(?: *\1){2,} *$/.test(rest)) giveUp();
    const markerText = this.text.slice(start, at);
    return { ordered, marker: ordered ? markerText.slice(-1) : markerText, value: ordered ? Number.parseInt(markerText, 10) : 0, contentStart: at + 1 };
  }

  private list(first: number, start: number, container: Container): { node: List; next: number } {
    const firstMarker = this.listMarker(start, this.lines.ends[first]!)!;
    const items: ListItem[] = [];
    let spread = false;
    let index = first;
    let itemStart = start;
    let marker = firstMarker;
    for (;;) {
      const column = marker.contentStart - this.lines.starts[index]!;
      const content = this.flow(index, marker.contentStart, { column });
      // A task list item (`[ ]`, `[x]`) is left to micromark.
      const head = content.nodes[0];
      if (head?.type === 'paragraph' && head.children[0]?.type === 'text' && /^\[[ xX]\]/.test(head.children[0].value)) giveUp();
      // The item ends at the end of its last line that is not blank.
      const last = content.next - 1;
      const item: ListItem = {
        type: 'listItem',
        spread: content.blankBetween,
        checked: null,
        children: content.nodes as ListItem['children'],
        position: { start: this.lines.point(itemStart), end: this.lines.point(this.lines.ends[last]!) },
      };
      items.push(item);
      // The next item: a marker of the same kind less indented than this item's content (after
      // blank lines, which make the list spread), still in the list's container.
      let probe = content.next;
      while (probe < this.lines.count && this.blank(probe)) probe++;
      index = content.next;
      if (probe >= this.lines.count) break;
      const nextStart = this.contentStart(probe);
      const nextIndent = nextStart - this.lines.starts[probe]!;
      if (nextIndent >= column || nextIndent < container.column) break;
      const nextMarker = this.listMarker(nextStart, this.lines.ends[probe]!);
      if (!nextMarker || nextMarker.ordered !== marker.ordered || nextMarker.marker !== marker.marker) break;
      if (probe > content.next) spread = true;
      index = probe;
      itemStart = nextStart;
      marker = nextMarker;
    }
    // A list whose items are separated by blank lines is spread; so is one whose item is.
    const node: List = {
      type: 'list',
      ordered: firstMarker.ordered,
      start: firstMarker.ordered ? firstMarker.value : null,
      spread,
      children: items,
      position: { start: this.lines.point(start), end: items[items.length - 1]!.position!.end },
    };
    return { node, next: index };
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
      if (code === 60 && (this.markdown || this.tagLine(content))) {
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
      if (this.headSize(content, end) !== undefined && this.delimiterRow(index + 1, container, this.headSize(content, end)!) !== undefined) break;
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

  /**
   * A block quote from `start` (its `>`) on line `index`: its lines up to a blank one, each with
   * its `>` and the space after it taken off, read as a page of their own, positions put back.
   * Gives up on a lazy line (one without `>` right after it) and on tabs after a `>`.
   */
  private quote(index: number, start: number, container: Container): { node: Flow; next: number } {
    const { text } = this;
    /** Where each line's content starts, after its `>` (and one space). */
    const contentStarts: number[] = [];
    let next = index;
    for (; next < this.lines.count; next++) {
      const at = next === index ? start : this.contentStart(next);
      const end = this.lines.ends[next]!;
      if (at === end) break;
      const indent = at - this.lines.starts[next]!;
      if (text.charCodeAt(at) !== 62) {
        // After a line with only `>` nothing is open that could take a lazy line: the quote ends.
        if (next !== index && text.slice(contentStarts.at(-1)!, this.lines.ends[next - 1]!).trim() === '') break;
        giveUp(); // lazy, or a block right after the quote
      }
      if (next !== index && (indent < container.column || indent - container.column > 3)) giveUp();
      const after = text.charCodeAt(at + 1);
      if (after === TAB) giveUp();
      contentStarts.push(after === SPACE ? at + 2 : at + 1);
    }
    const inner = contentStarts.map((from, line) => text.slice(from, this.lines.ends[index + line]!)).join('\n');
    if (UNREAD.test(inner)) giveUp();
    const children = new Blocks(inner, this.markdown, true).root().children;
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
      if (end && point.column === 1 && point.line > 1) return { line: line + 1, column: 1, offset: this.lines.starts[line]! };
      const offset = contentStarts[point.line - 1]! + point.column - 1;
      return { line: line + 1, column: offset - this.lines.starts[line]! + 1, offset };
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
    const node: Blockquote = { type: 'blockquote', children: children as Blockquote['children'], position: { start: this.lines.point(start), end: this.lines.point(this.lines.ends[last]!) } };
    return { node, next };
  }

  /**
   * A GFM table whose head row starts at `start` on line `index`, with its delimiter row and the
   * body rows after it (micromark-extension-gfm-table): undefined when the next line is not a
   * delimiter row with as many cells as the head.
   */
  private table(index: number, start: number, container: Container): { node: Table; next: number } | undefined {
    const headEnd = this.lines.ends[index]!;
    const size = this.headSize(start, headEnd);
    if (size === undefined) return undefined;
    const delimiter = this.delimiterRow(index + 1, container, size);
    if (delimiter === undefined) return undefined;
    const rows = [this.row(start, headEnd)];
    let end = delimiter.end;
    let next = index + 2;
    for (; next < this.lines.count; next++) {
      const content = this.contentStart(next);
      const lineEnd = this.lines.ends[next]!;
      if (content === lineEnd) break;
      const indent = content - this.lines.starts[next]!;
      // A line outside the container: lazy to micromark, which ends the table there.
      if (indent < container.column) break;
      if (this.markdown && indent - container.column >= 4) giveUp(); // indented code
      if (this.endsTable(content, lineEnd)) break;
      const row = this.row(content, lineEnd);
      rows.push(row);
      end = row.position!.end.offset!;
    }
    const node: Table = { type: 'table', align: delimiter.align, children: rows, position: { start: this.lines.point(start), end: this.lines.point(end) } };
    return { node, next };
  }

  /**
   * The cells a head row from `start` to `end` has as micromark-extension-gfm-table counts them,
   * or undefined when it cannot head a table (one cell and no pipe, or the page's last line).
   */
  private headSize(start: number, end: number): number | undefined {
    if (end === this.text.length) return undefined;
    let size = 0;
    let parts = 0;
    let seen = false;
    if (this.text.charCodeAt(start) !== PIPE) {
      seen = true;
      parts = 1;
    }
    for (let at = start; at < end; ) {
      const code = this.text.charCodeAt(at);
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
        at = this.cellDataEnd(at, end);
      }
    }
    return parts > 1 ? size : undefined;
  }

  /** The end of a cell's run of text from `at`: up to a pipe or white space; `\|` and `\\` are text. */
  private cellDataEnd(at: number, end: number): number {
    while (at < end) {
      const code = this.text.charCodeAt(at);
      if (code === PIPE || code === SPACE || code === TAB) break;
      const next = this.text.charCodeAt(at + 1);
      at += code === 92 && at + 1 < end && (next === 92 || next === PIPE) ? 2 : 1;
    }
    return at;
  }

  /** Line `index` as a delimiter row (`| :-- | --: |`) of `size` cells: their alignment, and where the row ends. */
  private delimiterRow(index: number, container: Container, size: number): { align: AlignType[]; end: number } | undefined {
    if (index >= this.lines.count) return undefined;
    const end = this.lines.ends[index]!;
    let at = this.contentStart(index);
    const indent = at - this.lines.starts[index]!;
    if (at === end || indent < container.column) return undefined;
    // Markdown's indented code: at most three spaces before the row.
    if (this.markdown && indent - container.column > 3) return undefined;
    const { text } = this;
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
  private endsTable(start: number, end: number): boolean {
    const { text } = this;
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
      if (this.markdown) giveUp();
      return this.tagLine(start) !== undefined;
    }
    if (code === 62) return true; // a quote
    // An expression, math, ESM: left to micromark.
    if (code === 36 || (code === 123 && !this.markdown)) giveUp();
    if (!this.markdown && (code === 105 || code === 101) && /^(?:import|export)\b/.test(line)) giveUp();
    return false;
  }

  /**
   * A table row from `start` to `end`: cells split at pipes (not escaped ones), the first pipe in
   * the first cell and a last one with nothing after it in the last; each cell's text, trimmed, read
   * as phrasing.
   */
  private row(start: number, end: number): TableRow {
    const { text } = this;
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
      const dataEnd = this.cellDataEnd(at, end);
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
      const phrasing = span.from === -1 ? [] : new Inline(text, this.lines, [[span.from, span.to]], this.markdown).parse();
      unescapePipesInCode(phrasing);
      return { type: 'tableCell', children: phrasing, position: { start: this.lines.point(span.start), end: this.lines.point(cellEnd) } };
    });
    return { type: 'tableRow', children, position: { start: this.lines.point(start), end: this.lines.point(end) } };
  }

  /**
   * A line of one or more whole tags (`<Tip>`, `</Tip>`, `<Card title="x" />`), possibly over
   * several lines, and nothing else: what MDX reads as flow tags. Undefined when the line holds
   * text too (a paragraph with a tag in it); gives up on what it cannot read.
   */
  private tagLine(start: number): { tags: Tag[]; end: number } | undefined {
    const tags: Tag[] = [];
    let at = start;
    for (;;) {
      const tag = readTag(this.text, at, this.lines);
      if (tag === undefined) return tags.length === 0 ? undefined : giveUp();
      tags.push(tag);
      at = tag.end.offset;
      while (this.text.charCodeAt(at) === SPACE) at++;
      const code = this.text.charCodeAt(at);
      if (at >= this.text.length || code === 10) return { tags, end: tag.end.offset };
      if (code !== 60) return tags.length === 1 && tags[0]!.start.offset === start ? undefined : giveUp();
    }
  }
}

/** micromark-extension-mdxjs-esm's error for ESM acorn cannot read, with the fields `repair.ts` reads (as a VFileMessage has them). */
export class EsmError extends Error {
  readonly reason = 'Could not parse import/exports with acorn';
  readonly source = 'micromark-extension-mdxjs-esm';
  readonly ruleId = 'acorn';
  readonly line: number;
  readonly column: number;

  constructor(
    acornMessage: string,
    readonly place: Point,
  ) {
    super('Could not parse import/exports with acorn', { cause: new Error(acornMessage) });
    this.name = `${place.line}:${place.column}`;
    this.line = place.line;
    this.column = place.column;
  }
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: MdxJsxAttribute[];
  start: Point;
  end: Point;
}

const THEMATIC_BREAK = /^([-*_])(?: *\1){2,} *$/;
const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[\w$-]/;

/**
 * A JSX tag at `start` with only names, string attributes and boolean ones; undefined when `<`
 * does not start a tag at all (`< 3`). Anything else JSX allows (expressions, spreads, member
 * names, namespaces, fragments, entities, comments) gives up.
 */
function readTag(text: string, start: number, lines: LineTable): Tag | undefined {
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

// ---------------------------------------------------------------------------------------------
// Inline

type Segment = [number, number];

interface TextPiece {
  kind: 'text';
  value: string;
  start: number;
  end: number;
}

interface Delimiter {
  kind: 'delimiter';
  char: 42 | 95;
  /** Characters of the run still unused. */
  count: number;
  start: number;
  end: number;
  canOpen: boolean;
  canClose: boolean;
  /** The run's length as written (for the rule of three). */
  length: number;
}

interface Bracket {
  kind: 'bracket';
  image: boolean;
  start: number;
  end: number;
  active: boolean;
}

interface NodePiece {
  kind: 'node';
  node: PhrasingContent;
}

interface TagPiece {
  kind: 'tag';
  tag: Tag;
}

type Piece = TextPiece | Delimiter | Bracket | NodePiece | TagPiece;

/** Emphasis found between two delimiter runs, around what was between them. */
interface Wrap {
  kind: 'wrap';
  node: Emphasis | Strong;
  inner: Item[];
}

type Item = Piece | Wrap;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Pieces (text runs, delimiters, brackets, code, tags) of one paragraph the fast reader takes at most. */
const MAX_PIECES = 1_000;

/** Text that GFM would turn into a link by itself, left to micromark. */
const AUTOLINK_LITERAL = /@|www\.|https?:\/\/|mailto:|xmpp:/i;

class Inline {
  private readonly pieces: Piece[] = [];
  /** The line just read ended in a backslash: a hard break, already written. */
  private escapedBreak = false;

  constructor(
    private readonly text: string,
    private readonly lines: LineTable,
    private readonly segments: Segment[],
    /** Markdown: `<` is raw HTML or an autolink (left to micromark), braces are text. */
    private readonly markdown: boolean,
  ) {}

  parse(): PhrasingContent[] {
    this.scan();
    return this.build();
  }

  private scan(): void {
    const { text } = this;
    for (let s = 0; s < this.segments.length; s++) {
      const [from, to] = this.segments[s]!;
      let at = from;
      let textStart = from;
      const flush = (until: number): void => {
        if (until > textStart) this.pushText(text.slice(textStart, until), textStart, until);
      };
      while (at < to) {
        // Matching brackets and emphasis looks back over a paragraph's pieces: a huge paragraph is left to micromark.
        if (this.pieces.length > MAX_PIECES) giveUp();
        const code = text.charCodeAt(at);
        if (code === 92) {
          // Backslash: an escaped punctuation character is itself; before a line end, a hard break.
          if (at + 1 === to) {
            if (s < this.segments.length - 1) {
              flush(at);
              this.pieces.push({ kind: 'node', node: { type: 'break', position: { start: this.lines.point(at), end: this.lines.point(to + 1) } } });
              at = to;
              textStart = at;
              this.escapedBreak = true;
              continue;
            }
            at++;
            continue;
          }
          if (ASCII_PUNCTUATION.test(text[at + 1]!)) {
            flush(at);
            this.pushText(text[at + 1]!, at, at + 2);
            at += 2;
            textStart = at;
            continue;
          }
          at++;
          continue;
        }
        if (code === 96) {
          const span = this.codeSpan(s, at);
          if (span === undefined) giveUp();
          flush(at);
          this.pieces.push({ kind: 'node', node: span.node });
          // A code span may run over lines: continue after it.
          s = span.segment;
          at = span.end;
          textStart = at;
          continue;
        }
        if (code === 42 || code === 95) {
          flush(at);
          let end = at;
          while (end < to && text.charCodeAt(end) === code) end++;
          this.pushDelimiter(code, at, end, from, to);
          at = end;
          textStart = at;
          continue;
        }
        if (code === 91 || (code === 33 && text.charCodeAt(at + 1) === 91)) {
          if (text.charCodeAt(at + (code === 33 ? 2 : 1)) === 94) giveUp(); // footnote
          flush(at);
          const end = at + (code === 33 ? 2 : 1);
          this.pieces.push({ kind: 'bracket', image: code === 33, start: at, end, active: true });
          at = end;
          textStart = at;
          continue;
        }
        if (code === 93) {
          flush(at);
          at = this.closeBracket(s, at);
          textStart = at;
          continue;
        }
        if (code === 60) {
          if (this.markdown) giveUp();
          const tag = readTag(text, at, this.lines);
          if (tag === undefined) giveUp();
          if (tag.end.offset > to) giveUp();
          flush(at);
          this.pieces.push({ kind: 'tag', tag });
          at = tag.end.offset;
          textStart = at;
          continue;
        }
        if (((code === 123 || code === 125) && !this.markdown) || code === 126 || code === 38 || code === 36 || code === TAB || code > 127) {
          if (code === 38 && !/^&(?:#\d|#[xX][\da-fA-F]|[A-Za-z][A-Za-z\d]*;)/.test(text.slice(at, at + 34))) {
            at++;
            continue;
          }
          if (code > 127) {
            at++;
            continue;
          }
          giveUp();
        }
        at++;
      }
      flush(to);
      if (this.escapedBreak) this.escapedBreak = false;
      else if (s < this.segments.length - 1) this.lineEnd(s);
    }
  }

  private pushText(value: string, start: number, end: number): void {
    if (AUTOLINK_LITERAL.test(value)) giveUp();
    this.pieces.push({ kind: 'text', value, start, end });
  }

  /** The end of segment `s`: a soft break (`\n` in the text), or a hard one after two spaces. */
  private lineEnd(s: number): void {
    const [from, to] = this.segments[s]!;
    let trimmed = to;
    while (trimmed > from && this.text.charCodeAt(trimmed - 1) === SPACE) trimmed--;
    const spaces = to - trimmed;
    // Take the trailing spaces off the text before.
    const last = this.pieces[this.pieces.length - 1];
    if (spaces > 0) {
      if (last?.kind !== 'text' || last.end !== to) giveUp();
      last.value = last.value.slice(0, last.value.length - spaces);
      last.end = trimmed;
      if (last.value === '') this.pieces.pop();
    }
    const nextStart = this.segments[s + 1]![0];
    if (spaces >= 2) {
      this.pieces.push({ kind: 'node', node: { type: 'break', position: { start: this.lines.point(trimmed), end: this.lines.point(this.lines.starts[this.lines.lineOf(nextStart)]!) } } });
    } else {
      this.pieces.push({ kind: 'text', value: '\n', start: to, end: to + 1 });
    }
  }

  private codeSpan(s: number, start: number): { node: PhrasingContent; segment: number; end: number } | undefined {
    const { text } = this;
    let open = start;
    const [, to] = this.segments[s]!;
    while (open < to && text.charCodeAt(open) === 96) open++;
    const size = open - start;
    // Find a closing run of the same size, in this segment or the ones after.
    let value = '';
    for (let t = s; t < this.segments.length; t++) {
      const [segFrom, segTo] = this.segments[t]!;
      let at = t === s ? open : segFrom;
      const piece = at;
      while (at < segTo) {
        if (text.charCodeAt(at) !== 96) {
          at++;
          continue;
        }
        let run = at;
        while (run < segTo && text.charCodeAt(run) === 96) run++;
        if (run - at === size) {
          value += text.slice(piece, at);
          const node = { type: 'inlineCode', value: trimCode(value), position: { start: this.lines.point(start), end: this.lines.point(run) } } as PhrasingContent;
          return { node, segment: t, end: run };
        }
        at = run;
      }
      // A code span over lines keeps the lines' indents: left to micromark.
      giveUp();
    }
    return undefined;
  }

  /** A run of `*` or `_` from `start` to `end` in the line from `lineFrom` to `lineTo`: a line's ends count as white space. */
  private pushDelimiter(char: 42 | 95, start: number, end: number, lineFrom: number, lineTo: number): void {
    const before = start === lineFrom ? 10 : this.text.charCodeAt(start - 1);
    const after = end >= lineTo ? 10 : this.text.charCodeAt(end);
    if (before === 126 || after === 126) giveUp(); // `~` beside: GFM strikethrough loosens the rules
    const beforeKind = kindOf(before);
    const afterKind = kindOf(after);
    const leftFlanking = afterKind !== 'space' && (afterKind !== 'punctuation' || beforeKind !== 'other');
    const rightFlanking = beforeKind !== 'space' && (beforeKind !== 'punctuation' || afterKind !== 'other');
    const canOpen = char === 42 ? leftFlanking : leftFlanking && (!rightFlanking || beforeKind === 'punctuation');
    const canClose = char === 42 ? rightFlanking : rightFlanking && (!leftFlanking || afterKind === 'punctuation');
    this.pieces.push({ kind: 'delimiter', char, count: end - start, start, end, canOpen, canClose, length: end - start });
  }

  /** `]` at `at`: a link or image when an inline destination follows; else text. Returns where to go on. */
  private closeBracket(s: number, at: number): number {
    let opener = -1;
    for (let index = this.pieces.length - 1; index >= 0; index--) {
      const piece = this.pieces[index]!;
      if (piece.kind === 'bracket') {
        opener = index;
        break;
      }
    }
    if (opener === -1) {
      this.pushText(']', at, at + 1);
      return at + 1;
    }
    const bracket = this.pieces[opener] as Bracket;
    const resource = bracket.active ? this.resource(s, at + 1) : undefined;
    if (resource === undefined) {
      // Not a link: the bracket is text (and, with no definitions on the page, so is this one).
      if (this.text.charCodeAt(at + 1) === 91 || this.text.charCodeAt(at + 1) === 40) giveUp();
      this.pieces[opener] = { kind: 'text', value: this.text.slice(bracket.start, bracket.end), start: bracket.start, end: bracket.end };
      this.pushText(']', at, at + 1);
      return at + 1;
    }
    const inner = this.pieces.splice(opener + 1);
    this.pieces.pop(); // the bracket
    const children = this.resolve(inner);
    const position = { start: this.lines.point(bracket.start), end: this.lines.point(resource.end) };
    if (bracket.image) {
      const alt = plainText(children);
      this.pieces.push({ kind: 'node', node: { type: 'image', title: resource.title, url: resource.url, alt, position } as PhrasingContent });
    } else {
      this.pieces.push({ kind: 'node', node: { type: 'link', title: resource.title, url: resource.url, children, position } as PhrasingContent });
      // No links in links: brackets before this one cannot make a link any more.
      for (const piece of this.pieces) if (piece.kind === 'bracket' && !piece.image) piece.active = false;
    }
    return resource.end;
  }

  /** `(destination "title")` at `at`, on one line: only the plain forms. */
  private resource(s: number, at: number): { url: string; title: string | null; end: number } | undefined {
    const { text } = this;
    const [, to] = this.segments[s]!;
    if (text.charCodeAt(at) !== 40) return undefined;
    let index = at + 1;
    while (text.charCodeAt(index) === SPACE) index++;
    const destStart = index;
    let depth = 0;
    while (index < to) {
      const code = text.charCodeAt(index);
      if (code === SPACE || code < 32) break;
      if (code === 92 || code === 38 || code === 60) giveUp();
      if (code === 40) depth++;
      if (code === 41) {
        if (depth === 0) break;
        depth--;
      }
      index++;
    }
    // Parentheses in a destination must balance.
    if (index >= to || depth > 0) giveUp();
    const url = text.slice(destStart, index);
    while (text.charCodeAt(index) === SPACE) index++;
    let title: string | null = null;
    const quote = text.charCodeAt(index);
    if (quote === 34 || quote === 39) {
      const close = text.indexOf(text[index]!, index + 1);
      if (close === -1 || close >= to) giveUp();
      // An empty title is no title.
      title = close === index + 1 ? null : text.slice(index + 1, close);
      if (title !== null && /[\\&]/.test(title)) giveUp();
      index = close + 1;
      while (text.charCodeAt(index) === SPACE) index++;
    } else if (quote === 40) {
      giveUp();
    }
    if (text.charCodeAt(index) !== 41) giveUp();
    return { url, title, end: index + 1 };
  }

  /** The pieces in order, emphasis resolved, as nodes (adjacent text merged). */
  private build(): PhrasingContent[] {
    for (const piece of this.pieces) if (piece.kind === 'bracket') Object.assign(piece, { kind: 'text', value: this.text.slice(piece.start, piece.end) });
    return this.resolve(this.pieces);
  }

  /** Emphasis in `pieces` (CommonMark's "process emphasis"), then tags paired into elements. */
  private resolve(pieces: Piece[]): PhrasingContent[] {
    const items: Item[] = [...pieces];
    // Process emphasis: for each closer, look back for an opener.
    const openersBottom = new Map<string, number>();
    for (let closer = 0; closer < items.length; closer++) {
      const close = items[closer]!;
      if (close.kind !== 'delimiter' || !close.canClose || close.count === 0) continue;
      let found = -1;
      const key = `${close.char}${close.canOpen ? 1 : 0}${close.length % 3}`;
      const bottom = openersBottom.get(key) ?? -1;
      for (let index = closer - 1; index > bottom; index--) {
        const open = items[index]!;
        if (open.kind !== 'delimiter' || open.char !== close.char || !open.canOpen || open.count === 0) continue;
        if ((open.canClose || close.canOpen) && (open.length + close.length) % 3 === 0 && !(open.length % 3 === 0 && close.length % 3 === 0)) continue;
        found = index;
        break;
      }
      if (found === -1) {
        openersBottom.set(key, closer - 1);
        if (!close.canOpen) close.canClose = false;
        continue;
      }
      const open = items[found] as Delimiter;
      const use = open.count >= 2 && close.count >= 2 ? 2 : 1;
      const innerItems = items.splice(found + 1, closer - found - 1);
      // Delimiters between opener and closer are text now.
      const inner = innerItems;
      const openEnd = open.start + open.count;
      const closeStart = close.start + (close.length - close.count);
      const position = { start: this.lines.point(openEnd - use), end: this.lines.point(closeStart + use) };
      const node: Emphasis | Strong = use === 2 ? { type: 'strong', children: [], position } : { type: 'emphasis', children: [], position };
      open.count -= use;
      close.count -= use;
      const wrap = { kind: 'wrap' as const, node, inner };
      items.splice(found + 1, 0, wrap);
      closer = found + 1;
      // Opener and closer keep their remaining characters; try this closer again.
      if (close.count > 0) closer--;
    }
    return this.nodes(items);
  }

  private nodes(items: Item[]): PhrasingContent[] {
    const out: PhrasingContent[] = [];
    const stack: { element: MdxJsxTextElement; parent: PhrasingContent[] }[] = [];
    let current = out;
    const pushText = (value: string, start: number, end: number): void => {
      const last = current[current.length - 1];
      if (last?.type === 'text') {
        last.value += value;
        last.position!.end = this.lines.point(end);
        return;
      }
      current.push({ type: 'text', value, position: { start: this.lines.point(start), end: this.lines.point(end) } });
    };
    for (const item of items) {
      switch (item.kind) {
        case 'text':
          pushText(item.value, item.start, item.end);
          break;
        case 'delimiter': {
          // Unused characters of a run are text: those left at its start and end.
          if (item.count > 0) {
            if (item.count !== item.length) giveUp();
            pushText(this.text.slice(item.start, item.end), item.start, item.end);
          }
          break;
        }
        case 'bracket':
          pushText(this.text.slice(item.start, item.end), item.start, item.end);
          break;
        case 'node':
          current.push(item.node);
          break;
        case 'wrap': {
          item.node.children = this.nodes(item.inner);
          current.push(item.node);
          break;
        }
        case 'tag': {
          const { tag } = item;
          if (tag.closing) {
            const top = stack.pop();
            if (top === undefined || top.element.name !== tag.name) giveUp();
            top.element.position!.end = tag.end;
            current = top.parent;
          } else {
            const element: MdxJsxTextElement = { type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes, children: [], position: { start: tag.start, end: tag.end } };
            current.push(element);
            if (!tag.selfClosing) {
              stack.push({ element, parent: current });
              current = element.children;
            }
          }
          break;
        }
      }
    }
    if (stack.length > 0) giveUp();
    return out;
  }
}

/** In a table, `\|` in code is `|`, `\\` stays (mdast-util-gfm-table: a pipe in code is written escaped). */
function unescapePipesInCode(nodes: PhrasingContent[]): void {
  for (const node of nodes) {
    if (node.type === 'inlineCode') node.value = node.value.replace(/\\([\\|])/g, (escaped, char: string) => (char === '|' ? char : escaped));
    else if ('children' in node) unescapePipesInCode(node.children as PhrasingContent[]);
  }
}

/** A character beside a delimiter run as micromark classifies it (`classifyCharacter`, one UTF-16 unit at a time). */
function kindOf(code: number): 'space' | 'punctuation' | 'other' {
  const char = String.fromCharCode(code);
  if (code === 10 || code === SPACE || code === TAB || UNICODE_WHITESPACE.test(char)) return 'space';
  if (UNICODE_PUNCTUATION.test(char)) return 'punctuation';
  return 'other';
}

const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;

/** A code span's content: one space each side taken off when both are there and it is not all spaces. */
function trimCode(value: string): string {
  if (value.length >= 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') return value.slice(1, -1);
  return value;
}

function plainText(nodes: PhrasingContent[]): string {
  let out = '';
  for (const node of nodes) {
    if ('value' in node && typeof node.value === 'string') out += node.value;
    else if (node.type === 'image') out += node.alt ?? '';
    else if ('children' in node) out += plainText(node.children as PhrasingContent[]);
  }
  return out;
}
