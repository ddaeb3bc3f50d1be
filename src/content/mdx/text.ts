/**
 * What a reader reads in part of a page, taken from the tree as written rather than from its HTML:
 * a heading's text for the table of contents, the TeX inside `<Latex>`.
 */
import type { Nodes } from 'mdast';
import { evaluateProgram } from './evaluate.ts';
import type { Page } from './page.ts';
import { collectProblems } from './partial.ts';
import { toText } from './values.ts';

/** The text of inline content: `{expressions}` evaluated (as written when they cannot be), markup left out. */
export function plainText(page: Page, nodes: readonly Nodes[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') out += node.value;
    else if ((node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && node.data?.estree) {
      const program = node.data.estree;
      // The expression's handler evaluates it again and reports what it needs; nothing twice.
      const { result } = collectProblems(page.scope.context.problems, () => evaluateProgram(program, page.scope));
      out += result.ok ? toText(result.value) : `{${node.value}}`;
    } else if ('children' in node) out += plainText(page, node.children);
  }
  return out;
}

/** The text of blocks (a component's children on lines of their own): each block's text on a line of its own. */
export function blockText(page: Page, nodes: readonly Nodes[]): string {
  return nodes.map((node) => plainText(page, [node])).join('\n');
}
