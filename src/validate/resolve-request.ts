/**
 * Where a request path goes, as `docjet dev` answers it (dev/respond.ts) and as `docjet check` and
 * `build` follow a link (links.ts): one set of rules for all three. In order: docjet's own files (`_docjet/…`), a
 * page's Markdown twin (`/route.md`), a page's RSS feed (`/route/rss.xml`), a page (trailing slashes ignored), a static file, the site's
 * `llms.txt` / `llms-full.txt`, a redirect, the default favicon; else nothing. Case-sensitive, as a
 * real host is.
 */
import { ASSETS_FOLDER } from '../render/assets.ts';
import { feedRoute } from '../render/feed.ts';
import { partitions } from '../render/llms.ts';
import type { Site } from '../site/types.ts';

/** Files that describe the site rather than belong in it: neither served nor written (as `build` leaves them out). */
export const NOT_SERVED: ReadonlySet<string> = new Set(['docs.json', 'mint.json', '.mintignore']);

export interface RequestTargets {
  site: Site;
  /** Static files (site-relative). */
  assets: ReadonlySet<string>;
  /** By route: where a request for it goes (`site-model.ts`). */
  redirects: ReadonlyMap<string, { to: string; permanent: boolean }>;
}

export type RequestTarget =
  | { kind: 'docjet'; name: string }
  | { kind: 'markdown'; route: string }
  /** The RSS feed of a page (render/feed.ts): a page with updates or `rss: true` has one. */
  | { kind: 'feed'; route: string }
  | { kind: 'page'; route: string }
  | { kind: 'asset'; file: string }
  | { kind: 'llms'; name: 'llms.txt' | 'llms-full.txt' }
  | { kind: 'redirect'; route: string; to: string; permanent: boolean }
  | { kind: 'favicon' }
  | { kind: 'missing' };

/**
 * The decoded path of a request URL below `base` (`/docs/a%20b?x` → `a b`), without leading
 * slashes; or the status to answer: 404 outside the base or with a backslash (a separator on
 * Windows, so `..\` could climb there; no site file has one), 400 for NUL or a malformed escape.
 */
export function requestPath(url: string, base = '/'): { path: string } | { status: 400 | 404 } {
  const pathname = url.split(/[?#]/)[0]!;
  if (!pathname.startsWith(base)) return { status: 404 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return { status: 400 }; // a malformed escape like %E0%A4%A
  }
  if (decoded.includes('\0')) return { status: 400 };
  if (decoded.includes('\\')) return { status: 404 };
  return { path: decoded.replace(/^\/+/, '') };
}

/** `relative`: the decoded request path below the base, without leading slashes (`requestPath`). */
export function resolveRequest(targets: RequestTargets, relative: string, accept?: string): RequestTarget {
  const { site } = targets;
  if (relative.startsWith(`${ASSETS_FOLDER}/`)) return { kind: 'docjet', name: relative.slice(ASSETS_FOLDER.length + 1) };
  const route = relative.replace(/\/+$/, '');
  const markdown = markdownRoute(site, relative, route, accept);
  if (markdown !== undefined) return { kind: 'markdown', route: markdown };
  const feed = targets.assets.has(relative) ? undefined : feedRoute(relative);
  if (feed !== undefined && site.pages.has(feed)) return { kind: 'feed', route: feed };
  if (site.pages.has(route)) return { kind: 'page', route };
  if (targets.assets.has(relative)) return { kind: 'asset', file: relative };
  const llms = llmsName(targets, relative);
  if (llms) return { kind: 'llms', name: llms };
  const redirect = targets.redirects.get(route);
  if (redirect) return { kind: 'redirect', route, to: redirect.to, permanent: redirect.permanent };
  if (relative === 'favicon.ico' && !site.config.favicon) return { kind: 'favicon' };
  return { kind: 'missing' };
}

/**
 * The page whose Markdown version a request asks for: `/route.md` (`/index.md` for home), or a
 * page's own path with `Accept: text/markdown` preferred to HTML (as AI tools ask for pages).
 */
function markdownRoute(site: Site, relative: string, route: string, accept: string | undefined): string | undefined {
  if (relative.endsWith('.md')) {
    const page = relative === 'index.md' ? '' : relative.slice(0, -'.md'.length);
    return site.pages.has(page) ? page : undefined;
  }
  return site.pages.has(route) && prefersMarkdown(accept) ? route : undefined;
}

/** `Accept` ranks `text/markdown` above `text/html` (by quality, then by order). */
function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranked = accept.split(',').map((part, index) => {
    const [type = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return { type, quality: q === undefined ? 1 : Number(q.slice(2)) || 0, index };
  });
  const best = ranked
    .filter((entry) => entry.quality > 0 && (entry.type === 'text/markdown' || entry.type === 'text/html'))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)[0];
  return best?.type === 'text/markdown';
}

/** `llms.txt` or `llms-full.txt` of the site's default version and language, or of another one in its folder, unless the site has its own. */
function llmsName(targets: RequestTargets, relative: string): 'llms.txt' | 'llms-full.txt' | undefined {
  const name = relative.endsWith('llms.txt') ? 'llms.txt' : relative.endsWith('llms-full.txt') ? 'llms-full.txt' : undefined;
  if (name === undefined || targets.assets.has(relative)) return undefined;
  return partitions(targets.site).some((each) => each.folder + name === relative) ? name : undefined;
}
