"use strict";
{
    const assets = document.querySelector('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
    let loading;
    const lazyNav = (target) => (target instanceof Element ? target.closest('aside.sidebar > nav[data-nav-fragment]') : null);
    const keyOf = (list) => list.getAttribute('data-list') ?? list.parentElement?.getAttribute('data-group');
    const fill = (nav, html) => {
        const full = document.createElement('template');
        full.innerHTML = html;
        const sections = new Map();
        for (const section of full.content.querySelectorAll('section[data-group]'))
            sections.set(section.getAttribute('data-group'), section);
        for (const stub of nav.querySelectorAll('section[data-lazy]')) {
            const section = sections.get(stub.getAttribute('data-group'));
            if (section)
                stub.replaceWith(section);
        }
        const lists = new Map();
        for (const list of full.content.querySelectorAll('ul.nav-list'))
            lists.set(keyOf(list), list);
        for (const stub of nav.querySelectorAll(':not(section)[data-lazy]')) {
            const list = lists.get(keyOf(stub) ?? 0);
            if (list)
                replaceList(stub, list);
        }
        nav.removeAttribute('data-nav-fragment');
    };
    const replaceList = (shown, whole) => {
        const current = shown.querySelector('a[aria-current]');
        const top = current?.getBoundingClientRect().top ?? 0;
        shown.replaceWith(whole);
        const again = [...whole.querySelectorAll('a')].find((link) => link.getAttribute('href') === current?.getAttribute('href'));
        again?.setAttribute('aria-current', 'page');
        for (let box = again?.parentElement; again && box; box = box.parentElement)
            box.scrollTop += again.getBoundingClientRect().top - top;
    };
    const KEPT = 'docjet:sidebar:';
    const kept = (name) => {
        try {
            return sessionStorage.getItem(KEPT + name);
        }
        catch {
            return null;
        }
    };
    const keep = (name, html) => {
        try {
            for (const key of Object.keys(sessionStorage))
                if (key.startsWith(KEPT))
                    sessionStorage.removeItem(key);
            sessionStorage.setItem(KEPT + name, html);
        }
        catch { }
    };
    const load = (nav) => {
        const name = nav.dataset.navFragment;
        if (loading || !name)
            return;
        loading = fetch(`${assets}nav/${name}.html`)
            .then((response) => {
            if (!response.ok)
                throw new Error(`${response.status}`);
            return response.text();
        })
            .then((html) => {
            keep(name, html);
            fill(nav, html);
        })
            .catch(() => {
            loading = undefined;
        });
    };
    document.addEventListener('toggle', (event) => {
        const nav = lazyNav(event.target);
        const group = event.target instanceof HTMLDetailsElement ? event.target : null;
        if (nav && group?.open && group.querySelector(':scope > [data-lazy=""]'))
            load(nav);
    }, true);
    for (const type of ['pointerover', 'focusin']) {
        document.addEventListener(type, (event) => {
            const nav = lazyNav(event.target);
            if (nav)
                load(nav);
        });
    }
    const nav = document.querySelector('aside.sidebar > nav[data-nav-fragment]');
    const name = nav?.dataset.navFragment;
    const html = name ? kept(name) : null;
    if (nav && html !== null)
        fill(nav, html);
    else if (nav?.querySelector('section[data-lazy]'))
        load(nav);
}
