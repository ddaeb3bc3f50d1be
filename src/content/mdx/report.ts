/** Diagnostics of one page, positioned in the original file (the body starts on `firstLine`). */
import type { Diagnostic, Position } from '../../shared/diagnostics.ts';
import { diagnostic, type DiagnosticCode, type MessageParams } from '../../shared/messages.ts';

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

  /** Reports `code`, worded by the catalogue from `params`; `point` is in body coordinates, as the parser gives it. */
  diagnostic<C extends DiagnosticCode>(code: C, point: Point | undefined, params: MessageParams<C>): void {
    this.diagnostics.push(diagnostic(code, this.position(point), this.file, params));
  }

  private position(point: Point | undefined): Position | undefined {
    return point ? { file: this.file, line: point.line + this.firstLine - 1, column: point.column } : undefined;
  }
}
