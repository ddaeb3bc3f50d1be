/**
 * A schema fragment (src/render/endpoint/schema-fragment.ts) as the file the build writes: a small
 * HTML document with the site's stylesheet and script, so that the link a reader without
 * JavaScript follows shows the fields styled like the page, while the page script takes only the
 * fields (`[data-fragment-fields]`) out of it. No navigation, and kept out of search engines.
 */
import { escapeHtml } from '../../shared/html-escape.ts';
import type { SchemaFragment } from './schema-fragment.ts';
import { themeAttributes, themeBootScript, type ThemeSettings } from '../theme.ts';

export interface FragmentDocumentOptions {
  fragment: SchemaFragment;
  fieldsHtml: string;
  siteName: string;
  stylesheet: string;
  /** The page script, and the fields script when these fields link on to more. */
  scripts: readonly string[];
  theme: ThemeSettings;
}

export function fragmentDocumentHtml({ fragment, fieldsHtml, siteName, stylesheet, scripts, theme }: FragmentDocumentOptions): string {
  const side = fragment.mode === 'request' ? ' (request)' : fragment.mode === 'response' ? ' (response)' : '';
  const title = `Fields of ${fragment.title}${side}`;
  const appearance = themeAttributes(theme)
    .map((attribute) => ` ${attribute}`)
    .join('');
  return (
    `<!doctype html><html lang="en" dir="ltr"${appearance} data-theme-name="${escapeHtml(theme.name)}"><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(`${title} - ${siteName}`)}</title><link rel="stylesheet" href="${escapeHtml(stylesheet)}">` +
    // The reader's saved theme before first paint, as on every page (src/render/shell/document.ts).
    themeBootScript(theme) +
    `</head><body data-mode="default"><main id="content" class="schema-fragment"><article class="page">` +
    `<header class="page-header"><h1 class="page-title">Fields of <code>${escapeHtml(fragment.title)}</code>${escapeHtml(side)}</h1></header>` +
    `<div class="prose"><div class="endpoint" data-fragment-fields>${fieldsHtml}</div></div>` +
    `</article></main>${scripts.map((script) => `<script src="${escapeHtml(script)}" defer></script>`).join('')}</body></html>`
  );
}
