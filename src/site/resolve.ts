/**
 * `resolveSite`: from a validated config, the page files and the loaded OpenAPI specs, build the one
 * model every later stage reads (see `types.ts`). It reports nothing the rules already report (a
 * missing page is skipped here; `config/rules/pages.ts` says why); its own diagnostics are about
 * routes. Each step is a module of its own, in the order they run.
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { computeAlternates } from './alternates.ts';
import { createDraft, type ResolveOptions } from './draft.ts';
import { addOverviewPages, findExplicitOpenApi } from './endpoint-pages.ts';
import { claimFileRoutes } from './file-routes.ts';
import { assignFirstPages, siteDefaults } from './first-page.ts';
import { visitNavigation } from './navigation-tree.ts';
import { addUnlistedPages, finishPlacements } from './placements.ts';
import type { Site } from './types.ts';

export type { ResolveOptions } from './draft.ts';

/** Files that may be OpenAPI documents, for `openapi:` frontmatter the navigation's specs do not answer. */
const DATA_FILE = /\.(?:json|ya?ml)$/i;
const CONFIG_FILES = new Set(['docs.json', 'mint.json']);

export function resolveSite(options: ResolveOptions): { site: Site; diagnostics: Diagnostic[] } {
  const draft = createDraft(options);
  claimFileRoutes(draft);
  findExplicitOpenApi(draft, options.config);
  const root = visitNavigation(draft);
  addUnlistedPages(draft);
  finishPlacements(draft);
  addOverviewPages(draft);
  assignFirstPages(draft);
  const site: Site = {
    root: options.root,
    config: options.config,
    elements: draft.elements,
    sections: draft.sections,
    pages: draft.pages,
    home: draft.pages.has('') ? '' : root.firstPage,
    defaults: siteDefaults(draft),
    globalAnchors: draft.globalAnchors,
    dataFiles: options.files.assets.filter((file) => DATA_FILE.test(file) && !CONFIG_FILES.has(file)),
  };
  computeAlternates(site);
  return { site, diagnostics: draft.diagnostics };
}
