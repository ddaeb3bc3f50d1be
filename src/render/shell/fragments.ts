/**
 * The navigation of each section a page can be switched into, written once as a small HTML file
 * (`_docjet/nav/<hash>.html`) that the page script fetches when the reader switches version or
 * language on a page listed in several (src/client/placements.ts). Embedding every variant in
 * every page would not scale: crewAI lists each of its 942 files in 13 versions. Names are content
 * hashes, so a fragment can be cached like the other assets and a rebuild never serves stale ones.
 *
 * A section whose sidebar is large has one more: its sidebar's groups whole, which pages of the
 * section carry only in part (`LAZY_SIDEBAR_BYTES`, src/client/lazy-sidebar.ts).
 */
import { createHash } from 'node:crypto';
import { createIconSet, pageIcons, type IconLibrary } from '../icons.ts';
import { switchablePlacements } from './chrome.ts';
import { Shell, type ShellOptions } from './document.ts';
import { LAZY_SIDEBAR_BYTES } from './sidebar.ts';

/** Where fragments go, under docjet's assets folder; the page script builds the same URL. */
export const NAV_FOLDER = 'nav';

export interface NavigationFragments {
  /** Section id → fragment name, for `ShellOptions.navFragments`. */
  names: Map<string, string>;
  /** Each fragment once: its name (`<name>.html` under `NAV_FOLDER`) and its HTML, icons drawn. */
  files: { name: string; html: string }[];
  /** Section id → name of its full sidebar, for sections whose pages carry a lazy one (`ShellOptions.lazySidebars`). */
  lazy: Map<string, string>;
}

/**
 * The fragments of every section that holds a placement some page can be switched to, and the
 * full sidebar of every section whose sidebar HTML is over `lazyAbove` bytes.
 */
export function navigationFragments(options: ShellOptions, lazyAbove = LAZY_SIDEBAR_BYTES): NavigationFragments {
  const { site, base } = options;
  const shell = new Shell(options);
  // Unknown icons show the neutral icon, as in pages; the pages report those they show.
  const { draw } = pageIcons(createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base }));
  const names = new Map<string, string>();
  const lazy = new Map<string, string>();
  const measured = new Set<string>();
  const files = new Map<string, string>();
  const add = (html: string): string => {
    const name = createHash('sha256').update(html).digest('hex').slice(0, 10);
    files.set(name, html);
    return name;
  };
  for (const page of site.pages.values()) {
    for (const placement of switchablePlacements(page)) {
      if (!names.has(placement.sectionId)) names.set(placement.sectionId, add(shell.sectionNavigation(placement, draw)));
    }
    const sectionId = page.placements[0]?.sectionId;
    if (sectionId === undefined || measured.has(sectionId)) continue;
    measured.add(sectionId);
    // Measured without the icons' drawings: whether a sidebar is lazy depends on its entries, not
    // on how many bytes the icon library spends on each icon.
    if (shell.sectionSidebar(sectionId).length > lazyAbove) lazy.set(sectionId, add(shell.sectionSidebar(sectionId, draw)));
  }
  return { names, files: [...files].map(([name, html]) => ({ name, html })), lazy };
}
