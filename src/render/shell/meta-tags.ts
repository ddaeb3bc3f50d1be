/**
 * A page's social and search metadata (the hosted product's `optimize/seo`): the Open Graph and
 * Twitter tags, with the page's image, and its JSON-LD.
 *
 * Tags come from, later winning: `seo.metatags`, the `seo.paths` entries whose folder holds the
 * page (shorter folders first), the page's own title, description and site name, then the page's
 * `og:*` / `twitter:*` frontmatter. `og:image` is the first of frontmatter, `seo.paths`,
 * `seo.metatags`, else the generated card when `thumbnails` asks for cards; `twitter:image` and
 * `twitter:card` follow it unless set.
 *
 * JSON-LD (`optimize/seo` "Structured data"): one `@graph` of the publisher (`seo.organization`,
 * else the site's name, logo and URL), the site, the page, its breadcrumbs and the article
 * (`APIReference` for API pages), on every page that is not `noindex`. It is written as data in a
 * `<script type="application/ld+json">` with every `<`, `>` and `&` escaped, so no text of the
 * site can end the script.
 */
import type { Config } from '../../config/schema.ts';
import { breadcrumbs } from '../../site/breadcrumbs.ts';
import type { Page, Site } from '../../site/types.ts';
import { siteHref } from '../links.ts';

/** A generated card's size (the hosted product's OG images: 1200 × 630). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface MetaInput {
  config: Config;
  page: Page | undefined;
  title: string;
  description: string | undefined;
  /** The page's absolute URL (`--url`), if known. */
  canonical: string | undefined;
  /** The URL of the page's generated card, when `thumbnails` asks for one and nothing else names an image. */
  card: string | undefined;
}

/** The `seo.metatags` and `seo.paths` tags of a page: what the site says about it before the page does. */
export function siteTags(config: Config, route: string | undefined): Map<string, string> {
  const tags = new Map<string, string>(Object.entries(config.seo?.metatags ?? {}));
  if (route === undefined) return tags;
  const paths = (config.seo?.paths ?? []).filter((entry) => holds(entry.path, route)).sort((a, b) => folder(a.path).length - folder(b.path).length);
  for (const entry of paths) for (const [key, value] of Object.entries(entry.metatags)) tags.set(key, value);
  return tags;
}

/** Whether a page says `og:image` itself, or the site says it for the page: then no card is made for it. */
export function namesImage(config: Config, page: Page): boolean {
  return typeof page.frontmatter['og:image'] === 'string' || siteTags(config, page.route).has('og:image');
}

export function metaTags({ config, page, title, description, canonical, card }: MetaInput): Map<string, string> {
  const tags = siteTags(config, page?.route);
  tags.set('og:title', title);
  tags.set('og:site_name', config.name);
  if (description) tags.set('og:description', description);
  if (!tags.has('og:type')) tags.set('og:type', 'website');
  if (canonical && !tags.has('og:url')) tags.set('og:url', canonical);
  for (const [key, value] of Object.entries(page?.frontmatter ?? {})) {
    if (/^(og|twitter):/.test(key) && (typeof value === 'string' || typeof value === 'number')) tags.set(key, String(value));
  }
  if (!tags.has('og:image') && card) {
    tags.set('og:image', card);
    tags.set('og:image:width', String(CARD_WIDTH));
    tags.set('og:image:height', String(CARD_HEIGHT));
  }
  const image = tags.get('og:image');
  if (image !== undefined) {
    if (!tags.has('twitter:image')) tags.set('twitter:image', image);
    if (!tags.has('twitter:card')) tags.set('twitter:card', 'summary_large_image');
  }
  return tags;
}

/** A folder of `seo.paths` as written (`guides`, `/guides/`), without its slashes. */
function folder(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function holds(path: string, route: string): boolean {
  const prefix = folder(path);
  return prefix === '' || route === prefix || route.startsWith(`${prefix}/`);
}

/**
 * The page's JSON-LD script, or '' for a page search engines are told to leave out. `siteUrl`
 * makes the URLs absolute; without it they are the site's paths (`/guides/install`).
 */
export function structuredData(options: {
  site: Site;
  page: Page;
  title: string;
  description: string | undefined;
  base: string;
  siteUrl: string | undefined;
  pageUrl: string;
  modified: string | undefined;
}): string {
  const { site, page, title, description, base, siteUrl, pageUrl, modified } = options;
  const config = site.config;
  const origin = (siteUrl ?? '').replace(/\/+$/, '');
  const home = `${origin}${base}`;
  const organization = config.seo?.organization;
  const logoFile = typeof config.logo === 'string' ? config.logo : config.logo?.light;
  const logoHref = organization?.logo ?? (logoFile ? absoluteHref(siteHref(logoFile, base, 'image'), origin) : undefined);
  const orgId = organization?.id ?? `${home}#organization`;
  const siteId = `${home}#website`;
  const apiPage = page.source.type === 'endpoint' || ['api', 'openapi', 'asyncapi'].some((key) => typeof page.frontmatter[key] === 'string');
  const keywords = Array.isArray(page.frontmatter['keywords']) ? page.frontmatter['keywords'].filter((word): word is string => typeof word === 'string') : [];
  const crumbs = breadcrumbs(site, page);
  const graph: Record<string, unknown>[] = [
    compact({
      '@type': 'Organization',
      '@id': orgId,
      name: organization?.name ?? config.name,
      legalName: organization?.legalName,
      url: organization?.url ?? (siteUrl ? home : undefined),
      logo: logoHref,
      sameAs: organization?.sameAs?.length ? organization.sameAs : undefined,
    }),
    compact({ '@type': 'WebSite', '@id': siteId, name: config.name, description: config.description, url: home, publisher: { '@id': orgId } }),
    compact({
      '@type': 'WebPage',
      '@id': pageUrl,
      url: pageUrl,
      name: title,
      description,
      dateModified: modified,
      isPartOf: { '@id': siteId },
      breadcrumb: crumbs.length > 0 ? { '@id': `${pageUrl}#breadcrumb` } : undefined,
    }),
    ...(crumbs.length > 0
      ? [
          {
            '@type': 'BreadcrumbList',
            '@id': `${pageUrl}#breadcrumb`,
            itemListElement: [...crumbs.map((crumb) => crumb.label), title].map((name, index) => ({ '@type': 'ListItem', position: index + 1, name })),
          },
        ]
      : []),
    compact({
      '@type': apiPage ? 'APIReference' : 'TechArticle',
      '@id': `${pageUrl}#article`,
      headline: title,
      description,
      keywords: keywords.length > 0 ? keywords.join(', ') : undefined,
      dateModified: modified,
      mainEntityOfPage: { '@id': pageUrl },
      publisher: { '@id': orgId },
    }),
  ];
  return `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', '@graph': graph })}</script>`;
}

function absoluteHref(href: string | undefined, origin: string): string | undefined {
  if (href === undefined) return undefined;
  return href.startsWith('/') && !href.startsWith('//') ? origin + href : href;
}

/** The object without its undefined fields: JSON-LD leaves out what has no value. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== ''));
}

/** JSON that a `<script>` element holds as data: no `<`, `>` or `&` (so no `</script>` or `<!--`), nor the two JavaScript line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
