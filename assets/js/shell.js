"use strict";
{
    const root = document.documentElement;
    const toggle = document.querySelector('[data-theme-toggle]');
    if (toggle && !root.hasAttribute('data-fixed-theme')) {
        toggle.hidden = false;
        const current = () => root.dataset.theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
        const label = toggle.getAttribute('aria-label');
        const sync = () => toggle.setAttribute('aria-pressed', String(current() === 'dark'));
        sync();
        toggle.addEventListener('click', () => {
            const next = current() === 'dark' ? 'light' : 'dark';
            root.dataset.theme = next;
            try {
                localStorage.setItem('docjet-theme', next);
            }
            catch { }
            sync();
            document.dispatchEvent(new CustomEvent('docjet:theme', { detail: next }));
        });
        toggle.setAttribute('title', label || '');
    }
    const menus = () => [...document.querySelectorAll('details[data-menu]')];
    const closeAll = (except) => {
        for (const menu of menus())
            if (menu !== except)
                menu.open = false;
    };
    document.addEventListener('toggle', (event) => {
        const menu = event.target;
        if (menu instanceof HTMLDetailsElement && menu.matches('[data-menu]') && menu.open)
            closeAll(menu);
    }, true);
    document.addEventListener('click', (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('details[data-menu]'))
            closeAll();
    });
    document.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape')
            return;
        const open = menus().find((menu) => menu.open);
        if (open) {
            open.open = false;
            open.querySelector('summary')?.focus();
            event.preventDefault();
        }
    });
    const revealCurrent = () => {
        const sidebar = document.querySelector('.sidebar');
        const currentLink = sidebar?.querySelector('[aria-current="page"]');
        if (!sidebar || !currentLink)
            return;
        const box = currentLink.getBoundingClientRect();
        const frame = sidebar.getBoundingClientRect();
        if (box.bottom > frame.bottom || box.top < frame.top)
            sidebar.scrollTop += box.top - frame.top - frame.height / 3;
    };
    revealCurrent();
    document.addEventListener('docjet:navigation', revealCurrent);
    const drawer = document.querySelector('header.topbar');
    const drawerButton = drawer?.querySelector('[data-drawer-button]');
    if (drawer && drawerButton) {
        drawer.querySelector('[data-sidebar-toggle]')?.remove();
        drawerButton.hidden = false;
        const isOpen = () => drawer.hasAttribute('data-open');
        const controls = () => [...drawer.querySelectorAll('a[href], button:not(:disabled), summary, input, [tabindex]:not([tabindex="-1"])')].filter((control) => control.getClientRects().length > 0);
        const setOpen = (open) => {
            drawer.toggleAttribute('data-open', open);
            drawerButton.setAttribute('aria-expanded', String(open));
            for (const other of document.body.children)
                if (other !== drawer && other instanceof HTMLElement)
                    other.inert = open;
        };
        const close = (returnFocus) => {
            if (!isOpen())
                return;
            setOpen(false);
            if (returnFocus)
                drawerButton.focus();
        };
        drawerButton.addEventListener('click', () => {
            if (isOpen())
                return close(false);
            setOpen(true);
            revealCurrent();
            controls()
                .find((control) => control.closest('.topbar-links, .tabs, .sidebar'))
                ?.focus();
        });
        drawer.addEventListener('click', (event) => {
            if (event.target instanceof Element && event.target.closest('a[href]'))
                close(false);
        });
        document.addEventListener('keydown', (event) => {
            if (!isOpen())
                return;
            if (event.key === 'Escape' && !event.defaultPrevented)
                close(true);
            if (event.key !== 'Tab')
                return;
            const all = controls();
            const first = all[0];
            const last = all[all.length - 1];
            const active = document.activeElement;
            const outside = !(active instanceof Node) || !drawer.contains(active);
            if (event.shiftKey ? active === first || outside : active === last || outside) {
                event.preventDefault();
                (event.shiftKey ? last : first)?.focus();
            }
        });
        matchMedia('(max-width: 820px)').addEventListener('change', (query) => {
            if (!query.matches)
                close(false);
        });
    }
    const tocLinks = [...document.querySelectorAll('.toc a[href^="#"]')];
    if (tocLinks.length > 0 && 'IntersectionObserver' in window) {
        const byId = new Map();
        for (const link of tocLinks) {
            const id = decodeURIComponent((link.getAttribute('href') ?? '').slice(1));
            const heading = document.getElementById(id);
            if (heading)
                byId.set(heading, link);
        }
        const visible = new Set();
        const mark = () => {
            let chosen;
            for (const heading of byId.keys()) {
                if (visible.has(heading)) {
                    chosen = heading;
                    break;
                }
            }
            const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
            if (atBottom) {
                const headings = [...byId.keys()];
                chosen = headings.findLast((heading) => heading.getBoundingClientRect().top < window.innerHeight) ?? chosen;
            }
            else if (!chosen) {
                for (const heading of byId.keys())
                    if (heading.getBoundingClientRect().top < 120)
                        chosen = heading;
            }
            for (const [heading, link] of byId) {
                if (heading === chosen)
                    link.setAttribute('aria-current', 'true');
                else
                    link.removeAttribute('aria-current');
            }
        };
        const observer = new IntersectionObserver((entries) => {
            for (const entry of entries) {
                if (entry.isIntersecting)
                    visible.add(entry.target);
                else
                    visible.delete(entry.target);
            }
            mark();
        }, { rootMargin: '-80px 0px -55% 0px' });
        for (const heading of byId.keys())
            observer.observe(heading);
        let pending = false;
        window.addEventListener('scroll', () => {
            if (pending)
                return;
            pending = true;
            requestAnimationFrame(() => {
                pending = false;
                mark();
            });
        }, { passive: true });
        mark();
    }
    const scrollableTables = () => {
        for (const table of document.querySelectorAll('.prose table')) {
            if (table.scrollWidth > table.clientWidth)
                table.tabIndex = 0;
            else
                table.removeAttribute('tabindex');
        }
    };
    scrollableTables();
    let resizing = 0;
    window.addEventListener('resize', () => {
        cancelAnimationFrame(resizing);
        resizing = requestAnimationFrame(scrollableTables);
    });
    const bannerKey = (banner) => `docjet-banner-${banner.dataset.banner}`;
    const showBanner = () => {
        const banner = document.querySelector('.banner[data-banner]');
        const dismiss = banner?.querySelector('[data-banner-dismiss]');
        if (!banner || !dismiss)
            return;
        let dismissed = false;
        try {
            dismissed = localStorage.getItem(bannerKey(banner)) === '1';
        }
        catch { }
        if (dismissed)
            banner.remove();
        else
            dismiss.hidden = false;
    };
    showBanner();
    document.addEventListener('docjet:navigation', showBanner);
    document.addEventListener('click', (event) => {
        const banner = event.target instanceof Element ? event.target.closest('[data-banner-dismiss]')?.closest('.banner[data-banner]') : null;
        if (!banner)
            return;
        banner.remove();
        try {
            localStorage.setItem(bannerKey(banner), '1');
        }
        catch { }
    });
}
