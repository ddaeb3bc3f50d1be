/**
 * The diagnostics of reading one config file (docs.json, mint.json or a file included by `$ref`):
 * unreadable, empty, not JSON, a key written twice, nested too deep. Pure: each returns the
 * diagnostic, the loader (`load.ts`) decides when.
 */
import type { Diagnostic, Position } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import { formatJsonPath, MAX_NESTING, type JsonPath, type ParsedJson } from './json-source.ts';

export function unreadableFile(file: string, error: unknown): Diagnostic {
  return diagnostic('config-unreadable', undefined, file, { file, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
}

/** `included`: the file is named by a `$ref` (it may hold any value), not the top config (an object). */
export function emptyFile(file: string, included: boolean): Diagnostic {
  // The parser would say "a value is expected", which does not tell that the file is empty.
  return diagnostic('json-syntax', undefined, file, { file, reason: undefined, included });
}

/** Why a parsed file cannot be used (nested too deep, or not JSON); undefined when it can. */
export function parseProblem(file: string, parsed: ParsedJson, included: boolean): Diagnostic | undefined {
  if (parsed.tooDeep) return nestingTooDeep({ file, line: parsed.tooDeep.line, column: parsed.tooDeep.column }, file, included);
  // Only the first syntax error is reliable; later ones are usually its echoes.
  const first = parsed.errors[0];
  if (first === undefined) return undefined;
  return diagnostic('json-syntax', first.position, file, { file, reason: first.message, included });
}

export function duplicateKey(at: Position, file: string, key: string, objectPath: JsonPath): Diagnostic {
  return diagnostic('json-duplicate-key', at, file, { key }, formatJsonPath([...objectPath, key]));
}

/** `throughRefs`: the depth counts the files that include this one. */
export function nestingTooDeep(at: Position, file: string, throughRefs: boolean): Diagnostic {
  return diagnostic('nesting-too-deep', at, file, { max: MAX_NESTING, throughRefs });
}
