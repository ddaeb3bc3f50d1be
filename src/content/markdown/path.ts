/** Where a page's Markdown is served: `route.md` beside the route's folder (`route/index.html`), `index.md` for home. */
export function markdownPath(route: string): string {
  return route === '' ? 'index.md' : `${route}.md`;
}
