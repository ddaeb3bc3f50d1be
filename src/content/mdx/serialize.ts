/**
 * hast → HTML. Raw nodes (components' HTML, built from escaped props) pass through as they are.
 * Elements are made inert first (`../sanitize.ts`), silently: the renderer reports what it leaves
 * out where it makes each element (`inert.ts`); this pass is the guarantee for every other path
 * (JSX inside expressions, components written as functions).
 */
import type { ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { sanitizeNodes, sanitizeRoot } from '../sanitize.ts';

const OPTIONS = { allowDangerousHtml: true } as const;

export function fragmentHtml(nodes: ElementContent | ElementContent[]): string {
  const root: Root = { type: 'root', children: sanitizeNodes(Array.isArray(nodes) ? nodes : [nodes]) };
  return toHtml(root, OPTIONS);
}

export function documentHtml(root: Root): string {
  return toHtml(sanitizeRoot(root), OPTIONS);
}
