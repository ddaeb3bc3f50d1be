"use strict";
{
    const through = async (proxy, request) => {
        const url = `${proxy}${proxy.includes('?') ? '&' : '?'}url=${encodeURIComponent(request.url)}`;
        const headers = new Headers(request.headers);
        headers.set('x-docjet-proxy', '1');
        const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().arrayBuffer();
        return fetch(new Request(new URL(url, location.href), { method: request.method, headers, body, redirect: 'manual', signal: request.signal, credentials: 'omit' }));
    };
    const route = async (request, panel) => {
        const proxy = panel.dataset.proxy;
        delete panel.dataset.via;
        if (!proxy)
            return fetch(request);
        if (panel.dataset.proxyMode === 'always') {
            const response = await through(proxy, request);
            panel.dataset.via = 'proxy';
            return response;
        }
        try {
            return await fetch(request.clone());
        }
        catch (blocked) {
            if (!(blocked instanceof TypeError))
                throw blocked;
            let response;
            try {
                response = await through(proxy, request);
            }
            catch {
                throw blocked;
            }
            if (response.headers.get('x-docjet-proxy') === null)
                throw blocked;
            panel.dataset.via = 'proxy';
            return response;
        }
    };
    const told = async (panel, sent) => {
        const response = await sent;
        panel.dispatchEvent(new CustomEvent('docjet:response', { detail: response.clone() }));
        return response;
    };
    window.docjetProxy = {
        send(request, panel) {
            panel.dispatchEvent(new CustomEvent('docjet:request'));
            return told(panel, route(request, panel));
        },
    };
}
