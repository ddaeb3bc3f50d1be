/*
 * Search, as every page loads it: the header's search button and Ctrl-K (⌘-K on a Mac) open the
 * dialog, whose script (src/client/search-dialog.mts, the URL in the button's
 * `data-search-script`) and index load on first use; the button's label follows a language
 * switched in place. The button is hidden without JavaScript, where it could do nothing. A
 * module, not part of the page script (src/render/assets.ts joins the `.js` files only), so that
 * it can `import()` the dialog.
 */
interface SearchDialog {
  openSearch(opener: HTMLElement): void;
}

const button = document.querySelector<HTMLButtonElement>('button[data-search-button]');
if (button?.dataset.searchScript) {
  const script = button.dataset.searchScript;
  let dialog: Promise<SearchDialog> | undefined;
  const load = (): Promise<SearchDialog> => {
    dialog ??= import(script) as Promise<SearchDialog>;
    dialog.catch(() => (dialog = undefined));
    return dialog;
  };
  const open = (): void => {
    load()
      .then((module) => module.openSearch(button))
      .catch(() => {});
  };
  const mac = /mac|iphone|ipad/i.test(navigator.platform);
  const key = button.querySelector('.search-key');
  if (key && mac) key.textContent = '⌘K';
  button.hidden = false;
  button.addEventListener('click', open);
  // Fetched as the pointer or focus nears the button: the dialog is ready when it is pressed.
  button.addEventListener('pointerenter', () => void load().catch(() => {}), { once: true });
  button.addEventListener('focus', () => void load().catch(() => {}), { once: true });
  // A language switched in place puts its words on the button (src/client/nav-switch.ts): its label follows.
  document.addEventListener('docjet:navigation', () => {
    const label = button.querySelector('.search-label');
    try {
      const words = JSON.parse(button.dataset.searchStrings ?? '{}') as { search?: string };
      if (label && words.search) label.textContent = words.search;
    } catch {}
  });
  document.addEventListener('keydown', (event) => {
    if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey || !(mac ? event.metaKey : event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    open();
  });
}

export {};
