/**
 * `docjet check --external` against a server on 127.0.0.1 only: a 404 is broken at its line, a
 * redirect to a page and a 403 are not; one request at a time to a host; answers come from the
 * cache on the next run (the server gone); offline, or a loopback address without
 * --allow-private-network, is "could not check", never broken, and sends nothing.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkLinks } from '../../src/dev/link-check.ts';

let root: string;
let origin: string;
let requests = 0;
let active = 0;
let mostActive = 0;
const server = createServer((request, response) => {
  requests++;
  active++;
  mostActive = Math.max(mostActive, active);
  setTimeout(() => {
    active--;
    if (request.url === '/moved') response.writeHead(301, { location: '/ok' }).end();
    else if (request.url === '/gone') response.writeHead(404).end('gone');
    else if (request.url === '/robots-only') response.writeHead(403).end();
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
  }, 20);
});

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(path.join(os.tmpdir(), 'docjet-external-'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }));
  await writeFile(
    path.join(root, 'index.mdx'),
    `---\ntitle: Home\n---\n\n[fine](${origin}/ok) and [moved](${origin}/moved)\n\n[gone](${origin}/gone)\n\n<Card title="403" href="${origin}/robots-only">x</Card>\n`,
  );
});

after(async () => {
  server.close();
  await rm(root, { recursive: true, force: true });
});

const limits = { hostIntervalMs: 5, timeoutMs: 20_000 };

test('a 404 is broken at its line; a redirect to a page and a 403 are not; one request at a time per host', async () => {
  const result = await checkLinks({ root, external: true, offline: false, allowPrivateNetwork: true, externalLimits: limits });
  assert.deepEqual(
    result.diagnostics.map((each) => `${each.file}:${each.line}:${each.column} ${each.code} ${each.message}`),
    [`index.mdx:7:8 link-external-broken "${origin}/gone" answers HTTP 404`],
  );
  assert.equal(result.stats.externalBroken, 1);
  assert.equal(result.stats.externalUnchecked, 0);
  assert.equal(requests, 5); // ok, moved → ok, gone, robots-only
  assert.equal(mostActive, 1);
  const cached = JSON.parse(await readFile(path.join(root, '.docjet/cache/links/external.json'), 'utf8')) as Record<string, { status: number }>;
  assert.equal(cached[`${origin}/gone`]?.status, 404);
});

test('the next run answers from the cache, without a request', async () => {
  const before = requests;
  const result = await checkLinks({ root, external: true, offline: false, allowPrivateNetwork: true, externalLimits: limits });
  assert.equal(requests, before);
  assert.equal(result.stats.externalBroken, 1);
});

test('offline, or a loopback address without --allow-private-network: could not check, not broken, nothing sent', async () => {
  await writeFile(path.join(root, 'index.mdx'), `---\ntitle: Home\n---\n\n[new](${origin}/new-one)\n`);
  const before = requests;
  const offline = await checkLinks({ root, external: true, offline: true, allowPrivateNetwork: true, externalLimits: limits });
  assert.deepEqual(offline.diagnostics, []);
  assert.equal(offline.stats.externalUnchecked, 1);
  assert.deepEqual(offline.stats.uncheckedReasons, ['offline']);
  const refused = await checkLinks({ root, external: true, offline: false, externalLimits: limits });
  assert.deepEqual(refused.diagnostics, []);
  assert.equal(refused.stats.externalUnchecked, 1);
  assert.match(refused.stats.uncheckedReasons![0]!, /loopback address \(--allow-private-network checks it\)/);
  assert.equal(requests, before);
});
