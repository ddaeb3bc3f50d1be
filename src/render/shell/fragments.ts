/**
 * The navigation of each section a page can be switched into, written once as a small HTML file
 * (`_docjet/nav/<hash>.html`) that the page script fetches when the reader switches version or
 * language on a page listed in several (src/client/placements.ts). Embedding every variant in
 * every page would not scale: crewAI lists each of its 942 files in 13 versions. Names are content
 * hashes, so a fragment can be cached like the other assets and a rebuild never serves stale ones.
 */
import { createHash } from 'node:crypto';
import { createIconSet, type IconLibrary } from '../icons.ts';
import { switchablePlacements } from './chrome.ts';
import { Shell, type ShellOptions } from './document.ts';

/** Where fragments go, under docjet's assets folder; the page script builds the same URL. */
export const NAV_FOLDER = 'nav';

export interface NavigationFragments {
  /** Section id → fragment name, for `ShellOptions.navFragments`. */
  names: Map<string, string>;
  /** Each fragment once: its name (`<name>.html` under `NAV_FOLDER`) and its HTML, icons filled in. */
  files: { name: string; html: string }[];
}

/** The fragments of every section that holds a placement some page can be switched to. */
export function navigationFragments(options: ShellOptions): NavigationFragments {
  const { site, base } = options;
  const shell = new Shell(options);
  const icons = createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base });
  const names = new Map<string, string>();
  const files = new Map<string, string>();
  for (const page of site.pages.values()) {
    for (const placement of switchablePlacements(page)) {
      if (names.has(placement.sectionId)) continue;
      // Unknown icons are left blank, as in pages (the pages report those they show).
      const html = icons.fill(shell.sectionNavigation(placement)).html;
      const name = createHash('sha256').update(html).digest('hex').slice(0, 10);
      names.set(placement.sectionId, name);
      files.set(name, html);
    }
  }
  return { names, files: [...files].map(([name, html]) => ({ name, html })) };
}
