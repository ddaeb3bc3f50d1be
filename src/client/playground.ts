/*
 * The "Try it" panel of endpoint pages (markup: src/render/endpoint/playground.ts). This script is
 * not part of the page script every page loads: the pages that have a panel load it on their own.
 *
 * It reads the form (server and its variables, credentials, parameters, body), builds the request,
 * shows it as a curl command and, unless the panel is `simple`, sends it with `fetch` and shows the
 * status, the time, the headers the server lets the page read and the body (JSON indented). When
 * `fetch` fails without an answer, the browser blocked the call (the API allows no calls from
 * this site: CORS) or could not reach the server: the panel says so and opens the curl command.
 *
 * Whatever the spec or the server says is only ever written with `textContent` or read with
 * `dataset` and `value`; elements are found by comparing `dataset` values, never by building a
 * selector out of spec text.
 *
 * Credentials are kept in `sessionStorage` (for the browser session only; `localStorage` when the
 * site sets `api.playground.remember: "local"`), under the API they were
 * typed for (the panel's `data-credentials`, one per OpenAPI document) and the origin of the server
 * chosen when they were typed. The fields always hold the credentials of the server chosen now:
 * picking or typing another server empties them, or fills in what was typed for that one. A
 * request carries credentials only to the origin they were given for, and follows no redirect.
 */
{
  type Body =
    | { kind: 'none' }
    | { kind: 'text'; text: string }
    | { kind: 'file'; file: File }
    | { kind: 'form'; fields: [string, string][] }
    | { kind: 'multipart'; fields: [string, string | File][] };

  interface Call {
    method: string;
    url: URL;
    headers: [string, string][];
    /** Sent by curl only: a page cannot choose a request's cookies. */
    cookies: [string, string][];
    body: Body;
    /** Credentials are in the headers or the query: the request follows no redirect. */
    credentials: boolean;
  }

  const STORE = 'docjet-playground:';
  const TIMEOUT_MS = 60_000;
  /** Characters of a response body shown at most; the rest is cut with a note. */
  const MAX_SHOWN = 400_000;

  /** The key of a credential field's value: the API, the server's origin, the scheme and part. */
  const storeKey = (panel: HTMLElement, origin: string, field: HTMLElement): string => JSON.stringify([panel.dataset.credentials ?? '', origin, field.dataset.store ?? '']);

  /** sessionStorage; localStorage (kept across tabs and restarts) when the site opts in with `api.playground.remember: "local"`. */
  const store = (): Storage => (document.querySelector('[data-playground][data-remember="local"]') ? localStorage : sessionStorage);

  const session = {
    get(key: string): string | null {
      try {
        return store().getItem(STORE + key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        if (value === '') store().removeItem(STORE + key);
        else store().setItem(STORE + key, value);
      } catch {
        // Storage may be off: the value then lasts for this page only.
      }
    },
  };

  const all = <T extends Element>(root: ParentNode, selector: string): T[] => [...root.querySelectorAll<T>(selector)];
  type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

  /** The server's URL with its variables filled in, as typed. */
  const serverUrl = (panel: HTMLElement): string => {
    const picker = panel.querySelector<HTMLSelectElement>('select[data-server]');
    if (!picker) return panel.querySelector<HTMLInputElement>('input[data-server-url]')?.value.trim() ?? '';
    const template = picker.selectedOptions[0]?.dataset.url ?? '';
    const group = all<HTMLElement>(panel, '[data-server-variables]').find((element) => element.dataset.serverVariables === picker.value);
    const variables = group ? all<Field>(group, '[data-variable]') : [];
    return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => variables.find((field) => field.dataset.variable === name)?.value ?? whole);
  };

  /** The origin requests go to now, or '' while the server's URL is not one the panel can call. */
  const serverOrigin = (panel: HTMLElement): string => {
    const server = serverUrl(panel);
    if (server === '') return '';
    try {
      const url = new URL(server, location.href);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
    } catch {
      return '';
    }
  };

  /** By panel: the origin its credential fields' values were typed (or filled in) for. */
  const credentialsOrigin = new WeakMap<HTMLElement, string>();

  /**
   * When the server's origin changed, the credential fields get what was typed for the new one
   * (nothing, if nothing was): a token typed for one server is never shown, nor sent, for another.
   * Without a server to call, they are empty and disabled.
   */
  const syncCredentials = (panel: HTMLElement): void => {
    const origin = serverOrigin(panel);
    if (credentialsOrigin.get(panel) === origin) return;
    credentialsOrigin.set(panel, origin);
    for (const field of all<HTMLInputElement>(panel, 'input[data-store]')) {
      field.disabled = origin === '';
      field.value = origin === '' ? '' : (session.get(storeKey(panel, origin, field)) ?? '');
    }
  };

  /** Shows the variables of the chosen server and the editor of the chosen content type. */
  const showChoices = (panel: HTMLElement): void => {
    const picker = panel.querySelector<HTMLSelectElement>('select[data-server]');
    for (const group of all<HTMLElement>(panel, '[data-server-variables]')) group.hidden = group.dataset.serverVariables !== picker?.value;
    const media = panel.querySelector<HTMLSelectElement>('select[data-media]');
    all<HTMLElement>(panel, '[data-media-type]').forEach((block, index) => (block.hidden = index !== (media?.selectedIndex ?? 0)));
  };

  const base64 = (text: string): string => {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary);
  };

  const setHeader = (headers: [string, string][], name: string, value: string): void => {
    if (!headers.some(([each]) => each.toLowerCase() === name.toLowerCase())) headers.push([name, value]);
  };

  /**
   * The credentials typed in, where their schemes put them; the first `Authorization` wins. None
   * when `url` is not on the origin they were typed for.
   */
  const addCredentials = (panel: HTMLElement, url: URL, headers: [string, string][], cookies: [string, string][]): boolean => {
    if (credentialsOrigin.get(panel) !== url.origin) return false;
    let added = false;
    for (const field of all<HTMLInputElement>(panel, 'input[data-auth]')) {
      const value = field.value;
      added ||= value !== '';
      const { auth, store = '' } = field.dataset;
      if (auth === 'basic-user' || auth === 'basic-password') {
        if (auth === 'basic-password') continue;
        const scheme = store.slice(0, store.lastIndexOf(':'));
        const password = all<HTMLInputElement>(panel, 'input[data-auth="basic-password"]').find((each) => each.dataset.store === `${scheme}:basic-password`)?.value ?? '';
        if (value !== '' || password !== '') setHeader(headers, 'Authorization', `Basic ${base64(`${value}:${password}`)}`);
      } else if (value === '') {
        continue;
      } else if (auth === 'token') {
        setHeader(headers, 'Authorization', `${field.dataset.prefix ?? 'Bearer'} ${value}`);
      } else if (auth === 'apikey') {
        const name = field.dataset.name ?? '';
        if (field.dataset.in === 'query') url.searchParams.append(name, value);
        else if (field.dataset.in === 'cookie') cookies.push([name, value]);
        else setHeader(headers, name, value);
      }
    }
    return added;
  };

  const readBody = (panel: HTMLElement, headers: [string, string][]): Body => {
    const picker = panel.querySelector<HTMLSelectElement>('select[data-media]');
    const block = all<HTMLElement>(panel, '[data-media-type]')[picker?.selectedIndex ?? 0];
    if (!block) return { kind: 'none' };
    const type = block.dataset.mediaType ?? '';
    const editor = block.querySelector<HTMLTextAreaElement>('textarea[data-body]');
    const file = block.querySelector<HTMLInputElement>('input[data-body-file]')?.files?.[0];
    if (editor || file) {
      if (editor ? editor.value.trim() === '' : !file) return { kind: 'none' };
      setHeader(headers, 'Content-Type', type);
      return editor ? { kind: 'text', text: editor.value } : { kind: 'file', file: file! };
    }
    const fields: [string, string | File][] = [];
    for (const field of all<Field>(block, '[data-form-field]')) {
      const name = field.dataset.name ?? '';
      if (field instanceof HTMLInputElement && field.type === 'file') for (const chosen of field.files ?? []) fields.push([name, chosen]);
      else if (field.value !== '') fields.push([name, field.value]);
    }
    if (/^multipart\//i.test(type)) return { kind: 'multipart', fields };
    return { kind: 'form', fields: fields.filter((field): field is [string, string] => typeof field[1] === 'string') };
  };

  /** The request the form describes, or what is missing to make one. */
  const callOf = (panel: HTMLElement): Call | string => {
    const method = panel.dataset.method ?? 'GET';
    const values = (location: string): [string, string, boolean][] =>
      all<Field>(panel, `[data-param="${location}"]`).map((field) => [field.dataset.name ?? '', field.value, field.dataset.array !== undefined]);
    const server = serverUrl(panel);
    if (server === '' && !panel.querySelector('select[data-server]')) return 'Enter the URL of the server to call.';
    const missing: string[] = [];
    const pathValues = values('path');
    const path = (panel.dataset.path ?? '').replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const value = pathValues.find(([each]) => each === name)?.[1] ?? '';
      if (value === '') missing.push(name);
      return encodeURIComponent(value);
    });
    if (missing.length > 0) return `Fill in the path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
    let url: URL;
    try {
      url = new URL(server.replace(/\/+$/, '') + path, location.href);
    } catch {
      return `${server} is not a URL the browser can call.`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https servers can be called.';
    for (const [name, value, array] of values('query')) {
      if (value === '') continue;
      for (const item of array ? value.split(',').map((part) => part.trim()) : [value]) url.searchParams.append(name, item);
    }
    const headers: [string, string][] = values('header').flatMap(([name, value]): [string, string][] => (value === '' ? [] : [[name, value]]));
    const cookies: [string, string][] = values('cookie').flatMap(([name, value]): [string, string][] => (value === '' ? [] : [[name, value]]));
    const credentials = addCredentials(panel, url, headers, cookies);
    return { method, url, headers, cookies, body: readBody(panel, headers), credentials };
  };

  /** Single-quoted for POSIX shells: nothing inside is special except the quote itself. */
  const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

  const curlOf = (call: Call): string => {
    const lines = [`curl --request ${call.method}`, `--url ${quote(call.url.href)}`];
    for (const [name, value] of call.headers) lines.push(`--header ${quote(`${name}: ${value}`)}`);
    if (call.cookies.length > 0) lines.push(`--cookie ${quote(call.cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
    const body = call.body;
    if (body.kind === 'text') lines.push(`--data ${quote(body.text)}`);
    else if (body.kind === 'file') lines.push(`--data-binary ${quote(`@${body.file.name}`)}`);
    else if (body.kind === 'form') for (const [name, value] of body.fields) lines.push(`--data-urlencode ${quote(`${name}=${value}`)}`);
    else if (body.kind === 'multipart') {
      // `--form-string` sends a value as written: `--form` reads `@file` and `<file` in it.
      for (const [name, value] of body.fields) lines.push(typeof value === 'string' ? `--form-string ${quote(`${name}=${value}`)}` : `--form ${quote(`${name}=@${value.name}`)}`);
    }
    return lines.join(' \\\n  ');
  };

  const bodyInit = (body: Body): BodyInit | null => {
    if (body.kind === 'text') return body.text;
    if (body.kind === 'file') return body.file;
    if (body.kind === 'form') return new URLSearchParams(body.fields);
    if (body.kind === 'multipart') {
      const data = new FormData();
      for (const [name, value] of body.fields) data.append(name, value);
      return data;
    }
    return null;
  };

  /** Writes the curl command and any problem; returns the call, when there is one. */
  const refresh = (panel: HTMLElement): Call | undefined => {
    showChoices(panel);
    syncCredentials(panel);
    const call = callOf(panel);
    const problem = panel.querySelector<HTMLElement>('[data-problem]');
    if (problem) {
      problem.textContent = typeof call === 'string' ? call : '';
      problem.hidden = typeof call !== 'string';
    }
    const curl = panel.querySelector<HTMLElement>('[data-curl]');
    if (curl) curl.textContent = typeof call === 'string' ? '' : curlOf(call);
    return typeof call === 'string' ? undefined : call;
  };

  const TEXT_TYPES = /json|text\/|xml|javascript|x-www-form-urlencoded|yaml|csv/i;

  /** The body as text: JSON indented, other binary types as their size, a huge body cut. */
  const shownBody = async (response: Response): Promise<string> => {
    const type = response.headers.get('content-type') ?? '';
    if (type !== '' && !TEXT_TYPES.test(type)) return `(${(await response.arrayBuffer()).byteLength} bytes of ${type})`;
    let text = await response.text();
    if (/json/i.test(type) || /^\s*[[{]/.test(text)) {
      try {
        text = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON after all: shown as it came.
      }
    }
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (cut here: the body has ${text.length} characters)` : text;
  };

  /** Why `fetch` gave no answer, in words a reader can act on. */
  const blockedMessage = (url: URL, error: unknown): string => {
    if (error instanceof DOMException && error.name === 'TimeoutError') return `The server did not answer within ${TIMEOUT_MS / 1000} seconds.`;
    const local = /^(localhost|127\.|\[::1\])/.test(url.hostname);
    if (location.protocol === 'https:' && url.protocol === 'http:' && !local) {
      return 'The browser blocked the request: this page is served over https and the server over http. Run the cURL command below instead.';
    }
    return (
      'The browser blocked the request or could not reach the server. Most often the API does not allow calls from ' +
      'other websites (CORS); the server may also be down or its address wrong. Run the cURL command below instead.'
    );
  };

  const send = async (panel: HTMLElement, call: Call): Promise<void> => {
    const part = <T extends HTMLElement>(selector: string): T | null => panel.querySelector<T>(selector);
    const output = part<HTMLElement>('[data-response]');
    const status = part<HTMLElement>('[data-response-status]');
    const time = part<HTMLElement>('[data-response-time]');
    const error = part<HTMLElement>('[data-response-error]');
    const headers = part<HTMLElement>('[data-response-headers]');
    const body = part<HTMLElement>('[data-response-body]');
    const button = part<HTMLButtonElement>('button[type="submit"]');
    if (!output || !status || !time || !error || !headers || !body) return;
    const result = [headers.closest('details'), body.closest('figure')];
    const showResult = (on: boolean): void => result.forEach((element) => element && (element.hidden = !on));

    output.hidden = false;
    output.dataset.outcome = 'pending';
    status.textContent = 'Sending…';
    time.textContent = '';
    error.hidden = true;
    showResult(false);
    if (button) button.disabled = true;
    try {
      let request: Request;
      try {
        // A redirect would take the credentials (an API key header, a key in the query) wherever it points.
        const redirect = call.credentials ? 'manual' : 'follow';
        request = new Request(call.url, { method: call.method, headers: call.headers, body: bodyInit(call.body), redirect, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (refused) {
        output.dataset.outcome = 'failed';
        status.textContent = 'Not sent';
        error.textContent = `The browser refused to make this request: ${refused instanceof Error ? refused.message : String(refused)}`;
        error.hidden = false;
        return;
      }
      const started = performance.now();
      try {
        const response = await (window.docjetProxy ? window.docjetProxy.send(request, panel) : fetch(request));
        if (response.type === 'opaqueredirect') {
          output.dataset.outcome = 'failed';
          status.textContent = 'Redirect not followed';
          error.textContent = 'The server answered with a redirect. With credentials filled in, the panel follows no redirect, so that they go only to the server you chose. Run the cURL command below (add --location) to follow it.';
          error.hidden = false;
          const curl = part<HTMLDetailsElement>('[data-curl-panel]');
          if (curl) curl.open = true;
          return;
        }
        const text = await shownBody(response);
        output.dataset.outcome = response.ok ? 'ok' : 'error';
        status.textContent = `${response.status} ${response.statusText}`.trim();
        time.textContent = `${Math.round(performance.now() - started)} ms`;
        headers.textContent = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
        body.textContent = text;
        showResult(true);
      } catch (failure) {
        output.dataset.outcome = 'failed';
        status.textContent = 'No response';
        error.textContent = blockedMessage(call.url, failure);
        error.hidden = false;
        const curl = part<HTMLDetailsElement>('[data-curl-panel]');
        if (curl) curl.open = true;
      }
    } finally {
      if (button) button.disabled = false;
    }
  };

  const setUp = (panel: HTMLElement): void => {
    for (const field of all<HTMLInputElement>(panel, 'input[data-store]')) {
      field.addEventListener('input', () => {
        const origin = credentialsOrigin.get(panel) ?? '';
        if (origin !== '') session.set(storeKey(panel, origin, field), field.value);
      });
    }
    const update = (): void => void refresh(panel);
    panel.addEventListener('input', update);
    panel.addEventListener('change', update);
    panel.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      const call = refresh(panel);
      if (call && panel.dataset.playground !== 'simple') void send(panel, call);
    });
    refresh(panel);
    panel.hidden = false;
  };

  for (const panel of all<HTMLElement>(document, '[data-playground]')) setUp(panel);
}
