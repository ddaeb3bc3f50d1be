/**
 * Loading: find docs.json (or the legacy mint.json), parse it with positions, replace every
 * `{"$ref": "./file.json"}` by that file's content, and upgrade mint.json in memory.
 * Nothing here judges the content; that is `validate-config.ts` and `rules/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Node } from 'jsonc-parser';
import { LineIndex, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { formatJsonPath, materialize, MAX_NESTING, parseJsonSource, SourceLocations, type JsonPath, type MaterializeHooks, type SourceFile } from './json-source.ts';
import { insideRoot } from '../shared/inside-root.ts';
import { readPlainJson } from './json-fast.ts';
import { isObject } from './is-object.ts';
import { duplicateKey, emptyFile, nestingTooDeep, parseProblem, unreadableFile } from './load-problems.ts';
import { upgradeMintConfig } from './mint-json.ts';
import { findRef, MAX_REF_INCLUDES, pointerMissing, refNotString, refSiblings, refTooMany, resolveRef, type RefSite } from './ref-include.ts';
import { followPointer } from './ref-pointer.ts';

export interface LoadedConfig {
  /** Absolute path of the site folder. */
  root: string;
  /** The file that was read: `docs.json` or `mint.json`. */
  configFile: 'docs.json' | 'mint.json';
  /** The config as written, `$ref`s replaced (and upgraded when it came from mint.json); not yet validated. */
  value: unknown;
  locations: SourceLocations;
  /** Every JSON file read, relative to the root (for the dev server's watcher). */
  files: string[];
  /** Plain lines to tell the user (not problems), e.g. that mint.json was upgraded. */
  notes: string[];
  diagnostics: Diagnostic[];
}

export interface LoadConfigOptions {
  root: string;
  /** The config file's text, instead of reading it (an editor's unsaved buffer, fuzzing). */
  text?: string;
}

export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const root = path.resolve(options.root);
  const locations = new SourceLocations();
  const result: LoadedConfig = {
    root,
    configFile: 'docs.json',
    value: undefined,
    locations,
    files: [],
    notes: [],
    diagnostics: [],
  };

  const configFile = fs.existsSync(path.join(root, 'docs.json'))
    ? 'docs.json'
    : fs.existsSync(path.join(root, 'mint.json'))
      ? 'mint.json'
      : options.text !== undefined
        ? 'docs.json'
        : undefined;
  if (!configFile) {
    result.diagnostics.push(diagnostic('config-not-found', undefined, 'docs.json', { root }));
    return result;
  }
  result.configFile = configFile;

  const loader = new RefLoader(root, locations, result);
  const from = options.text !== undefined ? { text: options.text } : topConfigPath(root, configFile, result);
  if (from) result.value = loader.loadFile(configFile, [], [], from);
  if (configFile === 'mint.json' && isObject(result.value)) {
    const upgraded = upgradeMintConfig(result.value, locations);
    result.value = upgraded.value;
    result.diagnostics.push(...upgraded.diagnostics);
    result.notes.push('mint.json is the legacy config format: it was upgraded to docs.json in memory (your file is unchanged).');
  }
  return result;
}

export { MAX_REF_INCLUDES } from './ref-include.ts';
export { isObject } from './is-object.ts';

/** Where a file's text comes from: an editor's buffer, or a path on disk checked to be inside the root. */
type FileSource = { text: string } | { real: string };

/**
 * Reads the config file by file: each `$ref` object is replaced by the file it names, read in turn.
 * Holds what the whole load shares: the result it reports into and the count of includes.
 */
class RefLoader {
  private includes = 0;

  constructor(
    private readonly root: string,
    private readonly locations: SourceLocations,
    private readonly result: LoadedConfig,
  ) {}

  /**
   * Reads and materializes one JSON file. `chain` lists the files being loaded above it, to detect
   * cycles; `basePath` is where its content lands in the resolved config; `from` is its text (an
   * editor's buffer) or its path on disk, already checked to be inside the root (`insideRoot`).
   */
  loadFile(file: string, chain: readonly string[], basePath: JsonPath, from: FileSource): unknown {
    const text = this.readText(file, from);
    if (text === undefined) return undefined;
    if (!this.result.files.includes(file)) this.result.files.push(file);
    const included = chain.length > 0;
    if (text.trim() === '') return this.skip(emptyFile(file, included)).value;
    const plain = readPlainJson({ file, text, lines: new LineIndex(text) }, this.locations, MAX_NESTING - basePath.length);
    if (plain) return plain.value;
    const parsed = parseJsonSource(file, text, { depth: basePath.length });
    const problem = parseProblem(file, parsed, included);
    if (problem) return this.skip(problem).value;
    return materialize(parsed, this.locations, this.hooks(file, [...chain, file], parsed.source), basePath);
  }

  /** The file's text, without a byte order mark; undefined (reported) when it cannot be read. */
  private readText(file: string, from: FileSource): string | undefined {
    let text: string;
    try {
      text = 'text' in from ? from.text : fs.readFileSync(from.real, 'utf8');
    } catch (error) {
      this.skip(unreadableFile(file, error));
      return undefined;
    }
    // Editors hide a byte order mark, so columns on the first line are counted without it.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** What `materialize` calls back for one file: `$ref` objects, duplicate keys, too deep nesting. */
  private hooks(file: string, fileChain: readonly string[], source: SourceFile): MaterializeHooks {
    let reportedDepth = false;
    return {
      replaceObject: (node, nodePath) => this.replaceRef(node, nodePath, file, fileChain, source),
      duplicateKey: (key, keyNode, nodePath) => {
        this.result.diagnostics.push(duplicateKey({ file, ...source.lines.position(keyNode.offset) }, file, key, nodePath));
      },
      tooDeep: (node) => {
        // Once a file: every sibling at that depth is just as deep.
        if (!reportedDepth) this.result.diagnostics.push(nestingTooDeep({ file, ...source.lines.position(node.offset) }, file, true));
        reportedDepth = true;
      },
    };
  }

  /** The content a `$ref` object stands for; undefined when the object has no `$ref`. */
  private replaceRef(node: Node, nodePath: JsonPath, file: string, chain: readonly string[], source: SourceFile): { value: unknown } | undefined {
    const ref = findRef(node);
    if (!ref) return undefined;
    const site: RefSite = { at: { file, ...source.lines.position(ref.property.offset) }, file, path: formatJsonPath(nodePath) };
    if (ref.reference === undefined) return this.skip(refNotString(site));
    if (ref.siblings.length > 0) this.result.diagnostics.push(refSiblings(site, ref.siblings));
    const request = resolveRef(this.root, ref.reference, site, chain);
    if ('problem' in request) return this.skip(request.problem);
    if (++this.includes > MAX_REF_INCLUDES) {
      // Reported at the first one over the limit; the others are left out quietly.
      return this.skip(this.includes === MAX_REF_INCLUDES + 1 ? refTooMany(site) : undefined);
    }
    const content = this.loadFile(request.file, chain, nodePath, { real: request.real });
    if (!request.pointer || content === undefined) return { value: content };
    const selected = followPointer(content, request.keys);
    if (selected === undefined) this.result.diagnostics.push(pointerMissing(site, ref.reference, request.file, request.pointer));
    return { value: selected };
  }

  /** Reports `problem` (when there is one) and stands for nothing in the config. */
  private skip(problem: Diagnostic | undefined): { value: undefined } {
    if (problem) this.result.diagnostics.push(problem);
    return { value: undefined };
  }
}

/**
 * The top config file's checked path: docs.json may be a symlink, but not to a file outside the
 * site folder (its values would end up in the pages). Undefined (reported) when it must not be read.
 */
function topConfigPath(root: string, configFile: string, result: LoadedConfig): { real: string } | undefined {
  const place = insideRoot(root, configFile);
  if (place.kind === 'inside') return { real: place.real };
  if (place.kind === 'outside') {
    result.diagnostics.push(diagnostic('config-outside-root', undefined, configFile, { configFile }));
    return undefined;
  }
  // Missing or unreadable: reading it reports why, as for any config file.
  return { real: path.join(root, configFile) };
}
