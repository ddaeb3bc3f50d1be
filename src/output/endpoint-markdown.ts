/**
 * An endpoint page as Markdown: the method and URL (a webhook's name), the description, the
 * credentials it takes, its parameters in a list per location, the body's fields, the responses by
 * status with their description, and one example request: the cURL command the page shows, or the
 * author's first sample when the site turns generated samples off. Fields nest as deep as
 * `MAX_DEPTH` and stop after `MAX_FIELDS`: the page's HTML and the spec have the rest.
 */
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import type { Config } from '../config/schema.ts';
import { fieldHead, listItem, paragraph, text } from '../content/markdown/index.ts';
import { parsePage } from '../content/mdx/parse.ts';
import { isRecord, recordOf, stringOf, type JsonObject } from '../openapi/endpoint/json.ts';
import { readEndpoint, type EndpointModel, type MediaModel, type ParameterModel } from '../openapi/endpoint/model.ts';
import { requestExamples } from '../openapi/endpoint/request.ts';
import { Resolver } from '../openapi/endpoint/resolve.ts';
import { hiddenIn, toShape, typeLabel, type Mode } from '../openapi/endpoint/shape.ts';
import type { OpenApiDocument, Operation } from '../openapi/types.ts';

const MAX_DEPTH = 3;
const MAX_FIELDS = 300;

const LOCATIONS: { location: ParameterModel['in']; title: string }[] = [
  { location: 'path', title: 'Path Parameters' },
  { location: 'query', title: 'Query Parameters' },
  { location: 'header', title: 'Headers' },
  { location: 'cookie', title: 'Cookies' },
];

export interface EndpointMarkdownOptions {
  document: OpenApiDocument;
  operation: Operation;
  /** The site's `api` settings (`examples`). */
  api?: Config['api'];
  /** The description the page prints under its title, which the body leaves out (as the HTML does). */
  pageDescription?: string | undefined;
}

/** The endpoint's reference as Markdown blocks (the page's title and description go above them). */
export function endpointMarkdown(options: EndpointMarkdownOptions): RootContent[] {
  const { document, operation } = options;
  const resolver = new Resolver(document.raw);
  const model = readEndpoint(document, operation, resolver);
  const fields = new FieldWriter(resolver);
  const out: RootContent[] = [paragraph(target(operation, model))];
  const description = operation.description?.trim();
  if (description && description !== options.pageDescription?.trim()) out.push(...markdownBlocks(description));
  const security = securityItems(model);
  if (security.length > 0) out.push(heading('Authorizations'), list(security));
  for (const { location, title } of LOCATIONS) {
    const parameters = model.parameters.filter((parameter) => parameter.in === location);
    if (parameters.length > 0) out.push(heading(title), list(parameters.map((parameter) => fields.parameter(parameter))));
  }
  const body = model.body && preferred(model.body.contents);
  if (model.body && body) {
    out.push(heading('Body'), paragraph([{ type: 'inlineCode', value: body.mediaType }, ...(model.body.required ? [text(' (required)')] : [])]));
    if (model.body.description) out.push(...markdownBlocks(model.body.description));
    const items = fields.properties(body.schema, 'request', 0);
    if (items.length > 0) out.push(list(items));
  }
  if (model.responses.length > 0) {
    const items = model.responses.map((response) => listItem(lead([{ type: 'inlineCode', value: response.status }], response.description)));
    out.push(heading('Responses'), list(items));
  }
  const example = requestExample(model, operation, resolver, options.api);
  if (example) out.push(heading('Example request'), { type: 'code', lang: example.lang, value: example.code });
  return out;
}

/** `` `POST https://api.example.com/pets` ``; a webhook by its name. */
function target(operation: Operation, model: EndpointModel): PhrasingContent[] {
  const deprecated = operation.deprecated ? [text(' (deprecated)')] : [];
  if (operation.kind === 'webhook') return [text('Webhook '), { type: 'inlineCode', value: operation.path }, ...deprecated];
  const server = model.servers[0]?.url.replace(/\/+$/, '') ?? '';
  return [{ type: 'inlineCode', value: `${operation.method} ${server}${operation.path}` }, ...deprecated];
}

function heading(title: string): RootContent {
  return { type: 'heading', depth: 2, children: [text(title)] };
}

function list(items: RootContent[]): RootContent {
  return { type: 'list', ordered: false, spread: false, children: items.filter((item) => item.type === 'listItem') };
}

/** A field's head, then its description on the same line (its first paragraph). */
function lead(head: PhrasingContent[], description: string | undefined): Nodes[] {
  if (description === undefined || description.trim() === '') return [paragraph(head)];
  const [first, ...rest] = markdownBlocks(description);
  if (first?.type === 'paragraph') return [paragraph([...head, text(': '), ...first.children]), ...rest];
  return [paragraph(head), ...(first ? [first] : []), ...rest];
}

/**
 * One line that Markdown (with GFM and `$` math) reads as a paragraph of just its text: no
 * character that starts emphasis, code, a link, HTML, an entity, an escape, math or a table cell,
 * no line start that makes a heading, list or quote, no white space at either end (indented code,
 * trimmed text), nothing GFM would turn into a link.
 */
const PLAIN_LINE = /^(?![#>+*=-]|\d+[.)])[^\s*_`[\]<>&\\!|~$](?:[^\n\r*_`[\]<>&\\!|~$]*[^\s*_`[\]<>&\\!|~$])?$/;
const LINK_LIKE = /www\.|:\/\/|@|mailto:|xmpp:/i;

/** Whether `markdown` is a line `PLAIN_LINE` describes: its blocks are one paragraph of its text, without parsing it. */
function isPlainLine(markdown: string): boolean {
  return PLAIN_LINE.test(markdown) && !LINK_LIKE.test(markdown);
}

/** Descriptions kept parsed at most; then the cache starts again (GitHub's document has ~5,400 distinct ones). */
const MAX_CACHED_BLOCKS = 20_000;
const parsedBlocks = new Map<string, RootContent[]>();

/**
 * A description written in Markdown (CommonMark in OpenAPI), as blocks. Cached by text: specs
 * repeat descriptions through `$ref`s and shared parameters (GitHub's 1,493 pages write 23,000
 * descriptions, 3,000 of them distinct), and parsing them was most of an endpoint's Markdown. A
 * plain line (70 % of the distinct descriptions of the Stripe, Kubernetes and GitHub documents)
 * is not parsed at all. The blocks are shared by the pages' trees, which are only read
 * (`toMarkdownText`). Kept out of the page parse cache, whose few entries are for page files.
 */
export function markdownBlocks(markdown: string): RootContent[] {
  let blocks = parsedBlocks.get(markdown);
  if (blocks === undefined) {
    blocks = isPlainLine(markdown) ? [paragraph([text(markdown)])] : parsePage({ text: markdown, format: 'md', reporter: { diagnostic: () => undefined }, cache: false }).tree.children;
    if (parsedBlocks.size >= MAX_CACHED_BLOCKS) parsedBlocks.clear();
    parsedBlocks.set(markdown, blocks);
  }
  return blocks;
}

/** The media type whose fields are listed: JSON first, as the page's first tab. */
function preferred(contents: readonly MediaModel[]): MediaModel | undefined {
  return contents.find((media) => /json/i.test(media.mediaType)) ?? contents[0];
}

/** Each credential of the first way to authorize, as the field the reader sends. */
function securityItems(model: EndpointModel): RootContent[] {
  const uses = model.security.alternatives[0] ?? [];
  const required = !model.security.optional;
  return uses.map((use) => {
    const scheme = use.scheme ?? {};
    const type = stringOf(scheme.type)?.toLowerCase();
    const description = stringOf(scheme.description);
    if (type === 'apikey') {
      const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
      return listItem(lead(fieldHead({ name: stringOf(scheme.name) ?? use.name, location, type: 'string', required }), description));
    }
    const httpScheme = stringOf(scheme.scheme)?.toLowerCase();
    const kind = type === 'http' || type === 'basic' ? (httpScheme === 'basic' || type === 'basic' ? 'Basic' : 'Bearer') : undefined;
    if (kind) return listItem(lead(fieldHead({ name: 'Authorization', location: 'header', type: 'string', required }), description ?? `${kind} authentication: \`${kind} <${kind === 'Basic' ? 'encoded-value' : 'token'}>\``));
    return listItem(lead([{ type: 'inlineCode', value: use.name }, text(` (${type ?? 'security scheme'})`)], description));
  });
}

/** The cURL command the page shows first; the author's first sample when there is none. */
function requestExample(model: EndpointModel, operation: Operation, resolver: Resolver, api: Config['api'] | undefined): { lang: string; code: string } | undefined {
  const examples = requestExamples(model, operation, resolver, { ...(api?.examples ?? {}), languages: ['curl'] });
  return examples.find((example) => example.title === 'cURL') ?? examples[0];
}

/** Fields of schemas as list items, nested up to `MAX_DEPTH`, `MAX_FIELDS` in all. */
class FieldWriter {
  private written = 0;

  constructor(private readonly resolver: Resolver) {}

  parameter(parameter: ParameterModel): RootContent {
    const shape = toShape(parameter.schema, this.resolver, []);
    const head = fieldHead({
      name: parameter.name,
      type: typeLabel(shape, this.resolver),
      required: parameter.required,
      deprecated: parameter.deprecated,
      defaultValue: defaultOf(shape.schema),
    });
    return listItem(lead(head, parameter.description ?? stringOf(shape.schema.description)));
  }

  /** The properties of an object schema (of an array's items, for a list of objects). */
  properties(schema: unknown, mode: Mode, depth: number, stack: readonly string[] = []): RootContent[] {
    const shape = toShape(schema, this.resolver, stack);
    if (shape.circular || shape.broken !== undefined) return [];
    const inner = shape.key === undefined ? stack : [...stack, shape.key];
    const object = recordOf(shape.schema.properties) ? shape : toShape(shape.schema.items, this.resolver, inner);
    const properties = recordOf(object.schema.properties);
    if (!properties) return [];
    const required = new Set(Array.isArray(object.schema.required) ? object.schema.required : []);
    const items: RootContent[] = [];
    for (const [name, value] of Object.entries(properties)) {
      if (this.written >= MAX_FIELDS) break;
      const field = toShape(value, this.resolver, inner);
      if (hiddenIn(field.schema, mode)) continue;
      this.written++;
      const head = fieldHead({ name, type: typeLabel(field, this.resolver), required: required.has(name), deprecated: field.schema.deprecated === true, defaultValue: defaultOf(field.schema) });
      const nested = depth + 1 < MAX_DEPTH && !field.circular ? this.properties(value, mode, depth + 1, inner) : [];
      items.push(listItem([...lead(head, stringOf(field.schema.description)), ...(nested.length > 0 ? [list(nested)] : [])]));
    }
    return items;
  }
}

function defaultOf(schema: JsonObject): string | undefined {
  if (!Object.hasOwn(schema, 'default')) return undefined;
  const value = schema.default;
  return typeof value === 'string' ? value : isRecord(value) || Array.isArray(value) || value !== undefined ? JSON.stringify(value) : undefined;
}
