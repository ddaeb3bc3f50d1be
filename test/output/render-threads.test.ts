/**
 * A large site on four cores or more renders on every core: one worker thread per core but the main
 * thread's, while the main thread renders from the same queue (render-pages.ts, pool.ts; before, the
 * main thread waited for the workers). On two cores, no worker: one beside the main thread cost
 * 10-30 % more CPU and up to 400 MB more peak memory for no steady gain in wall time (issue 33).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { WORKER_THRESHOLD, workerCount } from '../../src/output/pool.ts';

/** Runs `run` with DOCJET_WORKERS set to `value` (unset for `undefined`), then puts it back. */
async function withWorkers<T>(value: string | undefined, run: () => Promise<T> | T): Promise<T> {
  const saved = process.env.DOCJET_WORKERS;
  if (value === undefined) delete process.env.DOCJET_WORKERS;
  else process.env.DOCJET_WORKERS = value;
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env.DOCJET_WORKERS;
    else process.env.DOCJET_WORKERS = saved;
  }
}

test('a large site gets one worker per core beside the main thread, from four cores on', async () => {
  await withWorkers(undefined, () => {
    assert.equal(workerCount(1000, 2), 0);
    assert.equal(workerCount(1000, 4), 3);
    assert.equal(workerCount(10_000, 32), 8);
    assert.equal(workerCount(1000, 1), 0);
    assert.equal(workerCount(WORKER_THRESHOLD - 1, 2), 0, 'a small site renders in one thread');
  });
  await withWorkers('1', () => assert.equal(workerCount(1000, 2), 1, 'DOCJET_WORKERS overrides'));
});

/** Every file of the output but the ownership record (which holds the build's time), by path. */
async function files(out: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of (await fs.readdir(out, { recursive: true, withFileTypes: true })).filter((each) => each.isFile())) {
    const relative = path.relative(out, path.join(entry.parentPath, entry.name));
    if (relative !== '.docjet-output') found.set(relative, await fs.readFile(path.join(out, relative), 'utf8'));
  }
  return found;
}

test('pages rendered by the main thread and a worker side by side make the files one thread makes', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-render-threads-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  const pages = Array.from({ length: 40 }, (_, index) => `p${String(index).padStart(2, '0')}`);
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Threads', theme: 'mint', navigation: { groups: [{ group: 'All', pages }] } }));
  for (const [index, page] of pages.entries()) {
    const next = pages[(index + 1) % pages.length];
    await fs.writeFile(
      path.join(root, `${page}.mdx`),
      `---\ntitle: Page ${index}\n---\n\n## Part ${index}\n\nSee [the next page](/${next}) and <Icon icon="not-an-icon-${index % 3}" />.\n\n\`\`\`ts\nconst n = ${index};\n\`\`\`\n`,
    );
  }
  const outputs: Map<string, string>[] = [];
  const warnings: string[][] = [];
  for (const count of ['0', '1']) {
    const out = path.join(dir, `out-${count}`);
    const result = await withWorkers(count, () => build({ root, outDir: out, cache: false }));
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    assert.equal(result.stats.pages, 40);
    outputs.push(await files(out));
    warnings.push(result.diagnostics.map((each) => `${each.file}:${each.line} ${each.code} ${each.message}`));
  }
  assert.deepEqual(outputs[1], outputs[0]);
  assert.deepEqual(warnings[1], warnings[0]);
});
