/**
 * Callouts: `<Note>`, `<Info>`, `<Tip>`, `<Warning>`, `<Check>`, `<Danger>` and the custom
 * `<Callout icon color>`; GitHub's `> [!NOTE]` alerts render through the same function.
 */
import { attributes } from '../escape.ts';
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

/** `titleHtml` and `iconHtml` are HTML already (escaped text, or what JSX in the prop rendered to). */
export function calloutHtml(kind: CalloutKind, childrenHtml: string, options: { titleHtml?: string | undefined; label?: string | undefined; iconHtml?: string; color?: string | undefined } = {}): string {
  const { titleHtml } = options;
  const head = titleHtml === undefined ? '' : `<p class="callout-title">${titleHtml}</p>`;
  return `<aside${attributes({
    class: `callout callout-${kind}`,
    role: 'note',
    'aria-label': options.label ?? LABEL[kind],
    style: options.color ? `--callout-color:${options.color}` : undefined,
  })}>${options.iconHtml ?? ''}<div class="callout-body">${head}${childrenHtml}</div></aside>`;
}

function callout(kind: CalloutKind): Component {
  return (props, childrenHtml, context) => calloutHtml(kind, childrenHtml, { titleHtml: richText(props, 'title'), label: text(props, 'title'), iconHtml: iconOf(props, context.icon) });
}

export const Note = callout('note');
export const Info = callout('info');
export const Tip = callout('tip');
export const Warning = callout('warning');
export const Check = callout('check');
export const Danger = callout('danger');

export const Callout: Component = (props, childrenHtml, context) =>
  calloutHtml('custom', childrenHtml, { titleHtml: richText(props, 'title'), label: text(props, 'title'), iconHtml: iconOf(props, context.icon), color: color(props, 'color') });
