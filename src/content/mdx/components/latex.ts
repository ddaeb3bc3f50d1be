/**
 * `<Latex>E = mc^2</Latex>`: the children are TeX, typeset like `$…$` (format-behaviour.md §3.1).
 * Written inside a line of text it is an inline formula; on lines of its own, a display formula.
 *
 * The TeX is the children's text as MDX read them (`context.text`): `{1}` in `\frac{1}{2}` is an
 * MDX expression and reads as `1`, which TeX reads the same way. A formula with braces MDX cannot
 * evaluate is best written as a string: `<Latex>{"x^{10}"}</Latex>`.
 */
import { quoteFormula, renderMath } from '../math.ts';
import { rawNode } from './hast.ts';
import type { Component } from './types.ts';

/** KaTeX writes HTML: it stays a raw node. */
export const Latex: Component = (_props, _children, context) => {
  const tex = context.text().trim();
  if (tex === '') return [];
  const result = renderMath(tex, !context.inline);
  if (result.error === undefined) context.needs?.('math');
  if (result.error !== undefined) {
    context.diagnostic?.('math-invalid', { in: 'latex', formula: quoteFormula(tex), reason: result.error });
  }
  return rawNode(result.html);
};
