/** Things that open and close, as `<details>`/`<summary>` so they work without JavaScript. */
import type { ElementContent } from 'hast';
import { element, textNode } from './hast.ts';
import { iconOf } from './icon.ts';
import { anchorOf, flag, richText } from './props.ts';
import type { Component } from './types.ts';

export const AccordionGroup: Component = (_props, children) => [element('div', { className: 'accordion-group' }, children)];

export const Accordion: Component = (props, children, context) => {
  const title = richText(props, 'title') ?? [];
  const description = richText(props, 'description');
  return [
    element('details', { className: 'accordion', id: anchorOf('accordion', props, context), open: flag(props, 'defaultOpen') }, [
      element('summary', {}, [
        ...iconOf(props, context.icon),
        element('span', { className: 'accordion-title' }, title),
        ...(description === undefined ? [] : [element('span', { className: 'accordion-description' }, description)]),
      ]),
      element('div', { className: 'accordion-content' }, children),
    ]),
  ];
};

/**
 * Nested fields of a field, behind "Show …"; generated endpoint pages use it for child attributes
 * and options, and, with `data`, for the levels the page script fetches when opened.
 */
export function expandableNode(view: { title: ElementContent[]; open?: boolean; content: ElementContent[]; data?: Record<string, string | true> }): ElementContent {
  return element('details', { className: 'expandable', open: view.open ?? false, ...view.data }, [
    element('summary', {}, [textNode('Show '), ...view.title]),
    element('div', { className: 'expandable-content' }, view.content),
  ]);
}

/** Nested fields of a `ParamField`/`ResponseField`: "Show properties". */
export const Expandable: Component = (props, children) => [
  expandableNode({ title: richText(props, 'title') ?? [textNode('properties')], open: flag(props, 'defaultOpen'), content: children }),
];
