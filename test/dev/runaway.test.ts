/**
 * A page whose render never ends cannot take `docjet dev` with it (issue 36): pages render in
 * threads, the other pages keep answering, the runaway one answers an overlay naming it once its
 * deadline passed (shortened here), and SIGTERM or SIGINT stops the process while it runs.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { dev } from '../../src/dev/dev-server.ts';
import { fetchRaw } from '../support/http.ts';
import { spawnDev, within } from '../support/dev-process.ts';

/** A catastrophic regular expression, in a function (where the evaluator runs them): 2^40 ways to fail on this input (issue 36). */
const RUNAWAY = '---\ntitle: Runaway\n---\n\n{["x"].map(() => (/(a+)+$/.test("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!") ? "yes" : "no"))}\n';

async function site(t: TestContext, runaway = true): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-runaway-'));
  t.after(() => rm(root, { recursive: true, force: true, maxRetries: 10 }));
  const pages = runaway ? ['guide', 'setup', 'runaway'] : ['guide', 'setup'];
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages }] } }));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me.\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  if (runaway) await writeFile(path.join(root, 'runaway.mdx'), RUNAWAY);
  return root;
}

test('a page whose render never ends: the other pages answer meanwhile, it answers an overlay naming it after its deadline, and again without a render until it changes', async (t) => {
  // No catastrophic regex here (it would hold a core until the usual 60 s deadline): the hook makes
  // the first render of /setup, and of /setup.md, a busy loop with a deadline of its own, 2 s. Any
  // page that never ends, however it never ends. Every other render has the usual deadline, and a
  // second render of /setup would end, showing the page: an answer without it was not rendered again.
  const root = await site(t, false);
  const server = await dev({ root, port: 0, watch: false, testHang: { route: 'setup', deadlineMs: 2_000 } });
  t.after(() => server.close());
  await server.ready;
  assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'the first page')).status, 200);

  const slow = fetchRaw(server, '/setup');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const other = await within(fetchRaw(server, '/guide'), 60_000, 'another page while /setup renders');
  assert.equal(other.status, 200);
  assert.match(other.body, /Read me\./);

  const answer = await within(slow, 60_000, '/setup past its deadline');
  assert.equal(answer.status, 500);
  assert.match(answer.body, /rendering the page \/setup took longer than 2 s and was stopped/);
  assert.match(answer.body, /_docjet\/dev\/client\.js|_docjet\/dev/, 'the page loads the dev client, which shows the overlay');
  // Not rendered again (for as long again) until the page changes.
  const again = await within(fetchRaw(server, '/setup'), 60_000, '/setup asked for again');
  assert.equal(again.status, 500);
  assert.match(again.body, /took longer than 2 s and was stopped/);
  assert.doesNotMatch(again.body, /Install it\./);
  assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'a page after the thread was stopped')).status, 200);
  // Its Markdown version too is made in a thread, with the same deadline.
  const markdown = await within(fetchRaw(server, '/setup.md'), 60_000, '/setup.md past its deadline');
  assert.equal(markdown.status, 500);
  assert.match(markdown.body, /^setup\.mdx: rendering the page \/setup took longer than 2 s and was stopped/);
  assert.match((await within(fetchRaw(server, '/guide.md'), 60_000, '/guide.md')).body, /Read me\./);
  // Once edited, the page is rendered again.
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it now.\n');
  await within(server.changed([{ file: 'setup.mdx', kind: 'update' }]), 60_000, 'handling the edit');
  const edited = await within(fetchRaw(server, '/setup'), 60_000, '/setup once edited');
  assert.equal(edited.status, 200);
  assert.match(edited.body, /Install it now\./);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`a catastrophic regex in a page: other pages still answer, and ${signal} stops docjet dev while it renders`, async (t) => {
    const root = await site(t);
    const dev = spawnDev(root);
    t.after(() => {
      if (dev.child.exitCode === null && dev.child.signalCode === null) dev.child.kill('SIGKILL');
    });
    const url = await within(dev.url, 60_000, 'the address');
    const server = { url };
    assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'the first page')).status, 200);
    const runaway = fetchRaw(server, '/runaway').catch(() => undefined);
    const markdown = fetchRaw(server, '/runaway.md').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const other = await within(fetchRaw(server, '/setup'), 30_000, `another page while /runaway renders\n${dev.out.join('\n')}`);
    assert.equal(other.status, 200);
    assert.match((await within(fetchRaw(server, '/guide.md'), 30_000, 'a Markdown version while /runaway.md renders')).body, /Read me\./);
    dev.child.kill(signal);
    assert.equal(await within(dev.exited, 30_000, `docjet dev exiting on ${signal}`), 0);
    await Promise.all([runaway, markdown]);
  });
}
