/** Smaller components of the format (format-behaviour.md §3.1) that are not worth a file each. */
import { mermaidHtml } from '../code.ts';
import { attributes, escapeHtml } from '../escape.ts';
import { isRecord } from '../values.ts';
import { iconOf } from './icon.ts';
import { list, richText, text, token, url } from './props.ts';
import type { Component } from './types.ts';

/** `<Mermaid chart="…" />`: the same output as a ```` ```mermaid ```` fence. */
export const Mermaid: Component = (props, _childrenHtml, context) => {
  context.needs?.('mermaid');
  return mermaidHtml(text(props, 'chart') ?? '');
};

/** `<Visibility for="agents">` is only for the Markdown version of a page; the HTML shows the rest. */
export const Visibility: Component = (props, childrenHtml) => (text(props, 'for') === 'agents' ? '' : childrenHtml);

/** `<Prompt description actions>`: a prompt to copy into an AI tool. */
export const Prompt: Component = (props, childrenHtml, context) => {
  const description = richText(props, 'description');
  const actions = list(props, 'actions');
  return (
    `<div${attributes({ class: 'prompt', 'data-actions': actions.length > 0 ? actions.join(',') : undefined })}>` +
    (description === undefined ? '' : `<p class="prompt-description">${iconOf(props, context.icon)}${description}</p>`) +
    `<div class="prompt-body">${childrenHtml}</div></div>`
  );
};

/** `<View title icon>`: one of several versions of the content; the page script offers the switch. */
export const View: Component = (props, childrenHtml) =>
  `<section${attributes({ class: 'view', 'data-title': text(props, 'title'), 'data-icon': text(props, 'icon') })}>${childrenHtml}</section>`;

export const Link: Component = (props, childrenHtml, context) => `<a${attributes({ href: url(props, 'href', context) })}>${childrenHtml}</a>`;

/** `<Color>` palettes: `<Color.Row title>` and `<Color.Item name value>`, value a colour or `{ light, dark }`. */
export const Color: Component = (props, childrenHtml) =>
  `<div${attributes({ class: 'color-palette', 'data-variant': token(props, 'variant') })}>${childrenHtml}</div>`;

export const ColorRow: Component = (props, childrenHtml) => {
  const title = richText(props, 'title');
  return `<div class="color-row">${title === undefined ? '' : `<span class="color-row-title">${title}</span>`}${childrenHtml}</div>`;
};

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([\d\s.,%/]+\)|[a-z]+)$/i;

export const ColorItem: Component = (props) => {
  const value = props['value'];
  const shades = isRecord(value) ? [text(value, 'light'), text(value, 'dark')] : [text(props, 'value')];
  const swatches = shades
    .filter((shade): shade is string => shade !== undefined)
    .map((shade) => `<span class="color-swatch"${CSS_COLOR.test(shade) ? ` style="background:${escapeHtml(shade)}"` : ''}></span><code>${escapeHtml(shade)}</code>`)
    .join('');
  const name = text(props, 'name');
  return `<div class="color-item">${swatches}${name === undefined ? '' : `<span class="color-name">${escapeHtml(name)}</span>`}</div>`;
};

/**
 * `<Snippet file="x.mdx" />`, the legacy include. The page renderer of `src/content/snippets` puts
 * the file's content there (like `import X from '/snippets/x.mdx'` and `<X />`) before any
 * component is looked up; this marker is what `renderMarkdown` alone, which reads no files, leaves.
 */
export const Snippet: Component = (props) => `<div${attributes({ 'data-snippet': text(props, 'file') })}></div>`;
