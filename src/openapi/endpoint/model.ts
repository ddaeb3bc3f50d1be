/**
 * One operation read out of the raw document into the shape the page shows, whatever the version:
 * Swagger 2.0's `in: body` and `formData` parameters become a request body, `produces`/`consumes`
 * become media types, `host` + `basePath` + `schemes` the server. Schemas stay raw (references
 * unresolved); the schema renderer follows them lazily.
 */
import { escapePointer } from '../index-operations.ts';
import type { OpenApiDocument, Operation } from '../types.ts';
import { arrayOf, isRecord, recordOf, stringOf, type JsonObject } from './json.ts';
import type { Resolver } from './resolve.ts';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  /** A schema (OpenAPI 3), or the 2.0 parameter itself, which carries `type`, `items`, `enum`… inline. */
  schema: unknown;
  /** The author's example, when there is one. */
  example?: ExampleModel;
  /** How the value is written (OpenAPI 3 `style`, `explode`, `allowReserved`; Swagger 2.0's `collectionFormat` as its style). */
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface ExampleModel {
  name?: string;
  summary?: string;
  value: unknown;
}

export interface MediaModel {
  mediaType: string;
  schema: unknown;
  /** Examples the author wrote, in order; empty when a sample is to be generated from the schema. */
  examples: ExampleModel[];
  /** OpenAPI 3 `encoding` of form fields (`style: deepObject` makes `address[city]=…`). */
  encoding?: JsonObject;
}

export interface BodyModel {
  description?: string;
  required: boolean;
  contents: MediaModel[];
}

export interface ResponseModel {
  status: string;
  description?: string;
  headers: ParameterModel[];
  contents: MediaModel[];
}

export interface ServerModel {
  /** With server variables replaced by their defaults. */
  url: string;
  description?: string;
}

export interface SchemeUse {
  /** The key in `securitySchemes` / `securityDefinitions`. */
  name: string;
  /** Undefined when the requirement names a scheme the document does not define. */
  scheme?: JsonObject;
  scopes: string[];
}

export interface SecurityModel {
  /** Any one of these sets of schemes is enough; all schemes of a set are needed together. */
  alternatives: SchemeUse[][];
  /** One alternative is `{}`: calling without credentials is allowed. */
  optional: boolean;
}

export interface CodeSample {
  label: string;
  lang: string;
  source: string;
}

/** One operation of a `callbacks` entry: the request the API sends to the reader's server. */
export interface CallbackModel {
  name: string;
  /** The runtime expression the URL is made from (`{$request.body#/callbackUrl}`). */
  expression: string;
  method: string;
  body?: BodyModel;
  responses: ResponseModel[];
}

export interface EndpointModel {
  operation: JsonObject;
  /** The operation object is a `$ref` docjet cannot follow (another file, or nothing). */
  missing?: string;
  servers: ServerModel[];
  parameters: ParameterModel[];
  /** Parameters whose `$ref` could not be followed, by the name of what they point at. */
  brokenParameters: string[];
  body?: BodyModel;
  responses: ResponseModel[];
  callbacks: CallbackModel[];
  security: SecurityModel;
  codeSamples: CodeSample[];
}

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DEFAULT_MEDIA = 'application/json';

export function readEndpoint(document: OpenApiDocument, operation: Operation, resolver: Resolver): EndpointModel {
  const raw = recordOf(document.raw) ?? {};
  const swagger = 'swagger' in raw;
  const written = resolver.at(operation.pointer);
  const resolved = resolver.resolve(written);
  const op = recordOf(resolved.value) ?? {};
  const pathItem = recordOf(resolver.deref(resolver.at(pathItemPointer(raw, operation)))) ?? {};

  const model: EndpointModel = {
    operation: op,
    servers: swagger ? swaggerServers(raw, op) : openApiServers(raw, pathItem, op),
    parameters: [],
    brokenParameters: [],
    responses: [],
    callbacks: [],
    security: readSecurity(raw, op, swagger, resolver),
    codeSamples: readCodeSamples(op),
  };
  if (resolved.broken !== undefined) model.missing = resolved.broken;
  else if (!isRecord(written)) model.missing = operation.pointer;

  const parameters = collectParameters(pathItem, op, resolver, model.brokenParameters);
  if (swagger) {
    const consumes = mediaList(op.consumes) ?? mediaList(raw.consumes) ?? [DEFAULT_MEDIA];
    const produces = mediaList(op.produces) ?? mediaList(raw.produces) ?? [DEFAULT_MEDIA];
    const body = swaggerBody(parameters, consumes);
    if (body) model.body = body;
    model.parameters = parameters.filter((p) => LOCATIONS.has(stringOf(p.in) ?? '')).map((p) => toParameter(p, true));
    model.responses = readResponses(op, resolver, (response) => swaggerContents(response, produces), true);
  } else {
    model.parameters = parameters.filter((p) => LOCATIONS.has(stringOf(p.in) ?? '')).map((p) => toParameter(p, false));
    const body = recordOf(resolver.deref(op.requestBody));
    if (body) model.body = openApiBody(body, resolver);
    model.responses = readResponses(op, resolver, (response) => openApiContents(response.content, resolver), false);
    model.callbacks = readCallbacks(op, resolver);
  }
  return model;
}

/** OpenAPI 3 `callbacks`: name → URL expression → path item → operations. */
function readCallbacks(op: JsonObject, resolver: Resolver): CallbackModel[] {
  const callbacks: CallbackModel[] = [];
  for (const [name, value] of Object.entries(recordOf(op.callbacks) ?? {})) {
    for (const [expression, item] of Object.entries(recordOf(resolver.deref(value)) ?? {})) {
      const pathItem = recordOf(resolver.deref(item));
      if (!pathItem) continue;
      for (const [method, entry] of Object.entries(pathItem)) {
        const operation = recordOf(resolver.deref(entry));
        if (!operation || !METHODS.has(method.toLowerCase())) continue;
        const callback: CallbackModel = {
          name,
          expression,
          method: method.toUpperCase(),
          responses: readResponses(operation, resolver, (response) => openApiContents(response.content, resolver), false),
        };
        const body = recordOf(resolver.deref(operation.requestBody));
        if (body) callback.body = openApiBody(body, resolver);
        callbacks.push(callback);
      }
    }
  }
  return callbacks;
}

/** The path item the operation sits in, for its shared `parameters` and `servers`. */
function pathItemPointer(raw: JsonObject, operation: Operation): string {
  if (operation.kind === 'operation') return `#/paths/${escapePointer(operation.path)}`;
  const section = isRecord(raw.webhooks) && Object.hasOwn(raw.webhooks, operation.path) ? 'webhooks' : 'x-webhooks';
  return `#/${section}/${escapePointer(operation.path)}`;
}

/** Path-level parameters, then the operation's; an operation parameter replaces one of the same name and place. */
function collectParameters(pathItem: JsonObject, op: JsonObject, resolver: Resolver, broken: string[]): JsonObject[] {
  const byKey = new Map<string, JsonObject>();
  for (const list of [pathItem.parameters, op.parameters]) {
    for (const entry of arrayOf(list)) {
      const resolved = resolver.resolve(entry);
      if (resolved.broken !== undefined) {
        if (resolved.name !== undefined && !broken.includes(resolved.name)) broken.push(resolved.name);
        continue;
      }
      const parameter = recordOf(resolved.value);
      const name = stringOf(parameter?.name);
      if (!parameter || name === undefined) continue;
      byKey.set(`${stringOf(parameter.in) ?? ''}\u0000${name}`, parameter);
    }
  }
  return [...byKey.values()];
}

function toParameter(parameter: JsonObject, swagger: boolean): ParameterModel {
  const location = parameter.in as ParameterLocation;
  const model: ParameterModel = {
    name: String(parameter.name),
    in: location,
    required: location === 'path' || parameter.required === true,
    deprecated: parameter.deprecated === true,
    schema: swagger ? parameter : parameterSchema(parameter),
  };
  const description = stringOf(parameter.description);
  if (description !== undefined) model.description = description;
  const example = swagger ? (Object.hasOwn(parameter, 'x-example') ? { value: parameter['x-example'] } : undefined) : firstExample(parameter);
  if (example) model.example = example;
  Object.assign(model, swagger ? collectionFormat(parameter) : serialization(parameter));
  return model;
}

/** OpenAPI 3's `style`, `explode` and `allowReserved`, when written. */
function serialization(parameter: JsonObject): Pick<ParameterModel, 'style' | 'explode' | 'allowReserved'> {
  const rule: Pick<ParameterModel, 'style' | 'explode' | 'allowReserved'> = {};
  const style = stringOf(parameter.style);
  if (style !== undefined) rule.style = style;
  if (typeof parameter.explode === 'boolean') rule.explode = parameter.explode;
  if (parameter.allowReserved === true) rule.allowReserved = true;
  return rule;
}

/** Swagger 2.0's `collectionFormat` (default `csv`) as OpenAPI 3's style: `multi` repeats the name, `ssv`/`pipes` delimit with a space or `|`. */
function collectionFormat(parameter: JsonObject): Pick<ParameterModel, 'style' | 'explode'> {
  if (parameter.type !== 'array') return {};
  const format = stringOf(parameter.collectionFormat) ?? 'csv';
  if (format === 'multi') return { style: 'form', explode: true };
  if (format === 'ssv') return { style: 'spaceDelimited', explode: false };
  if (format === 'pipes') return { style: 'pipeDelimited', explode: false };
  return parameter.in === 'query' || parameter.in === 'formData' ? { style: 'form', explode: false } : { style: 'simple', explode: false };
}

/** OpenAPI 3 parameters carry `schema`, or `content` with one media type holding it. */
function parameterSchema(parameter: JsonObject): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  const content = recordOf(parameter.content);
  if (!content) return undefined;
  for (const media of Object.values(content)) if (isRecord(media)) return media.schema;
  return undefined;
}

function firstExample(value: JsonObject): ExampleModel | undefined {
  if (Object.hasOwn(value, 'example')) return { value: value.example };
  const examples = recordOf(value.examples);
  if (!examples) return undefined;
  for (const [name, example] of Object.entries(examples)) {
    if (isRecord(example) && Object.hasOwn(example, 'value')) return { name, value: example.value };
  }
  return undefined;
}

function openApiBody(body: JsonObject, resolver: Resolver): BodyModel {
  const model: BodyModel = { required: body.required === true, contents: openApiContents(body.content, resolver) };
  const description = stringOf(body.description);
  if (description !== undefined) model.description = description;
  return model;
}

function openApiContents(content: unknown, resolver: Resolver): MediaModel[] {
  const contents: MediaModel[] = [];
  const map = recordOf(content);
  if (!map) return contents;
  for (const [mediaType, value] of Object.entries(map)) {
    const media = recordOf(value) ?? {};
    const examples: ExampleModel[] = [];
    if (Object.hasOwn(media, 'example')) examples.push({ value: media.example });
    for (const [name, entry] of Object.entries(recordOf(media.examples) ?? {})) {
      const example = recordOf(resolver.deref(entry));
      if (!example) continue;
      const value = Object.hasOwn(example, 'value') ? example.value : stringOf(example.externalValue);
      if (value === undefined) continue;
      const model: ExampleModel = { name, value };
      const summary = stringOf(example.summary);
      if (summary !== undefined) model.summary = summary;
      examples.push(model);
    }
    const model: MediaModel = { mediaType, schema: media.schema, examples };
    const encoding = recordOf(media.encoding);
    if (encoding) model.encoding = encoding;
    contents.push(model);
  }
  return contents;
}

function readResponses(op: JsonObject, resolver: Resolver, contentsOf: (response: JsonObject) => MediaModel[], swagger: boolean): ResponseModel[] {
  const responses: ResponseModel[] = [];
  for (const [status, value] of Object.entries(recordOf(op.responses) ?? {})) {
    if (status.startsWith('x-')) continue;
    const resolved = resolver.resolve(value);
    const response = recordOf(resolved.value);
    const model: ResponseModel = { status, headers: [], contents: [] };
    if (!response) {
      if (resolved.broken !== undefined) model.description = `See \`${resolved.broken}\`.`;
      responses.push(model);
      continue;
    }
    const description = stringOf(response.description);
    if (description !== undefined) model.description = description;
    model.contents = contentsOf(response);
    for (const [name, header] of Object.entries(recordOf(response.headers) ?? {})) {
      const object = recordOf(resolver.deref(header));
      if (!object || name.toLowerCase() === 'content-type') continue;
      model.headers.push(toParameter({ ...object, name, in: 'header' }, swagger));
    }
    responses.push(model);
  }
  return responses;
}

/** Swagger 2.0: `in: body` is the body; `formData` parameters are the fields of a form body. */
function swaggerBody(parameters: JsonObject[], consumes: string[]): BodyModel | undefined {
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    const model: BodyModel = { required: body.required === true, contents: [{ mediaType: preferJson(consumes), schema: body.schema, examples: [] }] };
    const description = stringOf(body.description);
    if (description !== undefined) model.description = description;
    return model;
  }
  const fields = parameters.filter((p) => p.in === 'formData');
  if (fields.length === 0) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  let file = false;
  for (const field of fields) {
    const name = String(field.name);
    const { name: _name, in: _in, required: isRequired, ...schema } = field;
    if (schema.type === 'file') {
      file = true;
      properties[name] = { ...schema, type: 'string', format: 'binary' };
    } else {
      properties[name] = schema;
    }
    if (isRequired === true) required.push(name);
  }
  const form = consumes.find((type) => /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type));
  const mediaType = file ? 'multipart/form-data' : (form ?? 'application/x-www-form-urlencoded');
  const schema: JsonObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return { required: required.length > 0, contents: [{ mediaType, schema, examples: [] }] };
}

function swaggerContents(response: JsonObject, produces: string[]): MediaModel[] {
  const examples = recordOf(response.examples);
  if (examples && Object.keys(examples).length > 0) {
    return Object.entries(examples).map(([mediaType, value]) => ({ mediaType, schema: response.schema, examples: [{ value }] }));
  }
  if (response.schema === undefined) return [];
  return [{ mediaType: preferJson(produces), schema: response.schema, examples: [] }];
}

function preferJson(types: string[]): string {
  return types.find((type) => isJsonMedia(type)) ?? types[0] ?? DEFAULT_MEDIA;
}

export function isJsonMedia(mediaType: string): boolean {
  return /[/+]json\b|^\*\/\*$|json$/i.test(mediaType);
}

function mediaList(value: unknown): string[] | undefined {
  const list = arrayOf(value).filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return list.length > 0 ? list : undefined;
}

function openApiServers(raw: JsonObject, pathItem: JsonObject, op: JsonObject): ServerModel[] {
  for (const list of [op.servers, pathItem.servers, raw.servers]) {
    const servers = arrayOf(list).flatMap((entry): ServerModel[] => {
      const server = recordOf(entry);
      const url = stringOf(server?.url);
      if (!server || url === undefined) return [];
      const model: ServerModel = { url: substituteVariables(url.trim(), recordOf(server.variables)) };
      const description = stringOf(server.description);
      if (description !== undefined) model.description = description;
      return [model];
    });
    if (servers.length > 0) return servers;
  }
  return [];
}

/** `https://{region}.example.com` with each variable's `default` (its first `enum` value otherwise). */
function substituteVariables(url: string, variables: JsonObject | undefined): string {
  if (!variables) return url;
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = recordOf(variables[name]);
    const value = variable?.default ?? arrayOf(variable?.enum)[0];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

function swaggerServers(raw: JsonObject, op: JsonObject): ServerModel[] {
  const host = stringOf(raw.host)?.trim();
  const basePath = stringOf(raw.basePath)?.trim() ?? '';
  const base = basePath === '/' ? '' : basePath.replace(/\/$/, '');
  if (host === undefined) return base === '' ? [] : [{ url: base }];
  const schemes = mediaList(op.schemes) ?? mediaList(raw.schemes) ?? ['https'];
  return schemes.map((scheme) => ({ url: `${scheme.toLowerCase()}://${host}${base}` }));
}

function readSecurity(raw: JsonObject, op: JsonObject, swagger: boolean, resolver: Resolver): SecurityModel {
  const requirements = Array.isArray(op.security) ? op.security : arrayOf(raw.security);
  const schemes = recordOf(swagger ? raw.securityDefinitions : recordOf(raw.components)?.securitySchemes) ?? {};
  const model: SecurityModel = { alternatives: [], optional: false };
  for (const entry of requirements) {
    const requirement = recordOf(entry);
    if (!requirement) continue;
    const uses: SchemeUse[] = [];
    for (const [name, scopes] of Object.entries(requirement)) {
      const use: SchemeUse = { name, scopes: arrayOf(scopes).filter((scope): scope is string => typeof scope === 'string') };
      const scheme = recordOf(resolver.deref(schemes[name]));
      if (scheme) use.scheme = scheme;
      uses.push(use);
    }
    if (uses.length === 0) model.optional = true;
    else model.alternatives.push(uses);
  }
  return model;
}

/** `x-codeSamples` (and the older `x-code-samples`): `{ lang, label?, source }`. */
function readCodeSamples(op: JsonObject): CodeSample[] {
  const samples: CodeSample[] = [];
  for (const entry of arrayOf(op['x-codeSamples'] ?? op['x-code-samples'])) {
    const sample = recordOf(entry);
    const source = typeof sample?.source === 'string' ? sample.source : undefined;
    if (!sample || source === undefined) continue;
    const lang = stringOf(sample.lang)?.trim() ?? 'text';
    samples.push({ label: stringOf(sample.label)?.trim() ?? lang, lang, source });
  }
  return samples;
}
