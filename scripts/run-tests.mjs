#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's own test runner, one file per process, two at a time
// (`--jobs N`), longest first (as long as each took last time) so that the two end together. The
// TypeScript is compiled once into .test-build/ (scripts/test-build.mjs: only what changed), and each
// file runs from there with plain Node, without tsx's start-up (~0.5 CPU-s a file; tests' own child
// processes and build threads do the same: test/support/source-process.ts, DOCJET_TEST_BUILD=1). It says
// what it is doing: one line per file as it ends (`[12/171] ✔ test/x.test.ts 3.4 s`), a line naming the
// files still running whenever nothing was printed for 20 s, a failing file's whole output, and the
// slowest files at the end.
//
//   node scripts/run-tests.mjs [substring ...]   the files whose path contains one of them
//   --long      only the files that have a long run (they import test/support/long-runs.ts), long:
//               every corpus page in the differential tests, full fuzz rounds (DOCJET_FULL=1);
//               CI runs it after the default suite (npm run test:long)
//   --full      every file, the long runs included (DOCJET_FULL=1)
//   --verbose   every file's output, not only failing files'
//   --jobs N    files at a time (default 2)
//   --slowest N how many of the slowest files to list at the end (default 15)
//   --write-durations  keep this run's durations in test/durations.json (the order of a fresh clone's run)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTests, compiledPath } from './test-build.mjs';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const flag = (name) => {
  const index = args.indexOf(name);
  if (index === -1) return false;
  args.splice(index, 1);
  return true;
};
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index === -1) return fallback;
  const value = Number(args[index + 1]);
  args.splice(index, 2);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} needs a whole number above 0`);
    process.exit(2);
  }
  return value;
};
const long = flag('--long');
const full = flag('--full') || long;
const verbose = flag('--verbose');
const writeDurations = flag('--write-durations');
const jobs = option('--jobs', 2);
const slowest = option('--slowest', 15);
const only = args;

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(full);
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) files.push(path.relative(root, full));
  }
};
walk(path.join(root, 'test'));
// A path to a test file runs that file, wherever it is (the runner's own tests run fixtures).
const named = only.filter((part) => /\.test\.[cm]?[jt]s$/.test(part) && existsSync(path.join(root, part))).map((part) => path.relative(root, path.join(root, part)));
const matched = only.length > 0 ? files.filter((file) => only.some((part) => file.includes(part))) : files;
const LONG_RUNS = /support\/long-runs\.ts['"]/;
const selected = [...new Set([...matched, ...named])].filter((file) => !long || LONG_RUNS.test(readFileSync(path.join(root, file), 'utf8')));
if (selected.length === 0) {
  console.error(`no test files match ${only.join(' ')}`);
  process.exit(1);
}

// Longest first, as long as each file took last time (.test-build/durations.json; in a fresh clone, as
// long as it took when test/durations.json was last written, by `--write-durations`), so that the
// workers end close together. A file not timed yet is guessed: long when it is on this list (browser,
// dev and big-build files), else as long as most files are (2 s). A run of a few files times only
// those, and must not send every file it did not time ahead of the long ones.
const FIRST = ['test/content/bounds', 'test/e2e/lazy-sidebar', 'test/e2e/', 'test/dev/', 'test/content/fast-parse', 'test/first-command', 'test/output/build'];
const durationsFile = path.join(root, '.test-build', 'durations.json');
const committedDurations = path.join(root, 'test', 'durations.json');
let durations = {};
for (const file of [committedDurations, durationsFile]) {
  try {
    durations = { ...durations, ...JSON.parse(readFileSync(file, 'utf8')) };
  } catch {}
}
const rank = (file) => {
  const index = FIRST.findIndex((prefix) => file.startsWith(prefix));
  return index === -1 ? FIRST.length : index;
};
const timed = (file) => durations[file] ?? (rank(file) < FIRST.length ? 60_000 - rank(file) : 2_000);
const queue = [...selected].sort((a, b) => timed(b) - timed(a) || rank(a) - rank(b));

await buildTests(root, named);

// Offline: fixtures name https://example.com specs; the tests of fetching serve their own and clear this.
const env = { ...process.env, DOCJET_OFFLINE: '1', DOCJET_TEST_BUILD: '1', ...(full ? { DOCJET_FULL: '1' } : {}) };
if (!full) delete env.DOCJET_FULL;

// A test file that hangs is stopped and fails after this: generous, and scaled as the tests' own bounds are
// (test/support/patience.ts). DOCJET_TEST_FILE_TIMEOUT_MS sets it (for the runner's own test).
const patience = Number(process.env.DOCJET_TEST_PATIENCE) > 0 ? Number(process.env.DOCJET_TEST_PATIENCE) : 1;
const fileTimeout = Number(process.env.DOCJET_TEST_FILE_TIMEOUT_MS) > 0 ? Number(process.env.DOCJET_TEST_FILE_TIMEOUT_MS) : Math.round((full ? 60 : 15) * 60_000 * patience);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
let lastPrint = Date.now();
const print = (text) => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  lastPrint = Date.now();
};
const running = new Map();
const results = [];
let done = 0;

print(`run-tests: ${selected.length} files, ${jobs} at a time${long ? ', their long runs (DOCJET_FULL=1)' : full ? ', full (DOCJET_FULL=1)' : ''}`);

const count = (output, name) => {
  const match = output.match(new RegExp(`^[ℹ#] ${name} (\\d+)`, 'm'));
  return match ? Number(match[1]) : 0;
};

/** Sends `signal` to the file's process and everything it started (its own process group). */
const signalGroup = (child, signal) => {
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {}
};

/**
 * Runs node with `args` as a job named `name` (listed while it runs), its output collected; stopped
 * (SIGTERM, then SIGKILL) after `fileTimeout`. Resolves with its output, exit and whether it was stopped.
 */
const runJob = (name, args, jobEnv = env) =>
  new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(process.execPath, args, { cwd: root, env: jobEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    running.set(name, { start, child });
    const chunks = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child, 'SIGTERM');
      setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000).unref();
    }, fileTimeout);
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(name);
      resolve({ output: Buffer.concat(chunks).toString('utf8'), code, signal, timedOut, ms: Date.now() - start });
    });
  });

// Each file runs as a plain `node file.js`, whose tests report themselves (spec), not under `node --test`:
// that runs a second Node process per file only to relay the first one's report (about 0.2 CPU-s a file).
const runFile = async (file) => {
  const job = await runJob(file, ['--test-reporter=spec', compiledPath(root, file)]);
  const { code, signal, timedOut, ms } = job;
  const output = timedOut
    ? `${job.output}\nrun-tests: stopped ${file} after ${seconds(fileTimeout)}: a test did not end (DOCJET_TEST_PATIENCE=N gives N times longer)\n`
    : job.output;
  const ok = code === 0 && !timedOut;
  const result = { file, ms, ok, pass: count(output, 'pass'), fail: count(output, 'fail') + count(output, 'cancelled'), skipped: count(output, 'skipped') };
  results.push(result);
  done++;
  const counts = `${result.pass} passed${result.fail ? `, ${result.fail} failed` : ''}${result.skipped ? `, ${result.skipped} skipped` : ''}`;
  const exit = ok ? '' : timedOut ? ` (stopped after ${seconds(fileTimeout)})` : signal ? ` (killed by ${signal})` : ` (exit ${code})`;
  if (!ok || verbose) print(output);
  print(`[${done}/${selected.length}] ${ok ? '✔' : '✖'} ${file} ${seconds(ms)} · ${counts}${exit}`);
};

// Nothing printed for this long: a line naming the files still running (DOCJET_TEST_HEARTBEAT_MS, for the runner's own test).
const quietMs = Number(process.env.DOCJET_TEST_HEARTBEAT_MS) > 0 ? Number(process.env.DOCJET_TEST_HEARTBEAT_MS) : 20_000;
const heartbeat = setInterval(
  () => {
    if (Date.now() - lastPrint < quietMs || running.size === 0) return;
    const now = Date.now();
    print(`  … running ${[...running].map(([file, { start }]) => `${file} (${seconds(now - start)})`).join(', ')}`);
  },
  Math.min(1000, quietMs / 2),
);

const stop = (signal) => {
  for (const { child } of running.values()) signalGroup(child, 'SIGTERM');
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The browser test files' sites are built first, all in one process (test/e2e/prebuild.ts), which loads
// and warms the build once rather than once per file (about 1 CPU-s each); meanwhile the other jobs run
// other files, and the browser files start once it has ended. Whatever it did not build, a file builds.
const BROWSER = 'test/e2e/';
const browserFiles = queue.filter((file) => file.startsWith(BROWSER));
let prebuilding = browserFiles.length > 1 && process.env.DOCJET_SKIP_BROWSER !== '1';
let prebuilt = Promise.resolve();
const prebuild = async () => {
  const script = compiledPath(root, 'test/e2e/prebuild.ts');
  const { output, code } = await runJob("(browser tests' sites)", ['--test-only', '--test-reporter=spec', script, ...browserFiles], { ...env, DOCJET_E2E_PREBUILD: '1' });
  const summary = output.match(/^prebuild: .*$/m)?.[0];
  if (code === 0 && summary) print(`  ${summary}`);
  else print(`${output}\n  prebuild of the browser tests' sites ended with exit ${code}: each file builds its own sites`);
  prebuilding = false;
};

const worker = async (first) => {
  if (first) await (prebuilt = first());
  while (queue.length > 0) {
    const index = prebuilding ? queue.findIndex((file) => !file.startsWith(BROWSER)) : 0;
    if (index === -1) {
      await prebuilt;
      continue;
    }
    await runFile(queue.splice(index, 1)[0]);
  }
};
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, (_, index) => worker(index === 0 && prebuilding ? prebuild : undefined)));
clearInterval(heartbeat);

const failed = results.filter((result) => !result.ok);
try {
  for (const result of results) durations[result.file] = result.ms;
  writeFileSync(`${durationsFile}.${process.pid}`, JSON.stringify(durations));
  renameSync(`${durationsFile}.${process.pid}`, durationsFile);
  if (writeDurations) {
    const rounded = Object.fromEntries(
      Object.entries(durations)
        .filter(([file]) => files.includes(file))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, ms]) => [file, Math.round(ms / 100) * 100]),
    );
    writeFileSync(committedDurations, `${JSON.stringify(rounded, null, 2)}\n`);
  }
} catch {}
const total = (name) => results.reduce((sum, result) => sum + result[name], 0);
print(`\nslowest ${Math.min(slowest, results.length)} of ${results.length} files:`);
for (const result of [...results].sort((a, b) => b.ms - a.ms).slice(0, slowest)) print(`  ${seconds(result.ms).padStart(8)}  ${result.file}`);
print(
  `\n${failed.length === 0 ? '✔' : '✖'} ${results.length} files, ${total('pass')} tests passed, ${total('fail')} failed, ${total('skipped')} skipped · ${seconds(Date.now() - started)}${full ? ' (full)' : ''}`,
);
for (const result of failed) print(`  ✖ ${result.file}`);
process.exit(failed.length === 0 ? 0 : 1);
