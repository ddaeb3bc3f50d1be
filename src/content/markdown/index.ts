/**
 * The Markdown version of a page (`/route.md`): for readers who want the text and for AI tools
 * (llms.txt). The page is read from the same parsed MDX tree as its HTML (`parsePage` caches it by
 * content, so right after the HTML render it is not parsed again), its imports resolved and its
 * expressions evaluated the same way, and reduced to plain Markdown (`reduce.ts`, `components.ts`)
 * written out as text (`write.ts`). Diagnostics are the HTML render's to report: none here.
 */
import type { Nodes, Root, RootContent } from 'mdast';
import { splitIntoChunks } from '../mdx/chunks.ts';
import { plainHighlighter } from '../mdx/code.ts';
import { defaultComponents } from '../mdx/components/index.ts';
import { readEsm } from '../mdx/esm.ts';
import { Page } from '../mdx/page.ts';
import { parseSection, type Format } from '../mdx/parse.ts';
import { Reporter } from '../mdx/report.ts';
import { createScope } from '../mdx/scope.ts';
import { Collector } from '../snippets/load.ts';
import { SnippetLinker } from '../snippets/link.ts';
import { SiteFiles } from '../snippets/resolve.ts';
import type { UrlResolver } from '../page-urls.ts';
import type { Variables } from '../variables.ts';
import { Reduction, type Source } from './reduce.ts';
import { paragraph, text, tidy } from './tidy.ts';
import { writeMarkdown } from './write.ts';

export { fieldHead, type FieldSummary } from './components.ts';
export { markdownPath } from './path.ts';
export { listItem, paragraph, plainText, text } from './tidy.ts';

export interface MarkdownPageOptions {
  /** The page's path relative to the site root. */
  file: string;
  /** The page body: the file's text after its frontmatter. */
  text: string;
  format: Format;
  /** 1-based line of the file where `text` starts. */
  line?: number;
  /** Written first, as `# Title`. */
  title?: string;
  /** Written under the title, as a paragraph. */
  description?: string;
  /** The page's URLs as the site writes them (`contentUrlResolver`); default as written. */
  resolveUrl?: UrlResolver | undefined;
}

export interface MarkdownConverter {
  /** The page as Markdown text. */
  page(options: MarkdownPageOptions): string;
  /** The page as a Markdown tree, to write with more around it (`toMarkdownText`). */
  tree(options: MarkdownPageOptions): Root;
  /** Forgets cached snippets: `file` (site-relative) and those that import it, or all of them (dev). */
  invalidate(file?: string): void;
}

/**
 * One converter serves a whole build: each snippet is read and linked once. `urls` resolves the
 * URLs of a snippet's values computed when it is loaded, for its file (as the HTML renderer does).
 */
export function createMarkdownConverter(options: { root: string; urls?: (file: string) => UrlResolver; variables?: Variables | undefined }): MarkdownConverter {
  const linker = new SnippetLinker(options.root, new SiteFiles(options.root), defaultComponents, options.urls, options.variables);
  return {
    page: (page) => toMarkdownText(pageTree(page, linker)),
    tree: (page) => pageTree(page, linker),
    invalidate: (file) => linker.forget(file),
  };
}

/** The page's Markdown tree: title, description, then the body reduced. */
function pageTree(options: MarkdownPageOptions, linker: SnippetLinker): Root {
  const { file, format } = options;
  const line = options.line ?? 1;
  const reporter = new Reporter(file, line);
  const link = linker.options(new Collector());
  const scope = createScope({ parent: link.globals, origin: { file, firstLine: line } });
  let host: Page | undefined;
  const reduction = new Reduction({
    resolveUrl: options.resolveUrl,
    snippet: (snippetFile, from) => {
      // The linker names the page a snippet is missing from; a stand-in page, since nothing is reported here.
      host ??= new Page({
        file: from.file,
        text: from.text,
        reporter,
        components: defaultComponents,
        highlight: plainHighlighter,
        scope,
        imports: [],
        renderTree: () => ({ type: 'root', children: [] }),
      });
      return link.linker.snippet(snippetFile, host, undefined);
    },
  });
  scope.context.host = reduction.host;
  scope.context.resolveUrl = options.resolveUrl;
  const body: Nodes[] = [];
  // Sections as the HTML renderer reads them (`chunks.ts`): a big page's parse is not cached there either.
  const chunks = splitIntoChunks(options.text);
  for (const chunk of chunks) {
    const parsed = parseSection(chunk, { format, reporter, cache: chunks.length === 1 });
    if (parsed.format === 'mdx') readEsm(parsed.tree, scope, { resolveImport: (binding, at) => link.resolveImport(binding, at, { file, reporter }) });
    const source: Source = { file, text: parsed.text, scope };
    body.push(...reduction.tree(source, parsed.tree));
  }
  const head: RootContent[] = [];
  if (options.title) head.push({ type: 'heading', depth: 1, children: [text(options.title)] });
  if (options.description) head.push(paragraph([text(options.description)]));
  return tidy({ type: 'root', children: [...head, ...(body as RootContent[])] });
}

/** Markdown text, as GitHub reads it (tables, strikethrough, task lists) with `$` math. */
export function toMarkdownText(tree: Root): string {
  return writeMarkdown(tree);
}
