/** Components written inside a line of text: `<Badge>`, `<Tooltip>`. */
import { element, textNode } from './hast.ts';
import { iconOf } from './icon.ts';
import { flag, text, token, url } from './props.ts';
import type { Component } from './types.ts';

export const Badge: Component = (props, children, context) => {
  const classes = ['badge', `badge-${token(props, 'color') ?? 'gray'}`, flag(props, 'stroke') && 'badge-stroke', flag(props, 'disabled') && 'badge-disabled'];
  return [
    element('span', { className: classes.filter(Boolean).join(' '), dataSize: token(props, 'size'), dataShape: token(props, 'shape') }, [
      ...iconOf(props, context.icon),
      ...children,
    ]),
  ];
};

/** The tip is in the page (shown on hover and keyboard focus by CSS), tied to its text by `aria-describedby`. */
export const Tooltip: Component = (props, children, context) => {
  const tip = text(props, 'tip') ?? '';
  const headline = text(props, 'headline');
  const cta = text(props, 'cta');
  const href = url(props, 'href', context);
  const id = context.uniqueId('tooltip');
  const link = cta !== undefined && href !== undefined ? [textNode(' '), element('a', { href }, [textNode(cta)])] : [];
  return [
    element('span', { className: 'tooltip', tabIndex: '0', ariaDescribedBy: id }, [
      ...children,
      element('span', { className: 'tooltip-content', role: 'tooltip', id }, [
        ...(headline === undefined ? [] : [element('strong', { className: 'tooltip-headline' }, [textNode(headline)]), textNode(' ')]),
        textNode(tip),
        ...link,
      ]),
    ]),
  ];
};
