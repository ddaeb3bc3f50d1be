/**
 * Frontmatter `url` makes a page's sidebar entry a link elsewhere (format-behaviour.md §3.2). One
 * that would run code (`javascript:…`, `safe-url.ts`) is not written into any sidebar
 * (`render/shell/sidebar.ts`); this is the warning, at the line of the `url:` key.
 *
 * `frontmatter.ts` does not expose the lines of its keys, so the key is found in the block here:
 * a top-level `url:` line before the body (YAML nested under another key is indented).
 */
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic } from '../messages.ts';
import { unsafeScheme } from './safe-url.ts';

export function frontmatterUrlDiagnostics(file: string, text: string, bodyLine: number, data: Record<string, unknown>): Diagnostic[] {
  const url = data['url'];
  if (typeof url !== 'string') return [];
  const scheme = unsafeScheme(url);
  if (scheme === undefined) return [];
  const lines = text.split('\n', Math.max(bodyLine - 1, 0));
  const index = lines.findIndex((line) => /^["']?url["']?[ \t]*:/.test(line));
  const at = index === -1 ? undefined : { file, line: index + 1, column: 1 };
  return [
    diagnostic('url-unsafe', at, file, {
      message: `the frontmatter \`url\` is a ${scheme}: URL, which runs code when clicked; the sidebar links to the page itself instead`,
      fix: 'Set `url` to an http(s) URL, or remove it.',
    }),
  ];
}
