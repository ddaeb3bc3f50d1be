/** Where things go in the output folder. */

/** Where a page's HTML file goes: `route/index.html`, `index.html` for home (a host serves `/a/b` from `a/b/index.html`). */
export function pageOutputPath(route: string): string {
  return route === '' ? 'index.html' : `${route}/index.html`;
}
