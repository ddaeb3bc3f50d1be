/**
 * The "Try it" panel of an endpoint page (issue 13): a form for the server, the credentials, the
 * parameters and the body, which the page script src/client/playground.ts turns into a request,
 * sends with `fetch` and shows as a curl command.
 *
 * A spec is often a third party's file: every name, example, description and server URL of it is
 * written here as escaped text or an escaped attribute value, never as markup, and the page script
 * reads them back with `dataset` and `value` and writes with `textContent`. Server URLs that are
 * neither http(s) nor relative are left out (the script checks again once variables are filled).
 *
 * `api.playground.display` chooses the panel and the page's `playground` frontmatter wins:
 * `interactive` (the default; `auth`, the hosted product's mode for sites behind a login, works
 * the same here) sends the request, `simple` builds it and shows it without sending, `none` leaves
 * the panel out. The panel is `hidden` until the script sets it up, so without JavaScript a reader
 * never meets a form that does nothing (the curl example beside the page still shows the call).
 */
import { oauthHtml } from './oauth.ts';
import { createHash } from 'node:crypto';
import { REQUIRED_PILL } from '../../content/mdx/components/ui.ts';
import { attributes, escapeHtml } from '../../shared/html-escape.ts';
import { sampleOf } from '../../openapi/endpoint/example.ts';
import { arrayOf, recordOf, stringOf, type JsonObject } from '../../openapi/endpoint/json.ts';
import { isJsonMedia, type EndpointModel, type MediaModel, type ParameterLocation, type ParameterModel, type SchemeUse, type SecurityModel } from '../../openapi/endpoint/model.ts';
import type { Resolver } from '../../openapi/endpoint/resolve.ts';
import { hiddenIn, schemaExample, toShape, typeLabel, typesOf } from '../../openapi/endpoint/shape.ts';
import type { OpenApiDocument, Operation } from '../../openapi/types.ts';
import { encodingRules } from '../../openapi/endpoint/request.ts';

export type PlaygroundDisplay = 'interactive' | 'simple' | 'none';

/** The page's `playground` frontmatter, else the site's `api.playground.display`; `auth` and anything unknown are `interactive`. */
export function playgroundDisplay(site: string | undefined, page: string | undefined): PlaygroundDisplay {
  const chosen = page ?? site;
  return chosen === 'simple' || chosen === 'none' ? chosen : 'interactive';
}

export interface PlaygroundInput {
  model: EndpointModel;
  operation: Operation;
  document: OpenApiDocument;
  resolver: Resolver;
  display: PlaygroundDisplay;
  /** The page's copy button (`copyButtonHtml`), on the curl command and the response body. */
  copyButton: string;
  /** Whose credentials the panel's are (default: the document's file or URL); see `credentialScope`. */
  credentials?: string;
  /** The proxy the script sends through: always (a URL in docs.json), or when a request fails CORS (dev's and serve's own). */
  proxy?: PlaygroundProxy;
  /** `api.playground.remember: "local"`: credentials kept in localStorage, across tabs. */
  remember?: 'local';
}

export interface PlaygroundProxy {
  url: string;
  mode: 'always' | 'fallback';
}

/**
 * `api.playground.proxy`: false sends from the browser only; a URL (or a path on the site) is the
 * proxy every request goes through; true or unset is `docjet dev`'s and `serve`'s own proxy at
 * `local`, tried when the browser blocks a request (a static host answers it 404 and the panel
 * says what it said before).
 */
export function playgroundProxy(setting: boolean | string | undefined, local: string | undefined): PlaygroundProxy | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'string') return /^(https?:\/\/[^/]|\/)/i.test(setting.trim()) ? { url: setting.trim(), mode: 'always' } : undefined;
  return local === undefined ? undefined : { url: local, mode: 'fallback' };
}

/**
 * The name the page script keeps this panel's credentials under, with the origin they are sent
 * to: a token typed for one API is never filled in, nor sent, on another API's page, though both
 * name their scheme `bearerAuth`. A hash, so that a spec URL's query (which may hold a key) is not
 * written into the page.
 */
export function credentialScope(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

const LOCATIONS: { location: ParameterLocation; legend: string; note?: string }[] = [
  { location: 'path', legend: 'Path parameters' },
  { location: 'query', legend: 'Query parameters' },
  { location: 'header', legend: 'Headers' },
  {
    location: 'cookie',
    legend: 'Cookies',
    note: 'Browsers let a page set cookies only for its own site: these are sent when the API is served from this site, and otherwise go into the cURL command only.',
  },
];

/** Header parameters the OpenAPI specification says to ignore: the panel sets them from the body and credentials. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/** Methods whose requests `fetch` refuses to give a body. */
const NO_BODY = new Set(['GET', 'HEAD']);

/** The panel's markup; empty for `none`, webhooks (the API calls the reader) and operations the document does not hold. */
export function playgroundHtml(input: PlaygroundInput): string {
  const { model, operation, display, resolver, copyButton } = input;
  if (display === 'none' || operation.kind === 'webhook' || model.missing !== undefined) return '';
  let form = serverHtml(serverChoices(input)) + securityHtml(model.security) + parameterGroupsHtml(model.parameters, resolver);
  if (!NO_BODY.has(operation.method.toUpperCase())) form += bodyHtml(model, resolver);
  form +=
    display === 'simple'
      ? '<p class="playground-note">This site shows the request without sending it: copy the cURL command to run it.</p>'
      : '<div class="playground-actions"><button type="submit" class="playground-send">Send</button></div>';
  form += '<p class="playground-problem" data-problem role="alert" hidden></p>';
  const root = attributes({
    class: 'playground',
    'data-playground': display,
    'data-method': operation.method.toUpperCase(),
    'data-path': operation.path,
    'data-credentials': credentialScope(input.credentials ?? input.document.file),
    // Which schemes go together: the script sends one alternative the reader filled in, not every field.
    'data-security': model.security.alternatives.length > 0 ? JSON.stringify(model.security.alternatives.map((alternative) => alternative.map((use) => use.name))) : undefined,
    // The samples name the first alternative's credentials unless signing in is optional (src/openapi/endpoint/request.ts).
    'data-security-optional': model.security.optional,
    ...(input.proxy ? { 'data-proxy': input.proxy.url, 'data-proxy-mode': input.proxy.mode } : {}),
    'data-remember': input.remember,
    hidden: true,
    open: display === 'simple',
  });
  return (
    `<details${root}><summary class="playground-summary">${display === 'simple' ? 'Request' : 'Try it'}</summary>` +
    `<div class="playground-body"><form class="playground-form" novalidate>${form}</form>` +
    (display === 'simple' ? '' : responsePanelHtml(copyButton)) +
    `<details class="playground-curl" data-curl-panel${display === 'simple' ? ' open' : ''}><summary>cURL</summary>${codeHtml('bash', 'data-curl', copyButton)}</details>` +
    `</div></details>`
  );
}

/** Where the script writes the outcome: status, time and headers with the body, or why nothing came back. */
function responsePanelHtml(copyButton: string): string {
  return (
    '<section class="playground-response" data-response aria-label="Response" hidden>' +
    '<p class="playground-status" aria-live="polite"><span class="playground-status-code" data-response-status></span> <span class="playground-time" data-response-time></span></p>' +
    '<div class="playground-error" data-response-error role="alert" hidden></div>' +
    '<details class="playground-headers"><summary>Response headers</summary><pre data-response-headers></pre></details>' +
    codeHtml('text', 'data-response-body', copyButton) +
    '</section>'
  );
}

/** A code block in the markup the copy button of assets/js/code.js works on, filled by the page script. */
function codeHtml(language: string, marker: string, copyButton: string): string {
  return `<figure class="code-block" data-language="${language}">${copyButton}<pre tabindex="0"><code ${marker}></code></pre></figure>`;
}

function groupHtml(legend: string, body: string): string {
  return `<fieldset class="playground-group"><legend>${escapeHtml(legend)}</legend>${body}</fieldset>`;
}

/** A label around its control, so no id is needed: `name` (code), pills, then the control. */
function fieldHtml(labelHtml: string, control: string): string {
  return `<label class="playground-field"><span class="playground-label">${labelHtml}</span>${control}</label>`;
}

// ── Server ──

interface ServerVariable {
  name: string;
  value: string;
  choices: string[];
}

interface ServerChoice {
  /** As written, with `{variables}`. */
  url: string;
  description?: string;
  variables: ServerVariable[];
}

/**
 * The servers the operation is called on, with their variables: the operation's, else its path
 * item's, else the document's (OpenAPI 3); Swagger 2.0's `host`, `basePath` and `schemes` come
 * from the model. Those whose URL would be another scheme than http(s) are left out.
 */
function serverChoices({ model, operation, document, resolver }: PlaygroundInput): ServerChoice[] {
  const raw = recordOf(document.raw) ?? {};
  let choices: ServerChoice[];
  if ('swagger' in raw) {
    choices = model.servers.map((server) => ({ url: server.url, variables: [] }));
  } else {
    const pathItem = recordOf(resolver.deref(resolver.at(operation.pointer.replace(/\/[^/]*$/, '')))) ?? {};
    const lists = [model.operation.servers, pathItem.servers, raw.servers].map((list) => arrayOf(list).flatMap(serverChoice));
    choices = lists.find((list) => list.length > 0) ?? [];
  }
  return choices.filter((choice) => isHttpOrRelative(withDefaults(choice)));
}

function serverChoice(entry: unknown): ServerChoice[] {
  const server = recordOf(entry);
  const url = stringOf(server?.url)?.trim();
  if (!server || url === undefined) return [];
  const variables = Object.entries(recordOf(server.variables) ?? {}).flatMap(([name, value]): ServerVariable[] => {
    const variable = recordOf(value);
    if (!variable) return [];
    const choices = arrayOf(variable.enum)
      .filter((item) => typeof item === 'string' || typeof item === 'number')
      .map(String);
    const written = variable.default;
    const fallback = typeof written === 'string' || typeof written === 'number' ? String(written) : (choices[0] ?? '');
    return [{ name, value: fallback, choices }];
  });
  const choice: ServerChoice = { url, variables };
  const description = stringOf(server.description);
  if (description !== undefined) choice.description = description;
  return [choice];
}

function withDefaults(choice: ServerChoice): string {
  return choice.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => choice.variables.find((variable) => variable.name === name)?.value ?? whole);
}

/** `https://…`, `http://…` or a path; not `javascript:`, `data:`, `ftp:`… */
function isHttpOrRelative(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme === undefined || /^https?$/i.test(scheme);
}

/** A picker of servers (one option when there is one), each server's variables below it; a URL field when the document names none. */
function serverHtml(choices: ServerChoice[]): string {
  if (choices.length === 0) {
    return groupHtml('Server', fieldHtml('Server URL', '<input type="url" data-server-url placeholder="https://api.example.com" spellcheck="false" autocomplete="url">'));
  }
  const options = choices
    .map(
      (choice, index) =>
        `<option${attributes({ value: index, 'data-url': choice.url })}>${escapeHtml(choice.description === undefined ? choice.url : `${choice.url} (${choice.description})`)}</option>`,
    )
    .join('');
  const variables = choices
    .map((choice, index) => {
      if (choice.variables.length === 0) return '';
      const fields = choice.variables.map((variable) => {
        const label = `<code>${escapeHtml(variable.name)}</code>`;
        const data = { 'data-variable': variable.name };
        return fieldHtml(
          label,
          variable.choices.length > 0
            ? selectHtml(data, variable.choices, variable.value)
            : `<input${attributes({ type: 'text', ...data, value: variable.value, spellcheck: 'false' })}>`,
        );
      });
      return `<div class="playground-variables"${attributes({ 'data-server-variables': index, hidden: index > 0 })}>${fields.join('')}</div>`;
    })
    .join('');
  // autocomplete off: on reload the browser would put back the choice the page had, over the one remembered since (src/client/playground-server-memory.ts).
  return groupHtml('Server', fieldHtml('Server', `<select data-server autocomplete="off">${options}</select>`) + variables);
}

function selectHtml(data: Record<string, string | boolean | undefined>, choices: string[], selected: string | undefined, blank = false): string {
  const options = (blank ? ['<option value=""></option>'] : []).concat(
    choices.map((choice) => `<option${attributes({ value: choice, selected: choice === selected })}>${escapeHtml(choice)}</option>`),
  );
  return `<select${attributes(data)}>${options.join('')}</select>`;
}

// ── Credentials ──

/**
 * A field for each security scheme the operation accepts, once each; the script remembers what is
 * typed for the browser session (`data-store`, under the panel's `data-credentials` and the origin
 * of the server chosen), and sends the first of the operation's security alternatives the reader filled
 * in whole (`data-security`), saying so when other fields were filled too.
 */
function securityHtml(security: SecurityModel): string {
  const seen = new Set<string>();
  let fields = '';
  for (const use of security.alternatives.flat()) {
    if (seen.has(use.name)) continue;
    seen.add(use.name);
    fields += schemeHtml(use);
  }
  if (fields === '') return '';
  const note = security.optional
    ? '<p class="playground-note">Optional for this endpoint.</p>'
    : security.alternatives.length > 1
      ? '<p class="playground-note">Any one of these is enough.</p>'
      : '';
  // The script says here which credentials it sends, and why an API key in a cookie may not go.
  return groupHtml('Authorization', `${note + fields}<p class="playground-note" data-auth-note hidden></p>`);
}

function schemeHtml(use: SchemeUse): string {
  const scheme = use.scheme;
  if (!scheme) return '';
  const type = stringOf(scheme.type)?.toLowerCase();
  const hint = `<span class="playground-hint">${escapeHtml(use.name)}</span>`;
  const secret = (label: string, data: Record<string, string>, kind: 'text' | 'password' = 'password'): string =>
    fieldHtml(`${label} ${hint}`, `<input${attributes({ type: kind, ...data, 'data-store': `${use.name}:${data['data-auth']}`, autocomplete: 'off', spellcheck: 'false' })}>`);

  if (type === 'apikey') {
    const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    const name = stringOf(scheme.name) ?? use.name;
    return secret(`<code>${escapeHtml(name)}</code> <span class="playground-pill">${location}</span>`, { 'data-auth': 'apikey', 'data-in': location, 'data-name': name });
  }
  const httpScheme = stringOf(scheme.scheme)?.toLowerCase();
  if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
    return secret('Username', { 'data-auth': 'basic-user' }, 'text') + secret('Password', { 'data-auth': 'basic-password' });
  }
  if (type === 'http') {
    const prefix = httpScheme === undefined || httpScheme === 'bearer' ? 'Bearer' : stringOf(scheme.scheme)!.trim();
    return secret(`${escapeHtml(prefix)} token`, { 'data-auth': 'token', 'data-prefix': prefix });
  }
  if (type === 'oauth2' || type === 'openidconnect')
    return secret('Access token (OAuth 2.0)', { 'data-auth': 'token', 'data-prefix': 'Bearer' }) + oauthHtml(use, `${use.name}:token`);
  return '';
}

// ── Parameters ──

/** A group per location (path, query, headers, cookies) that has parameters. */
function parameterGroupsHtml(parameters: ParameterModel[], resolver: Resolver): string {
  let html = '';
  for (const { location, legend, note } of LOCATIONS) {
    const here = parameters.filter((parameter) => parameter.in === location && !(location === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())));
    if (here.length === 0) continue;
    html += groupHtml(legend, (note === undefined ? '' : `<p class="playground-note">${note}</p>`) + here.map((parameter) => parameterHtml(parameter, resolver)).join(''));
  }
  return html;
}

function parameterHtml(parameter: ParameterModel, resolver: Resolver): string {
  const shape = toShape(parameter.schema, resolver, []);
  const { types } = typesOf(shape.schema);
  const written = parameter.example ? { value: parameter.example.value } : writtenValue(shape.schema);
  const label = nameLabel(parameter.name, parameter.required, typeLabel(shape, resolver));
  const data = {
    'data-param': parameter.in,
    'data-name': parameter.name,
    'data-array': types[0] === 'array',
    // How the script writes the value (src/shared/request-encoding.ts): a list or an object typed as JSON, in the parameter's style.
    'data-kind': types[0] === 'array' || types[0] === 'object' ? types[0] : undefined,
    'data-style': parameter.style,
    'data-explode': parameter.explode === undefined ? undefined : String(parameter.explode),
    'data-reserved': parameter.allowReserved === true,
    'data-required': parameter.required,
  };
  const choices = enumOf(shape.schema) ?? (types[0] === 'boolean' ? ['true', 'false'] : undefined);
  // An optional parameter is sent only once the reader picks a value.
  if (choices)
    return fieldHtml(label, selectHtml(data, choices, parameter.required ? (written === undefined ? choices[0] : textOf(written.value)) : undefined, !parameter.required));
  return fieldHtml(label, inputHtml(data, parameter.required ? written : undefined, written ?? { value: sampleOf(parameter.schema, resolver, 'request') }));
}

/** `name required type`, spaced so that a screen reader says them apart. */
function nameLabel(name: string, required: boolean, type: string): string {
  return `<code>${escapeHtml(name)}</code>${required ? ` ${REQUIRED_PILL}` : ''} <span class="playground-type">${escapeHtml(type)}</span>`;
}

/** A text field holding `value`, showing `hint` while empty. */
function inputHtml(data: Record<string, string | boolean | undefined>, value: { value: unknown } | undefined, hint: { value: unknown } | undefined): string {
  return `<input${attributes({ type: 'text', ...data, value: value === undefined ? undefined : textOf(value.value), placeholder: hint === undefined ? undefined : textOf(hint.value), spellcheck: 'false' })}>`;
}

/** A value the author wrote in the schema: its example, default or constant (not a placeholder by type). */
function writtenValue(schema: JsonObject): { value: unknown } | undefined {
  const example = schemaExample(schema);
  if (example) return example;
  if (Object.hasOwn(schema, 'const')) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  return undefined;
}

function enumOf(schema: JsonObject): string[] | undefined {
  const values = arrayOf(schema.enum)
    .filter((value) => value !== null && typeof value !== 'object')
    .map(String);
  return values.length > 0 ? values : undefined;
}

/** A value as a field shows it: lists comma-separated, objects as JSON, nothing as empty. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ── Body ──

/** One editor per media type (JSON first), a picker when there are several. */
function bodyHtml(model: EndpointModel, resolver: Resolver): string {
  const contents = model.body?.contents ?? [];
  if (contents.length === 0) return '';
  const json = contents.find((media) => isJsonMedia(media.mediaType));
  const ordered = json ? [json, ...contents.filter((media) => media !== json)] : contents;
  const picker =
    ordered.length > 1
      ? fieldHtml(
          'Content type',
          selectHtml(
            { 'data-media': true },
            ordered.map((media) => media.mediaType),
            ordered[0]!.mediaType,
          ),
        )
      : `<p class="playground-note">Content type: <code>${escapeHtml(ordered[0]!.mediaType)}</code></p>`;
  const editors = ordered.map(
    (media, index) =>
      `<div class="playground-media"${attributes({ 'data-media-type': media.mediaType, 'data-required': model.body?.required === true, hidden: index > 0 })}>${mediaHtml(media, resolver)}</div>`,
  );
  return groupHtml(model.body?.required ? 'Body (required)' : 'Body', picker + editors.join(''));
}

function mediaHtml(media: MediaModel, resolver: Resolver): string {
  const type = media.mediaType.toLowerCase();
  if (/^(multipart\/|application\/x-www-form-urlencoded)/.test(type)) return formHtml(media, resolver, type.startsWith('multipart/'));
  if (isBinary(type, recordOf(resolver.deref(media.schema)))) return fieldHtml('File', '<input type="file" data-body-file>');
  const text = exampleText(media, resolver);
  const rows = Math.min(Math.max(text.split('\n').length + 1, 4), 18);
  return `<textarea class="playground-editor" data-body${isJsonMedia(media.mediaType) ? ' data-json' : ''} spellcheck="false" rows="${rows}" aria-label="Body">${textareaText(text)}</textarea>`;
}

function isBinary(type: string, schema: JsonObject | undefined): boolean {
  return /^(application\/octet-stream|image\/|audio\/|video\/|application\/pdf|application\/zip)/.test(type) || schema?.format === 'binary';
}

/** The author's first example, else (for JSON and plain text) one made from the schema. */
function exampleText(media: MediaModel, resolver: Resolver): string {
  const json = isJsonMedia(media.mediaType);
  const value = media.examples[0] ? media.examples[0].value : json || /^text\/plain/i.test(media.mediaType) ? sampleOf(media.schema, resolver, 'request') : undefined;
  return value === undefined ? '' : bodyText(media, value);
}

/**
 * The picker of a body with several examples or variants (issue 30), above the request samples:
 * `hidden` until the panel's script sets it up, since choosing changes the Try-it body, which the
 * samples then follow. Each option carries its body as Try it shows it (the editor's text, or a
 * form's fields as text), as attribute text the script reads with `dataset`.
 */
export function bodyPickerHtml(media: MediaModel, choices: readonly { label: string; value: unknown }[]): string {
  const form = /^(multipart\/|application\/x-www-form-urlencoded)/i.test(media.mediaType);
  const options = choices.map((choice, index) => {
    const record = recordOf(choice.value) ?? {};
    const body = form
      ? { 'data-fields': JSON.stringify(Object.fromEntries(Object.entries(record).map(([name, value]) => [name, textOf(value)]))) }
      : { 'data-body': bodyText(media, choice.value) };
    return `<option${attributes({ value: index, ...body })}>${escapeHtml(choice.label)}</option>`;
  });
  return `<label class="body-picker" data-body-picker hidden><span>Request body</span><select${attributes({ 'data-media': media.mediaType })}>${options.join('')}</select></label>`;
}

/** A body as the editor shows it: JSON indented, text as written. */
function bodyText(media: MediaModel, value: unknown): string {
  const json = isJsonMedia(media.mediaType);
  if (typeof value === 'string' && (!json || /^\s*[[{]/.test(value))) return value;
  return JSON.stringify(value, null, 2) ?? '';
}

/** The HTML parser drops a newline right after `<textarea>`: one more keeps the text's own. */
function textareaText(text: string): string {
  return (text.startsWith('\n') ? '\n' : '') + escapeHtml(text);
}

/** A field per top-level property of a form body; a file input where it takes a file (`format: binary`). */
function formHtml(media: MediaModel, resolver: Resolver, multipart: boolean): string {
  const rules = encodingRules(media);
  const shape = toShape(media.schema, resolver, []);
  const required = new Set(arrayOf(shape.schema.required).filter((name): name is string => typeof name === 'string'));
  const example = recordOf(media.examples[0]?.value);
  const fields = Object.entries(recordOf(shape.schema.properties) ?? {}).flatMap(([name, property]) => {
    const propertyShape = toShape(property, resolver, []);
    const schema = propertyShape.schema;
    if (hiddenIn(schema, 'request')) return [];
    const isRequired = required.has(name);
    const label = nameLabel(name, isRequired, typeLabel(propertyShape, resolver));
    const items = recordOf(resolver.deref(schema.items));
    const file = schema.format === 'binary' || schema.type === 'file' || (items !== undefined && (items.format === 'binary' || items.type === 'file'));
    const kind = typesOf(schema).types[0];
    const rule = rules[name];
    const data = {
      'data-form-field': true,
      'data-name': name,
      'data-kind': kind === 'array' || kind === 'object' ? kind : undefined,
      'data-style': rule?.style,
      'data-explode': rule?.explode === undefined ? undefined : String(rule.explode),
      'data-reserved': rule?.allowReserved === true,
      'data-required': isRequired,
    };
    if (multipart && file) return [fieldHtml(label, `<input${attributes({ type: 'file', ...data, multiple: items !== undefined })}>`)];
    const written = example && Object.hasOwn(example, name) ? { value: example[name] } : writtenValue(schema);
    const choices = enumOf(schema);
    if (choices) return [fieldHtml(label, selectHtml(data, choices, example !== undefined || isRequired ? textOf(written?.value) : undefined, true))];
    return [fieldHtml(label, inputHtml(data, example !== undefined || isRequired ? written : undefined, written ?? { value: sampleOf(property, resolver, 'request') }))];
  });
  return fields.length > 0 ? fields.join('') : `<p class="playground-note">The document describes no fields for this body.</p>`;
}
