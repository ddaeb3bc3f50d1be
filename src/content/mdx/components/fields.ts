/**
 * API fields: `<ParamField query="limit" type="number" required>` (alias `<Param>`) and
 * `<ResponseField name type>`. A definition-like block: name, where it goes, type, flags, then the
 * description. Generated endpoint pages (src/render/endpoint) write their fields with the same
 * builder (`ui.ts` `fieldHtml`), so they look like hand-written ones.
 */
import type { Element, ElementContent } from 'hast';
import { element, textNode } from './hast.ts';
import { flag, text } from './props.ts';
import type { Component, ComponentContext, PageParts, ParamFieldEntry, Props } from './types.ts';

const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

/** One field as it is shown: every text is plain, `description` is content. */
export interface FieldNodeView {
  kind: 'param' | 'response';
  /** The field's anchor (`param-limit`, `body-address-city`): page-unique, linked to by `#param-limit`. */
  id?: string | undefined;
  name?: string | undefined;
  /** Where a parameter goes (`query`, `header`…): a pill after the name, and `data-location`. */
  location?: string | undefined;
  type?: string | undefined;
  required?: boolean | undefined;
  deprecated?: boolean | undefined;
  /** The default value as shown (`10`, `"asc"`). */
  defaultValue?: string | undefined;
  description: ElementContent[];
}

/**
 * A field name as its anchor writes it (`param-${fieldSlug(name)}`), as the hosted product slugs
 * its fields' ids: camelCase split into words (`userId` → `user-id`, `XMLHttp` → `xml-http`), lower
 * case, every run of other characters one `-`. Letters of every script stay, as in heading anchors.
 */
export function fieldSlug(name: string): string {
  return name
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The "required" pill of a field, or of a request body. */
export function requiredPill(): Element {
  return element('span', { className: 'field-required' }, [textNode('required')]);
}

export function fieldNode(view: FieldNodeView): Element {
  const { name, location, type, defaultValue } = view;
  const header: ElementContent[] = [];
  if (name !== undefined) header.push(element('code', { className: 'field-name' }, [textNode(name)]));
  if (location !== undefined) header.push(element('span', { className: 'field-location' }, [textNode(location)]));
  if (type !== undefined) header.push(element('span', { className: 'field-type' }, [textNode(type)]));
  if (view.required === true) header.push(requiredPill());
  if (view.deprecated === true) header.push(element('span', { className: 'field-deprecated' }, [textNode('deprecated')]));
  if (defaultValue !== undefined) header.push(element('span', { className: 'field-default' }, [textNode('default: '), element('code', {}, [textNode(defaultValue)])]));
  return element('div', { className: `field ${view.kind}-field`, id: view.id, dataLocation: location }, [
    element('div', { className: 'field-header' }, header),
    element('div', { className: 'field-description' }, view.description),
  ]);
}

/** The flags and values both field components read the same way. */
function commonView(props: Props): Pick<FieldNodeView, 'type' | 'required' | 'deprecated' | 'defaultValue'> {
  return {
    type: text(props, 'type'),
    required: flag(props, 'required'),
    deprecated: flag(props, 'deprecated'),
    defaultValue: props['default'] === undefined ? undefined : (text(props, 'default') ?? JSON.stringify(props['default'])),
  };
}

/**
 * A field component's anchor: its `id` prop, else `param-` and its name (`<ResponseField>` too, as
 * on the hosted product), numbered when the page has it already (`param-limit-1`).
 */
function anchorOf(props: Props, name: string | undefined, context: ComponentContext): string | undefined {
  const written = text(props, 'id');
  const slug = name === undefined ? '' : fieldSlug(name);
  const id = written ?? (slug === '' ? undefined : `param-${slug}`);
  return id === undefined || context.fieldAnchor === undefined ? id : context.fieldAnchor(id);
}

export const ParamField: Component = (props, children, context) => {
  const location = LOCATIONS.find((key) => text(props, key) !== undefined);
  const name = location === undefined ? text(props, 'name') : text(props, location);
  const view = commonView(props);
  const field = fieldNode({ kind: 'param', id: anchorOf(props, name, context), name, location, ...view, description: children });
  if (context.parts && location !== undefined && name !== undefined) {
    const written = props['default'];
    const defaultValue = typeof written === 'string' || typeof written === 'number' || typeof written === 'boolean' ? written : undefined;
    const entry: ParamFieldEntry = {
      location,
      name,
      type: view.type,
      required: view.required === true,
      defaultValue,
      placeholder: text(props, 'placeholder'),
      fields: [],
      element: field,
    };
    noteParam(context.parts, entry, children);
  }
  return [field];
};

/**
 * Notes a field for an `api:` page's "Try it" panel. Fields written inside it were noted already
 * (children render first): they become its properties instead of fields of their own.
 */
function noteParam(parts: PageParts, entry: ParamFieldEntry, children: readonly ElementContent[]): void {
  for (let index = parts.params.length - 1; index >= 0; index--) {
    if (holds(children, parts.params[index]!.element)) entry.fields.unshift(...parts.params.splice(index, 1));
  }
  parts.params.push(entry);
}

/** Whether `target` is one of `nodes` or inside one of them. */
function holds(nodes: readonly ElementContent[], target: Element): boolean {
  return nodes.some((node) => node === target || (node.type === 'element' && holds(node.children, target)));
}

export const ResponseField: Component = (props, children, context) => {
  const name = text(props, 'name');
  return [fieldNode({ kind: 'response', id: anchorOf(props, name, context), name, ...commonView(props), description: children })];
};
