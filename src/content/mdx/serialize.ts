/**
 * hast → HTML, once per page. Elements are made inert first (`../sanitize.ts`), silently: the
 * renderer reports what it leaves out where it makes each element (`inert.ts`); this pass is the
 * guarantee for every other path (JSX inside expressions, components written as functions). Raw
 * nodes (a highlighted code block, KaTeX's output, an icon's SVG, HTML already made inert) pass
 * through as they are.
 *
 * It writes what hast-util-to-html writes with `allowDangerousHtml` (same attribute names from
 * property-information, same hexadecimal references, same void elements), with one addition:
 * nodes marked `escapeAll` (what components build, `components/hast.ts`) escape `&<>"'` with the
 * named references components have always written (`escape.ts`), so pages read byte for byte as
 * they did when components were string templates.
 */
import type { Element, ElementContent, Parents, Properties, Root, RootContent } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, svg, type Info, type Schema } from 'property-information';
import { escapeHtml } from './escape.ts';
import { sanitizeNodes, sanitizeRoot } from '../sanitize.ts';

declare module 'hast' {
  interface Data {
    /** Text and attribute values written with `escapeHtml` (all of `&<>"'`, named) rather than hast-util-to-html's minimal escaping. */
    escapeAll?: true;
    /** Written as its children alone (`components/hast.ts` `fragment`). */
    fragment?: true;
  }
}

/** Nodes made inert, then written. */
export function fragmentHtml(nodes: ElementContent | ElementContent[]): string {
  return writeHtml(sanitizeNodes(Array.isArray(nodes) ? nodes : [nodes]), undefined);
}

export function documentHtml(root: Root): string {
  return writeHtml(sanitizeRoot(root).children, root);
}

/** Nodes written as they are, not made inert: for UI pieces built from escaped values (`components/ui.ts`). */
export function trustedHtml(nodes: readonly ElementContent[]): string {
  return writeHtml(nodes, undefined);
}

/**
 * The HTML is written as pieces into one array, joined once into one flat string. Built with `+`,
 * it would be a rope whose leaves include slices of the source (a text node's value is a slice of
 * the text it was parsed from): a big page's HTML would keep every section's source and hundreds
 * of thousands of rope nodes alive until the page is done (`chunks.ts`).
 */
function writeHtml(nodes: readonly (RootContent | ElementContent)[], parent: Parents | undefined): string {
  const out: string[] = [];
  nodesHtml(nodes, parent, html, out);
  return out.join('');
}

const VOIDS = new Set(htmlVoidElements);
/** SVG elements whose content is HTML again (https://html.spec.whatwg.org/#html-integration-point). */
const INTEGRATION_POINTS = new Set(['desc', 'foreignObject', 'title']);

function nodesHtml(nodes: readonly (RootContent | ElementContent)[], parent: Parents | undefined, schema: Schema, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'element') elementHtml(node, schema, out);
    else out.push(leafHtml(node, parent));
  }
}

function leafHtml(node: Exclude<RootContent | ElementContent, Element>, parent: Parents | undefined): string {
  switch (node.type) {
    case 'text':
      if (node.data?.escapeAll) return escapeHtml(node.value);
      return parent?.type === 'element' && (parent.tagName === 'script' || parent.tagName === 'style') ? node.value : escapeText(node.value);
    case 'raw':
      return node.value;
    case 'comment':
      return `<!--${node.value.replace(COMMENT_BREAKERS, (found) => found.replace(/[<>]/g, hexReference))}-->`;
    case 'doctype':
      return '<!doctype html>';
    default:
      // MDX's own hast nodes: the handlers turn every JSX element and expression into the above.
      throw new Error(`Cannot write a ${node.type} node`);
  }
}

function elementHtml(node: Element, schema: Schema, out: string[]): void {
  if (node.data?.fragment) return nodesHtml(node.children, node, schema, out);
  const tag = node.tagName;
  const own = schema.space === 'html' && tag === 'svg' ? svg : schema;
  out.push(`<${tag}${attributesHtml(node.properties, own, node.data?.escapeAll === true)}>`);
  const inner = own.space === 'svg' && INTEGRATION_POINTS.has(tag) ? html : own;
  const start = out.length;
  if (tag === 'template' && schema.space === 'html' && node.content) nodesHtml(node.content.children, node.content, inner, out);
  else nodesHtml(node.children, node, inner, out);
  // Void in HTML (`<img>`): no end tag, unless it was given content. SVG elements always have one.
  if (schema.space === 'html' && VOIDS.has(tag.toLowerCase()) && isEmptyFrom(out, start)) return;
  out.push(`</${tag}>`);
}

/** Nothing but empty pieces was written from `start` on. */
function isEmptyFrom(out: readonly string[], start: number): boolean {
  for (let i = start; i < out.length; i++) if (out[i] !== '') return false;
  return true;
}

function attributesHtml(properties: Properties, schema: Schema, escapeAll: boolean): string {
  let out = '';
  for (const key in properties) {
    const value = properties[key];
    if (value !== null && value !== undefined) out += attributeHtml(schema, key, value, escapeAll);
  }
  return out;
}

/** One attribute with its leading space, or nothing; hast-util-to-html's rules for booleans and lists. */
function attributeHtml(schema: Schema, key: string, given: NonNullable<Properties[string]>, escapeAll: boolean): string {
  const { info, name } = attributeOf(schema, key);
  let value: NonNullable<Properties[string]> = given;
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
  if (value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  if (value === true) return ` ${name}`;
  // Components' classes are one string each, written as given (`components/hast.ts`).
  const text = Array.isArray(value) ? (escapeAll ? value.join(' ') : info.commaSeparated ? commaList(value) : value.join(' ').trim()) : String(value);
  return ` ${name}="${escapeAll ? escapeHtml(text) : text.replace(ATTRIBUTE_VALUE_SPECIAL, hexReference)}"`;
}

/**
 * A property's attribute and its name as written, looked up once per name and schema: `find`
 * normalises and tests each name, and a page writes the same few dozen names thousands of times.
 */
const ATTRIBUTES = new Map<Schema, Map<string, { info: Info; name: string }>>([
  [html, new Map()],
  [svg, new Map()],
]);

function attributeOf(schema: Schema, key: string): { info: Info; name: string } {
  const known = ATTRIBUTES.get(schema)!;
  let found = known.get(key);
  if (found === undefined) {
    const info = find(schema, key);
    const name = ATTRIBUTE_NAME_SPECIAL.test(info.attribute) ? info.attribute.replace(ATTRIBUTE_NAME_SPECIAL_ALL, hexReference) : info.attribute;
    found = { info, name };
    known.set(key, found);
  }
  return found;
}

/** `comma-separated-tokens`' `stringify` with hast-util-to-html's padding: `a, b`. */
function commaList(values: readonly (string | number)[]): string {
  const input = values.at(-1) === '' ? [...values, ''] : values;
  return input.join(', ').trim();
}

/** What hast-util-to-html escapes (https://html.spec.whatwg.org/#data-state, #attribute-value-(double-quoted)-state, #attribute-name-state). */
const TEXT_SPECIAL = /[&<]/;
const TEXT_SPECIAL_ALL = /[&<]/g;
const ATTRIBUTE_VALUE_SPECIAL = /[\0"&'`]/g;
const ATTRIBUTE_NAME_SPECIAL = /[\0\t\n\f\r "&'/<=>`]/;
const ATTRIBUTE_NAME_SPECIAL_ALL = /[\0\t\n\f\r "&'/<=>`]/g;
/** Text that would end a comment or make it bogus (https://html.spec.whatwg.org/#comments). */
const COMMENT_BREAKERS = /^>|^->|<!--|-->|--!>|<!-$/g;

function escapeText(value: string): string {
  return TEXT_SPECIAL.test(value) ? value.replace(TEXT_SPECIAL_ALL, hexReference) : value;
}

function hexReference(character: string): string {
  return `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
}
