/**
 * JSX inside an expression → HTML: `<Card icon={<svg …/>}>`, `export const logo = <img … />`, and
 * what components written as functions return. HTML elements take their attributes as React does
 * (`className`, `style={{…}}`); capitalised elements are the scope's functions (`<Hero />` defined
 * by the page or imported from a snippet) or the host's built-in components (`<Card>`).
 *
 * Inside a function body a part that cannot be computed (an attribute, a child) is noted and left
 * out, so the rest still shows; outside, it fails the whole expression (evaluate.ts). An element's
 * URLs are resolved as it is made, with the resolver of the page it renders into.
 */
import type { JSXAttribute, JSXElement, JSXSpreadAttribute, JSXSpreadChild, Node } from 'estree-jsx';
import type { Element, ElementContent } from 'hast';
import type { Props, RenderedChild } from './components/types.ts';
import { element as componentElement, isEmptyContent, textNode as componentText } from './components/hast.ts';
import { toProperties } from './properties.ts';
import { sanitizeHtml } from '../sanitize.ts'; // injection: `__html` is page text, made inert like the rest
import { resolveElementUrls, type UrlResolver } from '../page-urls.ts';
import { Callable, contentText, isRecord, Markup, type Value } from './values.ts';
import type { Host } from './types.ts';

type Attempt = { ok: true; value: Value } | { ok: false };

/** What JSX inside an expression needs from the evaluator (calls.ts builds it). */
export interface JsxEvaluator {
  /** An attribute or child; inside a function a failure is noted and the part left out (`ok: false`). */
  value(node: Node): Attempt;
  /** A capitalised element's name in scope: its value, or `undefined` when nothing defines it. */
  resolve(name: string, node: Node): Attempt;
  call(fn: Callable, props: Props, node: Node): Attempt;
  host: Host | undefined;
  /** The page's (or, for a value a snippet computes when loaded, the snippet file's); none: URLs as written. */
  resolveUrl: UrlResolver | undefined;
  /** Inside a function, notes `what` as left out; outside, fails the expression (with `strictWhat` if given). */
  leaveOut(what: string, node: Node, strictWhat?: string): void;
  /** Notes `what` inside a function; nothing outside. */
  notice(what: string, node: Node): void;
}

/** JSX as a value: what it renders to, and its elements as a component around it sees them. */
export function jsxToMarkup(node: Node, evaluator: JsxEvaluator): Markup {
  const rendered = render(node, evaluator);
  // One HTML element is its own child; only components and fragments need the list.
  const single = rendered.parts.length === 1 && !isRenderedChild(rendered.parts[0]!);
  return single ? new Markup(rendered.content) : new Markup(rendered.content, toRenderedChildren(rendered.parts));
}

/**
 * What a component returned, as content: markup as it is, text as text written the way components
 * write theirs (`components/hast.ts`), lists joined, nothing for the rest.
 */
export function returnedContent(value: Value): ElementContent[] {
  if (value instanceof Markup) return [...value.content];
  if (typeof value === 'string') return value === '' ? [] : [componentText(value)];
  if (typeof value === 'number') return [componentText(String(value))];
  if (Array.isArray(value)) return value.flatMap(returnedContent);
  return [];
}

/**
 * A value shown as content (`{items.map(i => <li>{i}</li>)}`), as React shows it: markup as it is,
 * strings and numbers as text, lists (nested too) flattened, `null`, `undefined` and booleans as
 * nothing. Objects and functions, which React refuses, are nothing here: callers report them
 * (`unshowable`).
 */
export function valueToHast(value: Value): ElementContent[] {
  if (value instanceof Markup) return [...value.content];
  if (typeof value === 'string') return value === '' ? [] : [{ type: 'text', value }];
  if (typeof value === 'number') return [{ type: 'text', value: String(value) }];
  if (Array.isArray(value)) return value.flatMap(valueToHast);
  return [];
}

/** How a component around a value shown as content sees it: one child per element it holds. */
export function valueChildren(value: Value): RenderedChild[] {
  if (value instanceof Markup) return value.children ? [...value.children] : value.content.length === 0 ? [] : [{ kind: 'other', content: value.content }];
  if (Array.isArray(value)) return value.flatMap(valueChildren);
  if (typeof value === 'string' && value.trim() === '') return [];
  const content = valueToHast(value);
  return content.length === 0 ? [] : [{ kind: 'other', content }];
}

/** What in a value shown as content React would refuse to show: an object, a function, a pattern. */
export function unshowable(value: Value): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unshowable(item);
      if (found) return found;
    }
    return undefined;
  }
  if (value instanceof Callable) return 'a function';
  if (value instanceof RegExp) return 'a regular expression';
  return isRecord(value) ? 'an object' : undefined;
}

/** A part of rendered JSX as a component around it sees it. */
type Part = RenderedChild | ElementContent;

interface Rendered {
  content: ElementContent[];
  parts: Part[];
}

function isRenderedChild(part: Part): part is RenderedChild {
  return 'kind' in part;
}

function toRenderedChildren(parts: readonly Part[]): RenderedChild[] {
  return parts.map((part) => (isRenderedChild(part) ? part : { kind: 'other', content: [part] }));
}

const NOTHING: Rendered = { content: [], parts: [] };

function render(node: Node | JSXSpreadChild, evaluator: JsxEvaluator): Rendered {
  switch (node.type) {
    case 'JSXFragment':
      return renderChildren(node.children, evaluator);
    case 'JSXText': {
      const value = jsxText(node.value);
      if (value === '') return NOTHING;
      const text: ElementContent = { type: 'text', value };
      return { content: [text], parts: value.trim() === '' ? [] : [text] };
    }
    case 'JSXExpressionContainer': {
      if (node.expression.type === 'JSXEmptyExpression') return NOTHING;
      const result = evaluator.value(node.expression);
      if (!result.ok) return NOTHING;
      const refused = unshowable(result.value);
      if (refused) evaluator.leaveOut(`${refused} shown as content`, node.expression);
      return { content: valueToHast(result.value), parts: valueChildren(result.value) };
    }
    case 'JSXElement':
      return element(node, evaluator);
    case 'JSXSpreadChild':
      evaluator.leaveOut('a spread child', node.expression);
      return NOTHING;
    default:
      evaluator.leaveOut(node.type, node);
      return NOTHING;
  }
}

function renderChildren(nodes: readonly (Node | JSXSpreadChild)[], evaluator: JsxEvaluator): Rendered {
  const content: ElementContent[] = [];
  const parts: Part[] = [];
  for (const node of nodes) {
    const rendered = render(node, evaluator);
    content.push(...rendered.content);
    parts.push(...rendered.parts);
  }
  return { content, parts };
}

function element(node: JSXElement, evaluator: JsxEvaluator): Rendered {
  const name = elementName(node.openingElement.name);
  const props = readAttributes(node.openingElement.attributes, evaluator);
  const { content, parts } = renderChildren(node.children, evaluator);
  // `div`, `svg:rect`: HTML. `Card`, `Tree.Folder`, `motion.div`: components.
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    const inner = props['dangerouslySetInnerHTML'];
    const html = isRecord(inner) && typeof inner['__html'] === 'string' ? inner['__html'] : undefined;
    const made: Element = {
      type: 'element',
      tagName: name,
      properties: toProperties(props),
      children: html === undefined ? content : sanitizeHtml(html, undefined, evaluator.resolveUrl),
    };
    if (evaluator.resolveUrl) resolveElementUrls(made, evaluator.resolveUrl);
    return { content: [made], parts: [made] };
  }
  const made = component(name, props, content, toRenderedChildren(parts), () => contentText(content), node, evaluator);
  return { content: made, parts: [{ kind: 'element', name, props, children: content, content: made }] };
}

function component(
  name: string,
  props: Props,
  children: ElementContent[],
  rendered: RenderedChild[],
  text: () => string,
  node: JSXElement,
  evaluator: JsxEvaluator,
): ElementContent[] {
  const found = evaluator.resolve(name, node);
  if (!found.ok) return wrapper(name, children);
  if (found.value instanceof Callable) {
    const result = evaluator.call(found.value, { ...props, children: isEmptyContent(children) ? undefined : new Markup(children) }, node);
    return result.ok ? returnedContent(result.value) : wrapper(name, children);
  }
  if (found.value === undefined) {
    const made = evaluator.host?.component(name, registryProps(props), children, rendered, false, text);
    if (made !== undefined) return made;
  }
  evaluator.leaveOut(`\`<${name}>\`, which nothing defines`, node, `the component <${name}>`);
  return wrapper(name, children);
}

/**
 * Props for a built-in component, which reads content props as one piece of content (`title={<b>T</b>}`):
 * a list that holds JSX (`title={[<b>T</b>, " more"]}`) is given as the markup it renders to.
 * Components written as functions get the list itself, to map over.
 */
export function registryProps(props: Props): Props {
  let out: Props | undefined;
  for (const [key, value] of Object.entries(props)) {
    if (key === 'children' || !Array.isArray(value) || !holdsMarkup(value)) continue;
    out ??= { ...props };
    out[key] = new Markup(returnedContent(value));
  }
  return out ?? props;
}

function holdsMarkup(value: Value): boolean {
  return value instanceof Markup || (Array.isArray(value) && value.some(holdsMarkup));
}

/** An element nothing defines: its children, in a wrapper that names it. */
function wrapper(name: string, children: ElementContent[]): ElementContent[] {
  return [componentElement('div', { dataComponent: name }, children)];
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
      if (!spread.ok) continue;
      if (isRecord(spread.value)) {
        for (const [key, value] of Object.entries(spread.value)) if (key !== '__proto__') props[key] = value;
      } else if (typeof spread.value === 'string' || Array.isArray(spread.value)) {
        // Spreading text or a list gives attributes named 0, 1, 2…; other values give none, as in JavaScript.
        evaluator.leaveOut('a spread of something that is not an object into attributes', attribute);
      }
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
