/**
 * Files read as text (pages, snippets, OpenAPI documents), with invalid UTF-8 reported instead of
 * replaced silently: Node's `readFile(…, 'utf8')` turns bad bytes into U+FFFD and says nothing, so
 * a page saved as Latin-1 showed "Ã©" or "\uFFFD" with no hint why. The text is still decoded with
 * replacement characters (the page renders); a warning says where the first bad byte is.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from './diagnostics.ts';
import { diagnostic } from './messages.ts';

export interface DecodedText {
  text: string;
  /** Where the first invalid byte is, when there is one (1-based line and column, 0-based byte offset). */
  invalid?: { line: number; column: number; byte: number; value: number };
}

// `ignoreBOM` keeps a byte order mark in the text, as `readFile(…, 'utf8')` does (frontmatter skips it).
const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodeText(bytes: Uint8Array): DecodedText {
  try {
    return { text: STRICT.decode(bytes) };
  } catch {
    const byte = firstInvalidByte(bytes);
    const lineStart = bytes.lastIndexOf(0x0a, byte - 1) + 1;
    let line = 1;
    for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
    // Columns count characters, as the rest of docjet's positions do; the bytes before are valid.
    const column = LENIENT.decode(bytes.subarray(lineStart, byte)).length + 1;
    return { text: LENIENT.decode(bytes), invalid: { line, column, byte, value: bytes[byte] ?? 0 } };
  }
}

export async function readText(file: string): Promise<DecodedText> {
  return decodeText(await readFile(file));
}

export function readTextSync(file: string): DecodedText {
  return decodeText(readFileSync(file));
}

/** The warning for a file with invalid UTF-8; `what` names the file's role ("page", "snippet"). */
export function encodingDiagnostic(file: string, decoded: DecodedText, what: string): Diagnostic[] {
  const invalid = decoded.invalid;
  if (!invalid) return [];
  return [diagnostic('encoding-invalid', { file, line: invalid.line, column: invalid.column }, file, { what, byte: invalid.value })];
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0; // no overlong forms
      if (b === 0xed) max = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f; // nothing past U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      const low = k === 1 ? min : 0x80;
      const high = k === 1 ? max : 0xbf;
      if (next < low || next > high) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
