/**
 * Page HTML and JSX made inert (`../sanitize.ts`), each thing left out reported at the line of the
 * element it was on, so an author learns why a handler or a link does nothing.
 */
import type { Element, ElementContent } from 'hast';
import { sanitizeElement, type OnRemove, type Removal } from '../sanitize.ts';
import { missingMedia } from '../page-urls.ts';
import { unsafeScheme } from '../../shared/safe-url.ts';
import type { Page } from './page.ts';
import type { Point } from './report.ts';

/** Reports each removal on `page`, at the element's own position, else at `fallback`. */
export function reportingRemovals(page: Page, fallback: Point | undefined): OnRemove {
  return (removal) => {
    const start = removal.element.position?.start;
    const at = start ? { line: start.line, column: start.column } : fallback;
    reportRemoval(page, removal, at);
  };
}

export function reportRemoval(page: Page, removal: Removal, at: Point | undefined): void {
  const tag = `\`<${removal.element.tagName}>\``;
  switch (removal.kind) {
    case 'script':
      reportScript(page, at);
      return;
    case 'element':
      page.reporter.diagnostic('html-unsafe', at, { tag, attribute: undefined });
      return;
    case 'attribute':
      page.reporter.diagnostic('html-unsafe', at, { tag, attribute: removal.attribute });
      return;
    case 'url':
      page.reporter.diagnostic('url-unsafe', at, {
        in: 'attribute',
        attribute: removal.attribute,
        element: removal.element.tagName,
        scheme: removal.scheme,
        url: short(removal.value),
      });
  }
}

/** A `<script>` in a page (JSX or raw HTML) is left out. */
export function reportScript(page: Page, at: Point | undefined): void {
  page.reporter.diagnostic('script-tag', at, {});
}

/** A Markdown link or image whose URL would run code. */
export function reportUnsafeLink(page: Page, kind: 'link' | 'image', url: string, at: Point | undefined): void {
  page.reporter.diagnostic('url-unsafe', at, { in: 'markdown', kind, scheme: unsafeScheme(url, kind) ?? 'script', url: short(url) });
}

/** Checks an element made from the page (and what it holds), reporting what is left out; false: leave it out. */
export function inertElement(page: Page, element: Element, fallback: Point | undefined): boolean {
  return sanitizeElement(element, reportingRemovals(page, fallback));
}

function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}

/** Images and videos of the page that are no file of the site, each a warning at `at`, or else at the element's own place. */
export function reportMissingMedia(page: Page, element: Element, at: Point | undefined): void {
  for (const file of missingMedia(element, page.resolveUrl)) {
    const place = at ?? (element.position ? { line: element.position.start.line, column: element.position.start.column } : undefined);
    const setting = element.tagName === 'img' ? 'the image' : `the <${element.tagName}>`;
    page.reporter.diagnostic('file-missing', place, { setting, file: `/${file}`, suggestion: undefined });
  }
}

/** `reportMissingMedia` for every element of a tree (raw HTML), each at its own place. */
export function reportMissingMediaIn(page: Page, nodes: readonly ElementContent[]): void {
  if (!page.resolveUrl?.missing) return;
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    reportMissingMedia(page, node, undefined);
    reportMissingMediaIn(page, node.children);
  }
}
