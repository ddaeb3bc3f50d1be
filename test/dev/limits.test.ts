/**
 * What appears in the folder or is asked of the server cannot grow or stop `docjet dev` (issue
 * 36): many distinct missing addresses are remembered up to a bound; a huge file is never read
 * whole to see whether it changed; a named pipe (FIFO) is never opened, wherever it appears, in
 * `dev` as in `validate`'s scan; a page no one may read answers the overlay saying so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { chmod, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { dev, type DevEvent } from '../../src/dev/dev-server.ts';
import { contentStamp, HASH_LIMIT } from '../../src/dev/regular-file.ts';
import { PATHS_KEPT } from '../../src/dev/session.ts';
import { validate } from '../../src/validate/index.ts';
import { fetchRaw } from '../support/http.ts';
import { spawnDev, unprivileged, within } from '../support/dev-process.ts';
import { patience } from '../support/patience.ts';
import { type Scratch, scratchFolder } from '../support/scratch.ts';
import { sourceFlags, sourceUrl } from '../support/source-process.ts';

/** The site's folder, removed once what `closeFirst` was given (a server, a process) has ended. */
async function site(t: TestContext): Promise<{ root: string; closeFirst: Scratch['closeFirst'] }> {
  const { dir: root, closeFirst } = await scratchFolder(t, 'docjet-dev-limits-');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] } }));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me.\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  return { root, closeFirst };
}

async function startDev(site: { root: string; closeFirst: Scratch['closeFirst'] }): Promise<{ server: Awaited<ReturnType<typeof dev>>; events: DevEvent[] }> {
  const events: DevEvent[] = [];
  const server = await dev({ root: site.root, port: 0, watch: false, ahead: false, onEvent: (event) => events.push(event) });
  site.closeFirst(() => within(server.close(), 30_000, 'closing docjet dev'));
  await server.ready;
  return { server, events };
}

/** The first event of a page's live-reload channel, as sent. */
function firstEvent(server: { url: string }, page: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `/_docjet/dev/events?page=${encodeURIComponent(page)}` }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        const end = text.indexOf('\n\n', text.indexOf('event:'));
        if (text.includes('event:') && end !== -1) {
          req.destroy();
          resolve(text.slice(0, end));
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether this platform makes named pipes. */
function mkfifo(file: string): boolean {
  return spawnSync('mkfifo', [file]).status === 0;
}

test('many distinct missing addresses: each answers the 404 page, and what the server remembers of them stays bounded', async (t) => {
  const { server } = await startDev(await site(t));
  const asked = PATHS_KEPT + 500;
  for (let start = 0; start < asked; start += 50) {
    const batch = Array.from({ length: Math.min(50, asked - start) }, (_, index) => fetchRaw(server, `/missing-${start + index}-${'x'.repeat(200)}`));
    for (const reply of await Promise.all(batch)) assert.equal(reply.status, 404);
  }
  assert.ok(server.remembered() <= PATHS_KEPT, `remembered ${server.remembered()} paths after ${asked} distinct ones`);
  assert.equal((await fetchRaw(server, '/guide')).status, 200);
});

test('a huge file saved in the folder is stamped by size and times, never read whole: a second event for the same save is no change', async (t) => {
  const made = await site(t);
  const { root } = made;
  const { server, events } = await startDev(made);
  // Sparse: 3 GiB on paper, nothing on disk. Read whole, it cannot even be held in one buffer.
  const big = path.join(root, 'video.bin');
  const handle = await open(big, 'w');
  await handle.truncate(3 * 1024 ** 3);
  await handle.close();
  assert.match((await contentStamp(big)) ?? '', /^stat:/);
  await writeFile(path.join(root, 'medium.bin'), Buffer.alloc(HASH_LIMIT + 1));
  assert.match((await contentStamp(path.join(root, 'medium.bin'))) ?? '', /^stat:/);
  assert.match((await contentStamp(path.join(root, 'guide.mdx'))) ?? '', /^sha1:/);

  await server.changed([{ file: 'video.bin', kind: 'create' }]);
  const changes = (): number => events.filter((event) => event.type === 'change').length;
  assert.equal(changes(), 1);
  await server.changed([{ file: 'video.bin', kind: 'update' }]);
  assert.equal(changes(), 1, 'the same file again is not a change');
});

test('a named pipe in the folder: change handling goes on, a pipe renamed over a page answers the overlay, and the server stops', async (t) => {
  const made = await site(t);
  const { root } = made;
  if (!mkfifo(path.join(root, 'probe'))) return t.skip('no mkfifo on this platform');
  const { server } = await startDev(made);
  assert.equal((await fetchRaw(server, '/setup')).status, 200);
  // A pipe appears: reading it would wait for a writer for ever.
  assert.ok(mkfifo(path.join(root, 'notes.txt')));
  await within(
    server.changed([
      { file: 'notes.txt', kind: 'create' },
      { file: 'probe', kind: 'create' },
    ]),
    20_000,
    'handling a new named pipe',
  );
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me again.\n');
  await within(server.changed([{ file: 'guide.mdx', kind: 'update' }]), 20_000, 'handling an edit after the pipe');
  assert.match((await within(fetchRaw(server, '/guide'), 20_000, '/guide')).body, /Read me again\./);

  // A pipe renamed over a page before the watcher says so: the page answers, saying what it is.
  assert.ok(mkfifo(path.join(root, 'pipe')));
  await rename(path.join(root, 'pipe'), path.join(root, 'setup.mdx'));
  const reply = await within(fetchRaw(server, '/setup'), 20_000, '/setup once a pipe');
  assert.equal(reply.status, 500);
  assert.match(reply.body, /the page could not be read \(it is not a regular file\)/);
  // The browser's live-reload channel says hello with the overlay (which quotes files: never the pipe).
  const hello = await within(firstEvent(server, '/setup'), 20_000, "the open page's hello");
  assert.match(hello, /"code":"page-unreadable"/);
  await within(server.changed([{ file: 'setup.mdx', kind: 'update' }]), 20_000, 'handling the pipe over the page');
});

test("validate's scan never opens a named pipe, named like a page or not", async (t) => {
  const { root } = await site(t);
  if (!mkfifo(path.join(root, 'pipe.mdx'))) return t.skip('no mkfifo on this platform');
  assert.ok(mkfifo(path.join(root, 'pipe.json')));
  const result = await within(validate({ root }), 30_000, 'validate with named pipes');
  assert.equal(result.site?.pages.has('pipe'), false);
  assert.deepEqual(
    result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
    [],
  );
});

test('a page no one may read (chmod 000) answers the overlay saying so, with what to check, not a bare 500', async (t) => {
  const { root, closeFirst } = await site(t);
  // As root, permissions do not stop a read: the server runs as nobody then.
  const user = unprivileged();
  await chmod(root, 0o777);
  const child = spawnDev(root, { asUser: user });
  closeFirst(async () => {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await child.exited;
  });
  const server = { url: await within(child.url, 60_000, `the address\n${child.out.join('\n')}`) };
  assert.equal((await within(fetchRaw(server, '/guide'), 60_000, 'the first page')).status, 200);
  await chmod(path.join(root, 'setup.mdx'), 0o000);
  const reply = await within(fetchRaw(server, '/setup'), 30_000, '/setup once unreadable');
  assert.equal(reply.status, 500);
  assert.match(reply.body, /setup\.mdx/);
  assert.match(reply.body, /could not be read \(permission denied\)/);
  assert.match(reply.body, /its permissions let docjet read it/);
  assert.match(reply.body, /_docjet\/dev\//, 'the dev client, which shows the overlay');
  child.child.kill('SIGTERM');
  assert.equal(await within(child.exited, 30_000, 'docjet dev exiting'), 0);
});

test('build with a page no one may read: the diagnostic at the page, exit 1, nothing written (no crash)', async (t) => {
  const { root } = await site(t);
  const user = unprivileged();
  await chmod(root, 0o777);
  await chmod(path.join(root, 'setup.mdx'), 0o000);
  const out = path.join(root, 'out');
  const script = `import(${JSON.stringify(sourceUrl('src/cli.ts'))}).then((cli) => cli.main(['build', ${JSON.stringify(root)}, '--out', ${JSON.stringify(out)}])).then((code) => { process.exitCode = code; })`;
  const run = spawnSync(process.execPath, [...sourceFlags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, DOCJET_OFFLINE: '1' },
    timeout: patience(120_000),
    ...(user ?? {}),
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout + run.stderr, /setup\.mdx.*error the page could not be read \(EACCES\)/);
  assert.doesNotMatch(run.stdout + run.stderr, /internal error|a bug in docjet/);
  assert.equal(existsSync(out), false, 'nothing written');
});
