/*
 * The proxy of the "Try it" panel (src/client/playground.ts calls `docjetProxy.send`), for APIs
 * that allow no calls from other sites (CORS). The panel's `data-proxy` names it and
 * `data-proxy-mode` says when it is used: `always` (a proxy URL in docs.json), or `fallback`
 * (`docjet dev`'s and `serve`'s own, src/dev/proxy.ts): when the browser gives no answer, the same
 * request goes again through the proxy, as `<proxy>?url=<the request's URL>`, method, headers and
 * body unchanged. On a static host that has no proxy (it answers without `x-docjet-proxy`), the
 * panel says what it would have said without one. An answer through the proxy is marked on the
 * panel (`data-via="proxy"`), so the reader knows it did not come straight from the browser.
 */
{
  const through = async (proxy: string, request: Request): Promise<Response> => {
    const url = `${proxy}${proxy.includes('?') ? '&' : '?'}url=${encodeURIComponent(request.url)}`;
    const headers = new Headers(request.headers);
    headers.set('x-docjet-proxy', '1');
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().arrayBuffer();
    return fetch(new Request(new URL(url, location.href), { method: request.method, headers, body, redirect: 'manual', signal: request.signal, credentials: 'omit' }));
  };

  /** Straight, or through the proxy as `data-proxy-mode` says. */
  const route = async (request: Request, panel: HTMLElement): Promise<Response> => {
    const proxy = panel.dataset.proxy;
    delete panel.dataset.via;
    if (!proxy) return fetch(request);
    if (panel.dataset.proxyMode === 'always') {
      const response = await through(proxy, request);
      panel.dataset.via = 'proxy';
      return response;
    }
    try {
      return await fetch(request.clone());
    } catch (blocked) {
      // A timeout is the server's silence, not the browser's refusal: the proxy would wait as long.
      if (!(blocked instanceof TypeError)) throw blocked;
      let response: Response;
      try {
        response = await through(proxy, request);
      } catch {
        throw blocked;
      }
      if (response.headers.get('x-docjet-proxy') === null) throw blocked;
      panel.dataset.via = 'proxy';
      return response;
    }
  };

  /** Sends, then tells the panel's other helpers of the answer (playground-extras.ts previews it). */
  const told = async (panel: HTMLElement, sent: Promise<Response>): Promise<Response> => {
    const response = await sent;
    panel.dispatchEvent(new CustomEvent('docjet:response', { detail: response.clone() }));
    return response;
  };

  window.docjetProxy = {
    send(request: Request, panel: HTMLElement): Promise<Response> {
      panel.dispatchEvent(new CustomEvent('docjet:request'));
      return told(panel, route(request, panel));
    },
  };
}
