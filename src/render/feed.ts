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
import { LANGUAGES } from '../config/languages.ts';
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
  const code = page.placements[0]?.language;
  const language = code === undefined ? undefined : LANGUAGES[code]?.bcp47;
  const permanent = siteUrl !== undefined;
  const items = updates.map((update) => {
    const itemLink = update.id === undefined ? link : `${link}#${encodeURIComponent(update.id)}`;
    const date = labelDate(update.label, language);
    const description = update.rss?.description ?? (update.html.trim() === '' ? update.description : absoluteLinks(update.html, siteUrl));
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
export function labelDate(label: string, language?: string): Date | undefined {
  if (!/(^|\D)(19|20|21)\d\d($|\D)/.test(label)) return undefined;
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(label);
  if (iso) return utcDay(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  // Chinese, Japanese and Korean: `2026年8月21日`, `2024年7月`, `2026년 8월 21일`.
  const cjk = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월](?:\s*(\d{1,2})\s*[日일])?/.exec(label);
  if (cjk) return utcDay(Number(cjk[1]), Number(cjk[2]) - 1, cjk[3] === undefined ? 1 : Number(cjk[3]));
  const parsed = new Date(label);
  // Read as local time by `Date`: the same calendar day at midnight UTC, whatever the machine's zone.
  if (!Number.isNaN(parsed.getTime())) return utcDay(parsed.getFullYear(), parsed.getMonth(), parsed.getDate());
  return language === undefined ? undefined : localDate(label, language);
}

/** A label with a month named in the page's language (`21 août 2026`, `3 de marzo de 2026`), a year and perhaps a day. */
function localDate(label: string, language: string): Date | undefined {
  const months = monthNames(language);
  const words = label
    .toLocaleLowerCase(language)
    .split(/[\s,./-]+/)
    .map((word) => word.replace(/\.$/, ''));
  const month = words.map((word) => months.get(word)).find((index) => index !== undefined);
  const year = words.find((word) => /^\d{4}$/.test(word));
  if (month === undefined || year === undefined) return undefined;
  const day = words.find((word) => /^\d{1,2}$/.test(word));
  return utcDay(Number(year), month, day === undefined ? 1 : Number(day));
}

/** Month names of a language, long and short, lower case, each to its index. */
function monthNames(language: string): Map<string, number> {
  const names = new Map<string, number>();
  try {
    for (const style of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' });
      for (let month = 0; month < 12; month++)
        names.set(
          format
            .format(Date.UTC(2026, month, 15))
            .toLocaleLowerCase(language)
            .replace(/\.$/, ''),
          month,
        );
    }
  } catch {
    // A language Intl does not know: no names.
  }
  return names;
}

function utcDay(year: number, month: number, day: number): Date | undefined {
  if (month < 0 || month > 11 || day < 1 || day > 31) return undefined;
  return validDate(new Date(Date.UTC(year, month, day)));
}

function validDate(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Links and images of the content, which the site writes from its root (`/docs/guide`), made
 * absolute with the site's URL (`--url`), as canonical links are: a feed reader shows the content
 * away from the site.
 */
function absoluteLinks(html: string, siteUrl: string | undefined): string {
  if (!siteUrl) return html;
  // As canonical links are made: the site's URL, then the path the page writes (which holds the base).
  const prefix = siteUrl.replace(/\/+$/, '');
  return html.replace(/ (href|src)="\/(?!\/)/g, (_, name: string) => ` ${name}="${prefix}/`);
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
