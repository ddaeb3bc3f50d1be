/**
 * `sitemap.xml` and `robots.txt`. The sitemap lists the pages a reader can reach from the
 * navigation (not hidden, not `noindex`); `seo.indexing: "all"` adds every other page that is not
 * `noindex` (format-behaviour.md §4.4). A sitemap needs absolute URLs: with `--url` they are full,
 * without it they are paths from the base, which search engines ignore but tools can still read.
 */
import { escapeHtml } from '../shared/html-escape.ts';
import type { Page, Site } from '../site/types.ts';
import { pageHref } from '../render/links.ts';

export function indexable(site: Site, page: Page): boolean {
  if (page.frontmatter['noindex'] === true) return false;
  if (site.config.seo?.indexing === 'all') return true;
  return !page.hidden && page.placements.length > 0;
}

export function sitemapXml(site: Site, base: string, siteUrl: string | undefined): string {
  const origin = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const urls: string[] = [];
  for (const page of site.pages.values()) {
    if (!indexable(site, page)) continue;
    urls.push(`<url><loc>${escapeHtml(origin + pageHref(page.route, base))}</loc></url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(base: string, siteUrl: string | undefined): string {
  const origin = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}${base}sitemap.xml\n`;
}
