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
import { formatJsonPath, materialize, parseJsonSource, SourceLocations, type JsonPath } from './json-source.ts';
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

  const loader = new RefLoader(root, locations, result, options.text);
  result.value = loader.loadFile(configFile, [], []);
  if (configFile === 'mint.json' && isObject(result.value)) {
    const upgraded = upgradeMintConfig(result.value, locations);
    result.value = upgraded.value;
    result.diagnostics.push(...upgraded.diagnostics);
    result.notes.push('mint.json is the legacy config format: it was upgraded to docs.json in memory (your file is unchanged).');
  }
  return result;
}

class RefLoader {
  constructor(
    private readonly root: string,
    private readonly locations: SourceLocations,
    private readonly result: LoadedConfig,
    /** Text of the top config file, when given instead of the file. */
    private readonly topText: string | undefined,
  ) {}

  /**
   * Reads and materializes one JSON file. `chain` lists the files being loaded above it, to detect
   * cycles; `basePath` is where its content lands in the resolved config.
   */
  loadFile(file: string, chain: readonly string[], basePath: JsonPath): unknown {
    let text: string;
    try {
      text = chain.length === 0 && this.topText !== undefined ? this.topText : fs.readFileSync(path.join(this.root, file), 'utf8');
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
    this.result.files.push(file);
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
    const parsed = parseJsonSource(file, text);
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
      },
      basePath,
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
    const resolved = this.resolveRefPath(file, target);
    if (!resolved) {
      this.result.diagnostics.push(
        diagnostic('ref-missing', at, file, {
          message: `"$ref" names ${quote(refValue.value)}, but ${normalizeRelative(path.posix.join(path.posix.dirname(file), target))} does not exist`,
          fix: 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.',
          path: jsonPath,
        }),
      );
      return { value: undefined };
    }
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
    const content = this.loadFile(resolved, chain, nodePath);
    if (!pointer || content === undefined) return { value: content };
    const selected = followPointer(content, pointer);
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
  private resolveRefPath(fromFile: string, target: string): string | undefined {
    const candidates = [
      normalizeRelative(path.posix.join(path.posix.dirname(fromFile), target)),
      normalizeRelative(target),
    ];
    for (const candidate of candidates) {
      const absolute = path.join(this.root, candidate);
      if (fs.existsSync(absolute) && fs.statSync(absolute).isFile()) return candidate;
    }
    return undefined;
  }
}

function splitPointer(reference: string): [string, string | undefined] {
  const hash = reference.indexOf('#');
  return hash === -1 ? [reference, undefined] : [reference.slice(0, hash), reference.slice(hash + 1)];
}

function followPointer(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function normalizeRelative(p: string): string {
  return path.posix.normalize(p.replace(/\\/g, '/')).replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
