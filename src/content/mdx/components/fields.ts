/**
 * API fields: `<ParamField query="limit" type="number" required>` (alias `<Param>`) and
 * `<ResponseField name type>`. A definition-like block: name, where it goes, type, flags, then the
 * description. Generated endpoint pages (src/render/endpoint) write their fields with `fieldHtml`,
 * so they look like hand-written ones.
 */
import { escapeHtml } from '../escape.ts';
import { flag, text } from './props.ts';
import type { Component, PageParts, ParamFieldEntry, Props } from './types.ts';

const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

/** One field as it is shown; every text is plain (escaped here), `descriptionHtml` is HTML. */
export interface FieldView {
  kind: 'param' | 'response';
  name?: string | undefined;
  /** Where a parameter goes (`query`, `header`…): a pill after the name, and `data-location`. */
  location?: string | undefined;
  type?: string | undefined;
  required?: boolean;
  deprecated?: boolean;
  /** The default value as shown (`10`, `"asc"`). */
  defaultValue?: string | undefined;
  descriptionHtml: string;
}

/** The "required" pill of a field, or of a request body. */
export const REQUIRED_PILL = '<span class="field-required">required</span>';

export function fieldHtml(view: FieldView): string {
  const { name, location, type, defaultValue } = view;
  const parts = [
    name === undefined ? '' : `<code class="field-name">${escapeHtml(name)}</code>`,
    location === undefined ? '' : `<span class="field-location">${escapeHtml(location)}</span>`,
    type === undefined ? '' : `<span class="field-type">${escapeHtml(type)}</span>`,
    view.required === true ? REQUIRED_PILL : '',
    view.deprecated === true ? '<span class="field-deprecated">deprecated</span>' : '',
    defaultValue === undefined ? '' : `<span class="field-default">default: <code>${escapeHtml(defaultValue)}</code></span>`,
  ].join('');
  const locationAttribute = location === undefined ? '' : ` data-location="${escapeHtml(location)}"`;
  return `<div class="field ${view.kind}-field"${locationAttribute}><div class="field-header">${parts}</div><div class="field-description">${view.descriptionHtml}</div></div>`;
}

/** The flags and values both field components read the same way. */
function commonView(props: Props): Pick<FieldView, 'type' | 'required' | 'deprecated' | 'defaultValue'> {
  return {
    type: text(props, 'type'),
    required: flag(props, 'required'),
    deprecated: flag(props, 'deprecated'),
    defaultValue: props['default'] === undefined ? undefined : (text(props, 'default') ?? JSON.stringify(props['default'])),
  };
}

export const ParamField: Component = (props, childrenHtml, context) => {
  const location = LOCATIONS.find((key) => text(props, key) !== undefined);
  const name = location === undefined ? text(props, 'name') : text(props, location);
  const view = commonView(props);
  const html = fieldHtml({ kind: 'param', name, location, ...view, descriptionHtml: childrenHtml });
  if (context.parts && location !== undefined && name !== undefined) {
    const written = props['default'];
    const defaultValue = typeof written === 'string' || typeof written === 'number' || typeof written === 'boolean' ? written : undefined;
    const entry: ParamFieldEntry = { location, name, type: view.type, required: view.required === true, defaultValue, placeholder: text(props, 'placeholder'), fields: [], html };
    noteParam(context.parts, entry, childrenHtml);
  }
  return html;
};

/**
 * Notes a field for an `api:` page's "Try it" panel. Fields written inside it were noted already
 * (children render first): they become its properties instead of fields of their own.
 */
function noteParam(parts: PageParts, entry: ParamFieldEntry, childrenHtml: string): void {
  for (let index = parts.params.length - 1; index >= 0; index--) {
    if (childrenHtml.includes(parts.params[index]!.html)) entry.fields.unshift(...parts.params.splice(index, 1));
  }
  parts.params.push(entry);
}

export const ResponseField: Component = (props, childrenHtml) => fieldHtml({ kind: 'response', name: text(props, 'name'), ...commonView(props), descriptionHtml: childrenHtml });
