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
import { dev, type DevServer } from '../../src/dev/dev-server.ts';
import { fetchRaw } from '../support/http.ts';
import { type DevProcess, spawnDev, within } from '../support/dev-process.ts';

/** A catastrophic regular expression, in a function (where the evaluator runs them): 2^40 ways to fail on this input (issue 36). */
const RUNAWAY = '---\ntitle: Runaway\n---\n\n{["x"].map(() => (/(a+)+$/.test("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!") ? "yes" : "no"))}\n';

/**
 * The site's folder, removed after the test once `close` (the server or process that writes its
 * cache there) has ended: hooks run in the order they were registered, and a removal before the
 * close fails with ENOTEMPTY while the server writes, then waits for the runner's limit.
 */
async function site(t: TestContext, close: () => Promise<unknown>, runaway = true): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-runaway-'));
  t.after(async () => {
    await close();
    await rm(root, { recursive: true, force: true, maxRetries: 10 });
  });
  const pages = runaway ? ['guide', 'setup', 'runaway'] : ['guide', 'setup'];
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages }] } }));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me.\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  if (runaway) await writeFile(path.join(root, 'runaway.mdx'), RUNAWAY);
  return root;
}

test('a page whose render never ends: the other pages answer meanwhile, it answers an overlay naming it after its deadline, and again without a render until it changes', async (t) => {
  // No catastrophic regex here (it would hold a core until the usual 60 s deadline): the hook makes
  // the first render of /setup, and of /setup.md, a busy loop with a deadline of its own, 1 s. Any
  // page that never ends, however it never ends. Every other render has the usual deadline, and a
  // second render of /setup would end, showing the page: an answer without it was not rendered again.
  let server: DevServer | undefined;
  const root = await site(t, async () => server?.close(), false);
  server = await dev({ root, port: 0, watch: false, testHang: { route: 'setup', deadlineMs: 1_000 } });
  await server.ready;
  assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'the first page')).status, 200);

  const slow = fetchRaw(server, '/setup');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const other = await within(fetchRaw(server, '/guide'), 60_000, 'another page while /setup renders');
  assert.equal(other.status, 200);
  assert.match(other.body, /Read me\./);

  const answer = await within(slow, 60_000, '/setup past its deadline');
  assert.equal(answer.status, 500);
  assert.match(answer.body, /rendering the page \/setup took longer than 1 s and was stopped/);
  assert.match(answer.body, /_docjet\/dev\/client\.js|_docjet\/dev/, 'the page loads the dev client, which shows the overlay');
  // Not rendered again (for as long again) until the page changes.
  const again = await within(fetchRaw(server, '/setup'), 60_000, '/setup asked for again');
  assert.equal(again.status, 500);
  assert.match(again.body, /took longer than 1 s and was stopped/);
  assert.doesNotMatch(again.body, /Install it\./);
  assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'a page after the thread was stopped')).status, 200);
  // Its Markdown version too is made in a thread, with the same deadline.
  const markdown = await within(fetchRaw(server, '/setup.md'), 60_000, '/setup.md past its deadline');
  assert.equal(markdown.status, 500);
  assert.match(markdown.body, /^setup\.mdx: rendering the page \/setup took longer than 1 s and was stopped/);
  assert.match((await within(fetchRaw(server, '/guide.md'), 60_000, '/guide.md')).body, /Read me\./);
  // Once edited, the page is rendered again.
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it now.\n');
  await within(server.changed([{ file: 'setup.mdx', kind: 'update' }]), 60_000, 'handling the edit');
  const edited = await within(fetchRaw(server, '/setup'), 60_000, '/setup once edited');
  assert.equal(edited.status, 200);
  assert.match(edited.body, /Install it now\./);
});

// Each signal with one runaway render, the page's for one, its Markdown version's for the other: each
// holds a core until the process ends (both in each test were 2 of this file's 8.7 CPU-s).
for (const [signal, asked, other, otherText] of [
  ['SIGTERM', '/runaway', '/setup', /Install it\./],
  ['SIGINT', '/runaway.md', '/guide.md', /Read me\./],
] as const) {
  test(`a catastrophic regex in a page: other pages still answer while ${asked} renders, and ${signal} stops docjet dev meanwhile`, async (t) => {
    let dev: DevProcess | undefined;
    const root = await site(t, async () => {
      if (dev && dev.child.exitCode === null && dev.child.signalCode === null) dev.child.kill('SIGKILL');
      await dev?.exited;
    });
    dev = spawnDev(root);
    const url = await within(dev.url, 60_000, 'the address');
    const server = { url };
    assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'the first page')).status, 200);
    const runaway = fetchRaw(server, asked).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const answer = await within(fetchRaw(server, other), 30_000, `${other} while ${asked} renders\n${dev.out.join('\n')}`);
    assert.equal(answer.status, 200);
    assert.match(answer.body, otherText);
    dev.child.kill(signal);
    assert.equal(await within(dev.exited, 30_000, `docjet dev exiting on ${signal}`), 0);
    await runaway;
  });
}
