/** Components written inside a line of text: `<Badge>`, `<Tooltip>`. */
import { attributes, escapeHtml } from '../escape.ts';
import { iconOf } from './icon.ts';
import { flag, text, token, url } from './props.ts';
import type { Component } from './types.ts';

export const Badge: Component = (props, childrenHtml, context) => {
  const classes = ['badge', `badge-${token(props, 'color') ?? 'gray'}`, flag(props, 'stroke') && 'badge-stroke', flag(props, 'disabled') && 'badge-disabled'];
  return `<span${attributes({
    class: classes.filter(Boolean).join(' '),
    'data-size': token(props, 'size'),
    'data-shape': token(props, 'shape'),
  })}>${iconOf(props, context.icon)}${childrenHtml}</span>`;
};

/** The tip is in the page (shown on hover and keyboard focus by CSS), tied to its text by `aria-describedby`. */
export const Tooltip: Component = (props, childrenHtml, context) => {
  const tip = text(props, 'tip') ?? '';
  const headline = text(props, 'headline');
  const cta = text(props, 'cta');
  const href = url(props, 'href', context);
  const id = context.uniqueId('tooltip');
  const link = cta !== undefined && href !== undefined ? ` <a href="${escapeHtml(href)}">${escapeHtml(cta)}</a>` : '';
  return (
    `<span class="tooltip" tabindex="0" aria-describedby="${id}">${childrenHtml}` +
    `<span class="tooltip-content" role="tooltip" id="${id}">` +
    (headline === undefined ? '' : `<strong class="tooltip-headline">${escapeHtml(headline)}</strong> `) +
    `${escapeHtml(tip)}${link}</span></span>`
  );
};
