/**
 * `docjet check`: every link of the site followed as the built site and `docjet dev` answer it
 * (the following itself is validate/links.ts, which `build` uses too).
 *
 * The site is resolved and every page rendered (nothing written) with dev's own model
 * (`resolveModel`): the renderer reports each URL a page writes (Markdown links and images, `<a
 * href>`, `<img src>`, component props such as Card, Tile, Update or Button's `href`, OpenAPI
 * descriptions on a page), as written and as the page's HTML holds it; docs.json's URLs (navigation
 * hrefs, navbar, footer, logo, favicon) come from the schema's own list (`eachUrl`), and redirect
 * destinations from `redirects`. Each is then followed with dev's request rules (`resolveRequest`:
 * routes, trailing slashes, `.md` twins, static files, redirects with their `:slug*` expanded, the
 * base path), hop by hop through redirects. A `#fragment` must be an id of the rendered target page
 * (headings as the renderer's slugger writes them, accordions, steps, tabs, parameter fields).
 */
import path from 'node:path';
import { normalizeBase } from '../render/links.ts';
import type { UrlWatch } from '../render/page.ts';
import { diagnostic } from '../shared/messages.ts';
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import { pageLinks, resolveLinks, type PageLinks, type WatchedUrl } from '../validate/links.ts';
import { checkExternal, type ExternalOptions } from './external-links.ts';
import { resolveModel } from './site-model.ts';
import { readSources } from './site-sources.ts';

export { idsOf } from '../validate/links.ts';

export interface CheckOptions {
  /** The folder holding docs.json. */
  root: string;
  /** The sub-path the site is served under (`--base`), default `/`. */
  base?: string;
  allowPrivateNetwork?: boolean;
  /** Also ask each external http(s) URL whether it answers (`--external`, external-links.ts). */
  external?: boolean;
  /** Ask nothing of the network: remote specs from the cache, external URLs "not checked" unless cached. Default: `DOCJET_OFFLINE`. */
  offline?: boolean;
  /** external-links.ts's limits, for tests. */
  externalLimits?: Pick<ExternalOptions, 'concurrency' | 'timeoutMs' | 'hostIntervalMs'>;
}

export interface CheckStats {
  pages: number;
  /** Internal links, images and config URLs followed (external ones are counted apart). */
  links: number;
  external: number;
  /** External URLs that could not be checked (offline, no answer): said, never counted as broken. */
  externalUnchecked: number;
  externalBroken: number;
  brokenLinks: number;
  missingAnchors: number;
  redirectChains: number;
  /** Why external URLs went unchecked, each reason once. */
  uncheckedReasons?: string[];
  seconds: number;
}

export interface CheckResult {
  /** False when the site itself could not be resolved: `diagnostics` says why, nothing was checked. */
  resolved: boolean;
  /** The site's errors when it could not be resolved; else every broken link, missing anchor and redirect chain. */
  diagnostics: Diagnostic[];
  stats: CheckStats;
}

export async function checkLinks(options: CheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const base = normalizeBase(options.base);
  const stats: CheckStats = { pages: 0, links: 0, external: 0, externalUnchecked: 0, externalBroken: 0, brokenLinks: 0, missingAnchors: 0, redirectChains: 0, seconds: 0 };
  let current: WatchedUrl[] | undefined;
  const watchUrls: UrlWatch = (file, url, use, resolved, at) => {
    current?.push({ file, url, use, resolved, ...(at ? { at } : {}) });
  };
  const { sources } = await readSources(root);
  const resolvedModel = await resolveModel({
    root,
    sources,
    base,
    extraScripts: [],
    watchUrls,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.offline ? { offline: true } : {}),
  });
  if (!resolvedModel.ok) {
    stats.seconds = (performance.now() - started) / 1000;
    return { resolved: false, diagnostics: resolvedModel.diagnostics.filter((each) => each.severity === 'error'), stats };
  }
  const model = resolvedModel.model;
  const pages: PageLinks[] = [];
  for (const page of model.site.pages.values()) {
    const urls: WatchedUrl[] = [];
    current = urls;
    const rendered = await model.renderer.render(page);
    pages.push(pageLinks(page, rendered.html, urls, base));
  }
  current = undefined;
  stats.pages = model.site.pages.size;

  const resolution = await resolveLinks({ root, base, targets: model, pages });
  const diagnostics = [...resolution.diagnostics];
  stats.links = resolution.links;
  stats.external = resolution.external.length;
  const external = resolution.external.filter((link) => /^https?:\/\//i.test(link.resolved!));
  const seen = new Set<string>();
  if (options.external && external.length > 0) {
    const answers = await checkExternal(
      external.map((link) => link.resolved!),
      {
        root,
        offline: options.offline ?? ['1', 'true'].includes(process.env.DOCJET_OFFLINE ?? ''),
        allowPrivateNetwork: options.allowPrivateNetwork ?? false,
        ...options.externalLimits,
      },
    );
    const unchecked = new Set<string>();
    for (const link of external) {
      const answer = answers.get(link.resolved!);
      if (answer?.kind === 'unchecked') unchecked.add(link.resolved!);
      if (answer?.kind !== 'broken') continue;
      const at = await resolution.position(link, '\u0001');
      const key = `${link.file}:${at?.line}:${at?.column}:${link.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      diagnostics.push(diagnostic('link-external-broken', at, link.file, { url: link.url, status: answer.status }));
      stats.externalBroken++;
    }
    stats.externalUnchecked = unchecked.size;
    stats.uncheckedReasons = [...new Set([...answers.values()].flatMap((answer) => (answer.kind === 'unchecked' ? [answer.reason] : [])))];
  }

  for (const each of diagnostics) {
    if (each.code === 'link-broken') stats.brokenLinks++;
    else if (each.code === 'anchor-missing') stats.missingAnchors++;
    else if (each.code === 'redirect-chain') stats.redirectChains++;
  }
  stats.seconds = (performance.now() - started) / 1000;
  return { resolved: true, diagnostics: sortDiagnostics(diagnostics), stats };
}
