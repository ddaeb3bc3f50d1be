/*
 * The page's "Copy page" button (markup: contextualHtml in src/render/shell/document.ts): it
 * fetches the page's Markdown version (`/route.md`) and puts it on the clipboard. Without
 * JavaScript the button stays hidden; "View as Markdown" in the menu beside it is a plain link.
 */
{
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy-page]')) {
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener('click', () => {
      button.disabled = true;
      void fetch(button.dataset.copyPage ?? '')
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
        .then((text) => navigator.clipboard.writeText(text))
        .then(
          () => (button.textContent = 'Copied'),
          () => (button.textContent = 'Copy failed'),
        )
        .finally(() => {
          button.disabled = false;
          setTimeout(() => (button.textContent = label), 2000);
        });
    });
  }

  // Escape closes an open menu and gives focus back to its toggle.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of document.querySelectorAll<HTMLDetailsElement>('[data-contextual] details[open]')) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}
