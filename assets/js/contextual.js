"use strict";
{
    for (const menu of document.querySelectorAll('[data-contextual]')) {
        const markdown = menu.dataset.markdown ?? '';
        const fetchMarkdown = () => fetch(markdown).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
        const mcp = new URL(menu.dataset.mcp ?? '', location.href).href;
        const name = menu.dataset.name ?? '';
        for (const button of menu.querySelectorAll('button[data-copy-page], button[data-copy-mcp]')) {
            const what = button.dataset.copyMcp;
            const text = () => (what === undefined ? fetchMarkdown() : Promise.resolve(what === 'url' ? mcp : `npx add-mcp ${mcp}`));
            const show = (state) => {
                for (const word of button.querySelectorAll('[data-copy-state]'))
                    word.hidden = word.dataset.copyState !== state;
            };
            let reset;
            button.hidden = false;
            button.addEventListener('click', () => {
                button.disabled = true;
                clearTimeout(reset);
                void text()
                    .then((value) => navigator.clipboard.writeText(value))
                    .then(() => show('copied'), () => show('failed'))
                    .finally(() => {
                    button.disabled = false;
                    reset = setTimeout(() => show('ready'), 2000);
                });
            });
        }
        for (const link of menu.querySelectorAll('a[data-install]')) {
            link.hidden = false;
            link.href =
                link.dataset.install === 'cursor'
                    ? `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(btoa(JSON.stringify({ url: mcp })))}`
                    : `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url: mcp }))}`;
        }
        for (const link of menu.querySelectorAll('a[data-fill-mcp]')) {
            link.hidden = false;
            link.href = link.href.split('%24mcp').join(encodeURIComponent(mcp)).split('$mcp').join(mcp);
        }
        for (const link of menu.querySelectorAll('a[data-ai], a[data-fill-page]')) {
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
    document.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape')
            return;
        for (const menu of document.querySelectorAll('[data-contextual] details[open]')) {
            menu.open = false;
            menu.querySelector('summary')?.focus();
        }
    });
}
