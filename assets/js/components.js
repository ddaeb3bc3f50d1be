"use strict";
{
    const store = {
        get(key) {
            try {
                return JSON.parse(localStorage.getItem(key) ?? 'null');
            }
            catch {
                return null;
            }
        },
        set(key, value) {
            try {
                localStorage.setItem(key, JSON.stringify(value));
            }
            catch {
            }
        },
    };
    const byHash = (hash) => {
        if (!hash || hash.length < 2)
            return null;
        const id = hash.slice(1);
        try {
            return document.getElementById(id) ?? document.getElementById(decodeURIComponent(id));
        }
        catch {
            return null;
        }
    };
    const lists = [...document.querySelectorAll(':is(.tabs, .code-group) > [role="tablist"]')];
    const tabsOf = (list) => [...list.children].filter((child) => child instanceof HTMLElement && child.getAttribute('role') === 'tab');
    const labelOf = (tab) => (tab.textContent ?? '').trim();
    const synced = (list) => list.parentElement?.dataset.sync !== 'false';
    const isTabList = (element) => element.matches(':is(.tabs, .code-group) > [role="tablist"]');
    const menus = new Map();
    const select = (tab, focus) => {
        const list = tab.parentElement;
        if (!list)
            return;
        for (const other of tabsOf(list)) {
            const on = other === tab;
            other.setAttribute('aria-selected', String(on));
            other.tabIndex = on ? 0 : -1;
            const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
            if (panel)
                panel.hidden = !on;
        }
        const menu = menus.get(list);
        if (menu) {
            menu.value = String(tabsOf(list).indexOf(tab));
            menu.setAttribute('aria-labelledby', tab.id);
        }
        if (focus)
            tab.focus();
    };
    const choose = (tab, focus) => {
        if (!tab)
            return;
        const before = tab.getBoundingClientRect().top;
        select(tab, focus);
        if (tab.parentElement && synced(tab.parentElement)) {
            const label = labelOf(tab);
            for (const list of lists) {
                if (list === tab.parentElement || !synced(list))
                    continue;
                const match = tabsOf(list).find((other) => labelOf(other) === label);
                if (match && match.getAttribute('aria-selected') !== 'true')
                    select(match, false);
            }
            const earlier = store.get('docjet:tabs');
            store.set('docjet:tabs', [label, ...(Array.isArray(earlier) ? earlier : []).filter((item) => item !== label)].slice(0, 10));
        }
        const shift = tab.getBoundingClientRect().top - before;
        if (shift !== 0)
            window.scrollBy(0, shift);
    };
    if (lists.length > 0 || document.querySelector('details[data-fields]')) {
        const preferred = store.get('docjet:tabs');
        for (const list of lists) {
            if (Array.isArray(preferred) && synced(list)) {
                const tabs = tabsOf(list);
                for (const label of preferred) {
                    const match = tabs.find((tab) => labelOf(tab) === label);
                    if (match) {
                        if (match.getAttribute('aria-selected') !== 'true')
                            select(match, false);
                        break;
                    }
                }
            }
            if (list.parentElement?.matches('.code-group[data-dropdown]')) {
                const menu = document.createElement('select');
                menu.className = 'code-group-select';
                tabsOf(list).forEach((tab, index) => menu.add(new Option(labelOf(tab), String(index))));
                menu.addEventListener('change', () => choose(tabsOf(list)[Number(menu.value)], false));
                const bar = document.createElement('div');
                bar.className = 'code-group-menu';
                bar.append(menu);
                list.before(bar);
                list.hidden = true;
                menus.set(list, menu);
                const current = tabsOf(list).find((tab) => tab.getAttribute('aria-selected') === 'true');
                if (current)
                    select(current, false);
            }
        }
        document.addEventListener('click', (event) => {
            const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
            if (tab?.parentElement && isTabList(tab.parentElement))
                choose(tab, false);
        });
        document.addEventListener('keydown', (event) => {
            const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
            if (!tab?.parentElement || !isTabList(tab.parentElement))
                return;
            const tabs = tabsOf(tab.parentElement);
            const forward = getComputedStyle(tab).direction === 'rtl' ? -1 : 1;
            let index = tabs.indexOf(tab);
            if (event.key === 'ArrowRight')
                index += forward;
            else if (event.key === 'ArrowLeft')
                index -= forward;
            else if (event.key === 'Home')
                index = 0;
            else if (event.key === 'End')
                index = tabs.length - 1;
            else
                return;
            event.preventDefault();
            choose(tabs[(index + tabs.length) % tabs.length], true);
        });
    }
    const views = [...document.querySelectorAll('.view[data-title]')];
    const titles = [...new Set(views.map((view) => view.dataset.title ?? ''))];
    let showView;
    if (titles.length > 1) {
        const switcher = document.createElement('div');
        switcher.className = 'view-switcher';
        switcher.setAttribute('role', 'group');
        const buttons = titles.map((title) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.dataset.title = title;
            const label = views.find((view) => view.dataset.title === title)?.querySelector(':scope > .view-title');
            if (label)
                button.append(...[...label.childNodes].map((node) => node.cloneNode(true)));
            else
                button.textContent = title;
            button.addEventListener('click', () => {
                showView?.(title);
                store.set('docjet:view', title);
            });
            return button;
        });
        switcher.append(...buttons);
        views[0]?.before(switcher);
        for (const view of views)
            view.querySelector(':scope > .view-title')?.setAttribute('hidden', '');
        const links = [];
        for (const link of document.querySelectorAll('a[href^="#"]')) {
            const view = byHash(link.getAttribute('href'))?.closest('.view[data-title]');
            if (view && !view.contains(link))
                links.push([link.closest('li') ?? link, view]);
        }
        showView = (title) => {
            for (const view of views)
                view.hidden = view.dataset.title !== title;
            for (const button of buttons)
                button.setAttribute('aria-pressed', String(button.dataset.title === title));
            for (const [item, view] of links)
                item.hidden = view.hidden;
        };
        const saved = store.get('docjet:view');
        showView(typeof saved === 'string' && titles.includes(saved) ? saved : (titles[0] ?? ''));
    }
    for (const step of document.querySelectorAll('.step[value]'))
        step.style.counterSet = `dj-step ${step.value}`;
    for (const heading of document.querySelectorAll('.prose :is(h2, h3, h4, h5, h6)[id]:not(.sr-only, .update-label), .field[id] > .field-header')) {
        if (heading.querySelector('.heading-anchor'))
            continue;
        const anchor = document.createElement('a');
        anchor.className = 'heading-anchor';
        anchor.href = `#${encodeURIComponent(heading.id || heading.parentElement.id)}`;
        anchor.setAttribute('aria-hidden', 'true');
        anchor.tabIndex = -1;
        heading.append(anchor);
    }
    const reveal = () => {
        const target = byHash(location.hash);
        if (!target)
            return;
        let changed = false;
        const tab = target.closest('[role="tab"]');
        if (tab) {
            select(tab, false);
            changed = true;
        }
        for (let node = target; node; node = node.parentElement) {
            if (node instanceof HTMLDetailsElement && !node.open) {
                node.open = true;
                changed = true;
            }
            if (node.matches('[role="tabpanel"][hidden]')) {
                const tab = document.getElementById(node.getAttribute('aria-labelledby') ?? '');
                if (tab)
                    select(tab, false);
                changed = true;
            }
            if (node.matches('.view[hidden]') && showView) {
                showView(node.dataset.title ?? '');
                changed = true;
            }
        }
        if (changed)
            target.scrollIntoView();
    };
    if (document.querySelector('details, [role="tabpanel"], .view')) {
        reveal();
        window.addEventListener('hashchange', reveal);
    }
    if (document.querySelector('.tooltip')) {
        const place = (tip) => {
            const content = tip.querySelector(':scope > .tooltip-content');
            if (!content)
                return;
            tip.style.removeProperty('--tooltip-shift');
            delete tip.dataset.placement;
            const box = content.getBoundingClientRect();
            const room = document.documentElement.clientWidth - 8;
            const shift = box.left < 8 ? 8 - box.left : box.right > room ? room - box.right : 0;
            if (shift !== 0)
                tip.style.setProperty('--tooltip-shift', `${Math.round(shift)}px`);
            if (box.top < (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0))
                tip.dataset.placement = 'bottom';
        };
        const tipOf = (event) => {
            const tip = event.target instanceof Element ? event.target.closest('.tooltip') : null;
            return tip && !(event.relatedTarget instanceof Node && tip.contains(event.relatedTarget)) ? tip : null;
        };
        const enter = (event) => {
            const tip = tipOf(event);
            if (tip)
                place(tip);
        };
        const leave = (event) => {
            const tip = tipOf(event);
            if (tip)
                delete tip.dataset.dismissed;
        };
        document.addEventListener('pointerover', enter);
        document.addEventListener('focusin', enter);
        document.addEventListener('pointerout', leave);
        document.addEventListener('focusout', leave);
        document.addEventListener('keydown', (event) => {
            if (event.key !== 'Escape')
                return;
            for (const tip of document.querySelectorAll('.tooltip:is(:hover, :focus-within)'))
                tip.dataset.dismissed = '';
        });
    }
    const prompts = document.querySelectorAll('.prompt');
    if (prompts.length > 0) {
        let strings = {};
        try {
            strings = JSON.parse(document.querySelector('meta[name="docjet:strings"]')?.content ?? '{}');
        }
        catch {
        }
        const copyWord = strings.copy ?? 'Copy';
        const copiedWord = strings.copied ?? 'Copied';
        const copy = async (text) => {
            if (navigator.clipboard && window.isSecureContext)
                return navigator.clipboard.writeText(text);
            const area = Object.assign(document.createElement('textarea'), { value: text, readOnly: true });
            area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
            document.body.append(area);
            area.select();
            document.execCommand('copy');
            area.remove();
        };
        for (const prompt of prompts) {
            const body = prompt.querySelector(':scope > .prompt-body');
            if (!body)
                continue;
            const actions = (prompt.dataset.actions ?? 'copy').split(',');
            const bar = document.createElement('div');
            bar.className = 'prompt-actions';
            bar.setAttribute('aria-live', 'polite');
            if (actions.includes('copy')) {
                const button = document.createElement('button');
                button.type = 'button';
                button.textContent = copyWord;
                button.addEventListener('click', () => {
                    copy(body.innerText.trim()).then(() => {
                        button.textContent = copiedWord;
                        setTimeout(() => (button.textContent = copyWord), 1600);
                    }, () => { });
                });
                bar.append(button);
            }
            if (actions.includes('cursor')) {
                const link = document.createElement('a');
                link.href = `https://cursor.com/link/prompt?text=${encodeURIComponent(body.innerText.trim())}`;
                link.target = '_blank';
                link.rel = 'noopener';
                link.textContent = 'Cursor ↗';
                bar.append(link);
            }
            if (bar.childElementCount === 0)
                continue;
            let head = prompt.querySelector(':scope > .prompt-description');
            if (!head) {
                head = document.createElement('div');
                head.className = 'prompt-toolbar';
                prompt.prepend(head);
            }
            head.append(bar);
        }
    }
}
