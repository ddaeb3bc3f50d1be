"use strict";
{
    const fragments = new Map();
    const fetchText = (url) => {
        let text = fragments.get(url);
        if (!text) {
            text = fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
            text.catch(() => fragments.delete(url));
            fragments.set(url, text);
        }
        return text;
    };
    let opened = 0;
    const renumber = (fields) => {
        const suffix = `-${++opened}`;
        for (const element of fields.querySelectorAll('[id]'))
            element.id += suffix;
        for (const element of fields.querySelectorAll('[aria-controls], [aria-labelledby]')) {
            for (const name of ['aria-controls', 'aria-labelledby']) {
                const value = element.getAttribute(name);
                if (value)
                    element.setAttribute(name, value + suffix);
            }
        }
    };
    const load = (details) => {
        const content = details.querySelector(':scope > .expandable-content');
        const url = content?.querySelector(':scope > .schema-more > a')?.href;
        if (!content || !url || details.dataset.state)
            return;
        details.dataset.state = 'loading';
        content.setAttribute('aria-busy', 'true');
        fetchText(url)
            .then((text) => {
            const fields = new DOMParser().parseFromString(text, 'text/html').querySelector('[data-fragment-fields]');
            if (!fields)
                throw new Error('no fields');
            renumber(fields);
            content.replaceChildren(...fields.childNodes);
            details.dataset.state = 'loaded';
        })
            .catch(() => delete details.dataset.state)
            .finally(() => content.removeAttribute('aria-busy'));
    };
    document.addEventListener('toggle', (event) => {
        if (event.target instanceof HTMLDetailsElement && event.target.open && event.target.matches('details[data-fields]'))
            load(event.target);
    }, true);
}
