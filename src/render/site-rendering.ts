/**
 * The renderer's options for a site, one function for `build` and `dev`: docjet's stylesheet and
 * script bundle, the site's own `.css` and `.js` files, the assets prefix and the navigation
 * fragments of pages listed in several versions or languages. The dev server adds its live-reload
 * script after the site's scripts; nothing else differs, so a page in `dev` is the page `build` writes.
 *
 * `build` makes every navigation fragment up front (its render workers are handed plain maps);
 * `dev` makes a section's fragments when a page of the section is first rendered, or a fragment is
 * asked for, so that its first page does not wait for the sidebar of every section.
 */
import { customAssets } from '../content/custom-assets.ts';
import { gitDates, wantsDates } from '../content/last-modified.ts';
import type { SiteFiles } from '../shared/scan.ts';
import { ASSETS_FOLDER, hashOf, siteBundle, type Bundle } from './assets.ts';
import { codeTokenCss } from './highlight.ts';
import { pageHref } from './links.ts';
import type { RendererOptions } from './page.ts';
import { NavigationFragments } from './shell/fragments.ts';
import { searchScripts, type SearchScripts } from './search-scripts.ts';
import { utilityCss } from './utilities.ts';
import type { Site } from '../site/types.ts';

export interface SiteRendering {
  options: RendererOptions;
  bundle: Bundle;
  /** Navigation fragments by name (`<name>.html` under `_docjet/nav/`). */
  fragments: NavigationFragments;
  /** Search's two modules (under `_docjet/`): every page loads the first, which loads the dialog. */
  search: SearchScripts;
  /** The CSS of the Tailwind utilities the site uses (build), none when it uses none (src/render/utilities.ts). */
  utilities?: { file: string; text: string };
}

/** In `dev`, the utilities' CSS has one address; the dev server answers it with the classes of the pages rendered so far. */
export const DEV_UTILITIES_FILE = `${ASSETS_FOLDER}/utilities.css`;

export async function siteRendering(options: {
  root: string;
  site: Site;
  files: SiteFiles;
  base: string;
  /** Scripts after the site's own (dev's live reload). */
  extraScripts?: readonly string[];
  /** Fence languages loaded up front (build: those of every page). */
  languages?: readonly string[];
  siteUrl?: string | undefined;
  /** Make each navigation fragment when first needed (dev), not all before the first page (build). */
  onDemand?: boolean;
  /** Load the site's `integrations` on its pages: `build` and `serve` always, `dev` with `--analytics`. */
  analytics?: boolean;
  /**
   * The class names the site's pages, snippets and components write (build): their utilities'
   * CSS is a file of its own. `'live'` (dev): pages link DEV_UTILITIES_FILE, whatever they use.
   */
  utilities?: Iterable<string> | 'live';
}): Promise<SiteRendering> {
  const { root, site, files, base } = options;
  const bundle = siteBundle(site.config, base, await codeTokenCss());
  const search = searchScripts();
  const custom = await customAssets(root, files.assets);
  // One `git log` for the whole site, only when some page shows its date.
  const dates = wantsDates(site.config.metadata?.timestamp, site.pages.values()) ? await gitDates(root) : undefined;
  const utilityText = options.utilities === undefined || options.utilities === 'live' ? '' : await utilityCss(options.utilities, site.config);
  const utilities = utilityText ? { file: `${ASSETS_FOLDER}/utilities.${hashOf(utilityText)}.css`, text: utilityText } : undefined;
  const utilityFile = options.utilities === 'live' ? DEV_UTILITIES_FILE : utilities?.file;
  const rendererOptions: RendererOptions = {
    customStyles: custom.styles.map((file) => pageHref(file, base)),
    customScripts: [...custom.scripts.map((file) => pageHref(file, base)), ...(options.extraScripts ?? [])],
    site,
    base,
    stylesheet: base + bundle.css.file,
    ...(utilityFile ? { utilityStylesheet: base + utilityFile } : {}),
    script: base + bundle.js.file,
    playgroundScript: base + bundle.playground.file,
    fieldsScript: base + bundle.fields.file,
    ...(options.analytics === false ? {} : { analyticsScript: base + bundle.analytics.file }),
    assetsPrefix: `${base}${ASSETS_FOLDER}/`,
    search: { script: `${base}${ASSETS_FOLDER}/${search.entry.file}`, dialog: `${base}${ASSETS_FOLDER}/${search.dialog.file}` },
    siteFiles: files.assets,
    ...(options.languages ? { languages: options.languages } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...(dates ? { gitDates: dates } : {}),
  };
  const fragments = new NavigationFragments(rendererOptions);
  rendererOptions.navFragments = options.onDemand ? fragments.names : new Map(fragments.names);
  rendererOptions.lazySidebars = options.onDemand ? fragments.lazy : new Map(fragments.lazy);
  return { options: rendererOptions, bundle, fragments, search, ...(utilities ? { utilities } : {}) };
}
