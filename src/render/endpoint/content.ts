/**
 * The parts of an endpoint page made of fields: parameters, the request body, responses by status
 * code and callbacks, each media type's schema through `SchemaRenderer`.
 */
import { REQUIRED_PILL, tabsHtml } from '../../content/mdx/components/ui.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { PageContext } from './context.ts';
import { arrayOf, displayValue, isRecord, recordOf, stringOf, type JsonObject } from '../../openapi/endpoint/json.ts';
import type { BodyModel, CallbackModel, EndpointModel, MediaModel, ParameterModel, ResponseModel, ServerModel } from '../../openapi/endpoint/model.ts';
import type { Resolver } from '../../openapi/endpoint/resolve.ts';
import { escapePointer } from '../../openapi/index-operations.ts';
import type { Operation } from '../../openapi/types.ts';
import type { PlanInput } from './plan.ts';
import type { SchemaRenderer } from './schema.ts';

/**
 * The page's field renderers, one per direction, shared by every section: a renderer keeps only
 * the schemas it is inside of, which is empty again after each field list.
 */
export interface Renderers {
  request: SchemaRenderer;
  response: SchemaRenderer;
}

/** A parameter's field; its anchor is `param-` and its name (`#param-limit`), a response header's `response-header-` and its name. */
export function parameterHtml(parameter: ParameterModel, renderer: SchemaRenderer, anchor = 'param'): string {
  const options = { name: parameter.name, kind: parameter.in, required: parameter.required, deprecated: parameter.deprecated, anchor };
  return renderer.field(parameter.schema, {
    ...options,
    ...(parameter.description === undefined ? {} : { description: parameter.description }),
    ...(parameter.example === undefined ? {} : { example: parameter.example }),
  });
}

/** The body's fields, under its media type; media types with different schemas get a tab each. */
export function bodyHtml(body: BodyModel, renderer: SchemaRenderer, context: PageContext): string {
  let html = '';
  if (body.description !== undefined) html += `<div class="endpoint-body-description">${context.md(body.description)}</div>`;
  const required = body.required ? REQUIRED_PILL : '';
  return html + contentsHtml(body.contents, renderer, context, 'body', required);
}

/**
 * Media types and their schemas. Specs often give JSON and XML (or several JSON variants) the same
 * schema: those share one field list, headed by all their names, instead of repeating it.
 */
function contentsHtml(contents: MediaModel[], renderer: SchemaRenderer, context: PageContext, noun: 'body' | 'response', flags = ''): string {
  const groups = groupBySchema(contents);
  const names = (types: string[]) => types.map((type) => `<code>${escapeHtml(type)}</code>`).join(' ');
  const fields = (schema: unknown) => (schema === undefined ? '' : renderer.top(schema, noun));
  if (groups.length === 1) return `<p class="endpoint-media">${names(groups[0]!.types)}${flags}</p>${fields(groups[0]!.schema)}`;
  const panels = groups.map((group) => ({ titleHtml: escapeHtml(group.types.join(', ')), html: fields(group.schema) }));
  return `${flags === '' ? '' : `<p class="endpoint-media">${flags}</p>`}${tabsHtml(panels, context, { className: 'tabs endpoint-media-types' })}`;
}

function groupBySchema(contents: MediaModel[]): { types: string[]; schema: unknown }[] {
  const groups: { types: string[]; schema: unknown }[] = [];
  for (const media of contents) {
    const same = groups.find((group) => sameSchema(group.schema, media.schema));
    if (same) same.types.push(media.mediaType);
    else groups.push({ types: [media.mediaType], schema: media.schema });
  }
  return groups;
}

/** Every schema the page shows, for choosing how deep it can expand them; a webhook's body is what the API sends (`response`). */
export function planInput(model: EndpointModel, bodyMode: 'request' | 'response' = 'request'): PlanInput {
  const input: PlanInput = { fields: model.parameters.map((parameter) => ({ value: parameter.schema, mode: 'request' })), containers: [] };
  const add = (body: BodyModel | undefined, responses: ResponseModel[]) => {
    for (const group of groupBySchema(body?.contents ?? [])) input.containers.push({ value: group.schema, mode: bodyMode });
    for (const response of responses) {
      for (const header of response.headers) input.fields.push({ value: header.schema, mode: 'response' });
      for (const group of groupBySchema(response.contents)) input.containers.push({ value: group.schema, mode: 'response' });
    }
  };
  add(model.body, model.responses);
  for (const callback of model.callbacks) add(callback.body, callback.responses);
  return input;
}

/** The same object, or references to the same component. */
function sameSchema(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const refA = isRecord(a) && Object.keys(a).length === 1 ? a.$ref : undefined;
  return typeof refA === 'string' && isRecord(b) && Object.keys(b).length === 1 && b.$ref === refA;
}

/**
 * A status code, open for the first success (or the first response when none succeeds): its
 * description, headers and body fields. `<details>`, so every response is there without JavaScript.
 */
export function responseHtml(response: ResponseModel, index: number, all: ResponseModel[], renderer: SchemaRenderer, context: PageContext): string {
  const firstSuccess = all.findIndex((candidate) => /^2/.test(candidate.status));
  const open = index === (firstSuccess === -1 ? 0 : firstSuccess);
  const statusClass = /^[1-5]/.test(response.status) ? `endpoint-status-${response.status[0]}xx` : 'endpoint-status-default';
  const summary = summaryLine(response.description);
  let body = '';
  if (response.description !== undefined && response.description.trim() !== summary) body += `<div class="endpoint-response-description">${context.md(response.description)}</div>`;
  if (response.headers.length > 0) {
    body += `<div class="endpoint-response-headers"><p class="endpoint-subtitle">Headers</p>${response.headers.map((header) => parameterHtml(header, renderer, 'response-header')).join('')}</div>`;
  }
  if (response.contents.length > 0) body += contentsHtml(response.contents, renderer, context, 'response');
  const head =
    `<span class="endpoint-status ${statusClass}">${escapeHtml(response.status)}</span>` +
    (summary === '' ? '' : `<span class="endpoint-response-summary">${escapeHtml(summary)}</span>`);
  // Nothing to open: a plain row, not a disclosure that reveals nothing.
  if (body === '') return `<div class="endpoint-response" data-status="${escapeHtml(response.status)}"><div class="endpoint-response-header">${head}</div></div>`;
  return (
    `<details class="endpoint-response" data-status="${escapeHtml(response.status)}"${open ? ' open' : ''}>` +
    `<summary>${head}</summary><div class="endpoint-response-content">${body}</div></details>`
  );
}

/** A response description short enough for its summary line, as plain text; '' when it is not. */
function summaryLine(description: string | undefined): string {
  const text = description?.trim() ?? '';
  if (text === '' || text.length > 120 || text.includes('\n') || /[`*_[\]<>]/.test(text)) return '';
  return text;
}

/**
 * Requests the API makes to the reader's server (OpenAPI 3 `callbacks`), each collapsed: its URL
 * expression, the body it sends and the responses it expects.
 */
export function callbacksHtml(callbacks: CallbackModel[], renderers: Renderers, context: PageContext): string {
  return callbacks
    .map((callback) => {
      let body = '';
      if (callback.body && callback.body.contents.length > 0) {
        body += `<p class="endpoint-subtitle">Body</p>${bodyHtml(callback.body, renderers.request, context)}`;
      }
      if (callback.responses.length > 0) {
        const responses = callback.responses.map((response, index) => responseHtml(response, index, callback.responses, renderers.response, context));
        body += `<p class="endpoint-subtitle">Response</p>${responses.join('')}`;
      }
      return (
        `<details class="endpoint-callback"><summary>${methodBadgeHtml(callback.method)}` +
        `<code class="endpoint-callback-url">${escapeHtml(callback.expression)}</code><span class="endpoint-callback-name">${escapeHtml(callback.name)}</span></summary>` +
        `<div class="endpoint-callback-content">${body}</div></details>`
      );
    })
    .join('');
}

/** `GET`, `POST`… in the colour of its method: the endpoint's header and each callback's. */
export function methodBadgeHtml(method: string): string {
  return `<span class="method-badge method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span>`;
}

/**
 * The servers under the page's URL, when there is a choice to explain: several servers, or server
 * variables. A server with variables shows its URL as written (`https://{region}.example.com`; the
 * header shows it with the defaults filled in), then each variable's default and allowed values.
 */
export function serversHtml(model: EndpointModel, operation: Operation, resolver: Resolver): string {
  const written = writtenServers(model, operation, resolver);
  const servers = model.servers.map((server, index) => ({ server, written: written[index] }));
  const variables = servers.map(({ written }) => Object.entries(recordOf(written?.variables) ?? {}));
  if (servers.length < 2 && variables.every((list) => list.length === 0)) return '';
  const items = servers.map(({ server, written }, index) => serverItemHtml(server, written, variables[index]!));
  return `<ul class="endpoint-servers">${items.join('')}</ul>`;
}

function serverItemHtml(server: ServerModel, written: JsonObject | undefined, variables: [string, unknown][]): string {
  const url = variables.length > 0 ? (stringOf(written?.url)?.trim() ?? server.url) : server.url;
  const description = server.description === undefined ? '' : ` <span class="endpoint-server-description">${escapeHtml(server.description)}</span>`;
  const list =
    variables.length === 0 ? '' : `<ul class="endpoint-server-variables">${variables.map(([name, value]) => serverVariableHtml(name, recordOf(value) ?? {})).join('')}</ul>`;
  return `<li><code>${escapeHtml(url)}</code>${description}${list}</li>`;
}

/** `region`: default `us`, one of `us`, `eu`; then its description. */
function serverVariableHtml(name: string, variable: JsonObject): string {
  const code = (value: unknown) => `<code>${escapeHtml(displayValue(value))}</code>`;
  const parts: string[] = [];
  if (variable.default !== undefined) parts.push(`default ${code(variable.default)}`);
  const allowed = arrayOf(variable.enum);
  if (allowed.length > 0) parts.push(`one of ${allowed.map(code).join(', ')}`);
  const description = stringOf(variable.description);
  const details = parts.length === 0 ? '' : `: ${parts.join('; ')}`;
  return `<li><code class="endpoint-server-variable">${escapeHtml(name)}</code>${details}${description === undefined ? '' : ` <span class="endpoint-server-description">${escapeHtml(description)}</span>`}</li>`;
}

/**
 * The server objects behind `model.servers`, in the same order: the operation's, else its path
 * item's, else the document's, those with a URL (as model.ts reads them). Swagger 2.0 has none.
 */
function writtenServers(model: EndpointModel, operation: Operation, resolver: Resolver): (JsonObject | undefined)[] {
  if (resolver.at('#/swagger') !== undefined) return [];
  const pathItem = recordOf(resolver.deref(resolver.at(`#/paths/${escapePointer(operation.path)}`))) ?? {};
  for (const list of [model.operation.servers, pathItem.servers, resolver.at('#/servers')]) {
    const servers = arrayOf(list)
      .map((entry) => recordOf(entry))
      .filter((server) => stringOf(server?.url) !== undefined);
    if (servers.length > 0) return servers;
  }
  return [];
}
