"use strict";
{
    for (const menu of document.querySelectorAll('[data-contextual]')) {
        const markdown = menu.dataset.markdown ?? '';
        const fetchMarkdown = () => fetch(markdown).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
        for (const button of menu.querySelectorAll('button[data-copy-page]')) {
            const show = (state) => {
                for (const word of button.querySelectorAll('[data-copy-state]'))
                    word.hidden = word.dataset.copyState !== state;
            };
            let reset;
            button.hidden = false;
            button.addEventListener('click', () => {
                button.disabled = true;
                clearTimeout(reset);
                void fetchMarkdown()
                    .then((text) => navigator.clipboard.writeText(text))
                    .then(() => show('copied'), () => show('failed'))
                    .finally(() => {
                    button.disabled = false;
                    reset = setTimeout(() => show('ready'), 2000);
                });
            });
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
