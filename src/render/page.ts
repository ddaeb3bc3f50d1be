/**
 * `render(page) → html`: one page of the site model as its finished HTML document. A renderer is
 * made once per site (in the build, and once in each of its workers; the dev server will keep one)
 * and holds what every page shares: the site model, the Shiki highlighter, the MDX renderer with
 * its snippets, the icon set, the OpenAPI documents and the shell. Rendering a page reads only that
 * page's file (and its snippets and spec): no pass over the whole site. Nothing here knows how the
 * HTML is written or served.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { escapeHtml } from '../content/mdx/escape.ts';
import { createPageRenderer as createBodyRenderer } from '../content/snippets/index.ts';
import { createDocumentLoader } from '../openapi/documents.ts';
import type { Page, Site } from '../site/types.ts';
import { contentBody, endpointBody, ENDPOINT_LANGUAGES, type Body, type BodyServices } from './page-body.ts';
import { createCodeHighlighter, type CodeHighlighter } from './highlight.ts';
import { createIconSet, type IconLibrary, type IconSet } from './icons.ts';
import { MissingIcons } from './missing-icons.ts';
import { notFoundHtml } from './not-found.ts';
import { Shell, type ShellOptions } from './shell/document.ts';
import { localizeCopyButtons } from './copy-buttons.ts';
import { uiStrings } from './ui-strings.ts';
import { contentUrlResolver } from './links.ts';
import { SCHEMA_FOLDER, type SchemaFragment } from './endpoint/schema-fragment.ts';
import { SchemaFragments, type RenderedFragment } from './schema-fragments.ts';

export type { RenderedFragment } from './schema-fragments.ts';

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
}

export interface RenderedPage {
  html: string;
  diagnostics: Diagnostic[];
  /** The page has math (needs KaTeX's stylesheet) or mermaid diagrams (needs mermaid). */
  math: boolean;
  mermaid: boolean;
  /** The schema fragments the page links to, for the build to write (`Renderer.fragment`). */
  fragments: SchemaFragment[];
}

export interface Renderer {
  render(page: Page): Promise<RenderedPage>;
  /** The 404 page. */
  notFound(): string;
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
}

export async function createRenderer(options: RendererOptions): Promise<Renderer> {
  const { site, base } = options;
  const highlight = options.highlight ?? (await createCodeHighlighter({ langs: [] }));
  await highlight.load([...(options.languages ?? []), ...(hasEndpoints(site) ? ENDPOINT_LANGUAGES : [])]);
  const bodies = createBodyRenderer({ root: site.root, highlight, urls: (file) => contentUrlResolver(file, base) });
  const icons = createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base });
  const { languages: _languages, highlight: _highlight, playgroundScript, fieldsScript, ...shellOptions } = options;
  const shell = new Shell(shellOptions);
  const missingIcons = new MissingIcons();
  const services: BodyServices = { site, base, highlight, bodies, documents: createDocumentLoader(site.root), fragmentPrefix: `${options.assetsPrefix}${SCHEMA_FOLDER}/` };
  const fragments = new SchemaFragments(services, { ...shellOptions, ...(fieldsScript ? { fieldsScript } : {}) }, shell.theme);
  const document = { shell, icons, missingIcons, katexSheet: `${options.assetsPrefix}katex/katex.min.css`, ...(playgroundScript ? { playgroundScript } : {}), ...(fieldsScript ? { fieldsScript } : {}) };

  return {
    async render(page) {
      const body = page.source.type === 'endpoint' ? await endpointBody(page, page.source, services) : await contentBody(page, page.source, services);
      const linked = fragments.note(body.fragments ?? []);
      return { ...pageDocument(page, body, document), diagnostics: body.diagnostics, fragments: linked };
    },
    fragment: (fragment) => fragments.render(fragment),
    fragmentById: (id) => fragments.renderById(id),
    notFound: () => notFoundHtml(site, base, shell, icons),
    iconDiagnostics: () => missingIcons.diagnostics(icons, site.config.icons?.library ?? 'fontawesome'),
    invalidate: (file) => bodies.invalidate(file),
    highlight,
  };
}

/** Whether any page shows an endpoint: a generated endpoint page, or `openapi:` in frontmatter. */
function hasEndpoints(site: Site): boolean {
  for (const page of site.pages.values()) if (page.source.type === 'endpoint' || typeof page.frontmatter['openapi'] === 'string') return true;
  return false;
}

/** The start of a "Try it" panel (src/render/endpoint/playground.ts): the page loads the panel's script. */
const PLAYGROUND_MARK = '<details class="playground" data-playground=';

interface DocumentParts {
  shell: Shell;
  icons: IconSet;
  missingIcons: MissingIcons;
  katexSheet: string;
  playgroundScript?: string;
  fieldsScript?: string;
}

/** The page body inside the shell, with copy buttons in the page's language and icons filled in. */
function pageDocument(page: Page, body: Body, { shell, icons, missingIcons, katexSheet, playgroundScript, fieldsScript }: DocumentParts): Omit<RenderedPage, 'diagnostics' | 'fragments'> {
  const bodyHtml = localizeCopyButtons(body.html, uiStrings(page.placements[0]?.language));
  const math = bodyHtml.includes('class="katex');
  const mermaid = bodyHtml.includes('class="mermaid"');
  const description = page.description;
  const scripts = [playgroundScript && bodyHtml.includes(PLAYGROUND_MARK) ? playgroundScript : '', fieldsScript && body.fragments?.length ? fieldsScript : ''].filter(Boolean);
  const filled = icons.fill(
    shell.render({
      page,
      title: page.title,
      bodyHtml,
      headings: body.headings,
      ...(description ? { description } : {}),
      ...(math ? { extraStylesheets: [katexSheet] } : {}),
      ...(scripts.length > 0 ? { extraHead: scripts.map((script) => `<script src="${escapeHtml(script)}" defer></script>`).join('') } : {}),
    }),
  );
  missingIcons.note(filled.missing, body.file ?? 'docs.json', body.text);
  return { html: filled.html, math, mermaid };
}
