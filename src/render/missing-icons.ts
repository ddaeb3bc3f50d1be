/**
 * Icons named somewhere that no library has: each reported once per renderer, at the first page
 * (and, when the name appears in its text, the line) that used it.
 */
import { LineIndex, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { IconSet } from './icons/index.ts';

export class MissingIcons {
  /** Where each missing icon was first seen. */
  private readonly firstSeen = new Map<string, { file: string; text: string | undefined }>();

  note(names: readonly string[], file: string, text: string | undefined): void {
    for (const name of names) if (!this.firstSeen.has(name)) this.firstSeen.set(name, { file, text });
  }

  diagnostics(icons: IconSet, library: string): Diagnostic[] {
    const result: Diagnostic[] = [];
    for (const [name, where] of this.firstSeen) {
      const suggestion = icons.missing.get(name);
      let position: { line: number; column: number } | undefined;
      const offset = where.text?.indexOf(name) ?? -1;
      if (where.text !== undefined && offset >= 0) position = new LineIndex(where.text).position(offset);
      result.push(
        diagnostic('icon-unknown', position ? { file: where.file, ...position } : undefined, where.file, { name, suggestion, library }),
      );
    }
    return result;
  }
}
