/**
 * The reduced tree made valid Markdown again. Components are replaced by whatever Markdown says
 * the same thing (a blockquote, a list item, a heading), wherever they were written: a block inside
 * a line of text (`<Note>` written inline), list items outside a list (one `<Card>`), text straight
 * inside a blockquote. This pass puts each where Markdown allows it: blocks lifted out of
 * paragraphs, runs of text wrapped in paragraphs, neighbouring list items gathered into one list,
 * and blocks inside a line flattened to their text. It builds new nodes and never changes the ones
 * it is given (parsed trees are shared: `parse.ts` caches them).
 */
import type { Blockquote, ListItem, Nodes, Paragraph, Parents, PhrasingContent, RootContent, Text } from 'mdast';

/** List items that belong in a numbered list (steps); the others go in a bulleted one. */
const ORDERED = new WeakSet<ListItem>();

/** A list item for a numbered list (`<Step>`). */
export function orderedItem(children: Nodes[]): ListItem {
  const item = listItem(children);
  ORDERED.add(item);
  return item;
}

// The builders take any nodes: what a component holds is made valid by `tidy` afterwards.
export function listItem(children: Nodes[]): ListItem {
  return { type: 'listItem', spread: false, children: children as ListItem['children'] };
}

export function blockquote(children: Nodes[]): Blockquote {
  return { type: 'blockquote', children: children as Blockquote['children'] };
}

export function text(value: string): Text {
  return { type: 'text', value };
}

export function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

const PHRASING = new Set<string>([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'image',
  'linkReference',
  'imageReference',
  'footnoteReference',
  'inlineMath',
  'html',
]);
/** Nodes whose children are a line of text. */
const LINE_PARENTS = new Set<string>(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);
/** Nodes whose children are blocks. */
const BLOCK_PARENTS = new Set<string>(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

export function isPhrasing(node: Nodes): node is PhrasingContent {
  return PHRASING.has(node.type);
}

/** `node` with its children made valid for its kind, all the way down. */
export function tidy<T extends Nodes>(node: T): T {
  if (!('children' in node)) return node;
  const parent: Parents = node;
  let children: Nodes[];
  if (BLOCK_PARENTS.has(parent.type)) children = blocks(parent.children);
  else if (LINE_PARENTS.has(parent.type)) children = line(parent.children);
  else if (parent.type === 'list') children = parent.children.map((child) => tidy(child.type === 'listItem' ? child : listItem([child])));
  else children = parent.children.map((child: Nodes) => tidy(child));
  return { ...node, children };
}

/** Children of a block container: paragraphs around runs of text, lists around list items. */
function blocks(children: readonly Nodes[]): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  let list: ListItem[] = [];
  let ordered = false;
  const endRun = (): void => {
    if (run.some((node) => node.type !== 'text' || node.value.trim() !== '')) out.push(paragraph(trimRun(run)));
    run = [];
  };
  const endList = (): void => {
    if (list.length > 0) out.push({ type: 'list', ordered, spread: false, children: list });
    list = [];
  };
  const visit = (node: Nodes): void => {
    if (node.type === 'root') {
      for (const child of node.children) visit(child);
    } else if (node.type === 'paragraph') {
      // A paragraph holding blocks (a component written inside a line) is split around them.
      endRun();
      for (const child of line(node.children, true)) visit(child);
      endRun();
    } else if (node.type === 'text' && run.length === 0 && node.value.trim() === '') {
      // White space between blocks (JSX line breaks): nothing, and no end to a list.
    } else if (node.type === 'listItem') {
      endRun();
      const itemOrdered = ORDERED.has(node);
      if (list.length > 0 && itemOrdered !== ordered) endList();
      ordered = itemOrdered;
      list.push(tidy(node));
    } else if (isPhrasing(node)) {
      endList();
      run.push(tidy(node));
    } else {
      endRun();
      endList();
      out.push(tidy(node) as RootContent);
    }
  };
  for (const child of children) visit(child);
  endRun();
  endList();
  return out;
}

/**
 * Children of a line: blocks flattened to their text, a space between. With `keepBlocks`, blocks
 * are kept whole for the caller to lift out (a paragraph's own children).
 */
function line(children: readonly Nodes[], keepBlocks = false): Nodes[] {
  const out: Nodes[] = [];
  for (const child of children) {
    if (isPhrasing(child)) out.push(tidy(child));
    else if (keepBlocks) out.push(child);
    else {
      const flat = flatten(child);
      if (flat.length === 0) continue;
      if (out.length > 0) out.push(text(' '));
      out.push(...flat);
    }
  }
  return out;
}

/** A block as a piece of a line: its text and inline nodes; code as inline code. */
function flatten(node: Nodes): PhrasingContent[] {
  if (isPhrasing(node)) return [tidy(node)];
  if (node.type === 'code') return [{ type: 'inlineCode', value: node.value }];
  if (node.type === 'math') return [{ type: 'inlineMath', value: node.value }];
  if (!('children' in node)) return [];
  const out: PhrasingContent[] = [];
  for (const child of node.children) {
    const flat = flatten(child);
    if (flat.length === 0) continue;
    if (out.length > 0 && !isPhrasing(child)) out.push(text(' '));
    out.push(...flat);
  }
  return out;
}

/** A run of text without the white space at its ends (left between blocks by JSX line breaks). */
function trimRun(run: PhrasingContent[]): PhrasingContent[] {
  const out = [...run];
  const first = out[0];
  if (first?.type === 'text') out[0] = text(first.value.trimStart());
  const last = out.at(-1);
  if (last?.type === 'text') out[out.length - 1] = text(last.value.trimEnd());
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

/** The text of nodes, as a reader sees it (code and formulas included). */
export function plainText(nodes: readonly Nodes[]): string {
  let out = '';
  for (const node of nodes) {
    if ('value' in node && node.type !== 'html') out += node.value;
    else if ('children' in node) out += plainText(node.children);
    else if (node.type === 'image') out += node.alt ?? '';
  }
  return out;
}

/**
 * Content split into its first line of text (a leading paragraph, or the text before the first
 * block) and the blocks after it: a callout's kind or a card's title goes at the start of that line.
 */
export function splitLead(content: readonly Nodes[]): { lead: PhrasingContent[] | undefined; rest: Nodes[] } {
  const first = content[0];
  if (first?.type === 'paragraph') return { lead: first.children, rest: content.slice(1) };
  let end = 0;
  while (end < content.length && isPhrasing(content[end]!)) end++;
  const lead = trimRun(content.slice(0, end) as PhrasingContent[]);
  return lead.length === 0 ? { lead: undefined, rest: content.slice(end) } : { lead, rest: content.slice(end) };
}
