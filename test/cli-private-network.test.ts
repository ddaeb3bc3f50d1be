/**
 * `--allow-private-network` (validate, build, serve, dev): without it a remote OpenAPI spec on a
 * loopback or private address is not fetched, and the warning at its docs.json line names the
 * flag; with it, the spec is fetched as any other. The "network" is a server on 127.0.0.1 that
 * counts its requests.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { main, type Io } from '../src/cli.ts';
import { startRemoteSpecSite, type RemoteSpecSite } from './support/remote-spec-site.ts';
import { runDev } from '../src/dev/command.ts';
import { patience } from './support/patience.ts';

delete process.env.DOCJET_OFFLINE;

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(...text.split('\n')), error: (text) => err.push(text), progress: () => {}, color: false, interactive: false };
  return { code: await main(argv, io), out, err };
}

let site: RemoteSpecSite;
let root: string;
let requests: string[];
let url: string;

before(async () => {
  site = await startRemoteSpecSite('Private');
  ({ root, requests, url } = site);
});

after(() => site.close());

test('validate and build without the flag: no request, a warning at the line of docs.json that names the URL, naming the flag', async () => {
  const validated = await run('validate', root);
  assert.equal(validated.code, 0);
  assert.deepEqual(requests, []);
  const lines = (await readFile(path.join(root, 'docs.json'), 'utf8')).split('\n');
  const line = lines.findIndex((text) => text.includes(url)) + 1;
  const column = lines[line - 1]!.indexOf('"openapi"') + 1;
  assert.deepEqual(validated.out.slice(0, -1), [
    `docs.json:${line}:${column} warning navigation.groups[1].openapi: the OpenAPI file "${url}" was not fetched: 127.0.0.1 is a loopback address (this machine), and docjet fetches specs from public addresses only unless told to; endpoint references under it are not checked and get no pages. ` +
      'If the spec is meant to come from your own network, pass --allow-private-network (library: `allowPrivateNetwork: true`); else download it into the docs folder and point "openapi" at the local file.',
  ]);

  const built = await run('build', '--strict', root);
  assert.equal(built.code, 1, '--strict: the refusal fails the build');
  assert.deepEqual(requests, []);
});

test('validate, build and dev with --allow-private-network fetch the spec', async () => {
  const validated = await run('validate', '--allow-private-network', root);
  assert.equal(validated.code, 0);
  assert.match(validated.out.at(-1)!, /^✔ 0 errors, 0 warnings · 3 pages \(2 in navigation, 1 endpoint page\)/);
  assert.deepEqual(requests, ['/openapi.yaml']);

  const built = await run('build', '--allow-private-network', root);
  assert.equal(built.code, 0);
  assert.match(await readFile(path.join(root, 'dist', 'api-reference', 'list-pets', 'index.html'), 'utf8'), /The pets/);
  assert.equal(requests.length, 2);

  for (const allowPrivateNetwork of [false, true]) {
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = runDev(
      { root, port: 0, host: '127.0.0.1', open: false, stopped, allowPrivateNetwork },
      { out: (text) => out.push(...text.split('\n')), error: () => {}, color: false },
    );
    const deadline = Date.now() + patience(30_000);
    while (!out.some((each) => each.startsWith('✔ ')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    stop();
    assert.equal(await running, 0);
    const summary = out.find((each) => each.startsWith('✔ ')) ?? out.join('\n');
    assert.match(summary, allowPrivateNetwork ? /^✔ 3 pages \(1 from OpenAPI\), 0 warnings/ : /^✔ 1 page, 1 warning/);
  }
  assert.equal(requests.length, 3, 'dev fetched once, with the flag only');
});

test('--help lists --allow-private-network', async () => {
  const help = await run('--help');
  assert.match(help.out.join('\n'), /--allow-private-network\n\s+fetch remote OpenAPI specs from loopback, private and link-local/);
});
