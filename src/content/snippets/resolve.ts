/**
 * Where an import or a `<Snippet file>` points: a snippet file of the site, a file that is not
 * there (with the nearest one that is, for "did you mean"), a package, or a file of another kind.
 *
 * `import X from '/snippets/x.mdx'` is from the site root, `'./x.mdx'` and `'../x.mdx'` from the
 * importing file (format-behaviour.md §3.1); the extension may be left out. The legacy
 * `<Snippet file="x.mdx" />` is looked up in `snippets/`, then `_snippets/`, then from the root.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { closestMatch } from '../../shared/suggest.ts';
import { insideRoot } from '../../shared/inside-root.ts';

export const SNIPPET_EXTENSIONS = ['.mdx', '.md', '.jsx'] as const;

export type SnippetKind = 'mdx' | 'md' | 'jsx';

export type Resolution =
  | { kind: 'file'; file: string; type: SnippetKind }
  /** `file` is the path the import names (the `.mdx` one when it has no extension), site-relative. */
  | { kind: 'missing'; file: string }
  /** Outside the site folder as written (`../../x.mdx`), or through a symbolic link: never read. */
  | { kind: 'outside'; via: 'path' | 'symlink' }
  | { kind: 'package' }
  /** An existing file that is not a snippet: `.tsx`, `.json`, `.css`. */
  | { kind: 'unsupported'; file: string };

/** The site's files as the resolver sees them, each looked up once. */
export class SiteFiles {
  private readonly known = new Map<string, Place>();
  private snippets: string[] | undefined;

  constructor(readonly root: string) {}

  /** What is at `file` (site-relative): a file of the site, nothing usable, or a way out of the site folder. */
  lookup(file: string): Place {
    let found = this.known.get(file);
    if (found === undefined) {
      found = lookupFile(this.root, file);
      this.known.set(file, found);
    }
    return found;
  }

  isFile(file: string): boolean {
    return this.lookup(file) === 'file';
  }

  /** Every `.mdx`, `.md` and `.jsx` file of the site, for suggestions; read on the first miss. */
  snippetFiles(): readonly string[] {
    this.snippets ??= listSnippetFiles(this.root);
    return this.snippets;
  }

  /** Forgets what is on disk (the dev server calls this when files come and go). */
  forget(): void {
    this.known.clear();
    this.snippets = undefined;
  }
}

type Place = 'file' | 'none' | 'outside-path' | 'outside-symlink';

function lookupFile(root: string, file: string): Place {
  const place = insideRoot(root, file);
  if (place.kind === 'outside') return place.via === 'path' ? 'outside-path' : 'outside-symlink';
  if (place.kind !== 'inside') return 'none'; // missing, a link that loops, no permission: not a snippet to load
  try {
    return statSync(place.real, { throwIfNoEntry: false })?.isFile() ? 'file' : 'none';
  } catch {
    return 'none';
  }
}

/** Where `import … from source` in `importer` (site-relative) points. */
export function resolveImport(files: SiteFiles, source: string, importer: string): Resolution {
  let target: string;
  if (source.startsWith('/')) target = path.posix.normalize(source.slice(1));
  else if (source.startsWith('./') || source.startsWith('../')) target = path.posix.join(path.posix.dirname(importer), source);
  else if (hasSnippetExtension(source) && files.lookup(path.posix.normalize(source)) !== 'none') target = path.posix.normalize(source);
  else return { kind: 'package' };
  if (target === '..' || target.startsWith('../')) return { kind: 'outside', via: 'path' };
  return resolveTarget(files, target);
}

/** Where `<Snippet file="x.mdx" />` points: `snippets/x.mdx`, `_snippets/x.mdx`, or `x.mdx` from the root. */
export function resolveSnippetFile(files: SiteFiles, file: string): Resolution {
  const name = path.posix.normalize(file.replace(/^\/+/, ''));
  if (name === '..' || name.startsWith('../')) return { kind: 'outside', via: 'path' };
  let first: Resolution | undefined;
  for (const folder of ['snippets/', '_snippets/', '']) {
    const resolution = resolveTarget(files, folder + name);
    // A way out is refused, not passed over: another folder's file must not quietly stand in for it.
    if (resolution.kind === 'file' || resolution.kind === 'unsupported' || resolution.kind === 'outside') return resolution;
    first ??= resolution;
  }
  return first!;
}

/** The snippet file of the site closest to `file`, if one is close enough to be a misspelling. */
export function suggestFile(files: SiteFiles, file: string): string | undefined {
  return closestMatch(file, files.snippetFiles());
}

function resolveTarget(files: SiteFiles, target: string): Resolution {
  const candidates = hasSnippetExtension(target) ? [target] : SNIPPET_EXTENSIONS.map((extension) => target + extension);
  for (const candidate of candidates) {
    const place = files.lookup(candidate);
    if (place === 'file') return { kind: 'file', file: candidate, type: kindOf(candidate) };
    if (place !== 'none') return outside(place);
  }
  if (hasSnippetExtension(target)) return { kind: 'missing', file: target };
  if (path.posix.extname(target) !== '') {
    const place = files.lookup(target);
    if (place === 'file') return { kind: 'unsupported', file: target };
    if (place !== 'none') return outside(place);
  }
  return { kind: 'missing', file: path.posix.extname(target) === '' ? `${target}.mdx` : target };
}

function outside(place: 'outside-path' | 'outside-symlink'): Resolution {
  return { kind: 'outside', via: place === 'outside-path' ? 'path' : 'symlink' };
}

function hasSnippetExtension(file: string): boolean {
  return SNIPPET_EXTENSIONS.some((extension) => file.endsWith(extension));
}

function kindOf(file: string): SnippetKind {
  return file.endsWith('.jsx') ? 'jsx' : file.endsWith('.mdx') ? 'mdx' : 'md';
}

/** Enough for any real site; a folder of generated files stops the walk rather than the build. */
const MAX_LISTED = 50_000;

function listSnippetFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (folder: string): void => {
    let entries;
    try {
      entries = readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      return; // an unreadable folder has nothing to suggest
    }
    for (const entry of entries) {
      if (out.length >= MAX_LISTED) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const file = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (hasSnippetExtension(entry.name)) out.push(file);
    }
  };
  walk('');
  return out.sort();
}
