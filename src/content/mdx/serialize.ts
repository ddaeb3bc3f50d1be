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
 *
 * And with what makes the HTML read back as the tree it was written from, wherever the browser
 * reads it, which hast-util-to-html (like the HTML standard's own serialiser) leaves to the tree:
 * no `<` written from a value can start a tag. Attribute values escape `<` and `>`; comments
 * escape `<`; the text of a `<style>` in SVG or MathML is escaped like any text, since the browser
 * reads it as markup there; an HTML `<style>` keeps its CSS raw but writes a `<` that could start
 * a tag as CSS's `c `; `<plaintext>` and `<xmp>` are written as `<pre>`. The differences are
 * listed and tested against hast-util-to-html (test/content/serialize-differential.test.ts).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, svg, type Info, type Schema } from 'property-information';
import { escapeHtml } from '../../shared/html-escape.ts';
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
  return writeHtml(sanitizeNodes(Array.isArray(nodes) ? nodes : [nodes]));
}

export function documentHtml(root: Root): string {
  return writeHtml(sanitizeRoot(root).children);
}

/** Nodes written as they are, not made inert: for UI pieces built from escaped values (`components/ui.ts`). */
export function trustedHtml(nodes: readonly ElementContent[]): string {
  return writeHtml(nodes);
}

/**
 * The HTML is written as pieces into one array, joined once into one flat string. Built with `+`,
 * it would be a rope whose leaves include slices of the source (a text node's value is a slice of
 * the text it was parsed from): a big page's HTML would keep every section's source and hundreds
 * of thousands of rope nodes alive until the page is done (`chunks.ts`).
 */
function writeHtml(nodes: readonly (RootContent | ElementContent)[]): string {
  const out: string[] = [];
  nodesHtml(nodes, html, 'html', false, out);
  return out.join('');
}

const VOIDS = new Set(htmlVoidElements);

/**
 * How a browser reads an element's content (https://html.spec.whatwg.org/#tree-construction-dispatcher):
 * as HTML, as SVG or MathML (foreign content, where `<style>` holds markup, not CSS), or as the
 * HTML inside a MathML text element (`<mtext>`), where `<mglyph>` and `<malignmark>` are still MathML.
 */
type Context = 'html' | 'svg' | 'math' | 'math-text';
/** SVG elements whose content is HTML again (https://html.spec.whatwg.org/#html-integration-point). */
const INTEGRATION_POINTS = new Set(['desc', 'foreignObject', 'title']);
/** MathML text integration points (https://html.spec.whatwg.org/#mathml-text-integration-point). */
const MATH_TEXT = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);

/**
 * Elements whose text the browser shows as it is, written as the `<pre>` they look like: the
 * escaped text written for them would show its references (`&#x3C;`), and `<plaintext>` has no
 * end tag: everything after it, the rest of the page with its shell and script, would be text.
 */
const SHOWN_RAW = new Set(['plaintext', 'xmp']);

/** The namespace the browser gives an element met in `context`. */
function spaceOf(context: Context, tag: string): 'html' | 'svg' | 'math' {
  if (context === 'svg' || context === 'math') return context;
  if (tag === 'svg' || tag === 'math') return tag;
  return context === 'math-text' && (tag === 'mglyph' || tag === 'malignmark') ? 'math' : 'html';
}

/** How the browser reads the content of an element of `space`. */
function contentOf(space: 'html' | 'svg' | 'math', node: Element): Context {
  if (space === 'svg') return INTEGRATION_POINTS.has(node.tagName) ? 'html' : 'svg';
  if (space === 'math') {
    if (MATH_TEXT.has(node.tagName)) return 'math-text';
    const encoding = node.tagName === 'annotation-xml' ? String(node.properties['encoding'] ?? '').toLowerCase() : '';
    return encoding === 'text/html' || encoding === 'application/xhtml+xml' ? 'html' : 'math';
  }
  return 'html';
}

function nodesHtml(nodes: readonly (RootContent | ElementContent)[], schema: Schema, context: Context, rawText: boolean, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'element') elementHtml(node, schema, context, out);
    else out.push(leafHtml(node, rawText));
  }
}

/** `rawText`: the parent is an HTML `<style>` (or `<script>`), whose text the browser reads as it is, up to `</style`. */
function leafHtml(node: Exclude<RootContent | ElementContent, Element>, rawText: boolean): string {
  switch (node.type) {
    case 'text':
      if (node.data?.escapeAll) return escapeHtml(node.value);
      return rawText ? rawTextHtml(node.value) : escapeText(node.value);
    case 'raw':
      return node.value;
    case 'comment':
      return `<!--${node.value.replace(COMMENT_SPECIAL, hexReference)}-->`;
    case 'doctype':
      return '<!doctype html>';
    default:
      // MDX's own hast nodes: the handlers turn every JSX element and expression into the above.
      throw new Error(`Cannot write a ${node.type} node`);
  }
}

/**
 * `schema` names the attributes (hast-util-to-html's: SVG from `<svg>` to an integration point);
 * `context` is how the browser reads the element, which decides how its text is written.
 */
function elementHtml(node: Element, schema: Schema, context: Context, out: string[]): void {
  if (node.data?.fragment) return nodesHtml(node.children, schema, context, false, out);
  const space = spaceOf(context, node.tagName);
  const tag = space === 'html' && SHOWN_RAW.has(node.tagName) ? 'pre' : node.tagName;
  const own = schema.space === 'html' && tag === 'svg' ? svg : schema;
  out.push(`<${tag}${attributesHtml(node.properties, own, node.data?.escapeAll === true)}>`);
  const inner = own.space === 'svg' && INTEGRATION_POINTS.has(tag) ? html : own;
  const rawText = space === 'html' && (tag === 'style' || tag === 'script');
  const start = out.length;
  if (tag === 'template' && schema.space === 'html' && node.content) nodesHtml(node.content.children, inner, 'html', false, out);
  else nodesHtml(node.children, inner, contentOf(space, node), rawText, out);
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

/**
 * What is escaped (https://html.spec.whatwg.org/#data-state, #attribute-value-(double-quoted)-state,
 * #attribute-name-state): hast-util-to-html's choice, plus `<` and `>` in attribute values, as the
 * HTML standard's serialiser writes them since 2025. No `<` written from a value can start a tag
 * wherever the browser reads it: an attribute of an element inside `<noscript>`, `<textarea>` or
 * `<iframe>` is text to the browser, and `title="</noscript><img onerror=…>"` would end it.
 */
const TEXT_SPECIAL = /[&<]/;
const TEXT_SPECIAL_ALL = /[&<]/g;
const ATTRIBUTE_VALUE_SPECIAL = /[\0"&'<>`]/g;
const ATTRIBUTE_NAME_SPECIAL = /[\0\t\n\f\r "&'/<=>`]/;
const ATTRIBUTE_NAME_SPECIAL_ALL = /[\0\t\n\f\r "&'/<=>`]/g;
/**
 * In a comment: every `<` (inside `<noscript>` a comment is text, and `<!-- </noscript><img
 * onerror=…> -->` would end it), and the `>` of what would end the comment or make it bogus
 * (https://html.spec.whatwg.org/#comments). A comment's text is never decoded, so only the page's
 * source shows the references.
 */
const COMMENT_SPECIAL = /<|(?<=^-?|--!?)>/g;
/**
 * In the text of an HTML `<style>`, a `<` that could begin a tag, an end tag or a comment (or does,
 * with what is written next) is written as the CSS escape `\3c `, which CSS reads as `<` in strings,
 * names and URLs. The browser reads this text raw, up to `</style`, but in SVG or MathML it reads
 * it as markup; a tree can put a `<style>` where the browser will read the other way from how it
 * was built (`<math><mtext><mglyph><style>`), so the text must be safe read either way.
 */
const RAW_TEXT_SPECIAL = /<(?=[A-Za-z/!?]|$)/g;

function escapeText(value: string): string {
  return TEXT_SPECIAL.test(value) ? value.replace(TEXT_SPECIAL_ALL, hexReference) : value;
}

function rawTextHtml(value: string): string {
  return value.includes('<') ? value.replace(RAW_TEXT_SPECIAL, '\\3c ') : value;
}

function hexReference(character: string): string {
  return `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
}
