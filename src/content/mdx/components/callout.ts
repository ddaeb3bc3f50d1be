/**
 * Callouts: `<Note>`, `<Info>`, `<Tip>`, `<Warning>`, `<Check>`, `<Danger>` and the custom
 * `<Callout icon color>`; GitHub's `> [!NOTE]` alerts render through the same function.
 */
import type { ElementContent } from 'hast';
import { element } from './hast.ts';
import { iconOf } from './icon.ts';
import { color, richText, text } from './props.ts';
import type { Component } from './types.ts';

export type CalloutKind = 'note' | 'info' | 'tip' | 'warning' | 'check' | 'danger' | 'custom';

const LABEL: Record<CalloutKind, string> = {
  note: 'Note',
  info: 'Info',
  tip: 'Tip',
  warning: 'Warning',
  check: 'Check',
  danger: 'Danger',
  custom: 'Note',
};

export function calloutNode(
  kind: CalloutKind,
  children: ElementContent[],
  options: { title?: ElementContent[] | undefined; label?: string | undefined; icon?: ElementContent[]; color?: string | undefined } = {},
): ElementContent {
  const { title } = options;
  const head = title === undefined ? [] : [element('p', { className: 'callout-title' }, title)];
  return element(
    'aside',
    { className: `callout callout-${kind}`, role: 'note', ariaLabel: options.label ?? LABEL[kind], style: options.color ? `--callout-color:${options.color}` : undefined },
    [...(options.icon ?? []), element('div', { className: 'callout-body' }, [...head, ...children])],
  );
}

function callout(kind: CalloutKind): Component {
  return (props, children, context) => [calloutNode(kind, children, { title: richText(props, 'title'), label: text(props, 'title'), icon: iconOf(props, context.icon) })];
}

export const Note = callout('note');
export const Info = callout('info');
export const Tip = callout('tip');
export const Warning = callout('warning');
export const Check = callout('check');
export const Danger = callout('danger');

export const Callout: Component = (props, children, context) => [
  calloutNode('custom', children, { title: richText(props, 'title'), label: text(props, 'title'), icon: iconOf(props, context.icon), color: color(props, 'color') }),
];
