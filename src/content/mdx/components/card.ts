/** Cards and the grids that hold them: `<Card>`, `<CardGroup cols>`, `<Columns cols>`/`<Column>`, `<Tile>`. */
import type { ElementContent } from 'hast';
import { element, isEmptyContent, textNode } from './hast.ts';
import { iconOf } from './icon.ts';
import { color, flag, integer, richText, text, url } from './props.ts';
import type { Component } from './types.ts';

/** A card is a link when it has an `href` (the whole card is the target), a box otherwise. */
export const Card: Component = (props, children, context) => {
  const href = flag(props, 'disabled') ? undefined : url(props, 'href', context);
  const title = richText(props, 'title');
  const img = url(props, 'img', context, 'image');
  const cta = text(props, 'cta');
  const classes = ['card', flag(props, 'horizontal') && 'card-horizontal', flag(props, 'disabled') && 'card-disabled'].filter(Boolean).join(' ');
  const cardColor = color(props, 'color');
  const inner: ElementContent[] = [
    ...(img === undefined ? [] : [element('img', { className: 'card-image', src: img, alt: '' })]),
    ...iconOf(props, context.icon),
    ...(title === undefined ? [] : [element('span', { className: 'card-title' }, title)]),
    ...(isEmptyContent(children) ? [] : [element('div', { className: 'card-body' }, children)]),
    ...(cta === undefined ? [] : [element('span', { className: 'card-cta' }, [textNode(cta)])]),
  ];
  return [
    element(
      href === undefined ? 'div' : 'a',
      { className: classes, href, style: cardColor ? `--card-color:${cardColor}` : undefined, dataArrow: props['arrow'] === undefined ? undefined : String(flag(props, 'arrow')) },
      inner,
    ),
  ];
};

function grid(className: string): Component {
  return (props, children) => {
    const cols = integer(props, 'cols', 2, 1, 4);
    return [element('div', { className, dataCols: cols, style: `--cols:${cols}` }, children)];
  };
}

export const CardGroup = grid('card-group');
export const Columns = grid('columns');
export const Column: Component = (_props, children) => [element('div', { className: 'column' }, children)];

export const Tile: Component = (props, children, context) => {
  const href = url(props, 'href', context);
  const title = richText(props, 'title');
  const description = richText(props, 'description');
  return [
    element(href === undefined ? 'div' : 'a', { className: 'tile', href }, [
      element('div', { className: 'tile-preview' }, children),
      ...(title === undefined ? [] : [element('span', { className: 'tile-title' }, title)]),
      ...(description === undefined ? [] : [element('span', { className: 'tile-description' }, description)]),
    ]),
  ];
};
