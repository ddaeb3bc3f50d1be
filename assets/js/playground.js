"use strict";
{
    const codec = docjetRequestEncoding;
    const STORE = 'docjet-playground:';
    const TIMEOUT_MS = 60_000;
    const MAX_SHOWN = 400_000;
    const storeKey = (panel, origin, field) => JSON.stringify([panel.dataset.credentials ?? '', origin, field.dataset.store ?? '']);
    const store = () => (document.querySelector('[data-playground][data-remember="local"]') ? localStorage : sessionStorage);
    const session = {
        get(key) {
            try {
                return store().getItem(STORE + key);
            }
            catch {
                return null;
            }
        },
        set(key, value) {
            try {
                if (value === '')
                    store().removeItem(STORE + key);
                else
                    store().setItem(STORE + key, value);
            }
            catch {
            }
        },
    };
    const all = (root, selector) => [...root.querySelectorAll(selector)];
    const serverUrl = (panel) => {
        const picker = panel.querySelector('select[data-server]');
        if (!picker)
            return panel.querySelector('input[data-server-url]')?.value.trim() ?? '';
        const template = picker.selectedOptions[0]?.dataset.url ?? '';
        const group = all(panel, '[data-server-variables]').find((element) => element.dataset.serverVariables === picker.value);
        const variables = group ? all(group, '[data-variable]') : [];
        return template.replace(/\{([^{}]+)\}/g, (whole, name) => variables.find((field) => field.dataset.variable === name)?.value ?? whole);
    };
    const serverOrigin = (panel) => {
        const server = serverUrl(panel);
        if (server === '')
            return '';
        try {
            const url = new URL(server, location.href);
            return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
        }
        catch {
            return '';
        }
    };
    const credentialsOrigin = new WeakMap();
    const syncCredentials = (panel) => {
        const origin = serverOrigin(panel);
        if (credentialsOrigin.get(panel) === origin)
            return;
        credentialsOrigin.set(panel, origin);
        for (const field of all(panel, 'input[data-store]')) {
            field.disabled = origin === '';
            field.value = origin === '' ? '' : (session.get(storeKey(panel, origin, field)) ?? '');
        }
    };
    const showChoices = (panel) => {
        const picker = panel.querySelector('select[data-server]');
        for (const group of all(panel, '[data-server-variables]'))
            group.hidden = group.dataset.serverVariables !== picker?.value;
        const media = panel.querySelector('select[data-media]');
        all(panel, '[data-media-type]').forEach((block, index) => (block.hidden = index !== (media?.selectedIndex ?? 0)));
    };
    const base64 = (text) => {
        let binary = '';
        for (const byte of new TextEncoder().encode(text))
            binary += String.fromCharCode(byte);
        return btoa(binary);
    };
    const setHeader = (headers, name, value) => {
        if (!headers.some(([each]) => each.toLowerCase() === name.toLowerCase()))
            headers.push([name, value]);
    };
    const ruleOf = (field) => {
        const { name = '', style, explode } = field.dataset;
        return { name, style, explode: explode === undefined ? undefined : explode === 'true', allowReserved: field.dataset.reserved !== undefined };
    };
    const typedValue = (field) => codec.parse(field.value, field.dataset.kind);
    const appendQuery = (url, pieces) => {
        if (pieces.length > 0)
            url.search = [url.search.slice(1), ...pieces].filter((piece) => piece !== '').join('&');
    };
    const schemeOf = (field) => {
        const store = field.dataset.store ?? '';
        return store.slice(0, store.lastIndexOf(':'));
    };
    const addCredentials = (panel, url, headers, cookies) => {
        if (credentialsOrigin.get(panel) !== url.origin)
            return { added: false, note: '' };
        const fields = all(panel, 'input[data-auth]');
        const filled = [...new Set(fields.filter((field) => field.value !== '').map(schemeOf))];
        let alternatives = [];
        try {
            alternatives = JSON.parse(panel.dataset.security ?? '[]');
        }
        catch {
        }
        const chosen = alternatives.find((alternative) => alternative.length > 0 && alternative.every((name) => filled.includes(name)));
        const left = chosen ? filled.filter((name) => !chosen.includes(name)) : [];
        const notes = [];
        if (chosen && left.length > 0)
            notes.push(`Sent with ${chosen.join(' and ')}; ${left.join(', ')} is filled in too but not sent: this endpoint takes one of them. Empty ${chosen.join(', ')} to send ${left.join(', ')}.`);
        let added = false;
        for (const field of fields) {
            const value = field.value;
            const { auth, store = '' } = field.dataset;
            if (chosen && !chosen.includes(schemeOf(field)))
                continue;
            added ||= value !== '';
            if (auth === 'basic-user' || auth === 'basic-password') {
                if (auth === 'basic-password')
                    continue;
                const scheme = store.slice(0, store.lastIndexOf(':'));
                const password = all(panel, 'input[data-auth="basic-password"]').find((each) => each.dataset.store === `${scheme}:basic-password`)?.value ?? '';
                if (value !== '' || password !== '')
                    setHeader(headers, 'Authorization', `Basic ${base64(`${value}:${password}`)}`);
            }
            else if (value === '') {
                continue;
            }
            else if (auth === 'token') {
                setHeader(headers, 'Authorization', `${field.dataset.prefix ?? 'Bearer'} ${value}`);
            }
            else if (auth === 'apikey') {
                const name = field.dataset.name ?? '';
                if (field.dataset.in === 'query')
                    appendQuery(url, [`${codec.encode(name)}=${codec.encode(value)}`]);
                else if (field.dataset.in === 'cookie') {
                    cookies.push([name, value]);
                    if (url.origin !== location.origin)
                        notes.push(`Browsers do not let a page set a cookie for another site: the API key ${name} goes into the cURL command only.`);
                }
                else
                    setHeader(headers, name, value);
            }
        }
        return { added, note: notes.join(' ') };
    };
    const readBody = (panel, headers, blockers) => {
        const picker = panel.querySelector('select[data-media]');
        const block = all(panel, '[data-media-type]')[picker?.selectedIndex ?? 0];
        if (!block)
            return { kind: 'none' };
        const type = block.dataset.mediaType ?? '';
        const required = block.dataset.required !== undefined;
        const editor = block.querySelector('textarea[data-body]');
        const fileInput = block.querySelector('input[data-body-file]');
        const file = fileInput?.files?.[0];
        if (editor || fileInput) {
            if (editor ? editor.value.trim() === '' : !file) {
                if (required)
                    blockers.push([editor ?? fileInput ?? undefined, 'The body is required.']);
                return { kind: 'none' };
            }
            if (editor && editor.dataset.json !== undefined) {
                try {
                    JSON.parse(editor.value);
                }
                catch (error) {
                    blockers.push([editor, `The body is not valid JSON (${error instanceof Error ? error.message : String(error)}).`]);
                }
            }
            setHeader(headers, 'Content-Type', type);
            return editor ? { kind: 'text', type, text: editor.value, json: editor.dataset.json !== undefined } : { kind: 'file', type, file: file };
        }
        const values = {};
        const rules = {};
        for (const field of all(block, '[data-form-field]')) {
            const name = field.dataset.name ?? '';
            const files = field instanceof HTMLInputElement && field.type === 'file' ? [...(field.files ?? [])] : undefined;
            const empty = files ? files.length === 0 : field.value === '';
            if (empty) {
                if (field.dataset.required !== undefined)
                    blockers.push([field, `${name} is required.`]);
                continue;
            }
            values[name] = files ? (field.hasAttribute('multiple') ? files : files[0]) : typedValue(field);
            rules[name] = ruleOf(field);
        }
        if (/^multipart\//i.test(type)) {
            const fields = codec.multipart(values).map(([name, value]) => [name, value instanceof File ? value : codec.text(value)]);
            return { kind: 'multipart', type, fields, values };
        }
        setHeader(headers, 'Content-Type', type);
        return { kind: 'form', type, ...codec.form(rules, values), values };
    };
    const callOf = (panel, sample = false) => {
        const method = panel.dataset.method ?? 'GET';
        const fields = (location) => all(panel, `[data-param="${location}"]`);
        const server = serverUrl(panel);
        const serverless = server === '' && !panel.querySelector('select[data-server]');
        if (serverless && !sample)
            return 'Enter the URL of the server to call.';
        const missing = [];
        const templates = [];
        const pathFields = fields('path');
        const path = (panel.dataset.path ?? '').replace(/\{([^{}]+)\}/g, (whole, name) => {
            const field = pathFields.find((each) => each.dataset.name === name);
            if (!field || field.value === '') {
                (sample ? templates : missing).push(name);
                return sample ? whole : '';
            }
            return codec.path(ruleOf(field), typedValue(field));
        });
        if (missing.length > 0)
            return `Fill in the path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
        let url;
        try {
            url = new URL(server.replace(/\/+$/, '') + path, serverless ? 'http://host.invalid' : location.href);
        }
        catch {
            return `${server} is not a URL the browser can call.`;
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return 'Only http and https servers can be called.';
        const blockers = [];
        const filled = (location) => fields(location).filter((field) => {
            if (field.value !== '')
                return true;
            if (field.dataset.required !== undefined)
                blockers.push([field, `${field.dataset.name ?? ''} is required.`]);
            return false;
        });
        const base = new URL(url);
        const query = filled('query').flatMap((field) => codec.query(ruleOf(field), typedValue(field)));
        appendQuery(url, query);
        const headers = filled('header').map((field) => [field.dataset.name ?? '', codec.header(ruleOf(field), typedValue(field))]);
        const cookies = filled('cookie').flatMap((field) => codec.cookie(ruleOf(field), typedValue(field)));
        const credentials = sample ? { added: false, note: '' } : addCredentials(panel, url, headers, cookies);
        const body = readBody(panel, headers, blockers);
        return { method, url, headers, cookies, body, credentials: credentials.added, authNote: credentials.note, blockers, base, query, templates, serverless };
    };
    const samplesUrl = (() => {
        const script = document.currentScript;
        try {
            return script instanceof HTMLScriptElement && typeof docjetSamplesScript === 'string' ? new URL(docjetSamplesScript, script.src).href : '';
        }
        catch {
            return '';
        }
    })();
    let samplesModule;
    const followed = new WeakSet();
    const updateSamples = (panel) => {
        const call = followed.has(panel) && samplesUrl !== '' ? callOf(panel, true) : '';
        if (typeof call === 'string')
            return;
        samplesModule ??= import(samplesUrl);
        samplesModule.then((module) => module.showSamples(panel, call)).catch(() => (samplesModule = undefined));
    };
    const lazySamples = all(document, '[data-sample-lazy]');
    const samplesLink = document.querySelector('a.samples-link');
    let samplesFile;
    const fetchSamples = () => (samplesFile ??= fetch(samplesLink?.href ?? '')
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
        .then((text) => {
        for (const block of new DOMParser().parseFromString(text, 'text/html').querySelectorAll('[data-samples] > [data-sample]')) {
            const target = lazySamples.find((each) => each.dataset.sample === block.dataset.sample && each.dataset.sampleLazy !== undefined);
            target?.replaceChildren(...block.childNodes);
            delete target?.dataset.sampleLazy;
        }
    })
        .catch((error) => {
        samplesFile = undefined;
        throw error;
    }));
    const fillShown = () => {
        const shown = lazySamples.filter((target) => target.dataset.sampleLazy !== undefined && !target.closest('[hidden]'));
        if (shown.length === 0)
            return;
        fetchSamples().catch(() => {
            if (samplesUrl === '')
                return;
            samplesModule ??= import(samplesUrl);
            samplesModule.then((module) => module.fillSamples(shown)).catch(() => (samplesModule = undefined));
        });
    };
    const samplesObserver = new MutationObserver(fillShown);
    for (const target of lazySamples) {
        const panel = target.closest('[role="tabpanel"]');
        if (panel)
            samplesObserver.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
    }
    const sampleTabs = samplesLink?.closest('.code-group')?.querySelector(':scope > [role="tablist"]');
    for (const type of ['pointerenter', 'focusin'])
        sampleTabs?.addEventListener(type, () => lazySamples.length > 0 && void fetchSamples().catch(() => { }), { once: true });
    fillShown();
    const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;
    const curlOf = (call) => {
        const lines = [`curl --request ${call.method}`, ...(/[[\]{}]/.test(call.url.href) ? ['--globoff'] : []), `--url ${quote(call.url.href)}`];
        for (const [name, value] of call.headers)
            lines.push(`--header ${quote(`${name}: ${value}`)}`);
        if (call.cookies.length > 0)
            lines.push(`--cookie ${quote(call.cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
        const body = call.body;
        if (body.kind === 'text')
            lines.push(`--data ${quote(body.text)}`);
        else if (body.kind === 'file')
            lines.push(`--data-binary ${quote(`@${body.file.name}`)}`);
        else if (body.kind === 'form')
            for (const [name, value] of body.pairs)
                lines.push(`--data ${quote(`${name}=${value}`)}`);
        else if (body.kind === 'multipart') {
            for (const [name, value] of body.fields)
                lines.push(typeof value === 'string' ? `--form-string ${quote(`${name}=${value}`)}` : `--form ${quote(`${name}=@${value.name}`)}`);
        }
        return lines.join(' \\\n  ');
    };
    const bodyInit = (body) => {
        if (body.kind === 'text')
            return body.text;
        if (body.kind === 'file')
            return body.file;
        if (body.kind === 'form')
            return body.text;
        if (body.kind === 'multipart') {
            const data = new FormData();
            for (const [name, value] of body.fields)
                data.append(name, value);
            return data;
        }
        return null;
    };
    const markFields = (panel, blockers) => {
        for (const old of all(panel, '.playground-field-error'))
            old.remove();
        for (const field of all(panel, '[aria-invalid]'))
            field.removeAttribute('aria-invalid');
        if (panel.dataset.tried === undefined)
            return;
        for (const [field, message] of blockers) {
            if (!field)
                continue;
            field.setAttribute('aria-invalid', 'true');
            const note = document.createElement('span');
            note.className = 'playground-field-error';
            note.textContent = message;
            field.after(note);
        }
    };
    const refresh = (panel) => {
        showChoices(panel);
        syncCredentials(panel);
        const call = callOf(panel);
        const blocked = typeof call === 'string' ? [] : call.blockers;
        markFields(panel, blocked);
        const problem = panel.querySelector('[data-problem]');
        if (problem) {
            const text = typeof call === 'string' ? call : panel.dataset.tried === undefined ? '' : blocked.map(([, message]) => message).join(' ');
            problem.textContent = text === '' ? '' : typeof call === 'string' ? text : `Not sent: ${text}`;
            problem.hidden = text === '';
        }
        const authNote = panel.querySelector('[data-auth-note]');
        if (authNote) {
            authNote.textContent = typeof call === 'string' ? '' : call.authNote;
            authNote.hidden = authNote.textContent === '';
        }
        const curl = panel.querySelector('[data-curl]');
        if (curl)
            curl.textContent = typeof call === 'string' ? '' : curlOf(call);
        return typeof call === 'string' ? undefined : call;
    };
    const setCookies = (call) => {
        if (call.url.origin !== location.origin)
            return () => { };
        const safe = call.cookies.filter(([name, value]) => /^[!#$%&'*+.^`|~\w-]+$/.test(name) && /^[!#-+\--:<-[\]-~]*$/.test(value));
        for (const [name, value] of safe)
            document.cookie = `${name}=${value}; path=/; SameSite=Strict`;
        return () => {
            for (const [name] of safe)
                document.cookie = `${name}=; path=/; max-age=0`;
        };
    };
    const TEXT_TYPES = /json|text\/|xml|javascript|x-www-form-urlencoded|yaml|csv/i;
    const shownBody = async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (type !== '' && !TEXT_TYPES.test(type))
            return `(${(await response.arrayBuffer()).byteLength} bytes of ${type})`;
        let text = await response.text();
        if (/json/i.test(type) || /^\s*[[{]/.test(text)) {
            try {
                text = JSON.stringify(JSON.parse(text), null, 2);
            }
            catch {
            }
        }
        return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (cut here: the body has ${text.length} characters)` : text;
    };
    const blockedMessage = (url, error) => {
        if (error instanceof DOMException && error.name === 'TimeoutError')
            return `The server did not answer within ${TIMEOUT_MS / 1000} seconds.`;
        const local = /^(localhost|127\.|\[::1\])/.test(url.hostname);
        if (location.protocol === 'https:' && url.protocol === 'http:' && !local) {
            return 'The browser blocked the request: this page is served over https and the server over http. Run the cURL command below instead.';
        }
        return ('The browser blocked the request or could not reach the server. Most often the API does not allow calls from ' +
            'other websites (CORS); the server may also be down or its address wrong. Run the cURL command below instead.');
    };
    const send = async (panel, call) => {
        const part = (selector) => panel.querySelector(selector);
        const output = part('[data-response]');
        const status = part('[data-response-status]');
        const time = part('[data-response-time]');
        const error = part('[data-response-error]');
        const headers = part('[data-response-headers]');
        const body = part('[data-response-body]');
        const button = part('button[type="submit"]');
        if (!output || !status || !time || !error || !headers || !body)
            return;
        const result = [headers.closest('details'), body.closest('figure')];
        const showResult = (on) => result.forEach((element) => element && (element.hidden = !on));
        output.hidden = false;
        output.dataset.outcome = 'pending';
        status.textContent = 'Sending…';
        time.textContent = '';
        error.hidden = true;
        showResult(false);
        if (button)
            button.disabled = true;
        try {
            let request;
            try {
                const redirect = call.credentials ? 'manual' : 'follow';
                request = new Request(call.url, { method: call.method, headers: call.headers, body: bodyInit(call.body), redirect, signal: AbortSignal.timeout(TIMEOUT_MS) });
            }
            catch (refused) {
                output.dataset.outcome = 'failed';
                status.textContent = 'Not sent';
                error.textContent = `The browser refused to make this request: ${refused instanceof Error ? refused.message : String(refused)}`;
                error.hidden = false;
                return;
            }
            const started = performance.now();
            const unsetCookies = setCookies(call);
            try {
                const response = await (window.docjetProxy ? window.docjetProxy.send(request, panel) : fetch(request));
                if (response.type === 'opaqueredirect') {
                    output.dataset.outcome = 'failed';
                    status.textContent = 'Redirect not followed';
                    error.textContent =
                        'The server answered with a redirect. With credentials filled in, the panel follows no redirect, so that they go only to the server you chose. Run the cURL command below (add --location) to follow it.';
                    error.hidden = false;
                    const curl = part('[data-curl-panel]');
                    if (curl)
                        curl.open = true;
                    return;
                }
                const text = await shownBody(response);
                output.dataset.outcome = response.ok ? 'ok' : 'error';
                status.textContent = `${response.status} ${response.statusText}`.trim();
                time.textContent = `${Math.round(performance.now() - started)} ms`;
                headers.textContent = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
                body.textContent = text;
                showResult(true);
            }
            catch (failure) {
                output.dataset.outcome = 'failed';
                status.textContent = 'No response';
                error.textContent = blockedMessage(call.url, failure);
                error.hidden = false;
                const curl = part('[data-curl-panel]');
                if (curl)
                    curl.open = true;
            }
            finally {
                unsetCookies();
            }
        }
        finally {
            if (button)
                button.disabled = false;
        }
    };
    const setUp = (panel) => {
        for (const field of all(panel, 'input[data-store]')) {
            field.addEventListener('input', () => {
                const origin = credentialsOrigin.get(panel) ?? '';
                if (origin !== '')
                    session.set(storeKey(panel, origin, field), field.value);
            });
        }
        const update = () => {
            refresh(panel);
            followed.add(panel);
            updateSamples(panel);
        };
        panel.addEventListener('input', update);
        panel.addEventListener('change', update);
        const picker = panel.closest('.endpoint')?.querySelector('[data-body-picker]');
        const choice = picker?.querySelector('select');
        if (picker && choice) {
            picker.hidden = false;
            const others = picker.parentElement?.querySelector('[data-body-choices]');
            if (others)
                others.hidden = true;
            choice.addEventListener('change', () => {
                const option = choice.selectedOptions[0];
                const media = panel.querySelector('select[data-media]');
                const blocks = all(panel, '[data-media-type]');
                const block = blocks.find((each) => each.dataset.mediaType === choice.dataset.media);
                if (!option || !block)
                    return;
                if (media)
                    media.selectedIndex = blocks.indexOf(block);
                const editor = block.querySelector('textarea');
                if (editor)
                    editor.value = option.dataset.body ?? '';
                const values = JSON.parse(option.dataset.fields ?? '{}');
                for (const field of all(block, '[data-form-field]'))
                    if (field.type !== 'file')
                        field.value = values[field.dataset.name ?? ''] ?? '';
                update();
            });
        }
        panel.querySelector('form')?.addEventListener('submit', (event) => {
            event.preventDefault();
            panel.dataset.tried = '';
            const call = refresh(panel);
            if (call && call.blockers.length === 0 && panel.dataset.playground !== 'simple')
                void send(panel, call);
        });
        refresh(panel);
        panel.hidden = false;
    };
    for (const panel of all(document, '[data-playground]'))
        setUp(panel);
}
