/** `<Steps>`/`<Step title>`: an ordered list. A step titled with `titleSize="h2"`…`"h4"` is a heading of the page. */
import { attributes, escapeHtml } from '../escape.ts';
import { iconOf } from './icon.ts';
import { flag, integer, richText, text } from './props.ts';
import type { Component } from './types.ts';

export const Steps: Component = (_props, childrenHtml) => `<ol class="steps">${childrenHtml}</ol>`;

const HEADING_SIZES: Record<string, number> = { h2: 2, h3: 3, h4: 4 };

export const Step: Component = (props, childrenHtml, context) => {
  const title = text(props, 'title');
  const depth = HEADING_SIZES[text(props, 'titleSize') ?? ''];
  let head = '';
  if (title !== undefined && depth !== undefined && !flag(props, 'noAnchor')) {
    const id = context.heading(depth, title, text(props, 'id'));
    head = `<h${depth} class="step-title" id="${escapeHtml(id)}">${escapeHtml(title)}</h${depth}>`;
  } else if (richText(props, 'title') !== undefined) {
    head = `<p class="step-title">${richText(props, 'title')}</p>`;
  }
  const value = props['stepNumber'] === undefined ? undefined : integer(props, 'stepNumber', 1, 0, 1_000_000);
  return (
    `<li${attributes({ class: 'step', value, id: depth === undefined ? text(props, 'id') : undefined })}>` +
    `${iconOf(props, context.icon)}${head}<div class="step-content">${childrenHtml}</div></li>`
  );
};
