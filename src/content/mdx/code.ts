/**
 * Fenced code blocks. The fence's meta (format-behaviour.md §3.1: title/filename, `icon`, `lines`,
 * `wrap`, `expandable`, `highlight`/`{1,3-5}`, `focus`, `nocopy`) is parsed here, and so is the
 * notation authors write in comments (`// [!code ++]`, Shiki's syntax). `codeBlockHtml` writes the
 * block's markup, the same with or without syntax highlighting: a `Highlighter` only supplies the
 * coloured tokens (`src/render/highlight.ts`); `plainHighlighter` supplies none.
 */
import { attributes, escapeHtml, escapeText } from '../../shared/html-escape.ts';
import { iconHtml, noIcon } from './components/icon.ts';
import type { BodyUi, CodeMeta, CopyLabels } from './types.ts';
import type { Element } from 'hast';
import { element, textNode } from './components/hast.ts';
import { trustedHtml } from './serialize.ts';

export type { CodeMeta } from './types.ts';

/**
 * Turns a code block into HTML: the whole block, `<pre>` included. `ui` is the page's copy button
 * and icon drawer (`DEFAULT_UI` when not given).
 */
export type Highlighter = ((code: string, lang: string | undefined, meta: CodeMeta, ui?: BodyUi) => string) & {
  /**
   * One that writes the block itself, where this one writes a stand-in that is filled in later
   * (the build's colour thread): HTML that is parsed again (a page's raw HTML with the Markdown
   * around it) must hold the block, which the parse normalises like the rest.
   */
  now?: Highlighter;
};

type Flag = 'lines' | 'wrap' | 'expandable' | 'nocopy';
const FLAGS = new Set(['lines', 'wrap', 'expandable', 'nocopy']);
/** Words that switch on features docjet does not have; they are not part of the title. */
const IGNORED_WORDS = new Set(['twoslash']);
/** No page highlights more lines than this; a typo like `{1-99999999}` must not allocate millions. */
const MAX_LINE = 100_000;

/** `lang` and `meta` as micromark splits them; `js{1,3}` (a common spelling) moves the braces to meta. */
export function parseFence(lang: string | null | undefined, meta: string | null | undefined): { lang: string | undefined; meta: CodeMeta } {
  let language = lang ?? undefined;
  let rest = meta ?? '';
  const braces = language === undefined ? -1 : language.indexOf('{');
  if (language !== undefined && braces > 0) {
    rest = `${language.slice(braces)} ${rest}`;
    language = language.slice(0, braces);
  }
  // ```` ```nocopy ```` alone: plain text without a copy button.
  if (language === 'nocopy') {
    language = undefined;
    rest = `nocopy ${rest}`;
  }
  return { lang: language, meta: parseMeta(rest) };
}

export function parseMeta(meta: string): CodeMeta {
  const result: CodeMeta = { options: {} };
  const title: string[] = [];
  // A token: `key=value` with the value quoted, braced or bare; a `{…}` range list; or a word.
  const token = /([\w-]+)=("[^"]*"|'[^']*'|\{[^}]*\}|\S*)|\{([^}]*)\}|(\S+)/g;
  for (const match of meta.matchAll(token)) {
    const [, key, rawValue, ranges, word] = match;
    if (ranges !== undefined) {
      result.highlight = parseLines(ranges);
    } else if (key !== undefined) {
      const value = unquote(rawValue ?? '');
      if (key === 'highlight' || key === 'focus') result[key] = parseLines(value);
      else if (key === 'title' || key === 'filename') result.title = value;
      else if (key === 'icon') result.icon = value;
      else if (FLAGS.has(key)) result[key as Flag] = value !== 'false';
      else result.options[key] = value;
    } else if (word !== undefined) {
      if (FLAGS.has(word)) result[word as Flag] = true;
      else if (!IGNORED_WORDS.has(word)) title.push(word);
    }
  }
  if (result.title === undefined && title.length > 0) result.title = title.join(' ');
  return result;
}

function unquote(value: string): string {
  const first = value[0];
  if ((first === '"' || first === "'") && value.endsWith(first) && value.length >= 2) return value.slice(1, -1);
  if (first === '{' && value.endsWith('}')) return value.slice(1, -1);
  return value;
}

/** `1,3-5`, `[1, 3]`, `{1,3-5}` → [1, 3, 4, 5]; anything that is not a number or range is skipped. */
export function parseLines(text: string): number[] {
  const lines = new Set<number>();
  for (const part of text.replace(/[[\]{}\s]/g, '').split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) continue;
    const from = Number(range[1]);
    const to = Math.min(range[2] === undefined ? from : Number(range[2]), MAX_LINE);
    for (let line = from; line <= to; line++) lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}

/** `[1, 3, 4, 5]` → `1,3-5`. */
export function formatLines(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i]!;
    let end = start;
    while (lines[i + 1] === end + 1) end = lines[++i]!;
    parts.push(end === start ? String(start) : `${start}-${end}`);
  }
  return parts.join(',');
}

/** A run of code in one look; `className` names it (the highlighter's classes, whose colours the site stylesheet holds). */
export interface CodeToken {
  content: string;
  className?: string;
}

/** Code → its lines, each a list of tokens whose contents make up the line. */
export type Tokenize = (code: string) => CodeToken[][];

export interface CodeBlockOptions {
  code: string;
  /** The fence's language, as written. */
  lang: string | undefined;
  meta: CodeMeta;
  /** The language's canonical name (`ts` → `typescript`); default: `lang` in lower case. */
  language?: string | undefined;
  /** Colours; without it the code is shown in the text colour. */
  tokenize?: Tokenize | undefined;
  /** The page's copy button and icon drawer; default `DEFAULT_UI`. */
  ui?: BodyUi | undefined;
}

/** Languages that mean "no highlighting"; their blocks keep `[!code …]` comments as written. */
export const PLAIN_LANGUAGES: ReadonlySet<string> = new Set(['text', 'txt', 'plaintext', 'plain', 'none']);

/** A block of at least this many lines collapses under `expandable`; a shorter one is shown whole. */
const EXPANDABLE_MIN_LINES = 13;

/** The markup of one code block; `plainHighlighter` and the syntax highlighter both write it. */
export function codeBlockHtml(options: CodeBlockOptions): string {
  return codeFigureHtml(options, codeLinesHtml(options));
}

/**
 * A block's lines as HTML, and what its figure needs to know of them: the part of `codeBlockHtml`
 * that colours cost. The build of an API reference has it made on a second thread
 * (src/output/colour-thread.ts), so it is plain data.
 */
export interface CodeLines {
  html: string;
  count: number;
  /** Some line is focused (`[!code focus]`, `focus=`): the others are dimmed. */
  focus: boolean;
  /** Some line is added or removed. */
  diff: boolean;
}

export function codeLinesHtml(options: Omit<CodeBlockOptions, 'ui'>): CodeLines {
  const { meta } = options;
  const language = options.language ?? options.lang?.toLowerCase();
  const lines = readLines(options.code, language !== undefined && !PLAIN_LANGUAGES.has(language));
  markLines(lines, meta.highlight, 'highlighted');
  markLines(lines, meta.focus, 'focused');
  if (language === 'diff') markDiff(lines);

  const tokens = tokenizeLines(options.tokenize, lines);
  let html = '';
  let focus = false;
  let diff = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.classes.has('focused')) focus = true;
    if (line.classes.has('diff')) diff = true;
    html += `${index === 0 ? '' : '\n'}${lineHtml(line, tokens?.[index])}`;
  }
  return { html, count: lines.length, focus, diff };
}

/** The block around its lines: caption, copy button, `<pre>`, expand toggle. */
export function codeFigureHtml(options: Pick<CodeBlockOptions, 'lang' | 'meta' | 'language' | 'ui'>, lines: CodeLines): string {
  const { lang, meta } = options;
  const ui = options.ui ?? DEFAULT_UI;
  const language = options.language ?? lang?.toLowerCase();
  const expandable = meta.expandable === true && lines.count >= EXPANDABLE_MIN_LINES;
  const figure = attributes({
    class: `code-block${lines.focus ? ' has-focused' : ''}${lines.diff ? ' has-diff' : ''}`,
    'data-language': language,
    'data-lines': meta.lines === true,
    'data-wrap': meta.wrap === true,
    'data-expandable': expandable,
  });
  return (
    `<figure${figure}>${captionHtml(meta, ui)}` +
    (meta.nocopy === true ? '' : ui.copyButton) +
    `<pre tabindex="0"><code${attributes({ class: lang ? `language-${lang}` : undefined })}>${lines.html}</code></pre>` +
    (expandable ? EXPAND_TOGGLE : '') +
    '</figure>'
  );
}

/** No highlighting: the same markup, in one colour. */
export const plainHighlighter: Highlighter = (code, lang, meta, ui) => codeBlockHtml({ code, lang, meta, ui });

/** A fence language that is a diagram for mermaid to draw, not code to highlight. */
export function isMermaid(lang: string | undefined): boolean {
  return lang?.toLowerCase() === 'mermaid';
}

/** A code block as HTML: mermaid diagrams as their source (the client draws them), the rest highlighted. */
export function renderCode(code: string, lang: string | undefined, meta: CodeMeta, highlight: Highlighter, ui?: BodyUi): string {
  if (isMermaid(lang)) return mermaidHtml(code);
  return highlight(code, lang, meta, ui);
}

/** A mermaid diagram: its source, which the page's mermaid script draws. */
/** A diagram for mermaid's script to draw: its source, as text. */
export function mermaidNode(chart: string): Element {
  return element('pre', { className: 'mermaid' }, [textNode(chart)]);
}

/** `mermaidNode` for a code block, which the highlighting seam writes as HTML. */
export function mermaidHtml(chart: string): string {
  return trustedHtml([mermaidNode(chart)]);
}

/** The copy button with English words and no "copied" label: what a body shows when its page gives none. */
export const COPY_BUTTON = '<button type="button" class="copy-button" data-copy aria-label="Copy"></button>';

/** The copy button in the page's words; assets/js/code.js makes it work, and it draws nothing without JavaScript. */
export function copyButtonHtml(labels: CopyLabels | undefined): string {
  if (labels === undefined) return COPY_BUTTON;
  return `<button type="button" class="copy-button" data-copy aria-label="${escapeHtml(labels.copy)}" data-copied-label="${escapeHtml(labels.copied)}"></button>`;
}

/** What a body shows when its page gives no icon library and no language: empty icon spans, the English copy button. */
export const DEFAULT_UI: BodyUi = { icon: noIcon, copyButton: COPY_BUTTON };

/**
 * Opens a collapsed block without JavaScript: the styles show the whole `<pre>` while this
 * `<details>` is open (`:has()`), and only show the toggle where `:has()` works.
 */
export const EXPAND_TOGGLE = '<details class="code-expand"><summary><span class="code-expand-more">Expand</span><span class="code-expand-less">Collapse</span></summary></details>';

function captionHtml(meta: CodeMeta, ui: BodyUi): string {
  if (meta.title === undefined && meta.icon === undefined) return '';
  const title = meta.title === undefined ? '' : `<span class="code-title-text">${escapeHtml(meta.title)}</span>`;
  return `<figcaption class="code-title">${iconHtml(meta.icon, undefined, ui.icon)}${title}</figcaption>`;
}

interface Line {
  text: string;
  classes: Set<string>;
  /** Words to mark wherever they occur in the line (`[!code word:x]`). */
  words: string[];
}

interface Directive {
  classes?: string;
  word?: string;
  /** Lines it still applies to. */
  remaining: number;
}

/**
 * `[!code …]` at the end of a line, in a comment of any common syntax: `//`, `#`, `--`, `;`,
 * `/* *\/`, `{/* *\/}` and `<!-- -->`. Written after the code, so a string that merely contains
 * the words is not touched unless it ends the line. Several may share one comment.
 */
const NOTATION = /[ \t]*(?:\/\/|\{?\/\*|<!--|#|--|;)[ \t]*((?:\[!code[ \t]+[^\]\n]+\][ \t]*)+)(?:\*\/\}?|-->)?[ \t]*$/;
const DIRECTIVE = /\[!code[ \t]+([^\]\n]+?)[ \t]*\]/g;
const NOTATION_CLASSES: Record<string, string> = {
  '++': 'diff add',
  '--': 'diff remove',
  focus: 'focused',
  highlight: 'highlighted',
  hl: 'highlighted',
  error: 'highlighted error',
  warning: 'highlighted warning',
};

/**
 * The lines as shown: notation comments taken out and turned into classes. A directive applies to
 * its own line and the lines after it (`[!code ++:3]`: three in all); written on a line of its
 * own, that line is dropped and the count starts on the next one. `word:x` marks `x` in the rest
 * of the block, or in the next n lines with `word:x:n`.
 */
function readLines(code: string, notation: boolean): Line[] {
  const raws = code.replace(/\r\n?/g, '\n').split('\n');
  // A blank line left before the closing fence is not part of the code.
  while (raws.length > 1 && raws.at(-1)!.trim() === '') raws.pop();
  const lines: Line[] = [];
  let active: Directive[] = [];
  for (const raw of raws) {
    const match = notation && raw.includes('[!code') ? NOTATION.exec(raw) : null;
    const text = match ? raw.slice(0, match.index) : raw;
    if (match) {
      active = [...active, ...readDirectives(match[1]!)];
      if (text.trim() === '') continue;
    }
    lines.push(applyDirectives({ text, classes: new Set(), words: [] }, active));
    active = active.filter((directive) => directive.remaining > 0);
  }
  return lines;
}

function readDirectives(text: string): Directive[] {
  const found: Directive[] = [];
  for (const [, body] of text.matchAll(DIRECTIVE)) {
    const word = /^word:(.+?)(?::(\d+))?$/.exec(body!);
    if (word) {
      found.push({ word: word[1]!, remaining: word[2] === undefined ? Infinity : Number(word[2]) });
      continue;
    }
    const [name, count] = body!.split(':');
    const classes = NOTATION_CLASSES[name!];
    if (classes === undefined) continue; // someone else's notation: dropped with the comment
    const lines = count === undefined ? 1 : Number.parseInt(count, 10);
    found.push({ classes, remaining: Number.isFinite(lines) && lines > 0 ? lines : 1 });
  }
  return found;
}

function applyDirectives(line: Line, active: Directive[]): Line {
  for (const directive of active) {
    if (directive.classes !== undefined) for (const name of directive.classes.split(' ')) line.classes.add(name);
    if (directive.word !== undefined) line.words.push(directive.word);
    directive.remaining--;
  }
  return line;
}

/** `{1,3-5}` / `focus=…` from the meta: 1-based numbers of the lines as shown. */
function markLines(lines: Line[], numbers: readonly number[] | undefined, name: string): void {
  for (const number of numbers ?? []) lines[number - 1]?.classes.add(name);
}

/** A `diff` block: `+` and `-` lines are added and removed (not the `+++`/`---` file headers). */
function markDiff(lines: Line[]): void {
  for (const line of lines) {
    const first = line.text[0];
    if ((first === '+' || first === '-') && !line.text.startsWith(first.repeat(3))) {
      line.classes.add('diff');
      line.classes.add(first === '+' ? 'add' : 'remove');
    }
  }
}

/** The highlighter's tokens when it gives one list per line; plain lines otherwise, never a failure. */
function tokenizeLines(tokenize: Tokenize | undefined, lines: readonly Line[]): CodeToken[][] | undefined {
  if (tokenize === undefined) return undefined;
  try {
    const tokens = tokenize(lines.map((line) => line.text).join('\n'));
    return tokens.length === lines.length ? tokens : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A plain line's HTML by its tokens, which the highlighter hands out again for a line it has seen
 * in the same state (src/render/line-tokens.ts): GitHub's API pages repeat 85 % of their lines.
 * Made once by `join`, a line is then one flat string in every page that shows it, not a rope of
 * five pieces a token for the page's encoding to walk.
 */
const plainLines = new WeakMap<readonly CodeToken[], string>();

function lineHtml(line: Line, tokens: readonly CodeToken[] | undefined): string {
  if (tokens === undefined || line.classes.size > 0 || line.words.length > 0) return markedLineHtml(line, tokens);
  let html = plainLines.get(tokens);
  if (html === undefined) {
    html = ['<span class="line">', ...tokens.map((token) => tokenHtml(token.content, token.className)), '</span>'].join('');
    plainLines.set(tokens, html);
  }
  return html;
}

/** A line with classes or marked words, or without tokens. */
function markedLineHtml(line: Line, tokens: readonly CodeToken[] | undefined): string {
  const classes = line.classes.size === 0 ? 'line' : `line ${[...line.classes].join(' ')}`;
  const runs = tokens ?? [{ content: line.text }];
  const marks = line.words.length === 0 ? [] : wordRanges(line.text, line.words);
  let html = '';
  if (marks.length === 0) {
    for (const token of runs) html += tokenHtml(token.content, token.className);
  } else {
    html = markedHtml(runs, marks);
  }
  return `<span class="${classes}">${html}</span>`;
}

function tokenHtml(content: string, className: string | undefined): string {
  return className === undefined ? escapeText(content) : `<span class="${escapeHtml(className)}">${escapeText(content)}</span>`;
}

/** Where the words occur in the line, as sorted, non-overlapping `[start, end)` ranges. */
function wordRanges(text: string, words: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) ranges.push([at, at + word.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Tokens with `<mark>` around the ranges; tokens are cut where a range starts or ends inside them. */
function markedHtml(tokens: readonly CodeToken[], marks: readonly [number, number][]): string {
  const starts = new Set(marks.map((mark) => mark[0]));
  const ends = new Set(marks.map((mark) => mark[1]));
  const cuts = marks.flat();
  let html = '';
  let offset = 0;
  for (const token of tokens) {
    const end = offset + token.content.length;
    let from = offset;
    for (const cut of [...cuts.filter((at) => at > offset && at < end), end]) {
      if (starts.has(from)) html += '<mark class="highlighted-word">';
      html += tokenHtml(token.content.slice(from - offset, cut - offset), token.className);
      if (ends.has(cut)) html += '</mark>';
      from = cut;
    }
    offset = end;
  }
  return html;
}
