/**
 * A manual API page: `api: "POST https://api.example.com/v1/things"` frontmatter (format-behaviour.md
 * §3.2; the site's `api.mdx`, §1.4). It gets what a generated endpoint page has above its reference:
 * the method bar and the "Try it" panel, whose fields are the page's `<ParamField>`s. Those are
 * written as a one-operation OpenAPI document, so that the bar, the panel and the panel's script are
 * the very ones generated pages use; the page's own content is the reference.
 *
 * The URL is the frontmatter's when it is absolute (the site's `api.mdx.server` is then ignored, as
 * the hosted product does), else `api.mdx.server` (one, or several to pick from) before the path.
 * Credentials: the page's `authMethod`, else `api.mdx.auth.method`; `none` or neither, no field.
 */
import type { Config } from '../../config/schema.ts';
import { splitApiUrl, type ApiFrontmatter } from '../../content/frontmatter-api.ts';
import type { ParamFieldEntry } from '../../content/mdx/index.ts';
import { COPY_BUTTON } from '../../content/mdx/code.ts';
import { readEndpoint } from '../../openapi/endpoint/model.ts';
import type { JsonObject } from '../../openapi/endpoint/json.ts';
import { Resolver } from '../../openapi/endpoint/resolve.ts';
import { escapePointer } from '../../openapi/index-operations.ts';
import type { OpenApiDocument, Operation } from '../../openapi/types.ts';
import { headerHtml } from './index.ts';
import { playgroundDisplay, playgroundHtml } from './playground.ts';

export interface ManualEndpointOptions {
  /** The page file, which the document stands for. */
  file: string;
  endpoint: ApiFrontmatter;
  /** The page's top-level `<ParamField>`s with a location, in page order. */
  params: readonly ParamFieldEntry[];
  /** The site's `api` settings (`mdx`, `playground`). */
  api?: Config['api'];
  /** The page's `authMethod` frontmatter. */
  authMethod?: string;
  /** The page's `playground` frontmatter. */
  playground?: string;
  /** The page's copy button (`copyButtonHtml`); default English. */
  copyButton?: string;
}

/** The method bar and the "Try it" panel (none for `playground: none`). */
export function manualEndpointHtml(options: ManualEndpointOptions): string {
  return manualEndpoint(options).html;
}

/** The method bar and panel, and whether there is a panel (the page then loads its script). */
export function manualEndpoint(options: ManualEndpointOptions): { html: string; playground: boolean } {
  const { document, operation } = manualDocument(options);
  const resolver = new Resolver(document.raw);
  const model = readEndpoint(document, operation, resolver);
  const display = playgroundDisplay(options.api?.playground?.display, options.playground);
  // The site's one hand-written API: its pages share credentials (per origin, as every panel does).
  const panel = playgroundHtml({ model, operation, document, resolver, display, copyButton: options.copyButton ?? COPY_BUTTON, credentials: 'docs.json api.mdx' });
  return { html: headerHtml({ operation, servers: model.servers.map((server) => server.url) }) + panel, playground: panel !== '' };
}

/** The page as an OpenAPI 3.1 document of one operation. */
export function manualDocument(options: ManualEndpointOptions): { document: OpenApiDocument; operation: Operation } {
  const { method, url } = options.endpoint;
  const { server, path } = splitApiUrl(url);
  const servers = server === undefined ? siteServers(options.api) : [server];
  const auth = securityScheme(options.authMethod ?? options.api?.mdx?.auth?.method, options.api?.mdx?.auth?.name);
  const operation: JsonObject = { parameters: parameters(path, options.params), responses: {} };
  const body = requestBody(options.params.filter((param) => param.location === 'body'));
  if (body) operation.requestBody = body;
  if (auth) operation.security = [{ [auth.name]: [] }];
  const raw: JsonObject = {
    openapi: '3.1.0',
    info: { title: options.file, version: '' },
    servers: servers.map((each) => ({ url: each })),
    paths: { [path]: { [method.toLowerCase()]: operation } },
    ...(auth ? { components: { securitySchemes: { [auth.name]: auth.scheme } } } : {}),
  };
  const pointer = `#/paths/${escapePointer(path)}/${method.toLowerCase()}`;
  const indexed: Operation = { kind: 'operation', method, path, tags: [], deprecated: false, hidden: false, excluded: false, pointer };
  return { document: { file: options.file, version: '3.1.0', operations: [indexed], tags: [], raw }, operation: indexed };
}

function siteServers(api: Config['api'] | undefined): string[] {
  const written = api?.mdx?.server;
  const list = written === undefined ? [] : Array.isArray(written) ? written : [written];
  return list.map((each) => each.trim()).filter((each) => each !== '');
}

/**
 * `bearer` and `basic` are HTTP schemes; `key` an API key header named `api.mdx.auth.name`
 * (`x-api-key`, the format's own example, when unnamed). `cobo` (Cobo's signed API keys) is sent as
 * that key: the panel cannot sign requests. The scheme's name is the hint beside the field and the
 * key the value is remembered under for the session, so it is the name specs commonly give it.
 */
function securityScheme(method: string | undefined, name: string | undefined): { name: string; scheme: JsonObject } | undefined {
  if (method === 'bearer' || method === 'basic') return { name: `${method}Auth`, scheme: { type: 'http', scheme: method } };
  if (method === 'key' || method === 'cobo') return { name: 'apiKey', scheme: { type: 'apiKey', in: 'header', name: name?.trim() || 'x-api-key' } };
  return undefined;
}

/**
 * Path, query, header and cookie fields in page order, then a required text field for each
 * `{name}` of the path that no `<ParamField path>` describes: the URL cannot be sent without it.
 */
function parameters(path: string, params: readonly ParamFieldEntry[]): JsonObject[] {
  const written = params.filter((param) => param.location !== 'body').map(parameter);
  const described = new Set(params.filter((param) => param.location === 'path').map((param) => param.name));
  const missing = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!).filter((name) => !described.has(name));
  return [...written, ...[...new Set(missing)].map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))];
}

function parameter(param: ParamFieldEntry): JsonObject {
  const written: JsonObject = { name: param.name, in: param.location, required: param.location === 'path' || param.required, schema: schemaOf(param) };
  // The hint of a field the reader may leave empty; a required field would be filled with it.
  if (param.placeholder !== undefined && !param.required) written.example = param.placeholder;
  return written;
}

/** A JSON body of the `body` fields; a multipart form when one of them takes a file. */
function requestBody(fields: readonly ParamFieldEntry[]): JsonObject | undefined {
  if (fields.length === 0) return undefined;
  const schema = objectSchema(fields);
  const media = fields.some((field) => baseType(field.type) === 'file') ? 'multipart/form-data' : 'application/json';
  return { required: fields.some((field) => field.required), content: { [media]: { schema } } };
}

function objectSchema(fields: readonly ParamFieldEntry[]): JsonObject {
  const schema: JsonObject = { type: 'object', properties: Object.fromEntries(fields.map((field) => [field.name, schemaOf(field)])) };
  const required = fields.filter((field) => field.required).map((field) => field.name);
  if (required.length > 0) schema.required = required;
  return schema;
}

/** The schema of a field's `type` (`string`, `integer`, `string[]`, `array<number>`, `object`, `file`), with its default. */
function schemaOf(field: ParamFieldEntry): JsonObject {
  const schema = typeSchema(field.type ?? 'string', field.fields);
  if (field.defaultValue !== undefined) schema.default = typedValue(field.defaultValue, schema.type);
  if (field.placeholder !== undefined && field.location === 'body') schema.example = typedValue(field.placeholder, schema.type);
  return schema;
}

function typeSchema(type: string, fields: readonly ParamFieldEntry[]): JsonObject {
  const written = type.trim().toLowerCase();
  const item = /^(.+)\[\]$/.exec(written)?.[1] ?? /^array\s*<(.+)>$/.exec(written)?.[1];
  if (item !== undefined) return { type: 'array', items: typeSchema(item, fields) };
  if (written === 'array') return { type: 'array', items: fields.length > 0 ? objectSchema(fields) : {} };
  const base = baseType(written);
  if (base === 'file') return { type: 'string', format: 'binary' };
  if (base === 'number' || base === 'integer' || base === 'boolean') return { type: base };
  if (base === 'object' || fields.length > 0) return objectSchema(fields);
  return { type: 'string' };
}

/** `integer`, `number | null` → `integer`, `number`: the first word, lower case. */
function baseType(type: string | undefined): string {
  return /^[a-z]+/i.exec(type?.trim() ?? '')?.[0]?.toLowerCase() ?? 'string';
}

/** `default="10"` of a number field is the number 10; `default="true"` of a boolean, true. */
function typedValue(value: string | number | boolean, type: unknown): string | number | boolean {
  if (typeof value !== 'string') return value;
  if ((type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}
