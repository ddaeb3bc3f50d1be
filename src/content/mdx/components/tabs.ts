/**
 * Tab sets: `<Tabs>`/`<Tab title>`, and `<CodeGroup>` (tabs over code blocks, titled by each
 * fence's meta). ARIA tabs: `role="tab"` buttons wired to `role="tabpanel"`s. Without JavaScript
 * the selected tab's panel shows and the others are `hidden`; the client script switches them.
 */
import { attributes, escapeHtml } from '../escape.ts';
import { iconHtml, iconOf } from './icon.ts';
import { flag, integer, richText, text } from './props.ts';
import type { Component, ComponentContext } from './types.ts';

export interface TabItem {
  /** HTML: escaped text, or rendered JSX. */
  titleHtml: string;
  iconHtml?: string;
  html: string;
}

/** A tab set; `context` hands out the page-unique ids that wire buttons to panels. Generated endpoint pages use it too. */
export function tabsHtml(items: readonly TabItem[], context: Pick<ComponentContext, 'uniqueId'>, options: { className: string; selected?: number; data?: Record<string, string | undefined> }): string {
  const base = context.uniqueId('tabs');
  const selected = Math.min(Math.max(options.selected ?? 0, 0), items.length - 1);
  let buttons = '';
  let panels = '';
  items.forEach((item, index) => {
    const tabId = `${base}-tab-${index + 1}`;
    const panelId = `${base}-panel-${index + 1}`;
    const isSelected = index === selected;
    buttons +=
      `<button${attributes({ type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, 'aria-selected': String(isSelected), tabindex: isSelected ? '0' : '-1' })}>` +
      `${item.iconHtml ?? ''}${item.titleHtml}</button>`;
    panels += `<div${attributes({ role: 'tabpanel', id: panelId, 'aria-labelledby': tabId, tabindex: '0', hidden: !isSelected })}>${item.html}</div>`;
  });
  return `<div${attributes({ class: options.className, ...options.data })}><div role="tablist">${buttons}</div>${panels}</div>`;
}

export const Tabs: Component = (props, childrenHtml, context) => {
  const items: TabItem[] = [];
  for (const child of context.children) {
    if (child.kind !== 'element' || child.name !== 'Tab') continue;
    items.push({ titleHtml: richText(child.props, 'title') ?? `Tab ${items.length + 1}`, iconHtml: iconOf(child.props, context.icon), html: child.childrenHtml });
  }
  if (items.length === 0) return `<div class="tabs">${childrenHtml}</div>`;
  return tabsHtml(items, context, {
    className: 'tabs',
    selected: integer(props, 'defaultTabIndex', 0, 0, items.length - 1),
    data: { 'data-sync': props['sync'] === false || props['sync'] === 'false' ? 'false' : undefined },
  });
};

/** A `<Tab>` outside `<Tabs>`: its content, labelled. */
export const Tab: Component = (props, childrenHtml) =>
  `<section${attributes({ class: 'tab', 'aria-label': text(props, 'title') })}>${childrenHtml}</section>`;

function codeTabs(className: string): Component {
  return (props, childrenHtml, context) => {
    const items: TabItem[] = [];
    for (const child of context.children) {
      if (child.kind === 'code') {
        // The tab shows the block's title and icon: the block was written without its own caption
        // (`CODE_TAB_COMPONENTS`), which would say them twice.
        items.push({ titleHtml: escapeHtml(child.meta.title ?? child.lang ?? `Code ${items.length + 1}`), iconHtml: iconHtml(child.meta.icon, undefined, context.icon), html: child.html });
      } else if (child.kind === 'element') {
        items.push({ titleHtml: richText(child.props, 'title') ?? escapeHtml(child.name), html: child.html });
      }
    }
    if (items.length === 0) return `<div class="${className}">${childrenHtml}</div>`;
    return tabsHtml(items, context, { className, data: { 'data-dropdown': flag(props, 'dropdown') ? 'true' : undefined } });
  };
}

/**
 * `<RequestExample>`, `<ResponseExample>`: a code group for the page's example column (beside the
 * content on wide screens, as a generated endpoint page shows its examples), handed to the page
 * instead of written where it stands. The hosted product supports one of each per page: a second
 * is shown too, below the first, and reported.
 */
function exampleTabs(kind: 'request' | 'response', name: 'RequestExample' | 'ResponseExample'): Component {
  const tabs = codeTabs(`code-group ${kind}-example`);
  return (props, childrenHtml, context) => {
    const html = tabs(props, childrenHtml, context);
    const parts = context.parts;
    if (!parts) return html;
    if (parts.examples.some((example) => example.kind === kind)) context.diagnostic?.('example-repeated', { name });
    parts.examples.push({ kind, html });
    return '';
  };
}

export const CodeGroup = codeTabs('code-group');
export const RequestExample = exampleTabs('request', 'RequestExample');
export const ResponseExample = exampleTabs('response', 'ResponseExample');
