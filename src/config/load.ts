/**
 * Loading: find docs.json (or the legacy mint.json), parse it with positions, replace every
 * `{"$ref": "./file.json"}` by that file's content, and upgrade mint.json in memory.
 * Nothing here judges the content; that is `validate-config.ts` and `rules/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Node } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic, listOr, quote } from '../messages.ts';
import { formatJsonPath, materialize, MAX_NESTING, parseJsonSource, SourceLocations, type JsonPath } from './json-source.ts';
import { insideRoot, outsideReason } from '../content/inside-root.ts';
import { upgradeMintConfig } from './mint-json.ts';

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
    result.diagnostics.push(
      diagnostic('config-not-found', undefined, 'docs.json', {
        message: `no docs.json (or legacy mint.json) in ${root}`,
        fix: 'Run docjet in the folder that holds docs.json, or pass that folder: docjet validate path/to/docs.',
      }),
    );
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

/**
 * `$ref` includes in one config, counting each time a file is included. Real sites include a few
 * files once each; a file that includes another ten times, which includes another ten times, …
 * would otherwise multiply into millions of reads.
 */
export const MAX_REF_INCLUDES = 1000;

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
  loadFile(file: string, chain: readonly string[], basePath: JsonPath, from: { text: string } | { real: string }): unknown {
    let text: string;
    try {
      text = 'text' in from ? from.text : fs.readFileSync(from.real, 'utf8');
    } catch (error) {
      this.result.diagnostics.push(
        diagnostic('config-unreadable', undefined, file, {
          message: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          fix: 'Check the file exists and is readable.',
        }),
      );
      return undefined;
    }
    // Editors hide a byte order mark, so columns on the first line are counted without it.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (!this.result.files.includes(file)) this.result.files.push(file);
    if (text.trim() === '') {
      // The parser would say "a value is expected", which does not tell that the file is empty.
      this.result.diagnostics.push(
        diagnostic('json-syntax', undefined, file, {
          message: `${file} is empty; it must hold a JSON ${chain.length === 0 ? 'object' : 'value'}`,
          fix:
            chain.length === 0
              ? 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.'
              : 'Write the JSON to include in it, or remove the "$ref" that names it.',
        }),
      );
      return undefined;
    }
    const parsed = parseJsonSource(file, text, { depth: basePath.length });
    if (parsed.tooDeep) {
      this.tooDeep({ file, line: parsed.tooDeep.line, column: parsed.tooDeep.column }, file, chain.length > 0);
      return undefined;
    }
    if (parsed.errors.length > 0) {
      // Only the first syntax error is reliable; later ones are usually its echoes.
      const first = parsed.errors[0]!;
      this.result.diagnostics.push(
        diagnostic('json-syntax', first.position, file, {
          message: `${file} is not valid JSON: ${first.message}`,
          fix: 'Fix the JSON at this position; an editor with JSON support shows the exact spot.',
        }),
      );
      return undefined;
    }
    const fileChain = [...chain, file];
    let reportedDepth = false;
    return materialize(
      parsed,
      this.locations,
      {
        replaceObject: (node, nodePath) => this.replaceRef(node, nodePath, file, fileChain, parsed.source),
        duplicateKey: (key, keyNode, nodePath) => {
          this.result.diagnostics.push(
            diagnostic('json-duplicate-key', { file, ...parsed.source.lines.position(keyNode.offset) }, file, {
              message: `the key ${quote(key)} is written twice in this object; only the last one counts`,
              fix: 'Remove one of them.',
              path: formatJsonPath([...nodePath, key]),
            }),
          );
        },
        tooDeep: (node) => {
          // Once a file: every sibling at that depth is just as deep.
          if (!reportedDepth) this.tooDeep({ file, ...parsed.source.lines.position(node.offset) }, file, true);
          reportedDepth = true;
        },
      },
      basePath,
    );
  }

  private tooDeep(at: { file: string; line: number; column: number }, file: string, throughRefs: boolean): void {
    this.result.diagnostics.push(
      diagnostic('nesting-too-deep', at, file, {
        message: `lists and objects are nested more than ${MAX_NESTING} levels deep here${throughRefs ? ' (counting the files that include this one by "$ref")' : ''}; docjet stops reading the config at this point`,
        fix: 'Flatten the structure: real navigation nests a few levels (groups in groups, inside tabs or versions). Check for generated or repeated brackets.',
      }),
    );
  }

  private replaceRef(
    node: Node,
    nodePath: JsonPath,
    file: string,
    chain: readonly string[],
    source: { lines: { position(offset: number): { line: number; column: number } } },
  ): { value: unknown } | undefined {
    const properties = node.children ?? [];
    const refProperty = properties.find((property) => property.children?.[0]?.value === '$ref');
    if (!refProperty) return undefined;
    const refValue = refProperty.children?.[1];
    const at = { file, ...source.lines.position(refProperty.offset) };
    const jsonPath = formatJsonPath(nodePath);
    if (!refValue || refValue.type !== 'string' || typeof refValue.value !== 'string' || refValue.value.trim() === '') {
      this.result.diagnostics.push(
        diagnostic('ref-invalid', at, file, {
          message: '"$ref" must be a string naming a JSON file, such as "./navigation.json"',
          fix: 'Write the path of the JSON file to include, relative to this file.',
          path: jsonPath,
        }),
      );
      return { value: undefined };
    }
    if (properties.length > 1) {
      const siblings = properties.filter((property) => property !== refProperty).map((property) => String(property.children?.[0]?.value));
      this.result.diagnostics.push(
        diagnostic('ref-siblings', at, file, {
          message: `${listOr(siblings).replace(/ or /, ' and ')} beside "$ref" ${siblings.length === 1 ? 'is' : 'are'} ignored: the object is replaced by the referenced file`,
          fix: `Move ${siblings.length === 1 ? 'it' : 'them'} into the referenced file.`,
          path: jsonPath,
        }),
      );
    }
    const [target, pointer] = splitPointer(refValue.value);
    const keys = pointer === undefined ? [] : parsePointer(pointer);
    const invalid = (message: string, fix: string): { value: undefined } => {
      this.result.diagnostics.push(diagnostic('ref-invalid', at, file, { message, fix, path: jsonPath }));
      return { value: undefined };
    };
    if (keys === undefined) {
      return invalid(
        `"$ref" names ${quote(refValue.value)}, whose part after "#" is not a valid JSON pointer (a "%" must be followed by two hexadecimal digits that spell UTF-8)`,
        'Write the pointer as "#/key/0", escaping "/" in a key as "~1", "~" as "~0" and other characters as UTF-8 percent escapes, or drop it to include the whole file.',
      );
    }
    if (target.trim() === '') {
      return invalid(`"$ref" names ${quote(refValue.value)}, which has no file name before "#"`, 'Name the JSON file to include, such as "./navigation.json#/tabs".');
    }
    const found = this.resolveRefPath(file, target);
    if (found.kind === 'outside') {
      this.result.diagnostics.push(
        diagnostic('ref-outside-root', at, file, {
          message: `"$ref" names ${quote(refValue.value)}, which ${outsideReason(found)}, so it is not read`,
          fix: 'Move the file into the site folder (next to docs.json or below it) and name it from there; "$ref" only includes files of the site.',
          path: jsonPath,
        }),
      );
      return { value: undefined };
    }
    if (found.kind === 'folder') {
      return invalid(`"$ref" names ${quote(refValue.value)}, which is a folder, not a JSON file`, 'Name a JSON file in that folder, such as "./navigation/tabs.json".');
    }
    if (found.kind === 'missing') {
      this.result.diagnostics.push(
        diagnostic('ref-missing', at, file, {
          message: `"$ref" names ${quote(refValue.value)}, but ${normalizeRelative(path.posix.join(path.posix.dirname(file), target))} does not exist`,
          fix: 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.',
          path: jsonPath,
        }),
      );
      return { value: undefined };
    }
    const resolved = found.file;
    if (chain.includes(resolved)) {
      this.result.diagnostics.push(
        diagnostic('ref-cycle', at, file, {
          message: `"$ref" files include each other in a loop: ${[...chain, resolved].join(' → ')}`,
          fix: 'Remove one of the "$ref"s so that no file includes itself.',
          path: jsonPath,
        }),
      );
      return { value: undefined };
    }
    if (++this.includes > MAX_REF_INCLUDES) {
      // Reported at the first one over the limit; the others are left out quietly.
      if (this.includes === MAX_REF_INCLUDES + 1) {
        this.result.diagnostics.push(
          diagnostic('ref-too-many', at, file, {
            message: `the config includes files by "$ref" more than ${MAX_REF_INCLUDES} times in all, so this one and those after it are not read`,
            fix: 'Include each file once: a file named by "$ref" in a file that is itself included many times is read again each time.',
            path: jsonPath,
          }),
        );
      }
      return { value: undefined };
    }
    const content = this.loadFile(resolved, chain, nodePath, { real: found.real });
    if (!pointer || content === undefined) return { value: content };
    const selected = followPointer(content, keys);
    if (selected === undefined) {
      this.result.diagnostics.push(
        diagnostic('ref-missing', at, file, {
          message: `"$ref" names ${quote(refValue.value)}, but ${resolved} has nothing at "#${pointer}"`,
          fix: 'Fix the part after "#" (a JSON pointer such as "#/tabs/0"), or drop it to include the whole file.',
          path: jsonPath,
        }),
      );
    }
    return { value: selected };
  }

  /**
   * `$ref` paths are relative to the file that holds them. The reference product resolves them from
   * the project root instead; for nested files the two differ, so the root is tried second to keep
   * migrated sites working.
   */
  private resolveRefPath(fromFile: string, target: string): RefTarget {
    const candidates = [
      normalizeRelative(path.posix.join(path.posix.dirname(fromFile), target)),
      normalizeRelative(target),
    ];
    // The path as written (from the file) decides when it leads outside the root: refused, not
    // passed over, so that the other spelling cannot quietly stand in for it. The root spelling is
    // only a fallback for a missing file, and never read outside the root either.
    let folder = false;
    for (const [index, candidate] of candidates.entries()) {
      const place = insideRoot(this.root, candidate);
      if (place.kind === 'outside' && index === 0) return place;
      if (place.kind !== 'inside') continue;
      const kind = statKind(place.real);
      if (kind === 'file') return { kind: 'file', file: candidate, real: place.real };
      if (kind === 'folder') folder = true;
    }
    return folder ? { kind: 'folder' } : { kind: 'missing' };
  }
}

type RefTarget = { kind: 'file'; file: string; real: string } | { kind: 'outside'; via: 'path' | 'symlink' } | { kind: 'folder' } | { kind: 'missing' };

function statKind(real: string): 'file' | 'folder' | 'other' {
  try {
    const stats = fs.statSync(real);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'other';
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
    result.diagnostics.push(
      diagnostic('config-outside-root', undefined, configFile, {
        message: `${configFile} is a symbolic link to a file outside the site folder, so it is not read`,
        fix: `Replace the link with a copy of the file, or run docjet in the folder that really holds ${configFile}.`,
      }),
    );
    return undefined;
  }
  // Missing or unreadable: reading it reports why, as for any config file.
  return { real: path.join(root, configFile) };
}

function splitPointer(reference: string): [string, string | undefined] {
  const hash = reference.indexOf('#');
  return hash === -1 ? [reference, undefined] : [reference.slice(0, hash), reference.slice(hash + 1)];
}

/**
 * The keys of a JSON pointer written after "#" (RFC 6901 in a URI fragment: percent escapes, then
 * `~1` → `/` and `~0` → `~`), or undefined when an escape is malformed.
 */
function parsePointer(pointer: string): string[] | undefined {
  const keys: string[] = [];
  for (const raw of pointer.split('/').filter(Boolean)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined; // `%E0%A4%A`: cut short, or not UTF-8
    }
    keys.push(decoded.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return keys;
}

/** Own properties and list indexes only: `#/__proto__` or `#/length` names nothing in the file. */
function followPointer(value: unknown, keys: readonly string[]): unknown {
  let node = value;
  for (const key of keys) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}

function normalizeRelative(p: string): string {
  return path.posix.normalize(p.replace(/\\/g, '/')).replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
