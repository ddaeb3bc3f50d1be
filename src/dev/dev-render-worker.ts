/**
 * A render thread of `docjet dev` (render-threads.ts starts it): it holds a renderer of the site
 * model it was last handed (pure data, cloned) and renders the pages it is asked for, so that a
 * page whose render never ends (a catastrophic regex in an expression, a super-linear Markdown
 * construct) blocks this thread, which the server terminates, and never the server.
 *
 * Code in a grammar not compiled yet is shown uncoloured, as in the server before: the grammar is
 * named to the server, which has it compiled here (`warm`) in idle time, then colours the open pages.
 */
import { parentPort } from 'node:worker_threads';
import { useCopy } from '../openapi/spec-cache.ts';
import { createCodeHighlighter, type CodeHighlighter } from '../render/highlight.ts';
import { createRenderer, type Renderer } from '../render/page.ts';
import { NavigationFragments } from '../render/shell/fragments.ts';
import { createPageMarkdown, type PageMarkdown } from '../render/page-markdown.ts';
import type { Site } from '../site/types.ts';
import type { ThreadReply, ThreadRequest } from './render-threads.ts';
import { renderWithLinks, watchPageUrls } from '../output/page-links.ts';
import { redirectTargets } from '../output/redirects.ts';
import { resolveLinks } from '../validate/links.ts';
import { NOT_SERVED, type RequestTargets } from '../validate/resolve-request.ts';

const port = parentPort!;

/** One highlighter for every model: a change that resolves the site again keeps the grammars compiled. */
let highlight: Promise<CodeHighlighter> | undefined;
/** The latest model's site and renderer, and the one's before (renders asked for just before a change). */
const models = new Map<number, { site: Site; base: string; renderer: Promise<Renderer>; markdown?: PageMarkdown; targets: RequestTargets }>();

function highlighter(): Promise<CodeHighlighter> {
  highlight ??= createCodeHighlighter({ langs: [] }).then((made) => {
    made.colourLater((grammar, code) => port.postMessage({ type: 'later', grammar, code } satisfies ThreadReply));
    return made;
  });
  return highlight;
}

port.on('message', (message: ThreadRequest) => {
  switch (message.type) {
    case 'model': {
      const { options, remoteSpecs } = message;
      for (const copy of remoteSpecs) useCopy(options.site.root, copy.url, copy);
      // Navigation fragments are made when first needed, here as in the server (their names are content hashes, the same in both).
      const fragments = new NavigationFragments(options);
      const renderer = highlighter().then((shared) =>
        createRenderer({ ...options, navFragments: fragments.names, lazySidebars: fragments.lazy, highlight: shared }, undefined, watchPageUrls),
      );
      renderer.catch(() => undefined);
      // Where the page's links lead, as the server answers them (site-model.ts: the same files and redirects).
      const targets: RequestTargets = {
        site: options.site,
        assets: new Set((options.siteFiles ?? []).filter((file) => !NOT_SERVED.has(file))),
        redirects: redirectTargets(options.site, options.base),
      };
      models.set(message.model, { site: options.site, base: options.base, renderer, targets });
      for (const id of models.keys()) if (id < message.model - 1) models.delete(id);
      return;
    }
    case 'render':
      void render(message).then(
        (reply) => port.postMessage(reply),
        (error: unknown) => port.postMessage({ type: 'failed', job: message.job, ...failure(error) } satisfies ThreadReply),
      );
      return;
    case 'invalidate':
      for (const { renderer } of models.values())
        void renderer.then(
          (made) => made.invalidate(message.file),
          () => undefined,
        );
      return;
    case 'warm':
      void highlighter()
        .then((shared) => shared.warm(message.grammar, message.code, (work) => new Promise((resolve) => setImmediate(resolve)).then(work)))
        .catch(() => undefined)
        .then(() => port.postMessage({ type: 'warmed', job: message.job } satisfies ThreadReply));
      return;
  }
});
port.postMessage({ type: 'ready' } satisfies ThreadReply);

async function render(message: Extract<ThreadRequest, { type: 'render' }>): Promise<ThreadReply> {
  const model = models.get(message.model);
  if (!model) throw new Error(`no site model ${message.model} in this render thread`);
  const page = model.site.pages.get(message.route);
  if (!page) throw new Error(`no page at /${message.route} in this render thread`);
  if (message.hang) for (;;);
  if (message.markdown) {
    model.markdown ??= createPageMarkdown({ site: model.site, base: model.base });
    const text = await model.markdown.render(page);
    return { type: 'rendered', job: message.job, html: text, diagnostics: [], fragments: [], uncoloured: false };
  }
  const renderer = await model.renderer;
  const before = renderer.highlight.uncoloured;
  // Rendered ahead of the reader: between its sections, a request that came meanwhile starts.
  const pause = message.ahead ? () => new Promise<void>((resolve) => setImmediate(resolve)) : undefined;
  const { rendered, links } = await renderWithLinks(renderer, page, model.base, pause);
  // The page's broken links and anchors of its own, as build reports them (anchors of other pages: the
  // server, once it has their ids, from `links`: session.ts).
  const followed = await resolveLinks({ root: model.site.root, base: model.base, targets: model.targets, pages: [links], pagesOnly: true });
  const diagnostics = [...rendered.diagnostics, ...followed.diagnostics];
  return {
    type: 'rendered',
    job: message.job,
    html: rendered.html,
    diagnostics,
    fragments: rendered.fragments,
    uncoloured: renderer.highlight.uncoloured !== before,
    links,
    ...(rendered.feed === undefined ? {} : { feed: rendered.feed }),
    ...(rendered.samples === undefined ? {} : { samples: rendered.samples }),
  };
}

/** A failure as data: a file that could not be read is the writer's to fix; anything else, a bug. */
function failure(error: unknown): { code?: string; path?: string; message: string } {
  const errno = error as NodeJS.ErrnoException;
  return {
    ...(typeof errno?.code === 'string' ? { code: errno.code } : {}),
    ...(typeof errno?.path === 'string' ? { path: errno.path } : {}),
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}
