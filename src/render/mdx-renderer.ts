/**
 * Pages with their snippets: `import X from '/snippets/x.mdx'` (from the root or relative, `.mdx`,
 * `.md` or `.jsx`), named imports of `export const` values and components, the legacy
 * `<Snippet file="x.mdx" />`, and components written as functions on the page itself
 * (format-behaviour.md §3.1). One renderer serves a whole build: each snippet file is read, parsed
 * and linked once, then rendered into every page that uses it, with the props it is given.
 */
import { sortDiagnostics } from '../shared/diagnostics.ts';
import type { Highlighter } from '../content/mdx/code.ts';
import { defaultComponents, type ComponentRegistry } from '../content/mdx/components/index.ts';
import { renderLinkedPage, renderLinkedPageInSteps, type LinkOptions, type RenderOptions, type RenderResult } from '../content/mdx/index.ts';
import type { UrlResolver } from '../content/page-urls.ts';
import { SnippetLinker } from '../content/snippets/link.ts';
import { Collector, uniqueDiagnostics } from '../content/snippets/load.ts';
import { SiteFiles } from '../content/snippets/resolve.ts';
import { withoutVariableEchoes, type Variables } from '../content/variables.ts';

export interface PageRendererOptions {
  /** The site folder, absolute. */
  root: string;
  /** Code block → HTML; default `plainHighlighter`. */
  highlight?: Highlighter;
  /** Component functions by JSX name; default `defaultComponents`. */
  components?: ComponentRegistry;
  /**
   * The URL resolver of a site-relative file: a page's resolves every URL the page writes, its
   * snippets' content included; a snippet's, the JSX its exports compute once, when it is loaded.
   * Default: URLs as written.
   */
  urls?: (file: string) => UrlResolver;
  /** docs.json's `variables`, put into each snippet's body (the page's own is given with it: page-body.ts). */
  variables?: Variables | undefined;
}

export interface PageRenderResult extends RenderResult {
  /** Site-relative files the page pulled in (snippets, transitively), sorted: a change to one means rendering the page again. */
  dependencies: string[];
}

/** What a page gives to be rendered; `highlight`, the page's own (the build's colour thread), instead of the renderer's. */
export type PageRenderOptions = Pick<RenderOptions, 'file' | 'text' | 'format' | 'line' | 'icon' | 'copyLabels' | 'highlight' | 'headingAnchors'>;

export interface PageRenderer {
  /**
   * Like `renderMarkdown`, with imports and `<Snippet file>` resolved. `file` is site-relative;
   * `icon` and `copyLabels` are the page's (its snippets show them too).
   */
  render(options: PageRenderOptions): PageRenderResult;
  /** `render`, waiting for `pause` between a big page's sections (`renderLinkedPageInSteps`): dev's rendering ahead of the reader. */
  renderInSteps(options: PageRenderOptions, pause: () => Promise<void>): Promise<PageRenderResult>;
  /** Forgets cached snippets: `file` (site-relative) and those that import it, or all of them. For `dev`, when files change. */
  invalidate(file?: string): void;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const components = options.components ?? defaultComponents;
  const linker = new SnippetLinker(options.root, new SiteFiles(options.root), components, options.urls, options.variables);
  const linked = (page: PageRenderOptions, collector: Collector): RenderOptions & { link: LinkOptions } => ({
    ...page,
    components,
    ...((page.highlight ?? options.highlight) ? { highlight: page.highlight ?? options.highlight } : {}),
    resolveUrl: options.urls?.(page.file),
    link: linker.options(collector),
  });
  return {
    render(page) {
      const collector = new Collector();
      return withSnippets(renderLinkedPage(linked(page, collector)), collector);
    },
    async renderInSteps(page, pause) {
      const collector = new Collector();
      return withSnippets(await renderLinkedPageInSteps(linked(page, collector), pause), collector);
    },
    invalidate(file) {
      linker.forget(file);
    },
  };
}

/** The page's result with what its snippets reported and the files they came from. */
function withSnippets(result: RenderResult, collector: Collector): PageRenderResult {
  // A snippet used twice, or by two snippets of the page, reports its problems once.
  // An undefined `{{name}}` of a snippet, left as written, is said once, as `variable-undefined` (content/variables.ts).
  const diagnostics = sortDiagnostics(withoutVariableEchoes(uniqueDiagnostics([...result.diagnostics, ...collector.diagnostics]), collector.echoes));
  return { ...result, diagnostics, dependencies: [...collector.dependencies].sort() };
}
