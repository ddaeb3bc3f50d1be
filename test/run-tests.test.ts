/**
 * The test runner (scripts/run-tests.mjs) says what it is doing: a line per file as it ends
 * ([n/N], its seconds and counts), a line naming the files still running when it has been quiet
 * for a while, a failing file's output, the slowest files and a summary; `--full` hands the long
 * runs over to the tests (DOCJET_FULL=1), `--long` runs only the files that have one. It runs the
 * files of test/fixtures/run-tests.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const REPO = path.resolve(import.meta.dirname, '..');
const FIXTURES = 'test/fixtures/run-tests';

function runner(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // Without this test's own runner context, or the runner's files would think they run inside it.
    const { NODE_TEST_CONTEXT: _context, ...outer } = process.env;
    const child = spawn(process.execPath, ['scripts/run-tests.mjs', ...args], { cwd: REPO, env: { ...outer, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

test('progress: a line per file as it ends, the running files named when quiet, a failing file shown whole, the slowest files, a summary', async () => {
  const { code, out } = await runner([`${FIXTURES}/quiet.test.ts`, `${FIXTURES}/failing.test.ts`], { DOCJET_TEST_HEARTBEAT_MS: '300' });
  assert.equal(code, 1, out);
  const lines = out.split('\n');
  assert.equal(lines[0], 'run-tests: 2 files, 2 at a time');
  assert.ok(
    lines.some((line) => /^ {2}… running .*test\/fixtures\/run-tests\/quiet\.test\.ts \(\d+\.\d s\)/.test(line)),
    `a line names the file that runs quietly:\n${out}`,
  );
  assert.ok(
    lines.some((line) => /^\[[12]\/2\] ✔ test\/fixtures\/run-tests\/quiet\.test\.ts \d+\.\d s · 1 passed$/.test(line)),
    out,
  );
  assert.ok(
    lines.some((line) => /^\[[12]\/2\] ✖ test\/fixtures\/run-tests\/failing\.test\.ts \d+\.\d s · 1 passed, 1 failed \(exit 1\)$/.test(line)),
    out,
  );
  assert.match(out, /the sum the fixture gets wrong/, "the failing file's output is shown");
  assert.match(out, /\nslowest 2 of 2 files:\n {4,}\d+\.\d s {2}test\/fixtures\/run-tests\/(quiet|failing)\.test\.ts\n/);
  assert.match(out, /\n✖ 2 files, 2 tests passed, 1 failed, 0 skipped · \d+\.\d s\n {2}✖ test\/fixtures\/run-tests\/failing\.test\.ts\n$/);
});

test('a file that does not end is stopped after the file timeout and fails, its output so far shown', async () => {
  const { code, out } = await runner([`${FIXTURES}/hanging.test.ts`, `${FIXTURES}/plain.test.ts`], { DOCJET_TEST_FILE_TIMEOUT_MS: '5000' });
  assert.equal(code, 1, out);
  assert.match(out, /^\[[12]\/2\] ✖ test\/fixtures\/run-tests\/hanging\.test\.ts \d+\.\d s · 0 passed \(stopped after 5\.0 s\)$/m, out);
  assert.match(out, /✔ ends/, 'the test that ended is in the output');
  assert.match(out, /run-tests: stopped test\/fixtures\/run-tests\/hanging\.test\.ts after 5\.0 s: a test did not end/);
  assert.match(out, /^\[[12]\/2\] ✔ test\/fixtures\/run-tests\/plain\.test\.ts /m, 'the other file still runs to its end');
});

test("the browser test files' sites are built before them in one process, which runs none of their tests; a second time it finds them built", async (t) => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docjet-prebuild-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const prebuild = () =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const { NODE_TEST_CONTEXT: _context, ...outer } = process.env;
      const args = ['--test-only', '--test-reporter=spec', path.join(REPO, '.test-build/test/e2e/prebuild.js'), 'test/e2e/anchors.test.ts', 'test/e2e/escaping.test.ts'];
      const child = spawn(process.execPath, args, { cwd: REPO, env: { ...outer, TMPDIR: tmp, DOCJET_E2E_PREBUILD: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.on('close', (code) => resolve({ code, out }));
    });
  const first = await prebuild();
  assert.equal(first.code, 0, first.out);
  assert.match(first.out, /^prebuild: 2 sites built, 0 found built · /m);
  assert.match(first.out, /^﹣ .* # 'only' option not set$/m, 'the files are imported, their tests skipped');
  assert.doesNotMatch(first.out, /^\s*[✔✖] /m, 'no test of the files ran');
  const built = readdirSync(path.join(tmp, 'docjet-e2e-builds')).sort();
  assert.deepEqual(
    built.map((entry) => entry.replace(/-[0-9a-f]+$/, '')),
    ['anchors', 'escaping'],
  );
  for (const entry of built) assert.ok(existsSync(path.join(tmp, 'docjet-e2e-builds', entry, 'out', 'index.html')), entry);
  const second = await prebuild();
  assert.match(second.out, /^prebuild: 0 sites built, 2 found built · /m);
});

test('--full runs the long versions: the tests see DOCJET_FULL=1, and only then', async () => {
  const quick = await runner(['--verbose', `${FIXTURES}/full.test.ts`], { DOCJET_FULL: '1' });
  assert.equal(quick.code, 0, quick.out);
  assert.match(quick.out, /DOCJET_FULL is unset/, 'a DOCJET_FULL left in the environment does not make a default run long');
  const full = await runner(['--full', '--verbose', `${FIXTURES}/full.test.ts`]);
  assert.equal(full.code, 0, full.out);
  assert.match(full.out, /^run-tests: 1 files, 2 at a time, full \(DOCJET_FULL=1\)$/m);
  assert.match(full.out, /DOCJET_FULL is 1/);
});

test('--long runs only the files that have a long run (they import long-runs.ts), long', async () => {
  const { code, out } = await runner(['--long', '--verbose', `${FIXTURES}/full.test.ts`, `${FIXTURES}/long.test.ts`]);
  assert.equal(code, 0, out);
  assert.match(out, /^run-tests: 1 files, 2 at a time, their long runs \(DOCJET_FULL=1\)$/m);
  assert.match(out, /long run: true/);
  assert.doesNotMatch(out, /full\.test\.ts/);
});

test('the files run from the compiled copy with plain node (no tsx, no module hooks), where their source is', async () => {
  const { code, out } = await runner(['--verbose', `${FIXTURES}/plain.test.ts`]);
  assert.equal(code, 0, out);
  const fixture = path.join(REPO, FIXTURES, 'plain.test.ts');
  assert.match(out, /^flags: \[.*\]$/m, out);
  assert.doesNotMatch(out, /^flags: .*(--import|--loader|--experimental-loader|tsx)/m, 'neither --import tsx nor a loader');
  assert.ok(out.includes(`url: ${pathToFileURL(fixture).href}\n`), out);
  assert.ok(out.includes(`dirname: ${path.dirname(fixture)}\n`), out);
  assert.match(out, /^own source read: true$/m);
  assert.match(out, /^long-runs imported: true$/m);
});

test('longest first: the file that took longest last time starts first', async () => {
  const durations = path.join(REPO, '.test-build', 'durations.json');
  const first = async (times: Record<string, number>) => {
    let kept: Record<string, number> = {};
    try {
      kept = JSON.parse(readFileSync(durations, 'utf8'));
    } catch {}
    mkdirSync(path.dirname(durations), { recursive: true });
    writeFileSync(durations, JSON.stringify({ ...kept, ...times }));
    const { code, out } = await runner(['--jobs', '1', `${FIXTURES}/full.test.ts`, `${FIXTURES}/plain.test.ts`]);
    assert.equal(code, 0, out);
    return /^\[1\/2\] ✔ (\S+)/m.exec(out)?.[1];
  };
  assert.equal(await first({ [`${FIXTURES}/full.test.ts`]: 1, [`${FIXTURES}/plain.test.ts`]: 60_000 }), `${FIXTURES}/plain.test.ts`);
  assert.equal(await first({ [`${FIXTURES}/full.test.ts`]: 60_000, [`${FIXTURES}/plain.test.ts`]: 1 }), `${FIXTURES}/full.test.ts`);
});
