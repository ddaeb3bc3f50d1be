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
 * Specs hold thousands of descriptions and repeat them: each text is rendered once per process
 * (GitHub's 1,493 pages repeat ~3,000 distinct texts), and a line with no character Markdown gives
 * a meaning to skips the parser. A description shown on a page file (`openapi:` frontmatter) has
 * its links and images resolved for that page (`page-urls.ts`): the first such page keeps the
 * text's sanitised tree, and each resolves a copy of it.
 *
 * The bounds of pages hold here too, without a warning (a spec's text has no line to report at):
 * nesting past 256 levels is flattened, and syntax past `syntax-limits.ts`'s limits is text.
 */
import type { ElementContent, Nodes, Root } from 'hast';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';
import { raw } from 'hast-util-raw';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { escapeHtml } from '../shared/html-escape.ts';
import { fastParseMarkdown } from './mdx/fast-parse.ts';
import { trustedHtml } from './mdx/serialize.ts';
import { limitHtmlNesting } from './mdx/html-nesting.ts';
import { flattenDeepNodes, limitLinePrefixes } from './mdx/nesting.ts';
import { restoreTree } from './mdx/repair.ts';
import { limitSyntax } from './mdx/syntax-limits.ts';
import { isUnsafeUrl } from '../shared/safe-url.ts';
import type { UrlResolver } from './page-urls.ts';

/**
 * One line without Markdown syntax: no emphasis, code, links, HTML, entities, escapes, or a line
 * start that makes a heading, list, quote or indented code. GFM autolinks are excluded below.
 */
const PLAIN = /^(?![ \t]*(?:[#>+*-]|\d+[.)]|\s{4}))[^\n\r*_`[\]<>&\\!|~]*$/;
const LINK_LIKE = /www\.|:\/\/|@|mailto:|xmpp:/i;
/** Texts kept at most; then the cache starts again (a Stripe-sized spec has ~20,000 distinct ones). */
const MAX_CACHED = 20_000;

/** A rendered text: its HTML as the spec writes its URLs, and whether it has any a page would resolve. */
interface Block {
  html: string;
  urls: boolean;
  /** Sanitised, URLs not yet resolved: made when a page first resolves the text's URLs, then only read. */
  tree?: Nodes;
}

const blocks = new Map<string, Block>();

/** The extensions of every parse, made once (micromark combines them again on each parse anyway). */
const PARSE_OPTIONS = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** GitHub's allow-list, plus the classes GFM's own output and code highlighting hooks use. */
const SCHEMA: Schema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, code: [['className', /^language-./]] },
};

const trees = new Map<string, MdastRoot>();

/**
 * A text's Markdown tree (CommonMark and GFM), parsed once per process: its HTML here and the
 * Markdown twin of its page (src/openapi/endpoint/markdown.ts) both start from it. Parsing each
 * description twice was 2.4 s of GitHub's API reference build. Shared, so only ever read.
 */
export function markdownTree(text: string): MdastRoot {
  let tree = trees.get(text);
  if (tree === undefined) {
    // Pages' bounds (nesting, syntax the parser reads in more than linear time), without their warnings.
    const limited = limitSyntax(limitLinePrefixes(text).text).text;
    // The fast reader's tree is micromark's (it leaves literal autolinks, GFM's pass here, to micromark).
    tree = fastParseMarkdown(limited) ?? fromMarkdown(limited, PARSE_OPTIONS);
    if (limited !== text) tree = restoreTree(tree);
    flattenDeepNodes(tree);
    limitHtmlNesting(tree);
    if (trees.size >= MAX_CACHED) trees.clear();
    trees.set(text, tree);
  }
  return tree;
}

/** Characters that can start inline Markdown (code, emphasis, links, images, escapes, entities, strikethrough). */
const INLINE_SYNTAX = /[`*_[\\&~]/;

/**
 * A one-line text (an operation's summary, shown as a page title, a sidebar label and the
 * document's `<title>`) as a reader should see it: `[Fork a repo](https://…)` reads `Fork a repo`,
 * `` `id` `` reads `id`, paragraphs are joined by a space (a quote's too: GitHub's webhook summaries
 * end in `> [!NOTE]` blocks; a list's items after a first paragraph too). Otherwise a text that
 * Markdown reads as a list, a heading or a table is returned as written, since dropping its
 * markers would change what it says. HTML in it stays as literal text.
 */
export function inlineMarkdownText(text: string): string {
  if (!INLINE_SYNTAX.test(text)) return text;
  const tree = markdownTree(text);
  // A list after a first paragraph is part of a long description (GitHub's `create` webhook: "**Notes**:" and two items): its items read as text too.
  const afterParagraph = tree.children[0]?.type === 'paragraph';
  const paragraphs = tree.children.flatMap(function flat(child: MdastNodes): (MdastNodes | undefined)[] {
    if (child.type === 'paragraph') return [child];
    if (child.type === 'list' && afterParagraph) return child.children.flatMap((item) => item.children.flatMap(flat));
    return child.type === 'blockquote' ? child.children.flatMap(flat) : [undefined];
  });
  if (paragraphs.length === 0 || paragraphs.includes(undefined)) return text;
  const plain = paragraphs
    .map((paragraph) => plainText(paragraph as MdastNodes))
    .join(' ')
    .replace(/[ \t]*\n[ \t]*/g, ' ')
    .trim();
  return plain === '' ? text : plain;
}

function plainText(node: MdastNodes): string {
  if (node.type === 'image') return node.alt ?? '';
  if (node.type === 'break') return ' ';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return node.children.map((child: MdastNodes) => plainText(child)).join('');
  return '';
}

/** Markdown → sanitised HTML blocks (`<p>…</p>`, lists, tables); with `resolveUrl`, its URLs resolved by it. */
export function markdownHtml(text: string, resolveUrl?: UrlResolver): string {
  let block = blocks.get(text);
  if (block === undefined) {
    block = PLAIN.test(text) && !LINK_LIKE.test(text) ? { html: text.trim() === '' ? '' : `<p>${escapeHtml(text.trim())}</p>`, urls: false } : render(text);
    if (blocks.size >= MAX_CACHED) blocks.clear();
    blocks.set(text, block);
  }
  return resolveUrl && block.urls ? pageHtml(text, block, resolveUrl) : block.html;
}

/** The HTML of a text with URLs for one page: a copy of its sanitised tree (parsed on the first page's call), resolved. */
function pageHtml(text: string, block: Block, resolveUrl: UrlResolver): string {
  block.tree ??= sanitizedTree(text);
  const copy = structuredClone(block.tree);
  resolveUrls(copy, resolveUrl);
  return writeHtml(copy);
}

/** Markdown of one paragraph (a banner line) → sanitised inline HTML, without the `<p>` around it. */
export function inlineMarkdownHtml(text: string): string {
  const html = markdownHtml(text);
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]!.includes('<p>') ? single[1]! : html;
}

/** The text's HTML with its URLs as the spec writes them, unsafe ones dropped. */
function render(text: string): Block {
  const tree = sanitizedTree(text);
  const urls = resolveUrls(tree, safeOnly);
  return { html: writeHtml(tree), urls };
}

/**
 * A sanitised tree written by the page serializer, whose escaping holds wherever the HTML is put
 * (an attribute value's `<` is escaped, `mdx/serialize.ts`); the allow-list has already run.
 */
function writeHtml(tree: Nodes): string {
  return trustedHtml(tree.type === 'root' ? (tree.children as ElementContent[]) : [tree as ElementContent]).trim();
}

/**
 * Markdown → hast, raw HTML parsed as a browser would, then cut to the allow-list. A tree the HTML
 * parser would leave as it is skips the parser, an eighth of the work: 13,200 of the 13,700 texts
 * of the Stripe, Kubernetes and GitHub documents, all of GitHub's. The allow-list is applied to
 * every tree, so `javascript:` in a Markdown link is dropped by the same rule as in an `<a>`.
 */
function sanitizedTree(text: string): Nodes {
  const hast = toHast(markdownTree(text), { allowDangerousHtml: true });
  const root: Root = hast.type === 'root' ? hast : ({ type: 'root', children: [hast] } as Root);
  return sanitize(needsHtmlParser(root, false) ? raw(root) : root, SCHEMA);
}

/**
 * Whether parsing the tree as HTML would change it: it holds HTML written in the Markdown (`raw`
 * nodes); a link inside a link (`[a <https://b>](c)`, a footnote call in a link's text), which a
 * browser's parser splits in two; or a valueless `data-*` attribute (GFM footnotes), which the
 * parser writes as `=""`. Markdown makes no other tree the parser would rebuild (the test over
 * tricky descriptions, and every description of the Stripe, Kubernetes and GitHub documents).
 */
function needsHtmlParser(node: Nodes, inLink: boolean): boolean {
  if (node.type === 'raw') return true;
  const link = node.type === 'element' && node.tagName === 'a';
  if (link && inLink) return true;
  if (node.type === 'element' && Object.entries(node.properties).some(([name, value]) => value === true && name.startsWith('data'))) return true;
  return 'children' in node && node.children.some((child) => needsHtmlParser(child, inLink || link));
}

/**
 * The allow-list already keeps only http(s), mailto and relative URLs; the shared test
 * (`safe-url.ts`) is applied on top, so the two can never disagree in the unsafe direction.
 */
const safeOnly: UrlResolver = (url, use) => (isUnsafeUrl(url, use) ? undefined : url);

/** Resolves (or drops) every `href` and `src` under `node`; whether there was any. */
function resolveUrls(node: Nodes, resolveUrl: UrlResolver): boolean {
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
