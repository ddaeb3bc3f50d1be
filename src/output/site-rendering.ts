/**
 * The renderer's options for a site, one function for `build` and `dev`: docjet's stylesheet and
 * script bundle, the site's own `.css` and `.js` files, the assets prefix and the navigation
 * fragments of pages listed in several versions or languages. The dev server adds its live-reload
 * script after the site's scripts; nothing else differs, so a page in `dev` is the page `build` writes.
 */
import { customAssets } from '../content/custom-assets.ts';
import type { SiteFiles } from '../content/scan.ts';
import { ASSETS_FOLDER, siteBundle, type Bundle } from './assets.ts';
import { pageHref } from '../render/links.ts';
import type { RendererOptions } from '../render/page.ts';
import { navigationFragments } from '../render/shell/fragments.ts';
import { searchScripts, type SearchScripts } from '../search/index.ts';
import type { Site } from '../site/types.ts';

export interface SiteRendering {
  options: RendererOptions;
  bundle: Bundle;
  /** Navigation fragments by name (`<name>.html` under `_docjet/nav/`). */
  fragments: Map<string, string>;
  /** Search's two modules (under `_docjet/`): every page loads the first, which loads the dialog. */
  search: SearchScripts;
}

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
}): Promise<SiteRendering> {
  const { root, site, files, base } = options;
  const bundle = siteBundle(site.config, base);
  const search = searchScripts();
  const custom = await customAssets(root, files.assets);
  const rendererOptions: RendererOptions = {
    customStyles: custom.styles.map((file) => pageHref(file, base)),
    customScripts: [...custom.scripts.map((file) => pageHref(file, base)), ...(options.extraScripts ?? [])],
    site,
    base,
    stylesheet: base + bundle.css.file,
    script: base + bundle.js.file,
    playgroundScript: base + bundle.playground.file,
    fieldsScript: base + bundle.fields.file,
    assetsPrefix: `${base}${ASSETS_FOLDER}/`,
    search: { script: `${base}${ASSETS_FOLDER}/${search.entry.file}`, dialog: `${base}${ASSETS_FOLDER}/${search.dialog.file}` },
    ...(options.languages ? { languages: options.languages } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  };
  const navigation = navigationFragments(rendererOptions);
  rendererOptions.navFragments = navigation.names;
  rendererOptions.lazySidebars = navigation.lazy;
  return { options: rendererOptions, bundle, fragments: new Map(navigation.files.map((fragment) => [fragment.name, fragment.html])), search };
}
