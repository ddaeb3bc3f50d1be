/**
 * A page body (MDX or Markdown, frontmatter already split off) → the HTML of its content, its
 * headings and its imports. Pure and synchronous: the same call serves `build` and `dev`.
 *
 * The page is parsed to mdast, turned into one hast tree and written to HTML once; MDX is never
 * compiled to JavaScript and run, which would cost several times the per-page budget (DESIGN.md).
 * Components are functions from props and hast children to hast (`components/`); `{expressions}`
 * and `export const` values go through a tiny evaluator.
 *
 * `renderMarkdown` reads the page alone: imports are listed, not resolved. `renderLinkedPage`, which
 * the snippet stage (`src/content/snippets`) calls, resolves them and calls components written as
 * functions; `parseBody` prepares a snippet's body, rendered into each page that uses it.
 *
 * Real pages break MDX's rules in ways their authors' tool forgives (`/work/shared/corpus`): they
 * render here too, with warnings. Only a page that cannot be rendered at all gets an error.
 */
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { sortDiagnostics, type Diagnostic } from '../../shared/diagnostics.ts';
import { copyButtonHtml, plainHighlighter, type Highlighter } from './code.ts';
import { noIcon } from './components/icon.ts';
import { defaultComponents, type ComponentRegistry } from './components/index.ts';
import { esmStatements, readEsm, readModule, reportOverBudget, type ImportBinding } from './esm.ts';
import { createContext, createScope } from './scope.ts';
import type { BodyUi, CopyLabels, IconDrawer, PageParts, Scope, Value } from './types.ts';
import { createHandlers } from './handlers.ts';
import type { Heading } from './headings.ts';
import { Page, type Body, type Linker } from './page.ts';
import { shiftPositions, splitIntoChunks } from './chunks.ts';
import { parsePage, parseSection, type Format } from './parse.ts';
import { Reporter, type Point } from './report.ts';
import { documentHtml } from './serialize.ts';
import { reportProblems } from './partial.ts';
import type { UrlResolver } from '../page-urls.ts';

export type { CodeMeta, Highlighter } from './code.ts';
export type { Component, ComponentContext, ComponentRegistry, Props, RenderedChild } from './components/index.ts';
export { defaultComponents } from './components/index.ts';
export { escapeHtml } from '../../shared/html-escape.ts';
export type { ImportBinding } from './esm.ts';
export type { Heading } from './headings.ts';
export type { Format } from './parse.ts';
export type { CopyLabels, IconDrawer, PageParts, ParamFieldEntry, UpdateEntry } from './types.ts';

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
  /**
   * Resolves every URL the page writes (links, images, HTML and JSX attributes, component props),
   * where each is made; snippets rendered into the page use it too. Default: URLs as written.
   */
  resolveUrl?: UrlResolver | undefined;
  /**
   * Draws each named icon inside its span, where the icon is rendered (the render layer's draws
   * from the site's library). Default: the span names its icon and stays empty.
   */
  icon?: IconDrawer | undefined;
  /** The copy button's words in the page's language; default English, without a "copied" label. */
  copyLabels?: CopyLabels | undefined;
  /** Markdown headings get ids; false for a `mode: custom` or `frame` page (`headingAnchors`). Default true. */
  headingAnchors?: boolean | undefined;
}

export interface RenderResult {
  html: string;
  /** Every heading in page order, including those components make (`<Update label>`). */
  headings: Heading[];
  /** `import` statements as written (`renderLinkedPage` resolves them; `renderMarkdown` only lists them). */
  imports: ImportBinding[];
  /** How the page was read: an `.mdx` page that could not be repaired is read as Markdown. */
  format: Format;
  /** The example column and the API fields, which the page shows around `html` (`<RequestExample>` is not in it). */
  parts: PageParts;
  diagnostics: Diagnostic[];
  /** The page shows math (it needs KaTeX's stylesheet) or mermaid diagrams (it needs mermaid's script). */
  math: boolean;
  mermaid: boolean;
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

/**
 * `renderLinkedPage`, waiting for `pause` between a big page's sections (`chunks.ts`), so that
 * other work can go first: dev renders pages ahead of the reader in idle time, and a 171 KB
 * changelog held a request for 1.5 s in one piece.
 */
export async function renderLinkedPageInSteps(options: RenderOptions & { link: LinkOptions }, pause: () => Promise<void>): Promise<RenderResult> {
  const reporter = new Reporter(options.file, options.line ?? 1);
  const sections = renderSections(options, options.link, reporter);
  try {
    for (let step = sections.next(); ; step = sections.next()) {
      if (step.done === true) return step.value;
      await pause();
    }
  } catch (error) {
    return failedRender(options, reporter, error);
  }
}

function render(options: RenderOptions, link: LinkOptions | undefined): RenderResult {
  const reporter = new Reporter(options.file, options.line ?? 1);
  const sections = renderSections(options, link, reporter);
  try {
    for (let step = sections.next(); ; step = sections.next()) if (step.done === true) return step.value;
  } catch (error) {
    return failedRender(options, reporter, error);
  }
}

/** A bug in docjet or a dependency, not in the page: say so, and keep the build going. */
function failedRender({ format }: RenderOptions, reporter: Reporter, error: unknown): RenderResult {
  const reason = error instanceof Error ? error.message : String(error);
  reporter.diagnostic('page-render-failed', { line: 1, column: 1 }, { operation: undefined, reason });
  return { html: '', headings: [], imports: [], format, parts: { examples: [], params: [], updates: [] }, diagnostics: reporter.diagnostics, math: false, mermaid: false };
}

/**
 * A big page is parsed and rendered one section at a time (`chunks.ts`); most pages are one. The
 * page comes out at the end; each section but the last is followed by a `yield`, where a caller
 * in no hurry lets other work run.
 */
function* renderSections(options: RenderOptions, link: LinkOptions | undefined, reporter: Reporter): Generator<void, RenderResult> {
  const { file, text, format } = options;
  const firstLine = options.line ?? 1;
  // The page's own `export const`s are computed before its first section renders: their JSX resolves URLs too.
  const context = createContext(undefined, options.resolveUrl);
  const scope = link ? createScope({ parent: link.globals, origin: { file, firstLine }, context }) : createScope({ context });
  const resolve = link ? { resolveImport: (binding: ImportBinding, at: Point | undefined) => link.resolveImport(binding, at, { file, reporter }) } : {};
  let page: Page | undefined;
  const imports: ImportBinding[] = [];
  let html = '';
  let readAs: Format = format;
  let offset = 0;
  const chunks = splitIntoChunks(text);
  for (const chunk of chunks) {
    const sectionReporter = new Reporter(file, firstLine + chunk.line);
    // A section's positions are shifted into the page's below: its tree is its own, not the cache's.
    const parsed = parseSection(chunk, { format, reporter: sectionReporter, cache: chunks.length === 1 });
    reporter.diagnostics.push(...sectionReporter.diagnostics);
    shiftPositions(parsed.tree, chunk.line, offset);
    offset += parsed.text.length;
    if (parsed.format === 'md') readAs = 'md';
    const found = parsed.format === 'mdx' ? readEsm(parsed.tree, scope, resolve) : { imports: [], problems: [], overBudget: [] };
    reportProblems(reporter, () => 'an `export` of this page', 'its value is computed without that', found.problems);
    reportOverBudget(reporter, found.overBudget);
    imports.push(...found.imports);
    if (page === undefined) {
      page = new Page({
        file,
        text: parsed.text,
        reporter,
        components: options.components ?? defaultComponents,
        highlight: options.highlight ?? plainHighlighter,
        scope,
        imports: found.imports,
        renderTree,
        linker: link?.linker,
        resolveUrl: options.resolveUrl,
        ui: bodyUi(options),
        headingAnchors: options.headingAnchors,
      });
      if (link) context.host = page.host(0, undefined);
    } else {
      page.nextSection(parsed.text);
      for (const binding of found.imports) page.importsByName.set(binding.name, binding);
    }
    // Blocks of one tree are written a line apart; sections are too, so a page reads the same however it was split.
    const sectionHtml = documentHtml(renderTree(page, parsed.tree));
    html += html === '' || sectionHtml === '' ? sectionHtml : `\n${sectionHtml}`;
    if (chunk !== chunks.at(-1)) yield;
  }
  const features = page?.features;
  return {
    html,
    headings: page?.headings() ?? [],
    imports,
    format: readAs,
    parts: page?.parts ?? { examples: [], params: [], updates: [] },
    diagnostics: sortDiagnostics(reporter.diagnostics),
    math: features?.has('math') ?? false,
    mermaid: features?.has('mermaid') ?? false,
  };
}

function bodyUi(options: RenderOptions): BodyUi {
  return { icon: options.icon ?? noIcon, copyButton: copyButtonHtml(options.copyLabels) };
}

/** mdast → one hast tree; a page's is written once (`documentHtml`), a snippet's becomes part of its page's. */
function renderTree(page: Page, tree: Root): HastRoot {
  const hast = toHast(tree, { handlers: createHandlers(page), allowDangerousHtml: true });
  return hast.type === 'root' ? hast : { type: 'root', children: [hast] };
}

/**
 * A snippet file's body, parsed once and linked (its imports resolved, its exports evaluated), to
 * be rendered wherever it is used (`Page.embed`). Parse problems and unresolved imports are on
 * `diagnostics`, positioned in the snippet file; `exports` maps exported names to their values.
 * `resolveUrl` is the snippet file's, for the JSX its exports compute now, once for every page.
 */
export function parseBody(options: { file: string; text: string; format: Format; line?: number; link: LinkOptions; resolveUrl?: UrlResolver | undefined }): {
  body: Body;
  exports: Map<string, Value>;
  unknown: Set<string>;
  diagnostics: Diagnostic[];
} {
  const { file, text, link } = options;
  const firstLine = options.line ?? 1;
  const reporter = new Reporter(file, firstLine);
  const parsed = parsePage({ text, format: options.format, reporter });
  const scope = createScope({ parent: link.globals, origin: { file, firstLine }, context: createContext(undefined, options.resolveUrl) });
  const shape =
    parsed.format === 'mdx'
      ? readModule(esmStatements(parsed.tree), scope, { resolveImport: (binding, at) => link.resolveImport(binding, at, { file, reporter }) })
      : { imports: [], exports: new Map<string, string>(), problems: [], overBudget: [] };
  reportProblems(reporter, () => 'an `export` of this snippet', 'its value is computed without that', shape.problems);
  reportOverBudget(reporter, shape.overBudget);
  const { values, unknown } = exportedValues(shape.exports, scope);
  const body: Body = { file, text: parsed.text, firstLine, format: parsed.format, tree: parsed.tree, scope, imports: shape.imports };
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
