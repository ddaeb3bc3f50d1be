/**
 * The request samples an endpoint page leaves out (`examplesHtml` in src/render/endpoint/index.ts,
 * issue 33): the blocks of its generated samples after the first, coloured as the page would show
 * them, in one small HTML file per page under `_docjet/samples/`, named by a hash of its content
 * (cached like the other assets; a rebuild never serves a stale one). The panel's script fetches it
 * and puts each block in its tab (`[data-samples] > [data-sample]`, src/client/playground.ts); a
 * reader without JavaScript follows the page's link to it and reads them there, styled like the
 * page, under a link back. No navigation, and kept out of search engines, as schema fragments are
 * (fragment-document.ts).
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../shared/html-escape.ts';
import { themeAttributes, themeBootScript, type ThemeSettings } from '../theme.ts';

/** Folder of the samples files under docjet's assets folder (`_docjet/samples/1a2b3c4d5e.html`). */
export const SAMPLES_FOLDER = 'samples';

/**
 * What a page's HTML holds where its samples file's URL goes, until the renderer knows the file's
 * name (`withSamplesHref`): the name is a hash of the coloured blocks, and a build colours them
 * after the page's HTML is written (src/output/colour-thread.ts). Its NULs are in no HTML docjet writes.
 */
export const SAMPLES_HREF = '\u0000docjet-samples\u0000';

export interface SamplesFile {
  /** The file's name without `.html`: a hash of its content. */
  name: string;
  html: string;
}

export interface SamplesFileOptions {
  /** The page's title, and its URL (the link back). */
  title: string;
  href: string;
  /** The blocks, each `<div data-sample="python">` around its code block, in tab order. */
  blocksHtml: string;
  siteName: string;
  stylesheet: string;
  /** The page script: copy buttons and the theme, as on the page. */
  script: string;
  theme: ThemeSettings;
}

export function samplesFile({ title, href, blocksHtml, siteName, stylesheet, script, theme }: SamplesFileOptions): SamplesFile {
  const appearance = themeAttributes(theme)
    .map((attribute) => ` ${attribute}`)
    .join('');
  const html =
    `<!doctype html><html lang="en" dir="ltr"${appearance} data-theme-name="${escapeHtml(theme.name)}"><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(`Request samples: ${title} - ${siteName}`)}</title><link rel="stylesheet" href="${escapeHtml(stylesheet)}">` +
    // The reader's saved theme before first paint, as on every page (src/render/shell/document.ts).
    themeBootScript(theme) +
    `</head><body data-mode="default"><main id="content" class="samples-file"><article class="page">` +
    `<header class="page-header"><h1 class="page-title">Request samples: <a href="${escapeHtml(href)}">${escapeHtml(title)}</a></h1></header>` +
    `<div class="prose"><div data-samples>${blocksHtml}</div></div>` +
    `</article></main><script src="${escapeHtml(script)}" defer></script></body></html>`;
  return { name: createHash('sha256').update(html).digest('hex').slice(0, 10), html };
}

/** The page's HTML with its samples file's URL in place. */
export function withSamplesHref(html: string, href: string): string {
  return html.replace(SAMPLES_HREF, () => escapeHtml(href));
}
