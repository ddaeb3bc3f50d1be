/**
 * The site the dev server shows: the model resolved by `validate()` (the same checks as `build`:
 * a site with errors is not served, its diagnostics are), the renderer made from it with the
 * options `build` uses, and what answers requests besides pages: redirects (docs.json's, wildcards
 * expanded, and the home routes), the site's static files, and the files whose change means
 * resolving the site again.
 */
import path from 'node:path';
import { countBySeverity, hasErrors, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import { redirectTargets } from '../output/redirects.ts';
import { pageHref } from '../render/links.ts';
import { apiSummaries, type ApiSummaries } from '../render/llms.ts';
import type { CodeHighlighter } from '../render/highlight.ts';
import { createRenderer, type Renderer, type UrlWatch } from '../render/page.ts';
import type { Site } from '../site/types.ts';
import { siteServers, type ServerTemplate } from '../openapi/servers.ts';
import { validate } from '../validate/index.ts';
import { siteRendering, type SiteRendering } from '../render/site-rendering.ts';
import { sourceDiagnostics, type SiteSources } from './site-sources.ts';

export type { RedirectTarget as Redirect } from '../output/redirects.ts';
import type { RedirectTarget as Redirect } from '../output/redirects.ts';
import { NOT_SERVED } from '../validate/resolve-request.ts';

export interface DevSite {
  sources: SiteSources;
  site: Site;
  /** Every diagnostic of the site (scan, frontmatter, config, navigation), warnings only. */
  diagnostics: Diagnostic[];
  rendering: SiteRendering;
  renderer: Renderer;
  /** By route (no leading slash): where a request for it goes. */
  redirects: Map<string, Redirect>;
  /** Static files served as they are (site-relative): what `build` copies. */
  assets: Set<string>;
  /** The site's stylesheets and scripts on every page (site-relative): a change reloads open pages. */
  pageAssets: Set<string>;
  /** docs.json (or mint.json) and every file it includes with `$ref`. */
  configFiles: Set<string>;
  /** The servers the site's specs declare: where the Try-it proxy may forward (src/dev/proxy.ts). */
  apiServers: ServerTemplate[];
  /** What the site's specs say about themselves, for llms.txt. */
  apis: ApiSummaries;
}

export type ModelResult = { ok: true; model: DevSite } | { ok: false; diagnostics: Diagnostic[]; configFiles: Set<string> };

/** `highlight`: the last model's highlighter, so that a change does not compile every grammar again. */
export async function resolveModel(options: {
  root: string;
  sources: SiteSources;
  base: string;
  extraScripts: readonly string[];
  highlight?: CodeHighlighter | undefined;
  allowPrivateNetwork?: boolean;
  /** Pages load the site's `integrations` (`--analytics`). */
  analytics?: boolean;
  /** Remote OpenAPI specs from the cache only (`docjet check --offline`); default: `DOCJET_OFFLINE`. */
  offline?: boolean;
  /** Told every URL a page writes as it is rendered (`docjet check`). */
  watchUrls?: UrlWatch;
}): Promise<ModelResult> {
  const { root, sources, base } = options;
  const validated = await validate({
    root,
    reuse: { files: sources.files, meta: sources.meta },
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.offline ? { offline: true } : {}),
  });
  const configFiles = new Set([validated.loaded.configFile, ...validated.loaded.files]);
  const diagnostics = sortDiagnostics([...sourceDiagnostics(sources), ...validated.diagnostics]);
  if (hasErrors(diagnostics) || !validated.site) return { ok: false, diagnostics, configFiles };
  const site = validated.site;
  const rendering = await siteRendering({
    root,
    site,
    files: sources.files,
    base,
    extraScripts: options.extraScripts,
    onDemand: true,
    analytics: options.analytics ?? false,
    utilities: 'live',
  });
  const renderer = await createRenderer({ ...rendering.options, ...(options.highlight ? { highlight: options.highlight } : {}) }, undefined, options.watchUrls);
  const customFiles = [...(rendering.options.customStyles ?? []), ...(rendering.options.customScripts ?? [])];
  return {
    ok: true,
    model: {
      sources,
      site,
      diagnostics,
      rendering,
      renderer,
      redirects: redirectTargets(site, base),
      assets: new Set(sources.files.assets.filter((file) => !NOT_SERVED.has(file))),
      pageAssets: new Set(sources.files.assets.filter((file) => customFiles.includes(pageHref(file, base)))),
      configFiles,
      apiServers: siteServers(validated.specs),
      apis: apiSummaries(validated.specs),
    },
  };
}

/** The counts the terminal's summary line gives. */
export function modelSummary(model: DevSite): { pages: number; endpointPages: number; warnings: number } {
  let endpointPages = 0;
  for (const page of model.site.pages.values()) if (page.source.type === 'endpoint') endpointPages++;
  return { pages: model.site.pages.size, endpointPages, warnings: countBySeverity(model.diagnostics, 'warning') };
}

/** A site-relative path as the scan writes it (`/`-separated). */
export function siteRelative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
