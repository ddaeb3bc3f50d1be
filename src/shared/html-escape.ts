/**
 * Escaping for HTML written as strings (code blocks), and for what components build
 * (`serialize.ts` writes their text and attribute values with `escapeHtml`).
 */

const SPECIAL = /[&<>"']/;

/** Text or a double- or single-quoted attribute value, made inert: `&`, `<`, `>`, `"` and `'`. */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? escapeSpecials(value) : value;
}

const TEXT_SPECIAL = /[&<>]/;

/**
 * Text between tags (code), made inert: `&`, `<` and `>`. Quotes are text there, and JSON examples
 * are mostly quotes: `&quot;` for each was 2.6 MB of GitHub's API reference. Never for an attribute value.
 */
export function escapeText(value: string): string {
  return TEXT_SPECIAL.test(value) ? value.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;')) : value;
}

/**
 * The escaping itself: the runs between special characters copied, each special one replaced. A
 * `replace` with a callback costs a call per match, and code tokens of JSON examples are mostly
 * quotes (GitHub's API reference: 0.8 s in escaping, 0.5 s of it code tokens; this is 2.5 times faster).
 */
function escapeSpecials(value: string): string {
  let out = '';
  let from = 0;
  for (let index = 0; index < value.length; index++) {
    const entity = entityOf(value.charCodeAt(index));
    if (entity === undefined) continue;
    out += value.slice(from, index) + entity;
    from = index + 1;
  }
  return out + value.slice(from);
}

function entityOf(code: number): string | undefined {
  switch (code) {
    case 0x26:
      return '&amp;';
    case 0x3c:
      return '&lt;';
    case 0x3e:
      return '&gt;';
    case 0x22:
      return '&quot;';
    case 0x27:
      return '&#39;';
    default:
      return undefined;
  }
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
