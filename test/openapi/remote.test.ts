/**
 * Remote OpenAPI specs (`"openapi": "https://…"`): fetched once per run, cached in
 * `.docjet/cache/openapi`, read from the cache when the network fails or `offline` is set, and a
 * warning (the rest of the site builds) when there is neither. The network is a server on
 * 127.0.0.1 that each test starts and stops, allowed with `allowPrivateNetwork`; nothing here
 * needs the internet.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { lookup as systemLookup } from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { fetchSpec } from '../../src/openapi/fetch-spec.ts';
import { privateRange } from '../../src/openapi/network-address.ts';
import { validate, type ValidateResult } from '../../src/validate/index.ts';

// These tests decide when to be offline; a suite run with DOCJET_OFFLINE=1 must not decide for them.
delete process.env.DOCJET_OFFLINE;

/** The test servers listen on loopback, which docjet refuses unless told (`--allow-private-network`). */
const LOOPBACK = { allowPrivateNetwork: true } as const;

const SPEC = `openapi: 3.0.3
info: { title: Remote pets, version: 1.0.0 }
tags:
  - name: pets
paths:
  /pets:
    get:
      summary: List pets
      tags: [pets]
      responses: { '200': { description: The pets } }
  /pets/{id}:
    get:
      summary: Get a pet
      tags: [pets]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses: { '200': { description: One pet } }
`;

interface SpecServer {
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Serves `SPEC` at /openapi.yaml unless `handler` answers otherwise; counts every request. */
async function startServer(handler: Handler = serveSpec(), host = '127.0.0.1'): Promise<SpecServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/openapi.yaml`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveSpec(text = SPEC, headers: http.OutgoingHttpHeaders = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/yaml', ...headers });
    response.end(text);
  };
}

/** A URL on which nothing listens: a server started and stopped. */
async function deadUrl(): Promise<string> {
  const server = await startServer();
  await server.close();
  return server.url;
}

interface Site {
  root: string;
  /** Outside the site folder, beside it: where a link out of the site would lead. */
  outside: string;
}

/** A site whose "API" group generates its pages from `url`, and a page whose frontmatter names one of them. */
async function site(t: { after: (fn: () => Promise<void>) => void }, url: string, config: Record<string, unknown> = {}): Promise<Site> {
  const scratch = await realpath(await mkdtemp(path.join(os.tmpdir(), 'docjet-remote-')));
  t.after(() => rm(scratch, { recursive: true, force: true }));
  const root = path.join(scratch, 'site');
  const outside = path.join(scratch, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'pet.mdx'), '---\ntitle: A pet\nopenapi: "GET /pets/{id}"\n---\n\nMore about pets.\n');
  const navigation = {
    groups: [
      { group: 'Guides', pages: ['index', 'pet'] },
      { group: 'API', openapi: { source: url, directory: 'reference' } },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Remote', theme: 'mint', colors: { primary: '#0D9373' }, navigation, ...config }));
  return { root, outside };
}

function endpointRoutes(result: ValidateResult): string[] {
  return [...(result.site?.pages.values() ?? [])].filter((page) => page.source.type === 'endpoint').map((page) => page.route);
}

function remoteWarnings(result: { diagnostics: readonly { code: string; message: string; fix?: string }[] }): { code: string; message: string; fix?: string }[] {
  return result.diagnostics
    .filter((diagnostic) => diagnostic.code.startsWith('openapi-'))
    .map(({ code, message, fix }) => (fix === undefined ? { code, message } : { code, message, fix }));
}

/** Every file under `folder`, relative, sorted. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const PAGES = ['reference/pets/list-pets', 'reference/pets/get-a-pet'];

describe('a reachable spec', () => {
  test('is fetched once, generates its pages, resolves frontmatter, and is cached in .docjet/cache', async (t) => {
    const server = await startServer(serveSpec(SPEC, { etag: '"v1"' }));
    t.after(() => server.close());
    // Named four times: api.openapi, an element's openapi, a group listing a reference, and an entry naming the URL.
    const { root } = await site(t, server.url, { api: { openapi: server.url } });
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
    config.navigation.groups.push({ group: 'Listed', openapi: server.url, pages: ['GET /pets'] }, { group: 'Named', pages: [`${server.url} GET /pets/{id}`] });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));

    const result = await build({ ...LOOPBACK, root });
    assert.deepEqual(remoteWarnings(result), []);
    assert.deepEqual(result.notes, []);
    assert.equal(result.ok, true);
    assert.deepEqual(server.requests, ['/openapi.yaml']);
    assert.equal(result.stats.endpointPages, 4);

    // The responses' descriptions are shown only by the endpoint itself (the sidebar names the summaries).
    assert.match(await readFile(path.join(root, 'dist', 'reference/pets/list-pets/index.html'), 'utf8'), /The pets/);
    const frontmatter = await readFile(path.join(root, 'dist', 'pet/index.html'), 'utf8');
    assert.match(frontmatter, /One pet/);
    assert.match(frontmatter, /More about pets/);

    const name = sha256(server.url);
    // Beside the page bodies' cache (src/render/body-cache.ts).
    assert.deepEqual(await filesUnder(path.join(root, '.docjet/cache/openapi')), [`${name}.meta.json`, `${name}.yaml`]);
    assert.equal(await readFile(path.join(root, '.docjet/cache/openapi', `${name}.yaml`), 'utf8'), SPEC);
    const meta = JSON.parse(await readFile(path.join(root, '.docjet/cache/openapi', `${name}.meta.json`), 'utf8'));
    assert.deepEqual({ ...meta, fetchedAt: typeof meta.fetchedAt }, { url: server.url, fetchedAt: 'string', etag: '"v1"', format: 'yaml' });
    // The cache is not content: not copied to the output.
    assert.equal((await readdir(path.join(root, 'dist'))).includes('.docjet'), false);
  });

  test('renders on worker threads from the copy validation fetched, without fetching or reading it again', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root, outside } = await site(t, server.url);
    // No cache on disk: the workers can only have the copy from the build that started them.
    await symlink(outside, path.join(root, '.docjet'));
    const saved = process.env.DOCJET_WORKERS;
    process.env.DOCJET_WORKERS = '1';
    t.after(() => (saved === undefined ? delete process.env.DOCJET_WORKERS : (process.env.DOCJET_WORKERS = saved)));
    const result = await build({ ...LOOPBACK, root });
    assert.equal(result.ok, true);
    assert.deepEqual(
      remoteWarnings(result).map((warning) => warning.code),
      ['openapi-cache-unusable'],
    );
    assert.deepEqual(server.requests, ['/openapi.yaml']);
    assert.match(await readFile(path.join(root, 'dist', 'reference/pets/get-a-pet/index.html'), 'utf8'), /One pet/);
    assert.match(await readFile(path.join(root, 'dist', 'pet/index.html'), 'utf8'), /One pet/);
  });

  test('problems inside the spec name its URL', async (t) => {
    const server = await startServer(serveSpec('openapi: 3.0.3\npaths:\n  /pets: [unclosed\n'));
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const result = await validate({ ...LOOPBACK, root });
    const problem = result.diagnostics.find((diagnostic) => diagnostic.code === 'openapi-syntax');
    assert.equal(problem?.file, server.url);
    assert.equal(problem?.line, 4);
    assert.match(problem?.message ?? '', /^`http:\/\/127\.0\.0\.1:\d+\/openapi\.yaml` is not valid YAML/);
    // A spec that does not parse is not cached: it would replace the last good copy.
    await assert.rejects(readdir(path.join(root, '.docjet/cache/openapi')), { code: 'ENOENT' });
  });

  test('an unchanged spec (same etag) is confirmed with 304 and not downloaded again', async (t) => {
    const server = await startServer((request, response) => {
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304).end();
        return;
      }
      serveSpec(SPEC, { etag: '"v1"' })(request, response);
    });
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    assert.deepEqual(endpointRoutes(await validate({ ...LOOPBACK, root })), PAGES);
    const second = await validate({ ...LOOPBACK, root });
    assert.deepEqual(endpointRoutes(second), PAGES);
    assert.deepEqual(second.notes, []);
    assert.equal(server.requests.length, 2);
  });
});

describe('no network', () => {
  test('a second build with the server stopped makes the same pages from the cache, and says so', async (t) => {
    const server = await startServer();
    const { root } = await site(t, server.url);
    const first = await build({ ...LOOPBACK, root });
    assert.equal(first.ok, true);
    await server.close();

    const second = await build({ ...LOOPBACK, root });
    assert.equal(second.ok, true);
    assert.deepEqual(remoteWarnings(second), []);
    assert.equal(second.notes.length, 1);
    assert.match(
      second.notes[0]!,
      /^http:\/\/127\.0\.0\.1:\d+\/openapi\.yaml could not be fetched \(127\.0\.0\.1:\d+ refused the connection\); the copy cached on \d{4}-\d\d-\d\d \d\d:\d\d UTC was used\.$/,
    );
    assert.equal(second.stats.endpointPages, first.stats.endpointPages);
    assert.match(await readFile(path.join(root, 'dist', 'reference/pets/list-pets/index.html'), 'utf8'), /The pets/);
    assert.match(await readFile(path.join(root, 'dist', 'pet/index.html'), 'utf8'), /One pet/);
  });

  test('no server and no cache: one warning, and the rest of the site builds', async (t) => {
    const url = await deadUrl();
    const { root } = await site(t, url, { api: { openapi: url } });
    const result = await build({ ...LOOPBACK, root });
    assert.equal(result.ok, true);
    assert.deepEqual(remoteWarnings(result), [
      {
        code: 'openapi-remote',
        message: `the OpenAPI file "${url}" could not be fetched (${new URL(url).host} refused the connection) and no copy is cached yet; endpoint references under it are not checked and get no pages`,
        fix: 'Run docjet once with network access to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      },
    ]);
    assert.equal(result.stats.endpointPages, 0);
    assert.match(await readFile(path.join(root, 'dist', 'index.html'), 'utf8'), /Welcome/);
    // The frontmatter's operation may be in the spec that was not fetched: its warning says so.
    const frontmatter = result.diagnostics.find((diagnostic) => diagnostic.code === 'frontmatter-endpoint-not-found');
    assert.match(frontmatter?.message ?? '', /a remote spec the navigation names was neither fetched nor cached/);
  });

  test('offline: the server sees no request; the cache is used when there is one', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root } = await site(t, server.url);

    const empty = await validate({ ...LOOPBACK, root, offline: true });
    assert.deepEqual(server.requests, []);
    assert.deepEqual(remoteWarnings(empty), [
      {
        code: 'openapi-remote',
        message: `the OpenAPI file "${server.url}" was not fetched (offline) and no copy is cached yet; endpoint references under it are not checked and get no pages`,
        fix: 'Run docjet once without --offline (and without DOCJET_OFFLINE=1) to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      },
    ]);

    await validate({ ...LOOPBACK, root });
    assert.deepEqual(server.requests, ['/openapi.yaml']);
    const cached = await validate({ ...LOOPBACK, root, offline: true });
    assert.deepEqual(server.requests, ['/openapi.yaml']);
    assert.deepEqual(endpointRoutes(cached), PAGES);
    assert.match(cached.notes[0] ?? '', /^http:\/\/127\.0\.0\.1:\d+\/openapi\.yaml was not fetched \(offline\); the copy cached on .* UTC was used\.$/);
  });

  test('DOCJET_OFFLINE=1: build fetches nothing', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const saved = process.env.DOCJET_OFFLINE;
    process.env.DOCJET_OFFLINE = '1';
    t.after(() => (saved === undefined ? delete process.env.DOCJET_OFFLINE : (process.env.DOCJET_OFFLINE = saved)));
    const result = await build({ ...LOOPBACK, root });
    assert.equal(result.ok, true);
    assert.deepEqual(server.requests, []);
    assert.deepEqual(
      remoteWarnings(result).map((warning) => warning.code),
      ['openapi-remote'],
    );
  });
});

describe('what is refused', () => {
  test('a server that never answers: a warning after the timeout, no hang', async (t) => {
    const server = await startServer(() => {});
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    // No hang: validate returns (the test's own timeout would end it otherwise), saying why.
    const result = await validate({ ...LOOPBACK, root, fetchTimeoutMs: 300 });
    assert.deepEqual(
      remoteWarnings(result).map((warning) => warning.message),
      [`the OpenAPI file "${server.url}" could not be fetched (no answer within 0.3 s) and no copy is cached yet; endpoint references under it are not checked and get no pages`],
    );
    assert.ok(result.site, 'the site resolves');
  });

  test('a spec larger than the limit: refused from its Content-Length', async (t) => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/yaml', 'content-length': String(60 * 1024 * 1024) });
      response.write('openapi: 3.0.3\n');
    });
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const result = await validate({ ...LOOPBACK, root });
    assert.deepEqual(
      remoteWarnings(result).map((warning) => [warning.message, warning.fix]),
      [
        [
          `the OpenAPI file "${server.url}" could not be fetched (it is larger than 50 MB, the most docjet downloads) and no copy is cached yet; endpoint references under it are not checked and get no pages`,
          'Check the URL, or download the spec into the docs folder and point "openapi" at the local file.',
        ],
      ],
    );
  });

  test('a spec larger than the limit: refused while it streams, when no length is announced', async (t) => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/yaml' });
      response.end(`openapi: 3.0.3\n# ${'x'.repeat(4096)}\n`);
    });
    t.after(() => server.close());
    assert.deepEqual(await fetchSpec(server.url, { ...LOOPBACK, timeoutMs: 2000, maxBytes: 1024 }), { status: 'failed', failure: { kind: 'too-large', limitMb: 0 } });
  });

  test('a redirect to file: is not followed; redirects between http addresses are', async (t) => {
    const server = await startServer((request, response) => {
      if (request.url === '/openapi.yaml') response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      else if (request.url === '/moved') response.writeHead(301, { location: '/openapi-v2.yaml' }).end();
      else serveSpec()(request, response);
    });
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const result = await validate({ ...LOOPBACK, root });
    assert.deepEqual(
      remoteWarnings(result).map((warning) => warning.message),
      [
        `the OpenAPI file "${server.url}" could not be fetched (the server redirected to a "file:" address; only http and https are followed) and no copy is cached yet; endpoint references under it are not checked and get no pages`,
      ],
    );
    const moved = await fetchSpec(server.url.replace('/openapi.yaml', '/moved'), { ...LOOPBACK, timeoutMs: 2000, maxBytes: 1024 * 1024 });
    assert.equal(moved.status === 'fetched' && moved.decoded.text, SPEC);
  });

  test('an HTML page (a login page, a portal) is not a spec and is not cached', async (t) => {
    const server = await startServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>Sign in</html>'));
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const result = await validate({ ...LOOPBACK, root });
    assert.match(remoteWarnings(result)[0]?.message ?? '', /could not be fetched \(the server sent an HTML page, not a spec\)/);
    await assert.rejects(readdir(path.join(root, '.docjet')), { code: 'ENOENT' });
  });

  test('a .docjet linked out of the site: nothing is written through it; this build still has the spec', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root, outside } = await site(t, server.url);
    await symlink(outside, path.join(root, '.docjet'));
    const result = await validate({ ...LOOPBACK, root });
    assert.deepEqual(endpointRoutes(result), PAGES);
    assert.deepEqual(remoteWarnings(result), [
      {
        code: 'openapi-cache-unusable',
        message: `the fetched copy of "${server.url}" was not saved in .docjet/cache (\`.docjet\` leads outside the site folder through a symbolic link); this build uses it, but a build without network access will not have it`,
        fix: 'Make `.docjet` a folder of the site rather than a link out of it, or remove it: docjet creates it.',
      },
    ]);
    assert.deepEqual(await filesUnder(outside), []);

    // Offline, the link is not read through either.
    const offline = await validate({ ...LOOPBACK, root, offline: true });
    assert.deepEqual(
      remoteWarnings(offline).map((warning) => warning.message),
      [
        `the cached copy of "${server.url}" was not read (\`.docjet\` leads outside the site folder through a symbolic link)`,
        `the OpenAPI file "${server.url}" was not fetched (offline) and no copy is cached yet; endpoint references under it are not checked and get no pages`,
      ],
    );
  });

  test('a cache folder linked further down is refused too, and a link inside the site is followed', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root, outside } = await site(t, server.url);
    await mkdir(path.join(root, '.docjet'));
    await symlink(outside, path.join(root, '.docjet', 'cache'));
    const result = await validate({ ...LOOPBACK, root });
    assert.match(remoteWarnings(result)[0]?.message ?? '', /`\.docjet\/cache` leads outside the site folder/);
    assert.deepEqual(await filesUnder(outside), []);

    await rm(path.join(root, '.docjet'), { recursive: true });
    await mkdir(path.join(root, '.store'));
    await symlink(path.join(root, '.store'), path.join(root, '.docjet'));
    assert.deepEqual(remoteWarnings(await validate({ ...LOOPBACK, root })), []);
    assert.deepEqual(await filesUnder(path.join(root, '.store')), [`cache/openapi/${sha256(server.url)}.meta.json`, `cache/openapi/${sha256(server.url)}.yaml`]);
  });
});

/**
 * A docs.json is often someone else's file: a URL that leads to this machine or its network
 * (written as an address, through DNS, or through a redirect) is not fetched unless the user
 * allows it, and a copy cached from it is not used either.
 */
describe('private addresses', () => {
  test('loopback is refused by default: no request, a warning at the docs.json line naming the flag, no pages, nothing in llms.txt', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    const result = await build({ root });
    assert.equal(result.ok, true);
    assert.deepEqual(server.requests, []);
    const port = new URL(server.url).port;
    assert.deepEqual(
      result.diagnostics
        .filter((diagnostic) => diagnostic.code.startsWith('openapi-'))
        .map(({ code, file, line, path, message, fix }) => ({ code, file, line, path, message, fix })),
      [
        {
          code: 'openapi-private-address',
          file: 'docs.json',
          line: 1,
          path: 'navigation.groups[1].openapi',
          message: `the OpenAPI file "http://127.0.0.1:${port}/openapi.yaml" was not fetched: 127.0.0.1 is a loopback address (this machine), and docjet fetches specs from public addresses only unless told to; endpoint references under it are not checked and get no pages`,
          fix: 'If the spec is meant to come from your own network, pass --allow-private-network (library: `allowPrivateNetwork: true`); else download it into the docs folder and point "openapi" at the local file.',
        },
      ],
    );
    assert.equal(result.stats.endpointPages, 0);
    assert.doesNotMatch(await readFile(path.join(root, 'dist', 'llms.txt'), 'utf8'), /List pets|Get a pet/);
    await assert.rejects(readdir(path.join(root, '.docjet/cache/openapi')), { code: 'ENOENT' }, 'nothing cached');
  });

  test('allowed with allowPrivateNetwork; the copy then cached is not used by a run without it, online or offline', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const { root } = await site(t, server.url);
    assert.deepEqual(endpointRoutes(await validate({ root, allowPrivateNetwork: true })), PAGES);
    assert.deepEqual(server.requests, ['/openapi.yaml']);
    for (const offline of [false, true]) {
      const refused = await validate({ root, offline });
      assert.deepEqual(endpointRoutes(refused), []);
      assert.deepEqual(refused.notes, []);
      assert.deepEqual(
        remoteWarnings(refused).map((warning) => warning.code),
        ['openapi-private-address'],
      );
    }
    assert.deepEqual(server.requests, ['/openapi.yaml'], 'no request without the flag');
  });

  test('every spelling of a loopback address, and a name that resolves to one, is refused before any request', async (t) => {
    const server = await startServer();
    t.after(() => server.close());
    const port = new URL(server.url).port;
    const refused = async (url: string) => {
      const fetched = await fetchSpec(url, { timeoutMs: 5000, maxBytes: 1024 * 1024 });
      return fetched.status === 'failed' && fetched.failure.kind === 'private-address' ? [fetched.failure.address, fetched.failure.range] : fetched;
    };
    assert.deepEqual(await refused(`http://127.0.0.1:${port}/openapi.yaml`), ['127.0.0.1', 'loopback']);
    assert.deepEqual(await refused(`http://2130706433:${port}/openapi.yaml`), ['127.0.0.1', 'loopback']);
    assert.deepEqual(await refused(`http://0x7f.1:${port}/openapi.yaml`), ['127.0.0.1', 'loopback']);
    assert.deepEqual(await refused(`http://[::ffff:127.0.0.1]:${port}/openapi.yaml`), ['::ffff:7f00:1', 'loopback']);
    assert.deepEqual(await refused(`http://0.0.0.0:${port}/openapi.yaml`), ['0.0.0.0', 'unspecified']);
    // localhost names are this machine's whatever a resolver says (RFC 6761); known offline too.
    assert.deepEqual(await refused(`http://localhost:${port}/openapi.yaml`), ['localhost', 'loopback']);
    assert.deepEqual(await refused(`http://api.LOCALHOST:${port}/openapi.yaml`), ['api.localhost', 'loopback']);
    // A name resolved by the system (here /etc/hosts, no DNS server) to a loopback address.
    const hosts = ((hostname, options, callback) =>
      hostname === 'docs.internal' ? systemLookup('localhost', options, callback) : callback(new Error('unexpected'), '', 0)) as LookupFunction;
    const viaHosts = await fetchSpec(`http://docs.internal:${port}/openapi.yaml`, { timeoutMs: 5000, maxBytes: 1024 * 1024, lookup: hosts });
    assert.deepEqual(viaHosts.status === 'failed' && viaHosts.failure, {
      kind: 'private-address',
      host: 'docs.internal',
      address: '127.0.0.1',
      range: 'loopback',
      redirected: false,
    });
    assert.deepEqual(server.requests, []);
  });

  /** 127.0.0.1 stands for a public server in these tests; everything else is judged as docjet judges it. */
  const publicLoopback = (address: string) => (address === '127.0.0.1' ? undefined : privateRange(address));

  test('a redirect from an allowed server to a private one is refused: the private server sees no request', async (t) => {
    const inside = await startServer(serveSpec(), '127.0.0.2');
    t.after(() => inside.close());
    const insidePort = new URL(inside.url).port;
    const outside = await startServer((request, response) => {
      const to = { '/to-address': inside.url, '/to-name': `http://intranet.test:${insidePort}/openapi.yaml`, '/to-mixed': `http://mixed.test:${insidePort}/openapi.yaml` }[
        request.url ?? ''
      ];
      if (to) response.writeHead(302, { location: to }).end();
      else serveSpec()(request, response);
    });
    t.after(() => outside.close());
    // Two names a DNS server might answer: one private address; a public and a private one.
    const lookup = ((hostname, _options, callback) => {
      if (hostname === 'intranet.test') callback(null, [{ address: '127.0.0.2', family: 4 }]);
      else if (hostname === 'mixed.test')
        callback(null, [
          { address: '127.0.0.1', family: 4 },
          { address: '127.0.0.2', family: 4 },
        ]);
      else callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), '', 0);
    }) as LookupFunction;
    const fetch = (route: string) => fetchSpec(outside.url.replace('/openapi.yaml', route), { timeoutMs: 5000, maxBytes: 1024 * 1024, lookup, classify: publicLoopback });

    assert.equal((await fetch('/openapi.yaml')).status, 'fetched', 'the allowed server itself is fetched from');
    const failures = [];
    for (const route of ['/to-address', '/to-name', '/to-mixed']) {
      const fetched = await fetch(route);
      failures.push(fetched.status === 'failed' ? fetched.failure : fetched);
    }
    assert.deepEqual(failures, [
      { kind: 'private-address', host: '127.0.0.2', address: '127.0.0.2', range: 'loopback', redirected: true },
      { kind: 'private-address', host: 'intranet.test', address: '127.0.0.2', range: 'loopback', redirected: true },
      { kind: 'private-address', host: 'mixed.test', address: '127.0.0.2', range: 'loopback', redirected: true },
    ]);
    assert.deepEqual(inside.requests, []);

    // Said where docs.json names the URL.
    const { root } = await site(t, outside.url.replace('/openapi.yaml', '/to-name'));
    const result = await validate({ root, network: { lookup, classify: publicLoopback } });
    assert.deepEqual(
      remoteWarnings(result).map((warning) => warning.message),
      [
        `the OpenAPI file "${outside.url.replace('/openapi.yaml', '/to-name')}" was not fetched: the server redirected to intranet.test, which resolves to 127.0.0.2, a loopback address (this machine), and docjet fetches specs from public addresses only unless told to; endpoint references under it are not checked and get no pages`,
      ],
    );
    assert.deepEqual(inside.requests, []);
  });

  test('the connection goes to the address that was checked: a name resolved again (DNS rebinding) has no second answer to give', async (t) => {
    const inside = await startServer(serveSpec('openapi: 3.0.3\ninfo: { title: Inside, version: "1" }\npaths: {}\n'), '127.0.0.2');
    t.after(() => inside.close());
    const outside = await startServer();
    t.after(() => outside.close());
    const port = new URL(outside.url).port;
    // Both servers on one port would be the attack; here the name answers public first, then private.
    const answers: string[] = [];
    const lookup = ((_hostname, _options, callback) => {
      const address = answers.length === 0 ? '127.0.0.1' : '127.0.0.2';
      answers.push(address);
      callback(null, [{ address, family: 4 }]);
    }) as LookupFunction;
    const fetched = await fetchSpec(`http://rebind.test:${port}/openapi.yaml`, { timeoutMs: 5000, maxBytes: 1024 * 1024, lookup, classify: publicLoopback });
    assert.equal(fetched.status === 'fetched' && fetched.decoded.text, SPEC);
    assert.deepEqual(answers, ['127.0.0.1'], 'resolved once, for the connection itself');
    assert.deepEqual(outside.requests, ['/openapi.yaml']);
    assert.deepEqual(inside.requests, []);
  });

  test('a gzip-compressed spec is read as the server meant it', async (t) => {
    const { gzipSync } = await import('node:zlib');
    const server = await startServer((_request, response) => response.writeHead(200, { 'content-type': 'application/yaml', 'content-encoding': 'gzip' }).end(gzipSync(SPEC)));
    t.after(() => server.close());
    const fetched = await fetchSpec(server.url, { ...LOOPBACK, timeoutMs: 5000, maxBytes: 1024 * 1024 });
    assert.equal(fetched.status === 'fetched' && fetched.decoded.text, SPEC);
  });
});
