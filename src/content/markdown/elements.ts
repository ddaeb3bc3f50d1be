/**
 * HTML elements as Markdown: those written as JSX in a page (`<a href>`, `<img>`, `<br />`) and
 * those in HTML that values carry (what a component written as a function returns). Elements with
 * a Markdown equivalent become it (links, images, emphasis, headings, lists, code, tables); media
 * become a link to their file; scripts, styles and SVG drawings are left out; any other element is
 * its children.
 */
import type { Element, ElementContent, Nodes as HastNodes, RootContent as HastContent } from 'hast';
import { raw } from 'hast-util-raw';
import type { Nodes, PhrasingContent, TableCell, TableRow } from 'mdast';
import { blockquote, listItem, paragraph, plainText, text } from './tidy.ts';

/** An attribute's value as text, undefined when absent. */
export type Attribute = (name: string) => string | undefined;

const LEFT_OUT = new Set(['script', 'style', 'template', 'svg', 'math', 'head', 'title', 'meta', 'link', 'noscript', 'input', 'select', 'textarea', 'source', 'track']);
const MEDIA = new Set(['iframe', 'video', 'audio', 'embed', 'object']);
/** The attribute a `<pre>` is asked for its language: HTML gives the `language-x` class of its `<code>`. */
const LANGUAGE = 'data-language';
const HEADINGS: Record<string, 1 | 2 | 3 | 4 | 5 | 6> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** One element, its children already Markdown. `tag` is lower case. */
export function elementToMarkdown(tag: string, attribute: Attribute, children: Nodes[]): Nodes[] {
  if (LEFT_OUT.has(tag)) return [];
  const depth = HEADINGS[tag];
  if (depth !== undefined) return [{ type: 'heading', depth, children: phrasing(children) }];
  if (MEDIA.has(tag)) {
    const src = attribute('src') ?? attribute('data');
    return src === undefined ? children : [paragraph([{ type: 'link', url: src, children: [text(attribute('title') ?? src)] }])];
  }
  switch (tag) {
    case 'a': {
      const href = attribute('href');
      return href === undefined ? children : [{ type: 'link', url: href, children: phrasing(children) }];
    }
    case 'img': {
      // `alt=""` marks an image as decoration: the text version leaves it out.
      const src = attribute('src');
      const alt = attribute('alt');
      return src === undefined || alt === '' ? [] : [{ type: 'image', url: src, alt: alt ?? '', ...titleOf(attribute) }];
    }
    case 'br':
      return [{ type: 'break' }];
    case 'hr':
      return [{ type: 'thematicBreak' }];
    case 'strong':
    case 'b':
      return [{ type: 'strong', children: phrasing(children) }];
    case 'em':
    case 'i':
      return [{ type: 'emphasis', children: phrasing(children) }];
    case 'del':
    case 's':
      return [{ type: 'delete', children: phrasing(children) }];
    case 'code':
    case 'kbd':
      return [{ type: 'inlineCode', value: plainText(children) }];
    case 'pre':
      return [{ type: 'code', lang: attribute(LANGUAGE) ?? null, value: plainText(children).replace(/\n$/, '') }];
    case 'p':
      return [paragraph(phrasing(children))];
    case 'blockquote':
      return [blockquote(children)];
    case 'ul':
    case 'ol':
      return [{ type: 'list', ordered: tag === 'ol', spread: false, children: children.filter((child) => child.type === 'listItem') }];
    case 'li':
      return [listItem(children)];
    case 'summary':
      return [paragraph([{ type: 'strong', children: phrasing(children) }])];
    case 'table':
      return [{ type: 'table', children: rows(children) }];
    case 'tr':
      return [{ type: 'tableRow', children: children.filter((child): child is TableCell => child.type === 'tableCell') }];
    case 'td':
    case 'th':
      return [{ type: 'tableCell', children: phrasing(children) }];
    default:
      return children;
  }
}

function titleOf(attribute: Attribute): { title?: string } {
  const title = attribute('title');
  return title === undefined ? {} : { title };
}

/** The rows of a table, from `<thead>`/`<tbody>` or straight from its `<tr>`s. */
function rows(children: Nodes[]): TableRow[] {
  return children.flatMap((child): TableRow[] => {
    if (child.type === 'tableRow') return [child];
    return 'children' in child ? rows(child.children) : [];
  });
}

/** Children kept inside a line: blocks become their text, a space between (`<a><h3>Title</h3><p>Text</p></a>`). */
function phrasing(children: Nodes[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let afterBlock = false;
  for (const child of children) {
    if (isLine(child)) {
      if (afterBlock) out.push(text(' '));
      out.push(child);
      afterBlock = false;
      continue;
    }
    const inner = child.type === 'code' ? [{ type: 'inlineCode', value: child.value } as const] : 'children' in child ? phrasing(child.children) : [];
    if (inner.length === 0) continue;
    if (out.length > 0) out.push(text(' '));
    out.push(...inner);
    afterBlock = true;
  }
  return out;
}

function isLine(node: Nodes): node is PhrasingContent {
  return ['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image', 'inlineMath', 'html'].includes(node.type);
}

/**
 * HTML as Markdown. `placeholder` gives the nodes an HTML comment stands for: values carry the
 * Markdown of components and snippet bodies as `<!--…-->` markers (`reduce.ts`).
 */
export function contentToMarkdown(content: readonly ElementContent[], placeholder: (comment: string) => Nodes[] | undefined): Nodes[] {
  const tree = raw({ type: 'root', children: [...content] });
  return tree.type === 'root' ? fromHast(tree.children, placeholder) : fromHast([tree as HastContent], placeholder);
}

function fromHast(nodes: readonly HastNodes[], placeholder: (comment: string) => Nodes[] | undefined): Nodes[] {
  const out: Nodes[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(text(node.value));
    else if (node.type === 'comment') out.push(...(placeholder(node.value) ?? []));
    else if (node.type === 'element') out.push(...fromElement(node, placeholder));
    else if (node.type === 'root') out.push(...fromHast(node.children, placeholder));
  }
  return out;
}

function fromElement(element: Element, placeholder: (comment: string) => Nodes[] | undefined): Nodes[] {
  const children = fromHast(element.children, placeholder);
  const attribute: Attribute = (name) => {
    if (name === LANGUAGE && element.tagName === 'pre') return codeLanguage(element);
    const value = element.properties[name];
    if (value === undefined || value === null || value === false) return undefined;
    return Array.isArray(value) ? value.join(' ') : String(value);
  };
  return elementToMarkdown(element.tagName, attribute, children);
}

/** `<pre><code class="language-js">`: `js`. */
function codeLanguage(pre: Element): string | undefined {
  for (const child of pre.children) {
    if (child.type !== 'element' || child.tagName !== 'code') continue;
    const className = child.properties['className'];
    const found = Array.isArray(className) ? className.map(String).find((name) => name.startsWith('language-')) : undefined;
    if (found !== undefined) return found.slice('language-'.length);
  }
  return undefined;
}
