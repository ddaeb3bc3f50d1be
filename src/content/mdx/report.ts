/** Diagnostics of one page, positioned in the original file (the body starts on `firstLine`). */
import type { Diagnostic, Position } from '../../diagnostics.ts';
import { diagnostic, type DiagnosticCode, type MessageParams, type TextCode } from '../../messages.ts';

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
    this.diagnostics.push(diagnostic(code, this.position(point), this.file, { message, fix }));
  }

  /** Reports a code whose message the catalogue makes from `params`; `point` as for `report`. */
  diagnostic<C extends DiagnosticCode>(code: C, point: Point | undefined, params: MessageParams<C>): void {
    this.diagnostics.push(diagnostic(code, this.position(point), this.file, params));
  }

  private position(point: Point | undefined): Position | undefined {
    return point ? { file: this.file, line: point.line + this.firstLine - 1, column: point.column } : undefined;
  }
}
