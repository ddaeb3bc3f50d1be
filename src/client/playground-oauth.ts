/*
 * OAuth 2.0 in the "Try it" panel (markup: src/render/endpoint/oauth.ts): the reader picks a flow,
 * types a client ID (and a secret for a confidential client), chooses scopes and gets a token,
 * which goes into the scheme's token field as if typed (so it is kept, and sent, as the panel keeps
 * and sends a typed token: for the server chosen, in sessionStorage unless the site opts in).
 *
 * - Authorization code with PKCE (RFC 7636, S256): the authorization page opens in a popup, with a
 *   random `state` and code verifier; it comes back to this same page, which hands the code to the
 *   opener (postMessage to this origin only) and closes; the opener checks the state and trades
 *   the code at the token URL.
 * - Client credentials: the token URL is asked directly, the client authenticated with HTTP Basic.
 * - OpenID Connect: the discovery document gives the endpoints and the scopes.
 *
 * URLs from the spec are used only when they are http(s): a `javascript:` authorization URL is
 * never opened. Whatever a server answers is shown with `textContent`.
 */
{
  interface Flow {
    kind: 'authorizationCode' | 'clientCredentials';
    authorizationUrl?: string;
    tokenUrl: string;
    scopes: string[];
  }
  interface Data {
    flows: Flow[];
    discovery?: string;
    required: string[];
    store: string;
  }
  interface Pending {
    state: string;
    verifier: string;
    tokenUrl: string;
    client: string;
    secret: string;
    redirect: string;
  }

  const RETURN = 'docjet-oauth-return';

  const base64url = (bytes: Uint8Array): string =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const random = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challengeOf = async (verifier: string): Promise<string> => base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

  /** An http(s) URL, resolved against the page; undefined for anything else. */
  const httpUrl = (text: string | undefined): URL | undefined => {
    if (!text) return undefined;
    try {
      const url = new URL(text, location.href);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    } catch {
      return undefined;
    }
  };

  // The popup's side: the authorization server sent the reader back here with a code.
  const back = new URLSearchParams(location.search);
  if (window.opener && (back.has('code') || back.has('error')) && back.has('state')) {
    try {
      (window.opener as Window).postMessage({ type: RETURN, code: back.get('code'), error: back.get('error'), state: back.get('state') }, location.origin);
    } finally {
      window.close();
    }
  }

  const discovered = new Map<string, Promise<Flow[]>>();
  const discover = (url: string): Promise<Flow[]> => {
    let found = discovered.get(url);
    if (!found) {
      found = fetch(url)
        .then((response) => response.json() as Promise<Record<string, unknown>>)
        .then((document) => {
          const scopes = Array.isArray(document.scopes_supported) ? document.scopes_supported.filter((scope): scope is string => typeof scope === 'string') : [];
          const tokenUrl = typeof document.token_endpoint === 'string' ? document.token_endpoint : '';
          const authorizationUrl = typeof document.authorization_endpoint === 'string' ? document.authorization_endpoint : '';
          const grants = Array.isArray(document.grant_types_supported) ? document.grant_types_supported : ['authorization_code'];
          const flows: Flow[] = [];
          if (tokenUrl && authorizationUrl && grants.includes('authorization_code')) flows.push({ kind: 'authorizationCode', authorizationUrl, tokenUrl, scopes });
          if (tokenUrl && grants.includes('client_credentials')) flows.push({ kind: 'clientCredentials', tokenUrl, scopes });
          return flows;
        });
      discovered.set(url, found);
    }
    return found;
  };

  const setUp = (box: HTMLElement): void => {
    let data: Data;
    try {
      data = JSON.parse(box.dataset.oauth ?? '') as Data;
    } catch {
      return;
    }
    const panel = box.closest<HTMLElement>('[data-playground]');
    const token = panel && [...panel.querySelectorAll<HTMLInputElement>('input[data-store]')].find((field) => field.dataset.store === data.store);
    const picker = box.querySelector<HTMLSelectElement>('[data-oauth-flow]');
    const scopesBox = box.querySelector<HTMLElement>('[data-oauth-scopes]');
    const client = box.querySelector<HTMLInputElement>('[data-oauth-client]');
    const secret = box.querySelector<HTMLInputElement>('[data-oauth-secret]');
    const status = box.querySelector<HTMLElement>('[data-oauth-status]');
    const button = box.querySelector<HTMLButtonElement>('[data-oauth-get]');
    if (!panel || !token || !picker || !scopesBox || !client || !secret || !status || !button) return;
    let flows = data.flows;
    const say = (text: string): void => void (status.textContent = text);

    const showScopes = (): void => {
      const flow = flows[picker.selectedIndex];
      for (const old of scopesBox.querySelectorAll('label')) old.remove();
      const scopes = [...new Set([...(flow?.scopes ?? []), ...data.required])];
      scopesBox.hidden = scopes.length === 0;
      for (const scope of scopes) {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.value = scope;
        box.checked = data.required.includes(scope);
        box.dataset.oauthScope = '';
        label.append(box, ` ${scope}`);
        scopesBox.append(label);
      }
      secret.placeholder = flow?.kind === 'clientCredentials' ? '' : 'none for a public client';
    };
    const showFlows = (): void => {
      picker.replaceChildren(
        ...flows.map((flow) => {
          const option = document.createElement('option');
          option.textContent = flow.kind === 'authorizationCode' ? 'Authorization code (PKCE)' : 'Client credentials';
          return option;
        }),
      );
      showScopes();
      box.hidden = flows.length === 0;
    };
    picker.addEventListener('change', (event) => {
      event.stopPropagation();
      showScopes();
    });
    box.addEventListener('input', (event) => event.stopPropagation());
    box.addEventListener('change', (event) => event.stopPropagation());

    const fill = (value: string): void => {
      token.value = value;
      token.dispatchEvent(new Event('input', { bubbles: true }));
      say('Token filled in.');
    };
    const trade = async (tokenUrl: string, body: URLSearchParams, id: string, key: string): Promise<void> => {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
      if (key !== '') headers.authorization = `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(key)}`)}`;
      else body.set('client_id', id);
      let answer: Record<string, unknown>;
      try {
        const response = await fetch(tokenUrl, { method: 'POST', headers, body });
        answer = (await response.json()) as Record<string, unknown>;
      } catch {
        return say(`The token URL ${tokenUrl} gave no answer the browser can read (it may not allow calls from this site).`);
      }
      if (typeof answer.access_token === 'string') fill(answer.access_token);
      else say(`No token: ${String(answer.error_description ?? answer.error ?? 'the answer has no access_token')}.`);
    };

    button.addEventListener('click', () => {
      void (async () => {
        const flow = flows[picker.selectedIndex];
        const tokenUrl = httpUrl(flow?.tokenUrl);
        if (!flow || !tokenUrl) return say('This flow has no http(s) token URL.');
        const id = client.value.trim();
        if (id === '') return say('Type the client ID first.');
        const scope = [...scopesBox.querySelectorAll<HTMLInputElement>('[data-oauth-scope]')]
          .filter((each) => each.checked)
          .map((each) => each.value)
          .join(' ');
        if (flow.kind === 'clientCredentials') {
          const body = new URLSearchParams({ grant_type: 'client_credentials' });
          if (scope !== '') body.set('scope', scope);
          return trade(tokenUrl.href, body, id, secret.value);
        }
        const authorize = httpUrl(flow.authorizationUrl);
        if (!authorize) return say('This flow has no http(s) authorization URL.');
        const pending: Pending = { state: random(), verifier: random(), tokenUrl: tokenUrl.href, client: id, secret: secret.value, redirect: location.origin + location.pathname };
        authorize.searchParams.set('response_type', 'code');
        authorize.searchParams.set('client_id', id);
        authorize.searchParams.set('redirect_uri', pending.redirect);
        if (scope !== '') authorize.searchParams.set('scope', scope);
        authorize.searchParams.set('state', pending.state);
        authorize.searchParams.set('code_challenge', await challengeOf(pending.verifier));
        authorize.searchParams.set('code_challenge_method', 'S256');
        const popup = window.open(authorize.href, 'docjet-oauth', 'popup,width=520,height=680');
        if (!popup) return say('The browser blocked the sign-in window: allow popups for this site.');
        say('Sign in in the window that opened…');
        const listen = (event: MessageEvent): void => {
          const message = event.data as { type?: string; code?: string | null; error?: string | null; state?: string | null } | null;
          if (event.origin !== location.origin || event.source !== popup || message?.type !== RETURN) return;
          window.removeEventListener('message', listen);
          if (message.state !== pending.state) return say('The sign-in came back with another state: ignored.');
          if (!message.code) return say(`Sign-in refused: ${message.error ?? 'no code'}.`);
          const body = new URLSearchParams({ grant_type: 'authorization_code', code: message.code, redirect_uri: pending.redirect, code_verifier: pending.verifier });
          void trade(pending.tokenUrl, body, pending.client, pending.secret);
        };
        window.addEventListener('message', listen);
      })();
    });

    if (data.discovery) {
      const url = httpUrl(data.discovery);
      if (!url) return;
      discover(url.href).then(
        (found) => {
          flows = found;
          showFlows();
        },
        () => {
          box.hidden = false;
          say(`The OpenID Connect discovery document ${url.href} could not be read.`);
        },
      );
    } else showFlows();
  };

  for (const box of document.querySelectorAll<HTMLElement>('[data-oauth]')) setUp(box);
}
