/**
 * `<Icon icon="rocket" />` and the `icon` prop of other components: a span that names the icon,
 * with the icon the page's `IconDrawer` draws inside (the render layer's draws from the site's library).
 */
import { attributes } from '../escape.ts';
import type { IconDrawer } from '../types.ts';
import { Markup } from '../values.ts';
import { color, integer, text } from './props.ts';
import type { Component, Props } from './types.ts';

/** No drawing: the span names its icon and stays empty (pages rendered without an icon library, tests). */
export const noIcon: IconDrawer = () => undefined;

/** A named icon (or its URL); decorative, so hidden from screen readers. */
export function iconHtml(name: string | undefined, iconType?: string, draw: IconDrawer = noIcon): string {
  if (name === undefined) return '';
  return `<span${attributes({ class: 'icon', 'data-icon': name, 'data-icon-type': iconType, 'aria-hidden': 'true' })}>${draw(name, iconType) ?? ''}</span>`;
}

/** A component's `icon` prop: a name (`icon="rocket"`) or inline SVG (`icon={<svg …/>}`). */
export function iconOf(props: Props, draw: IconDrawer = noIcon): string {
  const value = props['icon'];
  if (value instanceof Markup) return `<span class="icon" aria-hidden="true">${value.html}</span>`;
  return iconHtml(text(props, 'icon'), text(props, 'iconType'), draw);
}

export const Icon: Component = (props, _childrenHtml, context) => {
  if (props['icon'] instanceof Markup) return iconOf(props);
  // `<Icon src="/images/x.svg">` names an image instead; the drawer turns paths into images.
  const name = text(props, 'icon') ?? text(props, 'src');
  if (name === undefined) return '';
  const iconType = text(props, 'iconType');
  const size = props['size'] === undefined ? undefined : integer(props, 'size', 16, 1, 512);
  const style = [color(props, 'color') && `--icon-color:${color(props, 'color')}`, size && `--icon-size:${size}px`].filter(Boolean).join(';');
  return `<span${attributes({
    class: ['icon', text(props, 'className')].filter(Boolean).join(' '),
    'data-icon': name,
    'data-icon-type': iconType,
    style: style || undefined,
    'aria-hidden': 'true',
  })}>${(context.icon ?? noIcon)(name, iconType) ?? ''}</span>`;
};
