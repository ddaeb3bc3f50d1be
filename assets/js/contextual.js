"use strict";
{
    for (const button of document.querySelectorAll('button[data-copy-page]')) {
        const label = button.textContent;
        button.hidden = false;
        button.addEventListener('click', () => {
            button.disabled = true;
            void fetch(button.dataset.copyPage ?? '')
                .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
                .then((text) => navigator.clipboard.writeText(text))
                .then(() => (button.textContent = 'Copied'), () => (button.textContent = 'Copy failed'))
                .finally(() => {
                button.disabled = false;
                setTimeout(() => (button.textContent = label), 2000);
            });
        });
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
