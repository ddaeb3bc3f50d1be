/**
 * `--offline` on the command line (validate, build, serve): remote OpenAPI specs come from
 * `.docjet/cache` only, and the network is not touched. The "network" is a server on 127.0.0.1
 * that counts its requests (allowed with `--allow-private-network`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main, type Io } from '../src/cli.ts';
import { startRemoteSpecSite, type RemoteSpecSite } from './support/remote-spec-site.ts';

// These tests decide when to be offline; a suite run with DOCJET_OFFLINE=1 must not decide for them.
delete process.env.DOCJET_OFFLINE;

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(text), error: (text) => err.push(text), progress: () => {}, color: false, interactive: false };
  return { code: await main(argv, io), out, err };
}

let site: RemoteSpecSite;
let root: string;
let requests: string[];
let url: string;

before(async () => {
  site = await startRemoteSpecSite('Offline');
  ({ root, requests, url } = site);
});

after(() => site.close());

describe('docjet --offline', () => {
  test('validate --offline without a cache: no request, one warning saying how to get the spec, exit 0', async () => {
    const { code, out } = await run('validate', '--offline', '--allow-private-network', root);
    assert.equal(code, 0);
    assert.deepEqual(requests, []);
    assert.equal(out.length, 2);
    assert.match(
      out[0]!,
      /^docs\.json:\d+:\d+ warning navigation\.groups\[1\]\.openapi: the OpenAPI file "http:\/\/127\.0\.0\.1:\d+\/openapi\.yaml" was not fetched \(offline\) and no copy is cached yet; endpoint references under it are not checked and get no pages\. Run docjet once without --offline \(and without DOCJET_OFFLINE=1\) to cache it in \.docjet\/cache, or download the spec into the docs folder and point "openapi" at the local file\.$/,
    );
    assert.match(out[1]!, /^✔ 0 errors, 1 warning · 1 page \(1 in navigation, 0 endpoint pages\)/);
  });

  test('validate online caches the spec; validate --offline then uses the copy and says from when', async () => {
    const online = await run('validate', '--allow-private-network', root);
    assert.equal(online.code, 0);
    assert.deepEqual(requests, ['/openapi.yaml']);
    assert.match(online.out.at(-1)!, /^✔ 0 errors, 0 warnings · 3 pages \(2 in navigation, 1 endpoint page\)/);

    const offline = await run('validate', '--offline', '--allow-private-network', '--format', 'json', root);
    assert.equal(offline.code, 0);
    assert.deepEqual(requests, ['/openapi.yaml']);
    const printed = JSON.parse(offline.out.join('\n'));
    assert.deepEqual(printed.diagnostics, []);
    assert.equal(printed.stats.endpointPages, 1);
    assert.equal(printed.notes.length, 1);
    assert.match(
      printed.notes[0],
      new RegExp(`^${url.replace(/[.?]/g, '\\$&')} was not fetched \\(offline\\); the copy cached on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC was used\\.$`),
    );
  });

  test('build --offline: no request, the endpoint page comes from the cache', async () => {
    const before = requests.length;
    const out = path.join(root, 'dist');
    const { code, out: printed } = await run('build', '--offline', '--allow-private-network', root);
    assert.equal(code, 0);
    assert.equal(requests.length, before);
    assert.match(printed.join('\n'), /^note: .* was not fetched \(offline\); the copy cached on .* was used\.$/m);
    assert.match(await readFile(path.join(out, 'api-reference', 'list-pets', 'index.html'), 'utf8'), /The pets/);
  });

  test('--help lists --offline; a misspelt --ofline is suggested', async () => {
    const help = await run('--help');
    assert.match(help.out.join('\n'), /--offline {7}fetch no remote OpenAPI spec/);
    const typo = await run('validate', '--ofline', root);
    assert.equal(typo.code, 2);
    assert.match(typo.err[0]!, /^docjet: unknown option --ofline\. Did you mean --offline\?/);
  });
});
