/**
 * OpenAPI's serialization rules, written once for every request docjet shows or sends (issue 30):
 * the code samples (src/openapi/endpoint/request.ts) and the "Try it" panel in the browser
 * (src/client/playground.ts) call the same functions, so they send the same bytes.
 *
 * - query: `form` (exploded: repeated keys, objects as their properties; not: `a,b`),
 *   `spaceDelimited` (`a%20b`), `pipeDelimited` (`a%7Cb`), `deepObject` (`filter[status]=open`,
 *   arrays as `expand[]=…`, Stripe's convention), `allowReserved`;
 * - path: `simple` (`a,b`), `label` (`.a.b`), `matrix` (`;id=a;id=b`);
 * - header: `simple`; cookie: `form`;
 * - `application/x-www-form-urlencoded` bodies, each field in its `encoding` (default: lists as
 *   repeated fields, objects as JSON; `deepObject` nests with brackets: `address[city]=Paris&expand[]=sources`);
 * - multipart bodies: a list is one part per item, an object one JSON part.
 *
 * Values are percent-encoded as RFC 3986 reads them (everything but `A-Za-z0-9-._~`, as curl's
 * `--data-urlencode` does; query values keep `:@/?`); delimiters are written as the rule says. Brackets in query names are
 * encoded (`%5B`): Java's `URI` and curl's globbing read them otherwise. In a form body they stay
 * as written, as every form parser reads them.
 *
 * The browser gets this code without a build step: `requestEncoding` is self-contained (it refers
 * to nothing outside itself), and src/render/assets.ts writes its source text in front of the
 * panel's script. Keep it so: no imports, no module-level helpers.
 */

/** Where and how a parameter or form field is written (OpenAPI's Parameter and Encoding objects). */
export interface EncodingRule {
  name: string;
  in?: 'query' | 'path' | 'header' | 'cookie' | 'form';
  style?: string | undefined;
  explode?: boolean | undefined;
  allowReserved?: boolean | undefined;
}

export interface RequestEncoding {
  /** RFC 3986 percent-encoding: all but `A-Za-z0-9-._~`; with `reserved`, also `:/?#[]@!$&'()*+,;=` are kept. */
  encode(text: string, reserved?: boolean): string;
  /** A value as text: `null` and `undefined` empty, objects as JSON. */
  text(value: unknown): string;
  /** What a reader typed in a field of a list (`a, b` or a JSON list) or an object (JSON) as a value. */
  parse(text: string, kind: string | undefined): unknown;
  /** Encoded `name=value` pieces of a query parameter, to join with `&`. */
  query(rule: EncodingRule, value: unknown): string[];
  /** What replaces `{name}` in the path, encoded. */
  path(rule: EncodingRule, value: unknown): string;
  /** A header's value. */
  header(rule: EncodingRule, value: unknown): string;
  /** Cookie `name=value` pairs (joined with `; `). */
  cookie(rule: EncodingRule, value: unknown): [string, string][];
  /** A urlencoded body: the encoded text, and its `name=value` pairs as written (names raw, values encoded). */
  form(rules: Record<string, EncodingRule>, value: Record<string, unknown>): { text: string; pairs: [string, string][] };
  /** Multipart fields: one `[name, text]` per part; a list gives one part per item. */
  multipart(value: Record<string, unknown>): [string, unknown][];
}

export function requestEncoding(): RequestEncoding {
  // Plain objects only: a File (a multipart part) is sent as itself.
  const isObject = (value: unknown): value is Record<string, unknown> => Object.prototype.toString.call(value) === '[object Object]';
  const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  const encode = (value: string, reserved?: boolean): string =>
    encodeURIComponent(value)
      .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(reserved ? /%(3A|2F|3F|23|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/g : /$^/, (whole) => decodeURIComponent(whole));
  const items = (value: unknown[]): string[] => value.map(text);
  const entries = (value: Record<string, unknown>): [string, string][] => Object.entries(value).map(([key, item]) => [key, text(item)]);

  /** `name[key][sub]=…` pairs (names unencoded): lists as `name[]` (of objects: `name[0][key]`). */
  const deep = (name: string, value: unknown, pairs: [string, string][]): void => {
    if (Array.isArray(value)) value.forEach((item, index) => deep(`${name}[${isObject(item) || Array.isArray(item) ? index : ''}]`, item, pairs));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) deep(`${name}[${key}]`, item, pairs);
    else pairs.push([name, text(value)]);
  };

  const parse = (typed: string, kind: string | undefined): unknown => {
    const trimmed = typed.trim();
    if (kind === 'array') {
      if (trimmed.startsWith('[')) {
        try {
          const list: unknown = JSON.parse(trimmed);
          if (Array.isArray(list)) return list;
        } catch {
          // Not JSON: a comma-separated list.
        }
      }
      return trimmed === '' ? [] : trimmed.split(',').map((item) => item.trim());
    }
    if (kind === 'object' && trimmed.startsWith('{')) {
      try {
        return JSON.parse(trimmed);
      } catch {
        return typed;
      }
    }
    return typed;
  };

  const query = (rule: EncodingRule, value: unknown): string[] => {
    if (value === undefined) return [];
    const style = rule.style ?? 'form';
    const explode = rule.explode ?? style === 'form';
    const key = encode(rule.name);
    // `:@/?` mean nothing in a query value: kept readable (`2024-01-01T00:00:00Z`), as browsers keep them.
    const value_ = (item: string): string => encode(item, rule.allowReserved).replace(/%(3A|40|2F|3F)/g, (whole) => decodeURIComponent(whole));
    const delimiter = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '%7C' : ',';
    if (style === 'deepObject' && (isObject(value) || Array.isArray(value))) {
      const pairs: [string, string][] = [];
      deep(rule.name, value, pairs);
      return pairs.map(([name, item]) => `${encode(name)}=${value_(item)}`);
    }
    if (Array.isArray(value)) {
      if (explode) return items(value).map((item) => `${key}=${value_(item)}`);
      return value.length === 0 ? [] : [`${key}=${items(value).map(value_).join(delimiter)}`];
    }
    if (isObject(value)) {
      if (explode) return entries(value).map(([name, item]) => `${encode(name)}=${value_(item)}`);
      return [`${key}=${entries(value).flat().map(value_).join(delimiter)}`];
    }
    return [`${key}=${value_(text(value))}`];
  };

  const path = (rule: EncodingRule, value: unknown): string => {
    const style = rule.style ?? 'simple';
    const explode = rule.explode ?? false;
    const name = encode(rule.name);
    if (Array.isArray(value)) {
      const list = items(value).map((item) => encode(item));
      if (style === 'label') return `.${list.join(explode ? '.' : ',')}`;
      if (style === 'matrix') return explode ? list.map((item) => `;${name}=${item}`).join('') : `;${name}=${list.join(',')}`;
      return list.join(',');
    }
    if (isObject(value)) {
      const pairs = entries(value).map(([key, item]): [string, string] => [encode(key), encode(item)]);
      const joined = explode ? pairs.map(([key, item]) => `${key}=${item}`) : [pairs.flat().join(',')];
      if (style === 'label') return `.${joined.join(explode ? '.' : ',')}`;
      if (style === 'matrix') return explode ? joined.map((pair) => `;${pair}`).join('') : `;${name}=${joined.join(',')}`;
      return joined.join(',');
    }
    const item = encode(text(value));
    return style === 'label' ? `.${item}` : style === 'matrix' ? `;${name}=${item}` : item;
  };

  const header = (rule: EncodingRule, value: unknown): string => {
    if (Array.isArray(value)) return items(value).join(',');
    if (isObject(value))
      return rule.explode
        ? entries(value)
            .map(([key, item]) => `${key}=${item}`)
            .join(',')
        : entries(value).flat().join(',');
    return text(value);
  };

  const cookie = (rule: EncodingRule, value: unknown): [string, string][] => {
    const explode = rule.explode ?? true;
    if (Array.isArray(value)) return explode ? items(value).map((item) => [rule.name, item]) : [[rule.name, items(value).join(',')]];
    if (isObject(value)) return explode ? entries(value) : [[rule.name, entries(value).flat().join(',')]];
    return [[rule.name, text(value)]];
  };

  const form = (rules: Record<string, EncodingRule>, value: Record<string, unknown>): { text: string; pairs: [string, string][] } => {
    const raw: [string, string][] = [];
    for (const [name, field] of Object.entries(value)) {
      if (field === undefined) continue;
      const rule = rules[name];
      const style = rule?.style ?? 'form';
      const explode = rule?.explode ?? style === 'form';
      if (style === 'deepObject' && (isObject(field) || Array.isArray(field))) deep(name, field, raw);
      else if (Array.isArray(field)) {
        if (explode) for (const item of items(field)) raw.push([name, item]);
        else raw.push([name, items(field).join(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',')]);
      } else if (isObject(field) && rule?.style !== undefined) {
        if (explode) raw.push(...entries(field));
        else raw.push([name, entries(field).flat().join(',')]);
      } else raw.push([name, text(field)]);
    }
    const pairs = raw.map(([name, item]): [string, string] => [encode(name).replace(/%5B/g, '[').replace(/%5D/g, ']'), encode(item, rules[name]?.allowReserved)]);
    return { text: pairs.map(([name, item]) => `${name}=${item}`).join('&'), pairs };
  };

  const multipart = (value: Record<string, unknown>): [string, unknown][] => {
    const parts: [string, unknown][] = [];
    for (const [name, field] of Object.entries(value)) {
      if (field === undefined) continue;
      if (Array.isArray(field)) for (const item of field) parts.push([name, isObject(item) ? JSON.stringify(item) : item]);
      else parts.push([name, isObject(field) ? JSON.stringify(field) : field]);
    }
    return parts;
  };

  return { encode, text, parse, query, path, header, cookie, form, multipart };
}

/** The functions, for Node. */
export const encoding: RequestEncoding = requestEncoding();

/** The source the panel's script starts with: `docjetRequestEncoding` holds the same functions in the browser. */
export function requestEncodingScript(): string {
  // Loaders that keep function names (tsx) call a `__name` helper inside the function: a no-op here.
  // Whole-line comments (kept by tsc in lib/) are left out: the reader's browser has no use for them.
  const source = requestEncoding
    .toString()
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return `var docjetRequestEncoding = (function () { var __name = function (f) { return f; }; return (${source})(); })();\n`;
}
