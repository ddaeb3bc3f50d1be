/**
 * Icons named somewhere that no library has: each reported once per renderer, at the page whose
 * file sorts first among those that used it (and, when the name appears in its text, the line),
 * so that the place does not depend on the order pages were rendered in: `validate` and `build`
 * (whose workers render pages in any order) report it at the same place.
 */
import { LineIndex, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { IconSet } from './icons/index.ts';

export class MissingIcons {
  /** Where each missing icon was first seen. */
  private readonly firstSeen = new Map<string, { file: string; text: string | undefined }>();

  note(names: readonly string[], file: string, text: string | undefined): void {
    for (const name of names) {
      const seen = this.firstSeen.get(name);
      if (seen === undefined || file < seen.file) this.firstSeen.set(name, { file, text });
    }
  }

  diagnostics(icons: IconSet, library: string): Diagnostic[] {
    const result: Diagnostic[] = [];
    for (const [name, where] of this.firstSeen) {
      const suggestion = icons.missing.get(name);
      let position: { line: number; column: number } | undefined;
      const offset = where.text?.indexOf(name) ?? -1;
      if (where.text !== undefined && offset >= 0) position = new LineIndex(where.text).position(offset);
      result.push(diagnostic('icon-unknown', position ? { file: where.file, ...position } : undefined, where.file, { name, suggestion, library }));
    }
    return result;
  }
}
