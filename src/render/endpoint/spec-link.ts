/**
 * Where a reader downloads the OpenAPI file a page comes from. A spec file of the site is
 * published at its own path, as every file of the site folder is (format-behaviour.md §4.1: static
 * files are served at their path): `/openapi.yaml`. One the site does not publish (kept out by
 * `.mintignore`) gets no link, so none leads nowhere; a remote spec is linked at its URL.
 */
import { escapeHtml } from '../../shared/html-escape.ts';
import { safeUrl } from '../../shared/safe-url.ts';
import { isExternal, pageHref } from '../links.ts';

/**
 * The URL of the spec `spec` (site-relative path or URL); undefined when the site does not
 * publish it. `published`: the site's files that are not pages; undefined when not known (all are).
 */
export function specHref(spec: string, base: string, published: ReadonlySet<string> | undefined): string | undefined {
  if (isExternal(spec)) return /^https?:/i.test(spec) ? safeUrl(spec, 'link') : undefined;
  const file = spec.replace(/^\.?\/+/, '');
  if (published !== undefined && !published.has(file)) return undefined;
  return pageHref(file, base);
}

/**
 * The links under an endpoint page's header, in the page's words: `Download API spec`, then
 * `API overview` (the spec's overview page, endpoint/overview.ts); empty when there is neither.
 */
export function specLinkHtml(spec: { href: string; label: string } | undefined, overview?: { href: string; label: string }): string {
  const links: string[] = [];
  if (spec) links.push(`<a href="${escapeHtml(spec.href)}"${isExternal(spec.href) ? '' : ' download'}>${escapeHtml(spec.label)}</a>`);
  if (overview) links.push(`<a href="${escapeHtml(overview.href)}" class="endpoint-overview-link">${escapeHtml(overview.label)}</a>`);
  return links.length === 0 ? '' : `<p class="endpoint-spec">${links.join('<span aria-hidden="true"> · </span>')}</p>`;
}
