/**
 * `sitemap.xml` and `robots.txt`. The sitemap lists the pages a reader can reach from the
 * navigation (not hidden, not `noindex`); `seo.indexing: "all"` adds every other page that is not
 * `noindex` (format-behaviour.md §4.4). A sitemap needs absolute URLs (sitemaps.org): the site's
 * address is `--url`, else the one the format gives (`seo.metatags.canonical`); with neither the
 * build writes no sitemap, and `robots.txt` names none.
 */
import { escapeHtml } from '../shared/html-escape.ts';
import type { Page, Site } from '../site/types.ts';
import { pageHref } from '../render/links.ts';

export function indexable(site: Site, page: Page): boolean {
  if (page.frontmatter['noindex'] === true) return false;
  if (site.config.seo?.indexing === 'all') return true;
  return !page.hidden && page.placements.length > 0;
}

/** The site's public address: `--url`, else `seo.metatags.canonical` when it is an http(s) address. */
export function siteAddress(site: Site, given: string | undefined): string | undefined {
  if (given) return given;
  const canonical = site.config.seo?.metatags?.['canonical'];
  return typeof canonical === 'string' && /^https?:\/\/[^\s/]+/.test(canonical.trim()) ? canonical.trim() : undefined;
}

export function sitemapXml(site: Site, base: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const urls: string[] = [];
  for (const page of site.pages.values()) {
    if (!indexable(site, page)) continue;
    urls.push(`<url><loc>${escapeHtml(origin + pageHref(page.route, base))}</loc></url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(base: string, siteUrl: string | undefined): string {
  if (!siteUrl) return 'User-agent: *\nAllow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}${base}sitemap.xml\n`;
}
