/**
 * A level of fields a page leaves for the reader's browser to fetch. Past its field budget
 * (plan.ts) a page shows "Show child attributes" over a link instead of the fields: the fields are
 * written once per schema and side of the exchange into a small HTML file of their own, which every
 * page that stops at that schema shares (Stripe's 468 pages stop at the same few hundred), and
 * which the page script fetches and puts in place when the level is opened. Without JavaScript
 * the link opens that file.
 */
import { createHash } from 'node:crypto';
import type { Mode } from '../../openapi/endpoint/shape.ts';

/** Folder of the fragments under docjet's assets folder (`_docjet/schemas/Pet.1a2b3c4d5e.html`). */
export const SCHEMA_FOLDER = 'schemas';

export interface SchemaFragment {
  /** File name without `.html`: readable, and unique for the spec, pointer and mode. */
  id: string;
  /** The spec, as pages name it (site-relative path or URL). */
  spec: string;
  /** Where the schema is in the spec: a component (`#/components/schemas/Pet`) or an inline schema. */
  pointer: string;
  mode: Mode;
  /** What the fields belong to, for the file's title: the component's name, else the field's. */
  title: string;
}

/** Where a page's fragments go: its spec, and the URL of the fragments' folder (`/_docjet/schemas/`). */
export interface FragmentTarget {
  spec: string;
  prefix: string;
}

/**
 * The fragment of the schema at `pointer`. A component's is named by the component. An inline
 * schema (`inline`: its value) is named by what it says: Stripe repeats one `metadata` object in
 * 50 places, which then share one fragment.
 */
export function schemaFragment(spec: string, pointer: string, mode: Mode, title: string, inline?: object): SchemaFragment {
  const key = (inline && contentOf(inline)) ?? pointer;
  const hash = hashOf(`${spec}\u0000${mode}\u0000${key}`).slice(0, 10);
  const name = inline
    ? 'fields'
    : title
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[-.]+|-+$/g, '')
        .slice(0, 60);
  return { id: `${name === '' ? 'schema' : name}.${hash}`, spec, pointer, mode, title };
}

/** The hash of inline schemas' JSON, by identity: the same one is met on many pages. */
const contents = new WeakMap<object, string | undefined>();

function contentOf(value: object): string | undefined {
  if (contents.has(value)) return contents.get(value);
  let hash: string | undefined;
  try {
    hash = hashOf(JSON.stringify(value));
  } catch {
    // A YAML alias that contains itself: named by its place instead.
  }
  contents.set(value, hash);
  return hash;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whether a name could be a fragment's id (a request path segment is checked before it is looked up). */
export function isFragmentId(name: string): boolean {
  return /^[A-Za-z0-9._-]{1,80}$/.test(name) && !name.startsWith('.');
}
