/**
 * The body of one page, before the shell goes around it: a page file (MDX or Markdown, with its
 * snippets, and the endpoint its `openapi:` frontmatter names above it), or a generated endpoint
 * page. Each reads only its own file or spec.
 */
import path from 'node:path';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { headingAnchors, type Heading } from '../content/mdx/headings.ts';
import type { CopyLabels, IconDrawer, UpdateEntry } from '../content/mdx/index.ts';
import { copyButtonHtml, type Highlighter } from '../content/mdx/code.ts';
import { frontmatterUrlDiagnostics } from '../content/frontmatter-url.ts';
import { locateBody } from '../content/frontmatter.ts';
import { applyVariables, undefinedVariableDiagnostic, variableEchoes, withoutVariableEchoes } from '../content/variables.ts';
import { frontmatterKeyPosition } from '../content/frontmatter-schema.ts';
import { diagnostic } from '../shared/messages.ts';
import { encodingDiagnostic, readText } from '../shared/read-text.ts';
import type { SourceTexts } from './source-texts.ts';
import type { PageRenderer as BodyRenderer } from './mdx-renderer.ts';
import { findEndpoint, navigationSpecFiles, siteSpecFiles, type DocumentLoader } from '../openapi/documents.ts';
import { isRemoteSpec } from '../openapi/fetch-spec.ts';
import { parseEndpointReference } from '../openapi/reference.ts';
import type { Page, PageSource, Site } from '../site/types.ts';
import { renderEndpoint } from './endpoint/index.ts';
import { fenceLanguages, type CodeHighlighter } from './highlight.ts';
import { contentUrlResolver } from './links.ts';
import type { UrlResolver } from '../content/page-urls.ts';
import { mintContentPart, schemaPart, type OpenApiPart } from './endpoint/openapi-parts.ts';
import type { SchemaFragment } from './endpoint/schema-fragment.ts';
import { specHref } from './endpoint/spec-link.ts';
import { overviewEntries, overviewHtml, overviewRoute } from './endpoint/overview.ts';
import { pageHref } from './links.ts';
import { uiStrings } from './ui-strings.ts';
import { examplesByKind, pageColumnsHtml } from './example-column.ts';

/** What rendering a body needs, made once per renderer. */
export interface BodyServices {
  site: Site;
  base: string;
  highlight: CodeHighlighter;
  bodies: BodyRenderer;
  /** The URL resolver of a file's links (`contentUrlResolver`, watched by `docjet check`). */
  urls?: ((file: string) => UrlResolver) | undefined;
  documents: DocumentLoader;
  /** URL of the folder of schema fragments (`/_docjet/schemas/`), which endpoint and model pages link to. */
  fragmentPrefix: string;
  /** Where pages' code blocks are coloured while the pages render, if not in this thread. */
  colours?: ColourService | undefined;
  /** The site's files that are not pages, which the build publishes (a spec is linked only when it is one); undefined: all are. */
  published?: ReadonlySet<string> | undefined;
  /** The build's page files, each read once for its body and its Markdown twin; undefined: read anew (dev). */
  sources?: SourceTexts | undefined;
}

/**
 * Code coloured somewhere else while pages render: a build in one thread colours its pages' code
 * blocks and endpoint examples on a second (src/output/colour-thread.ts): colouring was a third
 * of GitHub's API reference build, an eighth of mintlify's docs.
 */
export interface ColourService {
  /** What one page's blocks go through. */
  page(): PageColours;
}

export interface PageColours {
  /** Writes a stand-in for the block, and has it coloured. */
  highlight: Highlighter;
  /** The page's HTML with its blocks in place of their stand-ins. */
  settle(html: string): Promise<string>;
}

/** What the page decides that its body shows: icons drawn by the page's drawer, the copy button in its language. */
export interface PageUi {
  icon: IconDrawer;
  copyLabels: CopyLabels;
}

export interface Body {
  html: string;
  headings: readonly Heading[];
  diagnostics: Diagnostic[];
  /** The body shows math (needs KaTeX's stylesheet), mermaid diagrams (needs mermaid), a "Try it" panel (needs its script). */
  math: boolean;
  mermaid: boolean;
  playground: boolean;
  /** The page file and its text, where problems found later (unknown icons) are placed; none for an endpoint page. */
  file?: string;
  text?: string;
  /** Schema fragments the page links to (src/render/endpoint/schema-fragment.ts), for the build to write. */
  fragments?: SchemaFragment[];
  /** The request samples' blocks the page leaves out, coloured, for its samples file (src/render/endpoint/samples-file.ts). */
  samples?: string;
  /** The page's `<Update>` entries, which its RSS feed is made of (src/render/feed.ts). */
  updates?: UpdateEntry[];
}

type FileSource = Extract<PageSource, { type: 'file' }>;
type EndpointSource = Extract<PageSource, { type: 'endpoint' }>;
type OverviewSource = Extract<PageSource, { type: 'overview' }>;

/** A spec's API overview page (endpoint/overview.ts): info, servers, links, then its tags with their operations. */
export async function overviewBody(source: OverviewSource, services: BodyServices): Promise<Body> {
  const document = await services.documents(source.spec);
  if (!document) return { html: '', headings: [], diagnostics: [], ...NOTHING_TO_LOAD };
  const { html, headings } = overviewHtml(document, overviewEntries(services.site, source, document, services.base));
  return { html, headings, diagnostics: [], ...NOTHING_TO_LOAD };
}

/** A generated endpoint page: the operation's reference, from its spec. */
export async function endpointBody(page: Page, { spec, operation }: EndpointSource, services: BodyServices, ui: PageUi): Promise<Body> {
  const document = await services.documents(spec);
  if (!document) return { html: '', headings: [], diagnostics: [], ...NOTHING_TO_LOAD };
  await services.highlight.load(ENDPOINT_LANGUAGES);
  // `x-mint.content`: MDX above the generated fields (§4.3).
  const content = await mintContentPart(operation, spec, services.bodies, services.highlight, ui);
  const colours = services.colours?.page();
  const rendered = renderEndpoint({
    document,
    operation,
    highlight: colours?.highlight ?? services.highlight,
    file: spec,
    pageDescription: page.descriptionMarkdown ?? page.description ?? '',
    copyLabels: ui.copyLabels,
    ...endpointSettings(page, services, spec),
    ...(content ? { contentHtml: content.html } : {}),
  });
  const endpoint =
    colours === undefined
      ? rendered
      : {
          ...rendered,
          html: await colours.settle(rendered.html),
          ...(rendered.samples === undefined ? {} : { samples: await colours.settle(rendered.samples) }),
        };
  if (!content) return { ...endpoint, ...NOTHING_TO_LOAD, playground: endpoint.playground };
  return {
    ...endpoint,
    headings: [...content.headings, ...endpoint.headings],
    diagnostics: [...content.diagnostics, ...endpoint.diagnostics],
    math: content.math,
    mermaid: content.mermaid,
  };
}

const NOTHING_TO_LOAD = { math: false, mermaid: false, playground: false } as const;

/**
 * A page file: its body through the MDX renderer, any `openapi:` endpoint first. The renderer
 * resolves every URL against the file as it writes it (`services.bodies`, `contentUrlResolver`).
 */
export async function contentBody(page: Page, { file, ext }: FileSource, services: BodyServices, ui: PageUi, pause?: () => Promise<void>): Promise<Body> {
  const diagnostics: Diagnostic[] = [];
  // bounds: invalid UTF-8 is reported at its line instead of replaced silently.
  const decoded = services.sources ? (await services.sources.read(file)).decoded : await readText(path.join(services.site.root, file));
  const text = decoded.text;
  diagnostics.push(...encodingDiagnostic(file, decoded, 'page'));
  // The frontmatter was parsed when the site was read (`page.frontmatter`): only find where the body starts.
  const frontmatter = locateBody(text);
  // injection: a `url: javascript:…` that the sidebar leaves out is reported here, once per page.
  diagnostics.push(...frontmatterUrlDiagnostics(file, text, frontmatter.bodyLine, page.frontmatter));
  // docs.json's `variables` in the body (not the frontmatter), before it is parsed; an undefined one said once, at its place.
  const variables = services.site.config.variables;
  const written = text.slice(frontmatter.bodyStart);
  const applied = applyVariables(written, variables);
  diagnostics.push(...undefinedVariableDiagnostic(file, written, frontmatter.bodyLine, applied, variables));
  await services.highlight.load(fenceLanguages(applied.text));
  const colours = services.colours?.page();
  const source = {
    file,
    text: applied.text,
    format: ext === '.md' ? ('md' as const) : ('mdx' as const),
    line: frontmatter.bodyLine,
    headingAnchors: headingAnchors(page.frontmatter['mode']),
    ...ui,
    ...(colours ? { highlight: colours.highlight } : {}),
  };
  const body = pause ? await services.bodies.renderInSteps(source, pause) : services.bodies.render(source);
  diagnostics.push(...withoutVariableEchoes(body.diagnostics, new Set(variableEchoes(file, applied, frontmatter.bodyLine))));
  let html = body.html;
  let headings: Heading[] = body.headings;
  // An MDX page with `openapi: "GET /x"` shows the endpoint above its own content (§4.3), the page's examples in its column.
  let playground = false;
  const endpoint = await frontmatterEndpoint(page, text, frontmatter.bodyLine, services, examplesByKind(body.parts.examples), ui, colours?.highlight);
  if (endpoint) diagnostics.push(...endpoint.diagnostics);
  if (endpoint && endpoint.html !== '') {
    html = endpoint.html + html;
    headings = [...endpoint.headings, ...headings];
    playground = endpoint.playground;
  } else {
    // Else an `api:` page's method bar and panel, and the example column (issue 13).
    const columns = pageColumnsHtml({
      page,
      file,
      bodyHtml: html,
      parts: body.parts,
      copyButton: copyButtonHtml(ui.copyLabels),
      ...(services.site.config.api ? { api: services.site.config.api } : {}),
    });
    html = columns.html;
    playground = columns.playground;
  }
  // An MDX page with `openapi-schema: Pet` shows the model's fields below its own content (§4.3).
  const model =
    typeof page.frontmatter['openapi-schema'] === 'string'
      ? await frontmatterSchema(page.frontmatter['openapi-schema'], file, text.slice(0, frontmatter.bodyStart), services, ui)
      : undefined;
  if (model) {
    diagnostics.push(...model.diagnostics);
    html += model.html;
    headings = [...headings, ...model.headings];
  }
  if (colours) html = await colours.settle(html);
  // The samples it leaves to its samples file hold stand-ins for their colours too.
  const samples = endpoint?.samples === undefined || colours === undefined ? endpoint?.samples : await colours.settle(endpoint.samples);
  return {
    html,
    headings,
    diagnostics,
    math: body.math,
    mermaid: body.mermaid,
    playground,
    file,
    text,
    fragments: [...(endpoint?.fragments ?? []), ...(model?.fragments ?? [])],
    ...(samples === undefined ? {} : { samples }),
    updates: body.parts.updates,
  };
}

/** The fields of the model `openapi-schema:` names, with the site's `api.params` settings. */
function frontmatterSchema(reference: string, file: string, frontmatterText: string, services: BodyServices, ui: PageUi): Promise<OpenApiPart> {
  const expanded = services.site.config.api?.params?.expanded;
  return schemaPart({
    reference,
    file,
    frontmatterText,
    documents: services.documents,
    specs: () => specFiles(services.site),
    fragmentPrefix: services.fragmentPrefix,
    resolveUrl: services.urls?.(file) ?? contentUrlResolver(file, services.base),
    copyLabels: ui.copyLabels,
    ...(expanded ? { settings: { expanded } } : {}),
  });
}

/** Languages of the code an endpoint shows: the request samples (src/openapi/endpoint/code-samples.ts) and the JSON examples. */
export const ENDPOINT_LANGUAGES = ['shellscript', 'json', 'python', 'javascript', 'typescript', 'go', 'ruby', 'php', 'java', 'csharp', 'powershell', 'swift', 'kotlin', 'c'];

/**
 * The endpoint `openapi:` frontmatter names, rendered; undefined when there is none. One that no
 * document has is a warning at the frontmatter's `openapi:` line (the page shows its own content).
 */
async function frontmatterEndpoint(
  page: Page,
  text: string,
  bodyLine: number,
  services: BodyServices,
  pageExamples: { request?: string; response?: string },
  ui: PageUi,
  /** The page's stand-ins, when its blocks are coloured on another thread (settled with the page's). */
  highlight: Highlighter = services.highlight,
): Promise<Body | undefined> {
  const reference = page.frontmatter['openapi'];
  if (typeof reference !== 'string' || page.source.type !== 'file') return undefined;
  const { endpoint, searched } = await findEndpoint(reference, services.documents, () => specFiles(services.site));
  // The spec the value names, when it is there (a name without its extension is a guess), and the one the operation came from.
  const named = parseEndpointReference(reference)?.spec?.replace(/^\/+/, '');
  const problems = [
    ...(named === undefined ? [] : (await specProblems(named, services)).filter((each) => each.code !== 'openapi-missing')),
    ...(endpoint && endpoint.document.file !== named ? await specProblems(endpoint.document.file, services) : []),
  ];
  if (!endpoint) {
    const file = page.source.file;
    const block = text.split('\n', Math.max(bodyLine - 1, 0)).join('\n');
    const remote = await someRemoteUnread(services);
    const warning = diagnostic('frontmatter-endpoint-not-found', frontmatterKeyPosition(file, block, 'openapi', 'value'), file, { reference, searched, remote });
    return { html: '', headings: [], diagnostics: [...problems, warning], ...NOTHING_TO_LOAD };
  }
  await services.highlight.load(ENDPOINT_LANGUAGES);
  // Its descriptions' links are the page's: resolved against the page file, like the body's.
  const resolveUrl = services.urls?.(page.source.file) ?? contentUrlResolver(page.source.file, services.base);
  const rendered = renderEndpoint({
    ...endpoint,
    highlight,
    pageDescription: '',
    resolveUrl,
    pageExamples,
    copyLabels: ui.copyLabels,
    ...endpointSettings(page, services, endpoint.document.file),
  });
  return { ...rendered, diagnostics: [...problems, ...rendered.diagnostics], math: false, mermaid: false };
}

/**
 * The problems of a spec file that only pages name (validation reports those of the specs docs.json
 * names, where it names them): without them a spec's syntax error or NUL characters would vanish.
 * Each page showing it reports them; the build lists them once. An error of such a file is a
 * warning here: the page is built from another spec or from its own content.
 */
async function specProblems(file: string, services: BodyServices): Promise<readonly Diagnostic[]> {
  if (isRemoteSpec(file) || !services.documents.problems || namedByConfig(services.site).has(file)) return [];
  // Warnings: the page is built all the same (its operation from another spec, or its own content), as the hosted product builds it.
  return (await services.documents.problems(file)).map((each) => (each.severity === 'error' ? { ...each, severity: 'warning' as const } : each));
}

const configSpecsOfSite = new WeakMap<Site, Set<string>>();

/** The spec files docs.json names: its elements' `openapi` and the specs of its endpoint entries. */
function namedByConfig(site: Site): Set<string> {
  let named = configSpecsOfSite.get(site);
  if (!named) {
    named = navigationSpecFiles(site);
    configSpecsOfSite.set(site, named);
  }
  return named;
}

/** The site's `api` settings, the page's `playground` frontmatter and the link to its spec (`spec`), for the endpoint renderer. */
function endpointSettings(
  page: Page,
  services: BodyServices,
  spec: string,
): {
  api?: Site['config']['api'];
  playground?: string;
  fragmentPrefix: string;
  proxyUrl: string;
  specLink?: { href: string; label: string };
  overviewLink?: { href: string; label: string };
  lazySamples: boolean;
} {
  const playground = page.frontmatter['playground'];
  const href = specHref(spec, services.base, services.published);
  const overview = page.source.type === 'endpoint' ? overviewRoute(services.site, spec, page.source.directory) : undefined;
  const strings = uiStrings(page.placements[0]?.language);
  return {
    ...(services.site.config.api ? { api: services.site.config.api } : {}),
    ...(typeof playground === 'string' ? { playground } : {}),
    fragmentPrefix: services.fragmentPrefix,
    proxyUrl: `${services.base}_docjet/proxy`,
    // The samples after the first go into a file of their own (src/render/endpoint/samples-file.ts, page.ts).
    lazySamples: true,
    ...(href === undefined ? {} : { specLink: { href, label: strings.downloadSpec } }),
    ...(overview === undefined ? {} : { overviewLink: { href: pageHref(overview, services.base), label: strings.apiOverview } }),
  };
}

/**
 * Whether a remote spec the navigation names has no copy (neither fetched nor cached): the
 * operation may be in it, and the warning says so. The loader has read them already (`specFiles`).
 */
async function someRemoteUnread(services: BodyServices): Promise<boolean> {
  // Asked by every page whose operation is missing (218 on one real site): walk the elements once per site.
  let answer = remoteUnreadOfSite.get(services.site);
  if (!answer) {
    answer = (async () => {
      for (const element of services.site.elements.values()) {
        for (const source of element.openapi ?? []) if (source.remote && !(await services.documents(source.source))) return true;
      }
      return false;
    })();
    remoteUnreadOfSite.set(services.site, answer);
  }
  return answer;
}

const remoteUnreadOfSite = new WeakMap<Site, Promise<boolean>>();

const specsOfSite = new WeakMap<Site, string[]>();

/**
 * Where an `openapi:` frontmatter operation is looked for after the spec it names (§4.3): the spec
 * files and URLs the navigation uses, then every other data file of the site (the hosted product
 * finds an operation in any OpenAPI document of the project). Worked out once per site.
 */
function specFiles(site: Site): string[] {
  let files = specsOfSite.get(site);
  if (!files) {
    files = siteSpecFiles(site);
    specsOfSite.set(site, files);
  }
  return files;
}
