/**
 * `<Latex>E = mc^2</Latex>`: the children are TeX, typeset like `$…$` (format-behaviour.md §3.1).
 * Written inside a line of text it is an inline formula; on lines of its own, a display formula.
 *
 * The children arrive as MDX rendered them, so the TeX is their text: `{1}` in
 * `\frac{1}{2}` is an MDX expression and arrives as `1`, which TeX reads the same way. A formula
 * with braces MDX cannot evaluate is best written as a string: `<Latex>{"x^{10}"}</Latex>`.
 */
import { quoteFormula, renderMath } from '../math.ts';
import type { Component } from './types.ts';

export const Latex: Component = (_props, childrenHtml, context) => {
  const tex = textOf(childrenHtml).trim();
  if (tex === '') return '';
  const result = renderMath(tex, !context.inline);
  if (result.error !== undefined) {
    context.diagnostic?.('math-invalid', { in: 'latex', formula: quoteFormula(tex), reason: result.error });
  }
  return result.html;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of rendered children: tags out (a paragraph break is a line break), entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<\/p>\s*<p>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}
