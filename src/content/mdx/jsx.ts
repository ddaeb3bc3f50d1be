/**
 * JSX in pages. Lower-case names are HTML elements and become hast elements (attributes as
 * written; `style={{…}}` objects become CSS text). Capitalised and dotted names are components:
 * the registry's function writes their HTML from the evaluated props and the rendered children.
 * A name the registry does not know keeps its children, in a `data-component` wrapper, with a
 * warning. `<script>` and `<style>` are copied as written: their content is not MDX.
 */
import type { Program } from 'estree';
import type { Element, ElementContent } from 'hast';
import type { Nodes, Paragraph, Parents } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { State } from 'mdast-util-to-hast';
import { parseFence } from './code.ts';
import type { ComponentContext, Props, RenderedChild } from './components/types.ts';
import { INLINE_COMPONENTS } from './components/index.ts';
import { attributes } from './escape.ts';
import { evaluateProgram, isRecord, type Evaluation, type Value } from './evaluate.ts';
import { toProperties } from './properties.ts';
import { startOf, type Page } from './page.ts';
import { restoreText } from './repair.ts';
import { fragmentHtml } from './serialize.ts';

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
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul',
  'iframe', 'video', 'script', 'style',
]);

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

export function renderJsx(page: Page, state: State, node: JsxElement): ElementContent | ElementContent[] | undefined {
  const name = node.name;
  if (name === null) return state.all(node); // a fragment: `<>…</>`
  const inline = node.type === 'mdxJsxTextElement';

  if (isIntrinsic(name)) {
    const lower = name.toLowerCase();
    if (lower === 'script' || lower === 'style') {
      if (lower === 'script') page.reportScript(startOf(node));
      return { type: 'raw', value: restoreText(page.source(node)) };
    }
    const element: Element = { type: 'element', tagName: name, properties: toProperties(readProps(page, node)), children: state.all(node) };
    state.patch(node, element);
    return element;
  }

  const props = readProps(page, node);
  const { html: childrenHtml, children } = renderChildren(page, state, node);
  page.rendered.set(node, { props, childrenHtml });
  const component = Object.hasOwn(page.components, name) ? page.components[name] : undefined;
  const tag = inline ? 'span' : 'div';
  let html: string;
  if (component) {
    const context: ComponentContext = {
      file: page.file,
      children,
      inline,
      uniqueId: (prefix) => page.uniqueId(prefix),
      heading: (depth, text, id) => page.addHeading(node.position?.start.offset ?? 0, depth, text, id),
    };
    try {
      html = component(props, childrenHtml, context);
    } catch (error) {
      // One broken component must not take the page down: its children still show.
      const reason = error instanceof Error ? error.message : String(error);
      page.reporter.report('component-failed', startOf(node), `the \`<${name}>\` component failed (${reason}); its children are shown without it`, 'This is a bug in the component: please report it with the page attached.');
      html = `<${tag}${attributes({ 'data-component': name })}>${childrenHtml}</${tag}>`;
    }
  } else {
    const binding = page.importsByName.get(name) ?? page.importsByName.get(name.split('.')[0]!);
    if (binding) {
      // Resolved by the snippet stage; until then, a marker where it goes.
      html = `<${tag}${attributes({ 'data-component': name, 'data-import': binding.source })}>${childrenHtml}</${tag}>`;
    } else {
      if (page.firstUseOf(name)) reportUnknown(page, node, name);
      html = `<${tag}${attributes({ 'data-component': name })}>${childrenHtml}</${tag}>`;
    }
  }
  return { type: 'raw', value: html };
}

function reportUnknown(page: Page, node: JsxElement, name: string): void {
  if (page.scope.opaque.has(name)) {
    page.reporter.report(
      'mdx-unknown-component',
      startOf(node),
      `\`<${name}>\` is defined by this page's own JavaScript (\`export const ${name} = …\`), which docjet does not run; its children are shown without it`,
      `Use one of the built-in components, or a snippet imported from a file.`,
    );
    return;
  }
  page.reporter.report(
    'mdx-unknown-component',
    startOf(node),
    `\`<${name}>\` is not a component docjet knows; its children are shown without it`,
    `Check the spelling, or import it from a snippet: \`import ${name} from '/snippets/…'\`.`,
  );
}

/**
 * The children of a component, rendered one by one: their HTML joined (`childrenHtml`) and the list
 * components read (`context.children`). A paragraph of JSX blocks is looked through, as it is not
 * rendered either (see `holdsBlocks`).
 */
function renderChildren(page: Page, state: State, node: JsxElement): { html: string; children: RenderedChild[] } {
  const children: RenderedChild[] = [];
  const parts: string[] = [];
  const visit = (child: Nodes, parent: Parents): void => {
    if (child.type === 'paragraph' && holdsBlocks(child)) {
      for (const inner of child.children) if (inner.type !== 'text') visit(inner, child);
      return;
    }
    const result = state.one(child, parent);
    const html = result === undefined ? '' : fragmentHtml(result);
    parts.push(html);
    if (child.type === 'text' && child.value.trim() === '') return;
    if (html === '' && child.type !== 'code') return;
    if (child.type === 'code') {
      const { lang, meta } = parseFence(child.lang, child.meta);
      children.push({ kind: 'code', lang, meta, code: child.value, html });
    } else if (isJsxElement(child) && child.name !== null) {
      const rendered = page.rendered.get(child);
      children.push({ kind: 'element', name: child.name, props: rendered?.props ?? readProps(page, child, false), childrenHtml: rendered?.childrenHtml ?? '', html });
    } else {
      children.push({ kind: 'other', html });
    }
  };
  for (const child of node.children) visit(child, node);
  return { html: parts.join(node.type === 'mdxJsxFlowElement' ? '\n' : ''), children };
}

/** Attribute values, evaluated: `title="x"` → "x", `open` → true, `cols={2}` → 2, `{...spread}` merged. */
export function readProps(page: Page, node: JsxElement, report = true): Props {
  const props: Props = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const result = evaluateAttribute(page, attribute.data?.estree);
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
      const result = evaluateAttribute(page, value.data?.estree);
      if (result.ok) setProp(props, name, result.value);
      else if (report) reportAttribute(page, attribute, node, `\`${name}\``, result);
    }
  }
  return props;
}

function evaluateAttribute(page: Page, program: Program | null | undefined): Evaluation {
  if (!program) return { ok: false, reason: 'unsupported', what: 'an expression' };
  return evaluateProgram(program, page.scope);
}

function reportAttribute(page: Page, attribute: { position?: Nodes['position'] }, node: JsxElement, what: string, result: Evaluation): void {
  const start = attribute.position?.start ?? node.position?.start;
  const where = start ? { line: start.line, column: start.column } : undefined;
  if (result.ok) {
    page.reporter.report('mdx-expression-unsupported', where, `the spread attribute ${what} of \`<${node.name}>\` is not an object; it is left out`, 'Spread an object: `{...{ key: "value" }}`, or write the attributes out.');
  } else if (result.reason === 'undefined') {
    page.reporter.report('mdx-expression-undefined', where, `the attribute ${what} of \`<${node.name}>\` uses \`${result.name}\`, which this page does not define; the attribute is left out`, `Define it with \`export const ${result.name} = …\`, or write the value in quotes.`);
  } else if (result.reason === 'unsupported') {
    page.reporter.report('mdx-expression-unsupported', where, `the attribute ${what} of \`<${node.name}>\` needs JavaScript to compute (${result.what}); docjet does not run page code, so it is left out`, 'Use a plain value: a string, number, list or object.');
  }
  // 'opaque': an imported snippet value or a name the page's own code defines; the snippet stage
  // resolves the first, and the second is reported where it is used as a component.
}

function setProp(props: Props, key: string, value: Value): void {
  if (key === '__proto__') return;
  props[key] = value;
}

