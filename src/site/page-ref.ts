/**
 * Routes of pages: a page file's id gives its URL, and some URLs are too long to be written as files.
 * Page references (`guides/intro` → `guides/intro.mdx`) are the config's: `config/page-reference.ts`.
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { Page } from './types.ts';

/** `index` → `` (the home page), `guides/index` → `guides`, `guides/intro` → `guides/intro`. */
export function routeOfPage(id: string): string {
  if (id === 'index') return '';
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}

/** What every file system accepts: a name of 255 bytes, a path of 4,096 (less the output folder's). */
export const MAX_FILE_NAME_BYTES = 255;
export const MAX_OUTPUT_PATH_BYTES = 4000;
const INDEX_HTML = '/index.html';

/**
 * Pages whose output file (`route/index.html`) no file system can hold, as errors: `validate` says
 * what `build` would fail on (`ENAMETOOLONG`). Endpoint slugs are already cut to fit (`capSegment`);
 * what is left is a folder or file name, or a `x-mint.href`, that is too long as written.
 */
export function routeLengthDiagnostics(pages: Iterable<Page>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const problem = routeLengthProblem(page.route);
    if (problem === undefined) continue;
    const file = page.source.type === 'file' ? page.source.file : page.source.spec;
    diagnostics.push(
      diagnostic('route-too-long', undefined, file, {
        route: shorten(page.route),
        problem,
        fromFile: page.source.type === 'file',
        maxBytes: MAX_FILE_NAME_BYTES,
      }),
    );
  }
  return diagnostics;
}

export function routeLengthProblem(route: string): string | undefined {
  // No UTF-16 unit takes more than 3 bytes in UTF-8: a route this short fits (nearly every route).
  if ((route.length + INDEX_HTML.length) * 3 <= MAX_FILE_NAME_BYTES) return undefined;
  for (const segment of route.split('/')) {
    const bytes = Buffer.byteLength(segment, 'utf8');
    if (bytes > MAX_FILE_NAME_BYTES) return `one part of it is ${bytes} bytes long, over the ${MAX_FILE_NAME_BYTES} bytes a file name may have`;
  }
  const total = Buffer.byteLength(`${route}${INDEX_HTML}`, 'utf8');
  if (total > MAX_OUTPUT_PATH_BYTES) return `its output path is ${total} bytes long, over the ${MAX_OUTPUT_PATH_BYTES} bytes a path may have`;
  return undefined;
}

function shorten(route: string): string {
  return route.length > 80 ? `${route.slice(0, 77)}…` : route;
}
