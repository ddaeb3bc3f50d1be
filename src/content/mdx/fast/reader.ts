/**
 * What every part of the fast reader shares: giving up, points, the line table, the characters it
 * compares, and the two views of a reader the construct modules take (`Source`, `BlockReader`), so
 * that they need not import the block reader itself.
 */
import type { Root, RootContent } from 'mdast';
import { LineIndex } from '../../../shared/diagnostics.ts';

/** Thrown to give up: the page is parsed by micromark instead. */
export const GIVE_UP = Symbol('give up');

export function giveUp(): never {
  throw GIVE_UP;
}

export interface Point {
  line: number;
  column: number;
  offset: number;
}

/**
 * Characters anywhere in the page that this reader leaves to micromark: carriage returns, NUL,
 * and link or footnote definitions (`[x]:` at a line's start), which change how
 * brackets elsewhere read.
 */
export const UNREAD = /[\r\0]|^ *\[[^\]\n]*\]:/m;

/** Where each line starts, to turn offsets into points. */
export class LineTable {
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

export const SPACE = 32;
export const TAB = 9;
export const PIPE = 124;
export const DASH = 45;
export const COLON = 58;

/** A container's lines: the root and components take any line, a list item those indented to its content. */
export interface Container {
  /** Lines indented less than this (and not blank) are not in the container. */
  column: number;
}

export type Flow = RootContent;

/** A thematic break (`---`, `***`, `___`), as a whole line's content. */
export const THEMATIC_BREAK = /^([-*_])(?: *\1){2,} *$/;

/** The text being read and its line table: what inline reading and tags need. */
export interface Source {
  readonly text: string;
  readonly lines: LineTable;
}

/** The block reader (`Blocks` in blocks.ts) as lists, quotes, tables and ESM use it. */
export interface BlockReader extends Source {
  /** Markdown, not MDX. */
  readonly markdown: boolean;
  /** Names the page's ESM imported so far. */
  readonly imported: Set<string>;
  /** Offset of the first character that is not a space on line `index` at or after `from`; a tab there gives up. */
  contentStart(index: number, from?: number): number;
  blank(index: number): boolean;
  /** Flow content from line `first` while lines stay in `container` (Blocks.flow). */
  flow(first: number, firstStart: number | undefined, container: Container): { nodes: Flow[]; next: number; blankBetween: boolean };
  /** A quote's content, read as a page of its own (no ESM there). */
  quoteContent(text: string): Root['children'];
}
