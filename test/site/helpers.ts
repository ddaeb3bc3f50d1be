/** Loads a fixture site under `test/fixtures/site/` the way users do (`validate`), once per scenario. */
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from '../../src/shared/diagnostics.ts';
import type { Page, Placement, Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';

const loaded = new Map<string, Promise<Site>>();

export function fixturePath(scenario: string): string {
  return fileURLToPath(new URL(`../fixtures/site/${scenario}/`, import.meta.url));
}

export function loadSite(scenario: string): Promise<Site> {
  let site = loaded.get(scenario);
  if (!site) {
    site = validate({ root: fixturePath(scenario) }).then((result) => {
      const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      if (errors.length > 0 || !result.site) {
        throw new Error(`fixture ${scenario} does not validate:\n${errors.map((error) => formatDiagnostic(error)).join('\n')}`);
      }
      return result.site;
    });
    loaded.set(scenario, site);
  }
  return site;
}

export function page(site: Site, route: string): Page {
  const found = site.pages.get(route);
  if (!found) throw new Error(`no page at /${route}; pages: ${[...site.pages.keys()].join(', ')}`);
  return found;
}

/** Route → title of every page, in the order of `site.pages`. */
export function titles(site: Site): Record<string, string> {
  return Object.fromEntries([...site.pages.values()].map((each) => [each.route, each.title]));
}

/** A placement as a test writes it: where, and the neighbours there. */
export function where(placement: Placement): { section: string; parent: string; previous?: string; next?: string } {
  const view: { section: string; parent: string; previous?: string; next?: string } = {
    section: placement.sectionId,
    parent: placement.parentId,
  };
  if (placement.previous !== undefined) view.previous = placement.previous;
  if (placement.next !== undefined) view.next = placement.next;
  return view;
}

/** Element id → label of the elements a page sits under (canonical placement). */
export function trailLabels(site: Site, route: string): string[] {
  return (page(site, route).placements[0]?.trail ?? []).map((id) => site.elements.get(id)!.label);
}

/** `firstPage` of the element with this id. */
export function firstPage(site: Site, id: string): string | undefined {
  const element = site.elements.get(id);
  if (!element) throw new Error(`no element ${id}; elements: ${[...site.elements.keys()].join(', ')}`);
  return element.firstPage;
}
