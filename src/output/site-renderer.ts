/**
 * Everything needed to turn one route into its finished HTML document, set up once per build:
 * the Shiki highlighter (with the languages the site uses), the page renderer (snippets resolved),
 * the icon set, the OpenAPI documents and the shell. `build` calls `render` for every page; the
 * dev server will call it for one page on request. Nothing here writes files.
 */
import { readFile } from 'node:fs/promises';
import { encodingDiagnostic, readText } from '../content/read-text.ts';
import path from 'node:path';
import { LineIndex, type Diagnostic } from '../diagnostics.ts';
import { readFrontmatter } from '../content/frontmatter.ts';
import type { Heading } from '../content/mdx/headings.ts';
import { COPY_BUTTON } from '../content/mdx/code.ts';
import { escapeHtml } from '../content/mdx/escape.ts';
import { createPageRenderer } from '../content/snippets/index.ts';
import { diagnostic } from '../messages.ts';
import { loadOpenApi } from '../openapi/load.ts';
import { findOperation, parseEndpointReference } from '../openapi/reference.ts';
import type { OpenApiDocument } from '../openapi/types.ts';
import { renderEndpoint } from '../render/endpoint/index.ts';
import { createCodeHighlighter, fenceLanguages } from '../render/highlight.ts';
import { createIconSet, type IconLibrary } from '../render/icons.ts';
import { rewriteContentUrls } from '../render/links.ts';
import { frontmatterUrlDiagnostics } from '../content/frontmatter-url.ts';
import { Shell } from '../render/shell/document.ts';
import { uiStrings } from '../render/ui-strings.ts';
import type { Page, Site } from '../site/types.ts';
import type { PageFile, SiteFiles } from '../content/scan.ts';

export interface SiteRendererOptions {
  site: Site;
  /** Every page file on disk, snippets included (their fences need grammars too). */
  files: SiteFiles;
  base: string;
  stylesheet: string;
  script: string;
  assetsPrefix: string;
  siteUrl?: string;
}

export interface RenderedRoute {
  html: string;
  diagnostics: Diagnostic[];
  /** The page has math (needs KaTeX's stylesheet) or mermaid diagrams (needs mermaid). */
  math: boolean;
  mermaid: boolean;
}

export interface SiteRenderer {
  render(route: string): Promise<RenderedRoute>;
  notFound(): string;
  /** Icons named somewhere that no library has, reported once per build. */
  iconDiagnostics(): Diagnostic[];
}

export async function createSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const { site, base } = options;
  const root = site.root;
  const languages = await usedLanguages(site, options.files.pages.values());
  // Endpoint pages show a curl request and JSON examples.
  if ([...site.pages.values()].some((page) => page.source.type === 'endpoint' || typeof page.frontmatter['openapi'] === 'string')) {
    languages.add('shellscript');
    languages.add('json');
  }
  const highlight = await createCodeHighlighter({ langs: languages });
  const pages = createPageRenderer({ root, highlight });
  const icons = createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base });
  const katexSheet = `${options.assetsPrefix}katex/katex.min.css`;
  const shell = new Shell({
    site,
    base,
    stylesheet: options.stylesheet,
    script: options.script,
    assetsPrefix: options.assetsPrefix,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  });
  const documents = new Map<string, Promise<OpenApiDocument | undefined>>();
  const documentOf = (file: string): Promise<OpenApiDocument | undefined> => {
    let loaded = documents.get(file);
    if (!loaded) {
      loaded = loadOpenApi({ root, file }).then((result) => result.document);
      documents.set(file, loaded);
    }
    return loaded;
  };
  /** The navigation's spec files, worked out on the first `openapi:` frontmatter that names none. */
  let specs: string[] | undefined;
  /** Where each missing icon was first seen. */
  const missingIcons = new Map<string, { file: string; text: string | undefined }>();

  const finish = (page: Page | undefined, body: { html: string; headings: readonly Heading[] }, file: string | undefined, text: string | undefined, description?: string): Omit<RenderedRoute, 'diagnostics'> => {
    const strings = uiStrings(page?.placements[0]?.language);
    let bodyHtml = file ? rewriteContentUrls(body.html, file, base) : body.html;
    // Copy buttons speak the page's language (the renderer writes them in English).
    if (bodyHtml.includes(COPY_BUTTON)) {
      bodyHtml = bodyHtml.split(COPY_BUTTON).join(`<button type="button" class="copy-button" data-copy aria-label="${escapeHtml(strings.copy)}" data-copied-label="${escapeHtml(strings.copied)}"></button>`);
    }
    const math = bodyHtml.includes('class="katex');
    const mermaid = bodyHtml.includes('class="mermaid"');
    const view = {
      page,
      title: page?.title ?? '',
      bodyHtml,
      headings: body.headings,
      ...(description ?? page?.description ? { description: (description ?? page?.description)! } : {}),
      ...(math ? { extraStylesheets: [katexSheet] } : {}),
    };
    const filled = icons.fill(shell.render(view));
    for (const name of filled.missing) if (!missingIcons.has(name)) missingIcons.set(name, { file: file ?? 'docs.json', text });
    return { html: filled.html, math, mermaid };
  };

  return {
    async render(route) {
      const page = site.pages.get(route);
      if (!page) throw new Error(`no page at route "${route}"`);
      const diagnostics: Diagnostic[] = [];
      if (page.source.type === 'endpoint') {
        const { spec, operation } = page.source;
        const document = await documentOf(spec);
        if (!document) return { ...finish(page, { html: '', headings: [] }, undefined, undefined), diagnostics };
        const endpoint = renderEndpoint({ document, operation, highlight, file: spec, pageDescription: page.description ?? '' });
        diagnostics.push(...endpoint.diagnostics);
        return { ...finish(page, endpoint, undefined, undefined), diagnostics };
      }
      const { file, ext } = page.source;
      // bounds: invalid UTF-8 is reported at its line instead of replaced silently.
      const decoded = await readText(path.join(root, file));
      const text = decoded.text;
      diagnostics.push(...encodingDiagnostic(file, decoded, 'page'));
      const frontmatter = readFrontmatter({ file, text });
      // injection: a `url: javascript:…` that the sidebar leaves out is reported here, once per page.
      diagnostics.push(...frontmatterUrlDiagnostics(file, text, frontmatter.bodyLine, page.frontmatter));
      const body = pages.render({ file, text: text.slice(frontmatter.bodyStart), format: ext === '.md' ? 'md' : 'mdx', line: frontmatter.bodyLine });
      diagnostics.push(...body.diagnostics);
      let html = body.html;
      let headings: Heading[] = body.headings;
      // An MDX page with `openapi: "GET /x"` shows the endpoint above its own content (§4.3).
      const openapi = page.frontmatter['openapi'];
      if (typeof openapi === 'string') {
        const endpoint = await endpointOf(openapi);
        if (endpoint) {
          const rendered = renderEndpoint({ ...endpoint, highlight, pageDescription: '' });
          diagnostics.push(...rendered.diagnostics);
          html = rendered.html + html;
          headings = [...rendered.headings, ...headings];
        }
      }
      return { ...finish(page, { html, headings }, file, text), diagnostics };
    },
    notFound() {
      const errors = site.config.errors?.['404'];
      const strings = uiStrings(site.defaults.language);
      const home = base;
      const body = `<p class="not-found-text">${escapeHtml(errors?.description ?? strings.notFoundText)}</p><p><a class="not-found-home" href="${escapeHtml(home)}">${escapeHtml(strings.backHome)}</a></p>`;
      const html = shell.render({ page: undefined, title: errors?.title ?? strings.notFoundTitle, bodyHtml: body, headings: [], notFound: true });
      const redirect = errors?.redirect === true ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(home)}">` : '';
      return icons.fill(html.replace('</head>', `${redirect}</head>`)).html;
    },
    iconDiagnostics() {
      const result: Diagnostic[] = [];
      for (const [name, where] of missingIcons) {
        const suggestion = icons.missing.get(name);
        let position: { line: number; column: number } | undefined;
        const offset = where.text?.indexOf(name) ?? -1;
        if (where.text !== undefined && offset >= 0) position = new LineIndex(where.text).position(offset);
        result.push(
          diagnostic('icon-unknown', position ? { file: where.file, ...position } : undefined, where.file, {
            message: `no icon library has an icon called "${name}"; it is left blank`,
            fix: suggestion ? `Did you mean "${suggestion}"?` : `Use a name from ${site.config.icons?.library ?? 'fontawesome'} (the site's icons.library), or a URL or path to an image.`,
          }),
        );
      }
      return result;
    },
  };

  async function endpointOf(reference: string): Promise<{ document: OpenApiDocument; operation: OpenApiDocument['operations'][number] } | undefined> {
    const parsed = parseEndpointReference(reference);
    if (!parsed) return undefined;
    specs ??= specFiles(site);
    const candidates = parsed.spec ? [parsed.spec.replace(/^\/+/, '')] : specs;
    for (const file of candidates) {
      const document = await documentOf(file);
      const operation = document ? findOperation(document, parsed) : undefined;
      if (document && operation) return { document, operation };
    }
    return undefined;
  }
}

/** The spec files the navigation uses, for `openapi:` frontmatter that names no file. */
function specFiles(site: Site): string[] {
  const files = new Set<string>();
  for (const page of site.pages.values()) if (page.source.type === 'endpoint') files.add(page.source.spec);
  for (const element of site.elements.values()) for (const source of element.openapi ?? []) if (!source.remote) files.add(source.source);
  return [...files].sort();
}

/** Every fence language in the site's pages (snippets included), to load each grammar once. */
async function usedLanguages(site: Site, pageFiles: Iterable<PageFile>): Promise<Set<string>> {
  const languages = new Set<string>();
  const list = [...pageFiles].map((file) => file.file);
  const CONCURRENCY = 32;
  for (let i = 0; i < list.length; i += CONCURRENCY) {
    const texts = await Promise.all(list.slice(i, i + CONCURRENCY).map((file) => readFile(path.join(site.root, file), 'utf8').catch(() => '')));
    for (const text of texts) for (const language of fenceLanguages(text)) languages.add(language);
  }
  return languages;
}
