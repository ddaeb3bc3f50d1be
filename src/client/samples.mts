/*
 * The request samples of an endpoint page as the reader fills in "Try it" (issue 30): the panel's
 * script (src/client/playground.ts) imports this module the first time the reader changes the
 * panel, and hands it the request the panel would send. It writes every language with the code the
 * build writes them with (src/portable/code-samples.ts and `@readme/httpsnippet`, whose `url`
 * import scripts/client.mjs points at src/portable/legacy-url.ts), so a sample here is byte for
 * byte the one the build would write for that request (test/openapi/browser-samples.test.ts runs
 * this very file in Node against the build's). Only the generated samples change
 * (`[data-sample]`), never the author's own; text goes in with `textContent`.
 */
import { HTTPSnippet } from '@readme/httpsnippet';
import { curlCommand, generateCodeSamples, PLACEHOLDER_HOST, sampleLanguage, type RequestParts, type SnippetGenerator } from '../portable/code-samples.js';

/**
 * The request's samples by language key (`bash`, `python`, …); a language its generator cannot
 * write safely is left out. A URL without a host (the reader named no server) goes to the build's
 * placeholder host.
 */
export function writeSamples(request: RequestParts, keys: readonly string[]): Record<string, string> {
  const parts = /^[a-z][a-z0-9+.-]*:\/\//i.test(request.url) ? request : { ...request, url: PLACEHOLDER_HOST + request.url };
  const languages = keys.flatMap((key) => sampleLanguage(key) ?? []);
  const written: Record<string, string> = {};
  for (const sample of generateCodeSamples(parts, languages, HTTPSnippet as unknown as SnippetGenerator)) written[sample.language.key] = sample.code;
  if (languages.some((language) => language.target === undefined)) written['bash'] = curlCommand(parts);
  return written;
}

/** Every generated sample of the panel's page, written for the request the panel would send. */
export function showSamples(panel: HTMLElement, call: DocjetSampleCall): void {
  const targets = [...(panel.closest('.endpoint') ?? document).querySelectorAll<HTMLElement>('[data-sample]')];
  if (targets.length === 0) return;
  const written = writeSamples(
    partsOf(panel, call),
    targets.map((target) => target.dataset.sample ?? ''),
  );
  for (const target of targets) {
    writeCode(target, written[target.dataset.sample ?? ''] ?? 'What you typed cannot be written safely in this language: use the cURL sample.');
    target.dataset.live = '';
  }
}

/**
 * Generated samples the build left out of the page (`[data-sample-lazy]`: every tab but the first,
 * issue 33) when their coloured blocks could not be fetched, written for the request the build
 * wrote them for (their code group's `data-request`): the build's text, uncoloured. Those Try it
 * has written since are left as they are.
 */
export function fillSamples(targets: readonly HTMLElement[]): void {
  for (const target of targets) {
    if (target.dataset.sampleLazy === undefined) continue;
    const data = target.closest('.code-group')?.querySelector<HTMLElement>('[data-request]')?.dataset.request;
    if (!data) continue;
    const json = JSON.parse(data) as RequestParts & { headers: [string, string][] };
    const key = target.dataset.sample ?? '';
    writeCode(target, writeSamples({ ...json, headers: new Map(json.headers) }, [key])[key] ?? '');
  }
}

/** A sample's text in its code block: one `span.line` a line, as the build's highlighter writes them (the code block's padding is on those), uncoloured. */
function writeCode(target: HTMLElement, text: string): void {
  delete target.dataset.sampleLazy;
  const code = target.querySelector('code') ?? codeBlock(target);
  code.replaceChildren(
    ...text.split('\n').flatMap((line, index) => {
      const span = document.createElement('span');
      span.className = 'line';
      span.textContent = line;
      return index === 0 ? [span] : ['\n', span];
    }),
  );
}

/**
 * The code block of a sample the build left empty, as the build writes one (codeBlockHtml in
 * src/content/mdx/code.ts): titled by its tab, with the page's copy button; its `code` element.
 */
function codeBlock(target: HTMLElement): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'code-block';
  const lang = sampleLanguage(target.dataset.sample ?? '')?.lang ?? 'text';
  figure.dataset.language = lang;
  const caption = document.createElement('figcaption');
  caption.className = 'code-title';
  const title = document.createElement('span');
  title.className = 'code-title-text';
  const panel = target.closest('[role="tabpanel"]');
  title.textContent = (panel && document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.textContent) ?? '';
  caption.append(title);
  const copy = target.closest('.code-group')?.querySelector('.code-block > .copy-button')?.cloneNode(true);
  const pre = document.createElement('pre');
  pre.tabIndex = 0;
  const code = document.createElement('code');
  code.className = `language-${lang}`;
  pre.append(code);
  figure.append(caption, ...(copy ? [copy] : []), pre);
  target.append(figure);
  return code;
}

/** The call as src/portable/code-samples.ts reads it: placeholder credentials, files as `<binary>`, JSON as its value. */
function partsOf(panel: HTMLElement, call: DocjetSampleCall): RequestParts {
  const binary = (value: unknown): unknown => (value instanceof File ? '<binary>' : Array.isArray(value) ? value.map(binary) : value);
  let url = call.serverless ? call.base.pathname + call.base.search : call.base.href.replace(/#.*$/, '');
  // A template left for the reader is written as such (`{petId}`), as the build writes it.
  for (const name of call.templates) url = url.replaceAll(`%7B${encodeURIComponent(name)}%7D`, `{${name}}`);
  const query = [...call.query];
  const headers: [string, string][] = [];
  const cookies = [...call.cookies];
  placeholderCredentials(panel, query, headers, cookies);
  // Credentials go after the header parameters and before the body's Content-Type, which the panel adds last.
  const typed = call.body.kind !== 'none' && call.body.kind !== 'multipart' ? call.headers.length - 1 : call.headers.length;
  const all = [
    ...call.headers.slice(0, typed),
    ...headers.filter(([name]) => !call.headers.some(([each]) => each.toLowerCase() === name.toLowerCase())),
    ...call.headers.slice(typed),
  ];
  const parts: RequestParts = { method: call.method, url, templates: call.templates, query, headers: new Map(all), cookies };
  const body = call.body;
  if (body.kind === 'text') {
    parts.body = { mediaType: body.type, value: body.text };
    if (body.json) {
      try {
        parts.body.value = JSON.parse(body.text);
      } catch {
        parts.body.text = body.text;
      }
    }
  } else if (body.kind === 'file') parts.body = { mediaType: body.type, value: '<binary>' };
  else if (body.kind === 'form') parts.body = { mediaType: body.type, value: body.values, form: { text: body.text, pairs: body.pairs } };
  else if (body.kind === 'multipart') {
    const values = Object.fromEntries(Object.entries(body.values).map(([name, value]) => [name, binary(value)]));
    parts.body = { mediaType: body.type, value: values, parts: body.fields.map(([name, value]) => [name, binary(value)]) };
  }
  return parts;
}

/**
 * The credentials of a sample: placeholders where the scheme puts them (`Bearer <token>`,
 * `Basic <encoded-value>`, `<api-key>`), as the build writes them, never what the reader typed: a
 * sample is for copying, sharing and showing on a screen, and the format's reference
 * (format-behaviour.md) does not say the hosted product puts typed secrets there. The security
 * alternative the reader filled in, else the first one (none when signing in is optional).
 */
function placeholderCredentials(panel: HTMLElement, query: string[], headers: [string, string][], cookies: [string, string][]): void {
  const fields = [...panel.querySelectorAll<HTMLInputElement>('input[data-auth]')];
  const schemeOf = (field: HTMLElement): string => {
    const store = field.dataset.store ?? '';
    return store.slice(0, store.lastIndexOf(':'));
  };
  const filled = new Set(fields.filter((field) => field.value !== '').map(schemeOf));
  let alternatives: string[][] = [];
  try {
    alternatives = JSON.parse(panel.dataset.security ?? '[]') as string[][];
  } catch {
    // None: no credentials.
  }
  const chosen =
    alternatives.find((alternative) => alternative.length > 0 && alternative.every((name) => filled.has(name))) ??
    (panel.dataset.securityOptional === undefined ? alternatives[0] : undefined) ??
    [];
  const header = (name: string, value: string): void => {
    if (!headers.some(([each]) => each.toLowerCase() === name.toLowerCase())) headers.push([name, value]);
  };
  for (const field of fields) {
    if (!chosen.includes(schemeOf(field))) continue;
    const { auth, name = '' } = field.dataset;
    if (auth === 'basic-user') header('Authorization', 'Basic <encoded-value>');
    else if (auth === 'token') header('Authorization', `${field.dataset.prefix ?? 'Bearer'} <token>`);
    else if (auth === 'apikey' && field.dataset.in === 'query')
      query.push(`${encodeURIComponent(name).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}=<api-key>`);
    else if (auth === 'apikey' && field.dataset.in === 'cookie') cookies.push([name, '<api-key>']);
    else if (auth === 'apikey') header(name, '<api-key>');
  }
}
