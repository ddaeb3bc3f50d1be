/** hast → HTML. Raw nodes (components' HTML, raw HTML in `.md` pages) pass through as they are. */
import type { ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';

const OPTIONS = { allowDangerousHtml: true } as const;

export function fragmentHtml(nodes: ElementContent | ElementContent[]): string {
  const root: Root = { type: 'root', children: Array.isArray(nodes) ? nodes : [nodes] };
  return toHtml(root, OPTIONS);
}

export function documentHtml(root: Root): string {
  return toHtml(root, OPTIONS);
}
