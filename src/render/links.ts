/**
 * URLs in the built site. Every link docjet writes is absolute from the site's base path
 * (`--base /docs/`), so a page works the same at `/a/b` and `/a/b/`, and the whole site can move
 * under a sub-path. Routes are percent-encoded per segment: an OpenAPI path like `/search?q` makes a
 * route with `?` (format-behaviour.md §4.3) that must not turn into a query string.
 */
import path from 'node:path';
import type { UrlResolver } from '../content/page-urls.ts';
import { isUnsafeUrl, type UrlUse } from '../shared/safe-url.ts';

/** `''`, `/`, `docs`, `/docs/` → `/`, `/`, `/docs/`, `/docs/`. */
export function normalizeBase(base: string | undefined): string {
  const trimmed = (base ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** A route as it goes in a URL path: each segment percent-encoded, `/` kept. */
export function encodeRoute(route: string): string {
  return route
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@').replace(/%3A/g, ':'))
    .join('/');
}

/** The URL of a page: `/base/route`, or the base itself for the home page. */
export function pageHref(route: string, base: string): string {
  return base + encodeRoute(route);
}

/**
 * An address written in docs.json (navbar and footer links, logo, favicon): kept when it leaves
 * the site or is a fragment, else a site path with the base in front (`/logo.svg`, `./logo.svg`).
 * Undefined for a URL that would run code (`javascript:`, `safe-url.ts`): the shell then writes no
 * link at all, so even a config that skipped validation cannot put script into a page.
 */
export function siteHref(href: string, base: string, use: UrlUse = 'link'): string | undefined {
  if (isUnsafeUrl(href, use)) return undefined;
  return isExternal(href) || href.startsWith('#') ? href : base + href.replace(/^\.?\/+/, '');
}

/** The one check every URL the shell writes goes through: `url`, or undefined when it would run code. */
export { safeUrl } from '../shared/safe-url.ts';

/** `https:`, `mailto:`, `//cdn…` and other links that leave the site. */
export function isExternal(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * A link or image address written in a page, made absolute from the base. `/images/a.png` is
 * site-absolute; `a.png` and `../a.png` are relative to the page's file (as on GitHub and in the
 * reference product), whatever URL the page is served at. Fragments, queries and external URLs
 * are kept as they are.
 */
export function resolveContentUrl(url: string, pageFile: string, base: string): string {
  if (url === '' || url.startsWith('#') || url.startsWith('?') || isExternal(url)) return url;
  const match = /^([^?#]*)(.*)$/.exec(url)!;
  const pathPart = match[1]!;
  const suffix = match[2]!;
  let sitePath: string;
  if (pathPart.startsWith('/')) {
    sitePath = pathPart.slice(1);
  } else {
    const folder = path.posix.dirname(pageFile);
    sitePath = path.posix.normalize(path.posix.join(folder === '.' ? '' : folder, pathPart));
    if (sitePath === '.' || sitePath.startsWith('../')) sitePath = sitePath.replace(/^(\.\.\/)+/, '').replace(/^\.$/, '');
  }
  // A link to another page keeps its written spelling (`/guides/setup.mdx` → `/guides/setup`).
  sitePath = sitePath.replace(/\.mdx?$/i, '').replace(/(^|\/)index$/, '$1');
  return base + sitePath + suffix;
}

/**
 * What the page renderer resolves every URL of a page with (`content/page-urls.ts`): unsafe ones
 * dropped, the rest made absolute from the page's file and the base (`resolveContentUrl`). Snippets
 * rendered into the page resolve against the page, as their content is part of it.
 */
export function contentUrlResolver(pageFile: string, base: string, siteFiles?: ReadonlySet<string>): UrlResolver {
  const resolver: UrlResolver = (url, use) => (isUnsafeUrl(url, use) ? undefined : resolveContentUrl(url, pageFile, base));
  // With the site's files known, an image that lands in the site on no file of it is found missing.
  if (siteFiles) resolver.missing = (resolved) => missingSiteFile(resolved, base, siteFiles);
  return resolver;
}

/** The site path of a resolved URL inside the site that is no file of `siteFiles`; undefined for one that is, or leaves the site. */
function missingSiteFile(resolved: string, base: string, siteFiles: ReadonlySet<string>): string | undefined {
  if (!resolved.startsWith(base) || isExternal(resolved)) return undefined;
  const written = resolved.slice(base.length).replace(/[?#].*$/, '');
  if (written === '') return undefined;
  let sitePath = written;
  try {
    sitePath = decodeURI(written);
  } catch {
    // Kept as written: a file name with a stray `%`.
  }
  return siteFiles.has(sitePath) || siteFiles.has(written) ? undefined : sitePath;
}
