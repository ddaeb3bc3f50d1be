/** The routes page files claim, before any endpoint page: endpoint pages that collide are numbered. */
import { diagnostic } from '../shared/messages.ts';
import type { Draft } from './draft.ts';
import { routeOfPage } from './page-ref.ts';

export function claimFileRoutes(draft: Draft): void {
  for (const file of draft.options.files.pages.values()) {
    const route = routeOfPage(file.id);
    const other = draft.fileRoutes.get(route);
    if (!other) {
      draft.fileRoutes.set(route, file);
      draft.routes.allocate(route);
      continue;
    }
    // `a.mdx` and `a/index.mdx` both map to `/a`: keep `a.mdx`, as a URL names a file first.
    const [kept, dropped] = other.id.endsWith('/index') ? [file, other] : [other, file];
    draft.fileRoutes.set(route, kept);
    draft.diagnostics.push(diagnostic('route-collision', undefined, dropped.file, { kept: kept.file, dropped: dropped.file, route }));
  }
}
