/**
 * The links of each page `build` renders, gathered as it renders (never by rendering again): the
 * renderer tells its `UrlWatch` every URL a page writes, and pages render several at a time (in
 * this thread and in each worker), so each URL goes to the page whose render is running in that
 * async context. With the page's element ids they travel back with the page's result, and
 * validate/links.ts follows them all once every page is rendered (issue 31).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RenderedPage, Renderer, UrlWatch } from '../render/page.ts';
import type { Page } from '../site/types.ts';
import { pageLinks, type PageLinks, type WatchedUrl } from '../validate/links.ts';

const pageUrls = new AsyncLocalStorage<WatchedUrl[]>();

/** The renderer's `UrlWatch`: each URL to the page being rendered where it is resolved. */
export const watchPageUrls: UrlWatch = (file, url, use, resolved, at) => {
  pageUrls.getStore()?.push({ file, url, use, resolved, ...(at ? { at } : {}) });
};

/** Renders a page (with a renderer made with `watchPageUrls`) and returns it with its links and ids (`withIds` false: its links only). */
export async function renderWithLinks(
  renderer: Renderer,
  page: Page,
  base: string,
  pause?: () => Promise<void>,
  withIds = true,
): Promise<{ rendered: RenderedPage; links: PageLinks }> {
  const urls: WatchedUrl[] = [];
  const rendered = await pageUrls.run(urls, () => renderer.render(page, pause));
  return { rendered, links: pageLinks(page, rendered.html, urls, base, withIds) };
}
