/**
 * The warm build's cache of page bodies on disk (`.docjet/cache/pages/`, safe to delete): a page's
 * body as the renderer made it (its HTML with code coloured, OpenAPI reference included), with its
 * diagnostics, headings, the URLs it writes and the unknown icons it drew, and its Markdown twin.
 * The shell (sidebar, header, table of contents) is drawn around it again on every build: it is
 * cheap, and it is what a change of navigation, theme or colours changes.
 *
 * An entry's name is a hash of everything the body is made from: docjet's code (its package
 * version and a hash of the compiled code it runs, so that no release, and no local edit, can
 * read another's entries), the page's file, its place in the site model that the body reads
 * (route, title, description, frontmatter, language), the parts of docs.json a body reads (all
 * but those only the shell, the head or other files read: `SHELL_ONLY`), and, for a page that
 * shows an OpenAPI operation or schema, every data file and remote copy an operation may be
 * found in. What a body reads that is only known once it is rendered is recorded in the entry and
 * checked before it is used: the snippets it imports (by content hash) and whether the images and
 * videos it shows exist.
 *
 * An entry is one file, written beside its name and renamed over it (concurrent builds never see
 * half of one), starting with the SHA-256 of the rest: a truncated or damaged entry is not used,
 * and the page is rendered again and its entry replaced.
 */
import { overviewPagesKey, overviewRoute } from './endpoint/overview.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheFolder, checkedText, writeAtomic } from '../shared/docjet-cache.ts';
import { PACKAGE_ROOT, VERSION } from '../shared/package-root.ts';
import { decodeText, type DecodedText } from '../shared/read-text.ts';
import type { UrlUse } from '../shared/safe-url.ts';
import type { UrlResolver } from '../content/page-urls.ts';
import type { Position } from '../shared/diagnostics.ts';
import { runCopy } from '../openapi/spec-cache.ts';
import { siteSpecFiles } from '../openapi/documents.ts';
import type { Page, Site } from '../site/types.ts';
import type { Body } from './page-body.ts';
import type { SourceTexts } from './source-texts.ts';

/** The shape of an entry. Bump it when `Entry` changes (the code's hash changes with it anyway). */
const CACHE_FORMAT = 2;
/** `.docjet/cache/pages`. */
const CACHE_PART = 'pages';
/** The file in the cache folder naming the code its entries were made by. */
const VERSION_FILE = 'version';

/**
 * Keys of docs.json that no page body reads: the shell draws them (navigation, colours, logo,
 * navbar, footer, banner…), or other files do (redirects, sitemap, cards, analytics). A change to
 * them draws every shell again but reuses every body. Any other key is part of every body's key.
 */
const SHELL_ONLY = new Set([
  '$schema',
  'appearance',
  'background',
  'banner',
  'colors',
  'contextual',
  'description',
  'errors',
  'favicon',
  'fonts',
  'footer',
  'integrations',
  'interaction',
  'logo',
  'metadata',
  'name',
  'navbar',
  'navigation',
  'redirects',
  'search',
  'seo',
  'theme',
  'thumbnails',
]);

/** What a worker thread needs to open the same cache: plain data. */
export interface BodyCacheInit {
  /** The cache folder (real path, inside the site). */
  dir: string;
  /** docjet's version and the hash of its code (`codeVersion`). */
  version: string;
  /**
   * The keys of the entries the folder held when it was opened: a key not among them is not looked
   * for (a cold build's 1,000 pages were 1,000 failed reads, 0.16 CPU-s of the build's thread). An
   * entry another build writes meanwhile is found by the next build.
   */
  keys: ReadonlySet<string>;
}

/** A URL the body wrote, as the renderer's `UrlWatch` was told of it. */
export interface RecordedUrl {
  file: string;
  url: string;
  use: UrlUse;
  resolved: string | undefined;
  /** Where the page writes it, when the renderer knows (a link whose text differs from its URL). */
  at?: Position | undefined;
}

/** A body as stored: everything but the page's text, which is read again for its key. */
type StoredBody = Omit<Body, 'text'>;

interface Entry {
  format: number;
  key: string;
  /** Snippets and other site files the body pulled in, with the SHA-256 of each ('' when missing). */
  dependencies: [string, string][];
  /** Files of the site the body looked for (`UrlResolver.missing`): resolved URL and what was missing. */
  lookups: [string, string, string | null][];
  urls: RecordedUrl[];
  /** Unknown icons the body drew, in order. */
  icons: string[];
  body: StoredBody;
  /** The page's Markdown twin, added once it is made (right after the body, in the same thread). */
  markdown?: string;
}

/** What a body read besides its key's inputs: snippets (with their hashes) and files looked for (found or missing). */
export interface BodyInputs {
  dependencies: [string, string][];
  lookups: [string, string, string | null][];
}

/** What `lookup` found: the page's key and text, and its entry when it is still good. */
export interface Lookup {
  key: string;
  /** The page file's text (none for an endpoint page). */
  text?: string;
  entry?: Entry;
}

/** What one body's render touched, gathered while it runs. */
interface Recording {
  dependencies: Set<string>;
  lookups: [string, string, string | null][];
  urls: RecordedUrl[];
}

const recording = new AsyncLocalStorage<Recording>();

/**
 * The cache folder for `root`, made and emptied of another docjet's entries; undefined when it
 * cannot be used (it leads outside the site, or cannot be written): the build then renders every
 * page, as without a cache.
 */
export async function openBodyCache(root: string): Promise<BodyCacheInit | undefined> {
  try {
    const folder = await cacheFolder(root, CACHE_PART, { create: true });
    if (!folder.ok) return undefined;
    const version = await codeVersion();
    const file = path.join(folder.path, VERSION_FILE);
    const written = await readFile(file, 'utf8').catch(() => undefined);
    const names = await readdir(folder.path);
    const keys = new Set<string>();
    if (written !== version) {
      // Another docjet's entries can never be read again (their names hold its version): removed.
      for (const name of names) if (name.endsWith('.json')) await rm(path.join(folder.path, name), { force: true });
      await writeAtomic(file, version);
    } else {
      for (const name of names) {
        const key = ENTRY_NAME.exec(name)?.[1];
        if (key !== undefined) keys.add(key);
      }
    }
    return { dir: folder.path, version, keys };
  } catch {
    return undefined;
  }
}

/**
 * Removes the entries no page of this build used: those of pages as they were before a change,
 * and of pages gone, among those the folder held when this build opened it (an entry another build
 * writes meanwhile is left for the next build to judge).
 */
export async function pruneBodyCache(init: BodyCacheInit, used: ReadonlySet<string>): Promise<void> {
  try {
    // The entries the folder held when it was opened (`keys`): this build's own are all used, and the folder is not listed again.
    for (const key of init.keys) if (!used.has(key)) await rm(path.join(init.dir, `${key}.json`), { force: true });
  } catch {
    // A cache that cannot be read or pruned costs a later build some time, never a page.
  }
}

/** An entry's file name: its key and `.json`. */
const ENTRY_NAME = /^([0-9a-f]{64})\.json$/;

let codeVersionMemo: Promise<string> | undefined;

/**
 * docjet's package version, the shape of an entry, and a hash of the code that runs (`codeHash`)
 * and of the versions of the packages it renders with (Shiki, the icon sets, the Markdown parsers):
 * a hash, not a number bumped by hand, so that no change to the renderer can be forgotten and serve
 * stale pages.
 */
export function codeVersion(): Promise<string> {
  codeVersionMemo ??= (async () => {
    const hash = createHash('sha256').update(`docjet ${VERSION} format ${CACHE_FORMAT}\n`);
    const here = fileURLToPath(import.meta.url);
    const top = path.relative(PACKAGE_ROOT, here).split(path.sep)[0] ?? '';
    hash.update(await codeHash(path.join(PACKAGE_ROOT, top)));
    const manifest = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {}).sort()) hash.update(`${name}@${await installedVersion(name)}\n`);
    return `${VERSION}+${hash.digest('hex').slice(0, 32)}`;
  })();
  return codeVersionMemo;
}

/** lib/'s stamp (scripts/build.ts): written last by a build that finished, it names the build's inputs. */
const BUILD_STAMP = 'build-stamp.json';

/**
 * What identifies the code in `codeRoot` (lib/, or src/ when run from the sources). A built lib/
 * holds its build's stamp, a hash of every input of the build (src/, the build scripts, the lockfile,
 * Node's version): the code is that build's, and the stamp says so without reading it (hashing the
 * 15 MB of lib/ took 170 ms of each build's start, before anything else could use the cache). Else
 * (the sources, or a lib/ whose build did not finish) every script is hashed, path and bytes.
 */
export async function codeHash(codeRoot: string): Promise<string> {
  const stamp = await readFile(path.join(codeRoot, BUILD_STAMP), 'utf8')
    .then((text) => (JSON.parse(text) as { inputs?: unknown }).inputs)
    .catch(() => undefined);
  if (typeof stamp === 'string' && /^[0-9a-f]{64}$/.test(stamp)) return `build ${stamp}\n`;
  const hash = createHash('sha256');
  const files = (await readdir(codeRoot, { recursive: true })).filter((name) => /\.(?:c|m)?[jt]s$/.test(name) && !name.endsWith('.d.ts')).sort();
  for (const name of files) hash.update(`${name}\n`).update(await readFile(path.join(codeRoot, name)));
  return `files ${hash.digest('hex')}\n`;
}

/** The version of a dependency as installed, found from docjet's folder as Node finds it; '?' when not found. */
async function installedVersion(name: string): Promise<string> {
  for (let folder = PACKAGE_ROOT; ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(await readFile(path.join(folder, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string };
      return manifest.version ?? '?';
    } catch {
      if (path.dirname(folder) === folder) return '?';
    }
  }
}

export interface BodyCacheOptions {
  site: Site;
  base: string;
  /** The URL the schema fragments are under, which endpoint bodies link to. */
  fragmentPrefix: string;
  /** The resolver of a file's URLs, as the renderer makes it: a recorded image lookup is checked again with it. */
  urls: (file: string) => UrlResolver;
  /** The build's page files, read once for the body and its Markdown twin. */
  sources?: SourceTexts | undefined;
}

export class BodyCache {
  /** Pages whose body came from the cache, and pages rendered, in this thread. */
  hits = 0;
  misses = 0;
  private readonly rendererKey: string;
  private readonly hashes = new Map<string, Promise<string>>();
  private apiKey: Promise<string> | undefined;
  /** Each route's lookup, shared by the renderer and then the Markdown twin, which drops it. */
  private readonly lookups = new Map<string, Promise<Lookup>>();
  /** Entries of bodies just rendered, written once their Markdown twin is made: one file per page. */
  private readonly pending = new Map<string, Entry>();
  /** Where the entries are written, when not here (`storeWith`): false when it did not take one. */
  private store: ((file: string, text: string) => Promise<boolean>) | undefined;

  constructor(
    private readonly init: BodyCacheInit,
    private readonly options: BodyCacheOptions,
  ) {
    const config = Object.fromEntries(Object.entries(options.site.config).filter(([key]) => !SHELL_ONLY.has(key)));
    this.rendererKey = hashOf(JSON.stringify({ version: init.version, base: options.base, fragmentPrefix: options.fragmentPrefix, config }));
  }

  /** The page's key, text and entry (when there is one whose recorded inputs all still hold). */
  lookup(page: Page): Promise<Lookup> {
    let found = this.lookups.get(page.route);
    if (!found) {
      found = this.find(page);
      this.lookups.set(page.route, found);
    }
    return found;
  }

  /**
   * Runs `render` (the page's body) recording what it reads, and keeps the result for `key` with
   * the unknown icons `icons()` lists once it is done, to be stored with the page's Markdown.
   */
  async record(key: string, render: () => Promise<Body>, icons: () => string[]): Promise<{ body: Body; urls: RecordedUrl[]; inputs: BodyInputs }> {
    const recorded: Recording = { dependencies: new Set(), lookups: [], urls: [] };
    const body = await recording.run(recorded, render);
    this.misses++;
    const { text: _text, ...stored } = body;
    const dependencies = await Promise.all([...recorded.dependencies].sort().map(async (file): Promise<[string, string]> => [file, await this.fileHash(file)]));
    this.pending.set(key, { format: CACHE_FORMAT, key, dependencies, lookups: recorded.lookups, urls: recorded.urls, icons: icons(), body: stored });
    return { body, urls: recorded.urls, inputs: { dependencies, lookups: recorded.lookups } };
  }

  /**
   * The Markdown twin of a page: from the cache when its body came from there, else made; then
   * its entry is stored, body and Markdown in one file (a failed store is only a later miss).
   */
  async markdown(page: Page, make: () => Promise<string>): Promise<string> {
    const { key, entry } = await this.lookup(page);
    // The twin is the lookup's last user: kept longer, it would hold every page's text and entry until the build ends.
    this.lookups.delete(page.route);
    if (typeof entry?.markdown === 'string') {
      if (page.source.type === 'file') this.options.sources?.forget(page.source.file);
      return entry.markdown;
    }
    const markdown = await make();
    const complete = this.pending.get(key) ?? entry;
    this.pending.delete(key);
    if (complete) await this.write(`${key}.json`, JSON.stringify({ ...complete, markdown }));
    return markdown;
  }

  /**
   * The renderer's resolver of a file's URLs, recording, for the page being rendered, every URL it
   * resolves and every file it looks for.
   */
  recordingResolver(file: string, resolve: UrlResolver): UrlResolver {
    const recorded: UrlResolver = (url, use, at) => {
      const resolved = resolve(url, use, at);
      recording.getStore()?.urls.push({ file, url, use, resolved, ...(at ? { at } : {}) });
      return resolved;
    };
    const missing = resolve.missing;
    if (missing) {
      recorded.missing = (resolved) => {
        const result = missing(resolved);
        recording.getStore()?.lookups.push([file, resolved, result ?? null]);
        return result;
      };
    }
    return recorded;
  }

  /** Tells the cache of site files (snippets) the body being rendered read. */
  dependsOn(files: Iterable<string>): void {
    const store = recording.getStore();
    if (store) for (const file of files) store.dependencies.add(file);
  }

  /**
   * The page's key alone, as `lookup` makes it, without reading its entry (the build's reuse of
   * the previous output's files, src/output/page-reuse.ts).
   */
  async keyOf(page: Page): Promise<string> {
    return (await this.keyAndText(page, true)).key;
  }

  /**
   * Entries are written by `store` from now on (the build's writer thread, output/writer-thread.ts),
   * which writes `text` at `file` after a line of its SHA-256, atomically, as this cache does, or says
   * it did not take the entry (false): then it is written here.
   */
  storeWith(store: (file: string, text: string) => Promise<boolean>): void {
    this.store = store;
  }

  /** Whether the snippets and files a body read (`BodyInputs`) are as they were. */
  inputsHold(inputs: BodyInputs): Promise<boolean> {
    return this.holds(inputs);
  }

  private async find(page: Page): Promise<Lookup> {
    const { key, text } = await this.keyAndText(page);
    const entry = await this.readEntry(key);
    if (!entry || !(await this.holds(entry))) return { key, ...(text === undefined ? {} : { text }) };
    this.hits++;
    return { key, ...(text === undefined ? {} : { text }), entry };
  }

  private async keyAndText(page: Page, keyOnly = false): Promise<{ key: string; text: string | undefined }> {
    const parts: string[] = [this.rendererKey, pageKey(page)];
    let decoded: DecodedText | undefined;
    const { sources } = this.options;
    if (page.source.type === 'file' && keyOnly && sources) {
      // The key alone (a warm build deciding whether to take the page's files): the file's hash, its text neither decoded nor kept.
      parts.push(sources.hashOf(page.source.file));
    } else if (page.source.type === 'file') {
      const source = await sources?.read(page.source.file);
      const bytes = source?.bytes ?? (await readFile(path.join(this.options.site.root, page.source.file)));
      decoded = source?.decoded ?? decodeText(bytes);
      parts.push(sources ? sources.hashRead(page.source.file, bytes) : hashOf(bytes));
    }
    if (showsApi(page)) parts.push(await this.api());
    // The header links to the spec's overview page, wherever it was routed.
    if (page.source.type === 'endpoint') parts.push(overviewRoute(this.options.site, page.source.spec, page.source.directory) ?? '');
    // An overview links to its operations' pages, wherever they were routed.
    if (page.source.type === 'overview') parts.push(overviewPagesKey(this.options.site, page.source));
    return { key: hashOf(parts.join('\n')), text: decoded?.text };
  }

  private async readEntry(key: string): Promise<Entry | undefined> {
    if (!this.init.keys.has(key)) return undefined;
    const text = await this.read(`${key}.json`);
    if (text === undefined) return undefined;
    try {
      const entry = JSON.parse(text) as Entry;
      if (entry.format !== CACHE_FORMAT || entry.key !== key || typeof entry.body?.html !== 'string') return undefined;
      return entry;
    } catch {
      return undefined;
    }
  }

  /** Whether every snippet the entry read is as it was, and every file it looked for is still there or still missing. */
  private async holds(entry: BodyInputs): Promise<boolean> {
    for (const [file, hash] of entry.dependencies) if ((await this.fileHash(file)) !== hash) return false;
    for (const [file, resolved, missing] of entry.lookups) if ((this.options.urls(file).missing?.(resolved) ?? null) !== missing) return false;
    return true;
  }

  /** Every data file of the site and every remote spec's copy: where an operation or schema a page shows may come from. */
  private api(): Promise<string> {
    this.apiKey ??= (async () => {
      const hashes: string[] = [];
      for (const source of siteSpecFiles(this.options.site)) {
        if (/^https?:\/\//i.test(source)) hashes.push(`${source} ${hashOf(runCopy(this.options.site.root, source)?.text ?? '')}`);
        else hashes.push(`${source} ${await this.fileHash(source)}`);
      }
      return hashOf(hashes.join('\n'));
    })();
    return this.apiKey;
  }

  /** SHA-256 of a site file, once per build; '' when it cannot be read. */
  private fileHash(file: string): Promise<string> {
    let hash = this.hashes.get(file);
    if (!hash) {
      hash = readFile(path.join(this.options.site.root, file)).then(hashOf, () => '');
      this.hashes.set(file, hash);
    }
    return hash;
  }

  /** An entry's text, when its checksum holds. */
  private async read(name: string): Promise<string | undefined> {
    const data = await readFile(path.join(this.init.dir, name), 'utf8').catch(() => undefined);
    if (data === undefined) return undefined;
    const newline = data.indexOf('\n');
    if (newline !== 64) return undefined;
    const text = data.slice(newline + 1);
    return hashOf(text) === data.slice(0, newline) ? text : undefined;
  }

  private async write(name: string, text: string): Promise<void> {
    if (this.store && (await this.store(path.join(this.init.dir, name), text))) return;
    await writeAtomic(path.join(this.init.dir, name), checkedText(text)).catch(() => undefined);
  }
}

/** What the body reads of the page model: not its placements, breadcrumbs or neighbours (the shell's). */
function pageKey(page: Page): string {
  return JSON.stringify({
    route: page.route,
    source: page.source,
    title: page.title,
    description: page.description,
    descriptionMarkdown: page.descriptionMarkdown,
    frontmatter: page.frontmatter,
    language: page.placements[0]?.language,
  });
}

/** Whether the page shows an OpenAPI operation or schema: its body reads the site's specs. */
function showsApi(page: Page): boolean {
  return (
    page.source.type === 'endpoint' || page.source.type === 'overview' || typeof page.frontmatter['openapi'] === 'string' || typeof page.frontmatter['openapi-schema'] === 'string'
  );
}

function hashOf(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
