/**
 * Following the links of a rendered site as the built site and `docjet dev` answer them: what
 * `docjet check` reports and `build` reports as warnings (issue 31), from one resolver.
 *
 * The renderer reports each URL a page writes (`UrlWatch`: Markdown links and images, `<a href>`,
 * `<img src>`, component props such as Card, Tile, Update or Button's `href`), as written and as
 * the page's HTML holds it; a generated endpoint page's description links are read from its HTML
 * (`pageLinks`). docs.json's URLs (navigation hrefs, navbar, footer, logo, favicon) come from the
 * schema's own list (`eachUrl`), and redirect destinations from `redirects`. Each is followed with
 * dev's request rules (`resolveRequest`: routes, trailing slashes, `.md` twins, static files,
 * redirects with their `:slug*` expanded, the base path), hop by hop through redirects. A
 * `#fragment` must be an id of the rendered target page (headings as the renderer's slugger writes
 * them, accordions, steps, tabs, parameter fields).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/load.ts';
import type { JsonPath } from '../config/json-source.ts';
import { isExternal, pageHref, siteHref } from '../render/links.ts';
import { diagnostic } from '../shared/messages.ts';
import { sortDiagnostics, type Diagnostic, type Position } from '../shared/diagnostics.ts';
import type { UrlUse } from '../shared/safe-url.ts';
import { closestMatch } from '../shared/suggest.ts';
import { normalizeRedirectPath } from '../site/redirect-path.ts';
import type { Page } from '../site/types.ts';
import { eachUrl } from './rules/href-scheme.ts';
import { requestPath, resolveRequest, type RequestTargets } from './resolve-request.ts';
import { idsOf, unescapeHtml } from './html-ids.ts';

export { idsOf } from './html-ids.ts';

/** A URL a page writes (in its file or a snippet it renders), as the renderer reports it (`UrlWatch`). */
export interface WatchedUrl {
  /** Site-relative file it is written in. */
  file: string;
  url: string;
  use: UrlUse;
  /** What the built page holds for it (base in front, relative paths resolved); undefined: left out as unsafe. */
  resolved: string | undefined;
  /** Where its element (a Markdown link or image) is written, when the renderer knows it. */
  at?: Position;
}

/** What one rendered page brings to the link check: the URLs it writes, in order, and its element ids. Plain data: it comes back from build's workers. */
export interface PageLinks {
  route: string;
  urls: WatchedUrl[];
  ids: string[];
}

/** One URL written somewhere: in a page (or a snippet it renders) or in docs.json. */
export interface Written extends WatchedUrl {
  /** The route of the page it is on: `#x` means an anchor of this page. */
  page?: string;
  /** Where it is written in docs.json. */
  configPath?: JsonPath;
}

export interface LinkResolution {
  /** Every broken link, missing anchor and redirect chain, sorted. */
  diagnostics: Diagnostic[];
  /** Internal links, images and config URLs followed. */
  links: number;
  /** External URLs met (not followed here). */
  external: Written[];
  /** Where a written URL is, for a diagnostic of the caller's (`salt` keeps a second count of the same URL apart). */
  position(link: Written, salt: string): Promise<{ file: string; line: number; column: number } | undefined>;
}

/**
 * A page's links once rendered: `urls` as the renderer reported them, plus an endpoint page's
 * description links, and its ids (none with `withIds` false: the build's writer thread reads them).
 */
export function pageLinks(page: Page, html: string, urls: readonly WatchedUrl[], base: string, withIds = true): PageLinks {
  const all = [...urls];
  // A generated endpoint page writes its spec's description links as the spec has them (its
  // fields are shared between pages, so not resolved per page): read them from its HTML.
  if (page.source.type === 'endpoint' && !/^https?:/i.test(page.source.spec)) {
    for (const url of proseLinks(html)) all.push({ file: page.source.spec, url, use: 'link', resolved: fromPage(url, pageHref(page.route, base)) });
  }
  return { route: page.route, urls: all, ids: withIds ? [...idsOf(html)] : [] };
}

/**
 * The routes of the other pages a page's links lead to with a `#fragment` (through redirects, as
 * `resolveLinks` follows them): the pages whose ids its anchors need (dev renders them after the page).
 */
export function anchorPages(targets: RequestTargets, base: string, page: PageLinks): string[] {
  const routes = new Set<string>();
  const follower = new Follower(targets, base, (route) => {
    if (route !== page.route) routes.add(route);
    return undefined;
  });
  // Every URL: a redirect's destination may name the fragment.
  for (const url of page.urls) if (url.resolved !== undefined) follower.follow(url.resolved, page.route);
  return [...routes];
}

/**
 * Follows every link of the rendered pages, of docs.json and of its redirects. `pages` in the
 * site's page order (a URL's n-th report from a page is its n-th occurrence in the file).
 */
export async function resolveLinks(input: {
  root: string;
  base: string;
  targets: RequestTargets;
  pages: readonly PageLinks[];
  loaded?: LoadedConfig;
  /** Only the pages' links, not docs.json's (dev: the page being viewed; anchors of pages not in `pages` are not checked). */
  pagesOnly?: boolean;
  /**
   * Only `#fragment`s of other pages than the one a link is on (dev: its render thread followed the
   * page's other links as it rendered it; the ids of the pages it links to come later, `anchorPages`).
   */
  otherPagesAnchorsOnly?: boolean;
  /**
   * A URL leading nowhere that the caller reports otherwise (build: an image it said is a missing
   * file), by the file it is written in and the site path it asks for (`/guides/images/a.png`,
   * decoded, as `link-broken` would name it, however the URL spells it): no `link-broken` for it,
   * and no "did you mean" looked for (on mintlify's docs, 778 missing images cost 6 s of CPU in
   * suggestions then thrown away).
   */
  saidElsewhere?: (file: string, path: string) => boolean;
}): Promise<LinkResolution> {
  const { root, base, targets } = input;
  const written: Written[] = [];
  const ids = new Map<string, Set<string>>();
  for (const page of input.pages) {
    // A browser finds `#café` (sent as `#caf%C3%A9`) in an id written either way: both sides are compared decoded.
    ids.set(page.route, new Set(page.ids.flatMap((id) => (id.includes('%') ? [id, decodeSafely(id)] : [id]))));
    for (const url of page.urls) written.push({ ...url, page: page.route });
  }
  const loaded = input.pagesOnly ? undefined : (input.loaded ?? loadConfig({ root }));
  const configFile = loaded?.configFile ?? 'docs.json';
  const locate = (at: JsonPath) => loaded?.locations.locate(loaded.value, at);
  eachUrl(loaded?.value, (at, url, use) => {
    if (at[0] === 'redirects') return; // below, with their chains
    written.push({ file: configFile, url, use, resolved: siteHref(url, base, use), configPath: at });
  });

  const follower = new Follower(targets, base, (route) => ids.get(route));
  const positions = new Positions(root);
  const position = (link: Written, salt: string) =>
    link.configPath ? Promise.resolve(locate(link.configPath)) : positions.next(link.file, link.url, (link.page ?? '') + salt, link.at);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const external: Written[] = [];
  let links = 0;
  for (const link of written) {
    if (link.resolved === undefined) continue; // an unsafe URL: reported by build as such, and not in the page
    const outcome = follower.follow(link.resolved, link.page);
    if (outcome.kind === 'external') {
      external.push(link);
      continue;
    }
    links++;
    if (outcome.kind === 'ok') continue;
    // Every occurrence of a URL on a page has the same outcome: skipping one skips them all, so the next ones keep their places.
    if (input.otherPagesAnchorsOnly && !(outcome.kind === 'anchor' && outcome.page !== link.page)) continue;
    // Placed even when said elsewhere: the next report of the same URL is its next occurrence.
    const at = await position(link, '');
    // Asked of the file the report would name: a snippet's image is said (as `file-missing`) in the snippet, not in each page importing it.
    if (outcome.kind === 'missing' && input.saidElsewhere?.(at?.file ?? link.file, `/${outcome.path}`)) continue;
    const key = `${link.file}:${at?.line}:${at?.column}:${link.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(problem(outcome, link.url, at, link.file, follower));
  }

  // Redirect destinations: one that leads nowhere, or to another redirect (a chain or a loop).
  const redirects = (loaded?.value as { redirects?: unknown } | undefined)?.redirects;
  if (Array.isArray(redirects)) {
    redirects.forEach((redirect: unknown, index) => {
      const { source, destination } = (redirect ?? {}) as { source?: unknown; destination?: unknown };
      if (typeof source !== 'string' || typeof destination !== 'string' || isExternal(destination) || /:\w/.test(destination)) return;
      const normal = normalizeRedirectPath(destination, 'destination');
      if (!normal.ok) return; // redirect-path-invalid, from validate
      links++;
      const at = locate(['redirects', index, 'destination']);
      const target = base + normal.route + (normal.trailingSlash && normal.route !== '' ? '/' : '') + normal.suffix;
      const outcome = follower.follow(target, undefined);
      if (outcome.kind !== 'ok' && outcome.kind !== 'external') {
        diagnostics.push(problem(outcome, destination, at, configFile, follower));
        return;
      }
      const hops = follower.hops(target);
      if (hops.length > 1) diagnostics.push(diagnostic('redirect-chain', at, configFile, { hops: [pathOf(source), ...hops], loop: false }, `redirects[${index}].destination`));
    });
  }
  return { diagnostics: sortDiagnostics(diagnostics), links, external, position };
}

const MAX_HOPS = 20;

type Outcome =
  | { kind: 'ok' }
  | { kind: 'external' }
  | { kind: 'missing'; path: string; via?: string }
  | { kind: 'anchor'; page: string; anchor: string }
  | { kind: 'loop'; hops: string[] };

function problem(outcome: Exclude<Outcome, { kind: 'ok' | 'external' }>, url: string, at: ReturnType<Positions['find']>, file: string, follower: Follower): Diagnostic {
  switch (outcome.kind) {
    case 'missing':
      return diagnostic('link-broken', at, file, { url, path: `/${outcome.path}`, via: outcome.via, suggestion: follower.suggestPath(outcome.path) });
    case 'anchor':
      return diagnostic('anchor-missing', at, file, { url, anchor: outcome.anchor, page: `/${outcome.page}`, suggestion: follower.suggestAnchor(outcome.page, outcome.anchor) });
    case 'loop':
      return diagnostic('redirect-chain', at, file, { hops: outcome.hops, loop: true });
  }
}

/** Follows a URL of the built site as the server answers it, through redirects. */
class Follower {
  private readonly targets: RequestTargets;
  private candidates: string[] | undefined;

  constructor(
    targets: RequestTargets,
    private readonly base: string,
    /** The ids of the page at a route; undefined: not known, its anchors are not checked. */
    private readonly ids: (route: string) => ReadonlySet<string> | undefined,
  ) {
    this.targets = targets;
  }

  /** `url`: as the built page holds it (base in front); `page`: the route it is on, for `#x`. */
  follow(url: string, page: string | undefined): Outcome {
    if (url.startsWith('#')) return page === undefined ? { kind: 'ok' } : this.anchor(page, url.slice(1));
    if (url === '' || url.startsWith('?')) return { kind: 'ok' };
    if (isExternal(url)) return { kind: 'external' };
    let current = url;
    let fragment = fragmentOf(url);
    const visited: string[] = [];
    let via: string | undefined;
    for (let hop = 0; hop <= MAX_HOPS; hop++) {
      const requested = requestPath(current.split(/[?#]/)[0]!, this.base);
      if (!('path' in requested)) return { kind: 'missing', path: current.replace(/[?#].*$/, '').replace(/^\/+/, ''), ...(via ? { via } : {}) };
      const target = resolveRequest(this.targets, requested.path);
      switch (target.kind) {
        case 'page':
          return fragment ? this.anchor(target.route, fragment) : { kind: 'ok' };
        case 'missing':
          return { kind: 'missing', path: requested.path, ...(via ? { via } : {}) };
        case 'redirect': {
          const key = `/${target.route}`;
          if (visited.includes(key)) return { kind: 'loop', hops: [...visited, key] };
          visited.push(key);
          via ??= key;
          if (isExternal(target.to)) return { kind: 'external' };
          // The redirect page keeps the reader's #fragment unless its destination names one.
          fragment = fragmentOf(target.to) ?? fragment;
          current = target.to;
          continue;
        }
        default:
          return { kind: 'ok' };
      }
    }
    return { kind: 'loop', hops: visited };
  }

  /** The paths a request for `url` goes through, as docs.json writes them (no base): itself, then each redirect's destination (one entry: no redirect). */
  hops(url: string): string[] {
    const shown = (each: string): string => `/${each.replace(/[?#].*$/, '').slice(this.base.length)}`;
    const hops = [shown(url)];
    let current = url;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const requested = requestPath(current.split(/[?#]/)[0]!, this.base);
      if (!('path' in requested)) break;
      const target = resolveRequest(this.targets, requested.path);
      if (target.kind !== 'redirect' || isExternal(target.to)) break;
      current = target.to;
      hops.push(shown(current));
    }
    return hops;
  }

  private anchor(route: string, fragment: string): Outcome {
    if (fragment === '' || fragment === 'top') return { kind: 'ok' };
    const known = this.ids(route);
    if (!known || known.has(fragment) || known.has(decodeSafely(fragment))) return { kind: 'ok' };
    return { kind: 'anchor', page: route, anchor: fragment };
  }

  suggestPath(missing: string): string | undefined {
    // The home route is '' (contained in every path): suggested only as its own spelling.
    this.candidates ??= [...this.targets.site.pages.keys(), ...this.targets.assets].filter((candidate) => candidate !== '');
    const match = closestMatch(missing.replace(/\/+$/, ''), this.candidates);
    return match === undefined ? undefined : this.base + match;
  }

  suggestAnchor(route: string, anchor: string): string | undefined {
    return closestMatch(decodeSafely(anchor), this.ids(route) ?? []);
  }
}

function fragmentOf(url: string): string | undefined {
  const hash = url.indexOf('#');
  return hash === -1 ? undefined : url.slice(hash + 1);
}

function pathOf(source: string): string {
  const normal = normalizeRedirectPath(source, 'source');
  return normal.ok ? `/${normal.route}` : source;
}

/** The `href`s of a page's article (not its sidebar and header, which docjet writes from the routes), HTML-unescaped. */
function proseLinks(html: string): string[] {
  const start = html.indexOf('<article class="page');
  const end = html.indexOf('</article>', start);
  const article = start === -1 ? '' : html.slice(start, end === -1 ? undefined : end);
  return [...article.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) => unescapeHtml(match[1]!));
}

/** `href` as a browser on the page at `pagePath` follows it: relative paths from the page's URL. */
function fromPage(href: string, pagePath: string): string {
  if (href === '' || href.startsWith('#') || href.startsWith('/') || isExternal(href)) return href;
  const url = new URL(href, `http://site${pagePath}`);
  return url.pathname + url.search + url.hash;
}

/** The site-relative files a page imports (`import X from '/snippets/x.mdx'`), as the snippet linker resolves them. */
function importsOf(file: string, text: string): string[] {
  const files: string[] = [];
  for (const match of text.matchAll(/^\s*import\s[^;\n]*?from\s*['"]([^'"]+)['"]/gm)) {
    const specifier = match[1]!;
    const joined = specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(file), specifier);
    const normal = path.posix.normalize(joined);
    if (!normal.startsWith('../')) files.push(normal);
  }
  return files;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A character that would make the text found a longer URL than the one looked for. */
const URL_GOES_ON = /[\w#?/.%~&=+-]/;

/**
 * Where a URL is written in its file: the renderer reports URLs in the order it meets them, so
 * the n-th report of a URL from a page is its n-th occurrence in the file's text.
 */
class Positions {
  private readonly texts = new Map<string, Promise<string | undefined>>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly root: string) {}

  /** The URL's own place in the text; else (the file spells it otherwise: `java&#x09;script:`, `&amp;`, `\(`) where its element is (`at`). */
  async next(file: string, url: string, page: string, at?: Position): Promise<ReturnType<Positions['find']>> {
    const key = `${page}\u0000${file}\u0000${url}`;
    const index = this.counts.get(key) ?? 0;
    this.counts.set(key, index + 1);
    const text = await this.text(file);
    const found = this.find(file, url, index, text);
    if (found || text === undefined) return found ?? at;
    // A snippet's links are reported with the page that imports it: look in the files it imports.
    for (const imported of importsOf(file, text)) {
      const inSnippet = this.find(imported, url, 0, await this.text(imported));
      if (inSnippet) return inSnippet;
    }
    return at;
  }

  find(file: string, url: string, index: number, text: string | undefined): { file: string; line: number; column: number } | undefined {
    if (text === undefined) return undefined;
    let offset = -1;
    let last = -1;
    for (let i = 0; i <= index; ) {
      offset = text.indexOf(url, offset + 1);
      if (offset === -1) break;
      // The whole URL, not the start of a longer one (`/a` inside `/a#b`).
      if (URL_GOES_ON.test(text.charAt(offset + url.length))) continue;
      last = offset;
      i++;
    }
    if (last === -1) return undefined;
    const before = text.slice(0, last);
    const line = before.split('\n').length;
    return { file, line, column: last - before.lastIndexOf('\n') };
  }

  private text(file: string): Promise<string | undefined> {
    let text = this.texts.get(file);
    if (!text) {
      text = readFile(path.join(this.root, file), 'utf8').catch(() => undefined);
      this.texts.set(file, text);
    }
    return text;
  }
}
