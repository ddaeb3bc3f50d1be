/** Smaller components of the format (format-behaviour.md §3.1) that are not worth a file each. */
import type { ElementContent } from 'hast';
import { mermaidNode } from '../code.ts';
import { isRecord } from '../values.ts';
import { element, textNode } from './hast.ts';
import { iconOf } from './icon.ts';
import { anchorOf, list, richText, text, token, url } from './props.ts';
import type { Component } from './types.ts';

/** `<Mermaid chart="…" />`: the same output as a ```` ```mermaid ```` fence. */
export const Mermaid: Component = (props, _children, context) => {
  context.needs?.('mermaid');
  return [mermaidNode(text(props, 'chart') ?? '')];
};

/** `<Visibility for="agents">` is only for the Markdown version of a page; the HTML shows the rest. */
export const Visibility: Component = (props, children) => (text(props, 'for') === 'agents' ? [] : children);

/** `<Prompt description actions>`: a prompt to copy into an AI tool. */
export const Prompt: Component = (props, children, context) => {
  const description = richText(props, 'description');
  const actions = list(props, 'actions');
  return [
    element('div', { className: 'prompt', dataActions: actions.length > 0 ? actions.join(',') : undefined }, [
      ...(description === undefined ? [] : [element('p', { className: 'prompt-description' }, [...iconOf(props, context.icon), ...description])]),
      element('div', { className: 'prompt-body' }, children),
    ]),
  ];
};

/** `<View title icon>`: one of several versions of the content; the page script offers the switch. */
export const View: Component = (props, children, context) => [
  element('section', { className: 'view', id: anchorOf('view', props, context), dataTitle: text(props, 'title'), dataIcon: text(props, 'icon') }, children),
];

export const Link: Component = (props, children, context) => [element('a', { href: url(props, 'href', context) }, children)];

/** `<Color>` palettes: `<Color.Row title>` and `<Color.Item name value>`, value a colour or `{ light, dark }`. */
export const Color: Component = (props, children) => [element('div', { className: 'color-palette', dataVariant: token(props, 'variant') }, children)];

export const ColorRow: Component = (props, children) => {
  const title = richText(props, 'title');
  return [element('div', { className: 'color-row' }, [...(title === undefined ? [] : [element('span', { className: 'color-row-title' }, title)]), ...children])];
};

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([\d\s.,%/]+\)|[a-z]+)$/i;

export const ColorItem: Component = (props) => {
  const value = props['value'];
  const shades = isRecord(value) ? [text(value, 'light'), text(value, 'dark')] : [text(props, 'value')];
  const swatches = shades
    .filter((shade): shade is string => shade !== undefined)
    .flatMap((shade): ElementContent[] => [
      element('span', { className: 'color-swatch', style: CSS_COLOR.test(shade) ? `background:${shade}` : undefined }),
      element('code', {}, [textNode(shade)]),
    ]);
  const name = text(props, 'name');
  return [element('div', { className: 'color-item' }, [...swatches, ...(name === undefined ? [] : [element('span', { className: 'color-name' }, [textNode(name)])])])];
};

/**
 * `<Snippet file="x.mdx" />`, the legacy include. The page renderer of `src/content/snippets` puts
 * the file's content there (like `import X from '/snippets/x.mdx'` and `<X />`) before any
 * component is looked up; this marker is what `renderMarkdown` alone, which reads no files, leaves.
 */
export const Snippet: Component = (props) => [element('div', { dataSnippet: text(props, 'file') })];
