/**
 * The dev client: the script `docjet dev` adds after the site's own scripts on the pages it serves
 * (never in `build` output). It listens on the live-reload channel (live-reload.ts) and:
 *
 * - on `content`, fetches the page again and swaps in place the blocks that changed, comparing the
 *   page as it was served with the new one (not with the live page, which the page script has
 *   changed): unchanged blocks stay the same elements, so the scroll position, open accordions and
 *   the table of contents' observer are kept. When the navigation, the table of contents, the
 *   stylesheets or a block the page script sets up at load (tabs, code groups, views, diagrams)
 *   changed, it reloads instead: the browser keeps the scroll position on a reload;
 * - on `colours` (code first shown uncoloured while its grammar compiled), fetches the page again
 *   and puts the coloured code into each code block whose text is the same, touching nothing else
 *   and never reloading;
 * - on `utilities` (a page used a Tailwind class no page used before), fetches the utilities'
 *   stylesheet again, in place;
 * - on `reload`, reloads; after a restart of the server (a new `instance`), reloads once;
 * - shows the error overlay it is sent (`file:line:col`, message, fix, the source line), written
 *   as text, in a shadow root so the site's styles cannot touch it; an empty list removes it.
 *
 * It is served as written, so it is plain JavaScript for current browsers: the page script's
 * TypeScript (src/client) is concatenated into every built page, which this must never be. Its
 * behaviour is covered by the browser test test/e2e/dev.test.ts.
 */
export const CLIENT_PATH = '_docjet/dev/client.js';

export const CLIENT_SCRIPT = String.raw`"use strict";
{
  const script = document.currentScript;
  const events = new URL('events', script ? script.src : location.href);
  events.searchParams.set('page', location.pathname);
  // The page script sets these up once, when the page loads: a changed block holding one means a reload.
  const ENHANCED = '[role="tablist"], .code-group, .view[data-title], pre.mermaid, .prompt, .step[value], [data-playground]';
  // Containers whose children are compared one by one; any other changed element is replaced whole.
  const CONTAINERS = new Set(['MAIN', 'ARTICLE']);
  const CONTAINER_CLASSES = ['prose'];
  // What must be unchanged for an in-place swap.
  const FIXED = ['header.topbar', '#sidebar', '.toc-column', '.sidebar-toggle'];

  const parse = (html) => new DOMParser().parseFromString(html, 'text/html');
  const fetchPage = async () => {
    const response = await fetch(location.href, { cache: 'no-store', headers: { 'x-docjet-dev': '1' } });
    return { status: response.status, doc: parse(await response.text()) };
  };
  // The page as served, before the page script changed it: what the next version is compared with.
  let served = fetchPage().then((page) => (page.status === 200 ? page.doc : null), () => null);

  const html = (node) => (node ? node.outerHTML : '');
  const sheets = (doc) => [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')).join(' ');
  const enhanced = (nodes) => nodes.some((node) => node.matches(ENHANCED) || node.querySelector(ENHANCED));
  const isContainer = (node) => CONTAINERS.has(node.tagName) || CONTAINER_CLASSES.some((name) => node.classList.contains(name));

  /** Swaps the children of live that differ between before and after; false when only a reload can show the change. */
  const patch = (live, before, after) => {
    const old = [...before.children];
    const next = [...after.children];
    const current = [...live.children];
    if (current.length !== old.length) return false;
    let start = 0;
    while (start < old.length && start < next.length && html(old[start]) === html(next[start])) start++;
    let end = 0;
    while (end < old.length - start && end < next.length - start && html(old[old.length - 1 - end]) === html(next[next.length - 1 - end])) end++;
    const removed = old.slice(start, old.length - end);
    const added = next.slice(start, next.length - end);
    if (removed.length === 0 && added.length === 0) return true;
    if (removed.length === 1 && added.length === 1 && removed[0].tagName === added[0].tagName && isContainer(removed[0])) {
      const target = current[start];
      if (html(removed[0].cloneNode(false)) !== html(added[0].cloneNode(false))) return false;
      return patch(target, removed[0], added[0]);
    }
    if (enhanced(removed) || enhanced(added)) return false;
    const anchor = current[current.length - end] || null;
    for (const node of current.slice(start, current.length - end)) node.remove();
    for (const node of added) live.insertBefore(document.importNode(node, true), anchor);
    return true;
  };

  const swap = (before, after) => {
    if (sheets(before) !== sheets(after) || before.body.getAttribute('data-mode') !== after.body.getAttribute('data-mode')) return false;
    if (FIXED.some((selector) => html(before.querySelector(selector)) !== html(after.querySelector(selector)))) return false;
    const live = document.querySelector('main');
    const old = before.querySelector('main');
    const next = after.querySelector('main');
    if (!live || !old || !next || !patch(live, old, next)) return false;
    document.title = after.title;
    return true;
  };

  let queue = Promise.resolve();
  const update = () => {
    queue = queue
      .then(async () => {
        const before = await served;
        const after = await fetchPage();
        if (!before || after.status !== 200 || !swap(before, after.doc)) return location.reload();
        served = Promise.resolve(after.doc);
        document.dispatchEvent(new CustomEvent('docjet:dev-updated'));
      })
      .catch(() => location.reload());
    return queue;
  };

  // Each code block gets the colours of the new page's block with the same text, in order. Colours
  // alone never reload the page: a block the page script wrote or changed (the Try-it panel's
  // request) has no match and stays as it is.
  const CODE = '.code-block pre > code';
  const recolour = () => {
    queue = queue
      .then(async () => {
        const after = await fetchPage();
        if (after.status !== 200) return;
        const byText = new Map();
        for (const code of after.doc.querySelectorAll(CODE)) {
          const same = byText.get(code.textContent) || [];
          same.push(code);
          byText.set(code.textContent, same);
        }
        for (const code of document.querySelectorAll(CODE)) {
          const next = (byText.get(code.textContent) || []).shift();
          if (next && code.innerHTML !== next.innerHTML) code.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
        }
        served = Promise.resolve(after.doc);
      })
      .catch(() => undefined);
    return queue;
  };

  // ── The error overlay ──
  let shown = '[]';
  let dismissed = false;
  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const STYLE =
    ':host{all:initial}' +
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
    const where = element('div', 'where', entry.where + ' ');
    where.append(element('span', entry.severity, entry.severity), document.createTextNode(' ' + entry.code));
    node.append(where, element('div', 'message', entry.message));
    if (entry.fix) node.append(element('div', 'fix', entry.fix));
    if (entry.source) {
      const number = entry.where.split(':')[1] || '';
      const gutter = ' '.repeat(number.length);
      const caret = entry.source.text.slice(0, Math.max(entry.source.column - 1, 0)).replace(/[^\t]/g, ' ');
      node.append(element('pre', 'source', number + ' | ' + entry.source.text + '\n' + gutter + ' | ' + caret + '^'));
    }
    return node;
  };

  const showOverlay = (entries) => {
    const json = JSON.stringify(entries);
    if (json !== shown) dismissed = false;
    shown = json;
    let host = document.getElementById('docjet-dev-overlay');
    if (entries.length === 0 || dismissed) {
      if (host) host.remove();
      return;
    }
    if (!host) {
      host = element('div');
      host.id = 'docjet-dev-overlay';
      host.attachShadow({ mode: 'open' });
      document.documentElement.append(host);
    }
    const errors = entries.filter((entry) => entry.severity === 'error').length;
    const counts = [errors && errors + (errors === 1 ? ' error' : ' errors'), entries.length - errors && entries.length - errors + (entries.length - errors === 1 ? ' warning' : ' warnings')].filter(Boolean).join(', ');
    const panel = element('div', 'panel');
    panel.setAttribute('role', 'alert');
    const head = element('div', 'head');
    const close = element('button', 'close', '×');
    close.setAttribute('aria-label', 'Hide until the next change');
    close.addEventListener('click', () => {
      dismissed = true;
      host.remove();
    });
    head.append(element('span', 'title', 'docjet dev · ' + counts + (errors ? ' (the last good version is shown)' : '')), close);
    panel.append(head, ...entries.map(entryNode));
    const style = element('style');
    style.textContent = STYLE;
    host.shadowRoot.replaceChildren(style, panel);
  };

  // ── The channel ──
  let instance;
  const source = new EventSource(events);
  const on = (type, handle) => source.addEventListener(type, (event) => handle(JSON.parse(event.data)));
  on('hello', (data) => {
    // A restarted server, or a page that changed between being served and connecting: reload.
    if ((instance !== undefined && data.instance !== instance) || data.stale) return location.reload();
    instance = data.instance;
    showOverlay(data.overlay);
    if (data.colours) recolour();
  });
  on('colours', () => recolour());
  on('content', (data) => update().then(() => showOverlay(data.overlay)));
  on('overlay', (data) => showOverlay(data.overlay));
  on('reload', () => location.reload());
  // A page used a class no page used before: the utilities' stylesheet is fetched again, in place.
  on('utilities', () => {
    for (const link of document.querySelectorAll('link[data-utilities]')) {
      const url = new URL(link.href);
      url.searchParams.set('v', String(Date.now()));
      link.href = url.href;
    }
  });
  addEventListener('pagehide', () => source.close());
}
`;
