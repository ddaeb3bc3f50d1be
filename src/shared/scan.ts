/**
 * Finds a site's files: every `.mdx`/`.md` page (routable whether or not navigation lists it,
 * format-behaviour.md §4.1) and every other file, served as a static asset.
 *
 * Runs on every `validate`, so it reads directories only (no file contents, no `stat` except for
 * symlinks), many at a time.
 */

import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import { diagnostic } from './messages.ts';
import { insideRoot, isWithin } from './inside-root.ts';

export interface PageFile {
  /** Path without extension, `/`-separated, relative to the root: `guides/intro`. */
  id: string;
  /** Path relative to the root: `guides/intro.mdx`. */
  file: string;
  ext: '.mdx' | '.md';
  /**
   * `snippet`: a page only when the navigation lists it (files under `snippets/` or `_snippets/`,
   * meant to be included, never standalone, as the format documents). `repository`: a root file
   * about the repository (README.md, LICENSE.md…): a page on disk like any other, but left out of
   * checks that look for pages nobody links to.
   */
  unlisted?: 'repository' | 'snippet';
}

export interface SiteFiles {
  /** Absolute path of the site folder. */
  root: string;
  /** By page id, in id order. */
  pages: Map<string, PageFile>;
  /** Every other file (relative, `/`-separated), sorted. */
  assets: string[];
}

/** Folders never read at any depth. Dot-folders (`.git`, `.github`, `.mintlify`, …) are skipped too. */
const SKIPPED_FOLDERS = new Set(['node_modules']);
/** docjet's own cache, at the root. */
const CACHE_FOLDER = '.docjet';
/**
 * Root files that are about the repository, not the site: the reference product's `broken-links`
 * leaves these out by default (§2.4). Only the `.md` spelling: in the corpus Portkey's `README.mdx`
 * has a title and sits in its navigation (`"README"`, the "How to Contribute" page), polar has a
 * `security.mdx` page and mintlify__docs a `changelog.mdx` page, so an `.mdx` file is always a page.
 */
const REPOSITORY_FILES = new Set(['readme.md', 'license.md', 'changelog.md', 'contributing.md', 'code_of_conduct.md', 'security.md']);
/**
 * What the hosted product leaves out of a site without being told: its `.mintignore` page's
 * "Default ignored patterns" (mintlify__docs/organize/mintignore.mdx), in gitignore syntax. The
 * folders are matched at the root only (langgenius' dify docs publish 89 pages from
 * `…/use-dify/build/`), the file names at any depth; dot-folders are never read anyway. Then what
 * describes the repository's tooling or its coding agents rather than the site, docjet's choice
 * beside the list: `CLAUDE.md` and `AGENTS.md` (which go with the listed `.claude` and `.agents`),
 * and npm's `package.json` and the lock files. A `!pattern` in `.mintignore` brings any of them back.
 */
export const DEFAULT_IGNORED = [
  '/build/',
  '/dist/',
  '/coverage/',
  '/tmp/',
  '/temp/',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  'CLAUDE.md',
  'AGENTS.md',
  '/package.json',
  '/package-lock.json',
  '/npm-shrinkwrap.json',
  '/yarn.lock',
  '/pnpm-lock.yaml',
  '/bun.lock',
  '/bun.lockb',
];
const CONCURRENCY = 32;

type Ignore = ReturnType<typeof ignore>;

interface Walk {
  rootReal: string;
  outDir: string | undefined;
  ignorer: Ignore | undefined;
  files: string[];
  diagnostics: Diagnostic[];
}

interface Folder {
  /** Relative, `/`-separated; '' for the root. */
  rel: string;
  real: string;
  /** Real paths of the folders from the root down to this one, to catch symlinks into an ancestor. */
  ancestors: readonly string[];
}

export async function scanSite(options: { root: string; outDir?: string }): Promise<{ files: SiteFiles; diagnostics: Diagnostic[] }> {
  const root = path.resolve(options.root);
  let rootReal: string;
  try {
    rootReal = await realpath(root);
  } catch (error) {
    const missing = diagnostic('site-folder-missing', undefined, '.', { root, reason: errorCode(error) ?? String(error) });
    return { files: { root, pages: new Map(), assets: [] }, diagnostics: [missing] };
  }
  const { ignorer, diagnostic: ignoreProblem } = await readIgnoreFile(root);
  const walk: Walk = {
    rootReal,
    outDir: toRelativeFolder(root, options.outDir ?? 'dist'),
    ignorer,
    files: [],
    diagnostics: ignoreProblem ? [ignoreProblem] : [],
  };

  await forEachFolder({ rel: '', real: rootReal, ancestors: [] }, (folder) => readFolder(walk, folder));

  const pages = new Map<string, PageFile>();
  const assets: string[] = [];
  walk.files.sort();
  for (const file of walk.files) {
    const page = toPageFile(file);
    if (!page) {
      assets.push(file);
      continue;
    }
    const existing = pages.get(page.id);
    if (!existing) {
      pages.set(page.id, page);
      continue;
    }
    // Sorted input: `x.md` always comes before `x.mdx`.
    pages.set(page.id, page);
    walk.diagnostics.push(diagnostic('duplicate-page-file', undefined, existing.file, { ignored: existing.file, used: page.file, id: page.id }));
  }

  const sortedPages = new Map([...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: { root, pages: sortedPages, assets }, diagnostics: sortDiagnostics(walk.diagnostics) };
}

function toPageFile(file: string): PageFile | undefined {
  const ext = file.endsWith('.mdx') ? '.mdx' : file.endsWith('.md') ? '.md' : undefined;
  if (!ext) return undefined;
  const page: PageFile = { id: file.slice(0, -ext.length), file, ext };
  if (!file.includes('/') && REPOSITORY_FILES.has(file.toLowerCase())) page.unlisted = 'repository';
  else if (/^_?snippets\//.test(file)) page.unlisted = 'snippet';
  return page;
}

/** `outDir` as a root-relative folder, or undefined when it lies outside the root (nothing to skip). */
function toRelativeFolder(root: string, outDir: string): string | undefined {
  const relative = path.relative(root, path.resolve(root, outDir)).split(path.sep).join('/');
  if (relative === '' || relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) return undefined;
  return relative;
}

/**
 * `.mintignore` at the root, with full gitignore syntax (negations included). Matching ignores case,
 * the `ignore` package's default and git's on macOS and Windows; the reference product's choice is
 * not known. A `.mintignore` that exists but cannot be read is an error: going on without it could
 * publish the drafts it hides.
 */
async function readIgnoreFile(root: string): Promise<{ ignorer?: Ignore; diagnostic?: Diagnostic }> {
  const unreadable = (reason: string): { diagnostic: Diagnostic } => ({
    diagnostic: diagnostic('mintignore-unreadable', undefined, '.mintignore', { reason }),
  });
  const place = insideRoot(root, '.mintignore');
  if (place.kind === 'missing') return { ignorer: ignore().add(DEFAULT_IGNORED) };
  if (place.kind === 'unreadable') return unreadable(place.code);
  // Nothing outside the root is read, and going on without it could publish the drafts it hides.
  if (place.kind === 'outside') return unreadable('it is a symbolic link to a file outside the site folder');
  try {
    return {
      ignorer: ignore()
        .add(DEFAULT_IGNORED)
        .add(await readFile(place.real, 'utf8')),
    };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { ignorer: ignore().add(DEFAULT_IGNORED) };
    return unreadable(errorCode(error) ?? String(error));
  }
}

/** Runs `visit` on a folder and every folder it returns, at most CONCURRENCY at a time. */
async function forEachFolder(start: Folder, visit: (folder: Folder) => Promise<Folder[]>): Promise<void> {
  const queue: Folder[] = [start];
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = (): void => {
      while (running < CONCURRENCY && queue.length > 0) {
        const folder = queue.pop()!;
        running++;
        visit(folder).then((children) => {
          running--;
          queue.push(...children);
          if (running === 0 && queue.length === 0) resolve();
          else pump();
        }, reject);
      }
    };
    pump();
  });
}

/** Records the folder's files; returns the sub-folders to read. */
async function readFolder(walk: Walk, folder: Folder): Promise<Folder[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder.real, { withFileTypes: true });
  } catch (error) {
    const reason = errorCode(error) ?? String(error);
    walk.diagnostics.push(diagnostic('folder-unreadable', undefined, folder.rel === '' ? '.' : folder.rel, { reason }));
    return [];
  }

  const children: Folder[] = [];
  const links: Promise<void>[] = [];
  for (const entry of entries) {
    const name = entry.name;
    const rel = folder.rel === '' ? name : `${folder.rel}/${name}`;
    const real = `${folder.real}${path.sep}${name}`;
    if (entry.isDirectory()) {
      if (isSkippedFolder(walk, rel, name)) continue;
      children.push({ rel, real, ancestors: [...folder.ancestors, folder.real] });
    } else if (entry.isFile()) {
      if (isKeptFile(walk, rel, name)) walk.files.push(rel);
    } else if (entry.isSymbolicLink()) {
      if (isSkippedLink(walk, rel, name)) continue;
      links.push(
        followLink(walk, folder, rel, name, real).then((child) => {
          if (child) children.push(child);
        }),
      );
    }
    // Sockets, FIFOs and devices are not site content.
  }
  await Promise.all(links);
  return children;
}

function isSkippedFolder(walk: Walk, rel: string, name: string): boolean {
  if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) return true;
  if (rel === walk.outDir || rel === CACHE_FOLDER) return true;
  // Git semantics: a file inside an ignored folder cannot be re-included, so the folder is not read.
  return walk.ignorer?.ignores(`${rel}/`) ?? false;
}

/**
 * Dot-files (`.mintignore`, `.gitignore`, `.env`, `.DS_Store`) are configuration or secrets, never
 * site content, so they are not assets either.
 */
function isKeptFile(walk: Walk, rel: string, name: string): boolean {
  if (name.startsWith('.')) return false;
  return !(walk.ignorer?.ignores(rel) ?? false);
}

/** A link that would be skipped whatever it points at is not followed (nor warned about). */
function isSkippedLink(walk: Walk, rel: string, name: string): boolean {
  if (name.startsWith('.') || SKIPPED_FOLDERS.has(name) || rel === walk.outDir) return true;
  return walk.ignorer?.ignores(rel) === true && walk.ignorer.ignores(`${rel}/`);
}

/**
 * A symlink is followed when its target is inside the root, under the link's own name; otherwise it
 * is skipped with a warning. A link to a folder that contains it (directly or through other links)
 * would be endless, so it is skipped too.
 */
async function followLink(walk: Walk, folder: Folder, rel: string, name: string, linkPath: string): Promise<Folder | undefined> {
  const warn = (problem: Diagnostic): undefined => {
    walk.diagnostics.push(problem);
    return undefined;
  };
  const broken = (reason: string): undefined => warn(diagnostic('symlink-broken', undefined, rel, { reason }));

  let target: string;
  try {
    target = await realpath(linkPath);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') {
      return warn(diagnostic('symlink-cycle', undefined, rel, { folder: undefined }));
    }
    if (code === 'ENOENT' || code === 'ENOTDIR') return broken('points at a file that does not exist');
    return broken(`could not be followed (${code ?? String(error)})`);
  }

  if (!isWithin(walk.rootReal, target)) {
    return warn(diagnostic('symlink-outside-root', undefined, rel, { target }));
  }

  let isDirectory: boolean;
  let isFile: boolean;
  try {
    const stats = await stat(target);
    isDirectory = stats.isDirectory();
    isFile = stats.isFile();
  } catch (error) {
    return broken(`points at a file that could not be read (${errorCode(error) ?? String(error)})`);
  }

  if (isFile) {
    if (isKeptFile(walk, rel, name)) walk.files.push(rel);
    return undefined;
  }
  if (!isDirectory || isSkippedFolder(walk, rel, name)) return undefined;
  if (target === folder.real || folder.ancestors.includes(target)) {
    const where = path.relative(walk.rootReal, target).split(path.sep).join('/') || '.';
    return warn(diagnostic('symlink-cycle', undefined, rel, { folder: where }));
  }
  return { rel, real: target, ancestors: [...folder.ancestors, folder.real] };
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
