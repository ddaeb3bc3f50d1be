/**
 * Tab sets: `<Tabs>`/`<Tab title>`, and `<CodeGroup>` (tabs over code blocks, titled by each
 * fence's meta). ARIA tabs: `role="tab"` buttons wired to `role="tabpanel"`s. Without JavaScript
 * the selected tab's panel shows and the others are `hidden`; the client script switches them.
 */
import type { ElementContent } from 'hast';
import { fragmentHtml } from '../serialize.ts';
import { element, textNode } from './hast.ts';
import { iconNode, iconOf } from './icon.ts';
import { anchorOf, flag, integer, richText, text } from './props.ts';
import type { Component, ComponentContext } from './types.ts';

export interface TabNodeItem {
  title: ElementContent[];
  /**
   * The id a link to the tab names (`#install`), on its title inside the button: the button's own
   * ids wire ARIA, and an anchor may repeat a heading's id (the hosted product counts them apart).
   */
  anchor?: string | undefined;
  icon?: ElementContent[];
  content: ElementContent[];
}

/** A tab set; `context` hands out the page-unique ids that wire buttons to panels. Generated endpoint pages use it too (`ui.ts`). */
export function tabsNode(
  items: readonly TabNodeItem[],
  context: Pick<ComponentContext, 'uniqueId'>,
  options: { className: string; selected?: number; data?: Record<string, string | undefined> },
): ElementContent {
  const base = context.uniqueId('tabs');
  const selected = Math.min(Math.max(options.selected ?? 0, 0), items.length - 1);
  const buttons: ElementContent[] = [];
  const panels: ElementContent[] = [];
  items.forEach((item, index) => {
    const tabId = `${base}-tab-${index + 1}`;
    const panelId = `${base}-panel-${index + 1}`;
    const isSelected = index === selected;
    buttons.push(
      element('button', { type: 'button', role: 'tab', id: tabId, ariaControls: panelId, ariaSelected: String(isSelected), tabIndex: isSelected ? '0' : '-1' }, [
        ...(item.icon ?? []),
        ...(item.anchor === undefined ? item.title : [element('span', { id: item.anchor }, item.title)]),
      ]),
    );
    panels.push(element('div', { role: 'tabpanel', id: panelId, ariaLabelledBy: tabId, tabIndex: '0', hidden: !isSelected }, item.content));
  });
  return element('div', { className: options.className, ...options.data }, [element('div', { role: 'tablist' }, buttons), ...panels]);
}

export const Tabs: Component = (props, children, context) => {
  const items: TabNodeItem[] = [];
  for (const child of context.children) {
    if (child.kind !== 'element' || child.name !== 'Tab') continue;
    items.push({
      title: richText(child.props, 'title') ?? [textNode(`Tab ${items.length + 1}`)],
      anchor: renderedAnchor(child.content),
      icon: iconOf(child.props, context.icon),
      content: [...child.children],
    });
  }
  if (items.length === 0) return [element('div', { className: 'tabs' }, children)];
  return [
    tabsNode(items, context, {
      className: 'tabs',
      selected: integer(props, 'defaultTabIndex', 0, 0, items.length - 1),
      data: { dataSync: props['sync'] === false || props['sync'] === 'false' ? 'false' : undefined },
    }),
  ];
};

/**
 * A `<Tab>`: its content, labelled, with its anchor. Every Tab is rendered so, in page order, which
 * hands out its anchor; `<Tabs>` then moves that anchor to the Tab's title, in its button (`renderedAnchor`).
 */
export const Tab: Component = (props, children, context) => [
  element('section', { className: 'tab', id: anchorOf('tab', props, context), ariaLabel: text(props, 'title') }, children),
];

/** The anchor `Tab` gave the tab it rendered. */
function renderedAnchor(content: readonly ElementContent[]): string | undefined {
  const section = content.find((node) => node.type === 'element');
  if (section?.type !== 'element') return undefined;
  if (section.data?.fragment === true) return renderedAnchor(section.children);
  if (section.tagName !== 'section') return undefined;
  const id = section.properties['id'];
  return typeof id === 'string' ? id : undefined;
}

function codeTabs(className: string): Component {
  return (props, children, context) => {
    const items: TabNodeItem[] = [];
    for (const child of context.children) {
      if (child.kind === 'code') {
        // The tab shows the block's title and icon: the block was written without its own caption
        // (`CODE_TAB_COMPONENTS`), which would say them twice.
        items.push({
          title: [textNode(child.meta.title ?? child.lang ?? `Code ${items.length + 1}`)],
          icon: iconNode(child.meta.icon, undefined, context.icon),
          content: [...child.content],
        });
      } else if (child.kind === 'element') {
        items.push({ title: richText(child.props, 'title') ?? [textNode(child.name)], content: [...child.content] });
      }
    }
    if (items.length === 0) return [element('div', { className }, children)];
    return [tabsNode(items, context, { className, data: { dataDropdown: flag(props, 'dropdown') ? 'true' : undefined } })];
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
  return (props, children, context) => {
    const content = tabs(props, children, context);
    const parts = context.parts;
    if (!parts) return content;
    if (parts.examples.some((example) => example.kind === kind)) context.diagnostic?.('example-repeated', { name });
    // The page shows it around the body: written on its own.
    parts.examples.push({ kind, html: fragmentHtml(content) });
    return [];
  };
}

export const CodeGroup = codeTabs('code-group');
export const RequestExample = exampleTabs('request', 'RequestExample');
export const ResponseExample = exampleTabs('response', 'ResponseExample');
