/**
 * Page HTML made inert: what a page writes as HTML or JSX keeps its look, but nothing in it runs
 * as script in a reader's browser. Left out: `<script>`, elements that load active content
 * (`<object>`, `<embed>`, `<applet>`, `<base>`, `<meta http-equiv>`, frames), event-handler
 * attributes (`onerror`, `onClick`), `srcdoc`, URL attributes with a `javascript:`/`vbscript:`/
 * `data:` URL (`safe-url.ts`) and `style` attributes that try to call script. `<style>` stays
 * (CSS runs no script); the serializer writes its text so that it cannot end early or be read as
 * markup (`mdx/serialize.ts`).
 *
 * Pages are the site's own content, so this is a deny-list over hast, not the allow-list that
 * third-party text (OpenAPI descriptions, `commonmark.ts`) gets: classes, ids, `data-*`, SVG and
 * custom elements all pass. It walks hast elements only; `raw` nodes are components' HTML, built
 * from escaped props (`components/props.ts`), and are reparsed first where they hold page HTML.
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { unsafeScheme, type UrlUse } from '../shared/safe-url.ts';
import { resolveTreeUrls, type UrlResolver } from './page-urls.ts';

export type Removal =
  | { kind: 'script'; element: Element }
  | { kind: 'element'; element: Element; tag: string }
  | { kind: 'attribute'; element: Element; attribute: string; value: string }
  | { kind: 'url'; element: Element; attribute: string; value: string /** Of the URL in the value that runs code (`javascript`). */; scheme: string };

/** Told about each thing left out, with the element it was on (for its position). */
export type OnRemove = (removal: Removal) => void;

/** Elements left out with everything inside them. */
const REMOVED = new Set(['script', 'object', 'embed', 'applet', 'base', 'frame', 'frameset', 'portal', 'noembed']);
/** Attributes (lower case, punctuation removed: `xLinkHref` → `xlinkhref`) whose value is a URL that is followed or loaded. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlinkhref',
  'data',
  'poster',
  'background',
  'cite',
  'longdesc',
  'usemap',
  'ping',
  'lowsrc',
  'dynsrc',
  'codebase',
  'classid',
  'manifest',
  'icon',
  'profile',
  'archive',
  // SVG `<animate>`/`<set>` can write a `javascript:` URL into an `href` while the page runs.
  'to',
  'from',
  'values',
  'by',
]);
/** URL attributes that hold a list (`srcset="a.png 1x, b.png 2x"`). */
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
/**
 * SVG animation values: `values` is a list the browser splits at `;` and writes entry by entry
 * (`values="x;javascript:…"` ends on the script URL); `from`, `to` and `by` are read the same way
 * here, so no entry of any of them is a `javascript:` URL
 * (https://svgwg.org/specs/animations/#ValuesAttribute).
 */
const ANIMATION_VALUES = new Set(['to', 'from', 'values', 'by']);
const SCRIPT_IN_CSS = /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i;

/** Sanitises `nodes` in place (and returns them): elements left out are removed from their parent. */
export function sanitizeNodes<T extends RootContent | ElementContent>(nodes: T[], onRemove?: OnRemove): T[] {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index]!;
    if (node.type !== 'element') continue;
    if (!sanitizeElement(node, onRemove)) nodes.splice(index, 1);
  }
  return nodes;
}

export function sanitizeRoot(root: Root, onRemove?: OnRemove): Root {
  sanitizeNodes(root.children, onRemove);
  return root;
}

/** One element and everything under it; false when the element itself must be left out. */
export function sanitizeElement(element: Element, onRemove?: OnRemove): boolean {
  const tag = element.tagName.toLowerCase();
  if (REMOVED.has(tag) || (tag === 'meta' && hasProperty(element.properties, 'httpequiv'))) {
    onRemove?.(tag === 'script' ? { kind: 'script', element } : { kind: 'element', element, tag });
    return false;
  }
  sanitizeAttributes(element, onRemove);
  sanitizeNodes(element.children, onRemove);
  if (element.content) sanitizeNodes(element.content.children, onRemove);
  return true;
}

/** Only the element's own attributes, not its children: for elements checked as they are made. */
export function sanitizeAttributes(element: Element, onRemove?: OnRemove): void {
  const properties: Properties = element.properties;
  const tag = element.tagName.toLowerCase();
  for (const key of Object.keys(properties)) {
    const value = properties[key];
    if (value === undefined || value === null || value === false) continue;
    const name = key.toLowerCase().replace(/[^a-z]/g, '');
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    // `<set attributeName="onclick" to="…">` would animate a handler into being.
    if (name.startsWith('on') || name === 'srcdoc' || (name === 'attributename' && /^\s*(?:[^:]*:)?on/i.test(text))) {
      delete properties[key];
      onRemove?.({ kind: 'attribute', element, attribute: key, value: text });
    } else if (URL_ATTRIBUTES.has(name) || URL_LIST_ATTRIBUTES.has(name)) {
      const use: UrlUse = (tag === 'img' || tag === 'source' || tag === 'picture') && name !== 'href' ? 'image' : 'link';
      const urls = URL_LIST_ATTRIBUTES.has(name)
        ? text.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
        : ANIMATION_VALUES.has(name)
          ? text.split(';')
          : [text];
      const scheme = firstUnsafeScheme(urls, use);
      if (scheme !== undefined) {
        delete properties[key];
        onRemove?.({ kind: 'url', element, attribute: key, value: text, scheme });
      }
    } else if (name === 'style' && SCRIPT_IN_CSS.test(text.replace(/\\|\/\*.*?\*\//g, ''))) {
      delete properties[key];
      onRemove?.({ kind: 'attribute', element, attribute: key, value: text });
    }
  }
}

function firstUnsafeScheme(urls: readonly string[], use: UrlUse): string | undefined {
  for (const url of urls) {
    const scheme = unsafeScheme(url, use);
    if (scheme !== undefined) return scheme;
  }
  return undefined;
}

function hasProperty(properties: Properties, normalized: string): boolean {
  return Object.keys(properties).some((key) => key.toLowerCase().replace(/[^a-z]/g, '') === normalized && properties[key] !== undefined && properties[key] !== null);
}

/**
 * An HTML string (a `<style>` element as written, `dangerouslySetInnerHTML`) parsed as a browser
 * would, sanitised: what it smuggles (`</style><script>`) becomes elements first. Nodes, not HTML:
 * the serializer writes them where they are placed, knowing whether that is inside `<svg>` or
 * `<noscript>`; a string written here could not. With `resolveUrl`, the URLs of what is left are
 * resolved for the page (`page-urls.ts`).
 */
export function sanitizeHtml(html: string, onRemove?: OnRemove, resolveUrl?: UrlResolver): ElementContent[] {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: html }] });
  const nodes = (tree.type === 'root' ? tree.children : [tree as RootContent]).filter((node): node is ElementContent => node.type !== 'doctype');
  sanitizeNodes(nodes, onRemove);
  if (resolveUrl) resolveTreeUrls(nodes, resolveUrl);
  return nodes;
}
