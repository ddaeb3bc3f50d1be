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
  type Body = DocjetBody;

  interface Call extends DocjetSampleCall {
    url: URL;
    /** Credentials are in the headers or the query: the request follows no redirect. */
    credentials: boolean;
    /** Which credentials go, when the reader filled in more than one way to sign in; why a cookie cannot go. */
    authNote: string;
    /** What keeps the request from being sent (a required field left empty, a body that is not JSON), each with its field. */
    blockers: [HTMLElement | undefined, string][];
  }

  const codec = docjetRequestEncoding;

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

  /** A field's serialization rule, from the attributes the page wrote (src/render/endpoint/playground.ts). */
  const ruleOf = (field: HTMLElement): DocjetEncodingRule => {
    const { name = '', style, explode } = field.dataset;
    return { name, style, explode: explode === undefined ? undefined : explode === 'true', allowReserved: field.dataset.reserved !== undefined };
  };

  /** What the reader typed, as the value it stands for: a list (`a, b`), an object (JSON), or text. */
  const typedValue = (field: Field): unknown => codec.parse(field.value, field.dataset.kind);

  /** Adds encoded `name=value` pieces to the URL's query as they are: `searchParams` would encode them again its own way. */
  const appendQuery = (url: URL, pieces: string[]): void => {
    if (pieces.length > 0) url.search = [url.search.slice(1), ...pieces].filter((piece) => piece !== '').join('&');
  };

  const schemeOf = (field: HTMLElement): string => {
    const store = field.dataset.store ?? '';
    return store.slice(0, store.lastIndexOf(':'));
  };

  /**
   * The credentials typed in, where their schemes put them. When the reader filled in more than one
   * way to sign in, the first of the operation's security alternatives that is complete goes (a
   * bearer token and basic credentials are never both sent, nor one dropped silently): `note` says
   * which. None when `url` is not on the origin they were typed for.
   */
  const addCredentials = (panel: HTMLElement, url: URL, headers: [string, string][], cookies: [string, string][]): { added: boolean; note: string } => {
    if (credentialsOrigin.get(panel) !== url.origin) return { added: false, note: '' };
    const fields = all<HTMLInputElement>(panel, 'input[data-auth]');
    const filled = [...new Set(fields.filter((field) => field.value !== '').map(schemeOf))];
    let alternatives: string[][] = [];
    try {
      alternatives = JSON.parse(panel.dataset.security ?? '[]') as string[][];
    } catch {
      // No alternatives: every scheme filled in goes.
    }
    const chosen = alternatives.find((alternative) => alternative.length > 0 && alternative.every((name) => filled.includes(name)));
    const left = chosen ? filled.filter((name) => !chosen.includes(name)) : [];
    const notes: string[] = [];
    if (chosen && left.length > 0)
      notes.push(
        `Sent with ${chosen.join(' and ')}; ${left.join(', ')} is filled in too but not sent: this endpoint takes one of them. Empty ${chosen.join(', ')} to send ${left.join(', ')}.`,
      );
    let added = false;
    for (const field of fields) {
      const value = field.value;
      const { auth, store = '' } = field.dataset;
      if (chosen && !chosen.includes(schemeOf(field))) continue;
      added ||= value !== '';
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
        if (field.dataset.in === 'query') appendQuery(url, [`${codec.encode(name)}=${codec.encode(value)}`]);
        else if (field.dataset.in === 'cookie') {
          cookies.push([name, value]);
          if (url.origin !== location.origin) notes.push(`Browsers do not let a page set a cookie for another site: the API key ${name} goes into the cURL command only.`);
        } else setHeader(headers, name, value);
      }
    }
    return { added, note: notes.join(' ') };
  };

  const readBody = (panel: HTMLElement, headers: [string, string][], blockers: Call['blockers']): Body => {
    const picker = panel.querySelector<HTMLSelectElement>('select[data-media]');
    const block = all<HTMLElement>(panel, '[data-media-type]')[picker?.selectedIndex ?? 0];
    if (!block) return { kind: 'none' };
    const type = block.dataset.mediaType ?? '';
    const required = block.dataset.required !== undefined;
    const editor = block.querySelector<HTMLTextAreaElement>('textarea[data-body]');
    const fileInput = block.querySelector<HTMLInputElement>('input[data-body-file]');
    const file = fileInput?.files?.[0];
    if (editor || fileInput) {
      if (editor ? editor.value.trim() === '' : !file) {
        if (required) blockers.push([editor ?? fileInput ?? undefined, 'The body is required.']);
        return { kind: 'none' };
      }
      if (editor && editor.dataset.json !== undefined) {
        try {
          JSON.parse(editor.value);
        } catch (error) {
          blockers.push([editor, `The body is not valid JSON (${error instanceof Error ? error.message : String(error)}).`]);
        }
      }
      setHeader(headers, 'Content-Type', type);
      return editor ? { kind: 'text', type, text: editor.value, json: editor.dataset.json !== undefined } : { kind: 'file', type, file: file! };
    }
    const values: Record<string, unknown> = {};
    const rules: Record<string, DocjetEncodingRule> = {};
    for (const field of all<Field>(block, '[data-form-field]')) {
      const name = field.dataset.name ?? '';
      const files = field instanceof HTMLInputElement && field.type === 'file' ? [...(field.files ?? [])] : undefined;
      const empty = files ? files.length === 0 : field.value === '';
      if (empty) {
        if (field.dataset.required !== undefined) blockers.push([field, `${name} is required.`]);
        continue;
      }
      values[name] = files ? (field.hasAttribute('multiple') ? files : files[0]) : typedValue(field);
      rules[name] = ruleOf(field);
    }
    if (/^multipart\//i.test(type)) {
      const fields = codec.multipart(values).map(([name, value]): [string, string | File] => [name, value instanceof File ? value : codec.text(value)]);
      return { kind: 'multipart', type, fields, values };
    }
    setHeader(headers, 'Content-Type', type);
    return { kind: 'form', type, ...codec.form(rules, values), values };
  };

  /**
   * The request the form describes, or what is missing to make one. For a `sample`, a path
   * parameter left empty stays `{name}`, a missing server is left to the samples' placeholder host,
   * and credentials are left to the samples module (src/client/samples.mts).
   */
  const callOf = (panel: HTMLElement, sample = false): Call | string => {
    const method = panel.dataset.method ?? 'GET';
    const fields = (location: string): Field[] => all<Field>(panel, `[data-param="${location}"]`);
    const server = serverUrl(panel);
    const serverless = server === '' && !panel.querySelector('select[data-server]');
    if (serverless && !sample) return 'Enter the URL of the server to call.';
    const missing: string[] = [];
    const templates: string[] = [];
    const pathFields = fields('path');
    const path = (panel.dataset.path ?? '').replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const field = pathFields.find((each) => each.dataset.name === name);
      if (!field || field.value === '') {
        (sample ? templates : missing).push(name);
        return sample ? whole : '';
      }
      return codec.path(ruleOf(field), typedValue(field));
    });
    if (missing.length > 0) return `Fill in the path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
    let url: URL;
    try {
      url = new URL(server.replace(/\/+$/, '') + path, serverless ? 'http://host.invalid' : location.href);
    } catch {
      return `${server} is not a URL the browser can call.`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https servers can be called.';
    const blockers: Call['blockers'] = [];
    /** The fields of a location that have a value; a required one left empty stops the request. */
    const filled = (location: string): Field[] =>
      fields(location).filter((field) => {
        if (field.value !== '') return true;
        if (field.dataset.required !== undefined) blockers.push([field, `${field.dataset.name ?? ''} is required.`]);
        return false;
      });
    const base = new URL(url);
    const query = filled('query').flatMap((field) => codec.query(ruleOf(field), typedValue(field)));
    appendQuery(url, query);
    const headers: [string, string][] = filled('header').map((field) => [field.dataset.name ?? '', codec.header(ruleOf(field), typedValue(field))]);
    const cookies: [string, string][] = filled('cookie').flatMap((field) => codec.cookie(ruleOf(field), typedValue(field)));
    // A sample's credentials are placeholders, which the samples module adds.
    const credentials = sample ? { added: false, note: '' } : addCredentials(panel, url, headers, cookies);
    const body = readBody(panel, headers, blockers);
    return { method, url, headers, cookies, body, credentials: credentials.added, authNote: credentials.note, blockers, base, query, templates, serverless };
  };

  /** The samples module's URL, beside this script's (`_docjet/`), whatever the site's base. */
  const samplesUrl = ((): string => {
    const script = document.currentScript;
    try {
      return script instanceof HTMLScriptElement && typeof docjetSamplesScript === 'string' ? new URL(docjetSamplesScript, script.src).href : '';
    } catch {
      return '';
    }
  })();
  let samplesModule: Promise<DocjetSamples> | undefined;
  /** Panels the reader changed: their page's samples follow them from then on. */
  const followed = new WeakSet<HTMLElement>();

  /**
   * Every generated sample of the page rewritten for the request the panel would send, once the
   * reader changed something in it (src/client/samples.mts, 40 KB gzipped, fetched then, not before).
   */
  const updateSamples = (panel: HTMLElement): void => {
    const call = followed.has(panel) && samplesUrl !== '' ? callOf(panel, true) : '';
    if (typeof call === 'string') return;
    samplesModule ??= import(samplesUrl) as Promise<DocjetSamples>;
    samplesModule.then((module) => module.showSamples(panel, call)).catch(() => (samplesModule = undefined));
  };

  /**
   * The generated samples the build left out of the page (every tab but the first,
   * src/render/endpoint/index.ts): their blocks, coloured by the build, are in a file of their own
   * that the first tab links to (`a.samples-link`, what a reader without JavaScript follows). It is
   * fetched once, when the reader first points at or focuses the tabs, or when one of those tabs is
   * shown (a click, the reader's language from an earlier page, a link to the tab), and each block
   * goes into its tab. When it cannot be fetched, the samples shown are written from the build's
   * request by the samples module, the same text uncoloured (the file is asked for again next
   * time). A sample Try it has written since is left as it is.
   */
  const lazySamples = all<HTMLElement>(document, '[data-sample-lazy]');
  const samplesLink = document.querySelector<HTMLAnchorElement>('a.samples-link');
  let samplesFile: Promise<void> | undefined;
  const fetchSamples = (): Promise<void> =>
    (samplesFile ??= fetch(samplesLink?.href ?? '')
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
      .then((text) => {
        for (const block of new DOMParser().parseFromString(text, 'text/html').querySelectorAll<HTMLElement>('[data-samples] > [data-sample]')) {
          const target = lazySamples.find((each) => each.dataset.sample === block.dataset.sample && each.dataset.sampleLazy !== undefined);
          target?.replaceChildren(...block.childNodes);
          delete target?.dataset.sampleLazy;
        }
      })
      .catch((error: unknown) => {
        samplesFile = undefined;
        throw error;
      }));
  const fillShown = (): void => {
    const shown = lazySamples.filter((target) => target.dataset.sampleLazy !== undefined && !target.closest('[hidden]'));
    if (shown.length === 0) return;
    fetchSamples().catch(() => {
      if (samplesUrl === '') return;
      samplesModule ??= import(samplesUrl) as Promise<DocjetSamples>;
      samplesModule.then((module) => module.fillSamples(shown)).catch(() => (samplesModule = undefined));
    });
  };
  const samplesObserver = new MutationObserver(fillShown);
  for (const target of lazySamples) {
    const panel = target.closest('[role="tabpanel"]');
    if (panel) samplesObserver.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  }
  const sampleTabs = samplesLink?.closest('.code-group')?.querySelector(':scope > [role="tablist"]');
  for (const type of ['pointerenter', 'focusin']) sampleTabs?.addEventListener(type, () => lazySamples.length > 0 && void fetchSamples().catch(() => {}), { once: true });
  fillShown();

  /** Single-quoted for POSIX shells: nothing inside is special except the quote itself. */
  const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

  const curlOf = (call: Call): string => {
    const lines = [`curl --request ${call.method}`, ...(/[[\]{}]/.test(call.url.href) ? ['--globoff'] : []), `--url ${quote(call.url.href)}`];
    for (const [name, value] of call.headers) lines.push(`--header ${quote(`${name}: ${value}`)}`);
    if (call.cookies.length > 0) lines.push(`--cookie ${quote(call.cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
    const body = call.body;
    if (body.kind === 'text') lines.push(`--data ${quote(body.text)}`);
    else if (body.kind === 'file') lines.push(`--data-binary ${quote(`@${body.file.name}`)}`);
    // Encoded by the serializer, not by curl (whose `--data-urlencode` writes a space as `+` or `%20` by version).
    else if (body.kind === 'form') for (const [name, value] of body.pairs) lines.push(`--data ${quote(`${name}=${value}`)}`);
    else if (body.kind === 'multipart') {
      // `--form-string` sends a value as written: `--form` reads `@file` and `<file` in it.
      for (const [name, value] of body.fields) lines.push(typeof value === 'string' ? `--form-string ${quote(`${name}=${value}`)}` : `--form ${quote(`${name}=@${value.name}`)}`);
    }
    return lines.join(' \\\n  ');
  };

  const bodyInit = (body: Body): BodyInit | null => {
    if (body.kind === 'text') return body.text;
    if (body.kind === 'file') return body.file;
    if (body.kind === 'form') return body.text;
    if (body.kind === 'multipart') {
      const data = new FormData();
      for (const [name, value] of body.fields) data.append(name, value);
      return data;
    }
    return null;
  };

  /** Marks the fields that keep the request from going, each with its message (once the reader tried to send). */
  const markFields = (panel: HTMLElement, blockers: Call['blockers']): void => {
    for (const old of all<HTMLElement>(panel, '.playground-field-error')) old.remove();
    for (const field of all<HTMLElement>(panel, '[aria-invalid]')) field.removeAttribute('aria-invalid');
    if (panel.dataset.tried === undefined) return;
    for (const [field, message] of blockers) {
      if (!field) continue;
      field.setAttribute('aria-invalid', 'true');
      const note = document.createElement('span');
      note.className = 'playground-field-error';
      note.textContent = message;
      field.after(note);
    }
  };

  /** Writes the curl command and any problem; returns the call, when there is one. */
  const refresh = (panel: HTMLElement): Call | undefined => {
    showChoices(panel);
    syncCredentials(panel);
    const call = callOf(panel);
    const blocked = typeof call === 'string' ? [] : call.blockers;
    markFields(panel, blocked);
    const problem = panel.querySelector<HTMLElement>('[data-problem]');
    if (problem) {
      const text = typeof call === 'string' ? call : panel.dataset.tried === undefined ? '' : blocked.map(([, message]) => message).join(' ');
      problem.textContent = text === '' ? '' : typeof call === 'string' ? text : `Not sent: ${text}`;
      problem.hidden = text === '';
    }
    const authNote = panel.querySelector<HTMLElement>('[data-auth-note]');
    if (authNote) {
      authNote.textContent = typeof call === 'string' ? '' : call.authNote;
      authNote.hidden = authNote.textContent === '';
    }
    const curl = panel.querySelector<HTMLElement>('[data-curl]');
    if (curl) curl.textContent = typeof call === 'string' ? '' : curlOf(call);
    return typeof call === 'string' ? undefined : call;
  };

  /** Cookies a page may set: for its own origin, names and values without `;`, `=` or spaces. Returns what unsets them. */
  const setCookies = (call: Call): (() => void) => {
    if (call.url.origin !== location.origin) return () => {};
    const safe = call.cookies.filter(([name, value]) => /^[!#$%&'*+.^`|~\w-]+$/.test(name) && /^[!#-+\--:<-[\]-~]*$/.test(value));
    // biome-ignore lint/suspicious/noDocumentCookie: an API key the spec puts in a cookie is sent as the browser sends cookies, same origin only, removed after the call
    for (const [name, value] of safe) document.cookie = `${name}=${value}; path=/; SameSite=Strict`;
    return () => {
      // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie set just above
      for (const [name] of safe) document.cookie = `${name}=; path=/; max-age=0`;
    };
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
      const unsetCookies = setCookies(call);
      try {
        const response = await (window.docjetProxy ? window.docjetProxy.send(request, panel) : fetch(request));
        if (response.type === 'opaqueredirect') {
          output.dataset.outcome = 'failed';
          status.textContent = 'Redirect not followed';
          error.textContent =
            'The server answered with a redirect. With credentials filled in, the panel follows no redirect, so that they go only to the server you chose. Run the cURL command below (add --location) to follow it.';
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
      } finally {
        unsetCookies();
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
    const update = (): void => {
      refresh(panel);
      followed.add(panel);
      updateSamples(panel);
    };
    panel.addEventListener('input', update);
    panel.addEventListener('change', update);
    // The body picker above the samples (src/render/endpoint/playground.ts): its body goes into Try it, which the samples follow.
    const picker = panel.closest('.endpoint')?.querySelector<HTMLElement>('[data-body-picker]');
    const choice = picker?.querySelector('select');
    if (picker && choice) {
      picker.hidden = false;
      const others = picker.parentElement?.querySelector<HTMLElement>('[data-body-choices]');
      if (others) others.hidden = true;
      choice.addEventListener('change', () => {
        const option = choice.selectedOptions[0];
        const media = panel.querySelector<HTMLSelectElement>('select[data-media]');
        const blocks = all<HTMLElement>(panel, '[data-media-type]');
        const block = blocks.find((each) => each.dataset.mediaType === choice.dataset.media);
        if (!option || !block) return;
        if (media) media.selectedIndex = blocks.indexOf(block);
        const editor = block.querySelector('textarea');
        if (editor) editor.value = option.dataset.body ?? '';
        const values = JSON.parse(option.dataset.fields ?? '{}') as Record<string, string>;
        for (const field of all<Field>(block, '[data-form-field]')) if (field.type !== 'file') field.value = values[field.dataset.name ?? ''] ?? '';
        update();
      });
    }
    panel.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      panel.dataset.tried = '';
      const call = refresh(panel);
      if (call && call.blockers.length === 0 && panel.dataset.playground !== 'simple') void send(panel, call);
    });
    refresh(panel);
    panel.hidden = false;
  };

  for (const panel of all<HTMLElement>(document, '[data-playground]')) setUp(panel);
}
