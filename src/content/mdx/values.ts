/** The values the evaluator produces (types.ts), and how they read as text. */
import type { ElementContent } from 'hast';
import { unsupported } from './failure.ts';
import { Callable, Markup, type Value } from './types.ts';

export { Callable, Markup, type Value } from './types.ts';

export function isRecord(value: Value): value is { [key: string]: Value } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Markup) && !(value instanceof Callable) && !(value instanceof RegExp);
}

/** A value as the text a reader sees when JSX shows it: JSX as its text, nothing for `null`, booleans and objects. */
export function toText(value: Value): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(toText).join('');
  if (value instanceof Markup) return contentText(value.content);
  return '';
}

/** The text of rendered content, as hast-util-to-string reads it; raw HTML (an icon's SVG, a formula) has none. */
export function contentText(nodes: readonly ElementContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'element') out += contentText(node.children);
  }
  return out;
}

/** `String(value)` as JavaScript would write it (template literals, `+` on strings, computed keys). */
export function stringify(value: Value): string {
  if (Array.isArray(value)) return value.map((item) => (item === null || item === undefined ? '' : stringify(item))).join(',');
  // JavaScript gives `[object Object]` for JSX and a function's source text: neither is worth showing.
  if (value instanceof Markup) return unsupported('JSX turned into text (JavaScript gives `[object Object]`)');
  if (value instanceof Callable) return unsupported('a function turned into text');
  if (value instanceof RegExp) return String(value);
  if (typeof value === 'object' && value !== null) return '[object Object]';
  return String(value);
}

/** `obj[key] = value` that cannot set a prototype, whatever the key. */
export function define(object: { [key: string]: Value }, key: string, value: Value): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
