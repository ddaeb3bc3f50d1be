/**
 * JSX inside an expression → HTML: `<Card icon={<svg …/>}>`, `export const logo = <img … />`, and
 * what components written as functions return. HTML elements take their attributes as React does
 * (`className`, `style={{…}}`); capitalised elements are the scope's functions (`<Hero />` defined
 * by the page or imported from a snippet) or the host's built-in components (`<Card>`).
 *
 * Inside a function body a part that cannot be computed (an attribute, a child) is noted and left
 * out, so the rest still shows; outside, it fails the whole expression (evaluate.ts).
 */
import type { JSXAttribute, JSXElement, JSXSpreadAttribute, JSXSpreadChild, Node } from 'estree-jsx';
import type { ElementContent } from 'hast';
import type { Props, RenderedChild } from './components/types.ts';
import { attributes, escapeHtml } from './escape.ts';
import type { JsxEvaluator } from './evaluate.ts';
import { toProperties } from './properties.ts';
import { fragmentHtml } from './serialize.ts';
import { sanitizeHtml } from '../sanitize.ts'; // injection: `__html` is page text, made inert like the rest
import { Callable, isRecord, Markup, type Value } from './values.ts';

export function jsxToHtml(node: Node, evaluator: JsxEvaluator): string {
  return fragmentHtml(render(node, evaluator).content);
}

/** What a component returned, as HTML: markup as it is, text escaped, lists joined, nothing for the rest. */
export function valueToHtml(value: Value): string {
  if (value instanceof Markup) return value.html;
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueToHtml).join('');
  return '';
}

interface Rendered {
  content: ElementContent[];
  /** How a component around it sees this child (`<Tabs>` reads each `<Tab>`'s props). */
  child?: RenderedChild;
}

function render(node: Node | JSXSpreadChild, evaluator: JsxEvaluator): Rendered {
  switch (node.type) {
    case 'JSXFragment':
      return { content: renderChildren(node.children, evaluator).content };
    case 'JSXText': {
      const value = jsxText(node.value);
      return { content: value === '' ? [] : [{ type: 'text', value }] };
    }
    case 'JSXExpressionContainer': {
      if (node.expression.type === 'JSXEmptyExpression') return { content: [] };
      const result = evaluator.value(node.expression);
      return { content: result.ok ? valueToHast(result.value) : [] };
    }
    case 'JSXElement':
      return element(node, evaluator);
    case 'JSXSpreadChild':
      evaluator.leaveOut('a spread child', node.expression);
      return { content: [] };
    default:
      evaluator.leaveOut(node.type, node);
      return { content: [] };
  }
}

function renderChildren(children: readonly (Node | JSXSpreadChild)[], evaluator: JsxEvaluator): { content: ElementContent[]; children: RenderedChild[] } {
  const content: ElementContent[] = [];
  const list: RenderedChild[] = [];
  for (const child of children) {
    const rendered = render(child, evaluator);
    content.push(...rendered.content);
    if (rendered.child) list.push(rendered.child);
    else if (rendered.content.length > 0 && !(child.type === 'JSXText' && child.value.trim() === '')) list.push({ kind: 'other', html: fragmentHtml(rendered.content) });
  }
  return { content, children: list };
}

function valueToHast(value: Value): ElementContent[] {
  if (value instanceof Markup) return value.html === '' ? [] : [{ type: 'raw', value: value.html }];
  if (typeof value === 'string') return value === '' ? [] : [{ type: 'text', value }];
  if (typeof value === 'number') return [{ type: 'text', value: String(value) }];
  if (Array.isArray(value)) return value.flatMap(valueToHast);
  return [];
}

function element(node: JSXElement, evaluator: JsxEvaluator): Rendered {
  const name = elementName(node.openingElement.name);
  const props = readAttributes(node.openingElement.attributes, evaluator);
  const { content, children } = renderChildren(node.children, evaluator);
  // `div`, `svg:rect`: HTML. `Card`, `Tree.Folder`, `motion.div`: components.
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    const inner = props['dangerouslySetInnerHTML'];
    const html = isRecord(inner) && typeof inner['__html'] === 'string' ? inner['__html'] : undefined;
    return { content: [{ type: 'element', tagName: name, properties: toProperties(props), children: html === undefined ? content : [{ type: 'raw', value: sanitizeHtml(html) }] }] };
  }
  const childrenHtml = fragmentHtml(content);
  const html = component(name, props, childrenHtml, children, node, evaluator);
  return { content: [{ type: 'raw', value: html }], child: { kind: 'element', name, props, childrenHtml, html } };
}

function component(name: string, props: Props, childrenHtml: string, children: RenderedChild[], node: JSXElement, evaluator: JsxEvaluator): string {
  const found = evaluator.resolve(name, node);
  if (!found.ok) return wrapper(name, childrenHtml);
  if (found.value instanceof Callable) {
    const result = evaluator.call(found.value, { ...props, children: childrenHtml === '' ? undefined : new Markup(childrenHtml) }, node);
    return result.ok ? valueToHtml(result.value) : wrapper(name, childrenHtml);
  }
  if (found.value === undefined) {
    const html = evaluator.host?.component(name, props, childrenHtml, children, false);
    if (html !== undefined) return html;
  }
  evaluator.leaveOut(`\`<${name}>\`, which nothing defines`, node, `the component <${name}>`);
  return wrapper(name, childrenHtml);
}

function wrapper(name: string, childrenHtml: string): string {
  return `<div${attributes({ 'data-component': name })}>${childrenHtml}</div>`;
}

function elementName(node: JSXElement['openingElement']['name']): string {
  if (node.type === 'JSXIdentifier') return node.name;
  if (node.type === 'JSXNamespacedName') return `${node.namespace.name}:${node.name.name}`;
  return `${elementName(node.object)}.${node.property.name}`;
}

function readAttributes(nodes: readonly (JSXAttribute | JSXSpreadAttribute)[], evaluator: JsxEvaluator): Props {
  const props: Props = {};
  for (const attribute of nodes) {
    if (attribute.type === 'JSXSpreadAttribute') {
      const spread = evaluator.value(attribute.argument);
      if (spread.ok && isRecord(spread.value)) for (const [key, value] of Object.entries(spread.value)) if (key !== '__proto__') props[key] = value;
      continue;
    }
    const key = attribute.name.type === 'JSXIdentifier' ? attribute.name.name : `${attribute.name.namespace.name}:${attribute.name.name.name}`;
    if (key === '__proto__') continue;
    const value = attribute.value;
    if (value === null || value === undefined) props[key] = true;
    else if (value.type === 'Literal') props[key] = typeof value.value === 'string' ? value.value : String(value.value);
    else if (value.type === 'JSXExpressionContainer') {
      if (value.expression.type === 'JSXEmptyExpression') continue;
      const result = evaluator.value(value.expression);
      if (!result.ok) continue;
      // A static page has no handlers: the element shows, clicking it does nothing.
      if (result.value instanceof Callable && /^on[A-Z]/.test(key)) evaluator.notice(`the event handler \`${key}\``, attribute);
      props[key] = result.value;
    } else {
      const result = evaluator.value(value);
      if (result.ok) props[key] = result.value;
    }
  }
  return props;
}

/** JSX's white space rule: lines are trimmed, blank lines dropped, the rest joined by a space. */
function jsxText(value: string): string {
  if (!value.includes('\n')) return value;
  return value
    .split(/\r?\n/)
    .map((line, index, lines) => {
      let text = line.replace(/\t/g, ' ');
      if (index > 0) text = text.trimStart();
      if (index < lines.length - 1) text = text.trimEnd();
      return text;
    })
    .filter((line) => line !== '')
    .join(' ');
}
