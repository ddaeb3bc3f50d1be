/**
 * The body of a generated endpoint page (format-behaviour.md §4.3): method and URL, servers,
 * authorizations, parameters by location, request body, responses, and an example panel (request
 * code, response examples). The page shell prints the title (summary) and description.
 *
 * Pure and synchronous, like `renderMarkdown`: the same call serves `build` and `dev`. `$ref`s are
 * followed lazily as the page reaches them (src/openapi/endpoint/resolve.ts), cycles are named instead of expanded,
 * and a bad spec gives warnings, never an exception.
 */
import { fieldHtml, fieldSlug, tabsHtml } from '../../content/mdx/components/ui.ts';
import type { Highlighter } from '../../content/mdx/code.ts';
import type { CopyLabels } from '../../content/mdx/types.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { Heading } from '../../content/mdx/headings.ts';
import type { Config } from '../../config/schema.ts';
import type { Diagnostic } from '../../shared/diagnostics.ts';
import type { UrlResolver } from '../../content/page-urls.ts';
import { diagnostic } from '../../shared/messages.ts';
import type { OpenApiDocument, Operation } from '../../openapi/types.ts';
import { FIELD_BUDGET, MAX_DEPTH, PageContext } from './context.ts';
import { bodyHtml, callbacksHtml, methodBadgeHtml, parameterHtml, planInput, responseHtml, serversHtml } from './content.ts';
import { remainingDescription } from '../../openapi/endpoint/description.ts';
import { readEndpoint, type EndpointModel, type ParameterLocation } from '../../openapi/endpoint/model.ts';
import { planDepth } from './plan.ts';
import { bodyPickerHtml, playgroundDisplay, playgroundHtml, playgroundProxy } from './playground.ts';
import { bodyChoices, requestExamples, responseExamples, type CodeExample, type ExampleSettings, type RequestParts } from '../../openapi/endpoint/request.ts';
import { Resolver } from '../../openapi/endpoint/resolve.ts';
import { fieldView, SchemaRenderer, type SchemaSettings } from './schema.ts';
import type { FragmentTarget, SchemaFragment } from './schema-fragment.ts';
import { pageSecurity, securityHtml } from './security.ts';
import { specLinkHtml } from './spec-link.ts';
import { SAMPLES_HREF } from './samples-file.ts';

export interface RenderEndpointOptions {
  document: OpenApiDocument;
  operation: Operation;
  /** Site-relative path of the spec, for diagnostics; default `document.file`. */
  file?: string;
  /** Code block → HTML (`<pre>` included); default: the code escaped in `<pre><code class="language-x">`. */
  highlight?: Highlighter;
  /**
   * The description the page shell prints under the title (`Page.description`); the body repeats
   * only what it leaves out. Default: the description's first paragraph, as the site model sets it.
   */
  pageDescription?: string;
  /** The site's `api` settings (`playground`, `examples`, `params`, `mdx`). */
  api?: Config['api'];
  /** The page's `playground` frontmatter (`interactive`, `simple`, `none`), which wins over `api.playground.display`. */
  playground?: string;
  /**
   * Resolves the links and images of descriptions, for an endpoint shown on a page file (`openapi:`
   * frontmatter); a generated endpoint page writes them as the spec does.
   */
  resolveUrl?: UrlResolver | undefined;
  /** The page's own `<RequestExample>`/`<ResponseExample>` HTML (`openapi:` frontmatter), shown instead of the generated ones of its kind. */
  pageExamples?: { request?: string; response?: string };
  /**
   * URL of the folder of fragments (`/_docjet/schemas/`), where the levels of fields past the
   * page's budget are fetched from (schema-fragment.ts); without it, the page says it left them out.
   */
  fragmentPrefix?: string | undefined;
  /** HTML shown above the generated fields, beside the examples: the operation's `x-mint.content`. */
  contentHtml?: string;
  /** The copy button's words in the page's language; default English, without a "copied" label. */
  copyLabels?: CopyLabels | undefined;
  /** Where `docjet dev` and `serve` answer the Try-it proxy (`/_docjet/proxy`), tried when a request fails CORS. */
  proxyUrl?: string;
  /** The link to download the spec (spec-link.ts): its URL and words; none when the site does not publish it. */
  specLink?: { href: string; label: string } | undefined;
  /** The link to the spec's API overview page (overview.ts), beside the spec's; none when the site has none. */
  overviewLink?: { href: string; label: string } | undefined;
  /**
   * Leave the generated request samples after the first out of the page when it has a Try-it panel
   * (`examplesHtml`): their blocks are the result's `samples`, for a file of their own whose URL
   * the caller puts where the page says `SAMPLES_HREF` (samples-file.ts). Default: every sample in the page.
   */
  lazySamples?: boolean;
}

export interface RenderEndpointResult {
  html: string;
  headings: Heading[];
  diagnostics: Diagnostic[];
  /** The fragments the page links to, for the build to write. */
  fragments: SchemaFragment[];
  /** The page shows a "Try it" panel, whose script it then loads. */
  playground: boolean;
  /** The request samples' blocks left out of the page (`lazySamples`), for its samples file (samples-file.ts). */
  samples?: string;
}

const PARAMETER_GROUPS: { location: ParameterLocation; title: string }[] = [
  { location: 'path', title: 'Path Parameters' },
  { location: 'query', title: 'Query Parameters' },
  { location: 'header', title: 'Headers' },
  { location: 'cookie', title: 'Cookies' },
];

export function renderEndpoint(options: RenderEndpointOptions): RenderEndpointResult {
  const { document, operation } = options;
  const file = options.file ?? document.file;
  const resolver = new Resolver(document.raw);
  const context = new PageContext({
    resolver,
    highlight: options.highlight,
    resolveUrl: options.resolveUrl,
    fragments: fragmentTarget(document, options.fragmentPrefix),
    copyLabels: options.copyLabels,
  });
  try {
    const model = readEndpoint(document, operation, resolver);
    const display = playgroundDisplay(options.api?.playground?.display, options.playground);
    const proxy = playgroundProxy(options.api?.playground?.proxy, options.proxyUrl);
    const playground = playgroundHtml({
      model,
      operation,
      document,
      resolver,
      display,
      copyButton: context.ui.copyButton,
      ...(proxy ? { proxy } : {}),
      ...(options.api?.playground?.remember === 'local' ? { remember: 'local' as const } : {}),
    });
    const html = pageHtml(
      model,
      operation,
      context,
      options.pageDescription,
      playground,
      options.api?.examples,
      options.api?.params,
      options.pageExamples,
      options.contentHtml,
      options.specLink,
      options.overviewLink,
      options.lazySamples === true,
    );
    return {
      html,
      headings: context.headings,
      diagnostics: referenceDiagnostics(resolver, operation, file),
      fragments: [...context.fragments.values()],
      playground: playground !== '',
      ...(context.samples.length > 0 ? { samples: context.samples.join('') } : {}),
    };
  } catch (error) {
    // A bug in docjet, not in the spec: say so, and keep the build going with what the shell prints.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      html: headerHtml({ operation, servers: [] }),
      headings: [],
      diagnostics: [diagnostic('page-render-failed', undefined, file, { operation: label(operation), reason }, operation.pointer)],
      fragments: [],
      playground: false,
    };
  }
}

function pageHtml(
  model: EndpointModel,
  operation: Operation,
  context: PageContext,
  pageDescription: string | undefined,
  playground: string,
  examples: ExampleSettings = {},
  fields: SchemaSettings = {},
  pageExamples: { request?: string; response?: string } = {},
  contentHtml = '',
  specLink: { href: string; label: string } | undefined = undefined,
  overviewLink: { href: string; label: string } | undefined = undefined,
  lazySamples = false,
): string {
  let html = headerHtml({ operation, servers: model.servers.map((server) => server.url) });
  if (operation.kind === 'operation') html += serversHtml(model, operation, context.resolver);
  html += specLinkHtml(specLink, overviewLink);
  html += playground;
  const description = remainingDescription(operation.description, pageDescription);
  if (description !== undefined) html += `<div class="endpoint-description">${context.md(description)}</div>`;
  if (model.missing !== undefined) {
    html += `<p class="endpoint-note endpoint-missing">This endpoint is defined by <code>${escapeHtml(model.missing)}</code>, ${
      model.missing.startsWith('#') ? 'which this document does not contain' : 'in another file, which docjet does not read'
    }.</p>`;
  }

  // A webhook's payload is what the API sends: its read-only fields are there, its write-only ones are not.
  const webhook = operation.kind === 'webhook';
  context.depthLimit = planDepth(planInput(model, webhook ? 'response' : 'request'), context.resolver, FIELD_BUDGET, MAX_DEPTH);
  let main = contentHtml;
  const security = pageSecurity(model, operation);
  if (security.alternatives.length > 0) main += section(context, 'Authorizations', 'endpoint-auth', securityHtml(security, context));
  const renderers = { request: new SchemaRenderer(context, 'request', fields), response: new SchemaRenderer(context, 'response', fields) };
  const request = renderers.request;
  for (const { location, title } of PARAMETER_GROUPS) {
    const parameters = model.parameters.filter((parameter) => parameter.in === location);
    if (parameters.length === 0) continue;
    main += section(context, title, 'endpoint-parameters', parameters.map((parameter) => parameterHtml(parameter, request)).join(''), location);
  }
  if (model.brokenParameters.length > 0) {
    const fields = model.brokenParameters.map((name) =>
      fieldHtml({
        ...fieldView(name, 'param'),
        id: fieldSlug(name) === '' ? undefined : `param-${fieldSlug(name)}`,
        type: 'unknown',
        descriptionHtml: '<p>Defined in another file or missing from this document, so docjet cannot show it.</p>',
      }),
    );
    main += section(context, 'Other Parameters', 'endpoint-parameters', fields.join(''));
  }
  if (model.body && model.body.contents.length > 0) main += section(context, 'Body', 'endpoint-body', bodyHtml(model.body, webhook ? renderers.response : request, context));
  if (model.callbacks.length > 0) main += section(context, 'Callbacks', 'endpoint-callbacks', callbacksHtml(model.callbacks, renderers, context));
  const responses = model.responses.map((response, index) => responseHtml(response, index, model.responses, renderers.response, context));
  if (responses.length > 0) main += section(context, 'Response', 'endpoint-responses', responses.join(''));

  // Samples left out only for a page whose panel's script puts them in place.
  const samples = (): string => examplesHtml(requestExamples(model, operation, context.resolver, examples), 'request-example', context, lazySamples && playground !== '');
  const aside =
    (pageExamples.request ?? bodyChoicesHtml(model, operation, samples(), context)) +
    (pageExamples.response ?? examplesHtml(responseExamples(model, context.resolver), 'response-example', context));
  main = uniqueAnchors(main, context.headings);
  html += `<div class="endpoint-layout"><div class="endpoint-main">${main}</div>${aside === '' ? '' : `<aside class="endpoint-examples">${aside}</aside>`}</div>`;
  return `<div class="endpoint" data-method="${escapeHtml(operation.method.toLowerCase())}">${html}</div>`;
}

/** A field's opening tag as `fieldNode` writes it, with its anchor. */
const FIELD_ANCHOR = /(<div class="field (?:param|response)-field" id=")([^"]+)"/g;

/**
 * Field anchors are their path of names (`response-data-id`), which a page repeats where it shows a
 * schema twice: two media types or status codes, alternatives, a callback's body. The first keeps
 * its anchor, later ones are numbered (`-1`, `-2`) as repeated headings are, so each is unique on
 * the page. Done once on the page's HTML, so that fields reused from other pages (field-memo.ts)
 * keep the same anchors as where they were rendered.
 */
function uniqueAnchors(html: string, headings: readonly Heading[]): string {
  const taken = new Set(headings.map((heading) => heading.id));
  const counts = new Map<string, number>();
  return html.replace(FIELD_ANCHOR, (whole, start: string, id: string) => {
    if (!taken.has(id)) {
      taken.add(id);
      return whole;
    }
    let count = counts.get(id) ?? 0;
    let candidate: string;
    do candidate = `${id}-${++count}`;
    while (taken.has(candidate));
    counts.set(id, count);
    taken.add(candidate);
    return `${start}${candidate}"`;
  });
}

/** Method badge, server and path (a webhook's name), and a deprecated badge; manual API pages (manual.ts) show it too. */
export function headerHtml({ operation, servers }: { operation: Operation; servers: string[] }): string {
  let target: string;
  if (operation.kind === 'webhook') {
    target = `<span class="endpoint-badge endpoint-webhook">webhook</span><code class="endpoint-url"><span class="endpoint-path">${escapeHtml(operation.path)}</span></code>`;
  } else {
    const server = servers[0]?.replace(/\/+$/, '') ?? '';
    const path = operation.path
      .split(/(\{[^{}]*\})/)
      .map((part, index) => (index % 2 === 1 ? `<span class="endpoint-path-param">${escapeHtml(part)}</span>` : breakableUrl(escapeHtml(part))))
      .join('');
    target = `<code class="endpoint-url">${server === '' ? '' : `<span class="endpoint-server">${breakableUrl(escapeHtml(server))}</span>`}<span class="endpoint-path">${path}</span></code>`;
  }
  const deprecated = operation.deprecated ? '<span class="endpoint-badge endpoint-deprecated">deprecated</span>' : '';
  return `<div class="endpoint-header">${methodBadgeHtml(operation.method)}${target}${deprecated}</div>`;
}

/** A URL that wraps before a `/` (not inside `//`), so that a narrow screen breaks it between segments, not mid-word. */
function breakableUrl(html: string): string {
  return html.replace(/(?<!\/)\/(?!\/)/g, '<wbr>/');
}

function section(context: PageContext, title: string, className: string, body: string, location?: string): string {
  const id = context.heading(2, title);
  const data = location === undefined ? '' : ` data-location="${location}"`;
  return `<section class="endpoint-section ${className}"${data}><h2 id="${escapeHtml(id)}">${escapeHtml(title)}</h2>${body}</section>`;
}

/**
 * Several request bodies (examples, or a `oneOf`'s variants): a picker above the samples, which the
 * panel's script shows and which sets the Try-it body the samples follow; without JavaScript, the
 * other bodies in a `<details>` below them (hidden once the picker works), so none is out of
 * reach. The samples show the first.
 */
function bodyChoicesHtml(model: EndpointModel, operation: Operation, samples: string, context: PageContext): string {
  const found = samples === '' ? undefined : bodyChoices(model, operation, context.resolver);
  if (!found) return samples;
  const others = found.choices.slice(1).map((choice) => {
    const text = typeof choice.value === 'string' ? choice.value : (JSON.stringify(choice.value, null, 2) ?? '');
    return context.code(text, typeof choice.value === 'string' ? 'text' : 'json', choice.label);
  });
  const first = escapeHtml(found.choices[0]!.label);
  return (
    bodyPickerHtml(found.media, found.choices) +
    samples +
    `<details class="body-choices" data-body-choices><summary>Other request bodies (the samples send “${first}”)</summary>${others.join('')}</details>`
  );
}

/**
 * A code group of examples. With the Try-it panel's script on the page (`lazySamples`), a generated
 * sample on a tab after the first is left out of the page: its block, coloured as it would be here,
 * goes into the page's samples file (`context.samples`, written under `_docjet/samples/`,
 * samples-file.ts) and its tab holds an empty `[data-sample-lazy]`. The panel's script fetches the
 * file when the reader first points at the tabs or one of them is shown, and puts each block in
 * its tab (src/client/playground.ts); when it cannot, it writes them with the build's own generator
 * (src/client/samples.mts) from the request the page carries once as data (`data-request`), the
 * same text, uncoloured. Eight of GitHub's nine languages, about 21 KB of a 74 KB endpoint page
 * (issue 33). Without JavaScript, the first shows, with a link to the file.
 */
function examplesHtml(examples: CodeExample[], kind: 'request-example' | 'response-example', context: PageContext, lazySamples = false): string {
  if (examples.length === 0) return '';
  const lazy = (example: CodeExample, index: number): boolean =>
    lazySamples && index > 0 && example.sample !== undefined && example.request !== undefined && example.request === examples.find((each) => each.request)?.request;
  const request = examples.find(lazy)?.request;
  let data = request !== undefined && plainJson(requestData(request)) ? ` data-request="${escapeHtml(JSON.stringify(requestData(request)))}"` : undefined;
  const leftOut = data !== undefined;
  const others: string[] = [];
  const items = examples.map((example, index) => {
    const code = context.code(example.code, example.lang, example.title);
    if (example.sample === undefined) return { titleHtml: escapeHtml(example.title), html: code };
    // src/client/playground.ts writes a generated sample anew for what the reader types in Try it.
    const block = `<div data-sample="${escapeHtml(example.sample)}">${code}</div>`;
    if (!leftOut || !lazy(example, index)) return { titleHtml: escapeHtml(example.title), html: block };
    context.samples.push(block);
    others.push(example.title);
    const html = `<div data-sample="${escapeHtml(example.sample)}" data-sample-lazy${data ?? ''}></div>`;
    data = undefined;
    return { titleHtml: escapeHtml(example.title), html };
  });
  if (others.length > 0 && items[0]) {
    // What a reader without JavaScript follows, and where the panel's script fetches the blocks from.
    items[0] = { ...items[0], html: `${items[0].html}<a class="samples-link" href="${SAMPLES_HREF}">${escapeHtml(`Other languages: ${others.join(', ')}`)}</a>` };
  }
  return tabsHtml(items, context, { className: `code-group ${kind}` });
}

/** A request as JSON data: its headers as pairs. */
function requestData(request: RequestParts): unknown {
  return { ...request, headers: [...request.headers] };
}

/**
 * Only what JSON gives back as it was (no `NaN`, dates, class instances, `undefined` in a list), so
 * the browser writes the same sample; a field set to `undefined` reads as one left out.
 */
function plainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return Array.from(value).every(plainJson);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every((field) => field === undefined || plainJson(field));
}

/** One warning per page for every `$ref` it could not follow, by kind. */
function referenceDiagnostics(resolver: Resolver, operation: Operation, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const where = { file, operation: label(operation) };
  const [firstExternal] = resolver.external;
  if (firstExternal !== undefined) {
    const refs = { ...where, count: resolver.external.size, first: firstExternal };
    diagnostics.push(diagnostic('openapi-external-ref', undefined, file, refs, operation.pointer));
  }
  const [firstUnresolved] = resolver.unresolved;
  if (firstUnresolved !== undefined) {
    const refs = { ...where, count: resolver.unresolved.size, first: firstUnresolved };
    diagnostics.push(diagnostic('openapi-unresolved-ref', undefined, file, refs, operation.pointer));
  }
  return diagnostics;
}

/** Fragments are named by the document's file, as pages name the spec (and the build loads it). */
function fragmentTarget(document: OpenApiDocument, prefix: string | undefined): FragmentTarget | undefined {
  return prefix === undefined ? undefined : { spec: document.file, prefix };
}

function label(operation: Operation): string {
  return operation.kind === 'webhook' ? `webhook \`${operation.path}\`` : `\`${operation.method} ${operation.path}\``;
}
