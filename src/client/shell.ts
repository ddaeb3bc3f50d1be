/* The page shell's behaviour. Everything here enhances markup that already works without
   JavaScript: menus are <details>, the sidebar is links, the theme follows the OS, the phone
   drawer opens with a <details>. */
{
  const root = document.documentElement;

  // Light/dark toggle: shown only when JavaScript runs; the choice is remembered.
  const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
  if (toggle && !root.hasAttribute('data-fixed-theme')) {
    toggle.hidden = false;
    const current = (): string => root.dataset.theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    const label = toggle.getAttribute('aria-label');
    const sync = (): void => toggle.setAttribute('aria-pressed', String(current() === 'dark'));
    sync();
    toggle.addEventListener('click', () => {
      const next = current() === 'dark' ? 'light' : 'dark';
      root.dataset.theme = next;
      try {
        localStorage.setItem('docjet-theme', next);
      } catch {}
      sync();
      document.dispatchEvent(new CustomEvent('docjet:theme', { detail: next }));
    });
    toggle.setAttribute('title', label || '');
  }

  // Menus: one open at a time, closed by a click elsewhere or Escape (focus returns to the menu).
  // Found when used, not once: switching version swaps the tabs and sidebar menus (nav-switch.ts).
  const menus = (): HTMLDetailsElement[] => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  const closeAll = (except?: Element): void => {
    for (const menu of menus()) if (menu !== except) menu.open = false;
  };
  // `toggle` does not bubble: caught on its way down.
  document.addEventListener(
    'toggle',
    (event) => {
      const menu = event.target;
      if (menu instanceof HTMLDetailsElement && menu.matches('[data-menu]') && menu.open) closeAll(menu);
    },
    true,
  );
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('details[data-menu]')) closeAll();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = menus().find((menu) => menu.open);
    if (open) {
      open.open = false;
      open.querySelector('summary')?.focus();
      // This Escape is spent: the drawer around the menu stays open.
      event.preventDefault();
    }
  });

  // The current page's sidebar link scrolled into view on long sidebars, also once another
  // version's sidebar is shown.
  const revealCurrent = (): void => {
    const sidebar = document.querySelector('.sidebar');
    const currentLink = sidebar?.querySelector('[aria-current="page"]');
    if (!sidebar || !currentLink) return;
    const box = currentLink.getBoundingClientRect();
    const frame = sidebar.getBoundingClientRect();
    if (box.bottom > frame.bottom || box.top < frame.top) sidebar.scrollTop += box.top - frame.top - frame.height / 3;
  };
  revealCurrent();
  document.addEventListener('docjet:navigation', revealCurrent);

  // Phones: the menu button opens the header as a drawer (assets/css/layout.css, "Narrow screens").
  // While it is open focus stays in it, like in a dialog: Tab cycles through its controls and the
  // rest of the page is inert. Escape, the button and following a link close it; Escape gives
  // focus back to the button. The <details> that opens it without JavaScript is not needed.
  const drawer = document.querySelector<HTMLElement>('header.topbar');
  const drawerButton = drawer?.querySelector<HTMLButtonElement>('[data-drawer-button]');
  if (drawer && drawerButton) {
    drawer.querySelector('[data-sidebar-toggle]')?.remove();
    drawerButton.hidden = false;
    const isOpen = (): boolean => drawer.hasAttribute('data-open');
    const controls = (): HTMLElement[] =>
      [...drawer.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), summary, input, [tabindex]:not([tabindex="-1"])')].filter(
        (control) => control.getClientRects().length > 0,
      );
    const setOpen = (open: boolean): void => {
      drawer.toggleAttribute('data-open', open);
      drawerButton.setAttribute('aria-expanded', String(open));
      for (const other of document.body.children) if (other !== drawer && other instanceof HTMLElement) other.inert = open;
    };
    const close = (returnFocus: boolean): void => {
      if (!isOpen()) return;
      setOpen(false);
      if (returnFocus) drawerButton.focus();
    };
    drawerButton.addEventListener('click', () => {
      if (isOpen()) return close(false);
      setOpen(true);
      revealCurrent();
      // Into what the drawer shows: the first of its links, switchers, tabs or sidebar.
      controls()
        .find((control) => control.closest('.topbar-links, .tabs, .sidebar'))
        ?.focus();
    });
    drawer.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) close(false);
    });
    document.addEventListener('keydown', (event) => {
      if (!isOpen()) return;
      if (event.key === 'Escape' && !event.defaultPrevented) close(true);
      if (event.key !== 'Tab') return;
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
    // Wider than a phone the header is a bar again.
    matchMedia('(max-width: 820px)').addEventListener('change', (query) => {
      if (!query.matches) close(false);
    });
  }

  // Table of contents: the heading being read is marked.
  const tocLinks = [...document.querySelectorAll('.toc a[href^="#"]')];
  if (tocLinks.length > 0 && 'IntersectionObserver' in window) {
    const byId = new Map<Element, Element>();
    for (const link of tocLinks) {
      const id = decodeURIComponent((link.getAttribute('href') ?? '').slice(1));
      const heading = document.getElementById(id);
      if (heading) byId.set(heading, link);
    }
    const visible = new Set<Element>();
    const mark = (): void => {
      let chosen: Element | undefined;
      for (const heading of byId.keys()) {
        if (visible.has(heading)) {
          chosen = heading;
          break;
        }
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) {
        // At the end of the page the last heading is the one being read, even if it never reached the top.
        const headings = [...byId.keys()];
        chosen = headings.findLast((heading) => heading.getBoundingClientRect().top < window.innerHeight) ?? chosen;
      } else if (!chosen) {
        // Between headings: the last one above the viewport.
        for (const heading of byId.keys()) if (heading.getBoundingClientRect().top < 120) chosen = heading;
      }
      for (const [heading, link] of byId) {
        if (heading === chosen) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        mark();
      },
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const heading of byId.keys()) observer.observe(heading);
    // A fast scroll can jump over every heading without an intersection change: check on scroll too.
    let pending = false;
    window.addEventListener(
      'scroll',
      () => {
        if (pending) return;
        pending = true;
        requestAnimationFrame(() => {
          pending = false;
          mark();
        });
      },
      { passive: true },
    );
    mark();
  }

  // Tables scroll sideways when they are wider than the page (prose.css): one that does is a tab
  // stop, so a reader without a mouse can scroll it with the arrow keys.
  const scrollableTables = (): void => {
    for (const table of document.querySelectorAll<HTMLElement>('.prose table')) {
      if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
      else table.removeAttribute('tabindex');
    }
  };
  scrollableTables();
  let resizing = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(scrollableTables);
  });

  // Dismissible banner, remembered per banner text. Switching language can swap the banner
  // (nav-switch.ts), so the one shown is looked at again then.
  const bannerKey = (banner: HTMLElement): string => `docjet-banner-${banner.dataset.banner}`;
  const showBanner = (): void => {
    const banner = document.querySelector<HTMLElement>('.banner[data-banner]');
    const dismiss = banner?.querySelector<HTMLElement>('[data-banner-dismiss]');
    if (!banner || !dismiss) return;
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(bannerKey(banner)) === '1';
    } catch {}
    if (dismissed) banner.remove();
    else dismiss.hidden = false;
  };
  showBanner();
  document.addEventListener('docjet:navigation', showBanner);
  document.addEventListener('click', (event) => {
    const banner = event.target instanceof Element ? event.target.closest('[data-banner-dismiss]')?.closest<HTMLElement>('.banner[data-banner]') : null;
    if (!banner) return;
    banner.remove();
    try {
      localStorage.setItem(bannerKey(banner), '1');
    } catch {}
  });
}
