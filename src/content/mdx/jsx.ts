/**
 * JSX in pages. Lower-case names are HTML elements and become hast elements (attributes as
 * written; `style={{…}}` objects become CSS text). Capitalised and dotted names are components:
 * the registry's function builds their hast from the evaluated props and the rendered children.
 * A name the registry does not know keeps its children, in a `data-component` wrapper, with a
 * warning. `<style>` is copied as written (its content is not MDX); `<script>` is left out, and so
 * is anything else that would run script (`inert.ts`). An element's URLs are resolved for the page
 * as it is made (`../page-urls.ts`); a component's, by the component (`components/props.ts` `url`).
 */
import type { Program } from 'estree';
import type { Element, ElementContent } from 'hast';
import type { Nodes, Paragraph, Parents } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { State } from 'mdast-util-to-hast';
import { claimAnchors, jsxHeading } from './anchors.ts';
import { parseFence } from './code.ts';
import type { Props, RenderedChild } from './components/types.ts';
import { CODE_TAB_COMPONENTS, INLINE_COMPONENTS } from './components/index.ts';
import { element, fragment, isEmptyContent } from './components/hast.ts';
import { evaluateProgram, valueOfName } from './evaluate.ts';
import { Failure } from './failure.ts';
import { createContext } from './scope.ts';
import { Callable, type Evaluation, type Value } from './types.ts';
import { isRecord } from './values.ts';
import { registryProps, returnedContent } from './jsx-value.ts';
import { collectProblems, reportProblems } from './partial.ts';
import { toProperties } from './properties.ts';
import { childrenValue, startOf, type Page } from './page.ts';
import type { Point } from './report.ts';
import { restoreText } from './repair.ts';
import { inertElement, reportingRemovals, reportMissingMedia, reportScript } from './inert.ts';
import { fenceHtml } from './fence.ts';
import { blockText, plainText } from './text.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { resolveElementUrls } from '../page-urls.ts';

/** Tag names written as the HTML standard lists them, one space apart. */
const tagNames = (list: string): string[] => list.split(' ');

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

export function isJsxElement(node: Nodes): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** `div`, `svg:rect`: HTML. `Card`, `Tree.Folder`, `motion.div`: components. */
export function isIntrinsic(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 97 && first <= 122 && !name.includes('.');
}

/** HTML elements that cannot sit inside a `<p>`. */
const BLOCK_TAGS = new Set(
  tagNames(
    'address article aside blockquote details dialog div dl fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul iframe video script style',
  ),
);

/**
 * A paragraph that holds only JSX elements (and white space), at least one of them a block:
 * `<Note>text</Note>` on one line, or `<Tab title="a">x</Tab>` inside `<Tabs>`. MDX wraps them in
 * a paragraph, but `<p><aside>…` is not valid HTML, so such a paragraph is dropped around them.
 */
export function holdsBlocks(node: Paragraph): boolean {
  let block = false;
  for (const child of node.children) {
    if (child.type === 'text') {
      if (child.value.trim() !== '') return false;
    } else if (child.type === 'mdxJsxTextElement') {
      const name = child.name;
      if (name === null) return false;
      if (isIntrinsic(name) ? BLOCK_TAGS.has(name) : !INLINE_COMPONENTS.has(name)) block = true;
    } else return false;
  }
  return block;
}

/** `parent`: the node around an element written inside a line (a paragraph of only JSX is looked through, as MDX does). */
export function renderJsx(page: Page, state: State, node: JsxElement, parent?: Parents): ElementContent | ElementContent[] | undefined {
  const name = node.name;
  if (name === null) return state.all(node); // a fragment: `<>…</>`
  if (isIntrinsic(name)) return renderIntrinsic(page, state, node, name, node.type === 'mdxJsxFlowElement' || onlyJsx(parent));
  const made = renderComponent(page, state, node, name);
  return made === undefined ? undefined : fragment(made);
}

/** An HTML element written as JSX, made inert. */
function renderIntrinsic(page: Page, state: State, node: JsxElement, name: string, flow: boolean): ElementContent | undefined {
  const lower = name.toLowerCase();
  if (lower === 'script') {
    reportScript(page, startOf(node));
    return undefined;
  }
  // Its content is not MDX; parsed as a browser would, so `</style><script>` inside it stays text.
  if (lower === 'style') return fragment(sanitizeHtml(restoreText(page.source(node)), reportingRemovals(page, startOf(node))));
  // Before its children, as a component's anchor is.
  const anchor = flow ? jsxHeading(page, name, node) : undefined;
  const properties = toProperties(readProps(page, node));
  if (anchor !== undefined) properties['id'] = anchor;
  const made: Element = { type: 'element', tagName: name, properties, children: state.all(node) };
  state.patch(node, made);
  // Event handlers, `javascript:` URLs, `<object>`: left out, with a warning at the element.
  if (!inertElement(page, made, startOf(node))) return undefined;
  // Its children resolved theirs as they were made.
  if (page.resolveUrl) {
    resolveElementUrls(made, page.resolveUrl);
    reportMissingMedia(page, made, startOf(node));
  }
  return made;
}

/**
 * A paragraph of JSX elements and `{expressions}` only (and white space): MDX (`remarkMarkAndUnravel`)
 * reads them as written on lines of their own.
 */
function onlyJsx(parent: Parents | undefined): boolean {
  if (parent?.type !== 'paragraph') return false;
  let jsx = false;
  for (const child of parent.children) {
    if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') jsx = true;
    else if (child.type !== 'text' || child.value.trim() !== '') return false;
  }
  return jsx;
}

/** A component: what the page's function, the snippet or the registry makes of it; its children in a wrapper for one nothing defines. */
function renderComponent(page: Page, state: State, node: JsxElement, name: string): ElementContent[] | undefined {
  const inline = node.type === 'mdxJsxTextElement';
  const props = readProps(page, node);
  // A function the page defines or imports comes first: in MDX, a page's own names shadow the
  // components it is given.
  const defined = page.linker ? definedComponent(page, name) : undefined;
  const codeTabs = defined === undefined && CODE_TAB_COMPONENTS.has(name) && Object.hasOwn(page.components, name);
  // Before its children: an outer component's anchor is numbered before those inside it.
  const claim = defined === undefined ? claimAnchors(page, name, node) : undefined;
  const { content: children, children: rendered } = renderChildren(page, state, node, { codeCaptions: !codeTabs });
  page.rendered.set(node, { props, children });
  const offset = node.position?.start.offset ?? 0;
  const at = startOf(node);
  const wrapper = (data: Record<string, string> = {}): ElementContent[] => [element(inline ? 'span' : 'div', { dataComponent: name, ...data }, children)];

  if (defined) return callComponent(page, defined, props, children, offset, at, inline);

  // The legacy include: the file's body, the other attributes its variables.
  if (page.linker && name === 'Snippet' && typeof props['file'] === 'string') {
    const snippet = page.linker.snippet(props['file'], page, at);
    const variables = { ...props };
    delete variables['file'];
    return snippet ? callComponent(page, snippet, variables, children, offset, at, inline) : undefined;
  }

  const text = (): string => (inline ? plainText(page, node.children) : blockText(page, node.children));
  const made = page.renderComponent(name, registryProps(props), children, rendered, inline, text, at, claim);
  if (made !== undefined) return made;

  const binding = page.importsByName.get(name) ?? page.importsByName.get(name.split('.')[0]!);
  if (binding) {
    // Linked, the import was reported where it is written; unlinked, a marker for the snippet stage.
    return page.linker ? wrapper() : wrapper({ dataImport: binding.source });
  }
  if (page.firstUseOf(name)) reportUnknown(page, node, name);
  return wrapper();
}

/** The function a capitalised name stands for, if the page defines or imports one (`<Hero>`, `<Ui.Button>`). */
function definedComponent(page: Page, name: string): Callable | undefined {
  const [first, ...rest] = name.split('.');
  let value = valueOfName(first!, page.scope);
  for (const key of rest) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value instanceof Callable ? value : undefined;
}

/**
 * Calls a component written as a function with the element's props and `children`. What its code
 * needs and docjet does not run (state, effects, network) is left out, with one warning that points
 * into the component's own file.
 */
function callComponent(page: Page, fn: Callable, props: Props, children: ElementContent[], offset: number, at: Point | undefined, inline: boolean): ElementContent[] {
  const context = createContext(page.host(offset, at), page.resolveUrl, page.scope.context.budget);
  context.at = { origin: page.scope.origin, line: at?.line ?? 0, column: at?.column ?? 0 };
  let made: ElementContent[];
  try {
    made = returnedContent(fn.call([{ ...props, children: childrenValue(children) }], context));
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const { evaluation } = error;
    made = [element(inline ? 'span' : 'div', { dataComponent: fn.name }, children)];
    if (evaluation.reason === 'budget') {
      page.reporter.diagnostic('mdx-evaluation-budget', at, { subject: `\`<${fn.name}>\``, limit: evaluation.limit, outcome: 'the page shows its children without it' });
      return inline ? unwrapParagraph(made) : made;
    }
    context.problems.push({ what: evaluation.reason === 'unsupported' ? evaluation.what : `\`${evaluation.name}\``, ...context.at });
    made = [element(inline ? 'span' : 'div', { dataComponent: fn.name }, children)];
  }
  reportProblems(page.reporter, (file) => `\`<${fn.name}>\` (${file})`, 'the page shows what it renders at first, without that', context.problems);
  return inline ? unwrapParagraph(made) : made;
}

/**
 * A snippet of one paragraph used inside a line of text (`Run <Command /> first.`) joins the line:
 * its `<p>` would otherwise sit inside the line's own, which HTML does not allow.
 */
function unwrapParagraph(content: ElementContent[]): ElementContent[] {
  const only = content.length === 1 ? content[0]! : undefined;
  if (only?.type !== 'element' || only.tagName !== 'p' || Object.keys(only.properties).length > 0) return content;
  return holdsParagraph(only.children) ? content : only.children;
}

function holdsParagraph(nodes: readonly ElementContent[]): boolean {
  return nodes.some((node) => node.type === 'element' && (node.tagName === 'p' || holdsParagraph(node.children)));
}

function reportUnknown(page: Page, node: JsxElement, name: string): void {
  page.reporter.diagnostic('mdx-unknown-component', startOf(node), { name, pageCode: page.scope.opaque.has(name) });
}

/**
 * The children of a component, rendered one by one: their content (a flow element's a line apart,
 * as blocks are) and the list components read (`context.children`). A paragraph of JSX blocks is
 * looked through, as it is not rendered either (see `holdsBlocks`). Without `codeCaptions`, code
 * blocks leave out their title and icon: the component shows them (`<CodeGroup>` on its tabs).
 */
function renderChildren(page: Page, state: State, node: JsxElement, options: { codeCaptions: boolean }): { content: ElementContent[]; children: RenderedChild[] } {
  const children: RenderedChild[] = [];
  const content: ElementContent[] = [];
  const separator = node.type === 'mdxJsxFlowElement' ? '\n' : '';
  let first = true;
  const visit = (child: Nodes, parent: Parents): void => {
    if (child.type === 'paragraph' && holdsBlocks(child)) {
      for (const inner of child.children) if (inner.type !== 'text') visit(inner, child);
      return;
    }
    let part: ElementContent[];
    if (child.type === 'code' && !options.codeCaptions) part = [{ type: 'raw', value: fenceHtml(page, child, { caption: false }) }];
    else {
      const result = state.one(child, parent);
      part = result === undefined ? [] : Array.isArray(result) ? result : [result];
    }
    if (!first && separator !== '') content.push({ type: 'text', value: separator });
    first = false;
    content.push(...part);
    if (child.type === 'text' && child.value.trim() === '') return;
    if (child.type === 'code') {
      const { lang, meta } = parseFence(child.lang, child.meta);
      children.push({ kind: 'code', lang, meta, code: child.value, content: part });
      return;
    }
    if (isEmptyContent(part)) return;
    if (page.expressionChildren.has(child)) {
      children.push(...page.expressionChildren.get(child)!);
    } else if (isJsxElement(child) && child.name !== null) {
      const rendered = page.rendered.get(child);
      children.push({ kind: 'element', name: child.name, props: rendered?.props ?? readProps(page, child, false), children: rendered?.children ?? [], content: part });
    } else {
      children.push({ kind: 'other', content: part });
    }
  };
  for (const child of node.children) visit(child, node);
  return { content, children };
}

/** Attribute values, evaluated: `title="x"` → "x", `open` → true, `cols={2}` → 2, `{...spread}` merged. */
export function readProps(page: Page, node: JsxElement, report = true): Props {
  const props: Props = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const result = evaluateAttribute(page, attribute.data?.estree, `{${attribute.value}}`, node, report);
      if (result.ok && isRecord(result.value)) {
        for (const [key, value] of Object.entries(result.value)) setProp(props, key, value);
      } else if (report) {
        reportAttribute(page, attribute, node, `{${attribute.value}}`, result);
      }
      continue;
    }
    const { name, value } = attribute;
    if (value === null || value === undefined) setProp(props, name, true);
    else if (typeof value === 'string') setProp(props, name, value);
    else {
      const result = evaluateAttribute(page, value.data?.estree, `\`${name}\``, node, report);
      if (result.ok) setProp(props, name, result.value);
      else if (report) reportAttribute(page, attribute, node, `\`${name}\``, result);
    }
  }
  return props;
}

function evaluateAttribute(page: Page, program: Program | null | undefined, what: string, node: JsxElement, report: boolean): Evaluation {
  if (!program) return { ok: false, reason: 'unsupported', what: 'an expression' };
  const { result, problems } = collectProblems(page.scope.context.problems, () => evaluateProgram(program, page.scope));
  if (report) reportProblems(page.reporter, () => `the attribute ${what} of \`<${node.name}>\``, 'the page shows what it computes without that', problems);
  return result;
}

function reportAttribute(page: Page, attribute: { position?: Nodes['position'] }, node: JsxElement, what: string, result: Evaluation): void {
  const start = attribute.position?.start ?? node.position?.start;
  const where = start ? { line: start.line, column: start.column } : undefined;
  if (result.ok) {
    page.reporter.diagnostic('mdx-expression-unsupported', where, { problem: 'spread-not-object', attribute: what, element: node.name });
  } else if (result.reason === 'undefined') {
    page.reporter.diagnostic('mdx-expression-undefined', where, { in: 'attribute', name: result.name, attribute: what, element: node.name });
  } else if (result.reason === 'unsupported') {
    page.reporter.diagnostic('mdx-expression-unsupported', where, { problem: 'attribute-needs-javascript', attribute: what, element: node.name, what: result.what });
  } else if (result.reason === 'budget') {
    page.reporter.diagnostic('mdx-evaluation-budget', where, { subject: `the attribute ${what} of \`<${node.name}>\``, limit: result.limit, outcome: 'the attribute is left out' });
  }
  // 'opaque': an imported snippet value or a name the page's own code defines; the snippet stage
  // resolves the first, and the second is reported where it is used as a component.
}

function setProp(props: Props, key: string, value: Value): void {
  if (key === '__proto__') return;
  props[key] = value;
}
