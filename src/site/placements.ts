/**
 * Where the navigation lists each page (its placements), the pages made from page files, the pages
 * on disk that nothing lists, and previous/next inside each section.
 */
import type { PageFile } from '../shared/scan.ts';
import { titleFromPath } from '../content/frontmatter.ts';
import type { Context, Draft } from './draft.ts';
import { routeOfPage } from './page-ref.ts';
import type { NavElement, Page, Placement } from './types.ts';

/** Places the page of a page file (made on first use); returns its route, undefined when the file lost its route. */
export function placeFile(draft: Draft, id: string, parent: NavElement, context: Context): string | undefined {
  const route = routeOfPage(id);
  if (!fileRoutePage(draft, route)) return undefined;
  place(draft, route, parent, context);
  return route;
}

/** The page of the page file at a route (made on first use); undefined when no file has the route. */
export function fileRoutePage(draft: Draft, route: string): Page | undefined {
  const file = draft.fileRoutes.get(route);
  if (!file) return undefined;
  let page = draft.pages.get(route);
  if (!page) draft.pages.set(route, (page = filePage(draft, route, file)));
  return page;
}

function filePage(draft: Draft, route: string, file: PageFile): Page {
  const meta = draft.options.meta.get(file.id);
  const frontmatter = meta?.data ?? {};
  const page: Page = {
    route,
    source: { type: 'file', file: file.file, id: file.id, ext: file.ext },
    title: meta?.title ?? titleFromPath(file.id),
    frontmatter,
    hidden: meta?.hidden ?? false,
    placements: [],
    alternates: { versions: [], languages: [] },
  };
  if (meta?.sidebarTitle) page.sidebarTitle = meta.sidebarTitle;
  if (frontmatter.description !== undefined) page.description = frontmatter.description;
  return page;
}

/**
 * Records where the navigation lists a page. A second listing in the same element (a group's
 * `root` also in its `pages`, one endpoint written twice in a group) is the same place, not another.
 */
export function place(draft: Draft, route: string, parent: NavElement, context: Context): void {
  const page = draft.pages.get(route);
  if (!page || page.placements.some((placement) => placement.parentId === parent.id)) return;
  const sectionId = context.sectionId ?? parent.sectionId ?? parent.id;
  const placement: Placement = {
    sectionId,
    parentId: parent.id,
    trail: context.trail,
    inDefaultPartition: context.inDefaultPartition,
  };
  if (context.language) placement.language = context.language;
  if (context.version) placement.version = context.version;
  if (context.hidden) placement.hiddenAncestor = true;
  page.placements.push(placement);
  let section = draft.sections.get(sectionId);
  if (!section) draft.sections.set(sectionId, (section = { id: sectionId, pages: [] }));
  let listing = draft.sectionListings.get(sectionId);
  if (!listing) draft.sectionListings.set(sectionId, (listing = { routes: new Set(), placements: [] }));
  if (!listing.routes.has(route)) {
    listing.routes.add(route);
    section.pages.push(route);
  }
  listing.placements.push({ route, placement });
}

/**
 * Pages on disk that no navigation lists: pages all the same, reachable by URL, not in the
 * sidebar (repository files like README.md included, as the reference product serves them).
 * Snippets are not pages: they exist to be included, and alone they miss their props.
 */
export function addUnlistedPages(draft: Draft): void {
  for (const [route, file] of draft.fileRoutes) {
    if (!draft.pages.has(route) && file.unlisted !== 'snippet') {
      const page = filePage(draft, route, file);
      page.hidden = true;
      draft.pages.set(route, page);
    }
  }
}

/**
 * Canonical placement: the first in the default version and language. Then previous/next in each
 * section, skipping hidden pages; a page hidden everywhere stays out of the sidebar.
 */
export function finishPlacements(draft: Draft): void {
  for (const page of draft.pages.values()) {
    if (page.placements.length === 0) continue;
    const canonical = page.placements.findIndex((placement) => placement.inDefaultPartition);
    if (canonical > 0) page.placements.unshift(...page.placements.splice(canonical, 1));
    if (!page.hidden && page.placements.every((placement) => placement.hiddenAncestor)) {
      page.hidden = true;
      draft.hiddenByAncestors.add(page.route);
    }
  }
  for (const listing of draft.sectionListings.values()) linkPreviousNext(draft, listing.placements);
}

/**
 * Per placement, not per page: a page shown in one place may also sit in a hidden group, and
 * previous/next must not lead a reader into that hidden group.
 */
function linkPreviousNext(draft: Draft, placements: readonly { route: string; placement: Placement }[]): void {
  const seen = new Set<string>();
  const visible = placements.filter(({ route, placement }) => {
    const page = draft.pages.get(route)!;
    if (placement.hiddenAncestor || page.hidden || page.frontmatter.url !== undefined || seen.has(route)) return false;
    seen.add(route);
    return true;
  });
  visible.forEach(({ placement }, index) => {
    if (index > 0) placement.previous = visible[index - 1]!.route;
    if (index < visible.length - 1) placement.next = visible[index + 1]!.route;
  });
}
