/*
 * The dev client: the script `docjet dev` adds after the site's own scripts on the pages it serves
 * (never in `build` output: src/render/assets.ts leaves it out of the page script, and
 * src/dev/client-script.ts serves it). It listens on the live-reload channel
 * (src/dev/live-reload.ts; the events are declared in src/portable/dev-channel.ts) and:
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
 * A classic script, one block like the page script's files (the channel's types come in as
 * `import()` types, which keep it one); its behaviour is covered by test/e2e/dev.test.ts.
 */
{
  type LiveEvent = import('../portable/dev-channel.js').LiveEvent;
  type OverlayEntry = import('../portable/dev-channel.js').OverlayEntry;
  type EventOf<Type extends LiveEvent['type']> = Extract<LiveEvent, { type: Type }>;

  const script = document.currentScript as HTMLScriptElement | null;
  const events = new URL('events', script ? script.src : location.href);
  events.searchParams.set('page', location.pathname);
  // The page script sets these up once, when the page loads: a changed block holding one means a reload.
  const ENHANCED = '[role="tablist"], .code-group, .view[data-title], pre.mermaid, .prompt, .step[value], [data-playground]';
  // Containers whose children are compared one by one; any other changed element is replaced whole.
  const CONTAINERS = new Set(['MAIN', 'ARTICLE']);
  const CONTAINER_CLASSES = ['prose'];
  // What must be unchanged for an in-place swap.
  const FIXED = ['header.topbar', '#sidebar', '.toc-column', '.sidebar-toggle'];

  const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');
  const fetchPage = async (): Promise<{ status: number; doc: Document }> => {
    const response = await fetch(location.href, { cache: 'no-store', headers: { 'x-docjet-dev': '1' } });
    return { status: response.status, doc: parse(await response.text()) };
  };
  // The page as served, before the page script changed it: what the next version is compared with.
  let served: Promise<Document | null> = fetchPage().then(
    (page) => (page.status === 200 ? page.doc : null),
    () => null,
  );

  const html = (node: Element | null | undefined): string => (node ? node.outerHTML : '');
  const sheets = (doc: Document): string => [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')).join(' ');
  const enhanced = (nodes: readonly Element[]): boolean => nodes.some((node) => node.matches(ENHANCED) || node.querySelector(ENHANCED));
  const isContainer = (node: Element): boolean => CONTAINERS.has(node.tagName) || CONTAINER_CLASSES.some((name) => node.classList.contains(name));

  /** Swaps the children of live that differ between before and after; false when only a reload can show the change. */
  const patch = (live: Element, before: Element, after: Element): boolean => {
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
    const [removedOne] = removed;
    const [addedOne] = added;
    if (removed.length === 1 && added.length === 1 && removedOne && addedOne && removedOne.tagName === addedOne.tagName && isContainer(removedOne)) {
      const target = current[start];
      if (html(removedOne.cloneNode(false) as Element) !== html(addedOne.cloneNode(false) as Element)) return false;
      return target !== undefined && patch(target, removedOne, addedOne);
    }
    if (enhanced(removed) || enhanced(added)) return false;
    const anchor = current[current.length - end] || null;
    for (const node of current.slice(start, current.length - end)) node.remove();
    for (const node of added) live.insertBefore(document.importNode(node, true), anchor);
    return true;
  };

  const swap = (before: Document, after: Document): boolean => {
    if (sheets(before) !== sheets(after) || before.body.getAttribute('data-mode') !== after.body.getAttribute('data-mode')) return false;
    if (FIXED.some((selector) => html(before.querySelector(selector)) !== html(after.querySelector(selector)))) return false;
    const live = document.querySelector('main');
    const old = before.querySelector('main');
    const next = after.querySelector('main');
    if (!live || !old || !next || !patch(live, old, next)) return false;
    document.title = after.title;
    return true;
  };

  let queue: Promise<void> = Promise.resolve();
  const update = (): Promise<void> => {
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
  const recolour = (): Promise<void> => {
    queue = queue
      .then(async () => {
        const after = await fetchPage();
        if (after.status !== 200) return;
        const byText = new Map<string | null, Element[]>();
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
  const element = (tag: string, className?: string, text?: string): HTMLElement => {
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

  const entryNode = (entry: OverlayEntry): HTMLElement => {
    const node = element('div', 'entry');
    node.dataset.severity = entry.severity;
    const where = element('div', 'where', `${entry.where} `);
    where.append(element('span', entry.severity, entry.severity), document.createTextNode(` ${entry.code}`));
    node.append(where, element('div', 'message', entry.message));
    if (entry.fix) node.append(element('div', 'fix', entry.fix));
    if (entry.source) {
      const number = entry.where.split(':')[1] || '';
      const gutter = ' '.repeat(number.length);
      const caret = entry.source.text.slice(0, Math.max(entry.source.column - 1, 0)).replace(/[^\t]/g, ' ');
      node.append(element('pre', 'source', `${number} | ${entry.source.text}\n${gutter} | ${caret}^`));
    }
    return node;
  };

  const showOverlay = (entries: readonly OverlayEntry[]): void => {
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
    const shadow = host.shadowRoot;
    if (!shadow) return;
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

  // ── The channel ──
  let instance: string | undefined;
  const source = new EventSource(events);
  const on = <Type extends LiveEvent['type']>(type: Type, handle: (data: Omit<EventOf<Type>, 'type'>) => void): void =>
    source.addEventListener(type, (event) => handle(JSON.parse((event as MessageEvent<string>).data) as Omit<EventOf<Type>, 'type'>));
  on('hello', (data) => {
    // A restarted server, or a page that changed between being served and connecting: reload.
    if ((instance !== undefined && data.instance !== instance) || data.stale) return location.reload();
    instance = data.instance;
    showOverlay(data.overlay);
    if (data.colours) void recolour();
  });
  on('colours', () => void recolour());
  on('content', (data) => void update().then(() => showOverlay(data.overlay)));
  on('overlay', (data) => showOverlay(data.overlay));
  on('reload', () => location.reload());
  // A page used a class no page used before: the utilities' stylesheet is fetched again, in place.
  on('utilities', () => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-utilities]')) {
      const url = new URL(link.href);
      url.searchParams.set('v', String(Date.now()));
      link.href = url.href;
    }
  });
  addEventListener('pagehide', () => source.close());
}
