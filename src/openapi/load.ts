/**
 * Read an OpenAPI (or Swagger 2.0) document and index its operations. Problems come back as
 * diagnostics; nothing here throws for a bad file.
 */
import { readdir, stat } from 'node:fs/promises';
import { encodingDiagnostic, readText } from '../shared/read-text.ts';
import path from 'node:path';
import { insideRoot, outsideReason } from '../shared/inside-root.ts';
import { isMissing } from '../shared/fs-errors.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic, type FetchFailure } from '../shared/messages.ts';
import { closestMatch } from '../shared/suggest.ts';
import { hasExternalRefs, markBundled } from './external-refs.ts';
import { isRemoteSpec } from './fetch-spec.ts';
import { stampsHold, type FileStamp } from './file-stamps.ts';
import { indexDocument } from './index-operations.ts';
import { pointerLocator } from './locate.ts';
import { nulDiagnostics, parseText, type TextFormat } from './parse-text.ts';
import { readCopy, runCopy, type SpecCopy } from './spec-cache.ts';
import type { OpenApiDocument } from './types.ts';

export type { EndpointReference, OpenApiDocument, OpenApiTag, Operation } from './types.ts';

export interface OpenApiResult {
  /** Absent when the file could not be read, parsed, or is not an OpenAPI document. */
  document?: OpenApiDocument;
  diagnostics: Diagnostic[];
  /** Why nothing was read at all, when so: the navigation rule says it again where docs.json names the file. */
  unread?: UnreadSpec;
}

/**
 * A spec that was not read: a URL neither fetched (`failure` says why) nor cached, a path outside
 * the site folder (`reason`, as `outsideReason` words it), nothing at the path (`suggestion`: a spec
 * file of the same folder with a close name), or a folder.
 */
export type UnreadSpec =
  | { problem: 'remote'; failure: FetchFailure }
  | { problem: 'outside-root'; reason: string }
  | { problem: 'missing'; suggestion: string | undefined }
  | { problem: 'folder' };

/**
 * Parse spec text. `file` is the site-relative `/`-separated path (or the URL), used in
 * diagnostics. `$ref`s to other files are not followed: there is no folder to read them from.
 */
export function parseOpenApi({ file, text }: { file: string; text: string }): OpenApiResult {
  const parsed = parseSpec({ file, text });
  if (!('value' in parsed)) return parsed;
  const indexed = indexDocument(file, parsed.value, pointerLocator(text, parsed.format));
  return { ...indexed, diagnostics: [...parsed.diagnostics, ...indexed.diagnostics] };
}

/** The value of spec text, or the diagnostic that says why it has none. */
function parseSpec({ file, text }: { file: string; text: string }): { value: unknown; format: TextFormat; diagnostics: Diagnostic[] } | { diagnostics: Diagnostic[] } {
  if (text.trim() === '') {
    return {
      diagnostics: [diagnostic('openapi-invalid', undefined, file, { file, problem: 'empty' })],
    };
  }
  const parsed = parseText({ file, text });
  if (!parsed.ok && parsed.code !== undefined) {
    // bounds: an alias bomb parses but is refused, with its own code.
    const { line, column, reason } = parsed;
    return { diagnostics: [diagnostic(parsed.code, { file, line, column }, file, { in: 'openapi', file, reason })] };
  }
  if (!parsed.ok) {
    return {
      diagnostics: [diagnostic('openapi-syntax', { file, line: parsed.line, column: parsed.column }, file, { file, format: parsed.format, reason: parsed.reason })],
    };
  }
  return { value: parsed.value, format: parsed.format, diagnostics: nulDiagnostics(file, parsed.nul) };
}

/**
 * A spec file of the site, parsed, and bundled when it has `$ref`s to other files (bundle.ts,
 * imported only then), with the files it was made from as they were. Throws only when the spec
 * itself cannot be read.
 */
async function readSpec(root: string, file: string, absolute: string): Promise<Loaded> {
  const decoded = await readText(absolute);
  // bounds: invalid UTF-8 is reported, not replaced silently.
  const encoding = encodingDiagnostic(file, decoded, 'OpenAPI file');
  const parsed = parseSpec({ file, text: decoded.text });
  if ('value' in parsed) encoding.push(...parsed.diagnostics);
  const withEncoding = (result: OpenApiResult, stamps: readonly FileStamp[] = []): Loaded => ({ result: { ...result, diagnostics: [...encoding, ...result.diagnostics] }, stamps });
  if (!('value' in parsed)) return withEncoding(parsed);
  const indexed = indexDocument(file, parsed.value, pointerLocator(decoded.text, parsed.format));
  if (!indexed.document || !hasExternalRefs({ text: decoded.text, raw: parsed.value })) return withEncoding(indexed);
  const { bundleSpec } = await import('./bundle.ts');
  const bundled = await bundleSpec({ root, file, text: decoded.text, format: parsed.format, raw: parsed.value });
  if ('failed' in bundled) {
    // The spec alone, its value read again (the bundler may have changed it halfway); one warning says why.
    const alone = parseSpec({ file, text: decoded.text });
    if (!('value' in alone)) return withEncoding(alone);
    const failure = diagnostic('openapi-bundle-failed', undefined, file, { file, reason: bundled.failed });
    return withEncoding(indexBundled(file, alone.value, [failure]), bundled.stamps);
  }
  const result = indexBundled(file, bundled.raw, bundled.diagnostics);
  if (result.document) result.document.files = bundled.files;
  return withEncoding(result, bundled.stamps);
}

/**
 * The index of a document the loader has bundled (or tried to), with `reported`: the problems with
 * its `$ref`s to other files, said where they are written (or once for all), so neither its index
 * nor its pages say them again.
 */
function indexBundled(file: string, raw: unknown, reported: Diagnostic[]): OpenApiResult {
  markBundled(raw);
  const result = indexDocument(file, raw);
  return { ...result, diagnostics: [...reported, ...result.diagnostics.filter((diagnostic) => diagnostic.code !== 'openapi-external-ref')] };
}

/** A spec file's result, and the other files it was made from as they were then (none for a one-file spec). */
interface Loaded {
  result: OpenApiResult;
  stamps: readonly FileStamp[];
}

interface CacheEntry {
  mtimeMs: number;
  size: number;
  /** The spelling of the path the result was made for: the diagnostics about the spec name it. */
  file: string;
  loaded: Promise<Loaded>;
}

/**
 * Several navigation elements usually name the same spec, and the dev server reloads often: parse
 * each file once per modification (of the spec, or of a file its `$ref`s bring in). The promise is
 * cached, so concurrent loads share one parse.
 */
const cache = new Map<string, CacheEntry>();

/** Forget every parsed document (tests; a dev server that wants its memory back). */
export function clearOpenApiCache(): void {
  cache.clear();
}

/**
 * Read `file` (relative to `root`) and parse it, reusing the last parse while the file is unchanged.
 * A URL is read from its copy (openapi/remote.ts fetched it, or it is cached): never fetched here.
 */
export async function loadOpenApi({ root, file }: { root: string; file: string }): Promise<OpenApiResult> {
  if (isRemoteSpec(file)) return loadCopy(root, file);
  // Only files of the site: `"openapi": "../other/spec.yaml"` or a symlink out of the folder would
  // put another project's (or the machine's) file into the pages.
  const place = insideRoot(root, file);
  if (place.kind === 'outside') return notRead(file, { problem: 'outside-root', reason: outsideReason(place) });
  const absolute = place.kind === 'inside' ? place.real : path.join(root, file);
  let size: number;
  let mtimeMs: number;
  try {
    const stats = await stat(absolute);
    if (!stats.isFile()) return notRead(file, { problem: 'folder' });
    ({ size, mtimeMs } = stats);
  } catch (error) {
    if (isMissing(error)) return missing(root, file);
    return unreadable(file, error);
  }

  const cached = cache.get(absolute);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) {
    const { result, stamps } = await cached.loaded;
    if (await stampsHold(stamps)) return restamp(result, file, cached.file);
  }

  const loaded = readSpec(root, file, absolute).catch(async (error: unknown): Promise<Loaded> => {
    cache.delete(absolute);
    return { result: isMissing(error) ? await missing(root, file) : unreadable(file, error), stamps: [] };
  });
  cache.set(absolute, { mtimeMs, size, file, loaded });
  return restamp((await loaded).result, file, file);
}

/** Each copy is parsed once, however many pages (and loaders) ask for it. */
const parsedCopies = new WeakMap<SpecCopy, Promise<OpenApiResult>>();

/** A remote spec from the copy this run uses, else from the disk cache; diagnostics name the URL. */
async function loadCopy(root: string, url: string): Promise<OpenApiResult> {
  const copy = runCopy(root, url) ?? (await readCopy(root, url)).copy;
  if (!copy) return notRead(url, { problem: 'remote', failure: { kind: 'not-fetched' } });
  let result = parsedCopies.get(copy);
  if (!result) {
    result = Promise.resolve(parseOpenApi({ file: url, text: copy.text }));
    parsedCopies.set(copy, result);
  }
  return restamp(await result, url, url);
}

/**
 * Cached results are shared: hand each caller its own diagnostics (callers re-position them) and
 * the `file` spelling it asked for (`openapi.json` and `./openapi.json` are the same file) in
 * place of the one the result was made for (`madeFor`). Diagnostics in the files a spec's `$ref`s
 * bring in keep their own file.
 */
function restamp(result: OpenApiResult, file: string, madeFor: string): OpenApiResult {
  const diagnostics = result.diagnostics.map((diagnostic) => ({ ...diagnostic, file: diagnostic.file === madeFor ? file : diagnostic.file }));
  if (result.unread) return { diagnostics, unread: result.unread };
  if (!result.document) return { diagnostics };
  const document = result.document.file === file ? result.document : { ...result.document, file };
  return { document, diagnostics };
}

async function missing(root: string, file: string): Promise<OpenApiResult> {
  const directory = path.posix.dirname(file);
  let suggestion: string | undefined;
  try {
    // Names for "did you mean" come from a folder of the site only.
    const folder = insideRoot(root, directory);
    const names = folder.kind === 'inside' ? (await readdir(folder.real)).filter((name) => /\.(json|ya?ml)$/i.test(name)) : [];
    const match = closestMatch(path.posix.basename(file), names);
    if (match) suggestion = directory === '.' ? match : path.posix.join(directory, match);
  } catch {
    // No folder either: nothing to suggest.
  }
  return notRead(file, { problem: 'missing', suggestion });
}

function unreadable(file: string, error: unknown): OpenApiResult {
  const reason = error instanceof Error ? error.message : String(error);
  return { diagnostics: [diagnostic('openapi-unreadable', undefined, file, { file, reason })] };
}

/** A spec not read at all, with the diagnostic that says why (about the file as a whole). */
function notRead(file: string, unread: UnreadSpec): OpenApiResult {
  return { diagnostics: [unreadDiagnostic(file, unread)], unread };
}

function unreadDiagnostic(file: string, unread: UnreadSpec): Diagnostic {
  switch (unread.problem) {
    case 'remote':
      if (unread.failure.kind === 'private-address') return diagnostic('openapi-private-address', undefined, file, { url: file, at: 'spec', failure: unread.failure });
      return diagnostic('openapi-remote', undefined, file, { url: file, at: 'spec', failure: unread.failure });
    case 'outside-root':
      return diagnostic('openapi-outside-root', undefined, file, { file, reason: unread.reason });
    case 'missing':
    case 'folder':
      return diagnostic('openapi-missing', undefined, file, { file, at: 'spec', ...unread });
  }
}
