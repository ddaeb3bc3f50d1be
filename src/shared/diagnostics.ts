/**
 * Diagnostics are values, not exceptions: every stage returns the problems it found, the CLI prints
 * them all at once and exits non-zero once. The catalogue of codes lives in `./messages.ts`.
 */

import { plural, type Diagnostic, type Severity } from './messages.ts';

export type { Diagnostic, Position, Severity } from './messages.ts';
export { plural } from './messages.ts';

/** Collects diagnostics while a stage runs. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  add(diagnostic: Diagnostic): void {
    this.items.push(diagnostic);
  }

  addAll(diagnostics: Iterable<Diagnostic>): void {
    for (const diagnostic of diagnostics) this.items.push(diagnostic);
  }

  get errorCount(): number {
    return countBySeverity(this.items, 'error');
  }
}

export function countBySeverity(diagnostics: readonly Diagnostic[], severity: Severity): number {
  let count = 0;
  for (const diagnostic of diagnostics) if (diagnostic.severity === severity) count++;
  return count;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/** `--strict`: every warning becomes an error. */
export function promoteWarnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((diagnostic) => (diagnostic.severity === 'warning' ? { ...diagnostic, severity: 'error' } : diagnostic));
}

/** Stable order for printing: by file, then position, errors before warnings on the same spot. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      compareStrings(a.message, b.message),
  );
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One line: `docs.json:12:7 error navigation.tabs[1]: message. Fix.` */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.line > 0 ? `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}` : diagnostic.file;
  const path = diagnostic.path ? ` ${diagnostic.path}:` : '';
  const fix = diagnostic.fix ? ` ${diagnostic.fix}` : '';
  const message = fix ? diagnostic.message.replace(/\.$/, '') : diagnostic.message;
  return `${where} ${diagnostic.severity}${path} ${message}${fix ? `.${fix}` : ''}`;
}

export function formatSummary(diagnostics: readonly Diagnostic[]): string {
  const errors = countBySeverity(diagnostics, 'error');
  const warnings = countBySeverity(diagnostics, 'warning');
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** Line and column (1-based) of a character offset, from a precomputed table of line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The offset of a 1-based line and column, clamped to the text. */
  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1]!;
    return Math.min(start + Math.max(column, 1) - 1, this.length);
  }

  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
}
