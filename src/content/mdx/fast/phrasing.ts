/**
 * The text of paragraphs, headings and table cells (`Inline`): code spans, escapes, hard breaks,
 * delimiter runs, links and images, tags, read into pieces; emphasis.ts resolves them into nodes.
 */
import type { PhrasingContent } from 'mdast';
import { type Bracket, type Piece, resolveEmphasis } from './emphasis.ts';
import { giveUp, type LineTable, type Source, SPACE, TAB } from './reader.ts';
import { readTag } from './tags.ts';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Pieces (text runs, delimiters, brackets, code, tags) of one paragraph the fast reader takes at most. */
const MAX_PIECES = 1_000;

/** Text that GFM would turn into a link by itself, left to micromark. */
const AUTOLINK_LITERAL = /@|www\.|https?:\/\/|mailto:|xmpp:/i;

type Segment = [number, number];

export class Inline implements Source {
  private readonly pieces: Piece[] = [];
  /** The line just read ended in a backslash: a hard break, already written. */
  private escapedBreak = false;

  constructor(
    readonly text: string,
    readonly lines: LineTable,
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
      this.pieces.push({
        kind: 'node',
        node: { type: 'break', position: { start: this.lines.point(trimmed), end: this.lines.point(this.lines.starts[this.lines.lineOf(nextStart)]!) } },
      });
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
    const children = resolveEmphasis(this, inner);
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
    return resolveEmphasis(this, this.pieces);
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
