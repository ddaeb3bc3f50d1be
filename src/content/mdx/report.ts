/** Diagnostics of one page, positioned in the original file (the body starts on `firstLine`). */
import type { Diagnostic } from '../../diagnostics.ts';
import { diagnostic, type TextCode } from '../../messages.ts';

export interface Point {
  line: number;
  column: number;
}

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly file: string,
    /** 1-based line of the file on which the body (line 1 of what is parsed) starts. */
    readonly firstLine: number,
  ) {}

  /** `point` is in body coordinates, as the parser gives it. */
  report(code: TextCode, point: Point | undefined, message: string, fix?: string): void {
    const at = point ? { file: this.file, line: point.line + this.firstLine - 1, column: point.column } : undefined;
    this.diagnostics.push(diagnostic(code, at, this.file, { message, fix }));
  }
}
