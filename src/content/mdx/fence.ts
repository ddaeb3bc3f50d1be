/**
 * A fenced code block of a page → its HTML (`code.ts` writes it). A block inside a component whose
 * tabs are titled by their blocks' titles (`<CodeGroup>`) is written without a caption of its own:
 * the tab says it.
 */
import type { Code } from 'mdast';
import { isMermaid, parseFence, renderCode, type CodeMeta } from './code.ts';
import { startOf, type Page } from './page.ts';

/** `reparsed`: the HTML is parsed again with the page's raw HTML (handlers.ts `root`), so the block is written now (`Highlighter.now`). */
export function fenceHtml(page: Page, node: Code, options: { caption: boolean; reparsed?: boolean }): string {
  if (isUnclosedFence(page.source(node))) {
    page.reporter.diagnostic('code-fence-unclosed', startOf(node), {});
  }
  const { lang, meta } = parseFence(node.lang, node.meta);
  if (isMermaid(lang)) page.features.add('mermaid');
  const highlight = options.reparsed ? (page.highlight.now ?? page.highlight) : page.highlight;
  return renderCode(node.value, lang, options.caption ? meta : uncaptioned(meta), highlight, page.ui);
}

/** The meta without what the caption shows (title and icon). */
function uncaptioned(meta: CodeMeta): CodeMeta {
  const { title: _title, icon: _icon, ...rest } = meta;
  return rest;
}

/** A fenced block whose last line is not a closing fence of the same kind, at least as long. */
export function isUnclosedFence(source: string): boolean {
  const open = /^[ \t]*(`{3,}|~{3,})/.exec(source);
  if (!open) return false; // indented code has no fence
  const fence = open[1]!;
  const lastBreak = source.lastIndexOf('\n');
  if (lastBreak === -1) return true;
  const last = source
    .slice(lastBreak + 1)
    .replace(/^[ \t>]*/, '')
    .trimEnd();
  return !(last.length >= fence.length && last === fence[0]!.repeat(last.length));
}
