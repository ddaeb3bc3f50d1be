/**
 * The nesting limit (`nesting.ts`) for raw HTML in Markdown. `flattenDeepNodes` bounds the
 * Markdown tree, but raw HTML is a flat run of `html` nodes there: 3,000 `<span>` (18 KB) are
 * nested only when the HTML parser (hast-util-raw, then hast-util-from-parse5) reads them, and
 * its tree walk, which recurses once per level, overflowed the stack ("Maximum call stack size
 * exceeded", at about 1,500 levels).
 *
 * Before that parse, the tags of every `html` node are followed in page order with a model of the
 * browser's stack of open elements that never counts fewer levels than the browser makes: void
 * elements and foreign self-closing tags (`<path/>` in `<svg>`) add none, an end tag closes up to
 * its element, `<p>`, `<li>`, `<dt>`/`<dd>`, table rows and cells close one of their own kind
 * open right above; a formatting element (`<b>`, `<a>`…) closed by something else still counts
 * until its own end tag (the browser opens it again on the next text), and a `<table>` counts as
 * the three levels it makes (`table`, `tbody`, `tr`). Tags inside `<script>`, `<style>` or
 * `<textarea>` are counted too (the browser reads them as text, unless `<select>` ignored the
 * element: counting them is the safe side). A start tag that would go past the limit is
 * left out, with its end tag, so its content joins the level at the limit; a warning says where.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Html, Nodes, Root } from 'mdast';
import { MAX_NESTING } from './nesting.ts';

/** Tag names written as the HTML standard lists them, one space apart. */
const tagNames = (list: string): string[] => list.split(' ');

const VOID = new Set(tagNames('area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr'));
/** The formatting elements of the HTML parser's "list of active formatting elements". */
const FORMATTING = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);
/** Start tags that close an open `<p>` right above them. */
const CLOSES_P = new Set(
  tagNames(
    'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 pre listing form table hr xmp li dd dt',
  ),
);
/** Start tags that close an element of the same group open right above them. */
const SIBLINGS: Record<string, Set<string>> = {
  li: new Set(['li']),
  dd: new Set(['dd', 'dt']),
  dt: new Set(['dd', 'dt']),
  tr: new Set(['tr', 'td', 'th']),
  td: new Set(['td', 'th']),
  th: new Set(['td', 'th']),
  option: new Set(['option']),
};

/** The document's own elements: in a page's body the parser opens and closes none of them again. */
const DOCUMENT = new Set(['html', 'head', 'body', 'frameset']);
/** Elements inside SVG or MathML whose content is HTML again. */
const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);
/** HTML start tags that end SVG or MathML content (the parser leaves foreign content for them). */
const BREAKOUT = new Set(
  tagNames(
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var',
  ),
);

/**
 * Elements an end tag does not close through (the parser's "scope" boundaries, and a few more: it
 * is safe to stop at more of them, the model then counts more levels, never fewer).
 */
const BOUNDARY = new Set(
  tagNames(
    'applet caption html table td th marquee object template button ol ul select svg math mi mo mn ms mtext annotation-xml foreignobject desc title tr tbody thead tfoot colgroup',
  ),
);

/** Where a tag starts and ends in its node's value. */
interface Cut {
  node: Html;
  from: number;
  to: number;
}

class OpenElements {
  private readonly names: string[] = [];
  /** The levels each open element counts for. */
  private readonly weights: number[] = [];
  /** Levels of the elements open (a table counts three). */
  private levels = 0;
  /** Formatting elements opened and not yet closed by their own end tag, and those of them still open. */
  private formatting = 0;
  private formattingOpen = 0;
  /** Whether each open element is SVG or MathML, where `<x/>` closes itself. */
  private readonly foreign: boolean[] = [];
  /** Start tags left out, by name, whose end tags are left out too. */
  private readonly dropped = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** False when the tag must be left out. */
  start(name: string, selfClosing: boolean, breaksOut: boolean): boolean {
    // An HTML element in SVG or MathML ends them: the parser closes them first.
    if (breaksOut && this.inForeign()) this.leaveForeign();
    const foreign = name === 'svg' || name === 'math' || this.inForeign();
    if (VOID.has(name) || DOCUMENT.has(name) || (selfClosing && foreign)) return true;
    const top = this.names.at(-1);
    if (top === 'p' && CLOSES_P.has(name)) this.pop();
    else if (top !== undefined && SIBLINGS[name]?.has(top)) this.pop();
    // A table makes `tbody` and `tr` levels of its own; a template's content is a level below it.
    const weight = name === 'table' ? 3 : name === 'template' ? 2 : 1;
    if (this.depth() + weight > this.limit) {
      this.dropped.set(name, (this.dropped.get(name) ?? 0) + 1);
      return false;
    }
    this.names.push(name);
    this.foreign.push(foreign);
    this.weights.push(weight);
    this.levels += weight;
    if (FORMATTING.has(name)) {
      this.formatting++;
      this.formattingOpen++;
    }
    return true;
  }

  /** False when the end tag closes a start tag that was left out. */
  end(name: string): boolean {
    if ((name === 'p' || name === 'br') && this.inForeign()) this.leaveForeign();
    if (DOCUMENT.has(name)) return true;
    const dropped = this.dropped.get(name) ?? 0;
    if (dropped > 0) {
      this.dropped.set(name, dropped - 1);
      return false;
    }
    const index = this.inScope(name);
    if (index !== -1) {
      if (FORMATTING.has(name) && this.names.slice(index + 1).some((above) => !FORMATTING.has(above))) {
        // Misnested (`<b><div></b>`): the browser's adoption agency keeps the elements above open and
        // may add a copy of the formatting element under them; count one level more instead of closing.
        this.weights[this.weights.length - 1]! += 1;
        this.levels += 1;
      } else {
        while (this.names.length > index) this.pop();
      }
    }
    if (FORMATTING.has(name) && this.formatting > 0) this.formatting--;
    return true;
  }

  private inForeign(): boolean {
    return this.foreign.at(-1) === true && !INTEGRATION.has(this.names.at(-1)!);
  }

  private leaveForeign(): void {
    while (this.inForeign()) this.pop();
  }

  /** Where the element an end tag closes is on the stack, or -1 when none is open within reach. */
  private inScope(name: string): number {
    for (let i = this.names.length - 1; i >= 0; i--) {
      if (this.names[i] === name) return i;
      if (BOUNDARY.has(this.names[i]!)) return -1;
    }
    return -1;
  }

  /** The most levels the browser can have open: those on the stack, and formatting elements it may open again. */
  private depth(): number {
    return this.levels + Math.max(0, this.formatting - this.formattingOpen);
  }

  private pop(): void {
    const name = this.names.pop()!;
    this.levels -= this.weights.pop()!;
    this.foreign.pop();
    if (FORMATTING.has(name)) this.formattingOpen--;
  }
}

/**
 * Leaves out the start tags (and their end tags) of raw HTML that would nest deeper than `limit`
 * (see the module comment). Changes the `html` nodes of `tree` in place; returns the offset in the
 * page of the first tag left out, if any.
 */
export function limitHtmlNesting(tree: Root, limit: number = MAX_NESTING): number | undefined {
  const nodes = htmlNodes(tree);
  // No run of HTML can pass the limit with fewer tags than levels.
  let tags = 0;
  for (const node of nodes) for (let i = node.value.indexOf('<'); i !== -1; i = node.value.indexOf('<', i + 1)) tags++;
  if (tags <= limit / 3) return undefined;
  const open = new OpenElements(limit);
  const cuts: Cut[] = [];
  for (const node of nodes) readTags(node, open, cuts);
  if (cuts.length === 0) return undefined;
  const first = cuts[0]!;
  for (let index = 0; index < cuts.length; ) {
    const node = cuts[index]!.node;
    let value = '';
    let copied = 0;
    for (; index < cuts.length && cuts[index]!.node === node; index++) {
      value += node.value.slice(copied, cuts[index]!.from);
      copied = cuts[index]!.to;
    }
    node.value = value + node.value.slice(copied);
  }
  return (first.node.position?.start.offset ?? 0) + first.from;
}

/** The `html` nodes of a tree, in page order (iteratively: the tree may be deep). */
function htmlNodes(tree: Root): Html[] {
  const out: Html[] = [];
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'html') out.push(node);
    else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

const TAG_NAME = /[A-Za-z][^\s/>]*/y;

/** Follows the tags of one node, noting those to leave out. */
function readTags(node: Html, open: OpenElements, cuts: Cut[]): void {
  const value = node.value;
  let i = value.indexOf('<');
  while (i !== -1 && i < value.length) {
    if (value.startsWith('<!--', i)) {
      const end = value.indexOf('-->', i + 4);
      i = end === -1 ? -1 : value.indexOf('<', end + 3);
      continue;
    }
    if (value[i + 1] === '!' || value[i + 1] === '?') {
      const end = value.indexOf('>', i);
      i = end === -1 ? -1 : value.indexOf('<', end);
      continue;
    }
    const closing = value[i + 1] === '/';
    TAG_NAME.lastIndex = i + (closing ? 2 : 1);
    const match = TAG_NAME.exec(value);
    if (!match) {
      i = value.indexOf('<', i + 1);
      continue;
    }
    const name = match[0].toLowerCase();
    const end = tagEnd(value, TAG_NAME.lastIndex);
    if (closing) {
      if (!open.end(name)) cuts.push({ node, from: i, to: end });
    } else {
      const breaksOut = BREAKOUT.has(name) || (name === 'font' && /\s(?:color|face|size)\b/i.test(value.slice(i, end)));
      if (!open.start(name, value[end - 2] === '/', breaksOut)) cuts.push({ node, from: i, to: end });
    }
    i = value.indexOf('<', end);
  }
}

/** The offset just after the `>` that ends the tag whose attributes start at `from` (quotes respected). */
function tagEnd(value: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < value.length; i++) {
    const char = value[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if ((char === '"' || char === "'") && value.slice(from, i).trimEnd().endsWith('=')) {
      // Only an attribute value is quoted (`title="a > b"`); a stray quote elsewhere is a character.
      quote = char;
    } else if (char === '>') {
      return i + 1;
    }
  }
  return value.length;
}

type HastParent = HastRoot | Element;

/**
 * The safety net behind the model: after the HTML parse, every element nested deeper than `limit`
 * is replaced by what it holds without elements (its text, and its elements that hold nothing), so
 * the stages after it (sanitizer, serializer), which recurse once per level, never meet a deeper
 * tree. Iterative. True when something was flattened.
 */
export function flattenDeepElements(root: HastRoot, limit: number = MAX_NESTING): boolean {
  let flattened = false;
  const stack: { node: HastParent; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth >= limit && node.children.some((child) => child.type === 'element' && child.children.length > 0)) {
      node.children = leaves(node.children) as typeof node.children;
      flattened = true;
      continue;
    }
    for (const child of node.children) if (child.type === 'element') stack.push({ node: child, depth: depth + 1 });
  }
  return flattened;
}

function leaves(nodes: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  const stack: RootContent[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'element' && node.children.length > 0) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    else out.push(node);
  }
  return out;
}
