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
    this.diagnostics.push(diagnostic(code, this.position(point), this.file, this.shiftReason(params)));
  }

  /**
   * The parser's own words name places too (`Expected a closing tag for <Note> (8:1-8:7)`), in
   * what it parsed: counted from the file's first line, as the diagnostic's own place is.
   */
  private shiftReason<P>(params: P): P {
    const reason = (params as { reason?: unknown } | undefined)?.reason;
    if (this.firstLine === 1 || typeof reason !== 'string') return params;
    const shift = (line: string): number => Number(line) + this.firstLine - 1;
    const shifted = reason.replace(
      /\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g,
      (_all, line: string, column: string, endLine?: string, endColumn?: string) => `(${shift(line)}:${column}${endLine === undefined ? '' : `-${shift(endLine)}:${endColumn}`})`,
    );
    return { ...params, reason: shifted };
  }

  /** A point of the parsed body as a place in the file. */
  position(point: Point | undefined): Position | undefined {
    return point ? { file: this.file, line: point.line + this.firstLine - 1, column: point.column } : undefined;
  }
}
