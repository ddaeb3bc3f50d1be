/**
 * One `{"$ref": "./file.json#/pointer"}` object: what it names, whether that may be read, and the
 * diagnostic for each way it can be wrong. Pure except for looking the target up on disk; reading
 * the file and counting includes is the loader's job (`load.ts`).
 */
import path from 'node:path';
import type { Node } from 'jsonc-parser';
import type { Diagnostic, Position } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { outsideReason } from '../shared/inside-root.ts';
import { parsePointer, splitPointer } from './ref-pointer.ts';
import { normalizeRelative, resolveRefPath, type RefTarget } from './ref-target.ts';

/**
 * `$ref` includes in one config, counting each time a file is included. Real sites include a few
 * files once each; a file that includes another ten times, which includes another ten times, …
 * would otherwise multiply into millions of reads.
 */
export const MAX_REF_INCLUDES = 1000;

/** Where a `$ref` is written: what its diagnostics point at. */
export interface RefSite {
  at: Position;
  /** The file that holds the `$ref`. */
  file: string;
  /** Its JSON path in the resolved config, as printed. */
  path: string;
}

export interface WrittenRef {
  /** The `"$ref": …` member, where diagnostics point. */
  property: Node;
  /** The file it names; undefined when `$ref` is not a non-empty string. */
  reference: string | undefined;
  /** Keys written beside `$ref`, which the included file replaces. */
  siblings: string[];
}

/** The object's `$ref` member, or undefined when it has none (the object is kept as written). */
export function findRef(node: Node): WrittenRef | undefined {
  const properties = node.children ?? [];
  const property = properties.find((member) => member.children?.[0]?.value === '$ref');
  if (!property) return undefined;
  const value = property.children?.[1];
  const named = value?.type === 'string' && typeof value.value === 'string' && value.value.trim() !== '';
  return {
    property,
    reference: named ? String(value.value) : undefined,
    siblings: properties.filter((member) => member !== property).map((member) => String(member.children?.[0]?.value)),
  };
}

/** A `$ref` that may be read: the file (site-relative and real path) and the pointer into it. */
export interface RefRequest {
  file: string;
  real: string;
  pointer: string | undefined;
  keys: string[];
}

/**
 * Checks, in order, the pointer, the file name, where the path leads, and that the file is not
 * already being loaded (`chain`); the first problem wins.
 */
export function resolveRef(root: string, reference: string, site: RefSite, chain: readonly string[]): RefRequest | { problem: Diagnostic } {
  const [target, pointer] = splitPointer(reference);
  const keys = pointer === undefined ? [] : parsePointer(pointer);
  if (keys === undefined) {
    return {
      problem: diagnostic('ref-invalid', site.at, site.file, { problem: 'bad-pointer', reference }, site.path),
    };
  }
  if (target.trim() === '') {
    return { problem: diagnostic('ref-invalid', site.at, site.file, { problem: 'no-file', reference }, site.path) };
  }
  const found = resolveRefPath(root, site.file, target);
  if (found.kind !== 'file') return { problem: targetProblem(site, reference, target, found) };
  if (chain.includes(found.file)) return { problem: refCycle(site, [...chain, found.file]) };
  return { file: found.file, real: found.real, pointer, keys };
}

/** Why the file a `$ref` names cannot be read. */
function targetProblem(site: RefSite, reference: string, target: string, found: Exclude<RefTarget, { kind: 'file' }>): Diagnostic {
  if (found.kind === 'outside') {
    return diagnostic('ref-outside-root', site.at, site.file, { reference, reason: outsideReason(found) }, site.path);
  }
  if (found.kind === 'folder') {
    return diagnostic('ref-invalid', site.at, site.file, { problem: 'folder', reference }, site.path);
  }
  const file = normalizeRelative(path.posix.join(path.posix.dirname(site.file), target));
  return diagnostic('ref-missing', site.at, site.file, { reference, file, pointer: undefined }, site.path);
}

export function refNotString(site: RefSite): Diagnostic {
  return diagnostic('ref-invalid', site.at, site.file, { problem: 'not-string' }, site.path);
}

export function refSiblings(site: RefSite, siblings: readonly string[]): Diagnostic {
  return diagnostic('ref-siblings', site.at, site.file, { siblings }, site.path);
}

/** `loop`: the files being loaded, ending with the one named again. */
function refCycle(site: RefSite, loop: readonly string[]): Diagnostic {
  return diagnostic('ref-cycle', site.at, site.file, { loop }, site.path);
}

export function refTooMany(site: RefSite): Diagnostic {
  return diagnostic('ref-too-many', site.at, site.file, { max: MAX_REF_INCLUDES }, site.path);
}

export function pointerMissing(site: RefSite, reference: string, file: string, pointer: string): Diagnostic {
  return diagnostic('ref-missing', site.at, site.file, { reference, file, pointer }, site.path);
}
