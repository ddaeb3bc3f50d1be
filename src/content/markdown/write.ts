/**
 * Markdown trees written out as text: CommonMark with GitHub's tables and strikethrough, and `$`
 * math. It writes the nodes `tidy.ts` leaves (every mdast node a page can hold), and escapes only
 * what would change the meaning (`*` that would start emphasis, `#` at the start of a line).
 *
 * mdast-util-to-markdown was the first choice; it costs about 5 ms a page on the corpus (its
 * escaping tries every one of its ~60 patterns on every piece of text), which alone put the
 * Markdown pages over their budget of 15 % of the build. This writer is one pass with a few
 * regular expressions per piece of text.
 */
import type { AlignType, List, Nodes, Root, Table } from 'mdast';

export function writeMarkdown(tree: Root): string {
  const text = blocks(tree.children, '');
  return text === '' ? '' : `${text}\n`;
}

/*
 * Every function writes its first line as it is and starts each further line with `indent`: the
 * prefix of the containers around it (`> ` for a quote, spaces for a list item), so nested content
 * is written once, never re-indented.
 */

/** Blocks with a blank line between them. */
function blocks(nodes: readonly Nodes[], indent: string): string {
  const blank = `\n${indent.trimEnd()}\n${indent}`;
  let out = '';
  let previous: Nodes | undefined;
  for (const node of nodes) {
    const text = block(node, indent);
    if (text === '') continue;
    // Two lists of one kind in a row would read as one: a comment between them keeps them apart.
    if (out !== '') out += previous?.type === 'list' && node.type === 'list' && previous.ordered === node.ordered ? `${blank}<!-- -->${blank}` : blank;
    out += text;
    previous = node;
  }
  return out;
}

function block(node: Nodes, indent: string): string {
  switch (node.type) {
    case 'paragraph':
      return phrasing(node.children, indent);
    case 'heading':
      return `${'#'.repeat(node.depth)} ${phrasing(node.children, '').replace(/\n/g, ' ')}`;
    case 'thematicBreak':
      return '---';
    case 'blockquote':
      return `> ${blocks(node.children, `${indent}> `)}`;
    case 'list':
      return list(node, indent);
    case 'listItem':
      return list({ type: 'list', ordered: false, spread: false, children: [node] }, indent);
    case 'code': {
      const fence = fenceFor(node.value, '`', 3);
      const info = [node.lang, node.meta].filter(Boolean).join(' ');
      return `${fence}${info}\n${indent}${lines(node.value, indent)}${node.value === '' ? '' : `\n${indent}`}${fence}`;
    }
    case 'math':
      return `$$\n${indent}${lines(node.value, indent)}\n${indent}$$`;
    case 'html':
      return lines(node.value, indent);
    case 'table':
      return table(node, indent);
    case 'definition':
      return `[${node.label ?? node.identifier}]: ${destination(node.url)}${title(node.title)}`;
    case 'footnoteDefinition':
      return `[^${node.label ?? node.identifier}]: ${blocks(node.children, `${indent}    `)}`;
    case 'root':
      return blocks(node.children, indent);
    default:
      return inline(node, true, indent);
  }
}

/** Text of several lines, each further line indented. */
function lines(value: string, indent: string): string {
  return indent === '' || !value.includes('\n') ? value : value.replace(/\n/g, `\n${indent}`);
}

function list(node: List, indent: string): string {
  const start = node.start ?? 1;
  let out = '';
  node.children.forEach((item, index) => {
    const marker = node.ordered ? `${start + index}. ` : '- ';
    const inner = indent + ' '.repeat(marker.length);
    const [first, second] = item.children;
    // A nested list right under the item's text, as people write it.
    const content =
      item.children.length === 2 && first!.type === 'paragraph' && second!.type === 'list' ? `${block(first!, inner)}\n${inner}${block(second!, inner)}` : blocks(item.children, inner);
    const checked = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
    if (index > 0) out += `\n${indent}`;
    out += content === '' && checked === '' ? marker.trimEnd() : marker + checked + content;
  });
  return out;
}

function table(node: Table, indent: string): string {
  const rows = node.children.map((row) => row.children.map((cell) => phrasing(cell.children, '').replace(/\n/g, ' ').replace(/\|/g, '\\|')));
  const columns = Math.max(...rows.map((row) => row.length), 1);
  const line = (cells: string[]) => `| ${Array.from({ length: columns }, (_, index) => cells[index] ?? '').join(' | ')} |`;
  const align = (value: AlignType | undefined) => (value === 'left' ? ':--' : value === 'right' ? '--:' : value === 'center' ? ':-:' : '---');
  const [head = [], ...body] = rows;
  return [line(head), line(Array.from({ length: columns }, (_, index) => align(node.align?.[index]))), ...body.map(line)].join(`\n${indent}`);
}

/** A line of text: each piece knows whether it starts a line (where `#`, `>`, `-` and `1.` mean something). */
function phrasing(nodes: readonly Nodes[], indent: string): string {
  let out = '';
  for (const node of nodes) out += inline(node, out === '' || out.endsWith('\n') || out.endsWith(`\n${indent}`), indent);
  return out;
}

function inline(node: Nodes, atLineStart: boolean, indent: string): string {
  switch (node.type) {
    case 'text':
      return lines(escapeText(node.value, atLineStart), indent);
    case 'emphasis':
      return `*${phrasing(node.children, indent)}*`;
    case 'strong':
      return `**${phrasing(node.children, indent)}**`;
    case 'delete':
      return `~~${phrasing(node.children, indent)}~~`;
    case 'inlineCode': {
      const fence = fenceFor(node.value, '`', 1);
      const pad = /^`|`$|^ .* $/.test(node.value) ? ' ' : '';
      return `${fence}${pad}${node.value.replace(/\n/g, ' ')}${pad}${fence}`;
    }
    case 'inlineMath':
      return `$${node.value}$`;
    case 'break':
      return `\\\n${indent}`;
    case 'link':
      return `[${phrasing(node.children, indent)}](${destination(node.url)}${title(node.title)})`;
    case 'image':
      return `![${escapeText(node.alt ?? '', false)}](${destination(node.url)}${title(node.title)})`;
    case 'linkReference':
      return `[${phrasing(node.children, indent)}][${node.label ?? node.identifier}]`;
    case 'imageReference':
      return `![${escapeText(node.alt ?? '', false)}][${node.label ?? node.identifier}]`;
    case 'footnoteReference':
      return `[^${node.label ?? node.identifier}]`;
    case 'html':
      return lines(node.value, indent);
    default:
      return 'children' in node ? phrasing(node.children, indent) : 'value' in node ? lines(escapeText(String(node.value), atLineStart), indent) : '';
  }
}

/** A fence longer than any run of `char` in `value`. */
function fenceFor(value: string, char: string, min: number): string {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return char.repeat(Math.max(min, longest + 1));
}

function destination(url: string): string {
  if (url === '') return '<>';
  return /[\s<>()]/.test(url) ? `<${url.replace(/[<>]/g, (char) => encodeURIComponent(char))}>` : url;
}

function title(value: string | null | undefined): string {
  return value ? ` "${value.replace(/["\\]/g, '\\$&')}"` : '';
}

/** A line's start that would make it a heading, quote, list item, rule or underline: escaped. */
function escapeLineStart(line: string): string {
  return line
    .replace(/^(#{1,6})(?=[ \t]|$)/, '\\$1')
    .replace(/^([>+*]|-(?=[ \t]|$))/, '\\$1')
    .replace(/^(\d{1,9})([.)])(?=[ \t]|$)/, '$1\\$2')
    .replace(/^([=-])(?=[=-]*[ \t]*$)/, '\\$1');
}

/** Characters that start something anywhere in a line: emphasis, code, links, HTML, math. */
const INLINE_SPECIAL = /[\\`*_[\]<&$~]/;

/**
 * Text as it reads, escaped only where Markdown would read it otherwise: `*`, `` ` ``, `[…](`, a `<`
 * starting a tag, `&name;`, `_` at a word's edge, a `$` pair that reads as a formula, `~~`, and at the start of a line a
 * heading, quote, list or rule marker.
 */
function escapeText(value: string, atLineStart: boolean): string {
  let text = value;
  if (INLINE_SPECIAL.test(text)) {
    text = text
      .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
      .replace(/[`*]/g, '\\$&')
      .replace(/\[(?=[^\]]*\][([:])/g, '\\[')
      .replace(/<(?=[a-zA-Z/!?])/g, '\\<')
      .replace(/&(?=#?[a-zA-Z0-9]+;)/g, '\\&')
      .replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}])/gu, (match) => match.replace('_', '\\_'))
      .replace(/~~/g, '\\~\\~');
    // A pair that would read as a formula (no space inside, no digit after): prices stay as written.
    if (/\$(?=[^\s$])[^$]*[^\s$]\$(?!\d)|\$[^\s$]\$(?!\d)/.test(text)) text = text.replace(/\$/g, '\\$');
  }
  if (text.includes('\n')) text = text.replace(/\n[ \t]*([^\n]*)/g, (_line, rest: string) => `\n${escapeLineStart(rest)}`);
  if (atLineStart) text = escapeLineStart(text.replace(/^[ \t]+/, ''));
  return text;
}
