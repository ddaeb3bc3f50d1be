/** The pieces of a paragraph's text, then CommonMark's "process emphasis" over them and tags paired into elements. */
import type { Emphasis, PhrasingContent, Strong } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { giveUp, type Source } from './reader.ts';
import { type OpenElement, pairTag, type Tag } from './tags.ts';

interface TextPiece {
  kind: 'text';
  value: string;
  start: number;
  end: number;
}

export interface Delimiter {
  kind: 'delimiter';
  char: 42 | 95;
  /** Characters of the run still unused. */
  count: number;
  start: number;
  end: number;
  canOpen: boolean;
  canClose: boolean;
  /** The run's length as written (for the rule of three). */
  length: number;
}

export interface Bracket {
  kind: 'bracket';
  image: boolean;
  start: number;
  end: number;
  active: boolean;
}

export interface NodePiece {
  kind: 'node';
  node: PhrasingContent;
}

export interface TagPiece {
  kind: 'tag';
  tag: Tag;
}

export type Piece = TextPiece | Delimiter | Bracket | NodePiece | TagPiece;

/** Emphasis found between two delimiter runs, around what was between them. */
interface Wrap {
  kind: 'wrap';
  node: Emphasis | Strong;
  inner: Item[];
}

type Item = Piece | Wrap;

/** Emphasis in `pieces` (CommonMark's "process emphasis"), then tags paired into elements. */
export function resolveEmphasis(source: Source, pieces: Piece[]): PhrasingContent[] {
  const items: Item[] = [...pieces];
  // Process emphasis: for each closer, look back for an opener.
  const openersBottom = new Map<string, number>();
  for (let closer = 0; closer < items.length; closer++) {
    const close = items[closer]!;
    if (close.kind !== 'delimiter' || !close.canClose || close.count === 0) continue;
    let found = -1;
    const key = `${close.char}${close.canOpen ? 1 : 0}${close.length % 3}`;
    const bottom = openersBottom.get(key) ?? -1;
    for (let index = closer - 1; index > bottom; index--) {
      const open = items[index]!;
      if (open.kind !== 'delimiter' || open.char !== close.char || !open.canOpen || open.count === 0) continue;
      if ((open.canClose || close.canOpen) && (open.length + close.length) % 3 === 0 && !(open.length % 3 === 0 && close.length % 3 === 0)) continue;
      found = index;
      break;
    }
    if (found === -1) {
      openersBottom.set(key, closer - 1);
      if (!close.canOpen) close.canClose = false;
      continue;
    }
    const open = items[found] as Delimiter;
    const use = open.count >= 2 && close.count >= 2 ? 2 : 1;
    const innerItems = items.splice(found + 1, closer - found - 1);
    // Delimiters between opener and closer are text now.
    const inner = innerItems;
    const openEnd = open.start + open.count;
    const closeStart = close.start + (close.length - close.count);
    const position = { start: source.lines.point(openEnd - use), end: source.lines.point(closeStart + use) };
    const node: Emphasis | Strong = use === 2 ? { type: 'strong', children: [], position } : { type: 'emphasis', children: [], position };
    open.count -= use;
    close.count -= use;
    const wrap = { kind: 'wrap' as const, node, inner };
    items.splice(found + 1, 0, wrap);
    closer = found + 1;
    // Opener and closer keep their remaining characters; try this closer again.
    if (close.count > 0) closer--;
  }
  return nodes(source, items);
}

function nodes(source: Source, items: Item[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const stack: OpenElement<MdxJsxTextElement, PhrasingContent>[] = [];
  let current = out;
  const pushText = (value: string, start: number, end: number): void => {
    const last = current[current.length - 1];
    if (last?.type === 'text') {
      last.value += value;
      last.position!.end = source.lines.point(end);
      return;
    }
    current.push({ type: 'text', value, position: { start: source.lines.point(start), end: source.lines.point(end) } });
  };
  for (const item of items) {
    switch (item.kind) {
      case 'text':
        pushText(item.value, item.start, item.end);
        break;
      case 'delimiter': {
        // Unused characters of a run are text: those left at its start and end.
        if (item.count > 0) {
          if (item.count !== item.length) giveUp();
          pushText(source.text.slice(item.start, item.end), item.start, item.end);
        }
        break;
      }
      case 'bracket':
        pushText(source.text.slice(item.start, item.end), item.start, item.end);
        break;
      case 'node':
        current.push(item.node);
        break;
      case 'wrap': {
        item.node.children = nodes(source, item.inner);
        current.push(item.node);
        break;
      }
      case 'tag':
        current = pairTag(item.tag, stack, current, textElement);
        break;
    }
  }
  if (stack.length > 0) giveUp();
  return out;
}

function textElement(tag: Tag): MdxJsxTextElement {
  return { type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes, children: [], position: { start: tag.start, end: tag.end } };
}
