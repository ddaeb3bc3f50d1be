/**
 * Multi-file OpenAPI documents, bundled into one on load. `$ref`s to other files of the site are
 * brought in by @redocly/openapi-core's bundler, the one behind `redocly bundle`: a schema,
 * parameter or response from another file lands in `components` under its file's name, an
 * operation written in a file of its own is put in place, and a cycle across files becomes a local
 * `$ref`, which the page shows as circular. Chosen by measurement on DigitalOcean's spec (2,850
 * files): 4.2 s with docjet's parser plugged in, against 6.4 s for its 1.x line and 4.9 s for
 * @apidevtools/json-schema-ref-parser with its own, faster parser, whose `$ref`s point at the first
 * place a file was used (`#/paths/~1v2~1apps/get/parameters/1`) rather than at a component.
 *
 * Reading stays docjet's: the bundler asks and `SiteResolver` answers. Only files inside the site
 * folder (as written, then after following symbolic links: content/inside-root.ts), never a URL
 * or an absolute path, each parsed by parse-text.ts with its bounds. A `$ref` that cannot be
 * followed is left as written, and a warning says why at the line that writes it.
 *
 * Imported by load.ts only for a document that has such `$ref`s: the bundler takes half a second to
 * import, which single-file sites should not pay.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseResolver, bundle, createConfig, ResolveError, Source, type Config, type Document, type NormalizedProblem } from '@redocly/openapi-core';
import { insideRoot, outsideReason } from '../shared/inside-root.ts';
import { encodingDiagnostic, readText } from '../shared/read-text.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { closestMatch } from '../shared/suggest.ts';
import { stampFile, type FileStamp } from './file-stamps.ts';
import { pointerSegments, TextLocator } from './locate.ts';
import { nulDiagnostics, parseText, type TextFormat } from './parse-text.ts';

export interface BundledSpec {
  /** The document, every `$ref` to a file that could be read now pointing inside it. */
  raw: unknown;
  /** Site-relative paths of the files read: the spec, then the others in code-point order. */
  files: string[];
  /** The spec and every file read or looked for, as they were: a change to one means bundling again. */
  stamps: FileStamp[];
  /** One warning per `$ref` not followed, at the line that writes it; invalid UTF-8 in the files read. */
  diagnostics: Diagnostic[];
}

/**
 * Bundles the spec `file` (site-relative) of the site at `root`, already read (`text`) and parsed
 * (`raw`, which is changed in place). `failed` says why when the bundler gives up, which it does for
 * the whole document: a `$ref` that names a `$ref` leading back to it ("Self-referencing circular
 * pointer"), a version it does not know. `raw` may then be half changed: the caller parses the text
 * again.
 */
export async function bundleSpec(options: {
  root: string;
  file: string;
  text: string;
  format: TextFormat;
  raw: unknown;
}): Promise<BundledSpec | { failed: string; stamps: FileStamp[] }> {
  const { file, text, format, raw } = options;
  const root = path.resolve(options.root);
  const absolute = path.join(root, file.replace(/^\/+/, ''));
  const resolver = new SiteResolver(root);
  resolver.read.set(absolute, { file, text, format, value: raw });
  const document: Document = { source: new Source(absolute, text), parsed: raw };
  let problems: NormalizedProblem[];
  try {
    const settings = { doc: document, config: await bundlerConfig(), externalRefResolver: resolver, dereference: false, componentRenamingConflicts: 'off' as const };
    ({ problems } = await bundle(settings));
  } catch (error) {
    // Stamped all the same: fixing the file at fault makes the next load bundle again.
    return { failed: error instanceof Error ? error.message : String(error), stamps: resolver.stamps };
  }
  // Files are read in parallel, in no set order.
  const files = [
    file,
    ...[...resolver.read.values()]
      .slice(1)
      .map((read) => read.file)
      .sort(),
  ];
  const stamps = [await stampFile(absolute), ...resolver.stamps];
  const diagnostics = [...resolver.encoding, ...(await refDiagnostics(resolver, problems, absolute))];
  return { raw: document.parsed, files, stamps, diagnostics };
}

let config: Promise<Config> | undefined;

/**
 * No rules, no decorators, no config file read. A `$ref` inside an `example` value is followed too,
 * as `redocly bundle` does: multi-file specs keep their examples in files of their own that way
 * (DigitalOcean's `example: {$ref: examples.yml#/…}`), though the format makes `example` a literal.
 */
function bundlerConfig(): Promise<Config> {
  config ??= createConfig({});
  return config;
}

/** A file of the site the document is made from. */
interface SiteFile {
  /** Site-relative, `/`-separated. */
  file: string;
  text: string;
  /** Undefined for a file that is neither JSON nor YAML (a Markdown description): its text is its value. */
  format: TextFormat | undefined;
  value: unknown;
}

/** Why a file a `$ref` names was not read. */
type Unread =
  | { problem: 'outside'; reason: string }
  | { problem: 'missing' }
  | { problem: 'folder' }
  | { problem: 'io'; reason: string }
  | { problem: 'syntax'; format: TextFormat; line: number; column: number; reason: string };

/** Files the bundler may parse, as it decides (`isSupportedExtension`); others are text. */
const SPEC_FILE = /\.(?:json|ya?ml)$/i;

/**
 * The bundler's only way to the disk. It names files by absolute path (the folder of the file that
 * holds the `$ref`, joined with it); only those reached by a relative path are read, and only when
 * they lie inside the site folder.
 */
class SiteResolver extends BaseResolver {
  /** Files read, by absolute path as written: the bundler's name for them. */
  readonly read = new Map<string, SiteFile>();
  /** Files not read, and why, by the same name. */
  readonly unread = new Map<string, Unread>();
  readonly stamps: FileStamp[] = [];
  readonly encoding: Diagnostic[] = [];
  readonly root: string;
  /** Absolute paths reached from a relative `$ref`: a URL or an absolute path as written never is one. */
  private readonly relative = new Set<string>();

  constructor(root: string) {
    super();
    this.root = root;
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    const resolved = super.resolveExternalRef(base, ref);
    if (!isUrl(ref) && !path.isAbsolute(ref) && !isUrl(resolved)) this.relative.add(resolved);
    return resolved;
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const read = this.relative.has(absoluteRef) ? await this.readSiteFile(absoluteRef) : undefined;
    if (read === undefined || 'problem' in read) {
      if (read) this.unread.set(absoluteRef, read);
      throw new ResolveError(new Error(`${absoluteRef} is not read`));
    }
    this.read.set(absoluteRef, read);
    return new Source(absoluteRef, read.text);
  }

  /** Files are parsed when read (parse-text.ts, so their values are those of a one-file spec). */
  override parseDocument(source: Source): Document {
    const read = this.read.get(source.absoluteRef);
    if (!read) throw new ResolveError(new Error(`${source.absoluteRef} is not read`));
    return { source, parsed: read.value };
  }

  private async readSiteFile(absolute: string): Promise<SiteFile | Unread> {
    const file = siteRelative(this.root, absolute);
    const place = insideRoot(this.root, file);
    if (place.kind === 'outside') return { problem: 'outside', reason: outsideReason(place) };
    if (place.kind === 'unreadable') return { problem: 'io', reason: place.code };
    // Stamped found or not: a file created later makes its `$ref` work.
    this.stamps.push(await stampFile(absolute));
    if (place.kind === 'missing') return { problem: 'missing' };
    try {
      if (!(await stat(place.real)).isFile()) return { problem: 'folder' };
      const decoded = await readText(place.real);
      this.encoding.push(...encodingDiagnostic(file, decoded, 'OpenAPI file'));
      if (!SPEC_FILE.test(file)) return { file, text: decoded.text, format: undefined, value: decoded.text };
      const parsed = parseText({ file, text: decoded.text });
      if (!parsed.ok) return { problem: 'syntax', format: parsed.format, line: parsed.line, column: parsed.column, reason: parsed.reason };
      if (parsed.nul) this.encoding.push(...nulDiagnostics(file, parsed.nul));
      return { file, text: decoded.text, format: parsed.format, value: parsed.value };
    } catch (error) {
      return { problem: 'io', reason: (error as NodeJS.ErrnoException).code ?? String(error) };
    }
  }
}

/**
 * One warning per `$ref` the bundler could not follow, at the line that writes it. The bundler
 * reports each as a problem located at the object holding the `$ref`; what went wrong is what
 * `SiteResolver` found, worked out again from the `$ref` as written. `$ref`s of the spec to itself
 * are left to its index and its pages, which report those already.
 */
async function refDiagnostics(resolver: SiteResolver, problems: readonly NormalizedProblem[], spec: string): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const locators = new Map<string, TextLocator>();
  const suggestions = new FolderSuggestions(resolver.root);
  for (const problem of problems) {
    const location = problem.location[0];
    const holder = location?.pointer === undefined ? undefined : resolver.read.get(location.source.absoluteRef);
    if (!location?.pointer || holder?.format === undefined) continue;
    const holderPath = location.source.absoluteRef;
    const segments = pointerSegments(location.pointer);
    const node = valueAt(holder.value, segments);
    // A `$ref` object, or a discriminator `mapping` value; an example's `externalValue` URL is no reference to report.
    const reference = typeof node === 'string' ? node : isRecord(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
    if (reference === undefined || (reference.startsWith('#') && holderPath === spec)) continue;
    if (seen.has(`${holderPath}\0${location.pointer}`)) continue;
    seen.add(`${holderPath}\0${location.pointer}`);
    let locator = locators.get(holderPath);
    if (!locator) {
      locator = new TextLocator({ text: holder.text, format: holder.format });
      locators.set(holderPath, locator);
    }
    const position = locator.find(segments, typeof node === 'string' ? undefined : '$ref') ?? { line: 0, column: 0 };
    const made = await refProblem({ reference, holderPath, holder, resolver, suggestions, at: { file: holder.file, ...position } });
    if (made) diagnostics.push(made);
  }
  return diagnostics;
}

async function refProblem(options: {
  reference: string;
  holderPath: string;
  holder: SiteFile;
  resolver: SiteResolver;
  suggestions: FolderSuggestions;
  at: { file: string; line: number; column: number };
}): Promise<Diagnostic | undefined> {
  const { reference, holderPath, holder, resolver, at } = options;
  const hash = reference.indexOf('#');
  const target = hash === -1 ? reference : reference.slice(0, hash);
  const pointer = hash === -1 ? '' : reference.slice(hash);
  if (target === '') return diagnostic('openapi-ref-missing', at, at.file, { reference, file: holder.file, problem: 'pointer', pointer });
  if (isUrl(target)) return diagnostic('openapi-ref-remote', at, at.file, { reference });
  if (path.isAbsolute(target)) return diagnostic('openapi-ref-outside-root', at, at.file, { reference, problem: 'absolute' });
  const absolute = path.resolve(path.dirname(holderPath), target);
  const file = siteRelative(resolver.root, absolute);
  const unread = resolver.unread.get(absolute);
  switch (unread?.problem) {
    case undefined:
      // Read, so the part after `#` is what is missing (or the bundler met a loop of bare `$ref`s).
      return resolver.read.has(absolute) ? diagnostic('openapi-ref-missing', at, at.file, { reference, file, problem: 'pointer', pointer: pointer || '#' }) : undefined;
    case 'outside':
      return diagnostic('openapi-ref-outside-root', at, at.file, { reference, problem: 'outside', reason: unread.reason });
    case 'missing': {
      const suggestion = await options.suggestions.near(file, target);
      return diagnostic('openapi-ref-missing', at, at.file, { reference, file, problem: 'file', suggestion: suggestion && `${suggestion}${pointer}` });
    }
    case 'folder':
      return diagnostic('openapi-ref-missing', at, at.file, { reference, file, problem: 'folder' });
    case 'io':
      return diagnostic('openapi-ref-unreadable', at, at.file, { reference, file, problem: 'io', reason: unread.reason });
    case 'syntax':
      return diagnostic('openapi-ref-unreadable', at, at.file, { reference, file, ...unread });
  }
}

/** "Did you mean" for a file a `$ref` names: a JSON or YAML file of the same folder, inside the site. */
class FolderSuggestions {
  private readonly names = new Map<string, Promise<string[]>>();

  constructor(private readonly root: string) {}

  /** `target` (as written in the `$ref`) with its file name replaced by the closest of `file`'s folder. */
  async near(file: string, target: string): Promise<string | undefined> {
    const folder = path.posix.dirname(file);
    let names = this.names.get(folder);
    if (!names) {
      names = this.list(folder);
      this.names.set(folder, names);
    }
    const match = closestMatch(path.posix.basename(file), await names);
    return match === undefined ? undefined : `${target.slice(0, target.length - path.posix.basename(target).length)}${match}`;
  }

  private async list(folder: string): Promise<string[]> {
    const place = insideRoot(this.root, folder);
    if (place.kind !== 'inside') return [];
    return readdir(place.real).then(
      (names) => names.filter((name) => SPEC_FILE.test(name)),
      () => [],
    );
  }
}

/** A `$ref` that names a URL (`https:`, `file:`, `data:`…) rather than a path. */
function isUrl(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref);
}

function siteRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
