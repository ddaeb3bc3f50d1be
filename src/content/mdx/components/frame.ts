/** `<Frame caption hint>` around an image or video, and `<Panel>` (content for the side column). */
import { element } from './hast.ts';
import { richText } from './props.ts';
import type { Component } from './types.ts';

export const Frame: Component = (props, children) => {
  const caption = richText(props, 'caption');
  const hint = richText(props, 'hint');
  return [
    element('figure', { className: 'frame' }, [
      ...(hint === undefined ? [] : [element('p', { className: 'frame-hint' }, hint)]),
      ...children,
      ...(caption === undefined ? [] : [element('figcaption', {}, caption)]),
    ]),
  ];
};

export const Panel: Component = (_props, children) => [element('aside', { className: 'panel' }, children)];
