/**
 * JSX inside an expression (`<Card icon={<svg …/>}>`, `export const logo = <img … />`) → HTML.
 * Only HTML elements, text and values the evaluator can compute; a component inside is unsupported
 * (it would need the component's code).
 */
import type { JSXSpreadChild, Node } from 'estree-jsx';
import type { ElementContent, Properties } from 'hast';
import { toProperties } from './properties.ts';
import { fragmentHtml } from './serialize.ts';
import { isRecord, Markup, toText, type Value } from './values.ts';

type Evaluate = (node: Node) => Value;
type Unsupported = (what: string) => never;

export function jsxToHtml(node: Node, evaluate: Evaluate, unsupported: Unsupported): string {
  return fragmentHtml(toHast(node, evaluate, unsupported));
}

function toHast(node: Node | JSXSpreadChild, evaluate: Evaluate, unsupported: Unsupported): ElementContent[] {
  if (node.type === 'JSXFragment') return node.children.flatMap((child) => toHast(child, evaluate, unsupported));
  if (node.type === 'JSXText') {
    const value = jsxText(node.value);
    return value === '' ? [] : [{ type: 'text', value }];
  }
  if (node.type === 'JSXExpressionContainer') {
    if (node.expression.type === 'JSXEmptyExpression') return [];
    const value = evaluate(node.expression);
    if (value instanceof Markup) return [{ type: 'raw', value: value.html }];
    const text = toText(value);
    return text === '' ? [] : [{ type: 'text', value: text }];
  }
  if (node.type === 'JSXSpreadChild') return unsupported('a spread child');
  if (node.type !== 'JSXElement') return unsupported(node.type);

  const nameNode = node.openingElement.name;
  let name: string;
  if (nameNode.type === 'JSXIdentifier') name = nameNode.name;
  else if (nameNode.type === 'JSXNamespacedName') name = `${nameNode.namespace.name}:${nameNode.name.name}`;
  else return unsupported('a component');
  if (!/^[a-z]/.test(name)) return unsupported(`the component <${name}>`);

  const props: Record<string, Value> = {};
  for (const attribute of node.openingElement.attributes) {
    if (attribute.type === 'JSXSpreadAttribute') {
      const spread = evaluate(attribute.argument);
      if (isRecord(spread)) Object.assign(props, spread);
      continue;
    }
    const key = attribute.name.type === 'JSXIdentifier' ? attribute.name.name : `${attribute.name.namespace.name}:${attribute.name.name.name}`;
    const value = attribute.value;
    if (value === null || value === undefined) props[key] = true;
    else if (value.type === 'Literal') props[key] = typeof value.value === 'string' ? value.value : String(value.value);
    else if (value.type === 'JSXExpressionContainer') {
      if (value.expression.type !== 'JSXEmptyExpression') props[key] = evaluate(value.expression);
    } else props[key] = evaluate(value);
  }
  const properties: Properties = toProperties(props);
  const children = node.children.flatMap((child) => toHast(child, evaluate, unsupported));
  return [{ type: 'element', tagName: name, properties, children }];
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
