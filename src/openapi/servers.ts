/**
 * Every server an OpenAPI document says its API is called on, with its variables: the document's,
 * each path item's and each operation's `servers` (OpenAPI 3), or Swagger 2.0's `host`, `basePath`
 * and `schemes`. The Try-it proxy of `dev` and `serve` (src/dev/proxy.ts) forwards requests to
 * these only, and `serverPattern` says which URLs one of them covers.
 */
import type { LoadedSpecs } from './specs.ts';

export interface ServerTemplate {
  /** As written, `{variables}` and all: `https://{region}.api.example.com/v1`. */
  url: string;
  /** By name: the values an `enum` allows (empty: any value), and the default. */
  variables: Record<string, { choices: string[]; value: string }>;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The absolute http(s) servers of one document (a relative server is this site's own: no proxy needed). */
export function documentServers(raw: unknown): ServerTemplate[] {
  const document = record(raw);
  if (!document) return [];
  const found: ServerTemplate[] = [];
  if ('swagger' in document) {
    const host = text(document.host)?.trim();
    const basePath = (text(document.basePath)?.trim() ?? '').replace(/\/$/, '');
    if (host) {
      const schemes = new Set(
        list(document.schemes)
          .map(text)
          .filter((scheme): scheme is string => scheme !== undefined),
      );
      for (const operations of Object.values(record(document.paths) ?? {})) {
        for (const method of METHODS) for (const scheme of list(record(record(operations)?.[method])?.schemes)) if (text(scheme)) schemes.add(text(scheme)!);
      }
      for (const scheme of schemes.size > 0 ? schemes : ['https']) found.push({ url: `${scheme.toLowerCase()}://${host}${basePath}`, variables: {} });
    }
  } else {
    const lists = [document.servers];
    for (const item of Object.values(record(document.paths) ?? {})) {
      const pathItem = record(item);
      lists.push(pathItem?.servers);
      for (const method of METHODS) lists.push(record(pathItem?.[method])?.servers);
    }
    for (const entry of lists.flatMap(list)) {
      const server = record(entry);
      const url = text(server?.url)?.trim();
      if (!server || !url) continue;
      const variables: ServerTemplate['variables'] = {};
      for (const [name, value] of Object.entries(record(server.variables) ?? {})) {
        const variable = record(value);
        const choices = list(variable?.enum)
          .map(text)
          .filter((choice): choice is string => choice !== undefined);
        variables[name] = { choices, value: text(variable?.default) ?? choices[0] ?? '' };
      }
      found.push({ url, variables });
    }
  }
  // An http(s) URL, or one whose scheme is a variable (`{scheme}://`): the proxy forwards http and https only.
  return found.filter((server) => /^(https?|\{[^{}]+\}):\/\//i.test(server.url));
}

/** The servers of every spec the site loaded, each once. */
export function siteServers(specs: LoadedSpecs | undefined): ServerTemplate[] {
  const seen = new Map<string, ServerTemplate>();
  for (const spec of specs?.values() ?? []) {
    for (const server of documentServers(spec.document?.raw)) seen.set(JSON.stringify(server), server);
  }
  return [...seen.values()];
}

const escapeRegExp = (part: string): string => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The URLs a server covers, as a regular expression over a parsed URL's `href`: the server's URL,
 * then the end or a path, query or fragment. A variable with an `enum` stands for one of its
 * values. One without stands for: a port after `:` in the host; one DNS label in the host when the
 * host has a fixed name after it (`{tenant}.example.com`); any text without `/`, `?`, `#`, `@` or
 * `:` in the path; its default anywhere else (a scheme, or a host that is a free variable: the spec
 * then names no host of its own, and the proxy must not go wherever a reader types).
 */
export function serverPattern(server: ServerTemplate): RegExp {
  const [, scheme = '', host = '', rest = ''] = /^(.*?:\/\/)([^/?#]*)(.*)$/.exec(server.url) ?? [];
  const variable = (name: string, free: string | undefined): string => {
    const known = server.variables[name];
    if (!known) return escapeRegExp(`{${name}}`);
    if (known.choices.length > 0) return `(?:${known.choices.map((choice) => escapeRegExp(choice.toLowerCase())).join('|')})`;
    return free ?? escapeRegExp(known.value.toLowerCase());
  };
  const parts = (text: string, free: (before: string) => string | undefined, lower: boolean): string =>
    text
      .split(/(\{[^{}]+\})/)
      .map((part, index, all) => (/^\{[^{}]+\}$/.test(part) ? variable(part.slice(1, -1), free(all[index - 1] ?? '')) : escapeRegExp(lower ? part.toLowerCase() : part)))
      .join('');
  // A host's fixed name: a dot and a label after its last variable.
  const fixedName = /\}[^{}]*\.[a-z0-9-]+[^{}]*$/i.test(host);
  const hostFree = (before: string): string | undefined => (before.endsWith(':') ? '\\d{1,5}' : fixedName ? '[a-z0-9-]+' : undefined);
  const pattern = parts(scheme, () => undefined, true) + parts(host, hostFree, true) + parts(rest.replace(/\/+$/, ''), () => '[^/?#@:]*', false);
  return new RegExp(`^${pattern}(?:[/?#]|$)`);
}
