/**
 * Request samples, written the same way at build time (src/openapi/endpoint/code-samples.ts, with
 * Node's `@readme/httpsnippet`) and in the reader's browser once they fill in "Try it"
 * (src/client/samples.mts, the same package bundled): one HAR request per call, converted once per
 * language by ReadMe's maintained fork of Kong's httpsnippet, and the curl command written here.
 * Language names and aliases are those of the hosted product's table for `api.examples.languages`,
 * less the three no maintained generator writes (C++, Rust, Dart).
 *
 * Plain code with neither DOM nor Node (src/portable): the generator comes in as an argument, so
 * both sides run these very lines and write the same bytes for the same request (issue 30).
 */

/** httpsnippet's `HTTPSnippet`, as much of it as is used here. */
export interface SnippetInstance {
  convert(target: string, client?: string): (string | false | undefined)[];
}
export type SnippetGenerator = new (request: HarRequest, options: { harIsAlreadyEncoded: boolean }) => SnippetInstance;

/** Where a sample sends its request when the document names no absolute server (Swagger 2.0 without `host`, or no `servers`). */
export const PLACEHOLDER_HOST = 'https://your-api-host';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON media type (`application/json`, `application/vnd.github+json`, any type): the endpoint model's test. */
export function isJsonMedia(mediaType: string): boolean {
  return /[/+]json\b|^\*\/\*$|json$/i.test(mediaType);
}

/** What one call of the operation sends, before it is written in any language. */
export interface RequestParts {
  method: string;
  /** The first server and the path, path parameters with an example filled in (in their style, encoded); no query. */
  url: string;
  /** Path parameters left as `{name}` for the reader to fill. */
  templates: string[];
  /** The query as `name=value` pieces, already encoded by the parameters' styles (src/shared/request-encoding.ts). */
  query: string[];
  /** Header and cookie values as sent. */
  headers: Map<string, string>;
  cookies: [string, string][];
  /**
   * The body example; a URL-encoded form's also as its encoded text, a multipart form's as its parts;
   * `text` for a body sent as the reader typed it, which is not the JSON its media type says.
   */
  body?: { mediaType: string; value: unknown; form?: { text: string; pairs: [string, string][] }; parts?: [string, unknown][]; text?: string };
}

export interface SampleLanguage {
  /** The name in `api.examples.languages`. */
  key: string;
  /** The tab title; the same on every page, so the reader's choice follows them (src/client/components.ts). */
  title: string;
  /** The highlighting language. */
  lang: string;
  /** httpsnippet's target and client; none for curl, which `curlCommand` writes. */
  target?: string;
  client?: string;
  /**
   * Text this client's literals get wrong (httpsnippet 11 escapes too little): when a string of the
   * request (a body key or value, the URL, a header) matches, the sample is left out rather than
   * shown broken. Measured on GitHub's REST description and in test/openapi/code-samples.test.ts.
   */
  unsafe?: RegExp;
  /** Text that breaks this client's JSON literal but not its string literal: the body is then sent as JSON text. */
  textBody?: RegExp;
}

/** Every language docjet writes samples in; `DEFAULT_LANGUAGES` unless the site chooses. */
const LANGUAGES: readonly SampleLanguage[] = [
  { key: 'bash', title: 'cURL', lang: 'bash' },
  // Python's dict literal escapes neither backslashes nor line breaks, nor quotes in keys.
  { key: 'python', title: 'Python', lang: 'python', target: 'python', client: 'requests', textBody: /["\\\r\n]/ },
  // stringify-object leaves backslashes unescaped.
  { key: 'javascript', title: 'JavaScript', lang: 'javascript', target: 'javascript', client: 'fetch', unsafe: /\\/ },
  { key: 'node', title: 'Node.js', lang: 'javascript', target: 'node', client: 'axios', unsafe: /\\/ },
  { key: 'go', title: 'Go', lang: 'go', target: 'go', client: 'native' },
  // Double-quoted strings interpolate `#{…}`, `#@x` and `#$x`.
  { key: 'ruby', title: 'Ruby', lang: 'ruby', target: 'ruby', client: 'native', unsafe: /#[{@$]/ },
  // The URL is double-quoted (`$name` interpolates); control characters in single quotes are written as escapes PHP does not read there.
  { key: 'php', title: 'PHP', lang: 'php', target: 'php', client: 'curl', unsafe: /\$[A-Za-z_{]|[\0-\x09\x0b-\x1f]/ },
  { key: 'java', title: 'Java', lang: 'java', target: 'java', client: 'nethttp' },
  { key: 'csharp', title: 'C#', lang: 'csharp', target: 'csharp', client: 'httpclient' },
  { key: 'powershell', title: 'PowerShell', lang: 'powershell', target: 'powershell', client: 'restmethod', unsafe: /'/ },
  { key: 'swift', title: 'Swift', lang: 'swift', target: 'swift', client: 'urlsession', unsafe: /["\\\r\n]/ },
  { key: 'kotlin', title: 'Kotlin', lang: 'kotlin', target: 'kotlin', client: 'okhttp', unsafe: /\$[A-Za-z_{]/ },
  { key: 'c', title: 'C', lang: 'c', target: 'c', client: 'libcurl' },
  // The fetch sample is valid TypeScript, and HttpClient is .NET's own client.
  { key: 'typescript', title: 'TypeScript', lang: 'typescript', target: 'javascript', client: 'fetch', unsafe: /\\/ },
  { key: 'dotnet', title: '.NET', lang: 'csharp', target: 'csharp', client: 'httpclient' },
];

/**
 * The nine languages issue 13 asks for, in the order readers most often want them. Each tab is
 * highlighted at build time (~1.8 ms a page on Polar's site); a site that wants fewer or others
 * says so with `api.examples.languages`.
 */
const DEFAULT_LANGUAGES = ['bash', 'python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'csharp'];

/** The hosted product's aliases (its "All supported languages" table), lower-cased. */
const ALIASES: Record<string, string> = {
  curl: 'bash',
  sh: 'bash',
  shell: 'bash',
  py: 'python',
  js: 'javascript',
  nodejs: 'node',
  'node.js': 'node',
  golang: 'go',
  rb: 'ruby',
  'c#': 'csharp',
  '.net': 'dotnet',
  'dot-net': 'dotnet',
  ts: 'typescript',
  kt: 'kotlin',
};

/** The language an `api.examples.languages` entry names, by key or alias, in any case; undefined for others. */
export function sampleLanguage(name: string): SampleLanguage | undefined {
  const lower = name.trim().toLowerCase();
  const key = ALIASES[lower] ?? lower;
  return LANGUAGES.find((language) => language.key === key);
}

/** The languages to write samples in: the site's list in its order (unknown names left out, each once), else the default four. */
export function sampleLanguages(names: readonly string[] | undefined): SampleLanguage[] {
  const chosen: SampleLanguage[] = [];
  for (const name of names ?? DEFAULT_LANGUAGES) {
    const language = sampleLanguage(name);
    if (language && !chosen.includes(language)) chosen.push(language);
  }
  return chosen;
}

/** One HAR name/value pair. */
interface Pair {
  name: string;
  value: string;
}

interface FormParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

/** The HAR 1.2 request httpsnippet reads (http://www.softwareishard.com/blog/har-12-spec/#request). */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: Pair[];
  queryString: Pair[];
  cookies: Pair[];
  headersSize: number;
  bodySize: number;
  /** httpsnippet wants one even without a body: its own default, `application/octet-stream`, then. */
  postData: { mimeType: string; text?: string; params?: FormParam[] };
}

/**
 * The request parts as HAR. Query values go in already encoded (`harIsAlreadyEncoded`), the way the
 * curl command writes them, so placeholders stay readable: `api_key=<api-key>`, not `%3Capi-key%3E`.
 */
function toHar(parts: RequestParts, strictUrl = false): HarRequest {
  const url = strictUrl ? uriSafe(parts.url) : parts.url;
  return {
    method: parts.method,
    url,
    httpVersion: 'HTTP/1.1',
    headers: [...parts.headers].map(([name, value]) => ({ name, value })),
    queryString: parts.query.map((piece) => {
      const text = strictUrl ? uriSafe(piece) : readable(piece);
      const at = text.indexOf('=');
      return at < 0 ? { name: text, value: '' } : { name: text.slice(0, at), value: text.slice(at + 1) };
    }),
    cookies: parts.cookies.map(([name, value]) => ({ name, value })),
    headersSize: -1,
    bodySize: -1,
    postData: parts.body ? postData(parts.body) : { mimeType: 'application/octet-stream' },
  };
}

/** Characters Java's `URI.create` refuses (a `{template}` or `<placeholder>` of a sample), percent-encoded. */
function uriSafe(url: string): string {
  return url.replace(/[<>{}|\\^`"\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * JSON as text, a multipart form as its parts (one per list item; a file as `example-file`), a
 * urlencoded form as the text the serializer wrote (the `Content-Type` header says what it is: given
 * as fields, httpsnippet would merge repeated names). httpsnippet knows media types by exact name,
 * so any JSON type (`application/vnd.github+json`, `…; charset=utf-8`) goes in as
 * `application/json`, which each generator writes as a literal of its language; the
 * `Content-Type` header keeps the real one.
 */
function postData({ mediaType, value, form, parts, text }: NonNullable<RequestParts['body']>): HarRequest['postData'] {
  if (parts) {
    const params = parts.map(
      ([name, field]): FormParam => (field === '<binary>' ? { name, fileName: 'example-file', contentType: 'application/octet-stream' } : { name, value: textOf(field) }),
    );
    return { mimeType: 'multipart/form-data', params };
  }
  if (form) return { mimeType: 'text/plain', text: form.text };
  // Not JSON after all: httpsnippet writes it as text.
  if (text !== undefined) return { mimeType: isJsonMedia(mediaType) ? 'application/json' : mediaType, text };
  if (isJsonMedia(mediaType)) return { mimeType: 'application/json', text: JSON.stringify(value) ?? 'null' };
  return { mimeType: mediaType, text: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') };
}

export interface CodeSample {
  language: SampleLanguage;
  code: string;
}

/**
 * The request written in each language. httpsnippet parses the URL, which escapes a path template
 * left for the reader (`{owner}` → `%7Bowner%7D`): those are put back as written.
 */
export function generateCodeSamples(parts: RequestParts, languages: readonly SampleLanguage[], Snippet: SnippetGenerator): CodeSample[] {
  const har = toHar(parts);
  const strings = requestStrings(parts);
  let strictHar: HarRequest | undefined;
  const found = (pattern: RegExp | undefined): boolean => pattern !== undefined && strings.some((text) => pattern.test(text));
  const snippet = new Snippet(har, { harIsAlreadyEncoded: true });
  let textSnippet: SnippetInstance | undefined;
  const samples: CodeSample[] = [];
  for (const language of languages) {
    if (language.target === undefined || found(language.unsafe)) continue;
    let generator = snippet;
    if (language.target === 'java') {
      strictHar ??= toHar(parts, true);
      generator = new Snippet(strictHar, { harIsAlreadyEncoded: true });
    } else if (har.postData.mimeType === 'application/json' && found(language.textBody)) {
      generator = textSnippet ??= new Snippet({ ...har, postData: { ...har.postData, mimeType: 'text/plain' } }, { harIsAlreadyEncoded: true });
    }
    let code: string | false | undefined;
    try {
      code = generator.convert(language.target, language.client)[0];
    } catch {
      // A request one generator cannot write leaves that tab out; the others and curl still show it.
      continue;
    }
    if (typeof code !== 'string' || code.trim() === '') continue;
    if (language.target === 'javascript') code = fileParts(code);
    if (language.target === 'python') code = repeatedFields(code, parts);
    // Java keeps `%7Bowner%7D`: `URI.create` refuses braces.
    samples.push({ language, code: language.target === 'java' ? code : restoreTemplates(code, parts.templates) });
  }
  return samples;
}

/** Every piece of text a sample writes into a string literal: the URL, query, headers, cookies, and the body's keys and values. */
function requestStrings(parts: RequestParts): string[] {
  const strings = [parts.url, ...parts.query, ...[...parts.headers].flat(), ...parts.cookies.flat()];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        strings.push(key);
        visit(item);
      }
    }
  };
  visit(parts.body?.value);
  return strings;
}

/**
 * httpsnippet writes Python's multipart fields as a dict, which keeps the last of a repeated name
 * (a list's items): a list of pairs, which `requests` sends as one part each, keeps them all.
 */
function repeatedFields(code: string, parts: RequestParts): string {
  const fields = (parts.body?.parts ?? []).filter(([, field]) => field !== '<binary>');
  const names = fields.map(([name]) => name);
  if (new Set(names).size === names.length) return code;
  const pairs = fields.map(([name, field]) => `    (${JSON.stringify(name)}, ${JSON.stringify(textOf(field))})`).join(',\n');
  return code.replace(/^payload = \{(?:[^\n]*\}|[\s\S]*?\n\})$/m, () => `payload = [\n${pairs}\n]`);
}

/** fetch's FormData gets a file for a file part, not the text `example-file`. */
function fileParts(code: string): string {
  return code.replace(/form\.append\(('(?:[^'\\]|\\.)*'), 'example-file'\);/g, "form.append($1, new Blob(['<file contents>']), 'example-file');");
}

function restoreTemplates(code: string, names: readonly string[]): string {
  let restored = code;
  for (const name of names) restored = restored.replaceAll(`%7B${encodeURIComponent(name)}%7D`, `{${name}}`);
  return restored;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `%3Cstring%3E` written back as the placeholder `<string>` it is, for the reader to replace. */
export function readable(text: string): string {
  return text.replace(/%3C([A-Za-z0-9_.-]+)%3E/g, '<$1>');
}

/**
 * `curl` with the method, the URL and its query, headers, cookies and the body, one option a line.
 * `--globoff` when the URL holds brackets or braces, which curl would otherwise read as a glob and
 * make several requests of.
 */
export function curlCommand(parts: RequestParts): string {
  // Some paths carry a query of their own (OpenAI's `/responses/input_tokens?beta=true`).
  const separator = parts.url.includes('?') ? '&' : '?';
  const url = readable(`${parts.url}${parts.query.length > 0 ? `${separator}${parts.query.join('&')}` : ''}`);
  const lines = [`curl --request ${parts.method}`];
  if (/[[\]{}]/.test(url)) lines.push('--globoff');
  lines.push(`--url ${shellWord(url)}`);
  for (const [name, value] of parts.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (parts.cookies.length > 0) lines.push(`--cookie ${shellQuote(parts.cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
  if (parts.body) lines.push(...bodyArguments(parts.body));
  return lines.join(' \\\n  ');
}

/**
 * `--data` for JSON and text; a urlencoded form field by field as the serializer encoded it
 * (`--data 'address[city]=Paris'`); a multipart form one `--form-string` per part (a file as
 * `--form name=@example-file`).
 */
function bodyArguments({ mediaType, value, form, parts, text }: NonNullable<RequestParts['body']>): string[] {
  if (parts) {
    return parts.map(([name, field]) => {
      const written = textOf(field);
      return written === '<binary>' ? `--form ${shellQuote(`${name}=@example-file`)}` : `--form-string ${shellQuote(`${name}=${written}`)}`;
    });
  }
  // Encoded here, not by curl: `--data-urlencode` writes a space as `+` or `%20` depending on curl's version.
  if (form) return form.pairs.map(([name, encoded]) => `--data ${shellQuote(`${name}=${encoded}`)}`);
  if (text !== undefined) return [`--data ${shellQuote(text)}`];
  if (typeof value === 'string' && value === '<binary>') return [`--data-binary '@example-file'`];
  return [`--data ${shellQuote(isJsonMedia(mediaType) || typeof value !== 'string' ? stringify(value) : value)}`];
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

/** Single-quoted for POSIX shells: nothing inside is special except the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A word left bare when the shell would read it as written, quoted otherwise. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
}
