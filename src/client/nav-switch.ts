/* Version and language switching on a page the navigation lists in several of them (crewAI lists
   each page in 13 versions). The page shows its canonical navigation, which works without
   JavaScript; `data-nav-placements` says where else it is listed and which fragment
   (`_docjet/nav/<name>.html`, src/render/shell/fragments.ts) holds each one's tabs and sidebar.
   Choosing a version or language that lists this same page keeps the URL and swaps the navigation
   in, with what the chosen language changes around it (lang and dir, banner, navbar, footer, the
   shell's words); any other choice follows the switcher's link. The choice is remembered per site, and a page
   listed in the remembered version (or language) opens in it, so links stay within that version. */
{
  type Dimension = 'version' | 'language';
  type Choice = Partial<Record<Dimension, string>>;
  /** Fragment name, version, language: as `switchableHtml` writes them in src/render/shell/document.ts. */
  type Placement = [string, string | null, string | null];

  const assets = document.querySelector<HTMLMetaElement>('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
  const storageKey = `docjet-placement:${assets}`;
  const pageHref = document.body.dataset.navPage;
  let placements: Placement[] = [];
  try {
    placements = JSON.parse(document.body.dataset.navPlacements ?? '[]') as Placement[];
  } catch {}

  const remembered = (): Choice => {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
      return value && typeof value === 'object' ? (value as Choice) : {};
    } catch {
      return {};
    }
  };
  const remember = (dimension: Dimension, value: string): void => {
    try {
      localStorage.setItem(storageKey, JSON.stringify({ ...remembered(), [dimension]: value }));
    } catch {}
  };

  // Breadcrumbs and previous/next of the page as shown, and as a `<template data-nav-variant>` or
  // the copy of the canonical ones holds them.
  const pageParts = (): Record<'eyebrow' | 'pager', Element | null> => ({
    eyebrow: document.querySelector('.page-header > .breadcrumbs, .page-header > .eyebrow'),
    pager: document.querySelector('#content > .pager'),
  });
  const storedParts = (stored: DocumentFragment): Record<'eyebrow' | 'pager', Element | null> => {
    const copy = stored.cloneNode(true) as DocumentFragment;
    return { eyebrow: copy.querySelector('.breadcrumbs, .eyebrow'), pager: copy.querySelector('.pager') };
  };
  const canonicalParts = document.createDocumentFragment();
  for (const part of Object.values(pageParts())) if (part) canonicalParts.append(part.cloneNode(true));

  const fragments = new Map<string, Promise<string>>();
  const fetchFragment = (name: string): Promise<string> => {
    let text = fragments.get(name);
    if (!text) {
      text = fetch(`${assets}nav/${name}.html`).then((response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        return response.text();
      });
      text.catch(() => fragments.delete(name));
      fragments.set(name, text);
    }
    return text;
  };

  /** The sidebar's links to this page marked current, and the groups holding them opened. */
  const markPage = (nav: Element): void => {
    for (const link of nav.querySelectorAll('a[href]')) {
      if (link.getAttribute('href') !== pageHref) continue;
      link.setAttribute('aria-current', 'page');
      // A group's own page is linked beside its toggle (sidebar.ts): open that group too.
      const own = link.classList.contains('nav-group-link') ? link.parentElement?.querySelector<HTMLDetailsElement>(':scope > details') : null;
      if (own) own.open = true;
      for (let group = link.closest('details'); group; group = group.parentElement?.closest('details') ?? null) group.open = true;
    }
  };

  /** Replaces `current` with `next` (either may be missing; a new one goes where `place` puts it). */
  const swap = (current: Element | null, next: Element | null | undefined, place: (element: Element) => void): void => {
    if (current && next) current.replaceWith(next);
    else if (current) current.remove();
    else if (next) place(next);
  };

  /** The shell's words in the language shown (`data-strings` of a fragment's section chrome). */
  let words: Record<string, string> = {};

  /** The language's `lang`/`dir`, logo link, banner, navbar, footer and the shell's words (`sectionChromeHtml` in src/render/shell/document.ts). */
  const showChrome = (chrome: HTMLTemplateElement): void => {
    const root = document.documentElement;
    for (const name of ['lang', 'dir']) {
      const value = chrome.getAttribute(name);
      if (value) root.setAttribute(name, value);
    }
    const logo = document.querySelector<HTMLAnchorElement>('.topbar a.logo');
    if (logo && chrome.dataset.home) logo.setAttribute('href', chrome.dataset.home);
    const content = chrome.content;
    const topbar = document.querySelector('header.topbar');
    swap(document.querySelector('body > .banner'), content.querySelector('.banner'), (banner) => topbar?.before(banner));
    const links = document.querySelector('.topbar-links');
    swap(links?.querySelector(':scope > .navbar') ?? null, content.querySelector('.navbar'), (navbar) => links?.prepend(navbar));
    swap(document.querySelector('#content > .site-footer'), content.querySelector('.site-footer'), (footer) => document.querySelector('#content')?.append(footer));
    try {
      words = JSON.parse(chrome.dataset.strings ?? '{}') as Record<string, string>;
    } catch {}
    const text = (selector: string, value: string | undefined): void => {
      if (value) for (const element of document.querySelectorAll(selector)) element.textContent = value;
    };
    text('.toc-title', words.onThisPage);
    text('.skip-link', words.skipToContent);
    text('.menu-button .sr-only', words.menu);
    // Words marked with the string they show (the contextual menu's): `{name}` from `data-word-name`.
    for (const element of document.querySelectorAll<HTMLElement>('[data-word]')) {
      const value = words[element.dataset.word ?? ''];
      if (value) element.textContent = value.replace('{name}', element.dataset.wordName ?? '');
    }
    const toggle = document.querySelector('[data-theme-toggle]');
    if (toggle && words.toggleTheme) {
      toggle.setAttribute('aria-label', words.toggleTheme);
      toggle.setAttribute('title', words.toggleTheme);
    }
    // Search takes its words from its button (src/client/search.mts, search-dialog.mts).
    const search = document.querySelector<HTMLElement>('[data-search-button]');
    if (search && chrome.dataset.searchStrings) search.dataset.searchStrings = chrome.dataset.searchStrings;
  };

  /** The switcher's current entry and its button's label follow the placement shown. */
  const markSwitcher = (dimension: Dimension, value: string | null): void => {
    const switcher = document.querySelector(`details.${dimension}-switcher`);
    const label = switcher?.querySelector('summary .item-label');
    if (!switcher || !label || value === null) return;
    let chosen: Element | undefined;
    for (const link of switcher.querySelectorAll<HTMLElement>(`a[data-${dimension}]`)) {
      if (link.dataset[dimension] === value) {
        link.setAttribute('aria-current', 'true');
        chosen = link;
      } else {
        link.removeAttribute('aria-current');
      }
    }
    if (!chosen) return;
    const summary = switcher.querySelector('summary')!;
    // The button's accessible name is "<Version>: <current>": only the current part changes.
    const previous = label.textContent ?? '';
    const name = chosen.textContent ?? '';
    const accessible = summary.getAttribute('aria-label') ?? '';
    const prefix = words[dimension] ? `${words[dimension]}: ` : accessible.endsWith(previous) ? accessible.slice(0, accessible.length - previous.length) : '';
    summary.setAttribute('aria-label', prefix + name);
    label.textContent = name;
  };

  let shown = 0;
  /** Shows the page in placement `index`: that section's tabs, sidebar and language chrome, breadcrumbs and pager. */
  const show = async (index: number, restored = false): Promise<void> => {
    const [name, version, language] = placements[index]!;
    const html = await fetchFragment(name);
    const fragment = document.createElement('template');
    fragment.innerHTML = html;
    const nav = fragment.content.querySelector('aside.sidebar > nav');
    const sidebar = document.querySelector('aside.sidebar > nav');
    if (nav && sidebar) {
      markPage(nav);
      sidebar.replaceWith(nav);
    }
    const topbar = document.querySelector('.topbar');
    if (topbar) swap(topbar.querySelector(':scope > nav.tabs'), fragment.content.querySelector('nav.tabs'), (tabs) => topbar.append(tabs));
    const chrome = fragment.content.querySelector<HTMLTemplateElement>('template[data-section-chrome]');
    if (chrome) showChrome(chrome);

    const variant = document.querySelector<HTMLTemplateElement>(`template[data-nav-variant="${index}"]`);
    const parts = storedParts(variant?.content ?? canonicalParts);
    const current = pageParts();
    swap(current.eyebrow, parts.eyebrow, (eyebrow) => document.querySelector('.page-header')?.prepend(eyebrow));
    swap(current.pager, parts.pager, (pager) => document.querySelector('#content > .site-footer')?.before(pager));

    markSwitcher('version', version);
    markSwitcher('language', language);
    shown = index;
    // `restored`: the reader's remembered choice shown on load, not a navigation of theirs (analytics count no page view).
    document.dispatchEvent(new CustomEvent('docjet:navigation', { detail: { restored } }));
  };

  /** The placement of this page in `value`, keeping the other dimension where it can; -1 when none lists the page. */
  const placementIn = (dimension: Dimension, value: string): number => {
    const at = dimension === 'version' ? 1 : 2;
    const other = dimension === 'version' ? 2 : 1;
    const matches = placements.map((placement, index) => (placement[at] === value ? index : -1)).filter((index) => index !== -1);
    return matches.find((index) => placements[index]![other] === placements[shown]![other]) ?? matches[0] ?? -1;
  };

  /** The placement the remembered choice asks for: its version first, then its language; else the canonical one. */
  const rememberedPlacement = (): number => {
    const choice = remembered();
    let best = 0;
    let bestScore = 0;
    placements.forEach(([, version, language], index) => {
      const score = (version !== null && version === choice.version ? 2 : 0) + (language !== null && language === choice.language ? 1 : 0);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    return best;
  };

  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.version-switcher a[data-version], .language-switcher a[data-language]') : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const dimension: Dimension = link.dataset.version !== undefined ? 'version' : 'language';
    const value = link.dataset[dimension]!;
    remember(dimension, value);
    const index = placementIn(dimension, value);
    if (index === -1) return;
    event.preventDefault();
    link.closest('details')!.open = false;
    if (index === shown) return;
    // A fragment that cannot be fetched: the link still leads to the page, in its canonical placement.
    show(index).catch(() => location.assign(link.href));
  });

  if (placements.length > 1) {
    const index = rememberedPlacement();
    if (index !== 0) show(index, true).catch(() => {});
  }
}
