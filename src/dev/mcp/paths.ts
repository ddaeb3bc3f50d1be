/**
 * A page named the ways an AI client may name it: the path a tool gave (`/guides/quickstart`, with
 * the base when the site has one), the route alone, the full address, its Markdown twin
 * (`/guides/quickstart.md`, `/index.md` for the home page), with a `#heading` or a query after it.
 */
import type { Site } from '../../site/types.ts';

/** The route `text` names, or undefined when it is no path (an operation's name, say). */
export function routeOf(text: string, base: string, site?: Site): string | undefined {
  let path = text.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  path = path.replace(/[?#].*$/s, '');
  if (/\s/.test(path)) return undefined;
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (path.startsWith('/') && base !== '/' && `${path}/`.startsWith(base)) path = path.slice(base.length - 1);
  let route = path.replace(/^\/+|\/+$/g, '').replace(/\.md$/, '');
  if (site && route === 'index' && !site.pages.has('index') && site.pages.has('')) route = '';
  return route;
}
