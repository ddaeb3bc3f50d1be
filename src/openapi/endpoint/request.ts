/**
 * The example panel: the author's samples, a request built from the operation (method, first
 * server, path, parameters, credential placeholders, body example) written as a curl command here
 * and in other languages by `code-samples.ts`, and one example per response. Code only; `index.ts` puts
 * it into code groups.
 */
import type { Operation } from '../types.ts';
import { sampleOf } from './example.ts';
import { arrayOf, isRecord, recordOf, stringOf, type JsonObject } from './json.ts';
import { isJsonMedia, type CodeSample, type EndpointModel, type ExampleModel, type MediaModel, type ParameterModel, type SchemeUse } from './model.ts';
import type { Resolver } from './resolve.ts';
import { optionsOf, schemaExample, toShape, typesOf, type Mode } from './shape.ts';
import { curlCommand, generateCodeSamples, PLACEHOLDER_HOST, sampleLanguage, sampleLanguages, type RequestParts } from './code-samples.ts';
import { encoding, type EncodingRule } from '../../shared/request-encoding.ts';

export type { RequestParts } from './code-samples.ts';

export interface CodeExample {
  title: string;
  lang: string;
  code: string;
  /** A generated sample's language key (`bash`, `python`…): the page rewrites it as the reader fills in Try it. */
  sample?: string;
  /** The request a generated sample is written for (the same object for each), which the browser can write it from again. */
  request?: RequestParts;
}

/** The site's `api.examples` settings. */
export interface ExampleSettings {
  /** Which generated samples, in order (`curl`, `python`, …); default the nine of `DEFAULT_LANGUAGES` (code-samples.ts). */
  languages?: readonly string[] | undefined;
  /** `all` (the default, as on the hosted product) adds the optional query, header and cookie parameters; `required` leaves them out. */
  defaults?: 'required' | 'all' | undefined;
  /** `false`: the author's samples only. */
  autogenerate?: boolean | undefined;
}

/** Examples longer than this are cut: a panel is for reading, the schema has the rest. */
const MAX_EXAMPLE_CHARS = 20_000;

/**
 * What the reader copies to call the endpoint: the author's samples (`x-codeSamples`, ReadMe's
 * `x-readme.code-samples`), then one generated sample per language the author did not cover.
 */
export function requestExamples(model: EndpointModel, operation: Operation, resolver: Resolver, settings: ExampleSettings = {}): CodeExample[] {
  const examples: CodeExample[] = authorSamples(model);
  if (operation.kind === 'webhook') {
    // Nobody calls a webhook: show what it sends.
    const media = preferredMedia(model.body?.contents ?? []);
    // What the API sends: read-only fields in, write-only ones out.
    const payload = media && mediaExamples(media, resolver, 'response')[0];
    if (payload) examples.push({ title: 'Payload', lang: payload.lang, code: payload.code });
    return examples;
  }
  if (settings.autogenerate === false) return examples;
  const covered = new Set(examples.map((example) => example.lang));
  const languages = sampleLanguages(settings.languages).filter((language) => !covered.has(language.lang));
  if (languages.length === 0) return examples;
  const parts = requestParts(model, operation, resolver, settings.defaults ?? 'all');
  const generated = new Map(generateCodeSamples(parts, languages).map((sample) => [sample.language, sample.code]));
  for (const language of languages) {
    const code = language.target === undefined ? curlCommand(parts) : generated.get(language);
    if (code !== undefined) examples.push({ title: language.title, lang: language.lang, code, sample: language.key, request: parts });
  }
  return examples;
}

/** `x-codeSamples` (or `x-code-samples`), then `x-readme.code-samples`; a sample without a label is titled by its language. */
function authorSamples(model: EndpointModel): CodeExample[] {
  return [...model.codeSamples, ...readmeSamples(model.operation)].map((sample) => ({
    title: sample.label === sample.lang ? (sampleLanguage(sample.lang)?.title ?? sample.label) : sample.label,
    lang: codeLanguage(sample.lang),
    code: sample.source,
  }));
}

/** ReadMe's `x-readme.code-samples`: `{ language, code, name? }`. */
function readmeSamples(operation: JsonObject): CodeSample[] {
  return arrayOf(recordOf(operation['x-readme'])?.['code-samples']).flatMap((entry): CodeSample[] => {
    const sample = recordOf(entry);
    const lang = stringOf(sample?.language)?.trim();
    if (!sample || typeof sample.code !== 'string' || lang === undefined) return [];
    return [{ label: stringOf(sample.name)?.trim() ?? lang, lang, source: sample.code }];
  });
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

export { curlCommand, PLACEHOLDER_HOST } from './code-samples.ts';

/**
 * The request every sample writes: the method, the first server, the path with its parameters'
 * examples, the required parameters (all of them with `defaults: 'all'`, deprecated ones left out),
 * credential placeholders for the first security requirement, and the body example, each written
 * by the serialization rules of the spec (src/shared/request-encoding.ts, which "Try it" uses too).
 */
export function requestParts(model: EndpointModel, operation: Operation, resolver: Resolver, defaults: 'required' | 'all' = 'all'): RequestParts {
  let server = model.servers[0]?.url.replace(/\/+$/, '') ?? '';
  // A relative server (or none) gives a URL no client can call: the reader sees where the host goes.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(server)) server = `${PLACEHOLDER_HOST}${server === '' || server.startsWith('/') ? '' : '/'}${server}`;
  const parts: RequestParts = { method: operation.method, url: '', templates: [], query: [], headers: new Map(), cookies: [] };
  for (const use of model.security.optional ? [] : (model.security.alternatives[0] ?? [])) credential(use, parts);

  let path = operation.path;
  for (const parameter of model.parameters) {
    const rule = { name: parameter.name, style: parameter.style, explode: parameter.explode, allowReserved: parameter.allowReserved };
    if (parameter.in === 'path') {
      path = fillPath(path, parameter.name, writtenValue(parameter, resolver), rule, parts.templates);
      continue;
    }
    if (!parameter.required && (defaults === 'required' || parameter.deprecated)) continue;
    // OpenAPI: a header parameter named Content-Type or Authorization is ignored; the body and the credentials set them
    // (a written `multipart/form-data` would lose the boundary each client adds).
    if (parameter.in === 'header' && /^(content-type|authorization)$/i.test(parameter.name)) continue;
    const value = parameter.example ? parameter.example.value : sampleOf(parameter.schema, resolver, 'request');
    if (parameter.in === 'query') parts.query.push(...encoding.query(rule, value));
    else if (parameter.in === 'header') setHeader(parts.headers, parameter.name, encoding.header(rule, value));
    else parts.cookies.push(...encoding.cookie(rule, value));
  }
  parts.url = `${server}${path}`;

  // GET and HEAD carry no body (Stripe declares an empty form on its GETs; fetch refuses one there), nor does an empty form.
  const media = /^(GET|HEAD)$/i.test(operation.method) ? undefined : preferredMedia(model.body?.contents ?? []);
  const value = media && (media.examples[0] ? media.examples[0].value : sampleOf(media.schema, resolver, 'request'));
  if (media && value !== undefined) {
    const body: NonNullable<RequestParts['body']> = { mediaType: media.mediaType, value };
    if (/^application\/x-www-form-urlencoded/i.test(media.mediaType) && isRecord(value)) body.form = encoding.form(encodingRules(media), value);
    if (/^multipart\//i.test(media.mediaType) && isRecord(value)) body.parts = encoding.multipart(value);
    if (body.form?.text !== '' && body.parts?.length !== 0) parts.body = body;
  }
  // A Content-Type says what the body is: none without one (a GET), and multipart's carries its boundary, which each client writes.
  if (media && parts.body && !/^multipart\//i.test(media.mediaType)) setHeader(parts.headers, 'Content-Type', media.mediaType);
  return parts;
}

/** One body a reader can choose for the samples and Try it: a named example, or a variant of a `oneOf`/`anyOf`. */
export interface BodyChoice {
  label: string;
  value: unknown;
}

/**
 * The bodies the reader chooses among (issue 30), for the media type the samples send: each of
 * several examples the author wrote, else one per alternative of a body schema that is a `oneOf`
 * or `anyOf` (a `null` one left out), each sampled. None when there is only one. The first is the
 * body the build's samples send.
 */
export function bodyChoices(model: EndpointModel, operation: Operation, resolver: Resolver): { media: MediaModel; choices: BodyChoice[] } | undefined {
  const media = /^(GET|HEAD)$/i.test(operation.method) || operation.kind === 'webhook' ? undefined : preferredMedia(model.body?.contents ?? []);
  if (!media) return undefined;
  if (media.examples.length > 1) {
    return { media, choices: media.examples.map((example, index) => ({ label: example.summary ?? example.name ?? `Example ${index + 1}`, value: example.value })) };
  }
  if (media.examples.length === 1) return undefined;
  const schema = toShape(media.schema, resolver, []).schema;
  const options = (optionsOf(schema) ?? []).filter((option) => recordOf(resolver.deref(option))?.type !== 'null');
  // A schema with an example of its own, or a type beside its alternatives, is sampled as one body.
  if (options.length < 2 || typesOf(schema).types.length > 0 || schemaExample(schema)) return undefined;
  const choices = options.flatMap((option, index): BodyChoice[] => {
    const value = sampleOf(option, resolver, 'request');
    const shape = toShape(option, resolver, []);
    return value === undefined ? [] : [{ label: stringOf(shape.schema.title) ?? shape.name ?? `Option ${index + 1}`, value }];
  });
  return choices.length > 1 ? { media, choices } : undefined;
}

/** A form body's `encoding` as the serializer's rules, by field name. */
export function encodingRules(media: MediaModel): Record<string, EncodingRule> {
  const rules: Record<string, EncodingRule> = {};
  for (const [name, entry] of Object.entries(media.encoding ?? {})) {
    const rule = recordOf(entry);
    if (!rule) continue;
    rules[name] = { name, style: stringOf(rule.style), explode: typeof rule.explode === 'boolean' ? rule.explode : undefined, allowReserved: rule.allowReserved === true };
  }
  return rules;
}

/**
 * `{name}` in the path replaced by the value the document gives the parameter, in its style. Without
 * one, `{name}` stays: it tells the reader what to put there better than a made-up `123` or
 * `%3Cstring%3E` would.
 */
function fillPath(path: string, name: string, value: unknown, rule: EncodingRule, templates: string[]): string {
  const template = `{${name}}`;
  if (!path.includes(template)) return path;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) {
    templates.push(name);
    return path;
  }
  return path.replaceAll(template, encoding.path(rule, value));
}

/** The parameter's example, its schema's, or its `const`, `default` or first `enum` value; undefined when the document gives none. */
function writtenValue(parameter: ParameterModel, resolver: Resolver): unknown {
  if (parameter.example) return parameter.example.value;
  const schema = toShape(parameter.schema, resolver, []).schema;
  const example = schemaExample(schema);
  if (example) return example.value;
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (schema.default !== undefined) return schema.default;
  return arrayOf(schema.enum).find((item) => item !== null && item !== '');
}

/** The placeholder a security scheme asks for, where it asks for it. */
function credential(use: SchemeUse, into: Pick<RequestParts, 'query' | 'headers' | 'cookies'>): void {
  const scheme = use.scheme;
  if (!scheme) return;
  const type = stringOf(scheme.type)?.toLowerCase();
  if (type === 'apikey') {
    const name = stringOf(scheme.name) ?? use.name;
    if (scheme.in === 'query') into.query.push(`${encoding.encode(name)}=<api-key>`);
    else if (scheme.in === 'cookie') into.cookies.push([name, '<api-key>']);
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
