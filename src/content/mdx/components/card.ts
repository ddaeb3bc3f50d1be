/** Cards and the grids that hold them: `<Card>`, `<CardGroup cols>`, `<Columns cols>`/`<Column>`, `<Tile>`. */
import { attributes, escapeHtml } from '../escape.ts';
import { iconOf } from './icon.ts';
import { color, flag, integer, richText, text, url } from './props.ts';
import type { Component } from './types.ts';

/** A card is a link when it has an `href` (the whole card is the target), a box otherwise. */
export const Card: Component = (props, childrenHtml, context) => {
  const href = flag(props, 'disabled') ? undefined : url(props, 'href', context);
  const title = richText(props, 'title');
  const img = url(props, 'img', context, 'image');
  const cta = text(props, 'cta');
  const classes = ['card', flag(props, 'horizontal') && 'card-horizontal', flag(props, 'disabled') && 'card-disabled'].filter(Boolean).join(' ');
  const tag = href === undefined ? 'div' : 'a';
  const cardColor = color(props, 'color');
  const inner =
    (img === undefined ? '' : `<img class="card-image" src="${escapeHtml(img)}" alt="">`) +
    iconOf(props, context.icon) +
    (title === undefined ? '' : `<span class="card-title">${title}</span>`) +
    (childrenHtml === '' ? '' : `<div class="card-body">${childrenHtml}</div>`) +
    (cta === undefined ? '' : `<span class="card-cta">${escapeHtml(cta)}</span>`);
  return `<${tag}${attributes({
    class: classes,
    href,
    style: cardColor ? `--card-color:${cardColor}` : undefined,
    'data-arrow': props['arrow'] === undefined ? undefined : String(flag(props, 'arrow')),
  })}>${inner}</${tag}>`;
};

function grid(className: string): Component {
  return (props, childrenHtml) => {
    const cols = integer(props, 'cols', 2, 1, 4);
    return `<div class="${className}" data-cols="${cols}" style="--cols:${cols}">${childrenHtml}</div>`;
  };
}

export const CardGroup = grid('card-group');
export const Columns = grid('columns');
export const Column: Component = (_props, childrenHtml) => `<div class="column">${childrenHtml}</div>`;

export const Tile: Component = (props, childrenHtml, context) => {
  const href = url(props, 'href', context);
  const title = richText(props, 'title');
  const description = richText(props, 'description');
  const tag = href === undefined ? 'div' : 'a';
  return (
    `<${tag}${attributes({ class: 'tile', href })}>` +
    `<div class="tile-preview">${childrenHtml}</div>` +
    (title === undefined ? '' : `<span class="tile-title">${title}</span>`) +
    (description === undefined ? '' : `<span class="tile-description">${description}</span>`) +
    `</${tag}>`
  );
};
