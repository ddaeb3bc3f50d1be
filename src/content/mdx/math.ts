/**
 * Math: `$…$`, `$$…$$` and `<Latex>` (format-behaviour.md §3.1), typeset at build time by KaTeX
 * into HTML (what readers see) and MathML (what screen readers read). Pages then only need KaTeX's
 * stylesheet and fonts (`katexAssets`), no script. A formula KaTeX cannot read is shown as written.
 *
 * KaTeX is loaded on the first formula: most sites have none.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type Katex from 'katex';
import { escapeHtml } from '../../shared/html-escape.ts';

const require = createRequire(import.meta.url);
let katex: typeof Katex | undefined;

export interface MathResult {
  html: string;
  /** Why KaTeX could not read the formula (then `html` shows the source). */
  error?: string;
}

/** TeX → HTML; `display` for a formula on its own lines, centred, in display style. */
export function renderMath(tex: string, display: boolean): MathResult {
  katex ??= require('katex') as typeof Katex;
  try {
    const html = katex.renderToString(tex, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      // KaTeX's strict mode only prints LaTeX-compatibility notes (Unicode in math mode, …) to the console.
      strict: 'ignore',
      // `\href`, `\htmlClass` and friends stay inert: the page is the author's, the links are not checked.
      trust: false,
    });
    return { html: display ? `<div class="math math-display">${html}</div>` : html };
  } catch (error) {
    const reason = reasonOf(error, tex);
    const source = escapeHtml(tex);
    const title = escapeHtml(reason);
    const html = display
      ? `<pre class="math math-display math-error" title="${title}"><code>${source}</code></pre>`
      : `<code class="math math-inline math-error" title="${title}">${source}</code>`;
    return { html, error: reason };
  }
}

/**
 * KaTeX's own words and where: its full message marks the place with combining underlines, which
 * read badly in a terminal.
 */
function reasonOf(error: unknown, tex: string): string {
  if (error instanceof katex!.ParseError) {
    const { rawMessage, position } = error;
    if (typeof position !== 'number') return rawMessage;
    return position >= tex.length ? `${rawMessage}, at the end` : `${rawMessage}, at character ${position + 1}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Where KaTeX's stylesheet and its fonts folder are, for the build to copy to `<assets>/katex/`. */
export function katexAssets(): { css: string; fonts: string } {
  const css = require.resolve('katex/dist/katex.min.css');
  return { css, fonts: path.join(path.dirname(css), 'fonts') };
}

/** A formula for a message: one line, not too long. */
export function quoteFormula(tex: string): string {
  const line = tex.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
