/** Bullet and ordered lists (no task items, no empty items): each item's content read as flow. */
import type { List, ListItem } from 'mdast';
import { type BlockReader, type Container, giveUp, SPACE, TAB } from './reader.ts';

/** A list marker at `start` followed by one space and content: `-`, `*`, `+`, `1.`, `1)`. */
export function listMarker(reader: BlockReader, start: number, end: number): { ordered: boolean; marker: string; value: number; contentStart: number } | undefined {
  const code = reader.text.charCodeAt(start);
  let at = start;
  let ordered = false;
  if (code === 45 || code === 42 || code === 43) {
    at++;
  } else if (code >= 48 && code <= 57) {
    while (at < end && at - start < 9 && reader.text.charCodeAt(at) >= 48 && reader.text.charCodeAt(at) <= 57) at++;
    const delimiter = reader.text.charCodeAt(at);
    if (delimiter !== 46 && delimiter !== 41) return undefined;
    ordered = true;
    at++;
  } else {
    return undefined;
  }
  // An empty item, or `-` alone (setext, thematic break).
  if (at >= end) giveUp();
  if (reader.text.charCodeAt(at) !== SPACE) return undefined;
  // One space then content; more spaces (or a thematic break like `- - -`) are left to micromark.
  const next = reader.text.charCodeAt(at + 1);
  if (next === SPACE || next === TAB || at + 1 >= end) giveUp();
  const rest = reader.text.slice(start, end);
  if (!ordered && /^([-*_])(?: *\1){2,} *$/.test(rest)) giveUp();
  const markerText = reader.text.slice(start, at);
  return { ordered, marker: ordered ? markerText.slice(-1) : markerText, value: ordered ? Number.parseInt(markerText, 10) : 0, contentStart: at + 1 };
}

export function readList(reader: BlockReader, first: number, start: number, container: Container): { node: List; next: number } {
  const firstMarker = listMarker(reader, start, reader.lines.ends[first]!)!;
  const items: ListItem[] = [];
  let spread = false;
  let index = first;
  let itemStart = start;
  let marker = firstMarker;
  for (;;) {
    const column = marker.contentStart - reader.lines.starts[index]!;
    const content = reader.flow(index, marker.contentStart, { column });
    // A task list item (`[ ]`, `[x]`) is left to micromark.
    const head = content.nodes[0];
    if (head?.type === 'paragraph' && head.children[0]?.type === 'text' && /^\[[ xX]\]/.test(head.children[0].value)) giveUp();
    // The item ends at the end of its last line that is not blank.
    const last = content.next - 1;
    const item: ListItem = {
      type: 'listItem',
      spread: content.blankBetween,
      checked: null,
      children: content.nodes as ListItem['children'],
      position: { start: reader.lines.point(itemStart), end: reader.lines.point(reader.lines.ends[last]!) },
    };
    items.push(item);
    // The next item: a marker of the same kind less indented than this item's content (after
    // blank lines, which make the list spread), still in the list's container.
    let probe = content.next;
    while (probe < reader.lines.count && reader.blank(probe)) probe++;
    index = content.next;
    if (probe >= reader.lines.count) break;
    const nextStart = reader.contentStart(probe);
    const nextIndent = nextStart - reader.lines.starts[probe]!;
    if (nextIndent >= column || nextIndent < container.column) break;
    const nextMarker = listMarker(reader, nextStart, reader.lines.ends[probe]!);
    if (!nextMarker || nextMarker.ordered !== marker.ordered || nextMarker.marker !== marker.marker) break;
    if (probe > content.next) spread = true;
    index = probe;
    itemStart = nextStart;
    marker = nextMarker;
  }
  // A list whose items are separated by blank lines is spread; so is one whose item is.
  const node: List = {
    type: 'list',
    ordered: firstMarker.ordered,
    start: firstMarker.ordered ? firstMarker.value : null,
    spread,
    children: items,
    position: { start: reader.lines.point(start), end: items[items.length - 1]!.position!.end },
  };
  return { node, next: index };
}
