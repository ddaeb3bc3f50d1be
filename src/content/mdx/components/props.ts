/** Reading props the way authors write them: `cols={2}` and `cols="2"`, `open` and `open={true}`. */
import type { ElementContent } from 'hast';
import { Markup, type Value } from '../values.ts';
import { textNode } from './hast.ts';
import type { ComponentContext, Props } from './types.ts';
import { unsafeScheme, type UrlUse } from '../../../shared/safe-url.ts';

/** A string or number prop as text; undefined when absent, empty or of another type. */
export function text(props: Props, name: string): string | undefined {
  const value = props[name];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A prop shown as content: text, or JSX (`title={<>A <b>B</b></>}`) as it renders. */
export function richText(props: Props, name: string): ElementContent[] | undefined {
  const value = props[name];
  if (value instanceof Markup) return [...value.content];
  const plain = text(props, name);
  return plain === undefined ? undefined : [textNode(plain)];
}

/** `name`, `name={true}` and `name="true"` are true; absence and anything else false. */
export function flag(props: Props, name: string): boolean {
  const value = props[name];
  return value === true || value === 'true';
}

export function integer(props: Props, name: string, fallback: number, min: number, max: number): number {
  const value = props[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : fallback;
}

/** A list prop: `tags={["a", "b"]}` or `tags="a, b"`. */
export function list(props: Props, name: string): string[] {
  const value: Value = props[name];
  if (Array.isArray(value)) return value.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map(String);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return [];
}

/**
 * Links from props: `javascript:`, `vbscript:` and `data:` URLs, however spelt, are dropped (they
 * run code on click; `safe-url.ts`) and reported at the element. `use: 'image'` keeps `data:`
 * images of raster types. The rest are resolved for the page (`context.resolveUrl`), here, once.
 */
export function url(props: Props, name: string, context: Pick<ComponentContext, 'diagnostic' | 'resolveUrl'>, use: UrlUse = 'link'): string | undefined {
  const value = text(props, name);
  if (value === undefined) return undefined;
  const scheme = unsafeScheme(value, use);
  if (scheme === undefined) return context.resolveUrl ? context.resolveUrl(value, use) : value;
  context.diagnostic?.('url-unsafe', { in: 'prop', prop: name, scheme, use });
  return undefined;
}

/** A colour for a CSS custom property: hex, rgb()/hsl(), or a name; anything else is dropped. */
export function color(props: Props, name: string): string | undefined {
  const value = text(props, name)?.trim();
  if (value === undefined) return undefined;
  return /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]+)$/i.test(value) ? value : undefined;
}

/** A word safe in a class name (`badge-green`). */
export function token(props: Props, name: string): string | undefined {
  const value = text(props, name)?.trim().toLowerCase();
  return value !== undefined && /^[a-z0-9-]+$/.test(value) ? value : undefined;
}

/**
 * The anchor of a titled Accordion, View or Tab: its `id` as written, else one made from its title
 * as the hosted product makes it (a title given as a string; JSX titles give none).
 */
export function anchorOf(kind: 'accordion' | 'view' | 'tab', props: Props, context: Pick<ComponentContext, 'anchor'>): string | undefined {
  const title = props['title'];
  return context.anchor?.(kind, typeof title === 'string' && title !== '' ? title : undefined, text(props, 'id'));
}
