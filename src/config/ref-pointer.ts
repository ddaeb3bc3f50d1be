/**
 * The part of a `$ref` after "#": a JSON pointer into the included file (`./nav.json#/tabs/0`).
 * Pure functions over strings and plain values.
 */
import { isObject } from './is-object.ts';

/** `file#pointer` → [file, pointer]; the pointer is undefined when there is no "#". */
export function splitPointer(reference: string): [string, string | undefined] {
  const hash = reference.indexOf('#');
  return hash === -1 ? [reference, undefined] : [reference.slice(0, hash), reference.slice(hash + 1)];
}

/**
 * The keys of a JSON pointer written after "#" (RFC 6901 in a URI fragment: percent escapes, then
 * `~1` → `/` and `~0` → `~`), or undefined when an escape is malformed.
 */
export function parsePointer(pointer: string): string[] | undefined {
  const keys: string[] = [];
  for (const raw of pointer.split('/').filter(Boolean)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined; // `%E0%A4%A`: cut short, or not UTF-8
    }
    keys.push(decoded.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return keys;
}

/** Own properties and list indexes only: `#/__proto__` or `#/length` names nothing in the file. */
export function followPointer(value: unknown, keys: readonly string[]): unknown {
  let node = value;
  for (const key of keys) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}
