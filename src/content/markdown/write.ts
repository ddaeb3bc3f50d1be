/**
 * Markdown trees written out as text: CommonMark with GitHub's tables and strikethrough, and `$`
 * math. It writes the nodes `tidy.ts` leaves (every mdast node a page can hold), and escapes only
 * what would change the meaning (`*` that would start emphasis, `#` at the start of a line, a `$`
 * or `~` that would pair with another in the same paragraph, a bracket in a link's text).
 * test/content/markdown-write.test.ts reads what it writes back with micromark and compares.
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
      // A run of `#` at the end, after a space, would be read as the closing sequence and dropped.
      return `${'#'.repeat(node.depth)} ${phrasing(node.children, '')
        .replace(/\n/g, ' ')
        .replace(/(^|[ \t])(#+)([ \t]*)$/, '$1\\$2$3')}`;
    case 'thematicBreak':
      return '---';
    case 'blockquote':
      return `> ${blocks(node.children, `${indent}> `)}`;
    case 'list':
      return list(node, indent);
    case 'listItem':
      return list({ type: 'list', ordered: false, spread: false, children: [node] }, indent);
    case 'code': {
      const info = [node.lang, node.meta].filter(Boolean).join(' ');
      // A backtick fence's info string may not hold a backtick: tildes then.
      const fence = info.includes('`') ? fenceFor(node.value, '~', 3) : fenceFor(node.value, '`', 3);
      return `${fence}${info}\n${indent}${lines(node.value, indent)}${node.value === '' ? '' : `\n${indent}`}${fence}`;
    }
    case 'math': {
      const fence = fenceFor(node.value, '$', 2);
      return `${fence}\n${indent}${lines(node.value, indent)}\n${indent}${fence}`;
    }
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
      return inline(node, true, indent, escapesFor([node]));
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
      item.children.length === 2 && first!.type === 'paragraph' && second!.type === 'list'
        ? `${block(first!, inner)}\n${inner}${block(second!, inner)}`
        : blocks(item.children, inner);
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

/**
 * What the text of a paragraph, heading or table cell needs escaped beyond its own characters:
 * decided for the whole run, because a `$` pairs with the next `$` of the run (in text, code, a
 * formula or a URL: a formula's content is read before anything else) and a `~` with any later `~`.
 */
interface Escapes {
  /**
   * Every `$` of the run's text is escaped: it would pair into a formula, with a `$` of its text
   * (unless the pair reads as prices, `$5 and $10`, by the rule src/content/mdx/handlers.ts reads
   * them with), or with one in code, a formula or a URL of the run.
   */
  dollars: boolean;
  /** Two `~` in its text: every `~` is escaped, or they would read as strikethrough (GFM reads one tilde too). */
  tildes: boolean;
  /** Inside a link's text or an image's description: `[` and `]` are escaped so the brackets stay paired. */
  label: boolean;
}

function escapesFor(nodes: readonly Nodes[]): Escapes {
  // The run's text as read, other pieces as a letter (`x`): where its `$` and `~` fall.
  let plain = '';
  let otherDollars = 0;
  const count = (value: string | null | undefined, char: string): number => (value ? value.split(char).length - 1 : 0);
  const visit = (node: Nodes): void => {
    if (node.type === 'text') plain += node.value;
    else if (node.type === 'image' || node.type === 'imageReference') plain += node.alt ?? '';
    else if ('value' in node) {
      otherDollars += count(node.value, '$') + (node.type === 'inlineMath' ? 2 : 0);
      plain += 'x';
    }
    if ('url' in node) otherDollars += count(node.url, '$') + count(node.title, '$');
    if ('children' in node) for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  const textDollars = count(plain, '$');
  return { dollars: textDollars > 0 && (otherDollars > 0 || readsAsFormula(plain)), tildes: count(plain, '~') >= 2, label: false };
}

/**
 * Whether two `$` of `text` would be read as a formula: micromark pairs each `$` with the next
 * (`$$` opens a formula of its own), and docjet leaves as text a pair whose formula starts or ends
 * with a space or is followed by a digit (prices: handlers.ts's isMoney).
 */
function readsAsFormula(text: string): boolean {
  if (text.includes('$$')) return true;
  const at: number[] = [];
  for (let i = text.indexOf('$'); i !== -1; i = text.indexOf('$', i + 1)) at.push(i);
  for (let i = 0; i + 1 < at.length; i += 2) {
    let value = text.slice(at[i]! + 1, at[i + 1]);
    // Read back as code is: one space off each side when both have one.
    if (/^ [^]* $/.test(value) && /[^ ]/.test(value)) value = value.slice(1, -1);
    const after = text[at[i + 1]! + 1] ?? '';
    if (!(/^\s|\s$/.test(value) || (after >= '0' && after <= '9'))) return true;
  }
  return false;
}

/** A line of text: each piece knows whether it starts a line (where `#`, `>`, `-` and `1.` mean something). */
function phrasing(nodes: readonly Nodes[], indent: string, escapes: Escapes = escapesFor(nodes)): string {
  let out = '';
  for (const node of nodes) out += inline(node, out === '' || out.endsWith('\n') || out.endsWith(`\n${indent}`), indent, escapes);
  return out;
}

function inline(node: Nodes, atLineStart: boolean, indent: string, escapes: Escapes): string {
  const label = { ...escapes, label: true };
  switch (node.type) {
    case 'text':
      return lines(escapeText(node.value, atLineStart, escapes), indent);
    case 'emphasis':
      return `*${phrasing(node.children, indent, escapes)}*`;
    case 'strong':
      return `**${phrasing(node.children, indent, escapes)}**`;
    case 'delete':
      return `~~${phrasing(node.children, indent, escapes)}~~`;
    case 'inlineCode': {
      const value = node.value.replace(/\n/g, ' ');
      const fence = fenceFor(value, '`', 1);
      const pad = padding(value, '`');
      return `${fence}${pad}${value}${pad}${fence}`;
    }
    case 'inlineMath': {
      const fence = fenceFor(node.value, '$', 1);
      const pad = padding(node.value, '$');
      return `${fence}${pad}${node.value}${pad}${fence}`;
    }
    case 'break':
      return `\\\n${indent}`;
    case 'link':
      return `[${phrasing(node.children, indent, label)}](${destination(node.url)}${title(node.title)})`;
    case 'image':
      return `![${escapeText(node.alt ?? '', false, label)}](${destination(node.url)}${title(node.title)})`;
    case 'linkReference':
      return `[${phrasing(node.children, indent, label)}][${node.label ?? node.identifier}]`;
    case 'imageReference':
      return `![${escapeText(node.alt ?? '', false, label)}][${node.label ?? node.identifier}]`;
    case 'footnoteReference':
      return `[^${node.label ?? node.identifier}]`;
    case 'html':
      return lines(node.value, indent);
    default:
      return 'children' in node ? phrasing(node.children, indent, escapes) : 'value' in node ? lines(escapeText(String(node.value), atLineStart, escapes), indent) : '';
  }
}

/**
 * The space written inside a code span's or formula's fence: when the value starts or ends with the
 * fence's character, or starts and ends with a space (one is taken off each side when read back)
 * without being only spaces.
 */
function padding(value: string, char: string): string {
  return value.startsWith(char) || value.endsWith(char) || (/^ [^]* $/.test(value) && /[^ ]/.test(value)) ? ' ' : '';
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

const NO_ESCAPES: Escapes = { dollars: false, tildes: false, label: false };

/**
 * Text as it reads, escaped only where Markdown would read it otherwise: `*`, `` ` ``, `[…](`, a `<`
 * starting a tag, `&name;`, `_` at a word's edge, `$` and `~` that would pair in their run (a lone
 * price stays as written), brackets in a link's text, and at the start of a line a heading, quote,
 * list or rule marker.
 */
function escapeText(value: string, atLineStart: boolean, escapes: Escapes = NO_ESCAPES): string {
  let text = value;
  if (INLINE_SPECIAL.test(text)) {
    text = text
      .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
      .replace(/[`*]/g, '\\$&')
      .replace(escapes.label ? /[[\]]/g : /\[(?=[^\]]*\][([:])/g, '\\$&')
      .replace(/<(?=[a-zA-Z/!?])/g, '\\<')
      .replace(/&(?=#?[a-zA-Z0-9]+;)/g, '\\&')
      .replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}])/gu, (match) => match.replace('_', '\\_'));
    if (escapes.tildes) text = text.replace(/~/g, '\\~');
    if (escapes.dollars) text = text.replace(/\$/g, '\\$');
  }
  if (text.includes('\n')) text = text.replace(/\n[ \t]*([^\n]*)/g, (_line, rest: string) => `\n${escapeLineStart(rest)}`);
  if (atLineStart) text = escapeLineStart(text.replace(/^[ \t]+/, ''));
  return text;
}
