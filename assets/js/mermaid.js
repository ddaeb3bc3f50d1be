"use strict";
{
    const diagrams = [...document.querySelectorAll('pre.mermaid')];
    if (diagrams.length > 0 && 'IntersectionObserver' in window) {
        const base = document.querySelector('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
        const sources = new Map(diagrams.map((element) => [element, element.textContent]));
        const seen = new Set();
        let library;
        const load = () => (library ??= new Promise((resolve, reject) => {
            const script = document.createElement('script');
            script.src = `${base}mermaid.min.js`;
            script.async = true;
            script.onload = () => (window.mermaid?.run ? resolve(window.mermaid) : reject(new Error('mermaid did not load')));
            script.onerror = reject;
            document.head.append(script);
        }));
        const colourScheme = matchMedia('(prefers-color-scheme: dark)');
        const theme = () => {
            const chosen = document.documentElement.dataset.theme;
            return chosen === 'dark' || (chosen !== 'light' && colourScheme.matches) ? 'dark' : 'default';
        };
        let queue = Promise.resolve();
        const draw = () => {
            queue = queue
                .then(async () => {
                const wanted = theme();
                const nodes = [...seen].filter((element) => element.dataset.drawn !== wanted && element.getClientRects().length > 0);
                if (nodes.length === 0)
                    return;
                const mermaid = await load();
                mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: wanted });
                for (const element of nodes) {
                    element.removeAttribute('data-processed');
                    element.textContent = sources.get(element) ?? '';
                    element.dataset.drawn = wanted;
                }
                await mermaid.run({ nodes, suppressErrors: true });
            })
                .catch(() => { });
        };
        const observer = new IntersectionObserver((entries) => {
            for (const entry of entries)
                if (entry.isIntersecting && entry.target instanceof HTMLElement)
                    seen.add(entry.target);
            draw();
        }, { rootMargin: '600px 0px' });
        for (const element of diagrams)
            observer.observe(element);
        new MutationObserver(draw).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
        colourScheme.addEventListener('change', draw);
    }
}
