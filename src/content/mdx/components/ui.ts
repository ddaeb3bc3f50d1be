/**
 * The UI pieces that MDX pages and generated endpoint pages both show. The components of this
 * folder build them as hast (`fieldNode`, `tabsNode`, `expandableNode`, `requiredPill`); the
 * endpoint renderer (src/render/endpoint), which writes HTML strings, calls the `…Html` functions
 * here, which serialise those same builders. One definition per piece, so a field, a tab set or a
 * callout looks the same wherever it comes from.
 */
import { trustedHtml } from '../serialize.ts';
import { expandableNode } from './disclosure.ts';
import { fieldNode, requiredPill, type FieldNodeView } from './fields.ts';
import { rawNode } from './hast.ts';
import { tabsNode } from './tabs.ts';
import type { ComponentContext } from './types.ts';

export { calloutNode, type CalloutKind } from './callout.ts';
export { expandableNode } from './disclosure.ts';
export { fieldNode, fieldSlug, requiredPill, type FieldNodeView } from './fields.ts';
export { tabsNode, type TabNodeItem } from './tabs.ts';

/** A field whose texts are plain (escaped when written) and whose description is HTML already. */
export type FieldView = Omit<FieldNodeView, 'description'> & { descriptionHtml: string };

/**
 * The view's fields are named one by one: object rest and spread with optional keys take V8's slow
 * path, and generated pages write many fields (GitHub's reference: 164,000).
 */
export function fieldHtml(view: FieldView): string {
  const { kind, id, name, location, type, required, deprecated, defaultValue } = view;
  const node = fieldNode({ kind, id, name, location, type, required, deprecated, defaultValue, description: rawNode(view.descriptionHtml) });
  // Generated fields are all inside `.endpoint`, which does not show an empty description: left
  // out, as 2.1 of the 135 MB of pages of GitHub's API reference were `<div class="field-description"></div>`.
  if (view.descriptionHtml === '') node.children.pop();
  return trustedHtml([node]);
}

/** The "required" pill of a field, or of a request body. */
export const REQUIRED_PILL = trustedHtml([requiredPill()]);

export interface TabItem {
  /** HTML: escaped text, or rendered JSX. */
  titleHtml: string;
  iconHtml?: string;
  html: string;
}

/** A tab set from HTML pieces; `context` hands out the page-unique ids that wire buttons to panels. */
export function tabsHtml(
  items: readonly TabItem[],
  context: Pick<ComponentContext, 'uniqueId'>,
  options: { className: string; selected?: number; data?: Record<string, string | undefined> },
): string {
  const nodes = items.map((item) => ({ title: rawNode(item.titleHtml), icon: rawNode(item.iconHtml ?? ''), content: rawNode(item.html) }));
  return trustedHtml([tabsNode(nodes, context, options)]);
}

export function expandableHtml(view: { titleHtml: string; open?: boolean; contentHtml: string; data?: Record<string, string | true> }): string {
  return trustedHtml([expandableNode({ title: rawNode(view.titleHtml), open: view.open ?? false, content: rawNode(view.contentHtml), data: view.data ?? {} })]);
}
