/**
 * What a batch of file changes means for the dev server, worked out from the paths alone (pure,
 * unit-tested): which files must be read again and how much of the site must be redone. The least
 * work that is still right: an edited page reads its own frontmatter again (the model is resolved
 * again only if that changed), a snippet is forgotten by the renderer, docs.json or an OpenAPI
 * document resolves the model again, and files that came or went read the folder tree again.
 */
import type { FileChange } from './watch.ts';

export interface ChangePlan {
  /** Files came or went, or `.mintignore` changed: read the folder tree again (then resolve the model). */
  rescan: boolean;
  /** docs.json, a file it includes with `$ref`, or a data file (an OpenAPI document) changed: resolve the model again. */
  model: boolean;
  /** Page files edited in place: read their frontmatter again, render them again. */
  pages: string[];
  /** Files pages may import (snippets, components, and pages themselves): the renderer forgets them. */
  shared: string[];
  /** Static files edited in place: open pages that use them reload. */
  assets: string[];
}

export interface KnownFiles {
  configFiles: ReadonlySet<string>;
  isPage(file: string): boolean;
  isAsset(file: string): boolean;
}

const DATA_FILE = /\.(?:json|ya?ml)$/i;
const IMPORTABLE = /\.(?:mdx?|jsx?|tsx?)$/i;

export function planChanges(changes: readonly FileChange[], known: KnownFiles): ChangePlan {
  const plan: ChangePlan = { rescan: false, model: false, pages: [], shared: [], assets: [] };
  for (const [file, kind] of lastKinds(changes)) {
    const exists = known.isPage(file) || known.isAsset(file);
    if (file === '.mintignore' || (kind === 'create' && !exists) || (kind === 'delete' && exists)) plan.rescan = true;
    if (kind === 'delete' && !exists) continue;
    if (known.configFiles.has(file) || DATA_FILE.test(file)) plan.model = true;
    if (known.isPage(file)) plan.pages.push(file);
    if (IMPORTABLE.test(file)) plan.shared.push(file);
    else if (known.isAsset(file) && !known.configFiles.has(file)) plan.assets.push(file);
  }
  return plan;
}

/**
 * Each file once, with what happened to it in the end: an editor that saves by writing a new file
 * and renaming it over the old one shows as a delete and a create, which is an update.
 */
function lastKinds(changes: readonly FileChange[]): Map<string, FileChange['kind']> {
  const kinds = new Map<string, FileChange['kind']>();
  for (const { file, kind } of changes) {
    const before = kinds.get(file);
    if (before === 'delete' && kind === 'create') kinds.set(file, 'update');
    else if (before === 'create' && kind === 'update') kinds.set(file, 'create');
    else kinds.set(file, kind);
  }
  return kinds;
}

/** Whether nothing needs doing. */
export function isEmptyPlan(plan: ChangePlan): boolean {
  return !plan.rescan && !plan.model && plan.pages.length === 0 && plan.shared.length === 0 && plan.assets.length === 0;
}
