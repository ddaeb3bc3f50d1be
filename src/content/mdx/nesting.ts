/**
 * A bound on how deep a page nests. Every later stage (mdast-util-to-hast, the handlers, the HTML
 * serializer, our own tree walks) recurses once per level, and the Markdown parser spends time that
 * grows with the square of the depth on nested lists: a list nested 1,000 deep took half a minute
 * and then overflowed the stack. No real page nests more than a few dozen levels.
 *
 * Two passes, both linear:
 * - `limitLinePrefixes`, before parsing: a line whose container prefix (indentation, `>`, list
 *   markers) stands for more than `MAX_NESTING` levels loses the excess prefix, so its content joins
 *   the level at the limit. Only the prefix is removed; line numbers stay, columns of that line shift.
 * - `flattenDeepNodes`, after parsing: any node deeper than the limit (JSX in JSX, emphasis in
 *   emphasis, links in links) is replaced by its content, flattened, at the limit.
 * Either way the content is kept and a warning says where.
 */
import type { Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';

export const MAX_NESTING = 256;

export interface NestingLimit {
  text: string;
  /** Offset (in the original text) of the first line cut back, if any. */
  offset?: number;
}

/**
 * Lines whose prefix stands for more than `limit` levels lose the excess (see `prefixCut`).
 * Over-counting is harmless: it only matters past the limit, where no real page goes.
 */
export function limitLinePrefixes(text: string, limit: number = MAX_NESTING): NestingLimit {
  // Cheap test first: no line can be that deep with fewer prefix characters than levels.
  if (!hasLongPrefix(text, limit)) return { text };
  let out = '';
  let copied = 0;
  let first: number | undefined;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const cut = prefixCut(text, start, end, limit);
    if (cut !== undefined) {
      first ??= cut.from;
      out += text.slice(copied, cut.from);
      copied = cut.to;
    }
    start = end + 1;
  }
  out += text.slice(copied);
  return first === undefined ? { text } : { text: out, offset: first };
}

function hasLongPrefix(text: string, limit: number): boolean {
  let run = 0;
  let inPrefix = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      run = 0;
      inPrefix = true;
    } else if (!inPrefix) {
      continue;
    } else if (code === 32 || code === 9 || code === 62 || code === 45 || code === 42 || code === 43) {
      run += code === 9 ? 2 : 1; // a tab is up to four columns: two levels
      if (run > limit) return true;
    } else if (!(code >= 48 && code <= 57) && code !== 46 && code !== 41) {
      inPrefix = false; // content: the rest of the line is not prefix
    }
  }
  return false;
}

/**
 * The part of a line's prefix past the limit, to remove; undefined when the line is within it.
 * A level takes a `>` or list marker, or at least two columns of the prefix (a nested list item is
 * indented by its parent's marker and space), so the levels are the larger of the two counts.
 */
function prefixCut(text: string, start: number, end: number, limit: number): { from: number; to: number } | undefined {
  let markers = 0;
  let columns = 0;
  let from: number | undefined;
  /** Start of the last marker, while only white space follows it: a cut there takes the marker too. */
  let marker: number | undefined;
  let i = start;
  while (i < end) {
    const char = text[i]!;
    let next = i + 1;
    if (char === ' ' || char === '\t') {
      columns += char === '\t' ? 4 - (columns % 4) : 1;
    } else if (char === '>') {
      markers++;
      columns++;
      marker = i;
    } else {
      const found = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/.exec(text.slice(i, Math.min(end, i + 11)));
      if (!found) break;
      markers++;
      columns += found[0].length;
      marker = i;
      next = i + found[0].length;
    }
    if (from === undefined && Math.max(markers, Math.floor(columns / 2)) > limit) from = marker ?? i;
    i = next;
  }
  return from === undefined ? undefined : { from, to: i };
}

type Parent = Extract<Nodes, { children: unknown }>;

/** Node types that hold phrasing (inline) content: what a flattened subtree keeps as its blocks. */
const PHRASING_HOLDERS = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * Replaces every node nested deeper than `limit` by its content: flow containers (lists, quotes,
 * JSX blocks) and phrasing containers (emphasis, links, JSX inline elements) are unwrapped, down to
 * paragraphs, headings and leaves. Iterative, so no depth overflows it. Returns the first node
 * flattened, for the warning.
 */
export function flattenDeepNodes(tree: Root, limit: number = MAX_NESTING): Nodes | undefined {
  let first: Nodes | undefined;
  const stack: { node: Parent; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    let tooDeep: Parent | undefined;
    if (depth >= limit) for (const child of node.children as Nodes[]) if ('children' in child && levelOf(child, depth) > limit) tooDeep ??= child;
    if (tooDeep) {
      first ??= tooDeep;
      const phrasing = node.type !== 'root' && (PHRASING_HOLDERS.has(node.type) || isPhrasingContainer(node));
      (node as { children: Nodes[] }).children = phrasing ? phrasingLeaves(node.children) : flowContent(node.children);
      continue;
    }
    for (const child of node.children as Nodes[]) if ('children' in child) stack.push({ node: child, depth: levelOf(child, depth) });
  }
  return first;
}

/**
 * Levels are what a reader sees nested: a list, a quote, an element, an emphasis. A list item is
 * part of its list's level, a row or cell of its table's, and a paragraph or heading only holds text.
 */
const SAME_LEVEL = new Set(['listItem', 'tableRow', 'tableCell', 'paragraph', 'heading']);

function levelOf(node: Parent, parentLevel: number): number {
  return SAME_LEVEL.has(node.type) ? parentLevel : parentLevel + 1;
}

function isPhrasingContainer(node: Nodes): boolean {
  return node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'link' || node.type === 'linkReference' || node.type === 'mdxJsxTextElement';
}

/** The leaves under `nodes`, in order: text, code, images, breaks… */
function phrasingLeaves(nodes: readonly Nodes[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const stack: Nodes[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    else out.push(node as PhrasingContent);
  }
  return out;
}

/**
 * Flow content under `nodes` with every container unwrapped: paragraphs and headings (their inline
 * content flattened) and leaf blocks, in order. Stray inline leaves are gathered into paragraphs.
 */
function flowContent(nodes: readonly Nodes[]): RootContent[] {
  const out: RootContent[] = [];
  let loose: Paragraph | undefined;
  const stack: Nodes[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (PHRASING_HOLDERS.has(node.type) && 'children' in node) {
      loose = undefined;
      out.push({ ...node, type: node.type === 'tableCell' ? 'paragraph' : node.type, children: phrasingLeaves(node.children) } as RootContent);
    } else if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    } else if (isPhrasingLeaf(node)) {
      if (!loose) {
        loose = { type: 'paragraph', children: [] };
        out.push(loose);
      }
      loose.children.push(node as PhrasingContent);
    } else {
      loose = undefined;
      out.push(node as RootContent);
    }
  }
  return out;
}

function isPhrasingLeaf(node: Nodes): boolean {
  return (
    node.type === 'text' ||
    node.type === 'inlineCode' ||
    node.type === 'break' ||
    node.type === 'image' ||
    node.type === 'imageReference' ||
    node.type === 'mdxTextExpression' ||
    node.type === 'inlineMath' ||
    node.type === 'footnoteReference'
  );
}
