import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fuzzConfig, mutate, newSeed, random } from './support/fuzz.ts';

const site = new URL('./fixtures/fuzz/site/', import.meta.url).pathname;

/**
 * A new seed each run, so that every run tries other mutations; `DOCJET_FUZZ_SEED=N` repeats one.
 * Printed (`# seed …` in the test output) and in every failure's message.
 */
const SEED = newSeed(process.env['DOCJET_FUZZ_SEED']);

test(`1,000 seeded mutations of a config using every navigation element end in diagnostics or success, never a crash (seed ${SEED})`, async (t) => {
  t.diagnostic(`fuzz seed ${SEED} (repeat with DOCJET_FUZZ_SEED=${SEED})`);
  const report = await fuzzConfig({ root: site, configText: fs.readFileSync(`${site}docs.json`, 'utf8'), runs: 1000, seed: SEED });
  assert.deepEqual(report.failures.slice(0, 3), [], `seed ${SEED}`);
  // The mutations must actually break things, or the test proves nothing.
  assert.ok(report.outcomes.errors > 300, `only ${report.outcomes.errors} of 1000 mutated configs had errors`);
  assert.ok(report.outcomes.success > 20, `only ${report.outcomes.success} of 1000 mutated configs were still valid`);
  // Deep nesting and hostile "$ref"s are among them.
  assert.ok(report.kinds.nest > 40, `only ${report.kinds.nest} nesting mutations`);
  assert.ok(report.kinds['hostile-ref'] > 100, `only ${report.kinds['hostile-ref']} hostile "$ref" mutations`);
  // Keys written twice, and redirects that climb out of the output folder (each crashed once).
  assert.ok(report.kinds['duplicate-key'] > 30, `only ${report.kinds['duplicate-key']} duplicate-key mutations`);
  assert.ok(report.kinds['hostile-redirect'] > 50, `only ${report.kinds['hostile-redirect']} hostile redirect mutations`);
});

test(`hostile files inside the site: a 5,000-deep file, groups nested 1,000 deep, symlinks out of the root, named by "$ref" (seed ${SEED})`, {
  skip: process.platform === 'win32',
}, async (t) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'docjet-fuzz-'));
  t.after(() => fs.rmSync(base, { recursive: true, force: true }));
  const root = path.join(base, 'site');
  fs.cpSync(site, root, { recursive: true });
  fs.writeFileSync(path.join(root, 'deep.json'), `${'['.repeat(5000)}${']'.repeat(5000)}`);
  let groups = '"index"';
  for (let i = 0; i < 1000; i++) groups = `{"group":"G${i}","pages":[${groups}]}`;
  fs.writeFileSync(path.join(root, 'deep-groups.json'), groups);
  fs.writeFileSync(path.join(base, 'secret.json'), '{"group":"FUZZ-OUTSIDE-CANARY","pages":["index"]}');
  fs.symlinkSync('../secret.json', path.join(root, 'linked.json'));
  fs.symlinkSync('..', path.join(root, 'up'));
  const report = await fuzzConfig({
    root,
    configText: fs.readFileSync(path.join(root, 'docs.json'), 'utf8'),
    runs: 300,
    seed: SEED,
    hostileRefs: ['deep.json', 'deep.json#/0/0', 'deep-groups.json', '/deep-groups.json#/pages/0', 'linked.json', 'up/secret.json', 'up/site/docs.json'],
  });
  assert.deepEqual(report.failures.slice(0, 3), [], `seed ${SEED}`);
  assert.ok(report.kinds['hostile-ref'] > 30, `only ${report.kinds['hostile-ref']} hostile "$ref" mutations`);
});

test('the nesting mutation writes the depth as text, up to 5,000 levels', () => {
  const next = random(3);
  let deepest = 0;
  for (let i = 0; i < 400; i++) {
    const { text, mutations } = mutate('{"navigation":{"groups":[{"group":"A","pages":["index"]}]}}', next);
    if (!mutations.some((mutation) => mutation.kind === 'nest')) continue;
    let depth = 0;
    for (const char of text) {
      if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
      else if (char === ']' || char === '}') depth--;
    }
  }
  assert.ok(deepest > 5000, `deepest nesting written: ${deepest}`);
});

test('the duplicate-key mutation writes a key twice in the text, often a list or object first and another kind last', () => {
  const next = random(SEED);
  let written = 0;
  let kindsDiffer = 0;
  for (let i = 0; i < 400; i++) {
    const { text, mutations } = mutate('{"name":"A","navigation":{"groups":[{"group":"A","pages":["index"]}]}}', next);
    if (!mutations.some((mutation) => mutation.kind === 'duplicate-key')) continue;
    written++;
    const match = /"(name|navigation|groups|group|pages)": ([[{])[^]*?, "\1": (.)/.exec(text);
    if (match && match[2] !== match[3]) kindsDiffer++;
  }
  assert.ok(written > 10, `seed ${SEED}: only ${written} duplicate-key mutations`);
  assert.ok(kindsDiffer > 0, `seed ${SEED}: no key written first as a container and then as another kind`);
});

test('a seed is drawn for each run unless one is given', () => {
  assert.equal(newSeed('42'), 42);
  assert.notEqual(newSeed(), newSeed(), 'two draws of 2³² (a one-in-four-billion chance to fail)');
  assert.throws(() => newSeed('x'), /a fuzz seed is a whole number/);
});
