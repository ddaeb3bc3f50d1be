/**
 * Most frontmatter is a few `key: value` lines (`title: Quickstart`, `description: "…"`,
 * `icon: rocket`). Reading those with a full YAML parser is what made `docjet dev` spend 60 % of
 * its start on a 5,000-page site; this reads them directly, and gives up (undefined) on anything
 * else, which the YAML parser then reads. Whatever it accepts, it reads exactly as the YAML 1.2 core
 * schema does (test/content/frontmatter-fast.test.ts compares the two on every corpus page):
 *
 * - keys: a name at column 0 (`[A-Za-z_][A-Za-z0-9_-]*`), each once;
 * - values: `"…"` without escapes, `'…'` without doubled quotes, `true`/`false`, a decimal
 *   number (`10`, `0.25`), a one-line list of those texts or of single words, or a plain text that
 *   starts with a letter and holds none of what would make YAML read it otherwise (`: `, ` #`, a
 *   trailing `:`, tabs or control characters, a null/boolean/number spelling);
 * - blank lines and whole-line comments.
 */

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
/** Plain text YAML might read as something else than the text itself. */
const NOT_PLAIN = /: |:$| #|\t|[\u0000-\u001f\u007f]|[\u0085\u2028\u2029\ufeff]/;
/** Core-schema spellings of null, booleans and numbers (any case the schema accepts is covered by falling back). */
const SPECIAL = /^(?:~|null|true|false|\.inf|\.nan|[-+]?(?:\.?[0-9]|\.inf))/i;

export function simpleFrontmatter(yamlText: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const raw of yamlText.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = KEY.exec(line);
    if (!match) return undefined;
    const key = match[1]!;
    const text = match[2];
    if (text === undefined || Object.hasOwn(data, key) || key === '__proto__') return undefined;
    const value = scalar(text);
    if (value === undefined) return undefined;
    data[key] = value;
  }
  return data;
}

type Value = string | number | boolean | Value[];

/** One value as the core schema reads it, or undefined when it is not one of the simple shapes. */
function scalar(text: string): Value | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/.test(text)) return Number(text);
  const first = text.charAt(0);
  if (first === '"' || first === "'") return quoted(text);
  if (first === '[' && text.endsWith(']')) return list(text.slice(1, -1));
  if (!/^\p{L}/u.test(text) || NOT_PLAIN.test(text) || SPECIAL.test(text)) return undefined;
  return text;
}

/** `"…"` without escapes, `'…'` without a doubled quote: the text between the quotes. */
function quoted(text: string): string | undefined {
  const quote = text.charAt(0);
  if (text.length < 2 || !text.endsWith(quote)) return undefined;
  const inner = text.slice(1, -1);
  if (inner.includes(quote) || /[\u0000-\u001f\u007f\u0085\u2028\u2029\ufeff]/.test(inner)) return undefined;
  if (quote === '"' && inner.includes('\\')) return undefined;
  return inner;
}

/** A one-line flow sequence of quoted texts and single words (`keywords: ["a", 'b', c]`). */
function list(inner: string): Value[] | undefined {
  const items: Value[] = [];
  const item = /\s*("[^"\\]*"|'[^']*'|[\p{L}][\p{L}\p{N}_-]*)\s*(,|$)/uy;
  if (inner.trim() === '') return items;
  let at = 0;
  while (at < inner.length) {
    item.lastIndex = at;
    const match = item.exec(inner);
    if (!match) return undefined;
    const text = match[1]!;
    const value = text.startsWith('"') || text.startsWith("'") ? quoted(text) : SPECIAL.test(text) ? undefined : text;
    if (value === undefined) return undefined;
    items.push(value);
    at = item.lastIndex;
    // A trailing comma (`[a,]`) or an empty item: left to YAML.
    if (match[2] === ',' && inner.slice(at).trim() === '') return undefined;
  }
  return items;
}
