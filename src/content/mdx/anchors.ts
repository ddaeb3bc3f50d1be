/**
 * The anchors of components written in a page, taken from their attributes as written, as the
 * hosted product's tree walks take them (`@mintlify/common` 1.0.1211 `remarkComponentIds`,
 * `remarkExtractTableOfContents`, `rehypeUnicodeIds`), and claimed before the component's children
 * are rendered, so an outer component is numbered before the ones inside it, as there:
 * - Accordion, View: a `title="…"` written as a string (an Accordion's read as Markdown,
 *   `titleText`); `title={…}` gives none. No id when an `id` attribute is written (its value is used).
 * - Tab: the same, its count past the ids Tabs are given.
 * - Step: a heading of the page when `titleSize="h2"` or `"h3"` is written (not `h4`, not
 *   `{…}`), its title a string or a string literal (`title={"x"}`, not a template), read as Markdown.
 * - Update: a heading when it has a `label`; its id from a label written as a string or its `id`.
 * - `<h1>`…`<h4>` written on lines of their own: headings of the page (`jsxHeading`).
 * A component made by code (a function the page defines) is not in the page's tree: only an `id`
 * it is given is its anchor.
 */
import type { ElementContent } from 'hast';
import type { Nodes } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { toHast } from 'mdast-util-to-hast';
import { bodyId, type ComponentIds, titleText } from './headings.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** What a component written in the page was given: `derived` for Accordion/View/Tab, `heading` for Step/Update (undefined: none). */
export interface Claim {
  derived?: string | undefined;
  heading?: string | undefined;
}

/** The page the anchors are claimed on (`Page`). */
export interface AnchorPage {
  readonly componentIds: ComponentIds;
  componentHeading(offset: number, depth: number, text: string, id: string | undefined): string | undefined;
}

const PASS_THROUGH: NonNullable<Parameters<typeof toHast>[1]>['passThrough'] = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm'];
const STEP_DEPTHS: Record<string, number> = { h2: 2, h3: 3 };

export function claimAnchors(page: AnchorPage, name: string, node: JsxElement): Claim | undefined {
  const offset = node.position?.start.offset ?? 0;
  switch (name) {
    case 'Accordion':
    case 'View': {
      const title = written(node, 'title');
      if (has(node, 'id') || title === undefined || title === '') return {};
      if (name === 'View') return { derived: page.componentIds.titled('view', title) };
      return { derived: page.componentIds.titled('accordion', titleText(title), () => accordionBody(node)) };
    }
    case 'Tab': {
      const id = written(node, 'id');
      if (id !== undefined && id !== '') return { derived: page.componentIds.tab(undefined, id) };
      const title = written(node, 'title');
      return { derived: title === undefined || title === '' ? undefined : page.componentIds.tab(titleText(title), undefined) };
    }
    case 'Step': {
      const depth = STEP_DEPTHS[written(node, 'titleSize') ?? ''];
      const title = titleText(literal(node, 'title') ?? '');
      if (depth === undefined || noAnchor(node) || title.trim() === '') return {};
      return { heading: page.componentHeading(offset, depth, title, written(node, 'id')) };
    }
    case 'Update':
      if (!has(node, 'label')) return {};
      return { heading: page.componentHeading(offset, 2, written(node, 'label') ?? '', written(node, 'id')) };
    default:
      return undefined;
  }
}

/**
 * The anchor of an `<h1>`…`<h4>` written on lines of its own (the caller knows), as there: its `id="…"` (cleaned as a
 * `{#id}` is) or its text's slug, numbered as a component's heading and in the table of contents when
 * it has text. Undefined for another element, one inline, one whose `id` is an expression, or on a
 * page whose headings are no anchors.
 */
export function jsxHeading(page: AnchorPage & { readonly headingAnchors: boolean }, name: string, node: JsxElement): string | undefined {
  const depth = /^h[1-4]$/.test(name) ? Number(name.charAt(1)) : undefined;
  if (depth === undefined || !page.headingAnchors) return undefined;
  const id = written(node, 'id');
  if (id === undefined && has(node, 'id')) return undefined;
  return page.componentHeading(node.position?.start.offset ?? 0, depth, headingText(node.children).trim(), id);
}

/** A heading's text there (`getTableOfContentsTitle`): text and inline code, `{expressions}` left out. */
function headingText(nodes: readonly Nodes[]): string {
  let text = '';
  nodes.forEach((node, index) => {
    if (node.type === 'text') {
      if (nodes[index - 1]?.type !== 'mdxJsxFlowElement') text += node.value;
    } else if (node.type === 'inlineCode') text += node.value;
    else if ('children' in node) text += headingText(node.children);
  });
  return text;
}

function has(node: JsxElement, name: string): boolean {
  return node.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
}

/** An attribute written as a string (`title="x"`). */
function written(node: JsxElement, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name) return typeof attribute.value === 'string' ? attribute.value : undefined;
  }
  return undefined;
}

/** An attribute written as a string or as one string literal (`title={"x"}`). */
function literal(node: JsxElement, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.name !== name) continue;
    const value = attribute.value;
    if (typeof value === 'string') return value;
    const statement = value?.data?.estree?.body[0];
    if (statement?.type === 'ExpressionStatement' && statement.expression.type === 'Literal' && typeof statement.expression.value === 'string') return statement.expression.value;
    return undefined;
  }
  return undefined;
}

/** `noAnchor`, `noAnchor="true"`, `noAnchor={true}`. */
function noAnchor(node: JsxElement): boolean {
  return node.attributes.some(
    (attribute) =>
      attribute.type === 'mdxJsxAttribute' &&
      attribute.name === 'noAnchor' &&
      (attribute.value === null || attribute.value === undefined || attribute.value === 'true' || (typeof attribute.value === 'object' && attribute.value.value === 'true')),
  );
}

/** An Accordion's body as HTML holds it there (its children converted as MDX passes a component through). */
function accordionBody(node: JsxElement): string | undefined {
  const converted = toHast({ ...node, type: 'mdxJsxFlowElement' } as MdxJsxFlowElement, { passThrough: PASS_THROUGH });
  const children = converted && 'children' in converted ? (converted.children as ElementContent[]) : [];
  return bodyId(children);
}
