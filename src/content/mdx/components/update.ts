/** `<Update label description tags>`: one changelog entry; its label is a heading of the page (TOC, RSS later). */
import { element, textNode } from './hast.ts';
import { list, text } from './props.ts';
import type { Component } from './types.ts';

export const Update: Component = (props, children, context) => {
  const label = text(props, 'label') ?? '';
  const description = text(props, 'description');
  const tags = list(props, 'tags');
  const id = context.heading(2, label, text(props, 'id'));
  return [
    element('section', { className: 'update', dataTags: tags.length > 0 ? tags.join(',') : undefined }, [
      element('div', { className: 'update-meta' }, [
        element('h2', { className: 'update-label', id }, [textNode(label)]),
        ...(description === undefined ? [] : [element('p', { className: 'update-description' }, [textNode(description)])]),
        ...(tags.length === 0 ? [] : [element('ul', { className: 'update-tags' }, tags.map((tag) => element('li', {}, [textNode(tag)])))]),
      ]),
      element('div', { className: 'update-content' }, children),
    ]),
  ];
};
