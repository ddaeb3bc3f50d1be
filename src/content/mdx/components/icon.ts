/** `<Icon icon="rocket" />` and the `icon` prop of other components: a placeholder the theme fills in. */
import { attributes } from '../escape.ts';
import { Markup } from '../values.ts';
import { color, integer, text } from './props.ts';
import type { Component, Props } from './types.ts';

/** The placeholder for a named icon (or its URL); decorative, so hidden from screen readers. */
export function iconHtml(name: string | undefined, iconType?: string): string {
  if (name === undefined) return '';
  return `<span${attributes({ class: 'icon', 'data-icon': name, 'data-icon-type': iconType, 'aria-hidden': 'true' })}></span>`;
}

/** A component's `icon` prop: a name (`icon="rocket"`) or inline SVG (`icon={<svg …/>}`). */
export function iconOf(props: Props): string {
  const value = props['icon'];
  if (value instanceof Markup) return `<span class="icon" aria-hidden="true">${value.html}</span>`;
  return iconHtml(text(props, 'icon'), text(props, 'iconType'));
}

export const Icon: Component = (props) => {
  if (props['icon'] instanceof Markup) return iconOf(props);
  // `<Icon src="/images/x.svg">` names an image instead; the icon stage turns paths into images.
  const name = text(props, 'icon') ?? text(props, 'src');
  if (name === undefined) return '';
  const size = props['size'] === undefined ? undefined : integer(props, 'size', 16, 1, 512);
  const style = [color(props, 'color') && `--icon-color:${color(props, 'color')}`, size && `--icon-size:${size}px`].filter(Boolean).join(';');
  return `<span${attributes({
    class: ['icon', text(props, 'className')].filter(Boolean).join(' '),
    'data-icon': name,
    'data-icon-type': text(props, 'iconType'),
    style: style || undefined,
    'aria-hidden': 'true',
  })}></span>`;
};
