const button = document.querySelector('button[data-search-button]');
if (button?.dataset.searchScript) {
    const script = button.dataset.searchScript;
    let dialog;
    const load = () => {
        dialog ??= import(script);
        dialog.catch(() => (dialog = undefined));
        return dialog;
    };
    const open = () => {
        load()
            .then((module) => module.openSearch(button))
            .catch(() => { });
    };
    const mac = /mac|iphone|ipad/i.test(navigator.platform);
    const key = button.querySelector('.search-key');
    if (key && mac)
        key.textContent = '⌘K';
    button.hidden = false;
    button.addEventListener('click', open);
    button.addEventListener('pointerenter', () => void load().catch(() => { }), { once: true });
    button.addEventListener('focus', () => void load().catch(() => { }), { once: true });
    document.addEventListener('docjet:navigation', () => {
        const label = button.querySelector('.search-label');
        try {
            const words = JSON.parse(button.dataset.searchStrings ?? '{}');
            if (label && words.search)
                label.textContent = words.search;
        }
        catch { }
    });
    document.addEventListener('keydown', (event) => {
        if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey || !(mac ? event.metaKey : event.ctrlKey || event.metaKey))
            return;
        event.preventDefault();
        open();
    });
}
