/** JSX attribute values → hast properties, for HTML elements written as JSX in pages and in attribute values. */
import type { Properties } from 'hast';
import { isRecord, type Value } from './values.ts';

/** JSX props → HTML attributes for hast (which maps `className`, `htmlFor`, `strokeWidth`, … itself). */
export function toProperties(props: Readonly<Record<string, Value>>): Properties {
  const properties: Properties = {};
  for (const [key, value] of Object.entries(props)) {
    if (key === 'key' || key === 'ref' || key === 'children' || key === 'dangerouslySetInnerHTML') continue;
    if (value === undefined || value === null || value === false) continue;
    if (key === 'style' && isRecord(value)) properties['style'] = toCss(value);
    else if (value === true) properties[key] = true;
    else if (typeof value === 'string' || typeof value === 'number') properties[key] = value;
    else if (Array.isArray(value)) properties[key] = value.filter((item) => typeof item === 'string' || typeof item === 'number').join(' ');
  }
  return properties;
}

/** CSS properties that take plain numbers; every other number means pixels, as in React. */
const UNITLESS = new Set([
  'animationIterationCount',
  'aspectRatio',
  'columnCount',
  'columns',
  'flex',
  'flexGrow',
  'flexShrink',
  'fontWeight',
  'gridArea',
  'gridColumn',
  'gridColumnEnd',
  'gridColumnStart',
  'gridRow',
  'gridRowEnd',
  'gridRowStart',
  'lineClamp',
  'lineHeight',
  'opacity',
  'order',
  'orphans',
  'scale',
  'tabSize',
  'widows',
  'zIndex',
  'zoom',
  'fillOpacity',
  'strokeOpacity',
  'strokeWidth',
]);

/** `{ backgroundColor: "red", marginTop: 8 }` → `background-color:red;margin-top:8px`. */
export function toCss(style: { [key: string]: Value }): string {
  const declarations: string[] = [];
  for (const [key, value] of Object.entries(style)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const property = key.startsWith('--')
      ? key
      : key.replace(/^(ms|Webkit|Moz|O)(?=[A-Z])/, (prefix) => `-${prefix.toLowerCase()}`).replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
    const text = typeof value === 'number' && value !== 0 && !UNITLESS.has(key) && !key.startsWith('--') ? `${value}px` : String(value);
    declarations.push(`${property}:${text}`);
  }
  return declarations.join(';');
}
