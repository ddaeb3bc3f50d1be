/** The values the evaluator produces, and how they read as text. */

export type Value = string | number | boolean | null | undefined | Markup | Value[] | { [key: string]: Value };

/** HTML made from JSX in an expression: `icon={<svg …>…</svg>}`, `export const logo = <img … />`. */
export class Markup {
  constructor(readonly html: string) {}
}

export function isRecord(value: Value): value is { [key: string]: Value } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Markup);
}

/** A value as text the way JSX shows it: strings and numbers as they are, nothing for the rest. */
export function toText(value: Value): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(toText).join('');
  return '';
}

/** `String(value)` as JavaScript would write it (template literals, `+` on strings, computed keys). */
export function stringify(value: Value): string {
  if (Array.isArray(value)) return value.map((item) => (item === null || item === undefined ? '' : stringify(item))).join(',');
  if (value instanceof Markup) return value.html;
  if (typeof value === 'object' && value !== null) return '[object Object]';
  return String(value);
}
