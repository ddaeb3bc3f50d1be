/**
 * A page body (MDX or Markdown, frontmatter already split off) → the HTML of its content, its
 * headings and its imports. Pure and synchronous: the same call serves `build` and `dev`.
 *
 * The page is parsed to mdast and rendered straight to HTML; MDX is never compiled to JavaScript
 * and run, which would cost several times the per-page budget (DESIGN.md). Components are string
 * functions (`components/`); `{expressions}` and `export const` values go through a tiny evaluator.
 *
 * Real pages break MDX's rules in ways their authors' tool forgives (`/work/shared/corpus`): they
 * render here too, with warnings. Only a page that cannot be rendered at all gets an error.
 */
import type { Nodes, Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { sortDiagnostics, type Diagnostic } from '../../diagnostics.ts';
import { plainHighlighter, type Highlighter } from './code.ts';
import { defaultComponents, type ComponentRegistry } from './components/index.ts';
import { readEsm, type ImportBinding } from './esm.ts';
import { createScope } from './evaluate.ts';
import { createHandlers } from './handlers.ts';
import type { Heading } from './headings.ts';
import { Page } from './page.ts';
import { parsePage, type Format } from './parse.ts';
import { hasSentinels, restoreText } from './repair.ts';
import { Reporter } from './report.ts';
import { documentHtml } from './serialize.ts';

export type { CodeMeta, Highlighter } from './code.ts';
export type { Component, ComponentContext, ComponentRegistry, Props, RenderedChild } from './components/index.ts';
export { defaultComponents } from './components/index.ts';
export { escapeHtml } from './escape.ts';
export type { ImportBinding } from './esm.ts';
export type { Heading } from './headings.ts';
export type { Format } from './parse.ts';

export interface RenderOptions {
  /** The page's path relative to the site root, for diagnostics. */
  file: string;
  /** The page body: the file's text after its frontmatter. */
  text: string;
  format: Format;
  /** 1-based line of the file where `text` starts (`readFrontmatter().bodyLine`); default 1. */
  line?: number;
  /** Component functions by JSX name; default `defaultComponents`. Spread it to add or replace some. */
  components?: ComponentRegistry;
  /** Code block → HTML; default `plainHighlighter` (escaped code, meta as data attributes). */
  highlight?: Highlighter;
}

export interface RenderResult {
  html: string;
  /** Every heading in page order, including those components make (`<Update label>`). */
  headings: Heading[];
  /** `import` statements, for the snippet stage; nothing is resolved here. */
  imports: ImportBinding[];
  /** How the page was read: an `.mdx` page that could not be repaired is read as Markdown. */
  format: Format;
  diagnostics: Diagnostic[];
}

export function renderMarkdown(options: RenderOptions): RenderResult {
  const { file, text, format } = options;
  const reporter = new Reporter(file, options.line ?? 1);
  try {
    const parsed = parsePage({ text, format, reporter });
    if (parsed.repaired) restoreTree(parsed.tree);
    const scope = createScope();
    const imports = parsed.format === 'mdx' ? readEsm(parsed.tree, scope) : [];
    const page = new Page(file, parsed.text, reporter, options.components ?? defaultComponents, options.highlight ?? plainHighlighter, scope, imports);
    const hast = toHast(parsed.tree, { handlers: createHandlers(page), allowDangerousHtml: true });
    const html = hast.type === 'root' ? documentHtml(hast) : documentHtml({ type: 'root', children: [hast] });
    return { html, headings: page.headings(), imports, format: parsed.format, diagnostics: sortDiagnostics(reporter.diagnostics) };
  } catch (error) {
    // A bug in docjet or a dependency, not in the page: say so, and keep the build going.
    const reason = error instanceof Error ? error.message : String(error);
    reporter.report('page-render-failed', { line: 1, column: 1 }, `the page could not be rendered (${reason})`, 'This is a bug in docjet: please report it with the page attached.');
    return { html: '', headings: [], imports: [], format, diagnostics: reporter.diagnostics };
  }
}

/** Puts back the characters `repair.ts` swapped for stand-ins, wherever they ended up. */
function restoreTree(node: Nodes | Root): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of ['value', 'meta', 'lang', 'url', 'title', 'alt']) {
    const value = record[key];
    if (typeof value === 'string' && hasSentinels(value)) record[key] = restoreText(value);
  }
  if ('attributes' in node && Array.isArray(node.attributes)) {
    for (const attribute of node.attributes) {
      if (typeof attribute.value === 'string' && hasSentinels(attribute.value)) attribute.value = restoreText(attribute.value);
    }
  }
  if ('children' in node) for (const child of node.children) restoreTree(child);
}
