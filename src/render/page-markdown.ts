/**
 * The Markdown version of any page of the site, for `build` (`route.md` beside each page) and `dev`
 * (`GET /route.md`, `Accept: text/markdown`): a page file through the MDX → Markdown converter,
 * with the endpoint its `openapi:` frontmatter names above its content and the fields of the model
 * its `openapi-schema:` names below (as its HTML shows them), and a generated endpoint page from
 * its spec, with its `x-mint.content`. Links are resolved as in the HTML (`contentUrlResolver`).
 */
import { overviewEntries, overviewMarkdown } from './endpoint/overview.ts';
import path from 'node:path';
import type { RootContent } from 'mdast';
import type { MarkdownConverter } from '../content/markdown/index.ts';
import { createMarkdownConverter, markdownPath, paragraph, plainText, text, toMarkdownText } from '../content/markdown/index.ts';
import { locateBody } from '../content/frontmatter.ts';
import { applyVariables } from '../content/variables.ts';
import { apiFrontmatter } from '../content/frontmatter-api.ts';
import { readText } from '../shared/read-text.ts';
import type { SourceTexts } from './source-texts.ts';
import { createDocumentLoader, findEndpoint, siteSpecFiles, type DocumentLoader } from '../openapi/documents.ts';
import { schemaMarkdown } from '../openapi/endpoint/markdown.ts';
import { findSchema, parseSchemaReference } from '../openapi/schemas.ts';
import { contentUrlResolver } from './links.ts';
import type { Page, Site } from '../site/types.ts';
import { endpointMarkdown } from './endpoint/markdown-page.ts';
import type { BodyCache } from './body-cache.ts';

export interface PageMarkdown {
  /** The page's Markdown text. */
  render(page: Page): Promise<string>;
  /** Forgets cached snippets (dev, when files change). */
  invalidate(file?: string): void;
}

/** One per site: snippets are linked and specs read once, then shared by every page. */
export function createPageMarkdown(options: { site: Site; base: string; documents?: DocumentLoader; sources?: SourceTexts | undefined }): PageMarkdown {
  const { site, base } = options;
  const converter = createMarkdownConverter({ root: site.root, urls: (file) => contentUrlResolver(file, base), variables: site.config.variables });
  const documents = options.documents ?? createDocumentLoader(site.root);
  return {
    async render(page) {
      const source = page.source;
      if (source.type === 'endpoint') {
        const document = await documents(source.spec);
        const content = mintContent(source, converter, base);
        const blocks = document
          ? endpointMarkdown({ document, operation: source.operation, api: site.config.api, pageDescription: page.descriptionMarkdown ?? page.description, content })
          : [];
        return toMarkdownText({ type: 'root', children: [...titleBlocks(page), ...blocks] });
      }
      if (source.type === 'overview') {
        const document = await documents(source.spec);
        return document ? overviewMarkdown(page.title, document, overviewEntries(site, source, document, base)) : `# ${page.title}\n`;
      }
      // The text its HTML was made from, when the build kept it (source-texts.ts).
      const full = (options.sources ? await options.sources.take(source.file) : await readText(path.join(site.root, source.file))).text;
      const { bodyStart, bodyLine } = locateBody(full);
      const body = converter.tree({
        file: source.file,
        // docs.json's `variables`, as the HTML puts them in (page-body.ts), which also says what is undefined.
        text: applyVariables(full.slice(bodyStart), site.config.variables).text,
        format: source.ext === '.md' ? 'md' : 'mdx',
        line: bodyLine,
        resolveUrl: contentUrlResolver(source.file, base),
      });
      const fromSpec = await frontmatterEndpoint(page, site, documents);
      const endpoint = fromSpec.length > 0 ? fromSpec : manualEndpoint(page, site);
      const model = await frontmatterSchema(page, site, documents);
      // A page that starts with its own `# Title` (a README) keeps that one.
      const first = body.children[0];
      const ownTitle = endpoint.length === 0 && first?.type === 'heading' && first.depth === 1 && plainText(first.children).trim() === page.title;
      const head = titleBlocks(page);
      const children = ownTitle ? [first, ...head.slice(1), ...body.children.slice(1), ...model] : [...head, ...endpoint, ...body.children, ...model];
      return toMarkdownText({ type: 'root', children });
    },
    invalidate: (file) => converter.invalidate(file),
  };
}

/** `# Title`, then the description. */
function titleBlocks(page: Page): RootContent[] {
  const blocks: RootContent[] = [{ type: 'heading', depth: 1, children: [text(page.title)] }];
  if (page.description) blocks.push(paragraph([text(page.description)]));
  return blocks;
}

/** The endpoint an `openapi:` frontmatter names, as Markdown; nothing when it names none (its HTML render warns). */
async function frontmatterEndpoint(page: Page, site: Site, documents: DocumentLoader): Promise<RootContent[]> {
  const reference = page.frontmatter['openapi'];
  if (typeof reference !== 'string') return [];
  const { endpoint } = await findEndpoint(reference, documents, () => siteSpecFiles(site));
  return endpoint ? endpointMarkdown({ ...endpoint, api: site.config.api }) : [];
}

/** The fields of the model an `openapi-schema:` frontmatter names, as Markdown; nothing when no spec has it (its HTML render warns). */
async function frontmatterSchema(page: Page, site: Site, documents: DocumentLoader): Promise<RootContent[]> {
  const value = page.frontmatter['openapi-schema'];
  const reference = typeof value === 'string' ? parseSchemaReference(value) : undefined;
  if (!reference) return [];
  const { found } = await findSchema(reference, documents, () => siteSpecFiles(site));
  return found ? schemaMarkdown(found) : [];
}

/** An operation's `x-mint.content`, its imports and links resolved against its spec file as the HTML does (render/openapi-body.ts). */
function mintContent({ spec, operation }: Extract<Page['source'], { type: 'endpoint' }>, converter: MarkdownConverter, base: string): RootContent[] {
  if (operation.content === undefined) return [];
  return converter.tree({ file: spec, text: operation.content, format: 'mdx', resolveUrl: contentUrlResolver(spec, base) }).children;
}

/**
 * An `api:` page's method and URL, as its method bar shows them: a path after the site's first
 * `api.mdx.server`. Its parameters are the page's own `<ParamField>`s, in the body below.
 */
function manualEndpoint(page: Page, site: Site): RootContent[] {
  const endpoint = apiFrontmatter(page.frontmatter.api);
  if (!endpoint) return [];
  const written = site.config.api?.mdx?.server;
  const server = endpoint.url.startsWith('/') ? ((Array.isArray(written) ? written[0] : written)?.trim().replace(/\/+$/, '') ?? '') : '';
  return [paragraph([{ type: 'inlineCode', value: `${endpoint.method} ${server}${endpoint.url}` }])];
}

/**
 * `pages`, through the cache of page bodies when there is one (`cache()`, asked at each page: the
 * build's renderer, which holds it, is made after its Markdown pages): a page whose body came from
 * the cache takes its Markdown from there too.
 */
export function cachedMarkdown(pages: PageMarkdown, cache: () => BodyCache | undefined): PageMarkdown {
  return {
    render(page) {
      const current = cache();
      return current ? current.markdown(page, () => pages.render(page)) : pages.render(page);
    },
    invalidate: (file) => pages.invalidate(file),
  };
}

/**
 * The build's Markdown pages: each written as `route.md` (where `llms-full.txt` reads it). A page's
 * Markdown is made right after its HTML (`afterHtml`), while its parsed tree is still in the parse
 * cache: parsing is most of a page's cost, and a second pass over the site would parse every page
 * again. A worker thread does the same for the pages it renders and says so (`record`); `finish`
 * makes any page's that is still missing. No page's text is kept: 10,000 pages' Markdown was.
 */
export class MarkdownPages {
  /** The routes whose Markdown is written. */
  private readonly written = new Set<string>();
  private readonly routeOfFile: Map<string, string>;

  constructor(
    private readonly site: Site,
    private readonly pages: PageMarkdown,
    private readonly write: (relative: string, data: string) => Promise<void>,
    htmlPath: (route: string) => string,
  ) {
    this.routeOfFile = new Map([...site.pages.keys()].map((route) => [htmlPath(route), route]));
  }

  /** `write` for the page renderer: a page's HTML file, then its Markdown, both through `write`. */
  afterHtml(write: (relative: string, data: string) => Promise<void>): (relative: string, data: string) => Promise<void> {
    return async (relative, data) => {
      await write(relative, data);
      const route = this.routeOfFile.get(relative);
      if (route !== undefined) await this.writePage(route, write);
    };
  }

  /** A page's Markdown that a worker thread wrote. */
  record(route: string): void {
    this.written.add(route);
  }

  /** The pages not written yet. */
  async finish(): Promise<void> {
    for (const route of this.site.pages.keys()) if (!this.written.has(route)) await this.writePage(route);
  }

  private async writePage(route: string, write = this.write): Promise<void> {
    if (this.written.has(route)) return;
    this.written.add(route);
    const text = await this.pages.render(this.site.pages.get(route)!);
    await write(markdownPath(route), text);
  }
}
