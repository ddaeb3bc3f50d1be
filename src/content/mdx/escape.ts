/**
 * Escaping for HTML written as strings (code blocks), and for what components build
 * (`serialize.ts` writes their text and attribute values with `escapeHtml`).
 */

const SPECIAL = /[&<>"']/;
const SPECIAL_ALL = /[&<>"']/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double- or single-quoted attribute value, made inert: `&`, `<`, `>`, `"` and `'`. */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (char) => ENTITY[char]!) : value;
}

/** Attributes from a map, each ` name="value"`; `undefined`, `null` and `false` are left out, `true` is a bare name. */
export function attributes(values: Record<string, string | number | boolean | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}
