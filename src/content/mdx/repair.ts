/**
 * Repairs for MDX the parser rejects. Real pages hold prose that MDX reads as syntax: a stray `{`
 * or `<`, an HTML comment, `<br>` without its slash, a `<script>` whose JavaScript has braces. Each
 * repair looks at one parse error and changes as little as it can, then the page is parsed again.
 *
 * A character shown as text is swapped for a Unicode noncharacter of the same length instead of
 * being escaped with `\`, so every later offset, line and column still matches the file;
 * `restoreText` swaps them back in the tree. Noncharacters (U+FDD0…) never occur in real text.
 * The one repair that adds a character (the `/` of `<br/>`) shifts later columns of its line by one.
 */
import type { MessageParams } from '../../shared/messages.ts';
import type { Nodes, Root } from 'mdast';
import { LineIndex } from '../../shared/diagnostics.ts';

export const BRACE = '\uFDD0';
export const ANGLE = '\uFDD1';
/** Stand-ins for the first letter of a line that starts with `import` or `export` but is not ESM. */
const LETTER_I = '\uFDD2';
const LETTER_E = '\uFDD3';
/**
 * Stand-ins (char codes) for the characters `syntax-limits.ts` shows as text when a block or page
 * holds more of them than the parser reads in linear time.
 */
export const STAND_IN: Readonly<Record<string, number>> = Object.fromEntries(
  ['[', ']', '*', '_', '~', '`', '&', '>', '-', '+', '.', ')'].map((char, index) => [char, 0xfdd4 + index]),
);
const ORIGINAL: Record<string, string> = {
  [BRACE]: '{',
  [ANGLE]: '<',
  [LETTER_I]: 'i',
  [LETTER_E]: 'e',
  ...Object.fromEntries(Object.entries(STAND_IN).map(([char, code]) => [String.fromCharCode(code), char])),
};
const SENTINELS = /[\uFDD0-\uFDDF]/g;
const ANY_SENTINEL = /[\uFDD0-\uFDDF]/;

/** The warning of a repair: its code and the facts its message is made from. */
export type RepairWarning = { code: 'mdx-html-comment'; params: MessageParams<'mdx-html-comment'> } | { code: 'mdx-syntax'; params: MessageParams<'mdx-syntax'> };

export interface Repair {
  text: string;
  /** Offset, in the text before the repair, of what was changed. */
  offset: number;
  /** Undefined for repairs that need no warning of their own. */
  warning?: RepairWarning;
}

/** HTML elements that never have children: `<br>` and `<img …>` are complete without a slash. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** How far back a repair looks for the `{` or `<` that opened what the parser choked on. */
const LOOK_BACK = 4000;

/** The repair for one parse error, or undefined when there is nothing sensible to change. */
export function repairMdx(text: string, error: unknown): Repair | undefined {
  const reason = reasonOf(error);
  const lines = new LineIndex(text);
  const offset = offsetOf(error, text, lines);
  if (offset === undefined) return undefined;
  const raw = rawElementAround(text, offset);
  return (
    repairComment(text, offset) ??
    (raw ? { text: protect(text, raw.start, raw.end), offset: raw.start } : undefined) ??
    repairUnclosed(text, reason, lines) ??
    repairEsmLine(text, offset, error, reason) ??
    repairStray(text, offset, error, reason)
  );
}

// `<!-- … -->` becomes `{/* … */}`, of the same length: an MDX comment.
function repairComment(text: string, offset: number): Repair | undefined {
  const comment = text.startsWith('<!--', offset - 1) ? offset - 1 : text.startsWith('<!--', offset) ? offset : -1;
  if (comment >= 0) {
    const end = text.indexOf('-->', comment + 4);
    const body = end === -1 ? '' : text.slice(comment + 4, end);
    if (end !== -1 && !body.includes('*/')) {
      return {
        text: `${text.slice(0, comment)}{/* ${body}*/}${text.slice(end + 3)}`,
        offset: comment,
        warning: { code: 'mdx-html-comment', params: {} },
      };
    }
  }
  return undefined;
}

/** `<br>` without its slash is read as `<br />`; another element that never closes is shown as text. */
function repairUnclosed(text: string, reason: string, lines: LineIndex): Repair | undefined {
  const unclosed = /^Expected a closing tag for `<([^\s`>/]+)[^`]*>` \((\d+):(\d+)-(\d+):(\d+)\)/.exec(reason);
  if (unclosed) {
    const name = unclosed[1]!;
    const start = lines.offset(Number(unclosed[2]), Number(unclosed[3]));
    const end = lines.offset(Number(unclosed[4]), Number(unclosed[5]));
    if (VOID.has(name.toLowerCase()) && text[end - 1] === '>') {
      return {
        text: `${text.slice(0, end - 1)}/${text.slice(end - 1)}`,
        offset: start,
        warning: { code: 'mdx-syntax', params: { problem: 'void-element', name } },
      };
    }
    return showAsText(text, start, reason);
  }
  return undefined;
}

/** A line of prose that starts with `import` or `export`, which MDX reads as JavaScript: shown as text. */
function repairEsmLine(text: string, offset: number, error: unknown, reason: string): Repair | undefined {
  if (/esm/.test(sourceOf(error)) || /import\/exports/.test(reason)) {
    const start = esmLineStart(text, offset);
    if (start !== undefined) {
      const keyword = text.startsWith('import', start) ? 'import' : 'export';
      return {
        text: text.slice(0, start) + (keyword === 'import' ? LETTER_I : LETTER_E) + text.slice(start + 1),
        offset: start,
        warning: { code: 'mdx-syntax', params: { problem: 'esm-line', keyword, reason: tidyReason(reason) } },
      };
    }
  }
  return undefined;
}

/** A stray `{` or `<`: from the one that opened what the parser choked on, shown as text. */
function repairStray(text: string, offset: number, error: unknown, reason: string): Repair | undefined {
  const expression = /expression|acorn|brace/i.test(reason) || /expression/.test(sourceOf(error));
  const start = expression ? openingBrace(text, offset) : openingAngle(text, offset);
  if (start !== undefined) return showAsText(text, start, reason);
  const char = text[offset];
  if (char === '{' || char === '<') return showAsText(text, offset, reason);
  return undefined;
}

/** Swaps the `{` or `<` at `offset` for its stand-in, so the parser reads it as text. */
function showAsText(text: string, offset: number, reason: string): Repair {
  const brace = text[offset] === '{';
  const sentinel = brace ? BRACE : ANGLE;
  return {
    text: text.slice(0, offset) + sentinel + text.slice(offset + 1),
    offset,
    warning: { code: 'mdx-syntax', params: { problem: 'shown-as-text', brace, reason: tidyReason(reason) } },
  };
}

/** The start of the `import`/`export` line whose block holds `offset`; ESM blocks end at a blank line. */
function esmLineStart(text: string, offset: number): number | undefined {
  let lineStart = text.lastIndexOf('\n', Math.min(offset, text.length) - 1) + 1;
  for (;;) {
    if (/^(import|export)\b/.test(text.slice(lineStart, lineStart + 7))) return lineStart;
    if (lineStart === 0) return undefined;
    const previous = text.lastIndexOf('\n', lineStart - 2) + 1;
    if (text.slice(previous, lineStart - 1).trim() === '') return undefined;
    lineStart = previous;
  }
}

/**
 * The `{` that opened the expression around `offset`: the nearest one back that is not closed. No
 * limit on how far back: an expression left open runs to the end of the file, where the parser stops.
 */
function openingBrace(text: string, offset: number): number | undefined {
  let depth = 0;
  for (let i = Math.min(offset, text.length - 1); i >= 0; i--) {
    const char = text[i];
    if (char === '}' && i !== offset) depth++;
    else if (char === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return undefined;
}

/** The `<` that opened the tag around `offset`. */
function openingAngle(text: string, offset: number): number | undefined {
  const stop = Math.max(0, offset - LOOK_BACK);
  for (let i = Math.min(offset, text.length - 1); i >= stop; i--) if (text[i] === '<') return i;
  return undefined;
}

/**
 * The content of a `<script>` or `<style>` element around `offset`. Its JavaScript or CSS is not
 * MDX; the element is copied into the page as written (see `jsx.ts`), so only its braces and angle
 * brackets need to stop bothering the parser.
 */
function rawElementAround(text: string, offset: number): { start: number; end: number } | undefined {
  const before = text.slice(Math.max(0, offset - LOOK_BACK * 4), offset + 1).toLowerCase();
  for (const name of ['script', 'style']) {
    const open = before.lastIndexOf(`<${name}`);
    if (open === -1) continue;
    const absolute = offset - (before.length - 1) + open;
    const contentStart = text.indexOf('>', absolute);
    const close = text.toLowerCase().indexOf(`</${name}`, absolute);
    if (contentStart === -1 || close === -1 || close < offset) continue;
    if (contentStart + 1 < close && hasSyntax(text, contentStart + 1, close)) return { start: contentStart + 1, end: close };
  }
  return undefined;
}

function hasSyntax(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text[i] === '{' || text[i] === '<') return true;
  return false;
}

function protect(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[{<]/g, (char) => (char === '{' ? BRACE : ANGLE)) + text.slice(end);
}

/**
 * `## Title {#custom-id}` is the format's way to set an anchor, but MDX reads `{#custom-id}` as a
 * JavaScript expression and fails. Headings' `{` become stand-ins before parsing; `headings.ts`
 * then finds the `{#…}` in the heading's text. (Lines inside code blocks are changed too; `restoreText`
 * puts them back, so that is harmless.)
 */
export function protectCustomIds(text: string): string {
  if (!text.includes('{#')) return text;
  return text.replace(/^([ \t]{0,3}#{1,6}[ \t][^\n]*?)\{(#[^{}\s]+\}[ \t]*\r?)$/gm, `$1${BRACE}$2`);
}

export function hasSentinels(value: string): boolean {
  return ANY_SENTINEL.test(value);
}

export function restoreText(value: string): string {
  return value.replace(SENTINELS, (char) => ORIGINAL[char]!);
}

export function reasonOf(error: unknown): string {
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string') return error.reason;
  return error instanceof Error ? error.message : String(error);
}

function sourceOf(error: unknown): string {
  return error && typeof error === 'object' && 'source' in error && typeof error.source === 'string' ? error.source : '';
}

/** The parser's message, without its advice on comments (the repair's own fix says what to do). */
export function tidyReason(reason: string): string {
  return reason.replace(/\s*\(note:[^)]*\)\s*$/, '').replace(/`/g, '');
}

interface PointLike {
  line?: number;
  column?: number;
  offset?: number;
}

/** Where the parser stopped, as an offset into `text`. */
export function errorOffset(error: unknown, text: string): number | undefined {
  return offsetOf(error, text, new LineIndex(text));
}

function offsetOf(error: unknown, text: string, lines: LineIndex): number | undefined {
  if (error && typeof error === 'object' && 'place' in error && error.place && typeof error.place === 'object') {
    const place = error.place as PointLike & { start?: PointLike };
    const point = place.start ?? place;
    if (typeof point.offset === 'number') return Math.min(point.offset, text.length);
    if (typeof point.line === 'number' && typeof point.column === 'number') return lines.offset(point.line, point.column);
  }
  const match = /\((\d+):(\d+)/.exec(reasonOf(error));
  return match ? lines.offset(Number(match[1]), Number(match[2])) : undefined;
}

/** A text field with its stand-ins put back, or undefined when it has none. */
function restoredField(value: unknown): string | undefined {
  return typeof value === 'string' && hasSentinels(value) ? restoreText(value) : undefined;
}

/**
 * The tree with the characters `repair` swapped for stand-ins put back, wherever they ended up
 * (text, code, URLs, titles, alt text, JSX attribute values). Nodes that change are copies; the
 * rest, and the tree given, are left as they are.
 */
export function restoreTree<T extends Nodes | Root>(node: T): T {
  let out = node;
  if ('value' in out) {
    const value = restoredField(out.value);
    if (value !== undefined) out = { ...out, value };
  }
  if ('meta' in out) {
    const meta = restoredField(out.meta);
    if (meta !== undefined) out = { ...out, meta };
  }
  if ('lang' in out) {
    const lang = restoredField(out.lang);
    if (lang !== undefined) out = { ...out, lang };
  }
  if ('url' in out) {
    const url = restoredField(out.url);
    if (url !== undefined) out = { ...out, url };
  }
  if ('title' in out) {
    const title = restoredField(out.title);
    if (title !== undefined) out = { ...out, title };
  }
  if ('alt' in out) {
    const alt = restoredField(out.alt);
    if (alt !== undefined) out = { ...out, alt };
  }
  if ('attributes' in out) {
    const before = out.attributes;
    const attributes = before.map((attribute) => {
      const value = restoredField(attribute.value);
      return value === undefined ? attribute : { ...attribute, value };
    });
    if (attributes.some((attribute, index) => attribute !== before[index])) out = { ...out, attributes };
  }
  if ('children' in out) {
    const before: readonly (Nodes | Root)[] = out.children;
    const children = before.map(restoreTree);
    if (children.some((child, index) => child !== before[index])) out = { ...out, children };
  }
  return out;
}
