/**
 * `<Icon icon="rocket" />` and the `icon` prop of other components: a span that names the icon,
 * with the icon the page's `IconDrawer` draws inside (the render layer's draws from the site's
 * library, as SVG markup: a raw node, the one piece of the span that is not built here).
 */
import type { Element, ElementContent } from 'hast';
import type { IconDrawer } from '../types.ts';
import { trustedHtml } from '../serialize.ts';
import { Markup } from '../values.ts';
import { element, rawNode } from './hast.ts';
import { color, integer, text } from './props.ts';
import type { Component, Props } from './types.ts';

/** No drawing: the span names its icon and stays empty (pages rendered without an icon library, tests). */
export const noIcon: IconDrawer = () => undefined;

/** A named icon (or its URL); decorative, so hidden from screen readers. */
export function iconNode(name: string | undefined, iconType?: string, draw: IconDrawer = noIcon): ElementContent[] {
  if (name === undefined) return [];
  return [element('span', { className: 'icon', dataIcon: name, dataIconType: iconType, ariaHidden: 'true' }, rawNode(draw(name, iconType) ?? ''))];
}

/** `iconNode` written as HTML: for code blocks' captions, which the highlighting seam writes as strings. */
export function iconHtml(name: string | undefined, iconType?: string, draw: IconDrawer = noIcon): string {
  return trustedHtml(iconNode(name, iconType, draw));
}

/** A component's `icon` prop: a name (`icon="rocket"`) or inline SVG (`icon={<svg …/>}`). */
export function iconOf(props: Props, draw: IconDrawer = noIcon): ElementContent[] {
  const value = props['icon'];
  if (value instanceof Markup) return [element('span', { className: 'icon', ariaHidden: 'true' }, [...value.content])];
  return iconNode(text(props, 'icon'), text(props, 'iconType'), draw);
}

export const Icon: Component = (props, _children, context) => {
  if (props['icon'] instanceof Markup) return iconOf(props);
  // `<Icon src="/images/x.svg">` names an image instead; the drawer turns paths into images.
  const name = text(props, 'icon') ?? text(props, 'src');
  if (name === undefined) return [];
  const iconType = text(props, 'iconType');
  const size = props['size'] === undefined ? undefined : integer(props, 'size', 16, 1, 512);
  const style = [color(props, 'color') && `--icon-color:${color(props, 'color')}`, size && `--icon-size:${size}px`].filter(Boolean).join(';');
  const span: Element = element(
    'span',
    { className: ['icon', text(props, 'className')].filter(Boolean).join(' '), dataIcon: name, dataIconType: iconType, style: style || undefined, ariaHidden: 'true' },
    rawNode((context.icon ?? noIcon)(name, iconType) ?? ''),
  );
  return [span];
};
