/**
 * Every page of the site rendered and written into the staging folder, a few pages at a time in
 * this thread and, for a large site, on a worker thread per other core too (`pool.ts`), all from
 * one queue. Either way, once one page fails no more are started, and the failure is raised only after
 * the pages being written have finished, so nothing writes while the staging folder is removed.
 */
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import type { CodeHighlighter } from '../render/highlight.ts';
import type { SourceTexts } from '../render/source-texts.ts';
import { createRenderer, rendererLanguages, samplesOutputPath, type Renderer, type RendererOptions } from '../render/page.ts';
import { ColourThread, wantsColourThread } from './colour-thread.ts';
import type { Page, Site } from '../site/types.ts';
import { feedOutputPath } from '../render/feed.ts';
import { pageOutputPath } from './paths.ts';
import { renderInWorkers, RouteQueue, workerCount, type RouteResult } from './pool.ts';
import { renderWithLinks, watchPageUrls } from './page-links.ts';

/** Pages rendered at once in this thread: reading files overlaps rendering. */
const PAGE_CONCURRENCY = 16;
/**
 * Pages rendered at once when a colour thread colours their code: each waits for its blocks with
 * its HTML in hand, and what waits survives the young generation's collections. With 16, GitHub's
 * API reference promoted 448 MB to the old generation (copied by the GC's threads on the way), with
 * 4, 329 MB; the colour thread, quicker than the renderer, keeps up with 4.
 */
const COLOURED_PAGE_CONCURRENCY = 4;

export interface RenderPagesOptions {
  renderer: RendererOptions;
  /** The staging folder, for workers, which write their pages themselves. */
  dir: string;
  /** Writes one file of the output (relative to the staging folder) and counts its bytes. */
  write: (relative: string, data: string) => Promise<void>;
  /** Called for every page written. */
  onPage: (result: Omit<RouteResult, 'route' | 'bytes'>) => void;
  /** Called with the bytes of a page a worker wrote. */
  onBytes: (bytes: number) => void;
  /** Called for each file a worker wrote, with its hash and size (the output's record takes them). */
  onWritten?: (relative: string, hash: string, size: number) => void;
  /** Called with the route of a page whose Markdown a worker wrote beside its HTML (here, `write` is handed both). */
  onMarkdown: (route: string) => void;
  /** Called with the renderer of this thread before it renders a page (the Markdown pages use its cache). */
  onRenderer?: (renderer: Renderer) => void;
  /** This thread's page files, read once for each page's body and Markdown twin. */
  sources?: SourceTexts;
  /** The routes to render (default: every page of the site; the others' files were taken from the previous output). */
  routes?: readonly string[];
  /** The ids of the pages this thread renders are read by whatever `write` hands their HTML to (the writer thread): their links have none. */
  idsElsewhere?: boolean;
}

/**
 * Renders and writes every route. Returns the renderer made in this thread (the 404 page needs
 * one), and the diagnostics found once per renderer (unknown icons), each once.
 */
export async function renderPages(options: RenderPagesOptions): Promise<{ renderer: Renderer; diagnostics: Diagnostic[] }> {
  const { site } = options.renderer;
  const routes = options.routes ? [...options.routes] : [...site.pages.keys()];
  const queue = new RouteQueue(routes);
  const workers = workerCount(routes.length);
  if (workers === 0) {
    let colours: ColourThread | undefined;
    const colourThread = (highlight: CodeHighlighter): ColourThread => (colours = new ColourThread({ languages: rendererLanguages(options.renderer) }, highlight));
    const renderer = await createRenderer(options.renderer, wantsColourThread(routes.length) ? colourThread : undefined, watchPageUrls, options.sources);
    options.onRenderer?.(renderer);
    try {
      await renderHere(renderer, site, queue, options, colours === undefined ? PAGE_CONCURRENCY : COLOURED_PAGE_CONCURRENCY);
    } finally {
      await colours?.close();
    }
    if (queue.failure) throw queue.failure;
    return { renderer, diagnostics: renderer.iconDiagnostics() };
  }
  // The workers start (loading docjet, setting up their renderers) while this thread renders from
  // the same queue: it colours its own code, as they do, the cores being taken.
  const working = renderInWorkers({
    init: { renderer: options.renderer, dir: options.dir },
    queue,
    count: workers,
    onResult: (result) => {
      options.onBytes(result.bytes);
      for (const [relative, hash, size] of result.written ?? []) options.onWritten?.(relative, hash, size);
      options.onMarkdown(result.route);
      options.onPage(result);
    },
  });
  const renderer = await createRenderer(options.renderer, undefined, watchPageUrls, options.sources);
  options.onRenderer?.(renderer);
  const [here, there] = await Promise.allSettled([renderHere(renderer, site, queue, options, PAGE_CONCURRENCY), working]);
  if (queue.failure) throw queue.failure;
  if (there.status === 'rejected') throw there.reason;
  if (here.status === 'rejected') throw here.reason;
  return { renderer, diagnostics: uniqueDiagnostics([...there.value, ...renderer.iconDiagnostics()]) };
}

/** The page at a route of the site model. */
export function pageAt(site: Site, route: string): Page {
  const page = site.pages.get(route);
  if (!page) throw new Error(`no page at route "${route}"`);
  return page;
}

/** Renders the queue's pages in this thread, `concurrency` at a time, until it is empty or a page failed (`queue.failure`). */
async function renderHere(renderer: Renderer, site: Site, queue: RouteQueue, options: RenderPagesOptions, concurrency: number): Promise<void> {
  const loop = async (): Promise<void> => {
    for (let [route] = queue.take(1); route !== undefined; [route] = queue.take(1)) {
      try {
        const { rendered, links } = await renderWithLinks(renderer, pageAt(site, route), options.renderer.base, undefined, !options.idsElsewhere);
        await options.write(pageOutputPath(route), rendered.html);
        if (rendered.feed !== undefined) await options.write(feedOutputPath(route), rendered.feed);
        if (rendered.samples !== undefined) await options.write(samplesOutputPath(rendered.samples.name), rendered.samples.html);
        // Copied, as a worker's results are on their way back: a page's ids and URLs are cut out of
        // its HTML and text, and V8 keeps a cut-out string's whole parent alive. The build keeps
        // every page's links until the last page is rendered: without the copy, every page's HTML
        // too (3.3 GB at 10,000 synthetic pages).
        const { diagnostics, math, mermaid, fragments, cached, cacheKey, inputs, unknownIcons } = rendered;
        const samples = rendered.samples === undefined ? undefined : samplesOutputPath(rendered.samples.name);
        options.onPage(
          structuredClone({
            diagnostics,
            math,
            mermaid,
            fragments,
            links,
            ...(cached ? { cached } : {}),
            ...(cacheKey ? { cacheKey } : {}),
            ...(inputs ? { inputs } : {}),
            ...(unknownIcons ? { unknownIcons } : {}),
            ...(samples ? { samples } : {}),
          }),
        );
      } catch (error) {
        queue.fail(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
}

/**
 * The same diagnostic found by several workers, once: at the first place any of them found it
 * (missing-icons.ts), whichever worker rendered that page.
 */
function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const first = new Map<string, Diagnostic>();
  for (const diagnostic of sortDiagnostics(diagnostics)) {
    const key = `${diagnostic.code} ${diagnostic.message}`;
    if (!first.has(key)) first.set(key, diagnostic);
  }
  return [...first.values()];
}
