/**
 * URLs of generated endpoint pages, exactly as the format's reference product derives them, so
 * that links into a migrated site keep working (format-behaviour.md §4.3; openapi-libraries.md §1
 * "URLs"): `<directory>/<tag slug>/<summary slug>`, or `x-mint.href`.
 */
import { inlineMarkdownText } from '../content/commonmark.ts';
import type { Operation } from './types.ts';

export const DEFAULT_API_DIRECTORY = 'api-reference';

/**
 * The reference product's `prepareStringToBeValidFilename`, step for step, because the order is
 * what people see in URLs (format-behaviour.md §4.3): each space becomes `-` (tabs and other
 * blanks stay), `{param}` becomes `-`, one leading and one trailing `-` go, `{ } ( ) , . ' /` and
 * newlines go (`?`, `&`, `:`, `"`, `` ` `` and non-ASCII letters stay), then `--` becomes `-` in a
 * single left-to-right pass, so `Client API - Display` (`---`) is served at `client-api--display`.
 */
export function slugify(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/**
 * The longest route segment docjet makes, in UTF-8 bytes. File systems refuse names over 255 bytes
 * (`ENAMETOOLONG`), and real specs (GitHub's, OpenAI's) have summaries that slug to more; 200 leaves
 * room for the `-1`, `-2` collision suffixes `RouteAllocator` adds after the cut.
 */
export const MAX_SEGMENT_BYTES = 200;

/**
 * `segment` cut to at most `max` UTF-8 bytes, at a character boundary, at the last `-` when there
 * is one in the second half (so the cut falls between words), without a trailing `-`.
 */
export function capSegment(segment: string, max: number = MAX_SEGMENT_BYTES): string {
  if (Buffer.byteLength(segment, 'utf8') <= max) return segment;
  let bytes = 0;
  let end = 0;
  for (const char of segment) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > max) break;
    bytes += size;
    end += char.length;
  }
  const cut = segment.slice(0, end);
  const dash = cut.lastIndexOf('-');
  return (dash > cut.length / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/**
 * Last URL segment: the summary's slug, else `<method>-<path slug>` (`delete-storeorder`), else
 * the webhook name's slug. The path is slugged on its own, as there: `GET /{team}/members` gives
 * `get--members`.
 */
export function endpointSlug(operation: Operation): string {
  const fromSummary = operation.summary === undefined ? '' : slugify(operation.summary);
  // A summary of punctuation only slugs to nothing; fall back rather than end the URL in `/`.
  if (fromSummary !== '') return capSegment(fromSummary);
  if (operation.kind === 'webhook') return capSegment(slugify(operation.path));
  return capSegment(`${operation.method.toLowerCase()}-${slugify(operation.path)}`);
}

/**
 * Page title: the summary (its Markdown read as a reader sees it: GitHub's webhook summaries link
 * to guides), else one made from the slug (`Delete storeorder`). The URL is the summary's slug as
 * written, as in the reference product, so links into a migrated site keep working.
 */
export function endpointTitle(operation: Operation): string {
  if (operation.summary !== undefined) return inlineMarkdownText(operation.summary);
  const words = endpointSlug(operation).replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Route of the endpoint's page, without leading or trailing `/`. Numbering of collisions is the
 * caller's (see `RouteAllocator`), because it depends on what else is in the navigation group.
 */
export function endpointRoute(operation: Operation, directory: string = DEFAULT_API_DIRECTORY): string {
  if (operation.href !== undefined) return hrefRoute(operation.href);
  const segments = [trimSlashes(directory.toLowerCase())];
  const tag = operation.tags[0];
  if (tag !== undefined) segments.push(capSegment(slugify(tag)));
  segments.push(endpointSlug(operation));
  return segments.filter((segment) => segment !== '').join('/');
}

/**
 * `x-mint.href` replaces the whole URL: lower-cased, and text after the last `.` of the last
 * segment dropped, so `/custom/Create-User.mdx` is served at `custom/create-user`.
 */
function hrefRoute(href: string): string {
  const route = trimSlashes(href.trim().toLowerCase());
  const slash = route.lastIndexOf('/');
  const dot = route.lastIndexOf('.');
  return trimSlashes(dot > slash + 1 ? route.slice(0, dot) : route)
    .split('/')
    .map((segment) => capSegment(segment))
    .join('/');
}

function trimSlashes(text: string): string {
  return text.replace(/^\/+|\/+$/g, '');
}

/**
 * Hands out unique routes within one scope (a navigation group, in the reference product): the
 * first request for a route gets it unchanged, later ones `-1`, `-2`… A numbered route that is
 * itself taken is skipped, so every route handed out is unique.
 */
export class RouteAllocator {
  private readonly taken = new Set<string>();
  private readonly counters = new Map<string, number>();

  allocate(route: string): string {
    if (!this.taken.has(route)) {
      this.taken.add(route);
      return route;
    }
    let count = this.counters.get(route) ?? 0;
    let candidate: string;
    do {
      count++;
      candidate = `${route}-${count}`;
    } while (this.taken.has(candidate));
    this.counters.set(route, count);
    this.taken.add(candidate);
    return candidate;
  }
}
