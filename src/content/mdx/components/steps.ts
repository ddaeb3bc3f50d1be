/**
 * `<Steps>`/`<Step title>`: an ordered list. A step titled with `titleSize="h2"`…`"h4"` shows its title
 * as a heading; one written with `h2` or `h3` is an anchor of the page and in its table of contents
 * (`anchors.ts`), as there.
 */
import type { ElementContent } from 'hast';
import { element, textNode } from './hast.ts';
import { iconOf } from './icon.ts';
import { flag, integer, richText, text } from './props.ts';
import type { Component } from './types.ts';

export const Steps: Component = (_props, children) => [element('ol', { className: 'steps' }, children)];

const HEADING_SIZES: Record<string, number> = { h2: 2, h3: 3, h4: 4 };

export const Step: Component = (props, children, context) => {
  const title = text(props, 'title');
  const depth = HEADING_SIZES[text(props, 'titleSize') ?? ''];
  const rich = richText(props, 'title');
  let head: ElementContent[] = [];
  if (title !== undefined && depth !== undefined && !flag(props, 'noAnchor')) {
    const id = context.heading(depth, title, text(props, 'id')) ?? text(props, 'id');
    head = [element(`h${depth}`, { className: 'step-title', id }, [textNode(title)])];
  } else if (rich !== undefined) {
    head = [element('p', { className: 'step-title' }, rich)];
  }
  const value = props['stepNumber'] === undefined ? undefined : integer(props, 'stepNumber', 1, 0, 1_000_000);
  return [
    element('li', { className: 'step', value, id: depth === undefined ? text(props, 'id') : undefined }, [
      ...iconOf(props, context.icon),
      ...head,
      element('div', { className: 'step-content' }, children),
    ]),
  ];
};
