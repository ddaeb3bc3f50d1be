/**
 * A whole HTML document around a rendered page body. One `Shell` serves a build: it renders each
 * section's sidebar once, then every page is a fill of that template plus its own head, title,
 * table of contents and pager. Its icons are drawn where they are written, by the `DrawIcon` each
 * render is given (the page's, which lists the unknown ones it shows).
 */
import { LANGUAGES } from '../../config/languages.ts';
import type { Config } from '../../config/schema.ts';
import { inlineMarkdownHtml } from '../../content/commonmark.ts';
import { lastModified } from '../../content/last-modified.ts';
import { cardName, cardOutputPath, wantsCard } from '../card-name.ts';
import { metaTags, structuredData } from './meta-tags.ts';
import { feedHref } from '../feed.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { analyticsHead, analyticsNoscript } from '../analytics.ts';
import type { Heading } from '../../content/mdx/headings.ts';
import { breadcrumbs } from '../../site/breadcrumbs.ts';
import type { NavElement, Page, Placement, Site } from '../../site/types.ts';
import type { DrawIcon } from '../icons/index.ts';
import { pageHref, safeUrl, siteHref } from '../links.ts';
import { themeAttributes, themeBootScript, themeSettings, type ThemeSettings } from '../theme.ts';
import { uiStrings, type UiStrings } from '../ui-strings.ts';
import { chromeOf, sectionChromeOf, switchablePlacements, type Chrome } from './chrome.ts';
import { CONTEXTUAL_WORDS, contextualMenu } from './contextual.ts';
import { alternatesHtml, anchorsHtml, breadcrumbsHtml, footerHtml, navbarHtml, pagerHtml, switcherHtml, tabsHtml, tocHtml } from './parts.ts';
import { buildSidebar, fillSidebar, noDrawing, tagHtml, type SidebarTemplate } from './sidebar.ts';

export interface ShellOptions {
  site: Site;
  /** Normalised base path, `/` or `/docs/`. */
  base: string;
  /** URLs of the site's stylesheet and script. */
  stylesheet: string;
  script: string;
  /** URL of the CSS of the Tailwind utilities the site uses (src/render/utilities.ts), after docjet's stylesheet; none when it uses none. */
  utilityStylesheet?: string;
  /** The site's own `.css` and `.js` files (URLs), after docjet's own, on every page. */
  customStyles?: readonly string[];
  customScripts?: readonly string[];
  /** Prefix of docjet's own assets (`/_docjet/`), for the page script. */
  assetsPrefix: string;
  /** The site's public URL (`--url`), for canonical links. */
  siteUrl?: string;
  /**
   * Section id → name of its navigation fragment (`navigationFragments`), for pages listed in
   * several versions or languages. Without it pages show their canonical navigation only.
   */
  navFragments?: ReadonlyMap<string, string>;
  /** Section id → name of its full sidebar's fragment, for sections whose pages carry a lazy sidebar (`navigationFragments`). */
  lazySidebars?: ReadonlyMap<string, string>;
  /** URLs of search's two modules (src/render/search-scripts.ts): with them the header has a search button. */
  search?: { script: string; dialog: string };
  /** The last commit's date of each page file (site-relative path → ISO 8601), when some page shows a "Last modified" date (src/content/last-modified.ts). */
  gitDates?: ReadonlyMap<string, string>;
  /** URL of the analytics script (src/render/analytics.ts): with it, pages load the site's `integrations` (not `dev` without `--analytics`). */
  analyticsScript?: string;
}

export interface PageView {
  page: Page | undefined;
  title: string;
  description?: string;
  /** The description as sanitised HTML (an endpoint's CommonMark): shown instead of `description`, which meta tags keep. */
  descriptionHtml?: string;
  bodyHtml: string;
  headings: readonly Heading[];
  /** Stylesheets this page needs beyond the site's (KaTeX). */
  extraStylesheets?: readonly string[];
  /** Markup appended to the head (the 404 page's redirect). */
  extraHead?: string;
  notFound?: boolean;
}

type Mode = 'default' | 'wide' | 'custom' | 'frame' | 'center';
const MODES = new Set<string>(['default', 'wide', 'custom', 'frame', 'center']);
/** The words before a page's date (English in every language for now: the date itself is in the page's language). */
const LAST_MODIFIED = 'Last modified on';

/** A date as the page's language writes it (`August 13, 2026`), the day it is in UTC; as written when it is no date. */
function formatDate(date: string, language: string | undefined): string {
  const time = Date.parse(date);
  if (Number.isNaN(time)) return date;
  try {
    return new Intl.DateTimeFormat(language ?? 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(time);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(time);
  }
}

/** Characters past which a page title is set at a text size: about two lines of the display size. */
const LONG_TITLE = 90;

/**
 * Section sidebars by site, by base and section: shared by every Shell of a site (the renderer's,
 * and the navigation fragments' that measure the full sidebar), so that a section's sidebar is
 * built once, not once per Shell (dev's first page built a 1,000-entry sidebar twice).
 */
const sidebarsBySite = new WeakMap<Site, Map<string, SidebarTemplate>>();

export class Shell {
  readonly theme: ThemeSettings;
  private readonly sidebars: Map<string, SidebarTemplate>;
  private readonly banners = new Map<string, string>();

  constructor(private readonly options: ShellOptions) {
    this.theme = themeSettings(options.site.config);
    let sidebars = sidebarsBySite.get(options.site);
    if (!sidebars) sidebarsBySite.set(options.site, (sidebars = new Map()));
    this.sidebars = sidebars;
  }

  /** The page's document; `draw` draws its icons (without it, icon spans stay empty). */
  render(view: PageView, draw: DrawIcon = noDrawing): string {
    const page = view.page;
    const chrome = chromeOf(this.options.site, page);
    const strings = uiStrings(chrome.language);
    const frontmatter = page?.frontmatter ?? {};
    const mode: Mode = typeof frontmatter['mode'] === 'string' && MODES.has(frontmatter['mode']) ? (frontmatter['mode'] as Mode) : 'default';
    const lazySidebar = chrome.sectionId === undefined ? undefined : this.options.lazySidebars?.get(chrome.sectionId);
    const sidebar = this.sidebarHtml(chrome, page, draw, undefined, lazySidebar !== undefined);
    const toc = mode === 'default' ? tocHtml(view.headings, strings) : '';
    const menu = page && !view.notFound ? contextualMenu({ site: this.options.site, page, base: this.options.base, siteUrl: this.options.siteUrl, strings, draw }) : undefined;
    const tocMenu = menu?.display === 'toc' && mode === 'default' ? menu.html('toc') : '';
    const headerMenu = menu ? menu.html(tocMenu ? 'narrow' : 'header') : '';
    const switchable = page ? this.switchableHtml(page) : { attributes: '', templates: '' };
    return (
      `<!doctype html><html ${this.htmlAttributes(chrome).join(' ')}><head>` +
      this.head(view, page) +
      (view.extraHead ?? '') +
      `</head><body data-mode="${mode}"${view.notFound ? ' data-not-found' : ''}${switchable.attributes}>` +
      (this.options.analyticsScript ? analyticsNoscript(this.options.site.config.integrations) : '') +
      `<a class="skip-link" href="#content">${escapeHtml(strings.skipToContent)}</a>` +
      this.topHtml(chrome, strings, draw, sidebar, lazySidebar) +
      `<div class="layout">` +
      `<main id="content" class="content">` +
      `<article class="page${chrome.placement ? '' : ' unlisted'}">${mode === 'custom' ? '' : this.pageHeaderHtml(view, page, headerMenu)}<div class="prose">${view.bodyHtml}</div>${page && !view.notFound ? this.lastModifiedHtml(page, chrome) : ''}</article>` +
      this.pagerHtml(page?.placements[0], strings) +
      footerHtml(this.languageConfig(chrome)?.footer ?? this.options.site.config.footer, this.options.site.config.name, this.options.base, draw) +
      `</main>` +
      (toc || tocMenu ? `<div class="toc-column">${tocMenu}${toc}</div>` : '') +
      `</div>` +
      switchable.templates +
      `<script src="${escapeHtml(this.options.script)}" defer></script>` +
      (this.options.search ? `<script type="module" src="${escapeHtml(this.options.search.script)}"></script>` : '') +
      (this.options.customScripts ?? []).map((script) => `<script src="${escapeHtml(script)}" defer></script>`).join('') +
      `</body></html>`
    );
  }

  /**
   * The navigation of a section, for every page of it: its tabs and its sidebar (head and groups),
   * no page current, groups closed unless `expanded`. The page script swaps it in when the reader
   * switches a page listed in several versions or languages to another of them (src/client/nav-switch.ts).
   */
  sectionNavigation(placement: Placement, draw: DrawIcon): string {
    const { site, base } = this.options;
    const chrome = sectionChromeOf(site, placement);
    const strings = uiStrings(chrome.language);
    const template = buildSidebar(site, placement.sectionId, { base, drilldown: this.theme.drilldown, groupIds: false });
    return (
      `${tabsHtml(chrome.tabs, base, draw)}<aside class="sidebar"><nav aria-label="${escapeHtml(strings.menu)}">${this.sidebarHtml(chrome, undefined, draw, template)}</nav></aside>` +
      this.sectionChromeHtml(chrome, strings, draw)
    );
  }

  /**
   * What else a section's language changes around a page, for the page script to swap in with the
   * navigation: the document's `lang` and `dir`, where the logo leads, the shell's own words and
   * the search dialog's, and the language's banner, navbar and footer (each replaces the site's,
   * as in `topHtml`).
   */
  private sectionChromeHtml(chrome: Chrome, strings: UiStrings, draw: DrawIcon): string {
    const config = this.options.site.config;
    const language = this.languageConfig(chrome);
    const navbar = navbarHtml(language?.navbar ?? config.navbar, this.options.base, draw);
    const words: Partial<UiStrings> = {
      onThisPage: strings.onThisPage,
      ...Object.fromEntries(CONTEXTUAL_WORDS.map((key) => [key, strings[key]])),
      skipToContent: strings.skipToContent,
      menu: strings.menu,
      toggleTheme: strings.toggleTheme,
      version: strings.version,
      language: strings.language,
    };
    const [lang, dir] = this.htmlAttributes(chrome);
    return (
      `<template data-section-chrome ${lang} ${dir} data-home="${escapeHtml(this.logoHref(chrome))}" data-strings="${jsonAttribute(words)}"${this.options.search ? ` data-search-strings="${jsonAttribute(this.searchWords(strings))}"` : ''}>` +
      this.bannerHtml(language?.banner ?? config.banner, chrome.language ?? '') +
      (navbar ? `<div class="navbar">${navbar}</div>` : '') +
      footerHtml(language?.footer ?? config.footer, config.name, this.options.base, draw) +
      `</template>`
    );
  }

  /**
   * For a page listed in several versions or languages: which of them it is in and the fragment
   * holding each one's navigation (`data-nav-placements`, canonical first), and the breadcrumbs and
   * previous/next of each where they differ from the canonical ones (`<template data-nav-variant>`).
   * The whole navigation of every variant is not written here: crewAI lists each page in 13 versions.
   */
  private switchableHtml(page: Page): { attributes: string; templates: string } {
    const fragments = this.options.navFragments;
    const placements = switchablePlacements(page);
    const names = placements.map((placement) => fragments?.get(placement.sectionId));
    if (placements.length === 0 || names.some((name) => name === undefined)) return { attributes: '', templates: '' };
    const list = placements.map((placement, index) => [names[index], placement.version ?? null, placement.language ?? null]);
    const variant = (placement: Placement): string => {
      const strings = uiStrings(placement.language);
      return this.eyebrowHtml(page, placement) + this.pagerHtml(placement, strings);
    };
    const canonical = variant(placements[0]!);
    let templates = '';
    placements.forEach((placement, index) => {
      const html = index === 0 ? canonical : variant(placement);
      if (html !== canonical) templates += `<template data-nav-variant="${index}">${html}</template>`;
    });
    const attributes = ` data-nav-page="${escapeHtml(pageHref(page.route, this.options.base))}" data-nav-placements="${jsonAttribute(list)}"`;
    return { attributes, templates };
  }

  private htmlAttributes(chrome: Chrome): string[] {
    const language = chrome.language ? LANGUAGES[chrome.language] : undefined;
    return [
      `lang="${language?.bcp47 ?? 'en'}"`,
      `dir="${language?.rtl ? 'rtl' : 'ltr'}"`,
      ...themeAttributes(this.theme),
      this.theme.fixedAppearance ? 'data-fixed-theme' : '',
      `data-theme-name="${escapeHtml(this.theme.name)}"`,
      `data-drilldown="${this.theme.drilldown}"`,
    ].filter(Boolean);
  }

  /**
   * The banner, then the top bar: logo, navbar links, switchers, theme toggle, the tabs, and the
   * sidebar, which wide screens show in its column below the bar (assets/css/layout.css).
   *
   * On a phone the bar keeps the logo, the theme toggle and a menu button, and the rest of the
   * header (links, switchers, tabs, sidebar) is one drawer the button opens: the header is the
   * drawer, so the version switcher swaps tabs and sidebar wherever they are shown
   * (src/client/nav-switch.ts). The button needs the page script; a `<details>` beside it opens the
   * drawer without JavaScript, and the script removes it (src/client/shell.ts).
   */
  private topHtml(chrome: Chrome, strings: UiStrings, draw: DrawIcon, sidebar: string, lazySidebar?: string): string {
    const { site, base } = this.options;
    const config = site.config;
    const languageConfig = this.languageConfig(chrome);
    const banner = this.bannerHtml(languageConfig?.banner ?? config.banner, chrome.language ?? '');
    const logoHref = this.logoHref(chrome);
    const navbar = navbarHtml(languageConfig?.navbar ?? config.navbar, base, draw);
    const links =
      (navbar ? `<div class="navbar">${navbar}</div>` : '') +
      alternatesHtml('version', strings.version, chrome.versions, base) +
      alternatesHtml('language', strings.language, chrome.languages, base);
    const tabs = tabsHtml(chrome.tabs, base, draw);
    const themeToggle = this.theme.fixedAppearance
      ? ''
      : `<button type="button" class="theme-toggle" data-theme-toggle aria-label="${escapeHtml(strings.toggleTheme)}" hidden><span class="theme-icon" aria-hidden="true"></span></button>`;
    const menuLabel = `<span class="menu-icon" aria-hidden="true"></span><span class="sr-only">${escapeHtml(strings.menu)}</span>`;
    const menuButton =
      links || tabs || sidebar
        ? `<button type="button" class="menu-button" data-drawer-button aria-controls="site-menu" aria-expanded="false" hidden>${menuLabel}</button>` +
          `<details class="sidebar-toggle" data-sidebar-toggle><summary class="menu-button">${menuLabel}</summary></details>`
        : '';
    return (
      banner +
      `<header class="topbar" id="site-menu"><div class="topbar-row">` +
      menuButton +
      `<a class="logo" href="${escapeHtml(logoHref)}">${this.logoHtml()}</a>` +
      `<div class="topbar-end">${this.searchButtonHtml(chrome, strings)}${links ? `<div class="topbar-links">${links}</div>` : ''}${themeToggle}</div>` +
      `</div>${tabs}` +
      (sidebar
        ? `<aside class="sidebar" id="sidebar"><nav aria-label="${escapeHtml(strings.menu)}"${lazySidebar ? ` data-nav-fragment="${escapeHtml(lazySidebar)}"` : ''}>${sidebar}</nav></aside>`
        : '') +
      `</header>`
    );
  }

  /**
   * The search button (src/client/search.mts shows it; it does nothing without JavaScript). It
   * carries the dialog's URL, the reader's scope (the page's version, language and product) and
   * the dialog's words in the page's language.
   */
  private searchButtonHtml(chrome: Chrome, strings: UiStrings): string {
    const search = this.options.search;
    if (!search) return '';
    const scope = { version: chrome.placement?.version ?? null, language: chrome.language ?? null, product: chrome.products.find((product) => product.current)?.label ?? null };
    return (
      `<button type="button" class="search-button" data-search-button data-search-script="${escapeHtml(search.dialog)}"` +
      ` data-search-scope="${jsonAttribute(scope)}" data-search-strings="${jsonAttribute(this.searchWords(strings))}" aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K" hidden>` +
      `<span class="search-icon" aria-hidden="true"></span><span class="search-label">${escapeHtml(strings.search)}</span><kbd class="search-key" aria-hidden="true">Ctrl K</kbd></button>`
    );
  }

  /** The search dialog's words in a language: on the button, and in each section's chrome for the page script to swap in. */
  private searchWords(strings: UiStrings): Record<string, string> {
    return {
      search: strings.search,
      placeholder: this.options.site.config.search?.prompt ?? strings.searchPlaceholder,
      results: strings.searchResults,
      noResults: strings.searchNoResults,
      allVersions: strings.searchAllVersions,
      allProducts: strings.searchAllProducts,
      close: strings.searchClose,
      loading: strings.searchLoading,
      failed: strings.searchFailed,
    };
  }

  /** Breadcrumbs (or the section name), the contextual menu, the title with its tag, and the description. */
  private pageHeaderHtml(view: PageView, page: Page | undefined, contextual: string): string {
    const placement = page?.placements[0];
    const eyebrow = page && placement ? this.eyebrowHtml(page, placement) : '';
    const tagValue = page?.frontmatter['tag'];
    const tag = typeof tagValue === 'string' ? tagHtml(tagValue) : '';
    // A title of several sentences (API summaries are often a paragraph) is set smaller, not as a wall of display type.
    const size = view.title.length > LONG_TITLE ? ' page-title-long' : '';
    // `rss: true`: a link to the page's feed beside its title, as the hosted product shows a feed button.
    const rss = page?.frontmatter['rss'] === true ? `<a class="rss-link" href="${escapeHtml(feedHref(page.route, this.options.base))}" type="application/rss+xml">RSS</a>` : '';
    return `<header class="page-header">${eyebrow}${contextual}${rss}<h1 class="page-title${size}">${escapeHtml(view.title)}${tag}</h1>${descriptionHtml(view)}</header>`;
  }

  /** The breadcrumbs of the page where it is placed, or only the section name, as the theme says. */
  private eyebrowHtml(page: Page, placement: Placement): string {
    // `breadcrumbs` reads the canonical placement: it is handed the page as placed here.
    const crumbs = breadcrumbs(this.options.site, { ...page, placements: [placement] });
    if (this.theme.breadcrumbs) return breadcrumbsHtml(crumbs, this.options.base);
    return crumbs.length > 0 ? `<p class="eyebrow">${escapeHtml(crumbs[crumbs.length - 1]!.label)}</p>` : '';
  }

  /** "Last modified on …" under the page's content, when the page shows its date (src/content/last-modified.ts). */
  private lastModifiedHtml(page: Page, chrome: Chrome): string {
    const date = this.modified(page);
    if (date === undefined) return '';
    const language = chrome.language ? LANGUAGES[chrome.language]?.bcp47 : undefined;
    return `<p class="last-modified">${LAST_MODIFIED} <time datetime="${escapeHtml(date)}">${escapeHtml(formatDate(date, language))}</time></p>`;
  }

  /** The date the page shows as last modified, if it shows one. */
  private modified(page: Page): string | undefined {
    return lastModified({
      frontmatter: page.frontmatter,
      file: page.source.type === 'file' ? page.source.file : undefined,
      siteTimestamp: this.options.site.config.metadata?.timestamp,
      dates: this.options.gitDates,
    });
  }

  /** Previous and next where the page is placed (each version lists its own neighbours). */
  private pagerHtml(placement: Placement | undefined, strings: UiStrings): string {
    const previous = placement?.previous === undefined ? undefined : this.pagerTarget(placement.previous);
    const next = placement?.next === undefined ? undefined : this.pagerTarget(placement.next);
    return pagerHtml(previous, next, this.options.base, strings);
  }

  private head(view: PageView, page: Page | undefined): string {
    const { site, base } = this.options;
    const config = site.config;
    const frontmatter = page?.frontmatter ?? {};
    const title = view.title === config.name ? view.title : `${view.title} - ${config.name}`;
    const description = view.description ?? config.description;
    const meta: string[] = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="generator" content="docjet">`,
      `<meta name="docjet:assets" content="${escapeHtml(this.options.assetsPrefix)}">`,
    ];
    if (description) meta.push(`<meta name="description" content="${escapeHtml(description)}">`);
    // Hidden pages of the navigation are noindex; pages listed nowhere only stay out of the sitemap (§4.4).
    const noindex = frontmatter['noindex'] === true || (page?.hidden === true && page.placements.length > 0) || view.notFound === true;
    if (noindex) meta.push('<meta name="robots" content="noindex">');
    const origin = this.options.siteUrl?.replace(/\/+$/, '');
    const canonical = origin && page ? origin + pageHref(page.route, base) : undefined;
    if (canonical) meta.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
    const card = page && !view.notFound && wantsCard(config, page) ? `${origin ?? ''}${base}${cardOutputPath(cardName(config, page))}` : undefined;
    const tags = metaTags({ config, page, title: view.title, description, canonical, card });
    for (const [key, value] of tags) {
      const attribute = key.startsWith('og:') ? 'property' : 'name';
      meta.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}">`);
    }
    if (page && !noindex) {
      const pageUrl = canonical ?? pageHref(page.route, base);
      meta.push(structuredData({ site, page, title: view.title, description, base, siteUrl: origin, pageUrl, modified: this.modified(page) }));
    }
    if (this.options.analyticsScript) meta.push(analyticsHead(config.integrations, this.options.analyticsScript));
    meta.push(...this.faviconHtml());
    meta.push(`<link rel="stylesheet" href="${escapeHtml(this.options.stylesheet)}">`);
    if (this.options.utilityStylesheet) meta.push(`<link rel="stylesheet" href="${escapeHtml(this.options.utilityStylesheet)}" data-utilities>`);
    for (const sheet of [...(view.extraStylesheets ?? []), ...(this.options.customStyles ?? [])]) meta.push(`<link rel="stylesheet" href="${escapeHtml(sheet)}">`);
    // Before first paint: the reader's saved choice and the `dark` class, so a dark-mode reader never sees a white flash.
    meta.push(themeBootScript(this.theme));
    return meta.join('');
  }

  private faviconHtml(): string[] {
    const favicon = this.options.site.config.favicon;
    // None declared: the build writes a default `favicon.ico` at the base (`output/favicon.ts`).
    if (!favicon) return [`<link rel="icon" href="${escapeHtml(this.options.base)}favicon.ico">`];
    const icon = (file: string, media: string): string[] => {
      const href = this.asset(file);
      return href === undefined ? [] : [`<link rel="icon" href="${escapeHtml(href)}"${media}>`];
    };
    if (typeof favicon === 'string') return icon(favicon, '');
    return [...icon(favicon.light, ' media="(prefers-color-scheme: light)"'), ...icon(favicon.dark, ' media="(prefers-color-scheme: dark)"')];
  }

  private logoHtml(): string {
    const config = this.options.site.config;
    const name = escapeHtml(config.name);
    const logo = config.logo;
    if (!logo) return `<span class="logo-text">${name}</span>`;
    const image = (file: string, className: string): string => {
      const src = this.asset(file);
      return src === undefined ? '' : `<img class="${className}" src="${escapeHtml(src)}" alt="${name}">`;
    };
    const html = typeof logo === 'string' ? image(logo, 'logo-image') : image(logo.light, 'logo-image logo-light') + image(logo.dark, 'logo-image logo-dark');
    // A logo whose every file was left out (a `javascript:` path) shows the name instead.
    return html === '' ? `<span class="logo-text">${name}</span>` : html;
  }

  /** A logo or favicon file's URL; undefined when it would run code (`data:` images of raster types are kept). */
  private asset(file: string): string | undefined {
    return siteHref(file, this.options.base, 'image');
  }

  /** The sidebar's head (products, dropdowns, anchors) and its groups, from the section's template (by default the one cached for pages); `lazy`: `fillSidebar`'s. */
  private sidebarHtml(chrome: Chrome, page: Page | undefined, draw: DrawIcon, template = this.sidebarTemplate(chrome.sectionId), lazy = false): string {
    const { base } = this.options;
    const strings = uiStrings(chrome.language);
    let head = '';
    head += switcherHtml('product', strings.product, chrome.products, base, draw);
    head += switcherHtml('dropdown', strings.menu, chrome.dropdowns, base, draw);
    head += anchorsHtml(chrome.anchors, base, 'anchors', draw);
    head += anchorsHtml(chrome.globalAnchors, base, 'anchors global-anchors', draw);
    const groups = template ? fillSidebar(template, page?.route, chrome.trail, lazy, draw) : '';
    return head === '' && groups === '' ? '' : `${head ? `<div class="sidebar-head">${head}</div>` : ''}${groups}`;
  }

  /**
   * A section's sidebar groups whole, no page current: the fragment lazy sidebars fill from
   * (src/render/shell/fragments.ts). Without `draw`, its icon spans stay empty.
   */
  sectionSidebar(sectionId: string, draw: DrawIcon = noDrawing): string {
    const template = this.sidebarTemplate(sectionId);
    return template ? fillSidebar(template, undefined, new Set(), false, draw) : '';
  }

  /** The section's sidebar, built once per section and kept for its pages. */
  private sidebarTemplate(sectionId: string | undefined): SidebarTemplate | undefined {
    if (sectionId === undefined) return undefined;
    const key = `${this.options.base}\n${sectionId}`;
    let template = this.sidebars.get(key);
    if (!template) {
      template = buildSidebar(this.options.site, sectionId, { base: this.options.base, drilldown: this.theme.drilldown });
      this.sidebars.set(key, template);
    }
    return template;
  }

  private pagerTarget(route: string): { route: string; title: string } | undefined {
    const page = this.options.site.pages.get(route);
    return page ? { route, title: page.sidebarTitle ?? page.title } : undefined;
  }

  /** The language element the page is under, if the site has languages. */
  private languageElement(chrome: Chrome): NavElement | undefined {
    const { elements } = this.options.site;
    const id = chrome.placement?.trail.find((each) => elements.get(each)?.kind === 'language');
    return id === undefined ? undefined : elements.get(id);
  }

  /** The site's own logo link, else the home of the reader's language. */
  private logoHref(chrome: Chrome): string {
    const logo = this.options.site.config.logo;
    const own = logo && typeof logo === 'object' && logo.href ? safeUrl(logo.href) : undefined;
    return own ?? pageHref(this.homeOf(chrome), this.options.base);
  }

  /** The home of the reader's language: the logo leads there. */
  private homeOf(chrome: Chrome): string {
    const language = this.languageElement(chrome);
    if (language && !language.isDefault && language.firstPage !== undefined) return language.firstPage;
    return this.options.site.home ?? '';
  }

  /** The language element's own `navbar`, `footer` and `banner`, which replace the site's. */
  private languageConfig(chrome: Chrome): Pick<Config, 'navbar' | 'footer' | 'banner'> | undefined {
    const language = this.languageElement(chrome);
    return language === undefined ? undefined : (configAt(this.options.site.config, language.id) as Pick<Config, 'navbar' | 'footer' | 'banner'> | undefined);
  }

  private bannerHtml(banner: Config['banner'], key: string): string {
    if (!banner) return '';
    const cached = this.banners.get(key);
    if (cached !== undefined) return cached;
    const content = inlineMarkdownHtml(banner.content);
    const id = hash(banner.content);
    const html =
      `<div class="banner" role="region" aria-label="Announcement" data-type="${escapeHtml(banner.type ?? 'info')}" data-banner="${id}">` +
      `<div class="banner-content">${content}</div>` +
      (banner.dismissible ? `<button type="button" class="banner-dismiss" data-banner-dismiss aria-label="Dismiss" hidden>×</button>` : '') +
      `</div>`;
    this.banners.set(key, html);
    return html;
  }
}

/** The raw config object at an element id (`navigation.languages[1]`). */
/** Under the title: the description's HTML (a `div`: it holds paragraphs), else its text. */
function descriptionHtml(view: PageView): string {
  if (view.descriptionHtml) return `<div class="page-description">${view.descriptionHtml}</div>`;
  return view.description ? `<p class="page-description">${escapeHtml(view.description)}</p>` : '';
}

export function configAt(config: Config, id: string): unknown {
  let value: unknown = config;
  for (const part of id.split('#')[0]!.match(/[^.[\]]+/g) ?? []) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

/**
 * A value as JSON for a data attribute, its typographic punctuation (U+2000–U+206F: the quotes,
 * dashes and ellipsis of words in Latin scripts) written as `\u` escapes, which `JSON.parse` reads
 * back the same. V8 keeps a string of Latin-1 characters at one byte each: a page whose content
 * has no others then stays so (the English words' `…` and `“”` made every page of GitHub's API
 * reference twice the memory, and a third slower to encode for writing). Words in other scripts
 * stay as they are: their pages' own text is past Latin-1 anyway.
 */
function jsonAttribute(value: unknown): string {
  return escapeHtml(oneByte(JSON.stringify(value).replace(/[\u2000-\u206f]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`)));
}

/**
 * The text as V8 stores Latin-1 text, one byte a character, when it is all Latin-1. A string made
 * from a two-byte one (JSON of words with `…`, even with the `…` escaped) stays two bytes a
 * character whatever it holds, and so does any page it is joined into.
 */
function oneByte(text: string): string {
  return /[^\0-\xff]/.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}
