/**
 * mdast → hast handlers that differ from mdast-util-to-hast's defaults: headings (anchors), code
 * (meta, highlighting seam, mermaid), math (KaTeX), paragraphs around JSX blocks, GitHub alerts,
 * MDX expressions and JSX. One small function per node type, gathered in `createHandlers`.
 */
import type { ElementContent } from 'hast';
import type { Blockquote, Code, Heading, Html, Nodes, Paragraph, PhrasingContent } from 'mdast';
import type { InlineMath, Math as DisplayMath } from 'mdast-util-math';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx';
import { defaultHandlers, type Handlers, type State } from 'mdast-util-to-hast';
import { parseFence, renderCode } from './code.ts';
import { calloutHtml, type CalloutKind } from './components/callout.ts';
import { evaluateProgram, Markup, toText } from './evaluate.ts';
import { splitCustomId } from './headings.ts';
import { holdsBlocks, renderJsx } from './jsx.ts';
import { quoteFormula, renderMath } from './math.ts';
import { startOf, type Page } from './page.ts';
import { restoreText } from './repair.ts';
import { attributes } from './escape.ts';
import { fragmentHtml } from './serialize.ts';

export function createHandlers(page: Page): Handlers {
  return {
    heading: (state, node: Heading) => heading(page, state, node),
    code: (_state, node: Code) => code(page, node),
    math: (_state, node: DisplayMath) => math(page, node, true),
    inlineMath: (_state, node: InlineMath) => math(page, node, false),
    paragraph: (state, node: Paragraph) => (holdsBlocks(node) ? state.all(node) : defaultHandlers.paragraph(state, node)),
    blockquote: (state, node: Blockquote) => alert(state, node) ?? defaultHandlers.blockquote(state, node),
    html: (state, node: Html) => html(page, state, node),
    mdxjsEsm: () => undefined,
    mdxFlowExpression: (_state, node: MdxFlowExpression) => expression(page, node),
    mdxTextExpression: (_state, node: MdxTextExpression) => expression(page, node),
    mdxJsxFlowElement: (state, node) => renderJsx(page, state, node),
    mdxJsxTextElement: (state, node) => renderJsx(page, state, node),
  };
}

function heading(page: Page, state: State, node: Heading): ElementContent {
  // `## Title {#custom-id}`: the id is taken out of the text that is shown.
  let customId: string | undefined;
  const last = node.children.at(-1);
  if (last?.type === 'text') {
    const split = splitCustomId(last.value);
    if (split) {
      last.value = split.text;
      customId = split.id;
    }
  }
  const text = plainText(page, node.children).trim();
  const id = page.addHeading(node.position?.start.offset ?? 0, node.depth, text, customId);
  const element: ElementContent = { type: 'element', tagName: `h${node.depth}`, properties: { id }, children: state.all(node) };
  state.patch(node, element);
  return element;
}

/** A heading's text for the table of contents: what a reader sees, `{expressions}` evaluated. */
function plainText(page: Page, nodes: readonly Nodes[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') out += node.value;
    else if (node.type === 'mdxTextExpression' && node.data?.estree) {
      const result = evaluateProgram(node.data.estree, page.scope);
      out += result.ok ? toText(result.value) : `{${node.value}}`;
    } else if ('children' in node) out += plainText(page, node.children);
  }
  return out;
}

function code(page: Page, node: Code): ElementContent {
  if (isUnclosedFence(page.source(node))) {
    page.reporter.report(
      'code-fence-unclosed',
      startOf(node),
      'this code block is never closed, so everything after it, to the end of the page or of the element around it, is shown as code',
      'Add the closing fence (the same ``` or ~~~ that opens the block) on a line of its own after the code.',
    );
  }
  const { lang, meta } = parseFence(node.lang, node.meta);
  return { type: 'raw', value: renderCode(node.value, lang, meta, page.highlight) };
}

/** A fenced block whose last line is not a closing fence of the same kind, at least as long. */
export function isUnclosedFence(source: string): boolean {
  const open = /^[ \t]*(`{3,}|~{3,})/.exec(source);
  if (!open) return false; // indented code has no fence
  const fence = open[1]!;
  const lastBreak = source.lastIndexOf('\n');
  if (lastBreak === -1) return true;
  const last = source.slice(lastBreak + 1).replace(/^[ \t>]*/, '').trimEnd();
  return !(last.length >= fence.length && last === fence[0]!.repeat(last.length));
}

/** `$$…$$` on lines of their own is a display formula; `$…$` (or `$$…$$` inside a line) an inline one. */
function math(page: Page, node: DisplayMath | InlineMath, display: boolean): ElementContent {
  if (node.type === 'inlineMath' && isMoney(page, node)) return { type: 'text', value: restoreText(page.source(node)) };
  const result = renderMath(node.value, display);
  if (result.error !== undefined) {
    const dollars = !display && /^\$[\d\s]/.test(page.source(node));
    page.reporter.report(
      'math-invalid',
      startOf(node),
      `the formula \`${quoteFormula(node.value)}\` cannot be typeset (${result.error}), so it is shown as written`,
      dollars ? 'If the dollar signs are prices, not math, escape them: `\\$5`.' : 'Correct the TeX; KaTeX supports most of LaTeX math (https://katex.org/docs/supported).',
    );
  }
  return { type: 'raw', value: result.html };
}

/**
 * `$5 and $10`: the math extension pairs any two dollars, so prices in prose would be typeset.
 * Pandoc's rule tells them apart: a formula's `$` has no space inside it and the closing one is
 * not followed by a digit. All six `$…$` of the corpus that break it are prices.
 */
function isMoney(page: Page, node: InlineMath): boolean {
  const source = page.source(node);
  if (!source.startsWith('$') || source.startsWith('$$')) return false;
  const end = node.position?.end.offset;
  const after = end === undefined ? '' : page.text.charAt(end);
  return /^\s|\s$/.test(node.value) || (after >= '0' && after <= '9');
}

const ALERTS: Record<string, CalloutKind> = { NOTE: 'note', TIP: 'tip', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'danger' };
const ALERT_MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\r?\n)?/i;

/** GitHub's `> [!NOTE]` alerts, as callouts (GitHub's five kinds onto the format's six). */
function alert(state: State, node: Blockquote): ElementContent | undefined {
  const first = node.children[0];
  const text = first?.type === 'paragraph' ? first.children[0] : undefined;
  if (first?.type !== 'paragraph' || text?.type !== 'text') return undefined;
  const match = ALERT_MARKER.exec(text.value);
  if (!match) return undefined;
  const kind = ALERTS[match[1]!.toUpperCase()]!;
  const rest: PhrasingContent[] = text.value.length > match[0].length ? [{ ...text, value: text.value.slice(match[0].length) }, ...first.children.slice(1)] : first.children.slice(1);
  // A break right after the marker (`[!NOTE]\` + newline) is not content either.
  if (rest[0]?.type === 'break') rest.shift();
  const children = rest.length > 0 ? [{ ...first, children: rest }, ...node.children.slice(1)] : node.children.slice(1);
  const html = fragmentHtml(state.wrap(state.all({ type: 'blockquote', children })));
  return { type: 'raw', value: calloutHtml(kind, html) };
}

/** Raw HTML (in `.md` pages, and `.mdx` pages read as Markdown) stays as written; scripts get a warning. */
function html(page: Page, state: State, node: Html): ReturnType<typeof defaultHandlers.html> {
  if (/<script[\s>]/i.test(node.value)) page.reportScript(startOf(node));
  return defaultHandlers.html(state, node);
}

/**
 * `{name}` and other expressions. Values the page defines are shown; a name nothing defines is
 * shown as written (`{kickoff_id}` in prose, meant literally); code that would have to run is shown
 * as written too, with a warning either way. Comments (`{/* … *\/}`) show nothing.
 */
function expression(page: Page, node: MdxFlowExpression | MdxTextExpression): ElementContent | undefined {
  const program = node.data?.estree;
  const literal: ElementContent = { type: 'text', value: `{${node.value}}` };
  if (!program) return literal;
  const result = evaluateProgram(program, page.scope);
  if (result.ok) {
    if (result.value instanceof Markup) return { type: 'raw', value: result.value.html };
    const value = toText(result.value);
    return value === '' ? undefined : { type: 'text', value };
  }
  if (result.reason === 'undefined') {
    page.reporter.report(
      'mdx-expression-undefined',
      startOf(node),
      `\`{${node.value.trim()}}\` names \`${result.name}\`, which this page does not define, so it is shown as written`,
      `To show the braces, escape the first one: \`\\{${node.value.trim()}}\`; to show a value, define it with \`export const ${result.name} = …\`.`,
    );
    return literal;
  }
  if (result.reason === 'opaque') {
    const binding = page.importsByName.get(result.name);
    if (binding) return { type: 'raw', value: `<span${attributes({ 'data-import': binding.source, 'data-name': result.name })}></span>` };
  }
  page.reporter.report(
    'mdx-expression-unsupported',
    startOf(node),
    `\`{${node.value.trim()}}\` needs JavaScript to compute (${result.reason === 'opaque' ? `\`${result.name}\` is not a plain value` : result.what}); docjet does not run page code, so it is shown as written`,
    'Write the value out, or export it as a plain value: `export const name = "…"`.',
  );
  return literal;
}
