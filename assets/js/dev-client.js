"use strict";
{
    const script = document.currentScript;
    const events = new URL('events', script ? script.src : location.href);
    events.searchParams.set('page', location.pathname);
    const ENHANCED = '[role="tablist"], .code-group, .view[data-title], pre.mermaid, .prompt, .step[value], [data-playground]';
    const CONTAINERS = new Set(['MAIN', 'ARTICLE']);
    const CONTAINER_CLASSES = ['prose'];
    const FIXED = ['header.topbar', '#sidebar', '.toc-column', '.sidebar-toggle'];
    const parse = (html) => new DOMParser().parseFromString(html, 'text/html');
    const fetchPage = async () => {
        const response = await fetch(location.href, { cache: 'no-store', headers: { 'x-docjet-dev': '1' } });
        return { status: response.status, doc: parse(await response.text()) };
    };
    let served = fetchPage().then((page) => (page.status === 200 ? page.doc : null), () => null);
    const html = (node) => (node ? node.outerHTML : '');
    const sheets = (doc) => [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')).join(' ');
    const enhanced = (nodes) => nodes.some((node) => node.matches(ENHANCED) || node.querySelector(ENHANCED));
    const isContainer = (node) => CONTAINERS.has(node.tagName) || CONTAINER_CLASSES.some((name) => node.classList.contains(name));
    const patch = (live, before, after) => {
        const old = [...before.children];
        const next = [...after.children];
        const current = [...live.children];
        if (current.length !== old.length)
            return false;
        let start = 0;
        while (start < old.length && start < next.length && html(old[start]) === html(next[start]))
            start++;
        let end = 0;
        while (end < old.length - start && end < next.length - start && html(old[old.length - 1 - end]) === html(next[next.length - 1 - end]))
            end++;
        const removed = old.slice(start, old.length - end);
        const added = next.slice(start, next.length - end);
        if (removed.length === 0 && added.length === 0)
            return true;
        const [removedOne] = removed;
        const [addedOne] = added;
        if (removed.length === 1 && added.length === 1 && removedOne && addedOne && removedOne.tagName === addedOne.tagName && isContainer(removedOne)) {
            const target = current[start];
            if (html(removedOne.cloneNode(false)) !== html(addedOne.cloneNode(false)))
                return false;
            return target !== undefined && patch(target, removedOne, addedOne);
        }
        if (enhanced(removed) || enhanced(added))
            return false;
        const anchor = current[current.length - end] || null;
        for (const node of current.slice(start, current.length - end))
            node.remove();
        for (const node of added)
            live.insertBefore(document.importNode(node, true), anchor);
        return true;
    };
    const swap = (before, after) => {
        if (sheets(before) !== sheets(after) || before.body.getAttribute('data-mode') !== after.body.getAttribute('data-mode'))
            return false;
        if (FIXED.some((selector) => html(before.querySelector(selector)) !== html(after.querySelector(selector))))
            return false;
        const live = document.querySelector('main');
        const old = before.querySelector('main');
        const next = after.querySelector('main');
        if (!live || !old || !next || !patch(live, old, next))
            return false;
        document.title = after.title;
        return true;
    };
    let queue = Promise.resolve();
    const update = () => {
        queue = queue
            .then(async () => {
            const before = await served;
            const after = await fetchPage();
            if (!before || after.status !== 200 || !swap(before, after.doc))
                return location.reload();
            served = Promise.resolve(after.doc);
            document.dispatchEvent(new CustomEvent('docjet:dev-updated'));
        })
            .catch(() => location.reload());
        return queue;
    };
    const CODE = '.code-block pre > code';
    const recolour = () => {
        queue = queue
            .then(async () => {
            const after = await fetchPage();
            if (after.status !== 200)
                return;
            const byText = new Map();
            for (const code of after.doc.querySelectorAll(CODE)) {
                const same = byText.get(code.textContent) || [];
                same.push(code);
                byText.set(code.textContent, same);
            }
            for (const code of document.querySelectorAll(CODE)) {
                const next = (byText.get(code.textContent) || []).shift();
                if (next && code.innerHTML !== next.innerHTML)
                    code.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
            }
            served = Promise.resolve(after.doc);
        })
            .catch(() => undefined);
        return queue;
    };
    let shown = '[]';
    let dismissed = false;
    const element = (tag, className, text) => {
        const node = document.createElement(tag);
        if (className)
            node.className = className;
        if (text !== undefined)
            node.textContent = text;
        return node;
    };
    const STYLE = ':host{all:initial}' +
        '.panel{position:fixed;inset:auto 0 0 0;max-height:55vh;overflow:auto;z-index:2147483647;background:#1b1d23;color:#e6e6e6;' +
        'font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;border-top:3px solid #e5534b;box-shadow:0 -8px 24px rgba(0,0,0,.35)}' +
        '.head{display:flex;justify-content:space-between;align-items:center;padding:8px 16px;background:#24272e;position:sticky;top:0}' +
        '.title{font-weight:600}.close{all:unset;cursor:pointer;padding:0 6px;font-size:18px}.close:focus-visible{outline:2px solid #58a6ff}' +
        '.entry{padding:10px 16px;border-bottom:1px solid #30343c}.where{color:#79c0ff}.error{color:#ff7b72}.warning{color:#e3b341}' +
        '.message{white-space:pre-wrap}.fix{color:#a5d6a7;white-space:pre-wrap}' +
        'pre{margin:6px 0 0;padding:6px 8px;background:#111318;overflow:auto;white-space:pre}';
    const entryNode = (entry) => {
        const node = element('div', 'entry');
        node.dataset.severity = entry.severity;
        const where = element('div', 'where', `${entry.where} `);
        where.append(element('span', entry.severity, entry.severity), document.createTextNode(` ${entry.code}`));
        node.append(where, element('div', 'message', entry.message));
        if (entry.fix)
            node.append(element('div', 'fix', entry.fix));
        if (entry.source) {
            const number = entry.where.split(':')[1] || '';
            const gutter = ' '.repeat(number.length);
            const caret = entry.source.text.slice(0, Math.max(entry.source.column - 1, 0)).replace(/[^\t]/g, ' ');
            node.append(element('pre', 'source', `${number} | ${entry.source.text}\n${gutter} | ${caret}^`));
        }
        return node;
    };
    const showOverlay = (entries) => {
        const json = JSON.stringify(entries);
        if (json !== shown)
            dismissed = false;
        shown = json;
        let host = document.getElementById('docjet-dev-overlay');
        if (entries.length === 0 || dismissed) {
            if (host)
                host.remove();
            return;
        }
        if (!host) {
            host = element('div');
            host.id = 'docjet-dev-overlay';
            host.attachShadow({ mode: 'open' });
            document.documentElement.append(host);
        }
        const shadow = host.shadowRoot;
        if (!shadow)
            return;
        const errors = entries.filter((entry) => entry.severity === 'error').length;
        const warnings = entries.length - errors;
        const counts = [errors && errors + (errors === 1 ? ' error' : ' errors'), warnings && warnings + (warnings === 1 ? ' warning' : ' warnings')].filter(Boolean).join(', ');
        const panel = element('div', 'panel');
        panel.setAttribute('role', 'alert');
        const head = element('div', 'head');
        const close = element('button', 'close', '×');
        close.setAttribute('aria-label', 'Hide until the next change');
        close.addEventListener('click', () => {
            dismissed = true;
            host.remove();
        });
        head.append(element('span', 'title', `docjet dev · ${counts}${errors ? ' (the last good version is shown)' : ''}`), close);
        panel.append(head, ...entries.map(entryNode));
        const style = element('style');
        style.textContent = STYLE;
        shadow.replaceChildren(style, panel);
    };
    let instance;
    const source = new EventSource(events);
    const on = (type, handle) => source.addEventListener(type, (event) => handle(JSON.parse(event.data)));
    on('hello', (data) => {
        if ((instance !== undefined && data.instance !== instance) || data.stale)
            return location.reload();
        instance = data.instance;
        showOverlay(data.overlay);
        if (data.colours)
            void recolour();
    });
    on('colours', () => void recolour());
    on('content', (data) => void update().then(() => showOverlay(data.overlay)));
    on('overlay', (data) => showOverlay(data.overlay));
    on('reload', () => location.reload());
    on('utilities', () => {
        for (const link of document.querySelectorAll('link[data-utilities]')) {
            const url = new URL(link.href);
            url.searchParams.set('v', String(Date.now()));
            link.href = url.href;
        }
    });
    addEventListener('pagehide', () => source.close());
}
