/**
 * `render(page) → html`: one page of the site model as its finished HTML document. A renderer is
 * made once per site (in the build, and once in each of its workers; the dev server will keep one)
 * and holds what every page shares: the site model, the Shiki highlighter, the MDX renderer with
 * its snippets, the icon set, the OpenAPI documents and the shell. Rendering a page reads only that
 * page's file (and its snippets and spec): no pass over the whole site. Nothing here knows how the
 * HTML is written or served.
 */
import type { Diagnostic, Position } from '../shared/diagnostics.ts';
import { escapeHtml } from '../shared/html-escape.ts';
import type { SourceTexts } from './source-texts.ts';
import { createPageRenderer as createBodyRenderer, type PageRenderer as BodyRenderer } from './mdx-renderer.ts';
import { createDocumentLoader } from '../openapi/documents.ts';
import type { Page, Site } from '../site/types.ts';
import { contentBody, endpointBody, overviewBody, ENDPOINT_LANGUAGES, type Body, type BodyServices, type ColourService, type PageUi } from './page-body.ts';
import { createCodeHighlighter, type CodeHighlighter } from './highlight.ts';
import { createIconSet, pageIcons, type IconLibrary, type PageIcons } from './icons/index.ts';
import { MissingIcons } from './missing-icons.ts';
import { notFoundHtml } from './not-found.ts';
import { Shell, type ShellOptions } from './shell/document.ts';
import { uiStrings } from './ui-strings.ts';
import { feedHref, feedXml, hasFeed } from './feed.ts';
import { contentUrlResolver, pageHref } from './links.ts';
import { markdownHtml } from '../content/commonmark.ts';
import type { UrlResolver } from '../content/page-urls.ts';
import type { UrlUse } from '../shared/safe-url.ts';
import { SCHEMA_FOLDER, type SchemaFragment } from './endpoint/schema-fragment.ts';
import { SchemaFragments, type RenderedFragment } from './endpoint/fragment-registry.ts';
import { BodyCache, type BodyCacheInit, type BodyInputs } from './body-cache.ts';
import { SAMPLES_FOLDER, samplesFile, withSamplesHref, type SamplesFile } from './endpoint/samples-file.ts';
import { ASSETS_FOLDER } from './assets.ts';

export type { RenderedFragment } from './endpoint/fragment-registry.ts';

/** The shell's options (site, base, asset URLs, public URL), and the languages to load up front. */
export interface RendererOptions extends ShellOptions {
  /**
   * Fence languages whose grammars are loaded up front: the build reads them from every page and
   * snippet (`usedLanguages`), so that workers never wait on a grammar. A page's own fences are
   * loaded when it is rendered, so a renderer made without them (dev) still colours every page.
   */
  languages?: readonly string[];
  /** A highlighter to go on with, its compiled grammars kept (dev, when a change resolves the site again). */
  highlight?: CodeHighlighter;
  /** URL of the "Try it" panel's script, which only pages with a panel load. */
  playgroundScript?: string;
  /** URL of the script that fetches schema fragments (src/client/fields.ts), which only pages linking to one load. */
  fieldsScript?: string;
  /** The site's files that are not pages (`images/a.png`): an image or video of a page that names none of them is reported. */
  siteFiles?: readonly string[];
  /** The warm build's cache of page bodies (src/render/body-cache.ts), when the build uses one. */
  cache?: BodyCacheInit;
}

export interface RenderedPage {
  html: string;
  diagnostics: Diagnostic[];
  /** The page has math (needs KaTeX's stylesheet) or mermaid diagrams (needs mermaid). */
  math: boolean;
  mermaid: boolean;
  /** The schema fragments the page links to, for the build to write (`Renderer.fragment`). */
  fragments: SchemaFragment[];
  /** The page's RSS feed (src/render/feed.ts), when it has one: written at `feedOutputPath(route)`. */
  feed?: string;
  /** The request samples the page leaves out (src/render/endpoint/samples-file.ts): written at `samplesOutputPath(name)`. */
  samples?: SamplesFile;
  /** Its body came from the cache (src/render/body-cache.ts), and the entry it is kept in there. */
  cached?: boolean;
  cacheKey?: string;
  /** What its body read besides its key's inputs (snippets, files looked for): the build's reuse of its files checks them. */
  inputs?: BodyInputs;
  /** It drew icons no library has (reported once per renderer, `iconDiagnostics`). */
  unknownIcons?: boolean;
}

export interface Renderer {
  /** With `pause`, a big page's body waits for it between its sections (dev's rendering ahead of the reader, `renderLinkedPageInSteps`). */
  render(page: Page, pause?: () => Promise<void>): Promise<RenderedPage>;
  /**
   * The 404 page. `redirect: false` leaves out the `errors.404.redirect` jump home whatever the
   * site says (dev: a writer who opens a missing page, or whose open page was just renamed, sees
   * the 404 rather than being sent home).
   */
  notFound(options?: { redirect?: boolean }): string;
  /** The file of a schema fragment a page links to; undefined when its spec cannot be read. */
  fragment(fragment: SchemaFragment): Promise<RenderedFragment | undefined>;
  /** The file of a fragment a page rendered here links to, by id (dev serves them on request). */
  fragmentById(id: string): Promise<RenderedFragment | undefined>;
  /** Icons named somewhere that no library has, reported once per renderer. */
  iconDiagnostics(): Diagnostic[];
  /** Forgets cached snippets: `file` (site-relative) and those that import it, or all of them (dev). */
  invalidate(file?: string): void;
  /** The pages' code highlighter: dev compiles its grammars while the reader reads (src/dev/grammar-warmup.ts). */
  readonly highlight: CodeHighlighter;
  /** The cache of page bodies, when `options.cache` names one: the Markdown twins use it too. */
  readonly cache?: BodyCache;
}

/**
 * `colours`: where pages' code blocks and endpoint examples are coloured, if not in this thread
 * (the build's colour thread, which colours here with the renderer's highlighter when it cannot).
 * Not an option: options are handed to render workers as data; nor is `sources`, the build's page
 * files read once for each page's body and Markdown twin (source-texts.ts).
 */
export async function createRenderer(
  options: RendererOptions,
  colours?: (highlight: CodeHighlighter) => ColourService,
  watch?: UrlWatch,
  sources?: SourceTexts,
): Promise<Renderer> {
  const { site, base } = options;
  const highlight = options.highlight ?? (await createCodeHighlighter({ langs: [] }));
  // Made before the grammars are loaded: where another thread colours, this one only notes them (highlight.ts `colourElsewhere`).
  const colourService = colours?.(highlight);
  await highlight.load(rendererLanguages(options));
  const siteFiles = options.siteFiles ? new Set(options.siteFiles) : undefined;
  const plainUrls = (file: string): UrlResolver => contentUrlResolver(file, base, siteFiles);
  const fragmentPrefix = `${options.assetsPrefix}${SCHEMA_FOLDER}/`;
  const cache = options.cache ? new BodyCache(options.cache, { site, base, fragmentPrefix, urls: plainUrls, sources }) : undefined;
  const urls = (file: string): UrlResolver => {
    const watched = watchedResolver(file, plainUrls(file), watch);
    return cache ? cache.recordingResolver(file, watched) : watched;
  };
  const bodyRenderer = createBodyRenderer({ root: site.root, highlight, urls, variables: site.config.variables });
  const bodies = cache ? recordingDependencies(bodyRenderer, cache) : bodyRenderer;
  const icons = createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base });
  const { languages: _languages, highlight: _highlight, playgroundScript, fieldsScript, siteFiles: _siteFiles, cache: _cache, ...shellOptions } = options;
  const shell = new Shell(shellOptions);
  const missingIcons = new MissingIcons();
  const services: BodyServices = {
    site,
    base,
    highlight,
    bodies,
    urls,
    documents: createDocumentLoader(site.root),
    fragmentPrefix,
    colours: colourService,
    published: siteFiles,
    sources,
  };
  const fragments = new SchemaFragments(services, { ...shellOptions, ...(fieldsScript ? { fieldsScript } : {}) }, shell.theme);
  const document = {
    shell,
    katexSheet: `${options.assetsPrefix}katex/katex.min.css`,
    ...(playgroundScript ? { playgroundScript } : {}),
    ...(fieldsScript ? { fieldsScript } : {}),
  };

  return {
    async render(page, pause) {
      // Each page draws its own icons, so that it knows the unknown ones it shows.
      const drawn = pageIcons(icons);
      const { copy, copied } = uiStrings(page.placements[0]?.language);
      const ui: PageUi = { icon: drawn.draw, copyLabels: { copy, copied } };
      const renderBody = (): Promise<Body> =>
        page.source.type === 'endpoint'
          ? endpointBody(page, page.source, services, ui)
          : page.source.type === 'overview'
            ? overviewBody(page.source, services)
            : contentBody(page, page.source, services, ui, pause);
      let body: Body;
      let cached = false;
      let bodyIcons: readonly string[] = [];
      let cacheKey: string | undefined;
      let inputs: BodyInputs | undefined;
      if (cache) {
        const found = await cache.lookup(page);
        cacheKey = found.key;
        if (found.entry) {
          // The body as it was made, and what making it told: the URLs it writes (for the link check) and its unknown icons.
          body = { ...found.entry.body, ...(found.text === undefined ? {} : { text: found.text }) };
          for (const url of found.entry.urls) watch?.(url.file, url.url, url.use, url.resolved, url.at);
          bodyIcons = found.entry.icons;
          inputs = { dependencies: found.entry.dependencies, lookups: found.entry.lookups };
          cached = true;
        } else {
          ({ body, inputs } = await cache.record(found.key, renderBody, () => [...drawn.missing]));
        }
      } else {
        body = await renderBody();
      }
      const linked = fragments.note(body.fragments ?? []);
      const updates = body.updates ?? [];
      const feed = hasFeed(page, updates)
        ? { href: feedHref(page.route, base, options.siteUrl), xml: feedXml({ site, page, updates, base, siteUrl: options.siteUrl }) }
        : undefined;
      // The samples it leaves out, in a file named by its content, which the page then links to.
      const samples =
        body.samples === undefined
          ? undefined
          : samplesFile({
              title: page.title,
              href: pageHref(page.route, base),
              blocksHtml: body.samples,
              siteName: site.config.name,
              stylesheet: options.stylesheet,
              script: options.script,
              theme: shell.theme,
            });
      const shown = samples ? { ...body, html: withSamplesHref(body.html, `${options.assetsPrefix}${SAMPLES_FOLDER}/${samples.name}.html`) } : body;
      const html = pageDocument(page, shown, drawn, document, feed?.href);
      // A cached body's unknown icons first, as drawing it would have listed them.
      const missing = bodyIcons.length === 0 ? drawn.missing : [...bodyIcons, ...drawn.missing.filter((name) => !bodyIcons.includes(name))];
      missingIcons.note(missing, body.file ?? 'docs.json', body.text);
      return {
        html,
        math: body.math,
        mermaid: body.mermaid,
        diagnostics: body.diagnostics,
        fragments: linked,
        ...(feed ? { feed: feed.xml } : {}),
        ...(samples ? { samples } : {}),
        ...(cacheKey ? { cached, cacheKey } : {}),
        ...(inputs ? { inputs } : {}),
        ...(missing.length > 0 ? { unknownIcons: true } : {}),
      };
    },
    fragment: (fragment) => fragments.render(fragment),
    fragmentById: (id) => fragments.renderById(id),
    notFound: (options) => notFoundHtml(site, base, shell, icons, options),
    iconDiagnostics: () => missingIcons.diagnostics(icons, site.config.icons?.library ?? 'fontawesome'),
    invalidate: (file) => bodies.invalidate(file),
    highlight,
    ...(cache ? { cache } : {}),
  };
}

/** The body renderer, telling the cache which snippets each page's body read. */
function recordingDependencies(bodies: BodyRenderer, cache: BodyCache): BodyRenderer {
  return {
    render(options) {
      const result = bodies.render(options);
      cache.dependsOn(result.dependencies);
      return result;
    },
    async renderInSteps(options, pause) {
      const result = await bodies.renderInSteps(options, pause);
      cache.dependsOn(result.dependencies);
      return result;
    },
    invalidate: (file) => bodies.invalidate(file),
  };
}

/**
 * Told every URL a page writes, as written, in the file it is written in (a page, a snippet), with
 * what the renderer made of it (`docjet check` follows each one as the server would).
 */
export type UrlWatch = (file: string, written: string, use: UrlUse, resolved: string | undefined, at: Position | undefined) => void;

function watchedResolver(file: string, resolve: UrlResolver, watch: UrlWatch | undefined): UrlResolver {
  if (!watch) return resolve;
  const watched: UrlResolver = (url, use, at) => {
    const resolved = resolve(url, use);
    watch(file, url, use, resolved, at);
    return resolved;
  };
  // Kept, or a watched renderer would no longer report missing images and videos (file-missing).
  if (resolve.missing) watched.missing = resolve.missing;
  return watched;
}

/** The grammars a renderer loads up front: the site's fence languages, and the examples' when it has endpoints. */
export function rendererLanguages(options: RendererOptions): string[] {
  return [...(options.languages ?? []), ...(hasEndpoints(options.site) ? ENDPOINT_LANGUAGES : [])];
}

/** Whether any page shows an endpoint: a generated endpoint page, or `openapi:` in frontmatter. */
function hasEndpoints(site: Site): boolean {
  for (const page of site.pages.values()) if (page.source.type === 'endpoint' || typeof page.frontmatter['openapi'] === 'string') return true;
  return false;
}

interface DocumentParts {
  shell: Shell;
  katexSheet: string;
  playgroundScript?: string;
  fieldsScript?: string;
}

/** The page body inside the shell, which draws its icons with the page's; with the stylesheet and scripts the body needs. */
function pageDocument(page: Page, body: Body, icons: PageIcons, { shell, katexSheet, playgroundScript, fieldsScript }: DocumentParts, feed: string | undefined): string {
  const description = page.description;
  // An operation's first paragraph is CommonMark (Stripe writes `<p>…</p>`, GitHub backticks and links): rendered, as the rest of it is.
  const descriptionHtml = page.descriptionMarkdown === undefined ? undefined : markdownHtml(page.descriptionMarkdown);
  const scripts = [playgroundScript && body.playground ? playgroundScript : '', fieldsScript && body.fragments?.length ? fieldsScript : ''].filter(Boolean);
  // Feed readers and browsers find the page's feed from its head (RSS autodiscovery).
  const extraHead =
    (feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.title)}" href="${escapeHtml(feed)}">` : '') +
    scripts.map((script) => `<script src="${escapeHtml(script)}" defer></script>`).join('');
  return shell.render(
    {
      page,
      title: page.title,
      bodyHtml: body.html,
      headings: body.headings,
      ...(description ? { description } : {}),
      ...(descriptionHtml ? { descriptionHtml } : {}),
      ...(body.math ? { extraStylesheets: [katexSheet] } : {}),
      ...(extraHead ? { extraHead } : {}),
    },
    icons.draw,
  );
}

/** Where a page's samples file is written in the output (`_docjet/samples/<name>.html`). */
export function samplesOutputPath(name: string): string {
  return `${ASSETS_FOLDER}/${SAMPLES_FOLDER}/${name}.html`;
}
