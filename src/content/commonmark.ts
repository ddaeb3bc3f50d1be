/**
 * Markdown written by third parties or outside pages (OpenAPI descriptions, the docs.json banner)
 * as safe HTML. The OpenAPI specification says descriptions are CommonMark; GFM tables, autolinks
 * and strikethrough are common in real specs, so GFM too. Not MDX: `{`, `<Component>` and
 * `export` are text here, as in the tools that wrote these specs.
 *
 * Raw HTML inside the text (Stripe writes `<p>`, others `<br>`, tables, `<img>`) is parsed as a
 * browser would (hast-util-raw, parse5) and cut down to GitHub's allow-list (hast-util-sanitize's
 * default schema): no scripts, event handlers, `style`, frames, forms or `javascript:` URLs, ids
 * prefixed so they cannot clobber the page's own. Nothing from a spec runs in a reader's browser.
 *
 * Specs hold thousands of descriptions and repeat them: results are cached by text, and a line
 * with no character Markdown gives a meaning to skips the parser. A description shown on a page
 * file (`openapi:` frontmatter) has its links and images resolved for that page (`page-urls.ts`);
 * one with any is rendered again for each such page, the rest come from the cache.
 */
import type { Root } from 'hast';
import { raw } from 'hast-util-raw';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { escapeHtml } from './mdx/escape.ts';
import { isUnsafeUrl } from './safe-url.ts';
import type { UrlResolver } from './page-urls.ts';

/**
 * One line without Markdown syntax: no emphasis, code, links, HTML, entities, escapes, or a line
 * start that makes a heading, list, quote or indented code. GFM autolinks are excluded below.
 */
const PLAIN = /^(?![ \t]*(?:[#>+*-]|\d+[.)]|\s{4}))[^\n\r*_`[\]<>&\\!|~]*$/;
const LINK_LIKE = /www\.|:\/\/|@|mailto:|xmpp:/i;
/** Texts kept at most; then the cache starts again (a Stripe-sized spec has ~20,000 distinct ones). */
const MAX_CACHED = 20_000;
/** The HTML of a text, and whether it holds a link or an image (whose URLs a page resolves). */
const blocks = new Map<string, { html: string; urls: boolean }>();

/** GitHub's allow-list, plus the classes GFM's own output and code highlighting hooks use. */
const SCHEMA: Schema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, code: [['className', /^language-./]] },
};

/** Markdown → sanitised HTML blocks (`<p>…</p>`, lists, tables); with `resolveUrl`, its URLs resolved by it. */
export function markdownHtml(text: string, resolveUrl?: UrlResolver): string {
  let block = blocks.get(text);
  if (block === undefined) {
    block = PLAIN.test(text) && !LINK_LIKE.test(text) ? { html: text.trim() === '' ? '' : `<p>${escapeHtml(text.trim())}</p>`, urls: false } : render(text, safeOnly);
    if (blocks.size >= MAX_CACHED) blocks.clear();
    blocks.set(text, block);
  }
  return resolveUrl && block.urls ? render(text, resolveUrl).html : block.html;
}

/** Markdown of one paragraph (a banner line) → sanitised inline HTML, without the `<p>` around it. */
export function inlineMarkdownHtml(text: string): string {
  const html = markdownHtml(text);
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]!.includes('<p>') ? single[1]! : html;
}

function render(text: string, resolveUrl: UrlResolver): { html: string; urls: boolean } {
  const mdast = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const hast = toHast(mdast, { allowDangerousHtml: true });
  const parsed = raw(hast.type === 'root' ? hast : { type: 'root', children: [hast] } as Root);
  const clean = sanitize(parsed, SCHEMA);
  const urls = resolveUrls(clean, resolveUrl);
  return { html: toHtml(clean).trim(), urls };
}

/**
 * The allow-list already keeps only http(s), mailto and relative URLs; the shared test
 * (`safe-url.ts`) is applied on top, so the two can never disagree in the unsafe direction.
 */
const safeOnly: UrlResolver = (url, use) => (isUnsafeUrl(url, use) ? undefined : url);

/** Resolves (or drops) every `href` and `src` under `node`; whether there was any. */
function resolveUrls(node: Root | Root['children'][number], resolveUrl: UrlResolver): boolean {
  let found = false;
  if (node.type === 'element') {
    for (const name of ['href', 'src'] as const) {
      const value = node.properties[name];
      if (typeof value !== 'string') continue;
      found = true;
      const resolved = resolveUrl(value, name === 'src' ? 'image' : 'link');
      if (resolved === undefined) delete node.properties[name];
      else node.properties[name] = resolved;
    }
  }
  if ('children' in node) for (const child of node.children) found = resolveUrls(child, resolveUrl) || found;
  return found;
}
