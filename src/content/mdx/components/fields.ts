/**
 * API fields: `<ParamField query="limit" type="number" required>` (alias `<Param>`) and
 * `<ResponseField name type>`. A definition-like block: name, where it goes, type, flags, then the
 * description.
 */
import { escapeHtml } from '../escape.ts';
import { flag, text } from './props.ts';
import type { Component, Props } from './types.ts';

const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

function fieldHtml(className: string, name: string | undefined, location: string | undefined, props: Props, childrenHtml: string): string {
  const type = text(props, 'type');
  const defaultValue = props['default'] === undefined ? undefined : text(props, 'default') ?? JSON.stringify(props['default']);
  const parts = [
    name === undefined ? '' : `<code class="field-name">${escapeHtml(name)}</code>`,
    location === undefined ? '' : `<span class="field-location">${escapeHtml(location)}</span>`,
    type === undefined ? '' : `<span class="field-type">${escapeHtml(type)}</span>`,
    flag(props, 'required') ? '<span class="field-required">required</span>' : '',
    flag(props, 'deprecated') ? '<span class="field-deprecated">deprecated</span>' : '',
    defaultValue === undefined ? '' : `<span class="field-default">default: <code>${escapeHtml(defaultValue)}</code></span>`,
  ].join('');
  const locationAttribute = location === undefined ? '' : ` data-location="${escapeHtml(location)}"`;
  return `<div class="field ${className}"${locationAttribute}><div class="field-header">${parts}</div><div class="field-description">${childrenHtml}</div></div>`;
}

export const ParamField: Component = (props, childrenHtml) => {
  const location = LOCATIONS.find((key) => text(props, key) !== undefined);
  const name = location === undefined ? text(props, 'name') : text(props, location);
  return fieldHtml('param-field', name, location, props, childrenHtml);
};

export const ResponseField: Component = (props, childrenHtml) => fieldHtml('response-field', text(props, 'name'), undefined, props, childrenHtml);
