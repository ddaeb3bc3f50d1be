/**
 * Bounds on the Markdown constructs whose cost grows faster than the page: the parser (micromark)
 * matches brackets, emphasis marks and code spans by looking back or ahead through the paragraph
 * they are in, so a paragraph of 40,000 brackets (`[[[…a](b)…`) or of `_*_*…` takes minutes; it
 * re-checks every open list or quote on each lazy line (a paragraph line without the item's
 * indentation), so one list item followed by 20,000 such lines takes as long; and each character
 * reference (`&amp;`) or link definition costs hundreds of bytes of parser events, so 4 MB of
 * `&amp;` took 2.9 GB.
 *
 * One linear pass before parsing counts, in each block (lines between blank lines, outside fenced
 * code), its brackets, its emphasis marks, the lengths of its backtick runs and its lazy lines,
 * and, in the whole page, its character references and link definitions. Where a count passes its
 * limit, those characters are shown as text instead of read as syntax: each is swapped for a
 * stand-in of the same length (`repair.ts` puts the character back in the tree), so every offset,
 * line and column still matches the file. The limits are far above any real page: the largest
 * counts of the fourteen corpus sites (6,993 pages) are given beside each. A page within them is
 * parsed exactly as before.
 */
import { STAND_IN } from './repair.ts';

/** Unescaped `[` and `]` in one block. Corpus maximum: 114. */
export const MAX_BRACKETS = 1000;
/** Runs of unescaped `*`, `_` or `~` in one block (list markers and `_` inside words aside). Corpus maximum: 114. */
export const MAX_EMPHASIS = 1000;
/** Different lengths of backtick runs in one block. Corpus maximum: 3. */
export const MAX_BACKTICK_LENGTHS = 32;
/** Lazy lines of list items or quotes in one block. Corpus maximum: 39. */
export const MAX_LAZY_LINES = 300;
/** Character references (`&amp;`, `&#38;`) in one page. Corpus maximum: 6,174. */
export const MAX_REFERENCES = 50_000;
/** Link reference definitions (`[label]: url`) in one page. Corpus maximum: 19. */
export const MAX_DEFINITIONS = 2_000;

export type SyntaxLimit = 'brackets' | 'emphasis' | 'backticks' | 'lazy-lines' | 'references' | 'definitions';

export interface SyntaxRefusal {
  limit: SyntaxLimit;
  /** Offset of the first block (or, for the page-wide limits, the first character) past the limit. */
  offset: number;
  /** The count that passed the limit (in that block, or in the page). */
  count: number;
  max: number;
  /** How many blocks passed it (1 for the page-wide limits). */
  places: number;
}

export interface LimitedSyntax {
  /** The text, with the refused characters swapped for stand-ins; the same string when none were. */
  text: string;
  /** One per limit passed, in page order. */
  refusals: SyntaxRefusal[];
  /** The largest count of each kind (in one block, or in the page): how far the page is from each limit. */
  largest: Record<SyntaxLimit, number>;
}

const BLOCK_LIMITS: { limit: SyntaxLimit; max: number }[] = [
  { limit: 'brackets', max: MAX_BRACKETS },
  { limit: 'emphasis', max: MAX_EMPHASIS },
  { limit: 'backticks', max: MAX_BACKTICK_LENGTHS },
  { limit: 'lazy-lines', max: MAX_LAZY_LINES },
];

const BACKSLASH = 92;
const SPACE = 32;
const TAB = 9;
const GREATER = 62;
const BACKTICK = 96;
const TILDE = 126;
const AMPERSAND = 38;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const STAR = 42;
const UNDERSCORE = 95;
const DASH = 45;
const PLUS = 43;

interface Block {
  start: number;
  end: number;
  /** Line starts and where each line's container prefix ends (the content starts). */
  lines: { start: number; content: number; end: number }[];
  brackets: number;
  emphasis: number;
  backtickLengths: Set<number>;
  lazy: number;
  /** Indentation of the last line that opened a list item or quote in this block, or -1. */
  containerIndent: number;
}

/** Applies the limits (see the module comment). Linear in the length of `text`. */
export function limitSyntax(text: string): LimitedSyntax {
  // Cheap test first: nearly every page is far below every limit in total.
  const largest: Record<SyntaxLimit, number> = { brackets: 0, emphasis: 0, backticks: 0, 'lazy-lines': 0, references: 0, definitions: 0 };
  // Read from the text; written into a copy made on the first change (most pages have none).
  const codes = new Source(text);
  const found = new Map<SyntaxLimit, SyntaxRefusal>();
  const refuse = (limit: SyntaxLimit, offset: number, count: number, max: number): void => {
    const known = found.get(limit);
    if (known) known.places++;
    else found.set(limit, { limit, offset, count, max, places: 1 });
  };

  let references = 0;
  let definitions = 0;
  let fence: { char: number; length: number } | undefined;
  let block: Block | undefined;

  const endBlock = (): void => {
    if (!block) return;
    const counts: Record<SyntaxLimit, number> = {
      brackets: block.brackets,
      emphasis: block.emphasis,
      backticks: block.backtickLengths.size,
      'lazy-lines': block.lazy,
      references: 0,
      definitions: 0,
    };
    for (const { limit, max } of BLOCK_LIMITS) {
      largest[limit] = Math.max(largest[limit], counts[limit]);
      if (counts[limit] <= max) continue;
      refuse(limit, block.start, counts[limit], max);
      showAsText(codes, block, limit);
    }
    block = undefined;
  };

  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const prefix = readPrefix(codes, start, end);
    const content = prefix.content;
    if (fence) {
      if (closesFence(codes, content, end, fence)) fence = undefined;
      start = end + 1;
      continue;
    }
    const opened = opensFence(codes, content, end);
    if (opened) {
      endBlock();
      fence = opened;
      start = end + 1;
      continue;
    }
    if (content >= end || isBlank(codes, content, end)) {
      endBlock();
      start = end + 1;
      continue;
    }
    block ??= { start, end, lines: [], brackets: 0, emphasis: 0, backtickLengths: new Set(), lazy: 0, containerIndent: -1 };
    block.end = end;
    block.lines.push({ start, content, end });
    if (prefix.containers > 0) block.containerIndent = content - start;
    else if (block.containerIndent >= 0 && content - start < block.containerIndent) block.lazy++;

    if (isDefinition(codes, content, end) && ++definitions > MAX_DEFINITIONS) {
      if (definitions === MAX_DEFINITIONS + 1) refuse('definitions', content, definitions, MAX_DEFINITIONS);
      codes.set(content, STAND_IN['[']!);
    }
    for (let i = content; i < end; i++) {
      const code = codes.at(i);
      if (code === BACKSLASH) {
        i++;
      } else if (code === OPEN_BRACKET || code === CLOSE_BRACKET) {
        block.brackets++;
      } else if (code === STAR || code === UNDERSCORE || code === TILDE) {
        // A run of one mark is one delimiter; `_` inside a word (`MAX_RETRIES`) opens and closes nothing.
        let run = 1;
        while (i + run < end && codes.at(i + run) === code) run++;
        if (code !== UNDERSCORE || !isAlphanumeric(codes.at(i - 1) ?? 0) || !isAlphanumeric(codes.at(i + run) ?? 0)) block.emphasis++;
        i += run - 1;
      } else if (code === BACKTICK) {
        let run = 1;
        while (i + run < end && codes.at(i + run) === BACKTICK) run++;
        block.backtickLengths.add(run);
        i += run - 1;
      } else if (code === AMPERSAND && isReference(codes, i + 1, end)) {
        if (++references > MAX_REFERENCES) {
          if (references === MAX_REFERENCES + 1) refuse('references', i, references, MAX_REFERENCES);
          codes.set(i, STAND_IN['&']!);
        }
      }
    }
    start = end + 1;
  }
  endBlock();
  largest.references = references;
  largest.definitions = definitions;
  const refusals = [...found.values()].sort((a, b) => a.offset - b.offset);
  // The page-wide counts are the page's totals, not where the limit was passed.
  for (const refusal of refusals) if (refusal.limit === 'references' || refusal.limit === 'definitions') refusal.count = largest[refusal.limit];
  return { text: codes.text(), refusals, largest };
}

/**
 * The container prefix of a line (indentation, `>`, list markers): where its content starts and
 * how many markers it holds. Over-reading is harmless: it only decides which characters count.
 */
function readPrefix(codes: Source, start: number, end: number): { content: number; containers: number } {
  let i = start;
  let containers = 0;
  while (i < end) {
    const code = codes.at(i);
    if (code === SPACE || code === TAB) {
      i++;
    } else if (code === GREATER) {
      containers++;
      i++;
    } else if ((code === DASH || code === STAR || code === PLUS) && (i + 1 === end || codes.at(i + 1) === SPACE || codes.at(i + 1) === TAB)) {
      containers++;
      i++;
    } else if (code >= 48 && code <= 57) {
      let j = i;
      while (j < end && j - i < 9 && codes.at(j) >= 48 && codes.at(j) <= 57) j++;
      const delimiter = codes.at(j);
      if ((delimiter !== 46 && delimiter !== 41) || !(j + 1 === end || codes.at(j + 1) === SPACE || codes.at(j + 1) === TAB)) break;
      containers++;
      i = j + 1;
    } else {
      break;
    }
  }
  return { content: i, containers };
}

function isBlank(codes: Source, from: number, end: number): boolean {
  for (let i = from; i < end; i++) if (codes.at(i) !== SPACE && codes.at(i) !== TAB && codes.at(i) !== 13) return false;
  return true;
}

function opensFence(codes: Source, from: number, end: number): { char: number; length: number } | undefined {
  const char = codes.at(from);
  if (char !== BACKTICK && char !== TILDE) return undefined;
  let length = 0;
  while (from + length < end && codes.at(from + length) === char) length++;
  if (length < 3) return undefined;
  // A backtick fence's info string holds no backtick (else the line is a code span).
  if (char === BACKTICK) for (let i = from + length; i < end; i++) if (codes.at(i) === BACKTICK) return undefined;
  return { char, length };
}

function closesFence(codes: Source, from: number, end: number, fence: { char: number; length: number }): boolean {
  let length = 0;
  while (from + length < end && codes.at(from + length) === fence.char) length++;
  return length >= fence.length && isBlank(codes, from + length, end);
}

/** `[label]:` at the start of a line's content: a link reference definition, or its first line. */
function isDefinition(codes: Source, from: number, end: number): boolean {
  if (codes.at(from) !== OPEN_BRACKET) return false;
  for (let i = from + 1; i < end && i - from < 1001; i++) {
    const code = codes.at(i);
    if (code === BACKSLASH) i++;
    else if (code === OPEN_BRACKET) return false;
    else if (code === CLOSE_BRACKET) return i > from + 1 && codes.at(i + 1) === 58;
  }
  return false;
}

/** `name;`, `#123;` or `#x1F;` after an `&`: a character reference (known names or not: both cost the same). */
function isReference(codes: Source, from: number, end: number): boolean {
  let i = from;
  if (codes.at(i) === 35) {
    i++;
    if (codes.at(i) === 120 || codes.at(i) === 88) i++;
  }
  const first = i;
  while (i < end && i - first < 32 && isAlphanumeric(codes.at(i))) i++;
  return i > first && codes.at(i) === 59;
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Swaps the characters a limit is about, in one block, for their stand-ins. */
function showAsText(codes: Source, block: Block, limit: SyntaxLimit): void {
  for (const line of block.lines) {
    if (limit === 'lazy-lines') {
      // The block's list items and quotes become one paragraph: their markers are shown as text.
      for (let i = line.start; i < line.content; i++) {
        const char = String.fromCharCode(codes.at(i));
        const standIn = char === '.' || char === ')' || char === '>' || char === '-' || char === '*' || char === '+' ? STAND_IN[char] : undefined;
        if (standIn !== undefined) codes.set(i, standIn);
      }
      continue;
    }
    for (let i = line.content; i < line.end; i++) {
      const code = codes.at(i);
      if (code === BACKSLASH) {
        i++;
        continue;
      }
      const char = String.fromCharCode(code);
      const hit =
        limit === 'brackets' ? code === OPEN_BRACKET || code === CLOSE_BRACKET : limit === 'emphasis' ? code === STAR || code === UNDERSCORE || code === TILDE : code === BACKTICK;
      if (hit) codes.set(i, STAND_IN[char]!);
    }
  }
}

/** The page's characters: read from the text until the first change, then from a copy that holds the changes. */
class Source {
  private copy: Uint16Array | undefined;

  constructor(private readonly original: string) {}

  at(index: number): number {
    return this.copy ? this.copy[index]! : this.original.charCodeAt(index);
  }

  set(index: number, code: number): void {
    if (!this.copy) {
      this.copy = new Uint16Array(this.original.length);
      for (let i = 0; i < this.original.length; i++) this.copy[i] = this.original.charCodeAt(i);
    }
    this.copy[index] = code;
  }

  text(): string {
    if (!this.copy) return this.original;
    let out = '';
    for (let i = 0; i < this.copy.length; i += 8192) out += String.fromCharCode(...this.copy.subarray(i, i + 8192));
    return out;
  }
}
