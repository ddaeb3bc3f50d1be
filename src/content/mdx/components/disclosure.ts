/** Things that open and close, as `<details>`/`<summary>` so they work without JavaScript. */
import { attributes } from '../escape.ts';
import { iconOf } from './icon.ts';
import { flag, richText, text } from './props.ts';
import type { Component } from './types.ts';

export const AccordionGroup: Component = (_props, childrenHtml) => `<div class="accordion-group">${childrenHtml}</div>`;

export const Accordion: Component = (props, childrenHtml, context) => {
  const title = richText(props, 'title') ?? '';
  const description = richText(props, 'description');
  return (
    `<details${attributes({ class: 'accordion', id: text(props, 'id'), open: flag(props, 'defaultOpen') })}>` +
    `<summary>${iconOf(props, context.icon)}<span class="accordion-title">${title}</span>` +
    (description === undefined ? '' : `<span class="accordion-description">${description}</span>`) +
    `</summary><div class="accordion-content">${childrenHtml}</div></details>`
  );
};

/**
 * Nested fields of a field, behind "Show …"; generated endpoint pages use it for child attributes
 * and options, and, with `data`, for the levels the page script fetches when opened.
 */
export function expandableHtml(view: { titleHtml: string; open?: boolean; contentHtml: string; data?: Record<string, string | true> }): string {
  return `<details${attributes({ class: 'expandable', open: view.open ?? false, ...view.data })}><summary>Show ${view.titleHtml}</summary><div class="expandable-content">${view.contentHtml}</div></details>`;
}

/** Nested fields of a `ParamField`/`ResponseField`: "Show properties". */
export const Expandable: Component = (props, childrenHtml) =>
  expandableHtml({ titleHtml: richText(props, 'title') ?? 'properties', open: flag(props, 'defaultOpen'), contentHtml: childrenHtml });
