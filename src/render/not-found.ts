/** The 404 page: the site's `errors.404` title and text (or the UI strings'), a link home, an optional redirect. */
import { escapeHtml } from '../shared/html-escape.ts';
import type { Site } from '../site/types.ts';
import { pageIcons, type IconSet } from './icons/index.ts';
import type { Shell } from './shell/document.ts';
import { uiStrings } from './ui-strings.ts';

export function notFoundHtml(site: Site, base: string, shell: Shell, icons: IconSet, options: { redirect?: boolean } = {}): string {
  const errors = site.config.errors?.['404'];
  const strings = uiStrings(site.defaults.language);
  const home = base;
  const body = `<p class="not-found-text">${escapeHtml(errors?.description ?? strings.notFoundText)}</p><p><a class="not-found-home" href="${escapeHtml(home)}">${escapeHtml(strings.backHome)}</a></p>`;
  // `redirect` defaults to true, as in the hosted product. Home is a page or leads to one
  // (`site/home-routes.ts`), so this redirects once; a site with no page at all has no home to go
  // to, and its 404 page must not reload itself for ever.
  const redirect = options.redirect !== false && errors?.redirect !== false && site.home !== undefined ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(home)}">` : '';
  // Its unknown icons go unreported: the 404 page has no file of its own to point a warning at.
  const { draw } = pageIcons(icons);
  return shell.render(
    { page: undefined, title: errors?.title ?? strings.notFoundTitle, bodyHtml: body, headings: [], notFound: true, ...(redirect ? { extraHead: redirect } : {}) },
    draw,
  );
}
