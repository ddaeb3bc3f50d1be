/** `<Update label description tags>`: one changelog entry; its label is a heading of the page (TOC, RSS later). */
import { attributes, escapeHtml } from '../escape.ts';
import { list, text } from './props.ts';
import type { Component } from './types.ts';

export const Update: Component = (props, childrenHtml, context) => {
  const label = text(props, 'label') ?? '';
  const description = text(props, 'description');
  const tags = list(props, 'tags');
  const id = context.heading(2, label, text(props, 'id'));
  return (
    `<section${attributes({ class: 'update', 'data-tags': tags.length > 0 ? tags.join(',') : undefined })}>` +
    `<div class="update-meta"><h2 class="update-label" id="${escapeHtml(id)}">${escapeHtml(label)}</h2>` +
    (description === undefined ? '' : `<p class="update-description">${escapeHtml(description)}</p>`) +
    (tags.length === 0 ? '' : `<ul class="update-tags">${tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('')}</ul>`) +
    `</div><div class="update-content">${childrenHtml}</div></section>`
  );
};
