/**
 * The URLs a page writes (Markdown links and images, HTML and JSX attributes, component props,
 * OpenAPI descriptions on the page), resolved where each one is made, once: the renderer is given
 * a `UrlResolver` for the page (the render layer builds it from the page's file and the site's
 * base path, `src/render/links.ts`), and no HTML is rewritten after it is written.
 */
import type { Element, ElementContent, RootContent } from 'hast';
import type { Position } from '../shared/diagnostics.ts';
import type { UrlUse } from '../shared/safe-url.ts';

/**
 * `url` as the built site writes it, or undefined when following or showing it would run code
 * (`safe-url.ts`). `at`, when the caller knows it: where the URL's element is written in its file
 * (a link check places the URL there when the file spells it otherwise, `java&#x09;script:`).
 * `missing`, when the site's files are known: for an image's resolved URL that lands in the site
 * but on no file of it, the file's site path (else undefined).
 */
export type UrlResolver = ((url: string, use: UrlUse, at?: Position) => string | undefined) & { missing?: (resolved: string) => string | undefined };

/** Elements that show a file of the site, and the properties that name it. */
const MEDIA: Readonly<Record<string, readonly string[]>> = { img: ['src'], video: ['src', 'poster'], source: ['src'], audio: ['src'], image: ['href'] };

/**
 * The site files a resolved element shows that the site does not have (`<img src>`, `<video src
 * poster>`, `<source src>`), as site paths (`images/a.png`).
 */
export function missingMedia(element: Element, resolve: UrlResolver | undefined): string[] {
  const properties = MEDIA[element.tagName];
  if (!properties || !resolve?.missing) return [];
  const found: string[] = [];
  for (const key of properties) {
    const value = element.properties[key];
    if (typeof value !== 'string' || value === '') continue;
    const file = resolve.missing(value);
    if (file !== undefined) found.push(file);
  }
  return found;
}

/** hast properties whose value is a URL of the page, and how a browser uses it. */
const URL_PROPERTIES: Readonly<Record<string, UrlUse>> = { href: 'link', src: 'image', srcSet: 'image', srcset: 'image', poster: 'image' };
const LIST_PROPERTIES = new Set(['srcSet', 'srcset']);

/** The URL attributes of one element (not of its children), resolved; one that resolves to nothing is removed. */
export function resolveElementUrls(element: Element, resolve: UrlResolver, at?: Position): void {
  const properties = element.properties;
  for (const key of Object.keys(properties)) {
    const use = Object.hasOwn(URL_PROPERTIES, key) ? URL_PROPERTIES[key] : undefined;
    const value = properties[key];
    if (use === undefined || value === undefined || value === null || typeof value === 'boolean') continue;
    const resolved = LIST_PROPERTIES.has(key) ? resolveCandidates(value, resolve, at) : resolve(Array.isArray(value) ? value.join(' ') : String(value), use, at);
    if (resolved === undefined) delete properties[key];
    else properties[key] = resolved;
  }
}

/** Every element in `nodes` and under them: HTML parsed from a page's text (`.md` pages, `dangerouslySetInnerHTML`). */
export function resolveTreeUrls(nodes: readonly (RootContent | ElementContent)[], resolve: UrlResolver): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    resolveElementUrls(node, resolve);
    resolveTreeUrls(node.children, resolve);
    if (node.content) resolveTreeUrls(node.content.children, resolve);
  }
}

/** `a.png 1x, b.png 2x` (or hast's list of the same): each candidate's URL resolved, its descriptor kept. */
function resolveCandidates(value: string | number | (string | number)[], resolve: UrlResolver, at: Position | undefined): string | undefined {
  const candidates = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const resolved: string[] = [];
  for (const candidate of candidates) {
    const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
    if (url === '') continue;
    const target = resolve(url, 'image', at);
    if (target === undefined) return undefined;
    resolved.push([target, ...descriptor].join(' '));
  }
  return resolved.join(', ');
}
