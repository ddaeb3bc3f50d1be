/**
 * The example panel: a curl command built from the operation (method, first server, path,
 * required parameters, credentials placeholders, body example), the author's `x-codeSamples`, and
 * one example per response. Code only; `index.ts` puts it into code groups.
 */
import type { Operation } from '../types.ts';
import { sampleOf } from './example.ts';
import { isRecord, recordOf, stringOf } from './json.ts';
import { isJsonMedia, type EndpointModel, type ExampleModel, type MediaModel, type SchemeUse } from './model.ts';
import type { Resolver } from './resolve.ts';
import type { Mode } from './shape.ts';

export interface CodeExample {
  title: string;
  lang: string;
  code: string;
}

/** Examples longer than this are cut: a panel is for reading, the schema has the rest. */
const MAX_EXAMPLE_CHARS = 20_000;

/** What the reader copies to call the endpoint: the author's samples, then curl unless they wrote one. */
export function requestExamples(model: EndpointModel, operation: Operation, resolver: Resolver): CodeExample[] {
  const examples: CodeExample[] = model.codeSamples.map((sample) => ({ title: sample.label, lang: codeLanguage(sample.lang), code: sample.source }));
  if (operation.kind === 'webhook') {
    // Nobody calls a webhook: show what it sends.
    const media = preferredMedia(model.body?.contents ?? []);
    const payload = media && mediaExamples(media, resolver, 'request')[0];
    if (payload) examples.push({ title: 'Payload', lang: payload.lang, code: payload.code });
    return examples;
  }
  if (!examples.some((example) => example.lang === 'bash')) {
    examples.push({ title: 'cURL', lang: 'bash', code: curlCommand(model, operation, resolver) });
  }
  return examples;
}

/** One example per response that has content (each named example of it, when there are several). */
export function responseExamples(model: EndpointModel, resolver: Resolver): CodeExample[] {
  const examples: CodeExample[] = [];
  for (const response of model.responses) {
    const media = preferredMedia(response.contents);
    if (!media) continue;
    const found = mediaExamples(media, resolver, 'response');
    for (const example of found) {
      const title = found.length > 1 && example.label !== undefined ? `${response.status} · ${example.label}` : response.status;
      examples.push({ title, lang: example.lang, code: example.code });
    }
  }
  return examples;
}

/** `curl` with the method, the first server, the required parameters, credential placeholders and the body example. */
export function curlCommand(model: EndpointModel, operation: Operation, resolver: Resolver): string {
  const server = model.servers[0]?.url.replace(/\/+$/, '') ?? '';
  const query: string[] = [];
  const headers = new Map<string, string>();
  const cookies: string[] = [];

  for (const use of model.security.optional ? [] : (model.security.alternatives[0] ?? [])) {
    credential(use, { query, headers, cookies });
  }
  for (const parameter of model.parameters) {
    if (!parameter.required || parameter.in === 'path') continue;
    const value = textValue(parameter.example ? parameter.example.value : sampleOf(parameter.schema, resolver, 'request'));
    if (parameter.in === 'query') query.push(`${encodeQuery(parameter.name)}=${encodeQuery(value)}`);
    else if (parameter.in === 'header') setHeader(headers, parameter.name, value);
    else cookies.push(`${parameter.name}=${value}`);
  }

  // Some paths carry a query of their own (OpenAI's `/responses/input_tokens?beta=true`).
  const separator = operation.path.includes('?') ? '&' : '?';
  const url = `${server}${operation.path}${query.length > 0 ? `${separator}${query.join('&')}` : ''}`;
  const lines = [`curl --request ${operation.method}`, `--url ${shellWord(url)}`];
  const media = preferredMedia(model.body?.contents ?? []);
  const body = media ? bodyArguments(media, resolver) : [];
  if (media && !/^multipart\//i.test(media.mediaType) && !hasHeader(headers, 'content-type')) setHeader(headers, 'Content-Type', media.mediaType);
  for (const [name, value] of headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (cookies.length > 0) lines.push(`--cookie ${shellQuote(cookies.join('; '))}`);
  lines.push(...body);
  return lines.join(' \\\n  ');
}

/** The placeholder a security scheme asks for, where it asks for it. */
function credential(use: SchemeUse, into: { query: string[]; headers: Map<string, string>; cookies: string[] }): void {
  const scheme = use.scheme;
  if (!scheme) return;
  const type = stringOf(scheme.type)?.toLowerCase();
  if (type === 'apikey') {
    const name = stringOf(scheme.name) ?? use.name;
    if (scheme.in === 'query') into.query.push(`${encodeQuery(name)}=<api-key>`);
    else if (scheme.in === 'cookie') into.cookies.push(`${name}=<api-key>`);
    else setHeader(into.headers, name, '<api-key>');
  } else if (type === 'basic' || (type === 'http' && stringOf(scheme.scheme)?.toLowerCase() === 'basic')) {
    setHeader(into.headers, 'Authorization', 'Basic <encoded-value>');
  } else if (type === 'http') {
    const name = stringOf(scheme.scheme) ?? 'Bearer';
    setHeader(into.headers, 'Authorization', `${name.toLowerCase() === 'bearer' ? 'Bearer' : name} <token>`);
  } else if (type === 'oauth2' || type === 'openidconnect') {
    setHeader(into.headers, 'Authorization', 'Bearer <token>');
  }
}

function setHeader(headers: Map<string, string>, name: string, value: string): void {
  if (!hasHeader(headers, name)) headers.set(name, value);
}

function hasHeader(headers: Map<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  for (const key of headers.keys()) if (key.toLowerCase() === lower) return true;
  return false;
}

/** `--data` for JSON and text, `--data-urlencode`/`--form` per field for forms. */
function bodyArguments(media: MediaModel, resolver: Resolver): string[] {
  const value = media.examples[0] ? media.examples[0].value : sampleOf(media.schema, resolver, 'request');
  if (value === undefined) return [];
  const type = media.mediaType.toLowerCase();
  const form = /^application\/x-www-form-urlencoded/.test(type);
  const multipart = /^multipart\//.test(type);
  if (multipart && isRecord(value)) {
    return Object.entries(value).map(([name, field]) => {
      const text = textValue(field);
      return `--form ${shellQuote(text === '<binary>' ? `${name}=@example-file` : `${name}=${text}`)}`;
    });
  }
  if (form && isRecord(value)) {
    const pairs: string[] = [];
    for (const [name, field] of Object.entries(value)) {
      const deep = recordOf(media.encoding?.[name])?.style === 'deepObject';
      formPairs(name, field, deep, pairs);
    }
    return pairs.map((pair) => `--data-urlencode ${shellQuote(pair)}`);
  }
  if (typeof value === 'string' && value === '<binary>') return [`--data-binary '@example-file'`];
  return [`--data ${shellQuote(isJsonMedia(type) || typeof value !== 'string' ? stringify(value) : value)}`];
}

/**
 * `name=value` pairs of a form field. `style: deepObject` (Stripe's encoding) nests with brackets,
 * `address[city]=…`, `expand[]=…`, `items[0][price]=…`; the default `form` style repeats a list's name and sends an
 * object as JSON.
 */
function formPairs(name: string, value: unknown, deep: boolean, pairs: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => formPairs(deep ? `${name}[${isRecord(item) ? index : ''}]` : name, item, deep, pairs));
  } else if (deep && isRecord(value)) {
    for (const [key, item] of Object.entries(value)) formPairs(`${name}[${key}]`, item, deep, pairs);
  } else {
    pairs.push(`${name}=${value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
}

function preferredMedia(contents: MediaModel[]): MediaModel | undefined {
  return contents.find((media) => isJsonMedia(media.mediaType)) ?? contents[0];
}

/** The author's examples of a media type, else one generated from its schema. */
function mediaExamples(media: MediaModel, resolver: Resolver, mode: Mode): { label?: string; lang: string; code: string }[] {
  const json = isJsonMedia(media.mediaType);
  const lang = json ? 'json' : /xml/i.test(media.mediaType) ? 'xml' : 'text';
  const written: ExampleModel[] = media.examples.length > 0 ? media.examples : [];
  if (written.length === 0) {
    // Generating XML or other encodings from a schema would be guesswork: only JSON is generated.
    if (!json && !/^text\/plain/i.test(media.mediaType)) return [];
    const value = sampleOf(media.schema, resolver, mode);
    if (value === undefined) return [];
    written.push({ value });
  }
  return written.map((example) => {
    const code = typeof example.value === 'string' && (!json || looksLikeJson(example.value)) ? example.value : stringify(example.value);
    const result: { label?: string; lang: string; code: string } = { lang, code: cut(code) };
    const label = example.summary ?? example.name;
    if (label !== undefined) result.label = label;
    return result;
  });
}

function looksLikeJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

function cut(code: string): string {
  return code.length > MAX_EXAMPLE_CHARS ? `${code.slice(0, MAX_EXAMPLE_CHARS)}\n…` : code;
}

/** A sampled parameter value as it goes into a URL or header: arrays by their first item. */
function textValue(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return '';
  return typeof first === 'object' ? JSON.stringify(first) : String(first);
}

/** Percent-encodes what would end or split a query value; `<string>` placeholders stay readable. */
function encodeQuery(text: string): string {
  return text.replace(/[\s&#%+=?'"\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Single-quoted for POSIX shells: nothing inside is special except the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A word left bare when the shell would read it as written, quoted otherwise. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
}

const LANGUAGES: Record<string, string> = {
  curl: 'bash',
  shell: 'bash',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  node: 'javascript',
  nodejs: 'javascript',
  'node.js': 'javascript',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  golang: 'go',
  'c#': 'csharp',
  cs: 'csharp',
  '.net': 'csharp',
  dotnet: 'csharp',
  kt: 'kotlin',
  rs: 'rust',
  'c++': 'cpp',
  ps: 'powershell',
};

/** An `x-codeSamples` `lang` as a highlighting language (`cURL` → `bash`, `Node` → `javascript`). */
export function codeLanguage(lang: string): string {
  const lower = lang.trim().toLowerCase();
  return LANGUAGES[lower] ?? (lower.replace(/[^a-z0-9+#-]/g, '') || 'text');
}
