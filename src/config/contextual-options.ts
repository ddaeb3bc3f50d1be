/**
 * The built-in entries of `contextual.options` (format-behaviour.md §1.5), and which of them a
 * site docjet builds can offer: each one the shell draws (src/render/shell/contextual.ts), or why
 * it cannot, for the warning `validate` gives (`contextual-option-no-effect`). The hosted product
 * runs an assistant, an MCP server and a PDF service for each site; docjet has the MCP server
 * (`docjet serve` and `dev` answer at `/mcp`), not the others.
 */
import type { ContextualGap } from '../shared/messages.ts';
import { isObject } from './is-object.ts';

export const CONTEXTUAL_OPTIONS = {
  copy: 'offered',
  view: 'offered',
  chatgpt: 'offered',
  claude: 'offered',
  perplexity: 'offered',
  grok: 'offered',
  'download-spec': 'offered',
  assistant: 'assistant',
  'download-pdf': 'pdf',
  // The MCP server `docjet serve` and `docjet dev` answer at the site's /mcp (src/dev/mcp/http.ts).
  mcp: 'offered',
  'add-mcp': 'offered',
  cursor: 'offered',
  vscode: 'offered',
  'devin-mcp': 'mcp',
  aistudio: 'tool',
  devin: 'tool',
  // The docs name the Windsurf entry `devin-desktop`; the reference CLI accepts `windsurf`.
  'devin-desktop': 'tool',
  windsurf: 'tool',
} as const satisfies Record<string, 'offered' | ContextualGap>;

export type ContextualOptionName = keyof typeof CONTEXTUAL_OPTIONS;

/** The entries the shell draws, by name. */
export type OfferedOption = { [K in ContextualOptionName]: (typeof CONTEXTUAL_OPTIONS)[K] extends 'offered' ? K : never }[ContextualOptionName];

/** Whether a built-in entry is one the shell draws; false for the others and for unknown names. */
export function isOffered(name: string): name is OfferedOption {
  return Object.hasOwn(CONTEXTUAL_OPTIONS, name) && CONTEXTUAL_OPTIONS[name as ContextualOptionName] === 'offered';
}

/** An `href` (text, or `{ base, query }`) that names the URL of the site's MCP server (`$mcp`). */
export function usesMcp(href: unknown): boolean {
  if (typeof href === 'string') return href.includes('$mcp');
  if (!isObject(href)) return false;
  const query = Array.isArray(href.query) ? href.query : [];
  return usesMcp(href.base) || query.some((entry) => isObject(entry) && usesMcp(entry.value));
}
