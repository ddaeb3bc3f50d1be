/**
 * What code inside a function needed and docjet did not run (`useState`, a call to `fetch`), left
 * out of what the function rendered: one warning per use, at the first problem, in the file the
 * code is written in (a component imported from a snippet points into the snippet).
 */
import { diagnostic } from '../../shared/messages.ts';
import type { Problem } from './types.ts';
import type { Reporter } from './report.ts';

/**
 * `subject` names what was rendered, given the file the problems are in (`` `<Hero>` (snippets/hero.jsx) ``,
 * `` `{items.map(…)}` ``); `outcome` says what the page shows instead.
 */
export function reportProblems(reporter: Reporter, subject: (file: string) => string, outcome: string, problems: readonly Problem[]): void {
  if (problems.length === 0) return;
  const first = problems.find((problem) => problem.line > 0) ?? problems[0]!;
  const kinds = [...new Set(problems.map((problem) => problem.what))];
  const shown = kinds.slice(0, 3).join('; ') + (kinds.length > 3 ? `; and ${kinds.length - 3} more` : '');
  const origin = first.origin ?? { file: reporter.file, firstLine: reporter.firstLine };
  const position = first.line > 0 ? { file: origin.file, line: first.line + origin.firstLine - 1, column: first.column } : undefined;
  reporter.diagnostics.push(diagnostic('component-partial', position, origin.file, { subject: subject(origin.file), uses: shown, outcome }));
}

/** Runs `evaluate`, then takes the problems it noted off `problems` (a scope's context) and returns them. */
export function collectProblems<T>(problems: Problem[], evaluate: () => T): { result: T; problems: Problem[] } {
  const mark = problems.length;
  const result = evaluate();
  return { result, problems: problems.splice(mark) };
}
