/* The lazy sidebar of a large section (src/render/shell/sidebar.ts, `LAZY_SIDEBAR_BYTES`): the page
   holds its own groups whole, every other top-level group as its name, a link to its first page
   (`section[data-lazy]`), and every other nested group as a link to its first page in place of
   its list (`a[data-lazy]`, or `ul[data-lazy]` around the entry of a first page that links
   elsewhere), which works without JavaScript. The section's full sidebar is one fragment
   named on the nav (`data-nav-fragment`, under `_docjet/nav/`, its name a hash of its content),
   fetched once: as soon as the page is read when a top-level group (always expanded, so in view)
   is a stub, else when the reader first points at or focuses the sidebar or opens such a group.
   The tab keeps it (sessionStorage, under its name) and fills the section's next pages from it
   without a request. Each stub group or list is replaced by its own in the fragment, matched by
   `data-group`. Only stubs are replaced, so the groups the reader opened stay open and
   the current page stays marked. A big list of pages (a group's, nested or top-level, or a run of
   the section's own pages, which is named by `data-list`) shows only the entries around the
   current page (`ul[data-lazy="window"]`, `WINDOW_GROUP_BYTES`), replaced the same way: its
   current entry is marked again and kept where it was on screen. Switching version swaps in a full sidebar
   without the attribute (nav-switch.ts): there is nothing left to fill then, and listeners look
   the nav up each time. */
{
  const assets = document.querySelector<HTMLMetaElement>('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
  let loading: Promise<void> | undefined;

  /** The page's own lazy sidebar, if it is still shown and not yet filled. */
  const lazyNav = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>('aside.sidebar > nav[data-nav-fragment]') : null);

  /** What finds a list in the full sidebar: its own `data-list`, else its group's `data-group` (a `details` or a top-level `section`). */
  const keyOf = (list: Element): string | null | undefined => list.getAttribute('data-list') ?? list.parentElement?.getAttribute('data-group');

  /** Each stub group, stub list or window of `nav` replaced by its own in the full sidebar. */
  const fill = (nav: HTMLElement, html: string): void => {
    const full = document.createElement('template');
    full.innerHTML = html;
    const sections = new Map<string | null, Element>();
    for (const section of full.content.querySelectorAll('section[data-group]')) sections.set(section.getAttribute('data-group'), section);
    for (const stub of nav.querySelectorAll('section[data-lazy]')) {
      const section = sections.get(stub.getAttribute('data-group'));
      if (section) stub.replaceWith(section);
    }
    const lists = new Map<unknown, Element>();
    for (const list of full.content.querySelectorAll('ul.nav-list')) lists.set(keyOf(list), list);
    for (const stub of nav.querySelectorAll(':not(section)[data-lazy]')) {
      const list = lists.get(keyOf(stub) ?? 0);
      if (list) replaceList(stub, list);
    }
    nav.removeAttribute('data-nav-fragment');
  };

  /**
   * `shown` replaced by `whole`. A window's current entry is marked again and kept where it was on
   * screen: the entries now above it would push it down under the reader's pointer. The sidebar's
   * scrolling boxes (the sidebar, or the page on phones) are scrolled back, nearest first.
   */
  const replaceList = (shown: Element, whole: Element): void => {
    const current = shown.querySelector('a[aria-current]');
    const top = current?.getBoundingClientRect().top ?? 0;
    shown.replaceWith(whole);
    const again = [...whole.querySelectorAll('a')].find((link) => link.getAttribute('href') === current?.getAttribute('href'));
    again?.setAttribute('aria-current', 'page');
    for (let box = again?.parentElement; again && box; box = box.parentElement) box.scrollTop += again.getBoundingClientRect().top - top;
  };

  /** Where this tab keeps the last section's full sidebar it fetched, under its name: a hash of its content, so never stale. */
  const KEPT = 'docjet:sidebar:';
  const kept = (name: string): string | null => {
    try {
      return sessionStorage.getItem(KEPT + name);
    } catch {
      return null;
    }
  };
  const keep = (name: string, html: string): void => {
    try {
      for (const key of Object.keys(sessionStorage)) if (key.startsWith(KEPT)) sessionStorage.removeItem(key);
      sessionStorage.setItem(KEPT + name, html);
    } catch {}
  };

  const load = (nav: HTMLElement): void => {
    const name = nav.dataset.navFragment;
    if (loading || !name) return;
    loading = fetch(`${assets}nav/${name}.html`)
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        return response.text();
      })
      .then((html) => {
        keep(name, html);
        fill(nav, html);
      })
      // The stubs still lead to each group's first page; the next use tries again.
      .catch(() => {
        loading = undefined;
      });
  };

  // `toggle` does not bubble: listened for while capturing. Groups opened by the page itself
  // (those on its trail) fetch nothing: they are whole or hold a window, and the browser fires
  // `toggle` for each group written open too, before or after this script runs (a race), so a
  // window waits for the reader to point at or focus the sidebar.
  document.addEventListener(
    'toggle',
    (event) => {
      const nav = lazyNav(event.target);
      const group = event.target instanceof HTMLDetailsElement ? event.target : null;
      if (nav && group?.open && group.querySelector(':scope > [data-lazy=""]')) load(nav);
    },
    true,
  );
  for (const type of ['pointerover', 'focusin']) {
    document.addEventListener(type, (event) => {
      const nav = lazyNav(event.target);
      if (nav) load(nav);
    });
  }

  // A section's full sidebar this tab already fetched fills the page at once, before the reader
  // uses it. Otherwise top-level groups, which are always expanded and so in view, are filled as
  // soon as the page is read; nested groups, closed, wait for the reader.
  const nav = document.querySelector<HTMLElement>('aside.sidebar > nav[data-nav-fragment]');
  const name = nav?.dataset.navFragment;
  const html = name ? kept(name) : null;
  if (nav && html !== null) fill(nav, html);
  else if (nav?.querySelector('section[data-lazy]')) load(nav);
}
