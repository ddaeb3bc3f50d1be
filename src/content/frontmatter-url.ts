/**
 * Frontmatter `url` makes a page's sidebar entry a link elsewhere (format-behaviour.md §3.2). One
 * that would run code (`javascript:…`, `safe-url.ts`) is not written into any sidebar
 * (`render/shell/sidebar.ts`); this is the warning, at the line of the `url:` key.
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { frontmatterKeyPosition, type Frontmatter } from './frontmatter-schema.ts';
import { unsafeScheme } from '../shared/safe-url.ts';

export function frontmatterUrlDiagnostics(file: string, text: string, bodyLine: number, frontmatter: Frontmatter): Diagnostic[] {
  const url = frontmatter.url;
  if (url === undefined) return [];
  const scheme = unsafeScheme(url);
  if (scheme === undefined) return [];
  const block = text.split('\n', Math.max(bodyLine - 1, 0)).join('\n');
  return [diagnostic('url-unsafe', frontmatterKeyPosition(file, block, 'url', 'key'), file, { in: 'frontmatter', scheme })];
}
