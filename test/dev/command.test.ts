/**
 * `docjet dev` as the terminal shows it (`runDev`): the address, a one-line summary, a line per
 * change with what was redone and how long it took, the errors of a broken docs.json; a taken port
 * named; and Ctrl+C stopping the process cleanly with exit code 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { runDev } from '../../src/dev/command.ts';
import { build } from '../../src/output/build.ts';
import { patience } from '../support/patience.ts';
import { type Scratch, scratchFolder } from '../support/scratch.ts';
import { sourceFlags, sourceUrl } from '../support/source-process.ts';

/** The site's folder, removed after the test once the dev servers and processes run on it have stopped (`closeFirst`). */
async function site(t: TestContext): Promise<{ root: string; closeFirst: Scratch['closeFirst'] }> {
  const { dir: root, closeFirst } = await scratchFolder(t, 'docjet-dev-command-');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] } }));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me.\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  return { root, closeFirst };
}

/**
 * `docjet dev` in this process: what it prints, how to stop it (as Ctrl+C would), its exit code. A
 * test that fails before it stops it has it stopped before the site's folder is removed.
 */
function startDev({ root, closeFirst }: { root: string; closeFirst: Scratch['closeFirst'] }): { out: string[]; err: string[]; stop: () => void; running: Promise<number> } {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const running = runDev(
    { root, port: 0, host: '127.0.0.1', open: false, stopped },
    { out: (text) => out.push(...text.split('\n')), error: (text) => err.push(text), color: false },
  );
  closeFirst(() => {
    stop();
    return running.catch(() => undefined);
  });
  return { out, err, stop, running };
}

/** Waits until `check` says yes (a file written by another process), as long as a busy machine needs. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + patience(30_000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${patience(30_000) / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until a printed line matches. */
async function printed(lines: string[], pattern: RegExp): Promise<string> {
  const deadline = Date.now() + patience(30_000);
  for (;;) {
    const line = lines.find((each) => pattern.test(each));
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error(`no line matches ${pattern}; printed:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('the terminal: address, summary, one line per change (with the errors of a broken docs.json), then a clean stop', async (t) => {
  const made = await site(t);
  const { root } = made;
  const { out, err, stop, running } = startDev(made);

  const address = await printed(out, /^docjet dev: /);
  assert.match(address, /^docjet dev: \S+ at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl\+C to stop\)$/);
  assert.match(await printed(out, /^✔ /), /^✔ 2 pages, 0 warnings · ready in \d+\.\d\d s/);
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me again.\n');
  assert.match(await printed(out, /guide\.mdx/), /^\d\d:\d\d:\d\d ✔ guide\.mdx: page read again · \d+ ms$/);
  await writeFile(path.join(root, 'docs.json'), '{ "name": "Harbor", ');
  const broken = await printed(out, /✖ docs\.json/);
  assert.match(broken, /^\d\d:\d\d:\d\d ✖ docs\.json: 1 error: still showing the last good site · \d+ ms$/);
  assert.match(out[out.indexOf(broken) + 1]!, /^docs\.json:1:\d+ error /, 'the error follows, with its position');
  stop();
  assert.equal(await running, 0);
  assert.equal(out.at(-1), 'docjet dev: stopped.');
  assert.deepEqual(err, []);
});

test('a port in use: the next one, said in one line', async (t) => {
  const { root, closeFirst } = await site(t);
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  const port = (blocker.address() as { port: number }).port;
  const out: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const running = runDev({ root, port, host: '127.0.0.1', open: false, stopped }, { out: (text) => out.push(text), error: () => {}, color: false });
  closeFirst(() => {
    stop();
    return running.catch(() => undefined);
  });
  const moved = await printed(out, /^Port /);
  const next = Number(/using (\d+)/.exec(moved)?.[1]);
  assert.equal(moved, `Port ${port} is in use; using ${next} instead.`);
  assert.ok(next > port);
  await printed(out, /^✔ /);
  stop();
  assert.equal(await running, 0);
});

test('Ctrl+C stops the process: exit code 0, nothing left running', async (t) => {
  const { root, closeFirst } = await site(t);
  const command = sourceUrl('src/dev/command.ts');
  const script = `
    const { runDev } = await import(${JSON.stringify(command)});
    process.exitCode = await runDev({ root: process.argv[1], port: 0, host: '127.0.0.1', open: false }, { out: (text) => console.log(text), error: (text) => console.error(text), color: false });
  `;
  const child = spawn(process.execPath, [...sourceFlags, '--input-type=module', '-e', script, root], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  closeFirst(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const lines: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
  await printed(lines, /^✔ /);
  // It exits by itself (the test's timeout would end a process that does not), with code 0.
  child.kill('SIGINT');
  assert.equal(await exited, 0);
  assert.ok(lines.includes('docjet dev: stopped.'));
});

test('builds into the site folder while it runs (its output swapped in twice) do not stop Ctrl+C from stopping it cleanly', async (t) => {
  const made = await site(t);
  const { root } = made;
  const { out, err, stop, running } = startDev(made);
  await printed(out, /^✔ /);
  // `docjet build` writes dist/ through a staging folder and deletes the previous dist/: folders the watcher saw come and go.
  await build({ root });
  await build({ root });
  await new Promise((resolve) => setTimeout(resolve, 300));
  stop();
  assert.equal(await running, 0);
  assert.equal(out.at(-1), 'docjet dev: stopped.');
  assert.deepEqual(err, []);
});

test('--open opens the address in the browser BROWSER names, else the system default; a missing one is said, not fatal', async (t) => {
  const { root, closeFirst } = await site(t);
  const bin = await mkdtemp(path.join(os.tmpdir(), 'docjet-open-'));
  t.after(() => rm(bin, { recursive: true, force: true }));
  const opened = path.join(bin, 'opened.txt');
  const browser = path.join(bin, 'fake-browser');
  await writeFile(browser, `#!/bin/sh\necho "$@" > ${JSON.stringify(opened)}\n`, { mode: 0o755 });
  const saved = { BROWSER: process.env['BROWSER'], PATH: process.env['PATH'] };
  t.after(() => Object.assign(process.env, saved));

  /** Runs dev with `env` until `opened` says the browser was asked (it runs apart: no fixed wait is long enough on a busy machine). */
  const run = async (env: Record<string, string | undefined>, opened: (err: string[]) => Promise<boolean>): Promise<{ out: string[]; err: string[] }> => {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const out: string[] = [];
    const err: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = runDev(
      { root, port: 0, host: '127.0.0.1', open: true, stopped },
      { out: (text) => out.push(...text.split('\n')), error: (text) => err.push(text), color: false },
    );
    closeFirst(() => {
      stop();
      return running.catch(() => undefined);
    });
    await printed(out, /^✔ /);
    await eventually(() => opened(err), 'the browser asked to open the address');
    stop();
    assert.equal(await running, 0);
    return { out, err };
  };

  const written = async (): Promise<boolean> => (await readFile(opened, 'utf8').catch(() => '')).endsWith('\n');
  const { out } = await run({ BROWSER: browser }, written);
  const address = /at (http:\S+)/.exec(out.find((line) => line.startsWith('docjet dev: '))!)![1]!;
  assert.equal((await readFile(opened, 'utf8')).trim(), address);

  // The system's opener (xdg-open here), found on PATH.
  await rm(opened);
  await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$@" > ${JSON.stringify(opened)}\n`, { mode: 0o755 });
  await run({ BROWSER: undefined, PATH: `${bin}:${saved.PATH}` }, written);
  assert.match(await readFile(opened, 'utf8'), /^http:\/\/127\.0\.0\.1:\d+\/\n$/);

  // None to be found: one line saying so, and the server ran and stopped cleanly.
  const missing = await run({ BROWSER: path.join(bin, 'no-such-browser') }, async (err) => err.length > 0);
  assert.match(missing.err.join('\n'), /^docjet dev: could not open a browser \(.*ENOENT.*\); open http:\S+ yourself\.$/);
});

test('a site with integrations: the terminal says dev does not load them and how to, once --analytics is not given', async (t) => {
  const made = await site(t);
  const { root } = made;
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Harbor', navigation: { pages: ['guide'] }, integrations: { ga4: { measurementId: 'G-TEST123' }, intercom: { appId: 'abc123def4' } } }),
  );
  const { out, stop, running } = startDev(made);
  await printed(out, /^✔ /);
  assert.equal(
    await printed(out, /^integrations/),
    'integrations (ga4, intercom) are not loaded in dev, so previews are not counted; docjet dev --analytics loads them as built pages do',
  );
  stop();
  assert.equal(await running, 0);
});
