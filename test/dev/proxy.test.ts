/**
 * The Try-it proxy of `docjet serve` and `docjet dev` (src/dev/proxy.ts), over real HTTP on
 * 127.0.0.1: a request to a server the site's specs declare arrives at the API byte for byte and
 * its answer comes back; any other host, a page of another site, a request without the panel's
 * header, a loopback API without --allow-private-network and an oversized body are refused with a
 * sentence that says why, and the API never hears of them.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { serveStatic, type StaticServerOptions } from '../../src/dev/static-server.ts';
import { documentServers, type ServerTemplate } from '../../src/openapi/servers.ts';
import { build } from '../../src/output/build.ts';
import { dev } from '../../src/dev/dev-server.ts';
import { scratchFolder } from '../support/scratch.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local API without CORS headers: records each request, answers 201 with a header, a cookie and a body. */
async function startApi(t: TestContext): Promise<{ received: Received[]; port: number }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201, 'Created', { 'content-type': 'application/json', 'x-trace': 't-1', 'set-cookie': 'session=api; Path=/' }).end('{"id":"order-7"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, port: (server.address() as AddressInfo).port };
}

const LOCAL: ServerTemplate = { url: '{scheme}://127.0.0.1:{port}/v1', variables: { scheme: { choices: ['http', 'https'], value: 'http' }, port: { choices: [], value: '9' } } };

async function servedProxy(t: TestContext, proxy: StaticServerOptions['proxy']): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-proxy-'));
  await writeFile(path.join(dir, 'index.html'), 'HOME');
  const server = await serveStatic({ dir, port: 0, host: '127.0.0.1', ...(proxy ? { proxy } : {}) });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return server.url;
}

const PANEL = { 'x-docjet-proxy': '1' };
const via = (site: string, target: string): string => `${site}_docjet/proxy?url=${encodeURIComponent(target)}`;

test("a request to a server the specs declare arrives byte for byte, and the answer comes back without the API's cookie", async (t) => {
  const api = await startApi(t);
  const site = await servedProxy(t, { servers: () => [LOCAL], allowPrivateNetwork: true });
  // Bytes no text decoding would keep, in a multipart body with its boundary.
  const body = Buffer.concat([Buffer.from('--b\r\ncontent-disposition: form-data; name="f"\r\n\r\n'), Buffer.from([0, 255, 254, 10, 13]), Buffer.from('\r\n--b--\r\n')]);
  const target = `http://127.0.0.1:${api.port}/v1/orders/o%201?tags=a&tags=b&filter[status]=open`;
  const response = await fetch(via(site, target), {
    method: 'PATCH',
    headers: { ...PANEL, 'content-type': 'multipart/form-data; boundary=b', authorization: 'Bearer tok-1', 'x-request-id': 'r-9', cookie: 'docs-session=secret' },
    body,
  });
  assert.equal(response.status, 201);
  assert.equal(response.statusText, 'Created');
  assert.equal(await response.text(), '{"id":"order-7"}');
  assert.equal(response.headers.get('x-trace'), 't-1');
  assert.equal(response.headers.get('x-docjet-proxy'), 'forwarded');
  assert.equal(response.headers.get('set-cookie'), null, "the API's cookie is not set on the docs site");

  assert.equal(api.received.length, 1);
  const [call] = api.received;
  assert.equal(call!.method, 'PATCH');
  assert.equal(call!.url, '/v1/orders/o%201?tags=a&tags=b&filter[status]=open');
  assert.ok(call!.body.equals(body), 'the body arrives byte for byte');
  assert.equal(call!.headers['content-type'], 'multipart/form-data; boundary=b');
  assert.equal(call!.headers['authorization'], 'Bearer tok-1');
  assert.equal(call!.headers['x-request-id'], 'r-9');
  assert.equal(call!.headers['content-length'], String(body.length));
  assert.equal(call!.headers['host'], `127.0.0.1:${api.port}`);
  for (const name of ['cookie', 'x-docjet-proxy', 'origin', 'referer']) assert.equal(call!.headers[name], undefined, `${name} is not forwarded`);
});

test('any other host, path or scheme is refused with 403 and a sentence; the API hears nothing', async (t) => {
  const api = await startApi(t);
  const site = await servedProxy(t, { servers: () => [LOCAL, { url: 'https://api.shop.example/v1', variables: {} }], allowPrivateNetwork: true });
  for (const target of [
    'https://example.org/v1/orders',
    `http://127.0.0.2:${api.port}/v1/orders`,
    `http://127.0.0.1:${api.port}/admin`,
    `http://127.0.0.1:${api.port}/v1/../admin`,
    `http://127.0.0.1:${api.port}/v10`,
    `http://user:pw@127.0.0.1:${api.port}/v1/orders`,
    'https://api.shop.example.evil.com/v1',
    'file:///etc/passwd',
  ]) {
    const response = await fetch(via(site, target), { headers: PANEL });
    assert.ok([400, 403].includes(response.status), `${target}: ${response.status}`);
    assert.equal(response.headers.get('x-docjet-proxy'), 'refused');
    assert.match(await response.text(), /^docjet proxy: /, target);
  }
  const other = await fetch(via(site, 'https://example.org/v1/orders'), { headers: PANEL });
  assert.equal(
    await other.text(),
    "docjet proxy: example.org is not a server of this site's API (the specs declare {scheme}://127.0.0.1:{port}/v1, https://api.shop.example/v1); it forwards requests to those only.",
  );
  assert.deepEqual(api.received, []);
});

test('only the panel of the site itself may use it, loopback only with --allow-private-network, and bodies are bounded', async (t) => {
  const api = await startApi(t);
  const target = `http://127.0.0.1:${api.port}/v1/orders`;
  const open = await servedProxy(t, { servers: () => [LOCAL], allowPrivateNetwork: true });
  const refused = async (response: Response, status: number, text: RegExp): Promise<void> => {
    assert.equal(response.status, status);
    assert.match(await response.text(), text);
  };
  // A form or an image of another site cannot set the header; a script of another site is its origin.
  await refused(await fetch(via(open, target)), 403, /only the Try it panel of this site/);
  await refused(await fetch(via(open, target), { headers: { ...PANEL, origin: 'https://evil.example' } }), 403, /only pages of this site/);
  await refused(await fetch(via(open, target), { headers: { ...PANEL, 'sec-fetch-site': 'cross-site' } }), 403, /only pages of this site/);
  await refused(await fetch(via(open, target), { method: 'POST', headers: PANEL, body: Buffer.alloc(10 * 1024 * 1024 + 1) }), 413, /over 10 MB/);
  const guarded = await servedProxy(t, { servers: () => [LOCAL] });
  await refused(await fetch(via(guarded, target), { headers: PANEL }), 403, /127\.0\.0\.1 is a loopback address; pass --allow-private-network/);
  assert.deepEqual(api.received, []);
  // Without the option, the site has no proxy at all.
  const none = await servedProxy(t, undefined);
  assert.equal((await fetch(via(none, target), { headers: PANEL })).headers.get('x-docjet-proxy'), null);
});

test('the servers a spec declares: document, path and operation servers with their variables; Swagger 2.0 host and schemes; build hands them to serve', async (t) => {
  assert.deepEqual(
    documentServers({
      openapi: '3.1.0',
      servers: [{ url: 'https://{region}.api.example.com/v1', variables: { region: { enum: ['eu', 'us'], default: 'eu' } } }, { url: '/relative' }],
      paths: { '/a': { servers: [{ url: 'https://files.example.com' }], get: { servers: [{ url: 'http://op.example.com/x' }] } } },
    }),
    [
      { url: 'https://{region}.api.example.com/v1', variables: { region: { choices: ['eu', 'us'], value: 'eu' } } },
      { url: 'https://files.example.com', variables: {} },
      { url: 'http://op.example.com/x', variables: {} },
    ],
  );
  assert.deepEqual(documentServers({ swagger: '2.0', host: 'api.example.com', basePath: '/v2/', schemes: ['https', 'http'], paths: {} }), [
    { url: 'https://api.example.com/v2', variables: {} },
    { url: 'http://api.example.com/v2', variables: {} },
  ]);
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-proxy-site-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Proxy', navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  await writeFile(
    path.join(root, 'openapi.json'),
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'A', version: '1' },
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
    }),
  );
  const built = await build({ root, outDir: path.join(root, 'dist') });
  assert.ok(built.ok);
  assert.deepEqual(built.apiServers, [{ url: 'https://api.example.com/v1', variables: {} }]);
});

test('docjet dev forwards to the servers of the site as it is now, at the same path', async (t) => {
  const api = await startApi(t);
  const { dir: root, closeFirst } = await scratchFolder(t, 'docjet-proxy-dev-');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Proxy', navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  const spec = {
    openapi: '3.0.3',
    info: { title: 'A', version: '1' },
    servers: [{ url: 'http://127.0.0.1:{port}', variables: { port: { default: '9' } } }],
    paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
  };
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec));
  const server = await dev({ root, port: 0, watch: false, ahead: false, allowPrivateNetwork: true });
  closeFirst(() => server.close());
  await server.ready;
  const response = await fetch(via(server.url, `http://127.0.0.1:${api.port}/pets?limit=2`), { headers: PANEL });
  assert.equal(response.status, 201);
  assert.deepEqual(
    api.received.map((call) => `${call.method} ${call.url}`),
    ['GET /pets?limit=2'],
  );
  assert.equal((await fetch(via(server.url, 'http://example.org/pets'), { headers: PANEL })).status, 403);
});
