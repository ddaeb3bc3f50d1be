/**
 * Fenced code blocks. The fence's meta (format-behaviour.md §3.1: title/filename, `icon`, `lines`,
 * `wrap`, `expandable`, `highlight`/`{1,3-5}`, `focus`) is parsed here; turning code into HTML goes
 * through a `Highlighter`, the seam where syntax highlighting plugs in later. The default one
 * escapes the code into `<pre><code class="language-x">` and writes the meta as data attributes.
 */
import { attributes, escapeHtml } from './escape.ts';

export interface CodeMeta {
  /** The words that are not options: a file name or a tab title (```` ```js app.js ````). */
  title?: string;
  /** 1-based line numbers, from `{1,3-5}` or `highlight=…`. */
  highlight?: number[];
  focus?: number[];
  lines?: boolean;
  wrap?: boolean;
  expandable?: boolean;
  icon?: string;
  /** Other `key=value` options, as written. */
  options: Record<string, string>;
}

/** Turns a code block into HTML: the whole block, `<pre>` included. */
export type Highlighter = (code: string, lang: string | undefined, meta: CodeMeta) => string;

const FLAGS = new Set(['lines', 'wrap', 'expandable']);
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
      else if (FLAGS.has(key)) result[key as 'lines' | 'wrap' | 'expandable'] = value !== 'false';
      else result.options[key] = value;
    } else if (word !== undefined) {
      if (FLAGS.has(word)) result[word as 'lines' | 'wrap' | 'expandable'] = true;
      else title.push(word);
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

/** The data attributes that carry a block's meta to the page's script and styles. */
export function metaAttributes(lang: string | undefined, meta: CodeMeta): string {
  return attributes({
    'data-language': lang,
    'data-title': meta.title,
    'data-icon': meta.icon,
    'data-highlight': meta.highlight && meta.highlight.length > 0 ? formatLines(meta.highlight) : undefined,
    'data-focus': meta.focus && meta.focus.length > 0 ? formatLines(meta.focus) : undefined,
    'data-lines': meta.lines,
    'data-wrap': meta.wrap,
    'data-expandable': meta.expandable,
  });
}

/** No highlighting yet: the code, escaped. */
export const plainHighlighter: Highlighter = (code, lang, meta) => {
  const language = lang ? ` class="language-${escapeHtml(lang)}"` : '';
  return `<pre${metaAttributes(lang, meta)}><code${language}>${escapeHtml(code)}</code></pre>`;
};

/** A code block as HTML: mermaid diagrams as their source (the client draws them), the rest highlighted. */
export function renderCode(code: string, lang: string | undefined, meta: CodeMeta, highlight: Highlighter): string {
  if (lang === 'mermaid') return `<pre class="mermaid">${escapeHtml(code)}</pre>`;
  return highlight(code, lang, meta);
}
