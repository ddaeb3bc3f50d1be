import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { fuzzConfig } from './support/fuzz.ts';

const site = new URL('./fixtures/fuzz/site/', import.meta.url).pathname;

test('1,000 seeded mutations of a config using every navigation element end in diagnostics or success, never a crash', async () => {
  const report = await fuzzConfig({ root: site, configText: fs.readFileSync(`${site}docs.json`, 'utf8'), runs: 1000, seed: 20261121 });
  assert.deepEqual(report.failures.slice(0, 3), []);
  // The mutations must actually break things, or the test proves nothing.
  assert.ok(report.outcomes.errors > 300, `only ${report.outcomes.errors} of 1000 mutated configs had errors`);
  assert.ok(report.outcomes.success > 20, `only ${report.outcomes.success} of 1000 mutated configs were still valid`);
});
