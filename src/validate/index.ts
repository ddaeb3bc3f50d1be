/**
 * `validate()`: load the config, check it against the schema and the spec's rules, read the pages
 * and OpenAPI files it names (fetching remote ones, or reading their cached copies), and resolve
 * the site model. Every problem is collected; nothing is thrown at the caller for bad input.
 */
import path from 'node:path';
import { checkSchema } from '../config/check-schema.ts';
import { isObject, loadConfig, type LoadedConfig } from '../config/load.ts';
import { pageContextualDiagnostics } from './rules/contextual.ts';
import { checkPages } from '../render/page-diagnostics.ts';
import { runRules } from './rules/index.ts';
import { loadSpecs, type LoadedSpecs } from '../openapi/specs.ts';
import type { Config } from '../config/schema.ts';
import { readAllPageMeta, type PageMeta } from '../content/frontmatter.ts';
import { scanSite, type SiteFiles } from '../shared/scan.ts';
import { countBySeverity, hasErrors, promoteWarnings, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { RemoteOptions } from '../openapi/remote.ts';
import { routeLengthDiagnostics } from '../site/page-ref.ts';
import { resolveSite } from '../site/resolve.ts';
import type { Site } from '../site/types.ts';

export interface ValidateOptions {
  /** The folder holding docs.json (default: the current folder). */
  root?: string;
  /** Warnings count as errors. */
  strict?: boolean;
  /** Output folder never read as content (relative to root). */
  outDir?: string;
  /** The config file's text instead of reading docs.json. */
  configText?: string;
  /** Files and frontmatter from an earlier run, when only the config changed (dev server, fuzzing). */
  reuse?: { files: SiteFiles; meta: ReadonlyMap<string, PageMeta> };
  /**
   * Remote OpenAPI specs come from `.docjet/cache` only; nothing is fetched. Default: whether
   * `DOCJET_OFFLINE` is set to `1` (or `true`).
   */
  offline?: boolean;
  /** How long fetching one remote spec may take, in milliseconds (default 10 000). */
  fetchTimeoutMs?: number;
  /**
   * Remote OpenAPI specs may come from loopback, private, link-local and other non-public
   * addresses (`--allow-private-network`). Default false: such a URL is not fetched, with a warning.
   */
  allowPrivateNetwork?: boolean;
  /** Name resolution and address checks of remote fetches, for tests (openapi/fetch-spec.ts). */
  network?: RemoteOptions['network'];
  /**
   * Also read every page as `build` renders it (nothing is written) and report what that finds,
   * so that the list is the one `build` prints: what `docjet validate` does. Off for `build` and
   * `dev`, which render the pages themselves. Not when the config has errors: `build` stops there.
   */
  pages?: boolean;
}

export interface ValidateResult {
  root: string;
  loaded: LoadedConfig;
  config: Config | undefined;
  files: SiteFiles | undefined;
  meta: ReadonlyMap<string, PageMeta> | undefined;
  site: Site | undefined;
  /** The OpenAPI documents the config names, loaded (the Try-it proxy reads their servers). */
  specs?: LoadedSpecs;
  diagnostics: Diagnostic[];
  notes: string[];
  stats: ValidateStats;
}

export interface ValidateStats {
  pages: number;
  navigationPages: number;
  groups: number;
  endpointPages: number;
  errors: number;
  warnings: number;
  milliseconds: number;
}

export async function validate(options: ValidateOptions = {}): Promise<ValidateResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? '.');
  const loaded = loadConfig(options.configText === undefined ? { root } : { root, text: options.configText });
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const result: ValidateResult = {
    root,
    loaded,
    config: undefined,
    files: undefined,
    meta: undefined,
    site: undefined,
    diagnostics,
    notes: [...loaded.notes],
    stats: { pages: 0, navigationPages: 0, groups: 0, endpointPages: 0, errors: 0, warnings: 0, milliseconds: 0 },
  };

  if (loaded.value !== undefined) {
    if (isObject(loaded.value)) await checkSite(result, loaded.value, options);
    else diagnostics.push(notAnObject(loaded.configFile, loaded.value));
  }
  // What rendering finds, as build finds it: only once the config has no error (build stops there).
  const read = options.pages && result.site && result.files && !hasErrors(diagnostics);
  const all = read ? await checkPages({ site: result.site!, files: result.files!, validation: diagnostics }) : diagnostics;

  const final = sortDiagnostics(options.strict ? promoteWarnings(all) : all);
  result.diagnostics = final;
  result.stats.errors = countBySeverity(final, 'error');
  result.stats.warnings = countBySeverity(final, 'warning');
  result.stats.milliseconds = performance.now() - started;
  return result;
}

export function validationFailed(result: ValidateResult): boolean {
  return hasErrors(result.diagnostics);
}

/** The stages after loading: schema, files and specs, rules, then (with a typed config) pages and the site model. */
async function checkSite(result: ValidateResult, value: Record<string, unknown>, options: ValidateOptions): Promise<void> {
  const { root, loaded, diagnostics } = result;
  const schema = checkSchema({ value, locations: loaded.locations, configFile: loaded.configFile });
  diagnostics.push(...schema.diagnostics);
  const [{ files, diagnostics: scanDiagnostics }, specs] = await Promise.all([
    options.reuse ? { files: options.reuse.files, diagnostics: [] } : scanSite({ root, outDir: options.outDir ?? 'dist' }),
    loadSpecs({ root, config: value, remote: remoteOptions(options) }),
  ]);
  for (const spec of specs.values()) if (spec.note) result.notes.push(spec.note);
  result.specs = specs;
  result.files = files;
  diagnostics.push(...scanDiagnostics);
  diagnostics.push(...runRules({ config: value, locations: loaded.locations, configFile: loaded.configFile, pages: files.pages, specs, assets: new Set(files.assets) }));
  if (!schema.config) return;
  result.config = schema.config;
  const meta = options.reuse ? { meta: options.reuse.meta, diagnostics: [] } : await readAllPageMeta({ root, pages: files.pages.values() });
  diagnostics.push(...meta.diagnostics);
  diagnostics.push(...(await pageContextualDiagnostics({ root, pages: files.pages.values(), meta: meta.meta })));
  result.meta = meta.meta;
  const resolved = resolveSite({ root, config: schema.config, files, meta: meta.meta, specs });
  diagnostics.push(...resolved.diagnostics);
  diagnostics.push(...routeLengthDiagnostics(resolved.site.pages.values())); // bounds: output paths build could not write
  result.site = resolved.site;
  Object.assign(result.stats, siteStats(resolved.site));
}

function remoteOptions(options: ValidateOptions): RemoteOptions {
  const offline = options.offline ?? ['1', 'true'].includes(process.env.DOCJET_OFFLINE ?? '');
  return {
    offline,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.fetchTimeoutMs === undefined ? {} : { timeoutMs: options.fetchTimeoutMs }),
    ...(options.network ? { network: options.network } : {}),
  };
}

function notAnObject(configFile: string, value: unknown): Diagnostic {
  const found = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
  return diagnostic('invalid-type', { file: configFile, line: 1, column: 1 }, configFile, { problem: 'config-not-object', file: configFile, found });
}

function siteStats(site: Site): Pick<ValidateStats, 'pages' | 'navigationPages' | 'groups' | 'endpointPages'> {
  let navigationPages = 0;
  let endpointPages = 0;
  for (const page of site.pages.values()) {
    // An API overview borrows its spec's place for breadcrumbs and search, but no sidebar lists it.
    if (page.placements.length > 0 && page.source.type !== 'overview') navigationPages++;
    if (page.source.type === 'endpoint') endpointPages++;
  }
  let groups = 0;
  for (const element of site.elements.values()) if (element.kind === 'group') groups++;
  return { pages: site.pages.size, navigationPages, groups, endpointPages };
}
