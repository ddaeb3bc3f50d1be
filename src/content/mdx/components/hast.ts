/**
 * What components build: hast elements and text, marked `escapeAll` so that they are written as
 * components have always written their HTML (`../serialize.ts`). Plain object literals: a
 * component's tree is a handful of elements, and hastscript's property parsing would cost more.
 */
import type { Element, ElementContent, Properties, Text } from 'hast';

/** Properties as components write them: the class as one string (`card card-horizontal`), as in HTML. */
export type Attributes = { [key: string]: Properties[string] } & { className?: string | undefined };

export function element(tagName: string, attributes: Attributes, children: ElementContent[] = []): Element {
  const properties: Properties = {};
  for (const key in attributes) {
    const value = attributes[key];
    properties[key] = key === 'className' && typeof value === 'string' ? [value] : value;
  }
  return { type: 'element', tagName, properties, children, data: { escapeAll: true } };
}

export function textNode(value: string): Text {
  return { type: 'text', value, data: { escapeAll: true } };
}

/** HTML from outside the tree (an icon library's SVG, KaTeX's output, a highlighted code block), kept as it is. */
export function rawNode(value: string): ElementContent[] {
  return value === '' ? [] : [{ type: 'raw', value }];
}

/**
 * Content that stands as one node where mdast-util-to-hast expects one, and is written as its
 * children alone (`../serialize.ts`): a component's or a value's output is one block, so a list
 * item does not unwrap its paragraph, a line break does not trim its text, and the root does not
 * put line breaks between its parts.
 */
export function fragment(children: ElementContent[]): Element {
  return { type: 'element', tagName: 'dj-fragment', properties: {}, children, data: { fragment: true } };
}

/** Whether content writes nothing at all (empty text, empty fragments). */
export function isEmptyContent(nodes: readonly ElementContent[]): boolean {
  return nodes.every((node) =>
    node.type === 'element' ? node.data?.fragment === true && isEmptyContent(node.children) : (node.type === 'text' || node.type === 'raw') && node.value === '',
  );
}
