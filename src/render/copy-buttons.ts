/**
 * Copy buttons in the page's language. The MDX renderer writes each code block's button with
 * English labels (`COPY_BUTTON`): it knows nothing of the page's language, which the site model
 * decides; the page renderer swaps in the page's labels.
 */
import { COPY_BUTTON } from '../content/mdx/code.ts';
import { escapeHtml } from '../content/mdx/escape.ts';
import type { UiStrings } from './ui-strings.ts';

export function localizeCopyButtons(html: string, strings: Pick<UiStrings, 'copy' | 'copied'>): string {
  if (!html.includes(COPY_BUTTON)) return html;
  return html.split(COPY_BUTTON).join(`<button type="button" class="copy-button" data-copy aria-label="${escapeHtml(strings.copy)}" data-copied-label="${escapeHtml(strings.copied)}"></button>`);
}
