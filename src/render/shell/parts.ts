/**
 * The pieces of the page shell, each a string function over plain data: top bar (logo, navbar
 * links, switchers, theme toggle), tabs, the sidebar's head (products, dropdowns, anchors, global
 * anchors), breadcrumbs, table of contents, previous/next, footer and banner. Every switcher and
 * menu is a `<details>` of links, so all of them work with JavaScript off. The pieces with icons
 * take the page's `DrawIcon`, which draws each where it is written.
 */
import { LANGUAGES, type LanguageCode } from '../../config/languages.ts';
import { NAVIGATION, type ElementKind } from '../../config/navigation.ts';
import type { Config } from '../../config/schema.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { Heading } from '../../content/mdx/headings.ts';
import type { Breadcrumb } from '../../site/breadcrumbs.ts';
import type { Alternate } from '../../site/types.ts';
import type { DrawIcon } from '../icons/index.ts';
import { pageHref, safeUrl, siteHref as hrefOf } from '../links.ts';
import type { UiStrings } from '../ui-strings.ts';
import type { ChromeItem, ChromeTab } from './chrome.ts';
import { EXTERNAL_MARK, navIcon, tagHtml } from './sidebar.ts';

export function itemHref(item: { href?: string; external: boolean }, base: string): string | undefined {
  if (item.href === undefined) return undefined;
  return item.external ? safeUrl(item.href) : pageHref(item.href, base);
}

function link(item: ChromeItem, base: string, className: string, inner: string): string {
  const href = itemHref(item, base);
  const current = item.current ? ' aria-current="page"' : '';
  const external = item.external ? ' rel="noopener"' : '';
  if (href === undefined) return `<span class="${className}">${inner}</span>`;
  return `<a class="${className}" href="${escapeHtml(href)}"${current}${external}>${inner}</a>`;
}

function itemInner(item: ChromeItem, withDescription: boolean, draw: DrawIcon): string {
  const description = withDescription && item.description ? `<span class="item-description">${escapeHtml(item.description)}</span>` : '';
  const external = item.external ? EXTERNAL_MARK : '';
  return `${navIcon(item.icon, draw)}<span class="item-text"><span class="item-label">${escapeHtml(item.label)}${tagHtml(item.tag)}${external}</span>${description}</span>`;
}

export function tabsHtml(tabs: readonly ChromeTab[], base: string, draw: DrawIcon): string {
  if (tabs.length === 0) return '';
  const items = tabs.map((tab) => {
    if (tab.menu.length === 0) return `<li>${link(tab, base, 'tab', `${navIcon(tab.icon, draw)}<span>${escapeHtml(tab.label)}</span>${tab.external ? EXTERNAL_MARK : ''}`)}</li>`;
    const menu = tab.menu.map((item) => `<li>${link(item, base, 'menu-item', itemInner(item, true, draw))}</li>`).join('');
    return (
      `<li><details class="tab-menu" data-menu>` +
      `<summary class="tab"${tab.current ? ' aria-current="page"' : ''}>${navIcon(tab.icon, draw)}<span>${escapeHtml(tab.label)}</span><span class="chevron" aria-hidden="true"></span></summary>` +
      `<ul class="menu-panel">${menu}</ul></details></li>`
    );
  });
  return `<nav class="tabs" aria-label="Tabs"><ul>${items.join('')}</ul></nav>`;
}

/**
 * A dropdown of links: products, sidebar dropdowns. The current item is the summary (with its
 * description, for products), named by what it shows; the kind of menu names the group around it.
 * A summary labelled "Product: docjet" while it reads "docjet The site generator" would be named
 * apart from its visible text, which speech input cannot match (WCAG 2.5.3).
 */
export function switcherHtml(kind: Extract<ElementKind, 'product' | 'dropdown'>, label: string, items: readonly ChromeItem[], base: string, draw: DrawIcon): string {
  if (items.length === 0) return '';
  const current = items.find((item) => item.current) ?? items[0]!;
  const list = items.map((item) => `<li>${link(item, base, 'menu-item', itemInner(item, true, draw))}</li>`).join('');
  return (
    `<details class="switcher ${kind}-switcher" data-menu aria-label="${escapeHtml(label)}"><summary>` +
    `${itemInner(current, NAVIGATION[kind].display === 'product-switcher', draw)}<span class="chevron" aria-hidden="true"></span></summary>` +
    `<ul class="menu-panel">${list}</ul></details>`
  );
}

export function anchorsHtml(anchors: readonly ChromeItem[], base: string, className: string, draw: DrawIcon): string {
  if (anchors.length === 0) return '';
  return `<ul class="${className}">${anchors.map((anchor) => `<li>${link(anchor, base, 'anchor', itemInner(anchor, false, draw))}</li>`).join('')}</ul>`;
}

/** Version and language switchers: each choice links to the equivalent page, else the target's first page. */
export function alternatesHtml(kind: Extract<ElementKind, 'version' | 'language'>, label: string, alternates: readonly Alternate[], base: string): string {
  if (alternates.length < 2) return '';
  const name = (alternate: Alternate): string => (kind === 'language' ? (LANGUAGES[alternate.value as LanguageCode]?.native ?? alternate.label) : alternate.label);
  const current = alternates.find((alternate) => alternate.current) ?? alternates[0]!;
  const list = alternates
    .map((alternate) => {
      const lang = kind === 'language' ? LANGUAGES[alternate.value as LanguageCode] : undefined;
      return (
        `<li><a class="menu-item" href="${escapeHtml(pageHref(alternate.route, base))}"` +
        `${alternate.current ? ' aria-current="true"' : ''}${lang ? ` lang="${lang.bcp47}" hreflang="${lang.bcp47}"` : ''}` +
        ` data-${kind}="${escapeHtml(alternate.value)}"${alternate.equivalent ? ' data-equivalent' : ''}>${escapeHtml(name(alternate))}</a></li>`
      );
    })
    .join('');
  return (
    `<details class="switcher ${kind}-switcher" data-menu><summary aria-label="${escapeHtml(label)}: ${escapeHtml(name(current))}">` +
    `<span class="item-label">${escapeHtml(name(current))}</span><span class="chevron" aria-hidden="true"></span></summary>` +
    `<ul class="menu-panel">${list}</ul></details>`
  );
}

export function breadcrumbsHtml(crumbs: readonly Breadcrumb[], base: string): string {
  if (crumbs.length === 0) return '';
  const items = crumbs.map((crumb) =>
    crumb.route === undefined ? `<li><span>${escapeHtml(crumb.label)}</span></li>` : `<li><a href="${escapeHtml(pageHref(crumb.route, base))}">${escapeHtml(crumb.label)}</a></li>`,
  );
  return `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${items.join('')}</ol></nav>`;
}

export function tocHtml(headings: readonly Heading[], strings: UiStrings): string {
  const shown = headings.filter((heading) => heading.depth >= 2 && heading.depth <= 3 && heading.id !== '');
  if (shown.length === 0) return '';
  const items = shown.map((heading) => `<li class="toc-depth-${heading.depth}"><a href="#${escapeHtml(encodeURIComponent(heading.id))}">${escapeHtml(heading.text)}</a></li>`);
  return `<nav class="toc" aria-labelledby="toc-title"><p class="toc-title" id="toc-title">${escapeHtml(strings.onThisPage)}</p><ul>${items.join('')}</ul></nav>`;
}

export function pagerHtml(previous: { route: string; title: string } | undefined, next: { route: string; title: string } | undefined, base: string, strings: UiStrings): string {
  if (!previous && !next) return '';
  const one = (which: 'previous' | 'next', target: { route: string; title: string } | undefined): string =>
    target
      ? `<a class="pager-${which}" rel="${which === 'previous' ? 'prev' : 'next'}" href="${escapeHtml(pageHref(target.route, base))}"><span class="pager-label">${escapeHtml(strings[which])}</span><span class="pager-title">${escapeHtml(target.title)}</span></a>`
      : '<span></span>';
  return `<nav class="pager" aria-label="${escapeHtml(strings.previous)} / ${escapeHtml(strings.next)}">${one('previous', previous)}${one('next', next)}</nav>`;
}

type Navbar = NonNullable<Config['navbar']>;
type Footer = NonNullable<Config['footer']>;

const PRIMARY_ICONS: Record<string, string> = { github: 'github', discord: 'discord' };

export function navbarHtml(navbar: Navbar | undefined, base: string, draw: DrawIcon): string {
  if (!navbar) return '';
  const links = (navbar.links ?? []).flatMap((entry) => {
    const href = hrefOf(entry.href, base);
    if (href === undefined) return [];
    return [`<li><a class="navbar-link" href="${escapeHtml(href)}"${external(entry.href)}>${navIcon(entry.icon, draw)}${escapeHtml(entry.label ?? entry.href)}</a></li>`];
  });
  let primary = '';
  const primaryHref = navbar.primary ? hrefOf(navbar.primary.href, base) : undefined;
  if (navbar.primary && primaryHref !== undefined) {
    const { type, href } = navbar.primary;
    const label = navbar.primary.label ?? (type === 'github' ? 'GitHub' : type === 'discord' ? 'Discord' : href);
    const icon = PRIMARY_ICONS[type];
    primary = `<a class="navbar-primary" data-type="${escapeHtml(type)}" href="${escapeHtml(primaryHref)}"${external(href)}>${icon ? navIcon(icon, draw) : ''}<span>${escapeHtml(label)}</span></a>`;
  }
  return `${links.length > 0 ? `<ul class="navbar-links">${links.join('')}</ul>` : ''}${primary}`;
}

const SOCIAL_LABELS: Record<string, string> = {
  x: 'X',
  'x-twitter': 'X',
  twitter: 'Twitter',
  website: 'Website',
  facebook: 'Facebook',
  youtube: 'YouTube',
  discord: 'Discord',
  slack: 'Slack',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  'hacker-news': 'Hacker News',
  medium: 'Medium',
  telegram: 'Telegram',
  'earth-americas': 'Website',
  bluesky: 'Bluesky',
  threads: 'Threads',
  reddit: 'Reddit',
  podcast: 'Podcast',
};
const SOCIAL_ICONS: Record<string, string> = { x: 'x-twitter', website: 'earth-americas', podcast: 'podcast', twitter: 'x-twitter' };

export function footerHtml(footer: Footer | undefined, siteName: string, base: string, draw: DrawIcon): string {
  const socials = Object.entries(footer?.socials ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && hrefOf(entry[1], base) !== undefined)
    .map(
      ([name, href]) =>
        `<li><a href="${escapeHtml(hrefOf(href, base)!)}" aria-label="${escapeHtml(SOCIAL_LABELS[name] ?? name)}"${external(href)}>${navIcon(SOCIAL_ICONS[name] ?? name, draw)}</a></li>`,
    );
  const columns = (footer?.links ?? []).map(
    (column) =>
      `<div class="footer-column">${column.header ? `<p class="footer-header">${escapeHtml(column.header)}</p>` : ''}<ul>${column.items
        .map((item) => {
          const href = hrefOf(item.href, base);
          // A link that would run code keeps its label, without the link.
          return href === undefined
            ? `<li><span>${escapeHtml(item.label)}</span></li>`
            : `<li><a href="${escapeHtml(href)}"${external(item.href)}>${escapeHtml(item.label)}</a></li>`;
        })
        .join('')}</ul></div>`,
  );
  return (
    `<footer class="site-footer">${columns.length > 0 ? `<div class="footer-columns">${columns.join('')}</div>` : ''}` +
    `<div class="footer-bottom"><span class="footer-name">${escapeHtml(siteName)}</span>${socials.length > 0 ? `<ul class="footer-socials">${socials.join('')}</ul>` : ''}</div></footer>`
  );
}

function external(href: string): string {
  return /^(?:https?:)?\/\//i.test(href) ? ' rel="noopener"' : '';
}
