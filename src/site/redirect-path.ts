/**
 * A redirect's source or site destination as the path a browser asks for, which is also the file
 * `build` writes for it (`route/index.html`) and the key `dev` answers it under. The browser
 * resolves a path before sending it (the WHATWG URL parser): `\` is a `/`, `.` and `..` segments
 * (`%2e` spelt too) are taken out, and `..` never climbs above the root, so `/a/../../x` is `/x`.
 * Hosts decode the path to find the file, so segments are decoded here too, and `//` is one `/`.
 * What no file can be named after is a problem to report, never a path to write: a control
 * character (NUL), a `/` or `\` written as `%2F`/`%5C` inside a segment, a segment over
 * `MAX_SEGMENT_BYTES` or a path over `MAX_REDIRECT_PATH_BYTES`.
 */
import { MAX_SEGMENT_BYTES } from '../openapi/slug.ts';

/** The longest redirect path, in UTF-8 bytes: what browsers and CDNs keep reliably (2,048), well under the file system's 4,096. */
export const MAX_REDIRECT_PATH_BYTES = 2048;

const CONTROL = /[\u0000-\u001f\u007f]/;

export type RedirectPathProblem = 'control' | 'encoded-separator' | 'segment-too-long' | 'too-long';

export type RedirectPath =
  /**
   * `route`: decoded segments joined by `/`, no leading or trailing slash (`''`: the root).
   * `trailingSlash`: the path was written with one. `suffix`: the query and fragment as written.
   */
  { ok: true; route: string; trailingSlash: boolean; suffix: string } | { ok: false; problem: RedirectPathProblem };

/**
 * `written` (a source, or a destination that is not an external URL) normalised. A source's `?` and
 * `#` are kept in the path as they always were; a destination's query and fragment go to `suffix`.
 */
export function normalizeRedirectPath(written: string, kind: 'source' | 'destination'): RedirectPath {
  let pathPart = written.trim();
  let suffix = '';
  if (kind === 'destination') {
    const cut = pathPart.search(/[?#]/);
    if (cut !== -1) [pathPart, suffix] = [pathPart.slice(0, cut), pathPart.slice(cut)];
  }
  if (CONTROL.test(suffix)) return { ok: false, problem: 'control' };
  const segments: string[] = [];
  for (const raw of pathPart.split(/[/\\]/)) {
    const segment = decodeSafely(raw);
    if (CONTROL.test(segment)) return { ok: false, problem: 'control' };
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      segments.pop();
      continue;
    }
    if (segment.includes('/') || segment.includes('\\')) return { ok: false, problem: 'encoded-separator' };
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) return { ok: false, problem: 'segment-too-long' };
    segments.push(segment);
  }
  const route = segments.join('/');
  if (Buffer.byteLength(route, 'utf8') > MAX_REDIRECT_PATH_BYTES) return { ok: false, problem: 'too-long' };
  return { ok: true, route, trailingSlash: /[/\\]$/.test(pathPart), suffix };
}

/** A destination with a scheme (`https:`, `mailto:`) or `//host`: not a path of the site (render/links.ts's `isExternal`). */
export function leavesSite(destination: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(destination);
}

function decodeSafely(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
