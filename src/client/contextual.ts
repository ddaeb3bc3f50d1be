/*
 * The page's contextual menu (markup: src/render/shell/contextual.ts). Its links work without
 * JavaScript; this script shows the entries that need it: "Copy page" (the page's Markdown, from
 * `data-markdown`, to the clipboard), "Open in …" links when the build did not know the site's
 * public URL (the prompt names the page's Markdown at the address the reader is at), the
 * site's own entries whose link carries the page's Markdown (`$page`, written `%24page`), and
 * the entries of the site's MCP server (`/mcp`): its URL or install command copied, the links that
 * install it in Cursor and VS Code, and `$mcp` in the site's own entries, at the reader's address.
 */
// biome-ignore lint/complexity/noUselessLoneBlockStatements: a classic script is one block, its names its own (tsconfig.client.json)
{
  for (const menu of document.querySelectorAll<HTMLElement>('[data-contextual]')) {
    const markdown = menu.dataset.markdown ?? '';
    const fetchMarkdown = (): Promise<string> => fetch(markdown).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));

    // The site's MCP server (`data-mcp`, its path when the build did not know the site's address).
    const mcp = new URL(menu.dataset.mcp ?? '', location.href).href;
    const name = menu.dataset.name ?? '';

    for (const button of menu.querySelectorAll<HTMLButtonElement>('button[data-copy-page], button[data-copy-mcp]')) {
      const what = button.dataset.copyMcp;
      const text = (): Promise<string> => (what === undefined ? fetchMarkdown() : Promise.resolve(what === 'url' ? mcp : `npx add-mcp ${mcp}`));
      // Shows one of the button's words: ready, copied or failed (`data-copy-state`).
      const show = (state: string): void => {
        for (const word of button.querySelectorAll<HTMLElement>('[data-copy-state]')) word.hidden = word.dataset.copyState !== state;
      };
      let reset: ReturnType<typeof setTimeout> | undefined;
      button.hidden = false;
      button.addEventListener('click', () => {
        button.disabled = true;
        clearTimeout(reset);
        void text()
          .then((value) => navigator.clipboard.writeText(value))
          .then(
            () => show('copied'),
            () => show('failed'),
          )
          .finally(() => {
            button.disabled = false;
            reset = setTimeout(() => show('ready'), 2000);
          });
      });
    }

    // "Connect to Cursor" and "Connect to VS Code", as src/render/shell/contextual.ts `mcpInstallHref` writes them.
    for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-install]')) {
      link.hidden = false;
      link.href =
        link.dataset.install === 'cursor'
          ? `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(btoa(JSON.stringify({ url: mcp })))}`
          : `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url: mcp }))}`;
    }
    for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-fill-mcp]')) {
      link.hidden = false;
      link.href = link.href.split('%24mcp').join(encodeURIComponent(mcp)).split('$mcp').join(mcp);
    }

    for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-ai], a[data-fill-page]')) {
      link.hidden = false;
      if (link.dataset.ai !== undefined) {
        link.href += encodeURIComponent((menu.dataset.prompt ?? '').replace('{url}', new URL(markdown, location.href).href));
        continue;
      }
      link.addEventListener('click', (event) => {
        event.preventDefault();
        void fetchMarkdown().then((text) => window.open(link.href.split('%24page').join(encodeURIComponent(text)), '_blank', 'noopener'));
      });
    }
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
