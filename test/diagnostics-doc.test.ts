/** docs/diagnostics.md is generated from the catalogue; this fails when it is stale. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DOC_FILE, renderDiagnosticsDoc } from '../scripts/diagnostics-doc.ts';
import { CATALOGUE } from '../src/shared/messages.ts';

test('docs/diagnostics.md is up to date with src/shared/messages.ts (run `npm run diagnostics-doc`)', () => {
  assert.equal(readFileSync(DOC_FILE, 'utf8'), renderDiagnosticsDoc());
});

test('docs/diagnostics.md lists every code once, with its severity', () => {
  const doc = renderDiagnosticsDoc();
  for (const [code, entry] of Object.entries(CATALOGUE)) {
    const rows = doc.split('\n').filter((line) => line.startsWith(`| \`${code}\` |`));
    assert.deepEqual(
      rows.map((row) => row.split(' | ')[1]),
      [entry.severity],
      code,
    );
  }
});
