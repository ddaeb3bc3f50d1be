/**
 * An endpoint page as Markdown: the method and URL (a webhook's name), the description, the
 * operation's `x-mint.content` (the page shows it above the fields), the credentials it takes, its
 * parameters in a list per location, the body's fields, the responses by status with their
 * description, and one example request: the cURL command the page shows, or the
 * author's first sample when the site turns generated samples off. Fields are written as model
 * pages write theirs (src/openapi/endpoint/markdown.ts).
 */
import type { PhrasingContent, RootContent } from 'mdast';
import type { Config } from '../../config/schema.ts';
import { fieldHead, listItem, paragraph, text } from '../../content/markdown/index.ts';
import { remainingDescription } from '../../openapi/endpoint/description.ts';
import { stringOf } from '../../openapi/endpoint/json.ts';
import { FieldWriter, heading, lead, list, markdownBlocks } from '../../openapi/endpoint/markdown.ts';
import { readEndpoint, type EndpointModel, type MediaModel, type ParameterModel } from '../../openapi/endpoint/model.ts';
import { requestExamples } from '../../openapi/endpoint/request.ts';
import { Resolver } from '../../openapi/endpoint/resolve.ts';
import type { OpenApiDocument, Operation } from '../../openapi/types.ts';

export { markdownBlocks } from '../../openapi/endpoint/markdown.ts';

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
  /** The description the page prints under its title, which the body leaves out (as the HTML does: `remainingDescription`). */
  pageDescription?: string | undefined;
  /** The operation's `x-mint.content`, already converted from MDX (it may import snippets, as a page does). */
  content?: readonly RootContent[];
}

/** The endpoint's reference as Markdown blocks (the page's title and description go above them). */
export function endpointMarkdown(options: EndpointMarkdownOptions): RootContent[] {
  const { document, operation } = options;
  const resolver = new Resolver(document.raw);
  const model = readEndpoint(document, operation, resolver);
  const fields = new FieldWriter(resolver);
  const out: RootContent[] = [paragraph(target(operation, model))];
  // What the page's body shows of the description: the title block above has the page's own.
  const description = remainingDescription(operation.description, options.pageDescription ?? '');
  if (description) out.push(...markdownBlocks(description));
  out.push(...(options.content ?? []));
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
    // A webhook's payload is what the API sends: the response side of its fields.
    const items = fields.properties(body.schema, operation.kind === 'webhook' ? 'response' : 'request', 0);
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
    if (kind)
      return listItem(
        lead(
          fieldHead({ name: 'Authorization', location: 'header', type: 'string', required }),
          description ?? `${kind} authentication: \`${kind} <${kind === 'Basic' ? 'encoded-value' : 'token'}>\``,
        ),
      );
    return listItem(lead([{ type: 'inlineCode', value: use.name }, text(` (${type ?? 'security scheme'})`)], description));
  });
}

/** The cURL command the page shows first; the author's first sample when there is none. */
function requestExample(model: EndpointModel, operation: Operation, resolver: Resolver, api: Config['api'] | undefined): { lang: string; code: string } | undefined {
  const examples = requestExamples(model, operation, resolver, { ...(api?.examples ?? {}), languages: ['curl'] });
  return examples.find((example) => example.title === 'cURL') ?? examples[0];
}
