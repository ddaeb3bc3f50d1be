/**
 * `<Update label description tags rss>`: one changelog entry. Its label is a heading of the page
 * (table of contents, anchor), and the entry is noted for the page's RSS feed (`context.parts`,
 * src/render/feed.ts), with its content as a feed reader can show it.
 */
import type { ElementContent } from 'hast';
import { isRecord, type Value } from '../values.ts';
import { fragmentHtml } from '../serialize.ts';
import { element, textNode } from './hast.ts';
import { list, text } from './props.ts';
import type { Component } from './types.ts';

export const Update: Component = (props, children, context) => {
  const label = text(props, 'label') ?? '';
  const description = text(props, 'description');
  const tags = list(props, 'tags');
  const id = context.heading(2, label, text(props, 'id'));
  const rss = rssProp(props['rss']);
  context.parts?.updates.push({
    label,
    id,
    tags,
    html: fragmentHtml(feedContent(children)),
    ...(description === undefined ? {} : { description }),
    ...(rss ? { rss } : {}),
  });
  return [
    element('section', { className: 'update', dataTags: tags.length > 0 ? tags.join(',') : undefined }, [
      element('div', { className: 'update-meta' }, [
        element('h2', { className: 'update-label', id }, [textNode(label)]),
        ...(description === undefined ? [] : [element('p', { className: 'update-description' }, [textNode(description)])]),
        ...(tags.length === 0
          ? []
          : [
              element(
                'ul',
                { className: 'update-tags' },
                tags.map((tag) => element('li', {}, [textNode(tag)])),
              ),
            ]),
      ]),
      element('div', { className: 'update-content' }, children),
    ]),
  ];
};

/** `rss={{ title: "…", description: "…" }}`: the text fields of it, if any. */
function rssProp(value: Value): { title?: string; description?: string } | undefined {
  if (value === undefined || !isRecord(value)) return undefined;
  const title = typeof value['title'] === 'string' && value['title'] !== '' ? value['title'] : undefined;
  const description = typeof value['description'] === 'string' && value['description'] !== '' ? value['description'] : undefined;
  if (title === undefined && description === undefined) return undefined;
  return { ...(title === undefined ? {} : { title }), ...(description === undefined ? {} : { description }) };
}

/** Elements a feed reader cannot use: code (the hosted product leaves it out of its feeds too), controls, scripts, drawings. */
const LEFT_OUT = new Set(['pre', 'button', 'script', 'style', 'template', 'svg', 'iframe', 'form', 'input']);

/**
 * The entry's content for its feed item: as on the page, without code blocks, buttons and raw
 * HTML from outside the tree (highlighted code, icons, math), which feeds cannot show.
 */
function feedContent(nodes: readonly ElementContent[]): ElementContent[] {
  const kept: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'raw' || node.type === 'comment') continue;
    if (node.type === 'element') {
      if (LEFT_OUT.has(node.tagName)) continue;
      kept.push({ ...node, children: feedContent(node.children) });
      continue;
    }
    kept.push(node);
  }
  return kept;
}
