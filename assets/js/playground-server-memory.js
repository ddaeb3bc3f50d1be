"use strict";
{
    const KEY = 'docjet-server:';
    const keyOf = (panel) => KEY + (panel.dataset.credentials ?? '');
    const read = (panel) => {
        try {
            const value = JSON.parse(localStorage.getItem(keyOf(panel)) ?? '{}');
            return value !== null && typeof value === 'object' ? value : {};
        }
        catch {
            return {};
        }
    };
    const write = (panel, value) => {
        try {
            localStorage.setItem(keyOf(panel), JSON.stringify(value));
        }
        catch {
        }
    };
    const picker = (panel) => panel.querySelector('select[data-server]');
    const variableFields = (panel, index) => {
        const group = [...panel.querySelectorAll('[data-server-variables]')].find((each) => each.dataset.serverVariables === index);
        return group ? [...group.querySelectorAll('[data-variable]')] : [];
    };
    const restore = (panel) => {
        const saved = read(panel);
        const select = picker(panel);
        if (select) {
            for (const option of select.options) {
                const variables = saved.variables?.[option.dataset.url ?? ''] ?? {};
                for (const field of variableFields(panel, option.value)) {
                    const value = variables[field.dataset.variable ?? ''];
                    if (typeof value !== 'string')
                        continue;
                    if (field instanceof HTMLSelectElement && ![...field.options].some((each) => each.value === value))
                        continue;
                    field.value = value;
                }
                if (saved.server !== undefined && option.dataset.url === saved.server)
                    select.value = option.value;
            }
        }
        const typed = panel.querySelector('input[data-server-url]');
        if (typed && typeof saved.url === 'string')
            typed.value = saved.url;
    };
    const remember = (panel, field) => {
        const saved = read(panel);
        const select = picker(panel);
        if (field === select) {
            const server = select.selectedOptions[0]?.dataset.url;
            if (server !== undefined)
                saved.server = server;
        }
        else if (field.dataset.variable !== undefined) {
            const index = field.closest('[data-server-variables]')?.dataset.serverVariables;
            const server = [...(select?.options ?? [])].find((option) => option.value === index)?.dataset.url;
            if (server === undefined)
                return;
            saved.variables = { ...saved.variables, [server]: { ...saved.variables?.[server], [field.dataset.variable]: field.value } };
        }
        else if (field instanceof HTMLInputElement)
            saved.url = field.value.trim();
        write(panel, saved);
    };
    for (const panel of document.querySelectorAll('[data-playground]')) {
        restore(panel);
        const changed = (event) => {
            const target = event.target;
            if (target?.matches('select[data-server], [data-variable], input[data-server-url]'))
                remember(panel, target);
        };
        panel.addEventListener('input', changed);
    }
}
