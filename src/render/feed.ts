/**
 * A page's RSS 2.0 feed (https://www.rssboard.org/rss-specification): one item per `<Update>`,
 * at the page's URL with `/rss.xml` appended, where the hosted product serves it
 * (`changelog` → `/changelog/rss.xml`, its "Subscribable changelogs" documentation). A page has
 * one when it holds an `<Update>` or says `rss: true`. The page's `<head>` links to it.
 *
 * Text goes in as CDATA (content HTML, titles) or escaped (URLs), never as raw markup; no build
 * date is written, so the same site gives the same feed.
 */
import type { UpdateEntry } from '../content/mdx/index.ts';
import { escapeHtml } from '../shared/html-escape.ts';
import type { Page, Site } from '../site/types.ts';
import { pageHref } from './links.ts';

export const FEED_FILE = 'rss.xml';

/** Whether the page has a feed: it holds an `<Update>`, or its frontmatter says `rss: true`. */
export function hasFeed(page: Page, updates: readonly UpdateEntry[]): boolean {
  return updates.length > 0 || page.frontmatter['rss'] === true;
}

/** The feed's file in the output folder: `changelog/rss.xml`, `rss.xml` for the home page. */
export function feedOutputPath(route: string): string {
  return route === '' ? FEED_FILE : `${route}/${FEED_FILE}`;
}

/** The feed's URL, on the site (`/docs/changelog/rss.xml`) or absolute with the site's public URL. */
export function feedHref(route: string, base: string, siteUrl?: string): string {
  return absolute(`${pageHref(route, base).replace(/\/+$/, '')}/${FEED_FILE}`, siteUrl);
}

/** The route the URL path of a feed belongs to (`changelog/rss.xml` → `changelog`), if it names one. */
export function feedRoute(relativePath: string): string | undefined {
  if (relativePath === FEED_FILE) return '';
  return relativePath.endsWith(`/${FEED_FILE}`) ? relativePath.slice(0, -FEED_FILE.length - 1) : undefined;
}

export function feedXml(options: { site: Site; page: Page; updates: readonly UpdateEntry[]; base: string; siteUrl?: string | undefined }): string {
  const { site, page, updates, base, siteUrl } = options;
  const link = absolute(pageHref(page.route, base), siteUrl);
  const permanent = siteUrl !== undefined;
  const items = updates.map((update) => {
    const itemLink = `${link}#${encodeURIComponent(update.id)}`;
    const date = labelDate(update.label);
    const description = update.rss?.description ?? (update.html.trim() === '' ? update.description : update.html);
    return (
      `<item>` +
      `<title>${cdata(update.rss?.title ?? update.label)}</title>` +
      `<link>${escapeXml(itemLink)}</link>` +
      `<guid isPermaLink="${permanent}">${escapeXml(itemLink)}</guid>` +
      (date ? `<pubDate>${date.toUTCString()}</pubDate>` : '') +
      update.tags.map((tag) => `<category>${cdata(tag)}</category>`).join('') +
      (description ? `<description>${cdata(description)}</description>` : '') +
      `</item>`
    );
  });
  const channelTitle = page.title === site.config.name ? page.title : `${page.title} - ${site.config.name}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">` +
    `<channel>` +
    `<title>${cdata(channelTitle)}</title>` +
    `<link>${escapeXml(link)}</link>` +
    // Required by RSS 2.0: the page's description, else the site's, else the title.
    `<description>${cdata(page.description ?? site.config.description ?? channelTitle)}</description>` +
    `<atom:link href="${escapeXml(feedHref(page.route, base, siteUrl))}" rel="self" type="application/rss+xml"/>` +
    `<generator>docjet</generator>` +
    `<docs>https://www.rssboard.org/rss-specification</docs>` +
    items.join('') +
    `</channel></rss>\n`
  );
}

/**
 * The date an `<Update>`'s label names (`August 21, 2026`, `2024-10-11`, `March 2025`), at
 * midnight UTC; undefined for a label without a four-digit year or that is no date (`v1.2.0`).
 */
export function labelDate(label: string): Date | undefined {
  if (!/\b(19|20|21)\d\d\b/.test(label)) return undefined;
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(label);
  if (iso) return validDate(new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]))));
  const parsed = new Date(label);
  if (Number.isNaN(parsed.getTime())) return undefined;
  // Read as local time by `Date`: the same calendar day at midnight UTC, whatever the machine's zone.
  return validDate(new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate())));
}

function validDate(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function absolute(href: string, siteUrl: string | undefined): string {
  return siteUrl ? siteUrl.replace(/\/+$/, '') + href : href;
}

/** Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/FFFF), left out. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ''));
}
