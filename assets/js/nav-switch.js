"use strict";
{
    const assets = document.querySelector('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
    const storageKey = `docjet-placement:${assets}`;
    const pageHref = document.body.dataset.navPage;
    let placements = [];
    try {
        placements = JSON.parse(document.body.dataset.navPlacements ?? '[]');
    }
    catch { }
    const remembered = () => {
        try {
            const value = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
            return value && typeof value === 'object' ? value : {};
        }
        catch {
            return {};
        }
    };
    const remember = (dimension, value) => {
        try {
            localStorage.setItem(storageKey, JSON.stringify({ ...remembered(), [dimension]: value }));
        }
        catch { }
    };
    const pageParts = () => ({
        eyebrow: document.querySelector('.page-header > .breadcrumbs, .page-header > .eyebrow'),
        pager: document.querySelector('#content > .pager'),
    });
    const storedParts = (stored) => {
        const copy = stored.cloneNode(true);
        return { eyebrow: copy.querySelector('.breadcrumbs, .eyebrow'), pager: copy.querySelector('.pager') };
    };
    const canonicalParts = document.createDocumentFragment();
    for (const part of Object.values(pageParts()))
        if (part)
            canonicalParts.append(part.cloneNode(true));
    const fragments = new Map();
    const fetchFragment = (name) => {
        let text = fragments.get(name);
        if (!text) {
            text = fetch(`${assets}nav/${name}.html`).then((response) => {
                if (!response.ok)
                    throw new Error(`${response.status}`);
                return response.text();
            });
            text.catch(() => fragments.delete(name));
            fragments.set(name, text);
        }
        return text;
    };
    const markPage = (nav) => {
        for (const link of nav.querySelectorAll('a[href]')) {
            if (link.getAttribute('href') !== pageHref)
                continue;
            link.setAttribute('aria-current', 'page');
            const own = link.classList.contains('nav-group-link') ? link.parentElement?.querySelector(':scope > details') : null;
            if (own)
                own.open = true;
            for (let group = link.closest('details'); group; group = group.parentElement?.closest('details') ?? null)
                group.open = true;
        }
    };
    const swap = (current, next, place) => {
        if (current && next)
            current.replaceWith(next);
        else if (current)
            current.remove();
        else if (next)
            place(next);
    };
    let words = {};
    const showChrome = (chrome) => {
        const root = document.documentElement;
        for (const name of ['lang', 'dir']) {
            const value = chrome.getAttribute(name);
            if (value)
                root.setAttribute(name, value);
        }
        const logo = document.querySelector('.topbar a.logo');
        if (logo && chrome.dataset.home)
            logo.setAttribute('href', chrome.dataset.home);
        const content = chrome.content;
        const topbar = document.querySelector('header.topbar');
        swap(document.querySelector('body > .banner'), content.querySelector('.banner'), (banner) => topbar?.before(banner));
        const links = document.querySelector('.topbar-links');
        swap(links?.querySelector(':scope > .navbar') ?? null, content.querySelector('.navbar'), (navbar) => links?.prepend(navbar));
        swap(document.querySelector('#content > .site-footer'), content.querySelector('.site-footer'), (footer) => document.querySelector('#content')?.append(footer));
        try {
            words = JSON.parse(chrome.dataset.strings ?? '{}');
        }
        catch { }
        const text = (selector, value) => {
            if (value)
                for (const element of document.querySelectorAll(selector))
                    element.textContent = value;
        };
        text('.toc-title', words.onThisPage);
        text('.skip-link', words.skipToContent);
        text('.menu-button .sr-only', words.menu);
        for (const element of document.querySelectorAll('[data-word]')) {
            const value = words[element.dataset.word ?? ''];
            if (value)
                element.textContent = value.replace('{name}', element.dataset.wordName ?? '');
        }
        const toggle = document.querySelector('[data-theme-toggle]');
        if (toggle && words.toggleTheme) {
            toggle.setAttribute('aria-label', words.toggleTheme);
            toggle.setAttribute('title', words.toggleTheme);
        }
        const search = document.querySelector('[data-search-button]');
        if (search && chrome.dataset.searchStrings)
            search.dataset.searchStrings = chrome.dataset.searchStrings;
    };
    const markSwitcher = (dimension, value) => {
        const switcher = document.querySelector(`details.${dimension}-switcher`);
        const label = switcher?.querySelector('summary .item-label');
        if (!switcher || !label || value === null)
            return;
        let chosen;
        for (const link of switcher.querySelectorAll(`a[data-${dimension}]`)) {
            if (link.dataset[dimension] === value) {
                link.setAttribute('aria-current', 'true');
                chosen = link;
            }
            else {
                link.removeAttribute('aria-current');
            }
        }
        if (!chosen)
            return;
        const summary = switcher.querySelector('summary');
        const previous = label.textContent ?? '';
        const name = chosen.textContent ?? '';
        const accessible = summary.getAttribute('aria-label') ?? '';
        const prefix = words[dimension] ? `${words[dimension]}: ` : accessible.endsWith(previous) ? accessible.slice(0, accessible.length - previous.length) : '';
        summary.setAttribute('aria-label', prefix + name);
        label.textContent = name;
    };
    let shown = 0;
    const show = async (index, restored = false) => {
        const [name, version, language] = placements[index];
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
        if (topbar)
            swap(topbar.querySelector(':scope > nav.tabs'), fragment.content.querySelector('nav.tabs'), (tabs) => topbar.append(tabs));
        const chrome = fragment.content.querySelector('template[data-section-chrome]');
        if (chrome)
            showChrome(chrome);
        const variant = document.querySelector(`template[data-nav-variant="${index}"]`);
        const parts = storedParts(variant?.content ?? canonicalParts);
        const current = pageParts();
        swap(current.eyebrow, parts.eyebrow, (eyebrow) => document.querySelector('.page-header')?.prepend(eyebrow));
        swap(current.pager, parts.pager, (pager) => document.querySelector('#content > .site-footer')?.before(pager));
        markSwitcher('version', version);
        markSwitcher('language', language);
        shown = index;
        document.dispatchEvent(new CustomEvent('docjet:navigation', { detail: { restored } }));
    };
    const placementIn = (dimension, value) => {
        const at = dimension === 'version' ? 1 : 2;
        const other = dimension === 'version' ? 2 : 1;
        const matches = placements.map((placement, index) => (placement[at] === value ? index : -1)).filter((index) => index !== -1);
        return matches.find((index) => placements[index][other] === placements[shown][other]) ?? matches[0] ?? -1;
    };
    const rememberedPlacement = () => {
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
        const link = event.target instanceof Element ? event.target.closest('.version-switcher a[data-version], .language-switcher a[data-language]') : null;
        if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
            return;
        const dimension = link.dataset.version !== undefined ? 'version' : 'language';
        const value = link.dataset[dimension];
        remember(dimension, value);
        const index = placementIn(dimension, value);
        if (index === -1)
            return;
        event.preventDefault();
        link.closest('details').open = false;
        if (index === shown)
            return;
        show(index).catch(() => location.assign(link.href));
    });
    if (placements.length > 1) {
        const index = rememberedPlacement();
        if (index !== 0)
            show(index, true).catch(() => { });
    }
}
