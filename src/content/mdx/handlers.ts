/**
 * mdast → hast handlers that differ from mdast-util-to-hast's defaults: headings (anchors), code
 * (meta, highlighting seam, mermaid), math (KaTeX), paragraphs around JSX blocks, GitHub alerts,
 * MDX expressions and JSX; links, images and raw HTML that would run script are made inert, and
 * their URLs resolved for the page (`../page-urls.ts`). One small function per node type, gathered
 * in `createHandlers`.
 */
import type { ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import { raw } from 'hast-util-raw';
import { VFile } from 'vfile';
import type { Blockquote, Heading, Image, ImageReference, Link, LinkReference, Nodes, Paragraph, PhrasingContent, Root as MdastRoot } from 'mdast';
import type { InlineMath, Math as DisplayMath } from 'mdast-util-math';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx';
import { defaultHandlers, type Handlers, type State } from 'mdast-util-to-hast';
import { calloutNode, type CalloutKind } from './components/callout.ts';
import { element, fragment, isEmptyContent } from './components/hast.ts';
import { evaluateProgram } from './evaluate.ts';
import { fenceHtml } from './fence.ts';
import { unshowable, valueChildren, valueToHast } from './jsx-value.ts';
import { Markup } from './values.ts';
import { collectProblems, reportProblems } from './partial.ts';
import { MAX_ANCHORED_DEPTH, splitCustomId } from './headings.ts';
import { holdsBlocks, renderJsx } from './jsx.ts';
import { quoteFormula, renderMath } from './math.ts';
import { startOf, type Page } from './page.ts';
import { restoreText } from './repair.ts';
import { flattenDeepElements } from './html-nesting.ts';
import { MAX_NESTING } from './nesting.ts';
import { reportingRemovals, reportMissingMedia, reportMissingMediaIn, reportUnsafeLink } from './inert.ts';
import { plainText } from './text.ts';
import { sanitizeRoot } from '../sanitize.ts';
import { isUnsafeUrl } from '../../shared/safe-url.ts';
import { resolveElementUrls, resolveTreeUrls, type UrlResolver } from '../page-urls.ts';

export function createHandlers(page: Page): Handlers {
  /**
   * Whether the tree holds raw HTML (`.md` pages), which the root then parses and makes inert.
   * Known before its links are made: their URLs are then resolved with the HTML's, after the parse.
   */
  let rawHtml = false;
  const urls = (): UrlResolver | undefined => (rawHtml ? undefined : page.resolveUrl);
  return {
    root: (state: State, node: MdastRoot) => {
      rawHtml = holdsHtml(node);
      return root(page, state, node, rawHtml);
    },
    link: (state, node: Link) => link(page, state, node, defaultHandlers.link(state, node), urls()),
    linkReference: (state, node: LinkReference) => link(page, state, node, defaultHandlers.linkReference(state, node), urls()),
    image: (state, node: Image) => image(page, node, defaultHandlers.image(state, node), urls()),
    imageReference: (state, node: ImageReference) => image(page, node, defaultHandlers.imageReference(state, node), urls()),
    heading: (state, node: Heading) => heading(page, state, node),
    code: (_state, node) => ({ type: 'raw', value: fenceHtml(page, node, { caption: true, reparsed: rawHtml }) }),
    math: (_state, node: DisplayMath) => math(page, node, true),
    inlineMath: (_state, node: InlineMath) => math(page, node, false),
    paragraph: (state, node: Paragraph) => (holdsBlocks(node) ? state.all(node) : defaultHandlers.paragraph(state, node)),
    blockquote: (state, node: Blockquote) => alert(state, node) ?? defaultHandlers.blockquote(state, node),
    mdxjsEsm: () => undefined,
    mdxFlowExpression: (_state, node: MdxFlowExpression) => expression(page, node),
    mdxTextExpression: (_state, node: MdxTextExpression) => expression(page, node),
    mdxJsxFlowElement: (state, node) => renderJsx(page, state, node),
    mdxJsxTextElement: (state, node, parent) => renderJsx(page, state, node, parent),
  };
}

function heading(page: Page, state: State, node: Heading): ElementContent {
  // `## Title {#custom-id}`: the id is taken out of the text that is shown (in a copy: the parsed
  // tree is shared by every rendering of a cached page or snippet).
  let shown = node;
  let customId: string | undefined;
  const last = node.children.at(-1);
  const split = last?.type === 'text' ? splitCustomId(last.value) : undefined;
  if (last?.type === 'text' && split) {
    shown = { ...node, children: [...node.children.slice(0, -1), { ...last, value: split.text }] };
    customId = split.id;
  }
  // As there, only `#` to `####` are anchors, and none on a `mode: custom` or `frame` page: the others
  // take no id and no number from the headings that follow.
  const anchored = node.depth <= MAX_ANCHORED_DEPTH && page.headingAnchors;
  const id = anchored ? page.addHeading(node.position?.start.offset ?? 0, node.depth, plainText(page, shown.children).trim(), customId) : undefined;
  const element: ElementContent = { type: 'element', tagName: `h${node.depth}`, properties: id === undefined ? {} : { id }, children: state.all(shown) };
  state.patch(node, element);
  return element;
}

/** `$$…$$` on lines of their own is a display formula; `$…$` (or `$$…$$` inside a line) an inline one. */
function math(page: Page, node: DisplayMath | InlineMath, display: boolean): ElementContent {
  if (node.type === 'inlineMath' && isMoney(page, node)) return { type: 'text', value: restoreText(page.source(node)) };
  const result = renderMath(node.value, display);
  if (result.error !== undefined) {
    const dollars = !display && /^\$[\d\s]/.test(page.source(node));
    page.reporter.diagnostic('math-invalid', startOf(node), { in: 'dollars', formula: quoteFormula(node.value), reason: result.error, price: dollars });
  } else {
    page.features.add('math');
  }
  return { type: 'raw', value: result.html };
}

/**
 * `$5 and $10`: the math extension pairs any two dollars, so prices in prose would be typeset.
 * Pandoc's rule tells them apart: a formula's `$` has no space inside it and the closing one is
 * not followed by a digit. All six `$…$` of the corpus that break it are prices.
 */
function isMoney(page: Page, node: InlineMath): boolean {
  const source = page.source(node);
  if (!source.startsWith('$') || source.startsWith('$$')) return false;
  const end = node.position?.end.offset;
  const after = end === undefined ? '' : page.charAt(end);
  return /^\s|\s$/.test(node.value) || (after >= '0' && after <= '9');
}

const ALERTS: Record<string, CalloutKind> = { NOTE: 'note', TIP: 'tip', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'danger' };
const ALERT_MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\r?\n)?/i;

/** GitHub's `> [!NOTE]` alerts, as callouts (GitHub's five kinds onto the format's six). */
function alert(state: State, node: Blockquote): ElementContent | undefined {
  const first = node.children[0];
  const text = first?.type === 'paragraph' ? first.children[0] : undefined;
  if (first?.type !== 'paragraph' || text?.type !== 'text') return undefined;
  const match = ALERT_MARKER.exec(text.value);
  if (!match) return undefined;
  const kind = ALERTS[match[1]!.toUpperCase()]!;
  const rest: PhrasingContent[] =
    text.value.length > match[0].length ? [{ ...text, value: text.value.slice(match[0].length) }, ...first.children.slice(1)] : first.children.slice(1);
  // A break right after the marker (`[!NOTE]\` + newline) is not content either.
  if (rest[0]?.type === 'break') rest.shift();
  const children = rest.length > 0 ? [{ ...first, children: rest }, ...node.children.slice(1)] : node.children.slice(1);
  return calloutNode(kind, state.wrap(state.all({ type: 'blockquote', children })));
}

/**
 * Raw HTML (in `.md` pages, and `.mdx` pages read as Markdown) is parsed the way a browser parses
 * the page, across the Markdown around it (`<div>` … Markdown … `</div>`), then made inert: scripts,
 * event handlers and `javascript:` URLs are left out, each with a warning at its line. Every URL
 * of the parsed tree, the Markdown's too, is then resolved for the page, once.
 */
function root(page: Page, state: State, node: MdastRoot, rawHtml: boolean): ElementContent[] {
  // The root's children: `toHast` makes them a root (and adds the footnotes after them).
  const tree = defaultHandlers.root(state, node);
  const children = tree.type === 'root' ? tree.children : [tree];
  if (!rawHtml) return children.filter(isElementContent);
  // A file turns positions on (hast-util-from-parse5); they come from the nodes', the page's.
  const parsed = parseHtml(page, children.filter(isElementContent));
  const result: HastRoot = { type: 'root', children: parsed.type === 'root' ? parsed.children : [parsed].filter(isElementContent) };
  // Raw HTML was limited before the parse (`html-nesting.ts`), to 256 levels inside the Markdown's 256: what the parser still nested deeper is flattened here.
  if (flattenDeepElements(result, 2 * MAX_NESTING)) page.reporter.diagnostic('page-nesting-too-deep', startOf(node), { max: MAX_NESTING });
  const inert = sanitizeRoot(result, reportingRemovals(page, undefined)).children.filter(isElementContent);
  if (page.resolveUrl) resolveTreeUrls(inert, page.resolveUrl);
  reportMissingMediaIn(page, inert);
  return inert;
}

/**
 * The HTML parser's tree. Its tree walk recurses once per level; should the limit before it
 * (`html-nesting.ts`) have let through HTML that overflows the stack, the HTML is shown as text.
 */
function parseHtml(page: Page, children: ElementContent[]): HastNodes {
  try {
    return raw({ type: 'root', children }, { file: new VFile(page.text) });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const first = children.find((child) => child.type === 'raw');
    page.reporter.diagnostic('page-nesting-too-deep', first?.position && { line: first.position.start.line, column: first.position.start.column }, { max: MAX_NESTING });
    return { type: 'root', children: asText(children) };
  }
}

/** `raw` nodes as text, at any depth (of the Markdown tree, which is bounded). */
function asText(children: ElementContent[]): ElementContent[] {
  return children.map((child) => (child.type === 'raw' ? { type: 'text', value: child.value } : child.type === 'element' ? { ...child, children: asText(child.children) } : child));
}

/** Whether a tree holds raw HTML (`html` nodes: only Markdown has them; MDX reads HTML as JSX). */
function holdsHtml(node: Nodes): boolean {
  if (node.type === 'html') return true;
  return 'children' in node && node.children.some(holdsHtml);
}

/** What a root holds in HTML's body: everything but a doctype (a root's own children never are one here). */
function isElementContent(node: HastNodes): node is ElementContent {
  return node.type !== 'doctype' && node.type !== 'root';
}

/**
 * A Markdown link to a `javascript:` URL (however it is spelt) keeps its text and loses the link;
 * any other is resolved for the page (`resolve`, unless the root resolves it after parsing HTML).
 */
function link(
  page: Page,
  state: State,
  node: Link | LinkReference,
  element: ElementContent | ElementContent[] | undefined,
  resolve: UrlResolver | undefined,
): ElementContent | ElementContent[] | undefined {
  if (element === undefined || Array.isArray(element) || element.type !== 'element') return element;
  const href = element.properties['href'];
  if (typeof href === 'string' && isUnsafeUrl(href)) {
    reportUnsafeLink(page, 'link', href, startOf(node));
    return state.all(node);
  }
  if (resolve) resolveElementUrls(element, resolve, page.reporter.position(startOf(node)));
  return element;
}

/** A Markdown image whose URL would run code is left out, its alt text shown in its place; any other is resolved like a link's. */
function image(
  page: Page,
  node: Image | ImageReference,
  element: ElementContent | ElementContent[] | undefined,
  resolve: UrlResolver | undefined,
): ElementContent | ElementContent[] | undefined {
  if (element === undefined || Array.isArray(element) || element.type !== 'element') return element;
  const src = element.properties['src'];
  if (typeof src === 'string' && isUnsafeUrl(src, 'image')) {
    reportUnsafeLink(page, 'image', src, startOf(node));
    return node.alt ? { type: 'text', value: node.alt } : undefined;
  }
  if (resolve) {
    resolveElementUrls(element, resolve, page.reporter.position(startOf(node)));
    reportMissingMedia(page, element, startOf(node));
  }
  return element;
}

/**
 * `{name}` and other expressions. Values the page defines are shown, JSX as the HTML it renders
 * (`{items.map(i => <li>{i}</li>)}`); a name nothing defines is shown as written (`{kickoff_id}` in
 * prose, meant literally); code that would have to run, and objects, which JSX cannot show, are
 * shown as written too, with a warning either way. Comments (`{/* … *\/}`) show nothing.
 */
function expression(page: Page, node: MdxFlowExpression | MdxTextExpression): ElementContent | undefined {
  const program = node.data?.estree;
  const literal: ElementContent = { type: 'text', value: `{${node.value}}` };
  if (!program) return literal;
  const source = node.value.trim();
  const { result, problems } = collectProblems(page.scope.context.problems, () => evaluateProgram(program, page.scope));
  reportProblems(page.reporter, () => `\`{${shorten(source)}}\``, 'the page shows what it renders without that', problems);
  if (result.ok) {
    const refused = unshowable(result.value);
    if (refused === undefined) {
      page.expressionChildren.set(node, valueChildren(result.value));
      const content = valueToHast(result.value);
      if (isEmptyContent(content)) return undefined;
      // One node: a list of them would be joined with line breaks at the top of the page.
      return result.value instanceof Markup || content.length > 1 ? fragment(content) : content[0];
    }
    page.reporter.diagnostic('mdx-expression-unsupported', startOf(node), { problem: 'not-renderable', source, refused });
    return literal;
  }
  if (result.reason === 'budget') {
    page.reporter.diagnostic('mdx-evaluation-budget', startOf(node), { subject: `\`{${shorten(source)}}\``, limit: result.limit, outcome: 'so it is shown as written' });
    return literal;
  }
  if (result.reason === 'undefined') {
    page.reporter.diagnostic('mdx-expression-undefined', startOf(node), { in: 'text', name: result.name, source });
    return literal;
  }
  if (result.reason === 'opaque') {
    const binding = page.importsByName.get(result.name);
    // Unlinked (`renderMarkdown` alone), a marker for the snippet stage; linked, the import has no
    // value (reported at the import, or exported as something docjet cannot compute).
    if (binding && !page.linker) return element('span', { dataImport: binding.source, dataName: result.name });
    if (binding) {
      const importedFrom = binding.source;
      page.reporter.diagnostic('mdx-expression-unsupported', startOf(node), { problem: 'opaque-import', source, name: result.name, importedFrom });
      return literal;
    }
  }
  const what = result.reason === 'opaque' ? `\`${result.name}\` is not a plain value` : result.what;
  page.reporter.diagnostic('mdx-expression-unsupported', startOf(node), { problem: 'needs-javascript', source, what });
  return literal;
}

/** An expression quoted in a message: its first line, at most 80 characters. */
function shorten(source: string): string {
  const line = source.split('\n', 1)[0]!;
  return line.length > 80 || line !== source ? `${line.slice(0, 77)}…` : line;
}
