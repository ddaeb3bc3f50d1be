/**
 * Page frontmatter: the `---` YAML block at the top of an MDX/Markdown page, and the page metadata
 * (title, sidebar title, hidden) that navigation needs from it. Keys: format-behaviour.md §3.2.
 *
 * Real pages are messier than the format: blank lines before the block, a block that is a plain
 * string, a `---` horizontal rule on line 1 that never closes. Those are warnings, never errors, so
 * a site that builds with the reference product builds here too; only YAML that cannot be parsed is
 * an error (the reference product fails the build on it as well, §2.3).
 */

import { closeSync, constants, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { checkFrontmatter, type Frontmatter } from './frontmatter-schema.ts';
import { simpleFrontmatter } from './frontmatter-fast.ts';
import { readYaml, type YamlResult } from '../shared/yaml-limits.ts';
import type { PageFile } from '../shared/scan.ts';

export type { Frontmatter } from './frontmatter-schema.ts';

/** A page's frontmatter block: the mapping as written, and where the body begins. */
export interface FrontmatterBlock {
  data: Record<string, unknown>;
  /** Offset in `text` where the body begins (after the closing `---` line). */
  bodyStart: number;
  /** 1-based line of `bodyStart`. */
  bodyLine: number;
  diagnostics: Diagnostic[];
}

export interface PageMeta {
  title: string;
  sidebarTitle?: string;
  hidden: boolean;
  /**
   * The frontmatter, typed (`frontmatter-schema.ts`): every key as written (unknown keys pass
   * through, §3.2) except values of the wrong type, which were reported and left out.
   */
  data: Frontmatter;
}

/** Where the frontmatter block sits in a text, or why it does not; shared by the parser and the reader. */
type Located =
  | { kind: 'none' }
  /** The text ran out before the question could be settled: read more of the file. */
  | { kind: 'incomplete' }
  | { kind: 'unclosed'; openLine: number }
  | {
      kind: 'closed';
      /** Lines skipped before the opening `---`. */
      leadingBlankLines: number;
      /** 1-based line of the opening `---`. */
      openLine: number;
      yamlStart: number;
      yamlEnd: number;
      bodyStart: number;
      bodyLine: number;
    };

/**
 * Where the body of a page begins, without parsing its YAML: for stages that already have the typed
 * frontmatter (`PageMeta.data`, `Page.frontmatter`) and only need to split the text. Same answer as
 * `readFrontmatter`.
 */
export function locateBody(text: string): { bodyStart: number; bodyLine: number } {
  const located = locateFrontmatter(text, true);
  if (located.kind === 'closed') return { bodyStart: located.bodyStart, bodyLine: located.bodyLine };
  return { bodyStart: text.charCodeAt(0) === 0xfeff ? 1 : 0, bodyLine: 1 };
}

/** Splits off the frontmatter block and parses it. Never throws. */
export function readFrontmatter(options: { file: string; text: string }): FrontmatterBlock {
  const { file, text } = options;
  const bomLength = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const noFrontmatter: FrontmatterBlock = { data: {}, bodyStart: bomLength, bodyLine: 1, diagnostics: [] };
  const located = locateFrontmatter(text, true);

  if (located.kind === 'none' || located.kind === 'incomplete') return noFrontmatter;

  if (located.kind === 'unclosed') {
    noFrontmatter.diagnostics.push(diagnostic('frontmatter-unclosed', { file, line: located.openLine, column: 1 }, file, { openLine: located.openLine }));
    return noFrontmatter;
  }

  const diagnostics: Diagnostic[] = [];
  if (located.leadingBlankLines > 0) {
    const at = { file, line: 1, column: 1 };
    diagnostics.push(diagnostic('frontmatter-leading-blank', at, file, { openLine: located.openLine, blankLines: located.leadingBlankLines }));
  }

  const yamlText = text.slice(located.yamlStart, located.yamlEnd);
  // Page line of the first YAML line: YAML positions are relative to `yamlText`.
  const data = parseBlock(file, yamlText, located.openLine + 1, diagnostics);
  return { data, bodyStart: located.bodyStart, bodyLine: located.bodyLine, diagnostics };
}

/** The block's YAML as a mapping (empty when it is not one, or not YAML); problems go to `diagnostics`. */
function parseBlock(file: string, yamlText: string, firstYamlLine: number, diagnostics: Diagnostic[]): Record<string, unknown> {
  const parsed = parseLeniently(file, yamlText, firstYamlLine, diagnostics);
  if (parsed.ok) {
    if (isMapping(parsed.value)) return parsed.value;
    if (parsed.value !== null && parsed.value !== undefined) {
      const kind = Array.isArray(parsed.value) ? 'a list' : `a ${typeof parsed.value}`;
      diagnostics.push(diagnostic('frontmatter-not-mapping', { file, line: firstYamlLine, column: 1 }, file, { kind }));
    }
  } else if (parsed.kind === 'alias-bomb') {
    const at = { file, line: firstYamlLine + parsed.line - 1, column: parsed.column };
    diagnostics.push(diagnostic('yaml-aliases-too-many', at, file, { in: 'frontmatter', reason: parsed.reason }));
  } else {
    const inBlock = withinBlock(yamlText, parsed.line, parsed.column);
    const at = { file, line: firstYamlLine + inBlock.line - 1, column: inBlock.column };
    const fix = fixForYamlError(parsed.kind, yamlText, parsed.line - 1);
    diagnostics.push(diagnostic('frontmatter-syntax', at, file, { reason: parsed.reason, fix }));
  }
  return {};
}

/**
 * A place in the block's own lines. The parser reports a value left open (a quote, a `[` list) at
 * the end of the text, which is the closing `---`, not YAML: it is placed at the last line of the
 * block that holds something, where its value starts (`title: "A` at the `"`).
 */
function withinBlock(yamlText: string, line: number, column: number): { line: number; column: number } {
  const lines = yamlText.split('\n');
  if (line < lines.length && lines[line - 1]?.trim() !== '') return { line, column };
  let last = Math.min(line, lines.length) - 1;
  while (last >= 0 && lines[last]!.trim() === '') last--;
  if (last < 0) return { line, column };
  const text = lines[last]!;
  const value = /^(\s*(?:-\s+)?[^\s:#][^:#]*:\s+)\S/.exec(text)?.[1]?.length ?? /^\s*/.exec(text)![0].length;
  return { line: last + 1, column: value + 1 };
}

/** Parses the YAML, retrying with unindented quoted continuations indented (with a warning), as the reference product reads them. */
function parseLeniently(file: string, yamlText: string, firstYamlLine: number, diagnostics: Diagnostic[]): YamlResult {
  // Most blocks are a few `key: value` lines: read directly, the same values (frontmatter-fast.ts).
  const simple = simpleFrontmatter(yamlText);
  if (simple !== undefined) return { ok: true, value: simple };
  const parsed = parseYaml(yamlText);
  if (parsed.ok) return parsed;
  const repaired = indentQuotedContinuations(yamlText);
  const retried = repaired === undefined ? undefined : parseYaml(repaired);
  if (!retried?.ok) return parsed;
  diagnostics.push(diagnostic('frontmatter-indentation', { file, line: firstYamlLine + parsed.line - 1, column: parsed.column }, file, {}));
  return retried;
}

/**
 * Finds the block. `complete` says `text` is the whole file; when it is only the beginning (the
 * reader fetches files in chunks) the answer may be `incomplete`.
 */
function locateFrontmatter(text: string, complete: boolean): Located {
  let offset = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  // Skip whitespace-only lines before the opening `---`.
  for (;;) {
    const end = text.indexOf('\n', offset);
    if (end === -1) {
      if (!complete) return { kind: 'incomplete' };
      // Last line without a newline: only `---` alone would open a block, and it could not close.
      return isFence(text, offset, text.length) ? { kind: 'unclosed', openLine: line } : { kind: 'none' };
    }
    if (isBlank(text, offset, end)) {
      offset = end + 1;
      line++;
      continue;
    }
    if (!isFence(text, offset, end)) return { kind: 'none' };
    const openLine = line;
    const leadingBlankLines = line - 1;
    const yamlStart = end + 1;
    // Look for the closing `---` line.
    let cursor = yamlStart;
    line++;
    for (;;) {
      const lineEnd = text.indexOf('\n', cursor);
      const stop = lineEnd === -1 ? text.length : lineEnd;
      if (lineEnd === -1 && !complete) return { kind: 'incomplete' };
      if (isFence(text, cursor, stop)) {
        return {
          kind: 'closed',
          leadingBlankLines,
          openLine,
          yamlStart,
          yamlEnd: cursor,
          bodyStart: lineEnd === -1 ? text.length : lineEnd + 1,
          bodyLine: line + 1,
        };
      }
      if (lineEnd === -1) return { kind: 'unclosed', openLine };
      cursor = lineEnd + 1;
      line++;
    }
  }
}

/** `---` alone on a line; trailing spaces and a CR (CRLF files) are tolerated. */
function isFence(text: string, start: number, end: number): boolean {
  if (!text.startsWith('---', start)) return false;
  return isBlank(text, start + 3, end);
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/**
 * The YAML 1.2 core schema, chosen over the others on purpose:
 * - it has no timestamp type, so `title: 2024-01-01` stays the string users typed (the YAML 1.1
 *   schema turns it into a `Date`), and YAML 1.1 booleans `yes`/`no`/`on`/`off` stay strings, so
 *   `title: Yes` is the title "Yes";
 * - unlike the JSON schema it still reads `hidden: True`, `~` and an empty value the way every YAML
 *   user expects (true, null, null), where the JSON schema would give the strings "True", "~", "".
 * Numbers stay numbers (`boost: 2`); a numeric title keeps its source spelling, see `scalarText`.
 * No merge keys (`<<` is an ordinary key, as it has always been here); an empty block (or one
 * holding only comments) is no documents, not an error, and only the first document counts.
 */
function parseYaml(yamlText: string): YamlResult {
  return readYaml({ text: yamlText, merge: false, firstDocument: true });
}

/**
 * Indents the continuation lines of multi-line quoted values that start in column 0. YAML 1.2
 * parsers reject them (the quoted value is never closed), but the reference product publishes such
 * pages (its older, laxer YAML parser reads them) and real sites rely on that: 13 pages in the corpus,
 * Portkey's `description: "⏎Consider …⏎"` and polar's two-line `description:` values. Leading
 * white space of a continuation line is folded away, so indenting never changes the value.
 * Undefined when there is nothing to indent.
 */
function indentQuotedContinuations(yamlText: string): string | undefined {
  const lines = yamlText.split('\n');
  let quote: Quote | undefined;
  let minIndent = 0;
  let changed = false;
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!;
    if (quote !== undefined) {
      const indent = leadingSpaces(line);
      if (indent < minIndent && line.trim() !== '') {
        line = ' '.repeat(minIndent - indent) + line;
        lines[index] = line;
        changed = true;
      }
    }
    const after = quoteAfter(line, quote);
    if (after !== undefined && quote === undefined) minIndent = leadingSpaces(line) + 1;
    quote = after;
  }
  return changed ? lines.join('\n') : undefined;
}

type Quote = '"' | "'";

/** The quote still open at the end of a YAML line, given the one open at its start. */
function quoteAfter(line: string, open: Quote | undefined): Quote | undefined {
  let quote = open;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote === '"') {
      if (char === '\\') i++;
      else if (char === '"') quote = undefined;
    } else if (quote === "'") {
      if (char === "'") {
        if (line[i + 1] === "'") i++;
        else quote = undefined;
      }
    } else if (char === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) {
      break;
    } else if ((char === '"' || char === "'") && startsScalar(line, i)) {
      quote = char;
    }
  }
  return quote;
}

/** A quote opens a scalar at the start of a line's content or after `:`, `-`, `?`, `[`, `{` or `,`. */
function startsScalar(line: string, index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const char = line[i];
    if (char === ' ' || char === '\t') continue;
    return char === ':' || char === '-' || char === '?' || char === '[' || char === '{' || char === ',';
  }
  return true;
}

function leadingSpaces(line: string): number {
  let count = 0;
  while (line.charCodeAt(count) === 32) count++;
  return count;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fix for a YAML error, from the offending line. Nearly every real case is a `key: value` line
 * whose value needs quotes (`description: Step 1: install`, `title: @scope/pkg`), a quote left open,
 * a repeated key, or tab indentation.
 */
function fixForYamlError(kind: 'duplicate-key' | 'syntax', yamlText: string, markLine: number): string {
  const lines = yamlText.split('\n').map((line) => line.replace(/\r$/, ''));
  // A mark can point one past the last line (an unterminated quote); look at the line before then.
  const lineText = (lines[markLine]?.trim() ? lines[markLine] : lines[markLine - 1]) ?? '';
  const pair = /^(\s*)([^\s:#][^:#]*?):[ \t]+(.+)$/.exec(lineText);
  const key = pair?.[2] ?? /^\s*([^\s:#][^:#]*?):/.exec(lineText)?.[1];

  if (kind === 'duplicate-key') {
    return key === undefined ? 'Remove the repeated key; each key can appear only once.' : `Remove one of the \`${key}\` settings; each key can appear only once.`;
  }
  if (/^\s*\t/.test(lineText)) return 'Indent the frontmatter with spaces; YAML does not allow tabs for indentation.';

  let quote: Quote | undefined;
  let openedOn = '';
  for (const line of lines.slice(0, markLine + 1)) {
    const after = quoteAfter(line, quote);
    if (after !== undefined && quote === undefined) openedOn = line.trim();
    quote = after;
  }
  if (quote !== undefined) return `Add the closing \`${quote}\` to the quoted value that starts at \`${openedOn}\`.`;

  if (pair) {
    const [, indent = '', name = '', value = ''] = pair;
    const trimmed = value.trim();
    if (/^["']/.test(trimmed) && !/^(["']).*\1$/.test(trimmed)) {
      return `The quoted value of \`${name}\` ends before the line does: quote the whole value, or remove the quotes.`;
    }
    if (!/^(["']).*\1$/.test(trimmed) && (/: |\s#/.test(trimmed) || /^[@`%&*!|>{[\]]/.test(trimmed))) {
      const suggestion = `${indent}${name}: "${trimmed.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
      return `Wrap the value in double quotes: \`${suggestion.trim()}\`.`;
    }
  }
  return 'Check this line of the frontmatter: each setting is `key: value`, nested keys are indented with spaces, and a value containing `: `, ` #` or starting with a special character (`@`, `` ` ``, `*`, `&`, `!`, `|`, `>`, `{`, `[`) must be quoted.';
}

/**
 * The reference product's `slugToTitle` (§3.2): the last path segment, `-` and `_` → space, first
 * letter capitalised, the rest unchanged. `guides/index` takes its folder's name (`Guides`), since
 * that page is the folder's landing page and "Index" names nothing. The root `index` page becomes
 * "Introduction": it has no folder to name it after, and "Introduction" is the title the format's
 * starter site (and mintlify__docs in the corpus) gives its root `index.mdx`.
 */
export function titleFromPath(id: string): string {
  const segments = id.split('/').filter((segment) => segment !== '');
  let name = segments.at(-1) ?? '';
  if (name === 'index') {
    if (segments.length < 2) return 'Introduction';
    name = segments.at(-2) ?? '';
  }
  const spaced = name.replace(/[-_]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Reads a page's frontmatter (only the start of the file) and derives its title and visibility. */
export async function readPageMeta(options: { root: string; page: PageFile }): Promise<PageMeta & { diagnostics: Diagnostic[] }> {
  const { meta, diagnostics } = readPageMetaNow(options.root, options.page);
  return { ...meta, diagnostics };
}

/**
 * `readPageMeta` without waiting: the file is read synchronously. Reading the first few kilobytes of
 * thousands of small files is I/O the page cache answers; through promises each costs a trip to the
 * thread pool, 8× slower (5,000 files: 360 ms against 45 ms), which was a third of `docjet dev`'s start.
 */
function readPageMetaNow(root: string, page: PageFile): { meta: PageMeta; diagnostics: Diagnostic[] } {
  let text: string;
  try {
    // The scan's relative path is already normal: joined as it is (path.join per page cost 5 ms of 5,000).
    text = readFrontmatterText(`${root}${path.sep}${page.file}`);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    return {
      meta: { title: titleFromPath(page.id), hidden: false, data: {} },
      diagnostics: [diagnostic('page-unreadable', undefined, page.file, { reason })],
    };
  }
  return toPageMeta(page, readFrontmatter({ file: page.file, text }), text);
}

function toPageMeta(page: PageFile, block: FrontmatterBlock, text: string): { meta: PageMeta; diagnostics: Diagnostic[] } {
  const source = text.slice(0, block.bodyStart);
  const { frontmatter, diagnostics } = checkFrontmatter({ file: page.file, text: source, data: block.data });
  const title = scalarText(frontmatter.title, 'title', source) ?? titleFromPath(page.id);
  const sidebarTitle = scalarText(frontmatter.sidebarTitle, 'sidebarTitle', source);
  const hidden = frontmatter.hidden === true || frontmatter.hidden === 'true';
  const meta: PageMeta = sidebarTitle === undefined ? { title, hidden, data: frontmatter } : { title, sidebarTitle, hidden, data: frontmatter };
  return { meta, diagnostics: block.diagnostics.length === 0 ? diagnostics : [...block.diagnostics, ...diagnostics] };
}

/**
 * A title as text. Strings as they are (empty means unset); a number or boolean keeps its spelling
 * from the file (`title: 1.10` is "1.10", not the number's "1.1").
 */
function scalarText(value: string | number | boolean | undefined, key: string, block: string): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (value === undefined) return undefined;
  const match = new RegExp(`^${key}:[ \\t]*([^#\\r\\n]*?)[ \\t]*(?:#.*)?\\r?$`, 'm').exec(block);
  return match?.[1] ? match[1] : String(value);
}

/** Files read between two turns of the event loop, so that a large site does not hold it for long. */
const BATCH = 500;

/** Reads pages' metadata, in the order given. */
export async function readAllPageMeta(options: { root: string; pages: Iterable<PageFile> }): Promise<{ meta: Map<string, PageMeta>; diagnostics: Diagnostic[] }> {
  const meta = new Map<string, PageMeta>();
  const diagnostics: Diagnostic[] = [];
  let read = 0;
  for (const page of options.pages) {
    if (++read % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    const found = readPageMetaNow(options.root, page);
    meta.set(page.id, found.meta);
    if (found.diagnostics.length > 0) diagnostics.push(...found.diagnostics);
  }
  return { meta, diagnostics };
}

/**
 * Bytes read first: every frontmatter block of the corpus ends within 834 (6,397 blocks: half
 * within 148, 99 % within 407), while a quarter of its pages are over 8 KB. Only what is read is
 * decoded into text, so reading 8 KB decoded pages' bodies for nothing.
 */
const CHUNK = 2048;
/**
 * The first chunk of every file goes here: most pages' blocks end within it, and a buffer made per
 * file (5,000 of them at `dev`'s start) cost more than the read. Reading is synchronous, so one does.
 */
const firstChunk = Buffer.allocUnsafe(CHUNK);

/**
 * The beginning of a file, up to the end of its frontmatter block: pages are often long and only
 * the block is needed. Reads more while the block is still open; a file without a block costs one read.
 */
function readFrontmatterText(file: string): string {
  // Non-blocking: a named pipe given as a page fails to read instead of waiting for a writer.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const bytesRead = readSync(fd, firstChunk, 0, CHUNK, 0);
    // A multi-byte character cut at the chunk end decodes as U+FFFD; that only touches the last
    // line, which is never inside a complete block (the block ends with a newline we have read).
    const text = firstChunk.toString('utf8', 0, bytesRead);
    if (bytesRead < CHUNK || locateFrontmatter(text, false).kind !== 'incomplete') return text;
    return readRest(fd, Buffer.from(firstChunk));
  } finally {
    closeSync(fd);
  }
}

/** The rest of `readFrontmatterText` for a block still open after the first chunk: twice as much each time. */
function readRest(fd: number, first: Buffer): string {
  const chunks: Buffer[] = [first];
  let size = first.length;
  for (;;) {
    const buffer = Buffer.allocUnsafe(size);
    const bytesRead = readSync(fd, buffer, 0, buffer.length, size);
    chunks.push(buffer.subarray(0, bytesRead));
    size += bytesRead;
    const text = Buffer.concat(chunks, size).toString('utf8');
    if (bytesRead < buffer.length || locateFrontmatter(text, false).kind !== 'incomplete') return text;
  }
}
