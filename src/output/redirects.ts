/**
 * `redirects` from docs.json as static output: one small HTML page per source path (meta refresh,
 * canonical link, and a script that keeps the `#fragment`), plus a `_redirects` file for hosts that
 * read one (Netlify, Cloudflare Pages). A `:slug*` wildcard (format-behaviour.md §4.4) cannot be a
 * static file, so it is expanded: every page whose route matches the destination pattern gets its
 * source page (`/docs/:slug*` → `/guides/:slug*` makes `/docs/setup` for `/guides/setup`).
 * Sources and site destinations are the paths a browser asks for (`normalizeRedirectPath`: `..`,
 * `.`, `//`, `\` and percent-escapes resolved), so a page is written inside the output folder or,
 * for a path no file can have (reported by the config rule), not at all.
 */
import { normalizeRedirectPath } from '../site/redirect-path.ts';
import type { Config } from '../config/schema.ts';
import { escapeHtml } from '../shared/html-escape.ts';
import { encodeRoute, isExternal, pageHref } from '../render/links.ts';
import { homeRoutes } from '../site/home-routes.ts';
import type { Site } from '../site/types.ts';

export interface StaticRedirect {
  /** Route of the page written (no leading slash). */
  from: string;
  /** Where it leads: an external URL or a site path with the base in front. */
  to: string;
  permanent: boolean;
}

type Redirect = NonNullable<Config['redirects']>[number];

const PARAMETER = /:([A-Za-z_]\w*)(\*)?/g;

export function expandRedirects(redirects: readonly Redirect[], routes: Iterable<string>, base: string): StaticRedirect[] {
  const routeList = [...routes];
  const taken = new Set(routeList);
  const result: StaticRedirect[] = [];
  const seen = new Set<string>();
  const add = (from: string, destination: string, permanent: boolean): void => {
    const route = sourceRoute(from);
    const to = isExternal(destination) ? destination : siteDestination(destination, base);
    // A redirect never hides a real page, and the first one written wins.
    if (route === undefined || to === undefined || taken.has(route) || seen.has(route) || route.includes('*') || route.includes(':')) return;
    seen.add(route);
    result.push({ from: route, to, permanent });
  };
  for (const redirect of redirects) {
    const permanent = redirect.permanent !== false;
    const names = [...redirect.source.matchAll(PARAMETER)].map((match) => match[1]!);
    if (names.length === 0) {
      add(redirect.source, redirect.destination, permanent);
      continue;
    }
    if (isExternal(redirect.destination)) continue;
    const destination = siteDestination(redirect.destination, '/');
    const pattern = destination === undefined ? undefined : patternOf(destination);
    if (!destination || !pattern) continue;
    for (const route of routeList) {
      const match = pattern.regex.exec(route);
      if (!match) continue;
      const values = new Map(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
      if (!names.every((name) => values.has(name))) continue;
      const from = redirect.source.replace(PARAMETER, (_, name: string) => values.get(name) ?? '');
      add(
        from,
        destination.replace(PARAMETER, (_, name: string) => values.get(name) ?? ''),
        permanent,
      );
    }
  }
  return result;
}

/** A source as the route of the page written for it; undefined when no file can have its path. */
function sourceRoute(source: string): string | undefined {
  const normal = normalizeRedirectPath(source, 'source');
  return normal.ok ? normal.route : undefined;
}

/** A site destination with the base in front (`/base/guides/`), its query and fragment kept; undefined when it cannot be a path. */
function siteDestination(destination: string, base: string): string | undefined {
  const normal = normalizeRedirectPath(destination, 'destination');
  if (!normal.ok) return undefined;
  return base + normal.route + (normal.trailingSlash && normal.route !== '' ? '/' : '') + normal.suffix;
}

/** `/guides/:slug*` → a regex over routes capturing `slug`; undefined when the pattern is not usable. */
function patternOf(destination: string): { regex: RegExp; names: string[] } | undefined {
  const names: string[] = [];
  let source = '';
  let last = 0;
  const text = destination.replace(/^\/+/, '');
  for (const match of text.matchAll(PARAMETER)) {
    source += escapeRegex(text.slice(last, match.index));
    names.push(match[1]!);
    source += match[2] === '*' ? '(.+)' : '([^/]+)';
    last = match.index + match[0].length;
  }
  source += escapeRegex(text.slice(last));
  if (names.length === 0) return undefined;
  return { regex: new RegExp(`^${source}$`), names };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function redirectPage(redirect: StaticRedirect): string {
  const to = redirect.to.startsWith('/') ? encodeSitePath(redirect.to) : redirect.to;
  const href = escapeHtml(to);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title>` +
    `<meta name="robots" content="noindex"><link rel="canonical" href="${href}">` +
    `<meta http-equiv="refresh" content="0; url=${href}">` +
    `<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}+location.hash)</script>` +
    `</head><body><p>This page has moved to <a href="${href}">${href}</a>.</p></body></html>`
  );
}

/** The `_redirects` file: wildcards as the hosts write them (`:slug*` → `*`, `:splat`). */
export function redirectsFile(redirects: readonly Redirect[], base: string): string {
  const lines: string[] = [];
  for (const redirect of redirects) {
    const source = sourceRoute(redirect.source);
    const to = isExternal(redirect.destination) ? redirect.destination : siteDestination(redirect.destination, base);
    if (source === undefined || to === undefined) continue;
    const from = (base + source).replace(/:(\w+)\*/g, '*');
    const target = to.replace(/:(\w+)\*/g, ':splat');
    if (/\s/.test(from) || /\s/.test(target)) continue;
    lines.push(`${from} ${target} ${redirect.permanent === false ? 302 : 301}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** A site path percent-encoded segment by segment; its query and fragment as they are. */
function encodeSitePath(to: string): string {
  const cut = to.search(/[?#]/);
  const [pathPart, suffix] = cut === -1 ? [to, ''] : [to.slice(0, cut), to.slice(cut)];
  return (
    pathPart
      .split('/')
      .map((part) => encodeRoute(decodeSafely(part)))
      .join('/') + suffix
  );
}

function decodeSafely(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export interface RedirectTarget {
  to: string;
  permanent: boolean;
}

/** docs.json's redirects, then `/` and version or language roots without a page of their own (as `build` writes them), by route: where a request goes, for `dev` and for following links (validate/links.ts). */
export function redirectTargets(site: Site, base: string): Map<string, RedirectTarget> {
  const redirects = new Map<string, RedirectTarget>();
  for (const redirect of expandRedirects(site.config.redirects ?? [], site.pages.keys(), base)) {
    redirects.set(redirect.from, { to: redirect.to, permanent: redirect.permanent });
  }
  for (const home of homeRoutes(site)) {
    if (!redirects.has(home.from)) redirects.set(home.from, { to: pageHref(home.to, base), permanent: false });
  }
  return redirects;
}
