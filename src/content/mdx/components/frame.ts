/** `<Frame caption hint>` around an image or video, and `<Panel>` (content for the side column). */
import { richText } from './props.ts';
import type { Component } from './types.ts';

export const Frame: Component = (props, childrenHtml) => {
  const caption = richText(props, 'caption');
  const hint = richText(props, 'hint');
  return (
    '<figure class="frame">' +
    (hint === undefined ? '' : `<p class="frame-hint">${hint}</p>`) +
    childrenHtml +
    (caption === undefined ? '' : `<figcaption>${caption}</figcaption>`) +
    '</figure>'
  );
};

export const Panel: Component = (_props, childrenHtml) => `<aside class="panel">${childrenHtml}</aside>`;
