/**
 * A build on worker threads writes each page's Markdown twin in the worker, right after its HTML
 * (render-worker.ts), instead of making all of them again at the end in the main thread: the
 * `.md` files and `llms-full.txt` must be the same as a build in one thread writes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';

async function writeSite(root: string): Promise<void> {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'steps'] }] } }),
    'index.mdx': '---\ntitle: Welcome\n---\n\n<Note>Read this first.</Note>\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nimport Tip from \'/snippets/tip.mdx\';\n\n<Tip />\n\n<Tabs>\n<Tab title="One">First.</Tab>\n</Tabs>\n',
    'steps.mdx': '---\ntitle: Steps\n---\n\n<Steps>\n  <Step title="Download">Get it.</Step>\n</Steps>\n',
    'unlisted.md': '# Unlisted\n\nOnly on disk.\n',
    'snippets/tip.mdx': 'A tip from a snippet.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
}

/** Every `.md` and `.txt` file of the output, by path. */
async function textFiles(out: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await fs.readdir(out, { recursive: true })) {
    if (/\.(md|txt)$/.test(entry)) found[entry] = await fs.readFile(path.join(out, entry), 'utf8');
  }
  return found;
}

test('the Markdown twins and llms-full.txt of a build on workers are those of a build in one thread', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-md-workers-'));
  const workers = process.env.DOCJET_WORKERS;
  t.after(async () => {
    if (workers === undefined) delete process.env.DOCJET_WORKERS;
    else process.env.DOCJET_WORKERS = workers;
    await fs.rm(dir, { recursive: true, force: true });
  });
  const root = path.join(dir, 'site');
  await writeSite(root);
  const outputs: Record<string, string>[] = [];
  for (const count of ['0', '2']) {
    process.env.DOCJET_WORKERS = count;
    const out = path.join(dir, `out-${count}`);
    const result = await build({ root, outDir: out });
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    outputs.push(await textFiles(out));
  }
  const [inThread, onWorkers] = outputs;
  assert.deepEqual(Object.keys(inThread!).sort(), ['guide.md', 'index.md', 'llms-full.txt', 'llms.txt', 'robots.txt', 'steps.md', 'unlisted.md']);
  assert.deepEqual(onWorkers, inThread);
  assert.match(inThread!['llms-full.txt']!, /A tip from a snippet\./);
});
