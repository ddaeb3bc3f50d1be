"use strict";
{
    const RETURN = 'docjet-oauth-return';
    const base64url = (bytes) => btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const random = () => base64url(crypto.getRandomValues(new Uint8Array(32)));
    const challengeOf = async (verifier) => base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
    const httpUrl = (text) => {
        if (!text)
            return undefined;
        try {
            const url = new URL(text, location.href);
            return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
        }
        catch {
            return undefined;
        }
    };
    const back = new URLSearchParams(location.search);
    if (window.opener && (back.has('code') || back.has('error')) && back.has('state')) {
        try {
            window.opener.postMessage({ type: RETURN, code: back.get('code'), error: back.get('error'), state: back.get('state') }, location.origin);
        }
        finally {
            window.close();
        }
    }
    const discovered = new Map();
    const discover = (url) => {
        let found = discovered.get(url);
        if (!found) {
            found = fetch(url)
                .then((response) => response.json())
                .then((document) => {
                const scopes = Array.isArray(document.scopes_supported) ? document.scopes_supported.filter((scope) => typeof scope === 'string') : [];
                const tokenUrl = typeof document.token_endpoint === 'string' ? document.token_endpoint : '';
                const authorizationUrl = typeof document.authorization_endpoint === 'string' ? document.authorization_endpoint : '';
                const grants = Array.isArray(document.grant_types_supported) ? document.grant_types_supported : ['authorization_code'];
                const flows = [];
                if (tokenUrl && authorizationUrl && grants.includes('authorization_code'))
                    flows.push({ kind: 'authorizationCode', authorizationUrl, tokenUrl, scopes });
                if (tokenUrl && grants.includes('client_credentials'))
                    flows.push({ kind: 'clientCredentials', tokenUrl, scopes });
                return flows;
            });
            discovered.set(url, found);
        }
        return found;
    };
    const setUp = (box) => {
        let data;
        try {
            data = JSON.parse(box.dataset.oauth ?? '');
        }
        catch {
            return;
        }
        const panel = box.closest('[data-playground]');
        const token = panel && [...panel.querySelectorAll('input[data-store]')].find((field) => field.dataset.store === data.store);
        const picker = box.querySelector('[data-oauth-flow]');
        const scopesBox = box.querySelector('[data-oauth-scopes]');
        const client = box.querySelector('[data-oauth-client]');
        const secret = box.querySelector('[data-oauth-secret]');
        const status = box.querySelector('[data-oauth-status]');
        const button = box.querySelector('[data-oauth-get]');
        if (!panel || !token || !picker || !scopesBox || !client || !secret || !status || !button)
            return;
        let flows = data.flows;
        const say = (text) => void (status.textContent = text);
        const showScopes = () => {
            const flow = flows[picker.selectedIndex];
            for (const old of scopesBox.querySelectorAll('label'))
                old.remove();
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
        const showFlows = () => {
            picker.replaceChildren(...flows.map((flow) => {
                const option = document.createElement('option');
                option.textContent = flow.kind === 'authorizationCode' ? 'Authorization code (PKCE)' : 'Client credentials';
                return option;
            }));
            showScopes();
            box.hidden = flows.length === 0;
        };
        picker.addEventListener('change', (event) => {
            event.stopPropagation();
            showScopes();
        });
        box.addEventListener('input', (event) => event.stopPropagation());
        box.addEventListener('change', (event) => event.stopPropagation());
        const fill = (value) => {
            token.value = value;
            token.dispatchEvent(new Event('input', { bubbles: true }));
            say('Token filled in.');
        };
        const trade = async (tokenUrl, body, id, key) => {
            const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
            if (key !== '')
                headers.authorization = `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(key)}`)}`;
            else
                body.set('client_id', id);
            let answer;
            try {
                const response = await fetch(tokenUrl, { method: 'POST', headers, body });
                answer = (await response.json());
            }
            catch {
                return say(`The token URL ${tokenUrl} gave no answer the browser can read (it may not allow calls from this site).`);
            }
            if (typeof answer.access_token === 'string')
                fill(answer.access_token);
            else
                say(`No token: ${String(answer.error_description ?? answer.error ?? 'the answer has no access_token')}.`);
        };
        button.addEventListener('click', () => {
            void (async () => {
                const flow = flows[picker.selectedIndex];
                const tokenUrl = httpUrl(flow?.tokenUrl);
                if (!flow || !tokenUrl)
                    return say('This flow has no http(s) token URL.');
                const id = client.value.trim();
                if (id === '')
                    return say('Type the client ID first.');
                const scope = [...scopesBox.querySelectorAll('[data-oauth-scope]')]
                    .filter((each) => each.checked)
                    .map((each) => each.value)
                    .join(' ');
                if (flow.kind === 'clientCredentials') {
                    const body = new URLSearchParams({ grant_type: 'client_credentials' });
                    if (scope !== '')
                        body.set('scope', scope);
                    return trade(tokenUrl.href, body, id, secret.value);
                }
                const authorize = httpUrl(flow.authorizationUrl);
                if (!authorize)
                    return say('This flow has no http(s) authorization URL.');
                const pending = { state: random(), verifier: random(), tokenUrl: tokenUrl.href, client: id, secret: secret.value, redirect: location.origin + location.pathname };
                authorize.searchParams.set('response_type', 'code');
                authorize.searchParams.set('client_id', id);
                authorize.searchParams.set('redirect_uri', pending.redirect);
                if (scope !== '')
                    authorize.searchParams.set('scope', scope);
                authorize.searchParams.set('state', pending.state);
                authorize.searchParams.set('code_challenge', await challengeOf(pending.verifier));
                authorize.searchParams.set('code_challenge_method', 'S256');
                const popup = window.open(authorize.href, 'docjet-oauth', 'popup,width=520,height=680');
                if (!popup)
                    return say('The browser blocked the sign-in window: allow popups for this site.');
                say('Sign in in the window that opened…');
                const listen = (event) => {
                    const message = event.data;
                    if (event.origin !== location.origin || event.source !== popup || message?.type !== RETURN)
                        return;
                    window.removeEventListener('message', listen);
                    if (message.state !== pending.state)
                        return say('The sign-in came back with another state: ignored.');
                    if (!message.code)
                        return say(`Sign-in refused: ${message.error ?? 'no code'}.`);
                    const body = new URLSearchParams({ grant_type: 'authorization_code', code: message.code, redirect_uri: pending.redirect, code_verifier: pending.verifier });
                    void trade(pending.tokenUrl, body, pending.client, pending.secret);
                };
                window.addEventListener('message', listen);
            })();
        });
        if (data.discovery) {
            const url = httpUrl(data.discovery);
            if (!url)
                return;
            discover(url.href).then((found) => {
                flows = found;
                showFlows();
            }, () => {
                box.hidden = false;
                say(`The OpenID Connect discovery document ${url.href} could not be read.`);
            });
        }
        else
            showFlows();
    };
    for (const box of document.querySelectorAll('[data-oauth]'))
        setUp(box);
}
