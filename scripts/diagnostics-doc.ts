/**
 * Writes docs/diagnostics.md, the list of every diagnostic code, from the catalogue
 * (`src/shared/messages.ts`): `npm run diagnostics-doc`. test/diagnostics-doc.test.ts fails when the file
 * is stale, so the list cannot drift from the code.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, type DiagnosticCode } from '../src/shared/messages.ts';

export const DOC_FILE = fileURLToPath(new URL('../docs/diagnostics.md', import.meta.url));

/** A table cell: no line breaks, and `|` escaped so it does not end the cell. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

function fixText(code: DiagnosticCode): string {
  const entry = CATALOGUE[code];
  const fix = 'fix' in entry ? entry.fix : undefined;
  if (typeof fix === 'string') return fix;
  return typeof fix === 'function' ? 'Given with the diagnostic; depends on the case.' : '';
}

export function renderDiagnosticsDoc(): string {
  const codes = Object.keys(CATALOGUE) as DiagnosticCode[];
  const rows = codes.map((code) => {
    const entry = CATALOGUE[code];
    return `| \`${code}\` | ${entry.severity} | ${cell(entry.about)} | ${cell(fixText(code))} |`;
  });
  return [
    '# Diagnostics',
    '',
    '<!-- Generated from src/shared/messages.ts by `npm run diagnostics-doc`; do not edit by hand. -->',
    '',
    `Every problem docjet reports has one of these ${codes.length} codes. \`docjet validate --format json\``,
    'prints the code of each diagnostic, with its file, line, column, message and fix. An error fails',
    'the run; a warning does too under `--strict`.',
    '',
    '| Code | Severity | Meaning | Fix |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DOC_FILE, renderDiagnosticsDoc());
  console.log(`wrote ${DOC_FILE}`);
}
