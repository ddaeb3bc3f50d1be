/**
 * Frontmatter `api: "METHOD url-or-path"` makes a page a manual API page (format-behaviour.md §3.2,
 * §1.4 `api.mdx`): a method bar, a method badge in the sidebar and a "Try it" panel built from the
 * page's `<ParamField>`s. The value is read here, once, for every stage that shows it; a value that
 * is not a method and a URL is reported at its line (frontmatter-schema.ts) and left out.
 */
import type { ApiFrontmatterProblem } from '../shared/messages.ts';
import { closestMatch } from '../shared/suggest.ts';

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;

export interface ApiFrontmatter {
  /** Upper case. */
  method: string;
  /** An http(s) URL, or a path (`/v1/users/{id}`) the site's `api.mdx.server` goes before. */
  url: string;
}

/** The method and URL, or what is wrong with the value (for the warning to say) and the value to write instead when that is clear. */
export type ApiReading = { endpoint: ApiFrontmatter } | { problem: ApiFrontmatterProblem; word?: string; suggestion?: string };

/** `"post /v1/users"` → `{ method: 'POST', url: '/v1/users' }`. */
export function readApiFrontmatter(value: string): ApiReading {
  const words = value
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const [first, second, ...rest] = words;
  if (first === undefined) return { problem: 'no-method' };
  const method = first.toUpperCase();
  const known = isMethod(method);
  if (!known && isUrl(first)) return { problem: 'no-method', suggestion: `GET ${first}` };
  if (!known) {
    const closest = closestMethod(method);
    return { problem: 'unknown-method', word: first, ...(closest && second !== undefined ? { suggestion: `${closest} ${second}` } : {}) };
  }
  if (second === undefined) return { problem: 'no-url' };
  if (!isUrl(second)) {
    const path = /^[a-z][a-z0-9+.-]*:/i.test(second) ? undefined : `/${second.replace(/^\.?\/*/, '')}`;
    return { problem: 'bad-url', word: second, ...(path ? { suggestion: `${method} ${path}` } : {}) };
  }
  if (rest.length > 0) return { problem: 'extra-words', word: rest.join(' '), suggestion: `${method} ${second}` };
  return { endpoint: { method, url: second } };
}

/** The method and URL of a well-formed value; undefined for any other. */
export function apiFrontmatter(value: string | undefined): ApiFrontmatter | undefined {
  if (value === undefined) return undefined;
  const reading = readApiFrontmatter(value);
  return 'endpoint' in reading ? reading.endpoint : undefined;
}

/** The server part of an absolute URL and the path after it: `https://api.x.com/v1/{id}` → `https://api.x.com`, `/v1/{id}`. */
export function splitApiUrl(url: string): { server?: string; path: string } {
  const match = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(url);
  if (!match) return { path: url };
  const rest = match[2]!;
  return { server: match[1]!, path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The method a typo stands for: the same letters (`PSOT`), or one letter off (`DELTE`); `FETCH` is none. */
function closestMethod(word: string): string | undefined {
  const letters = (text: string): string => [...text].sort().join('');
  return API_METHODS.find((method) => letters(method) === letters(word)) ?? closestMatch(word, API_METHODS, { maxRatio: 0.25 });
}

function isMethod(word: string): boolean {
  return (API_METHODS as readonly string[]).includes(word);
}

/** An http(s) URL with a host, or a path from the server. */
function isUrl(word: string): boolean {
  return word.startsWith('/') || /^https?:\/\/[^/?#\s]+/i.test(word);
}
