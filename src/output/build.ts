/**
 * `build()`: the whole static site. Validate, then render every page (navigation pages, endpoint
 * pages and pages only on disk) into a staging folder, each with its Markdown version beside it,
 * copy the site's static files, write the 404 page, sitemap, robots.txt, llms.txt and redirects,
 * and swap the folder in. Any error leaves the previous output untouched: a config that breaks the
 * spec stops before a page is rendered, with exactly its diagnostics; a page that cannot be
 * rendered fails the build after every other page was checked, so all errors are reported at once.
 */
import path from 'node:path';
import { hasErrors, promoteWarnings, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import { katexAssets } from '../content/mdx/math.ts';
import { diagnostic } from '../shared/messages.ts';
import type { SiteFiles } from '../shared/scan.ts';
import { markdownPath } from '../content/markdown/path.ts';
import { normalizeBase, pageHref } from '../render/links.ts';
import { NAV_FOLDER } from '../render/shell/fragments.ts';
import type { Site } from '../site/types.ts';
import { siteServers, type ServerTemplate } from '../openapi/servers.ts';
import { homeRoutes } from '../site/home-routes.ts';
import { validate } from '../validate/index.ts';
import { resolveLinks, type PageLinks } from '../validate/links.ts';
import type { LoadedConfig } from '../config/load.ts';
import { openSearchTextCache, SEARCH_FOLDER, searchIndexFiles, searchIndexKey, searchRecords } from '../search/index.ts';
import { ASSETS_FOLDER } from '../render/assets.ts';
import { addCandidates, addFileCandidates } from '../render/utilities.ts';
import { mermaidScript } from './copy.ts';
import { defaultFavicon } from './favicon.ts';
import { contentHash, type OutputRecord, readMarker, sameFolders } from './ownership.ts';
import { PageReuse, type PageResult, type PreviousOutput } from './page-reuse.ts';
import { checkOutputFolder, displayPath, isInside, OutputWriteError, outputPath, recoverOutput, type StagedOutput } from './output.ts';
import { stageLazily, type LazyOutput } from './unchanged-output.ts';
import { expandRedirects, redirectPage, redirectTargets, redirectsFile } from './redirects.ts';
import { SourceTexts } from '../render/source-texts.ts';
import { usedLanguages } from './fence-languages.ts';
import { siteRendering } from '../render/site-rendering.ts';
import { cardOutputPath } from '../render/card-name.ts';
import { CardStage, cardJobs, wantsCardThread } from './card-thread.ts';
import { pageOutputPath } from './paths.ts';
import { memoryPhase, startMemoryTrace } from './memory-trace.ts';
import { cachedMarkdown, createPageMarkdown, MarkdownPages } from '../render/page-markdown.ts';
import { codeVersion, openBodyCache, pruneBodyCache, type BodyCache } from '../render/body-cache.ts';
import { apiSummaries, llmsFiles, type ApiSummaries } from '../render/llms.ts';
import { analyticsSettings } from '../render/analytics.ts';
import { renderPages } from './render-pages.ts';
import { PageDiagnostics } from '../render/page-diagnostics.ts';
import { FragmentWriter } from './fragment-writer.ts';
import { SearchThread, wantsSearchThread, type SearchReply } from './search-thread.ts';
import { WriterThread, wantsWriterThread } from './writer-thread.ts';
import { robotsTxt, siteAddress, sitemapXml } from './sitemap.ts';

export interface BuildOptions {
  /** The folder holding docs.json (default: the current folder). */
  root?: string;
  /** Output folder, absolute or relative to the current folder (default: `dist` beside docs.json). */
  outDir?: string;
  /** Sub-path the site is served under (`/docs/`). */
  base?: string;
  /** Public URL of the site, for the sitemap and canonical links. */
  siteUrl?: string;
  strict?: boolean;
  /**
   * Replace an output folder outside the site that holds files docjet did not write, and files
   * docjet wrote that were changed since. Never the site folder, a folder containing it, a file
   * inside it docjet did not write, the cache folder, a folder reached through a link out of the
   * site, or a file.
   */
  force?: boolean;
  /** Remote OpenAPI specs from .docjet/cache only; nothing is fetched (default: DOCJET_OFFLINE). */
  offline?: boolean;
  /** Remote OpenAPI specs may come from loopback and private addresses (validate's `allowPrivateNetwork`). */
  allowPrivateNetwork?: boolean;
  /** Called as pages are written. */
  onProgress?: (done: number, total: number) => void;
  /** Reuse page bodies from `.docjet/cache/pages` and keep them there (default: true; `--no-cache`: false). */
  cache?: boolean;
}

export interface BuildStats {
  pages: number;
  /** Of `pages`: OpenAPI endpoint pages. */
  endpointPages: number;
  redirects: number;
  /** Static files copied from the site. */
  files: number;
  bytes: number;
  seconds: number;
  pagesPerSecond: number;
  /** Peak resident memory of the process, in bytes. */
  peakMemory: number;
  /** Of `pages`: bodies taken from the cache (`hits`) and rendered (`misses`); both 0 without a cache. */
  cache: { hits: number; misses: number };
}

export interface BuildResult {
  ok: boolean;
  /** Absolute output folder; written only when `ok`. */
  outDir: string;
  diagnostics: Diagnostic[];
  notes: string[];
  stats: BuildStats;
  /** The servers the site's specs declare: where `docjet serve`'s Try-it proxy may forward. */
  apiServers?: ServerTemplate[];
}

/** Files that describe the site rather than belong in it. */
const NOT_COPIED = new Set(['docs.json', 'mint.json', '.mintignore']);

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  startMemoryTrace();
  const root = path.resolve(options.root ?? '.');
  const outDir = options.outDir === undefined ? path.join(root, 'dist') : path.resolve(options.outDir);
  const stats: BuildStats = { pages: 0, endpointPages: 0, redirects: 0, files: 0, bytes: 0, seconds: 0, pagesPerSecond: 0, peakMemory: 0, cache: { hits: 0, misses: 0 } };
  const finish = (ok: boolean, diagnostics: Diagnostic[], notes: string[]): BuildResult => {
    const final = sortDiagnostics(options.strict ? promoteWarnings(diagnostics) : diagnostics);
    stats.seconds = (performance.now() - started) / 1000;
    stats.pagesPerSecond = stats.seconds > 0 ? stats.pages / stats.seconds : 0;
    stats.peakMemory = process.resourceUsage().maxRSS * 1024;
    return { ok: ok && !hasErrors(final), outDir, diagnostics: final, notes, stats };
  };

  // A build stopped while it updated the output in place left a journal: finished first, so the output is one build's again.
  await recoverOutput(outDir).catch(() => undefined);
  // Nothing is created or deleted before the output folder is known to be safe to replace.
  const checked = await checkOutputFolder({ root, target: outDir, force: options.force ?? false });
  if (checked.diagnostics.length > 0) return finish(false, checked.diagnostics, []);
  // A warm build of a large site (the output's record holds its pages): the index's thread loads its code while the site is read.
  const early = options.cache !== false && checked.intact && wantsSearchThread(recordedPages(checked.intact)) ? new SearchThread() : undefined;
  const validated = await validate({
    root,
    ...(options.offline ? { offline: true } : {}),
    ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
    ...contentExclusion(root, checked.rootReal, outDir, checked.target),
  });
  const { site, files } = validated;
  if (hasErrors(validated.diagnostics) || !site || !files) {
    await early?.stop();
    return finish(false, validated.diagnostics, validated.notes);
  }

  // The output found there, as its record says (checked above to hold only what docjet wrote): files the warm build may link from.
  const marker = options.cache === false || checked.intact ? undefined : await readMarker(checked.target).catch(() => undefined);
  const record = options.cache === false ? undefined : (checked.intact ?? (marker?.kind === 'recorded' ? marker.record : undefined));
  const previous = record ? { dir: checked.target, record } : undefined;
  let output: LazyOutput;
  try {
    // When it holds exactly its record's files, the staging folder waits for the first file that differs (none: the output stays as it is).
    output = await stageLazily({ target: checked.target, intact: options.cache === false ? undefined : checked.intact });
  } catch (error) {
    await early?.stop();
    return finish(false, [...validated.diagnostics, outputDiagnostic(error, outDir)], validated.notes);
  }
  const diagnostics = new PageDiagnostics(validated.diagnostics);
  const cards = cardStage(root, site, output, stats);
  // Started at once, as soon as the site model is known, even when nothing may have changed: on a warm
  // build the index is the longest of the work that is not the pages' (1 CPU-s at 5,000 pages), and it
  // is what the build waits for last. A thread that cannot be set up (docjet's code version unread)
  // leaves the index to this thread.
  const search = await searchStage(site, normalizeBase(options.base), output, options.cache !== false, previous, early).catch(async () => {
    await early?.stop();
    return undefined;
  });
  try {
    await writeSite({
      root,
      site,
      files,
      output,
      stats,
      diagnostics,
      options,
      loaded: validated.loaded,
      apis: apiSummaries(validated.specs),
      cards,
      previous,
      search,
    });
    const failed = hasErrors(options.strict ? promoteWarnings(diagnostics.all) : diagnostics.all);
    // Every file as the output holds it, and no name added to it or taken away since its check: nothing to check again or swap in.
    if (!failed && output.unchanged && checked.folders && sameFolders(checked.target, checked.folders))
      return { ...finish(true, diagnostics.all, validated.notes), apiServers: siteServers(validated.specs) };
    // In place (few files differ): no name added or removed since the check, and every file kept, overwritten or deleted as recorded.
    const inPlace = !failed && output.inPlace && checked.folders !== undefined && sameFolders(checked.target, checked.folders) && (await output.conflicts()).length === 0;
    // Checked again just before the swap: a file put in the output while the build ran is not docjet's either.
    // The files linked from it have new ctimes: as they were once linked, they are as recorded (not hashed again).
    const recheck = failed || inPlace ? undefined : await checkOutputFolder({ root, target: outDir, force: options.force ?? false, linked: output.linked });
    if (failed || (recheck?.diagnostics.length ?? 0) > 0) {
      await output.abort();
      return finish(false, [...diagnostics.all, ...(recheck?.diagnostics ?? [])], validated.notes);
    }
    await output.commit();
    return { ...finish(true, diagnostics.all, validated.notes), apiServers: siteServers(validated.specs) };
  } catch (error) {
    // Nothing may write into the staging folder while it is removed: a card or the search index neither.
    await cards.stop();
    await search?.stop();
    await output.abort();
    if (error instanceof OutputWriteError) return finish(false, [...diagnostics.all, outputDiagnostic(error, outDir)], validated.notes);
    throw error;
  }
}

interface SiteWrite {
  root: string;
  site: Site;
  files: SiteFiles;
  output: LazyOutput;
  stats: BuildStats;
  diagnostics: PageDiagnostics;
  options: BuildOptions;
  loaded: LoadedConfig;
  /** What the site's OpenAPI documents say about themselves, for llms.txt. */
  apis: ApiSummaries;
  /** The social cards, drawing on their own thread while the pages render. */
  cards: CardStage;
  /** The output this build replaces and its record, when it has one (none with `--no-cache`). */
  previous: PreviousOutput | undefined;
  /** The search index, being made on its own thread while the pages render (none for a small site). */
  search: SearchThread | undefined;
}

/** Everything the output holds: the pages, the site's files and docjet's, the 404 page, sitemap and redirects. */
async function writeSite({ root, site, files, output, stats, diagnostics, options, loaded, apis, cards, previous, search: searchThread }: SiteWrite): Promise<void> {
  const { configFile } = loaded;
  memoryPhase('setup');
  const base = normalizeBase(options.base);
  const siteUrl = siteAddress(site, options.siteUrl);
  // Encoded once, then counted and written: counting a string's UTF-8 bytes walks the whole string
  // as encoding it does (1.6 s of a profile of GitHub's 1,493 pages, 270 MB of HTML).
  const write = async (relative: string, data: string): Promise<void> => {
    const bytes = Buffer.from(data);
    stats.bytes += bytes.length;
    await output.write(relative, bytes);
  };
  // The class names of pages and snippets, read with their fence languages; then those of components and scripts.
  const classNames = new Set<string>();
  const languages = await usedLanguages(site.root, files.pages.values(), (text) => addCandidates(text, 'markup', classNames));
  await addFileCandidates(root, files.assets, classNames);
  const {
    options: rendererOptions,
    bundle,
    fragments,
    search,
    utilities,
  } = await siteRendering({
    root,
    site,
    files,
    base,
    languages,
    siteUrl,
    utilities: classNames,
  });
  // The warm build's cache of page bodies (src/render/body-cache.ts); without one, every page is rendered.
  const cache = options.cache === false ? undefined : await openBodyCache(root);
  if (cache) rendererOptions.cache = cache;
  let bodyCache: BodyCache | undefined;
  const cacheKeys = new Set<string>();
  // Each page file read once for its HTML and then its Markdown twin (made right after, in this thread).
  const sources = new SourceTexts(site.root);
  const pageMarkdown = createPageMarkdown({ site, base, sources });
  const needs = { math: false, mermaid: false };
  const schemaFragments = new FragmentWriter();
  const total = site.pages.size;
  let done = 0;
  const links = new Map<string, PageLinks>();
  const markdown = new MarkdownPages(
    site,
    cachedMarkdown(pageMarkdown, () => bodyCache),
    write,
    pageOutputPath,
  );
  const pageDone = (result: PageResult): void => {
    if (result.cached) stats.cache.hits++;
    else if (cache) stats.cache.misses++;
    if (result.cacheKey) cacheKeys.add(result.cacheKey);
    diagnostics.addPage(result.diagnostics);
    needs.math ||= result.math;
    needs.mermaid ||= result.mermaid;
    schemaFragments.add(result.fragments);
    links.set(result.links.route, result.links);
    options.onProgress?.(++done, total);
  };
  // Pages whose files the output being replaced holds as they would be written again: linked from there, not rendered (page-reuse.ts).
  const reuse = cache ? await PageReuse.open(root, rendererOptions, cache, sources) : undefined;
  const toRender = reuse
    ? await reuse.reuse([...site.pages.keys()], previous, output, (route, result) => {
        markdown.record(route);
        pageDone(result);
      })
    : undefined;
  stats.bytes += reuse?.bytes ?? 0;
  // Pages to render are written by the render threads into the staging folder: it is made first. With none, no thread starts.
  if (toRender === undefined || toRender.length > 0) await output.stage();
  memoryPhase('pages');
  // The pages' files written on a thread of their own while this one renders them (writer-thread.ts).
  // It reads their ids too: each page's HTML file is known by its route.
  const htmlRoutes = new Map([...site.pages.keys()].map((route) => [pageOutputPath(route), route]));
  const idsOfRoute = new Map<string, string[]>();
  const writer =
    output.staged && wantsWriterThread(toRender?.length ?? total)
      ? writerStage(output, stats, write, (relative, ids) => idsOfRoute.set(htmlRoutes.get(relative)!, ids))
      : undefined;
  const rendered = await renderPages({
    renderer: rendererOptions,
    dir: output.staged ? output.dir : '',
    write: markdown.afterHtml(writer ? (relative, data) => writer.write(relative, data, htmlRoutes.has(relative)) : write),
    idsElsewhere: writer !== undefined,
    onBytes: (bytes) => (stats.bytes += bytes),
    onWritten: (relative, hash, size) => output.wrote(relative, { hash, size }),
    onMarkdown: (route) => markdown.record(route),
    onRenderer: (made) => {
      bodyCache = made.cache;
      // The pages' cache entries are written by the writer thread too.
      if (writer) made.cache?.storeWith((file, text) => writer.store(file, text));
    },
    sources,
    ...(toRender ? { routes: toRender } : {}),
    onPage: (result) => {
      reuse?.rendered(result.links.route, result);
      pageDone(result);
    },
  }).catch(async (error: unknown) => {
    // Nothing may write into the staging folder once the build fails.
    await writer?.stop();
    throw error;
  });
  // Every page's files written, or the first that could not be raised; the thread is then stopped.
  await writer?.finish();
  // The ids each page's HTML holds, read by the writer: its links (the same object the page reuse keeps) get them.
  for (const [route, ids] of idsOfRoute) {
    const found = links.get(route);
    if (found) found.ids = ids;
  }
  const { renderer, diagnostics: once } = rendered;
  diagnostics.add(once);
  memoryPhase('site files');
  await markdown.finish();
  // Entries of pages as they no longer are (or of pages gone): the folder holds this site's pages, not its history.
  if (cache) await pruneBodyCache(cache, cacheKeys);
  stats.pages = total;
  for (const page of site.pages.values()) if (page.source.type === 'endpoint') stats.endpointPages++;

  // The site's own files, then docjet's: a site's `robots.txt` or `sitemap.xml` wins over ours.
  const written = await copySiteFiles(root, files, output, stats);
  await write(bundle.css.file, bundle.css.text);
  await write(bundle.js.file, bundle.js.text);
  await write(bundle.playground.file, bundle.playground.text);
  await write(bundle.samples.file, bundle.samples.text);
  await write(bundle.fields.file, bundle.fields.text);
  if (analyticsSettings(site.config.integrations)) await write(bundle.analytics.file, bundle.analytics.text);
  if (utilities) await write(utilities.file, utilities.text);
  for (const script of [search.entry, search.dialog]) await write(`${ASSETS_FOLDER}/${script.file}`, script.text);
  for (const [name, html] of fragments) await write(`${ASSETS_FOLDER}/${NAV_FOLDER}/${name}.html`, html);
  await schemaFragments.write(renderer, write);
  await copyPageAssets(needs, output);
  await cards.finish();
  await write('404.html', renderer.notFound());
  // Without the site's address no sitemap (its URLs must be absolute), and one warning that says how to give it.
  if (!written.has('sitemap.xml')) {
    if (siteUrl) await write('sitemap.xml', sitemapXml(site, base, siteUrl));
    else diagnostics.add([diagnostic('sitemap-no-url', undefined, configFile, {})]);
  }
  if (!written.has('robots.txt')) await write('robots.txt', robotsTxt(base, siteUrl));
  // llms-full.txt from the Markdown files written beside the pages, a page at a time (not the whole site's text in memory).
  // Read synchronously, as search reads the pages: each was just written, so the OS has it, and an `fs/promises` read is four trips to libuv's threads.
  const readMarkdown = async (route: string): Promise<string> => output.readText(markdownPath(route));
  memoryPhase('llms');
  const llms = llmsFiles({ site, base, siteUrl, markdown: readMarkdown, apis, published: new Set(files.assets) });
  for (const file of llms.index) if (!written.has(file.path)) await write(file.path, file.text);
  for (const file of llms.full) if (!written.has(file.path)) stats.bytes += await output.writeParts(file.path, file.parts);
  if (!site.config.favicon && !written.has('favicon.ico')) {
    const icon = defaultFavicon(site.config.colors?.primary);
    stats.bytes += icon.length;
    await output.write('favicon.ico', icon);
  }
  memoryPhase('redirects and links');
  stats.redirects = await writeRedirects(site, base, written, write);
  // Every link the pages and docs.json write, followed as `docjet check` follows it (warnings; `--strict` fails them).
  const targets = { site, assets: new Set(files.assets.filter((file) => !NOT_COPIED.has(file))), redirects: redirectTargets(site, base) };
  const pages = [...site.pages.keys()].flatMap((route) => links.get(route) ?? []);
  const missingFiles = missingFilesSaid(diagnostics.all);
  // A broken link to an image, video, logo or favicon already said as `file-missing` (the same site path, in the same file): said once, as the file it is.
  const saidElsewhere = (file: string, target: string): boolean => missingFiles.has(`${file}\u0000${sitePath(target)}`);
  const followed = await resolveLinks({ root, base, targets, pages, loaded, saidElsewhere });
  diagnostics.add(followed.diagnostics);
  // Every page's file written: the pages' entries are kept with the hashes their files are recorded with.
  await reuse?.save(output);
  // Last, so the index's thread has had until now, while this thread wrote the rest and followed the links.
  memoryPhase('search');
  await writeSearchIndex({ site, base, output, stats, cache: options.cache !== false, previous, made: await searchThread?.reply(), sources });
}

/**
 * The search index (`_docjet/search/`). What search reads of each page file is kept in
 * `.docjet/cache/search` (none with `--no-cache`); when every record is what the last build made
 * its index from, and the output being replaced still holds those files as that build wrote them
 * (hash in its record, and size and times unchanged since), they are hard-linked from there rather
 * than made again (2.0 CPU-s at 5,000 pages) or copied. The links are recorded with the hashes docjet
 * wrote: one changed during the build shows as changed to the next (`StagedOutput.link`).
 */
async function writeSearchIndex({
  site,
  base,
  output,
  stats,
  cache,
  previous,
  made,
  sources,
}: {
  site: Site;
  sources: SourceTexts;
  base: string;
  output: StagedOutput;
  stats: BuildStats;
  cache: boolean;
  previous: PreviousOutput | undefined;
  /** What the search thread did: wrote the files, or found those of the output being replaced to be the index (undefined: it made nothing, the index is made here). */
  made: SearchReply | undefined;
}): Promise<void> {
  if (made?.type === 'written') {
    for (const [relative, hash, size] of made.files) {
      output.wrote(relative, { hash, size });
      stats.bytes += size;
    }
    return;
  }
  // Those the output holds as they are stay where they are (unchanged-output.ts); the others are written as any file.
  if (made?.type === 'made' && (made.same.length === 0 || (previous && (await copyUnchanged(made.same, previous, output, stats))))) {
    for (const [relative, text] of made.files) {
      const bytes = Buffer.from(text);
      stats.bytes += bytes.length;
      await output.write(relative, bytes);
    }
    return;
  }
  if (made?.type === 'unchanged' && previous && (await copyUnchanged(made.files, previous, output, stats))) return;
  // The page files' hashes the body cache took (SourceTexts): not read again for search.
  const texts = cache ? await openSearchTextCache(site, { knownHash: (file) => sources.knownHash(file) }) : undefined;
  const records = await searchRecords(site, texts?.textOf);
  await texts?.save();
  const key = texts ? searchIndexKey(records, base, texts.version) : undefined;
  const relative = (name: string): string => `${ASSETS_FOLDER}/${SEARCH_FOLDER}/${name}`;
  if (
    key !== undefined &&
    previous &&
    texts?.lastIndex?.key === key &&
    (await copyUnchanged(
      texts.lastIndex.files.map(([name, hash]) => [relative(name), hash]),
      previous,
      output,
      stats,
    ))
  )
    return;
  const hashes: [string, string][] = [];
  for (const [name, text] of searchIndexFiles(records, base)) {
    const bytes = Buffer.from(text);
    stats.bytes += bytes.length;
    await output.write(relative(name), bytes);
    hashes.push([name, contentHash(bytes)]);
  }
  if (key !== undefined) await texts?.saveIndex({ key, files: hashes });
}

/**
 * The search index's thread, started before the pages render (`search-thread.ts`): handed the
 * site model, the record's hashes of the index files in the output being replaced and, with a
 * cache, docjet's code version. None for a small site or on one core.
 */
async function searchStage(
  site: Site,
  base: string,
  output: LazyOutput,
  cache: boolean,
  previous: PreviousOutput | undefined,
  early: SearchThread | undefined,
): Promise<SearchThread | undefined> {
  // A warm build whose output may stay as it is (or be updated in place) has no staging folder to
  // write into: the thread sends back the files that differ from the output's and names those it holds as they are.
  if (!wantsSearchThread(site.pages.size)) {
    await early?.stop();
    return undefined;
  }
  const folder = `${ASSETS_FOLDER}/${SEARCH_FOLDER}`;
  const recorded: [string, string][] = [];
  for (const [relative, [hash]] of previous?.record.files ?? []) if (relative.startsWith(`${folder}/`)) recorded.push([relative, hash]);
  const data = {
    site,
    base,
    dir: output.staged && !output.inPlace ? output.dir : undefined,
    folder,
    cache: cache ? { version: await codeVersion() } : undefined,
    previous: recorded,
  };
  if (!early) return new SearchThread(data);
  early.give(data);
  return early;
}

/** How many pages an output's record holds: its pages' HTML files. */
function recordedPages(record: OutputRecord): number {
  let pages = 0;
  for (const name of record.files.keys()) if (name === 'index.html' || name.endsWith('/index.html')) pages++;
  return pages;
}

/**
 * Links files of the previous output into the staging folder when each is there as its build
 * wrote it with the hash given (its record's hash, size, mtime and ctime); false, having linked
 * nothing or some (the caller then writes them all, each link undone first), when one is not.
 */
async function copyUnchanged(files: readonly [relative: string, hash: string][], previous: PreviousOutput, output: StagedOutput, stats: BuildStats): Promise<boolean> {
  for (const [relative, hash] of files) {
    const recorded = previous.record.files.get(relative);
    if (recorded?.[0] !== hash) return false;
  }
  let bytes = 0;
  for (const [relative] of files) {
    const recorded = previous.record.files.get(relative)!;
    // Hard-linked (output.ts checks it is as recorded): nothing is read or written.
    if (!(await output.link(outputPath(previous.dir, relative), relative, recorded).catch(() => false))) return false;
    bytes += recorded[1];
  }
  stats.bytes += bytes;
  return true;
}

/** The files reported as `file-missing`, by the file that names them: `page.mdx\u0000images/a.png` (the path as the site has it: relative paths resolved, decoded). */
function missingFilesSaid(reported: readonly Diagnostic[]): Set<string> {
  const said = new Set<string>();
  for (const each of reported) if (each.code === 'file-missing' && each.target !== undefined) said.add(`${each.file}\u0000${sitePath(each.target)}`);
  return said;
}

/** `/missing.png`, `./missing.png` and `missing.png` written in a page at the root name one file. */
function sitePath(url: string): string {
  return url.replace(/[?#].*$/, '').replace(/^(?:\.?\/)+/, '');
}

/** The site's static files (images, downloads…), as they are; returns their paths. */
async function copySiteFiles(root: string, files: SiteFiles, output: StagedOutput, stats: BuildStats): Promise<Set<string>> {
  const written = new Set<string>();
  for (const asset of files.assets) {
    if (NOT_COPIED.has(asset)) continue;
    await output.copy(path.join(root, asset), asset);
    written.add(asset);
    stats.files++;
  }
  return written;
}

/**
 * The social card of each page that links one (`thumbnails`), each drawn once or taken from the
 * cache: on a thread of their own from now on, while the pages render, and by this thread too once
 * they are written (`CardStage.finish`).
 */
function cardStage(root: string, site: Site, output: StagedOutput, stats: BuildStats): CardStage {
  const jobs = cardJobs(site);
  return new CardStage({
    root,
    config: site.config,
    jobs,
    thread: wantsCardThread(jobs.length),
    write: async (name, png) => {
      stats.bytes += png.length;
      await output.write(cardOutputPath(name), png);
    },
  });
}

/** The pages' writer thread: each file it wrote is counted and recorded; those it could not take are written by `write` here. */
function writerStage(
  output: StagedOutput,
  stats: BuildStats,
  write: (relative: string, data: string) => Promise<void>,
  onIds: (relative: string, ids: string[]) => void,
): WriterThread {
  return new WriterThread({
    onIds,
    dir: output.dir,
    onWritten: (relative, hash, size) => {
      stats.bytes += size;
      output.wrote(relative, { hash, size });
    },
    writeHere: write,
  });
}

/** KaTeX's stylesheet and fonts, and mermaid, when some page needs them. */
async function copyPageAssets(needs: { math: boolean; mermaid: boolean }, output: StagedOutput): Promise<void> {
  if (needs.math) {
    const katex = katexAssets();
    await output.copy(katex.css, `${ASSETS_FOLDER}/katex/katex.min.css`);
    await output.copyFolder(katex.fonts, `${ASSETS_FOLDER}/katex/fonts`);
  }
  if (needs.mermaid) await output.copy(mermaidScript(), `${ASSETS_FOLDER}/mermaid.min.js`);
}

/** One page per redirect, and `_redirects` for hosts that read one (unless the site has its own); returns how many. */
async function writeRedirects(site: Site, base: string, written: ReadonlySet<string>, write: (relative: string, data: string) => Promise<void>): Promise<number> {
  const redirects = expandRedirects(site.config.redirects ?? [], site.pages.keys(), base);
  // `/` and `/fr` without a page of their own lead to their first page, unless a redirect says otherwise.
  const homes = homeRoutes(site);
  for (const home of homes) {
    if (!redirects.some((redirect) => redirect.from === home.from)) redirects.push({ from: home.from, to: pageHref(home.to, base), permanent: false });
  }
  // A page's Markdown file (`development.md`) wins over a redirect from that path: both cannot be on disk.
  const markdownFiles = new Set([...site.pages.keys()].map(markdownPath));
  for (const redirect of redirects) if (!markdownFiles.has(redirect.from)) await write(pageOutputPath(redirect.from), redirectPage(redirect));
  // The hosts' file too, after the site's own lines (the first matching line wins there).
  const homeLines = homes.map((home) => ({ source: `/${home.from}`, destination: `/${home.to}`, permanent: false }));
  const hostFile = redirectsFile([...(site.config.redirects ?? []), ...homeLines], base);
  if (hostFile && !written.has('_redirects')) await write('_redirects', hostFile);
  return redirects.length;
}

/**
 * The output folder as `validate()` must skip it: relative to the site folder when it lies inside,
 * compared as real paths, so a folder reached through a link is skipped too (else the next build
 * would read the last one's files as content).
 */
function contentExclusion(root: string, rootReal: string | undefined, outDir: string, outReal: string): { outDir?: string } {
  if (rootReal !== undefined && isInside(rootReal, outReal)) return { outDir: path.relative(rootReal, outReal) };
  const relative = path.relative(root, outDir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? { outDir: relative } : {};
}

/** A failed file operation on the output, in the user's terms. */
function outputDiagnostic(error: unknown, outDir: string): Diagnostic {
  const failure = OutputWriteError.from('create', '', error);
  const folder = displayPath(outDir);
  const { reason } = failure;
  switch (failure.stage) {
    case 'create':
      return diagnostic('output-unwritable', undefined, folder, { folder, reason, stage: 'create' });
    case 'write': {
      const file = displayPath(path.join(outDir, failure.relative));
      return diagnostic('output-write-failed', undefined, file, { stage: 'write', relative: failure.relative, reason });
    }
    case 'commit':
      return diagnostic('output-write-failed', undefined, folder, { stage: 'commit', folder, reason });
  }
}
