/** The values the evaluator produces (types.ts), and how they read as text. */
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
  if (value instanceof Markup) return htmlText(value.html);
  return '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of HTML the renderer wrote (tags dropped, the entities it writes decoded). */
function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
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
