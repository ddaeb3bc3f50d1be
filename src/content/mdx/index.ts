/**
 * A page body (MDX or Markdown, frontmatter already split off) → the HTML of its content, its
 * headings and its imports. Pure and synchronous: the same call serves `build` and `dev`.
 *
 * The page is parsed to mdast and rendered straight to HTML; MDX is never compiled to JavaScript
 * and run, which would cost several times the per-page budget (DESIGN.md). Components are string
 * functions (`components/`); `{expressions}` and `export const` values go through a tiny evaluator.
 *
 * `renderMarkdown` reads the page alone: imports are listed, not resolved. `renderLinkedPage`, which
 * the snippet stage (`src/content/snippets`) calls, resolves them and calls components written as
 * functions; `parseBody` prepares a snippet's body, rendered into each page that uses it.
 *
 * Real pages break MDX's rules in ways their authors' tool forgives (`/work/shared/corpus`): they
 * render here too, with warnings. Only a page that cannot be rendered at all gets an error.
 */
import type { Nodes, Root, Text } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { sortDiagnostics, type Diagnostic } from '../../diagnostics.ts';
import { plainHighlighter, type Highlighter } from './code.ts';
import { defaultComponents, type ComponentRegistry } from './components/index.ts';
import { esmStatements, readEsm, readModule, type ImportBinding } from './esm.ts';
import { createScope, type Scope, type Value } from './evaluate.ts';
import { createHandlers } from './handlers.ts';
import type { Heading } from './headings.ts';
import { Page, type Body, type Linker } from './page.ts';
import { shiftPositions, splitIntoChunks } from './chunks.ts';
import { parsePage, type Format } from './parse.ts';
import { hasSentinels, restoreText } from './repair.ts';
import { Reporter, type Point } from './report.ts';
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
  /** `import` statements as written (`renderLinkedPage` resolves them; `renderMarkdown` only lists them). */
  imports: ImportBinding[];
  /** How the page was read: an `.mdx` page that could not be repaired is read as Markdown. */
  format: Format;
  diagnostics: Diagnostic[];
}

export function renderMarkdown(options: RenderOptions): RenderResult {
  return render(options, undefined);
}

/**
 * What the snippet stage (`src/content/snippets`) lends the renderer: import values, `<Snippet
 * file>` lookups, and the built-in names that functions see. With it, imports are resolved and
 * components written as functions (on the page or in snippets) are called.
 */
export interface LinkOptions {
  /** Names only functions see (`useState`, `Math`): the outermost scope of every page and snippet. */
  globals: Scope;
  /** An import's value; when it has none, the resolver reports why on `from.reporter`. */
  resolveImport(binding: ImportBinding, at: Point | undefined, from: { file: string; reporter: Reporter }): Value | undefined;
  linker: Linker;
}

/** `renderMarkdown` with imports resolved and components written as functions called. */
export function renderLinkedPage(options: RenderOptions & { link: LinkOptions }): RenderResult {
  return render(options, options.link);
}

function render(options: RenderOptions, link: LinkOptions | undefined): RenderResult {
  const { file, text, format } = options;
  const firstLine = options.line ?? 1;
  const reporter = new Reporter(file, firstLine);
  try {
    const scope = link ? createScope({ parent: link.globals, origin: { file, firstLine } }) : createScope();
    const resolve = link ? { resolveImport: (binding: ImportBinding, at: Point | undefined) => link.resolveImport(binding, at, { file, reporter }) } : {};
    let page: Page | undefined;
    const imports: ImportBinding[] = [];
    let html = '';
    let readAs: Format = format;
    let offset = 0;
    // A big page is parsed and rendered one section at a time (`chunks.ts`); most pages are one.
    for (const chunk of splitIntoChunks(text)) {
      const sectionReporter = new Reporter(file, firstLine + chunk.line);
      const parsed = parsePage({ text: chunk.text, format, reporter: sectionReporter });
      reporter.diagnostics.push(...sectionReporter.diagnostics);
      shiftPositions(parsed.tree, chunk.line, offset);
      offset += parsed.text.length;
      if (parsed.format === 'md') readAs = 'md';
      if (parsed.repaired) restoreTree(parsed.tree);
      const found = parsed.format === 'mdx' ? readEsm(parsed.tree, scope, resolve) : [];
      imports.push(...found);
      if (page === undefined) {
        page = new Page({
          file,
          text: parsed.text,
          reporter,
          components: options.components ?? defaultComponents,
          highlight: options.highlight ?? plainHighlighter,
          scope,
          imports: found,
          renderTree,
          linker: link?.linker,
        });
        if (link) scope.context.host = page.host(0, undefined);
      } else {
        page.appendText(parsed.text);
        for (const binding of found) page.importsByName.set(binding.name, binding);
      }
      html += renderTree(page, parsed.tree);
    }
    return { html, headings: page?.headings() ?? [], imports, format: readAs, diagnostics: sortDiagnostics(reporter.diagnostics) };
  } catch (error) {
    // A bug in docjet or a dependency, not in the page: say so, and keep the build going.
    const reason = error instanceof Error ? error.message : String(error);
    reporter.report('page-render-failed', { line: 1, column: 1 }, `the page could not be rendered (${reason})`, 'This is a bug in docjet: please report it with the page attached.');
    return { html: '', headings: [], imports: [], format, diagnostics: reporter.diagnostics };
  }
}

function renderTree(page: Page, tree: Root): string {
  const hast = toHast(tree, { handlers: createHandlers(page), allowDangerousHtml: true });
  return hast.type === 'root' ? documentHtml(hast) : documentHtml({ type: 'root', children: [hast] });
}

/**
 * A snippet file's body, parsed once and linked (its imports resolved, its exports evaluated), to
 * be rendered wherever it is used (`Page.embed`). Parse problems and unresolved imports are on
 * `diagnostics`, positioned in the snippet file; `exports` maps exported names to their values.
 */
export function parseBody(options: { file: string; text: string; format: Format; line?: number; link: LinkOptions }): { body: Body; exports: Map<string, Value>; unknown: Set<string>; diagnostics: Diagnostic[] } {
  const { file, text, link } = options;
  const firstLine = options.line ?? 1;
  const reporter = new Reporter(file, firstLine);
  const parsed = parsePage({ text, format: options.format, reporter });
  if (parsed.repaired) restoreTree(parsed.tree);
  const scope = createScope({ parent: link.globals, origin: { file, firstLine } });
  const shape = parsed.format === 'mdx' ? readModule(esmStatements(parsed.tree), scope, { resolveImport: (binding, at) => link.resolveImport(binding, at, { file, reporter }) }) : { imports: [], exports: new Map<string, string>() };
  const { values, unknown } = exportedValues(shape.exports, scope);
  const body: Body = { file, text: parsed.text, firstLine, format: parsed.format, tree: parsed.tree, scope, imports: shape.imports, headingTexts: headingTexts(parsed.tree) };
  return { body, exports: values, unknown, diagnostics: reporter.diagnostics };
}

/** A module's exports by name: their values, and the names whose value is not known (`new Client()`). */
export function exportedValues(exports: ReadonlyMap<string, string>, scope: Scope): { values: Map<string, Value>; unknown: Set<string> } {
  const values = new Map<string, Value>();
  const unknown = new Set<string>();
  for (const [exported, local] of exports) {
    if (scope.values.has(local)) values.set(exported, scope.values.get(local));
    else unknown.add(exported);
  }
  return { values, unknown };
}

/** The last text of each heading, which rendering edits (it takes `{#id}` out) and `Page.embed` puts back. */
function headingTexts(tree: Root): [Text, string][] {
  const out: [Text, string][] = [];
  const visit = (node: Nodes | Root): void => {
    if (node.type === 'heading') {
      const last = node.children.at(-1);
      if (last?.type === 'text') out.push([last, last.value]);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return out;
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
