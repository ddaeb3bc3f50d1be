/**
 * `docjet mcp` (stdio) and `/mcp` of `docjet dev` and `docjet serve` (Streamable HTTP), driven by
 * the MCP SDK's own client on the example site: each tool's answers, the read-only annotations,
 * and an AI client finding and reading the page that answers a question.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { dev, type DevServer } from '../../src/dev/dev-server.ts';
import { staticDocs } from '../../src/dev/mcp/docs.ts';
import { createDocsServer } from '../../src/dev/mcp/server.ts';
import { cliArgs } from '../support/source-process.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const examples = path.join(repo, 'examples');

interface Answer {
  text: string;
  data: Record<string, unknown> | undefined;
  isError: boolean;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { text: content.map((part) => part.text).join(''), data: result.structuredContent as Record<string, unknown> | undefined, isError: result.isError === true };
}

type Hit = { title: string; path: string; section?: string; snippet: string };

async function paths(client: Client, args: Record<string, unknown>): Promise<string[]> {
  return ((await call(client, 'search', args)).data!['results'] as Hit[]).map((hit) => hit.path);
}

describe('docjet mcp (stdio)', () => {
  let client: Client;
  before(async () => {
    client = new Client({ name: 'docjet-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: cliArgs(['mcp', examples]), cwd: repo, stderr: 'pipe' }));
  });
  after(async () => {
    await client.close();
  });

  test('answers as the site, with four read-only tools', async () => {
    assert.deepEqual(client.getServerVersion()?.title, 'docjet');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['get_api_operation', 'list_navigation', 'read_page', 'search']);
    for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
  });

  test('an AI client finds the page that answers a question, reads it and gets its text', async () => {
    // "How do I install it with npm?": words of guides/installation.mdx.
    const found = await call(client, 'search', { query: 'npm install save-dev' });
    const first = (found.data!['results'] as Hit[])[0]!;
    assert.equal(first.path, '/guides/installation');
    assert.equal(first.title, 'Installation');
    assert.equal(first.snippet, 'docjet needs Node.js 20 or later. npm install --save-dev docjet');
    const page = await call(client, 'read_page', { path: first.path });
    assert.equal(page.isError, false);
    assert.match(page.text, /^# Installation\n/);
    assert.match(page.text, /docjet needs Node\.js 20 or later\./);
    assert.match(page.text, /```bash\nnpm install --save-dev docjet\n```/);
  });

  test('search ranks as the site does, in the default version and language unless told', async () => {
    const found = await call(client, 'search', { query: 'quickstart' });
    assert.equal((found.data!['results'] as Hit[])[0]!.path, '/guides/quickstart');
    assert.match(found.text, /pages match "quickstart"/);
    assert.match(found.text, /1\. Quickstart \(docjet › Guides › Get started\): \/guides\/quickstart/);
    // Only version 1.0.0 says "run docjet check instead"; only the French pages say "dossier".
    assert.ok(!(await paths(client, { query: 'docjet check instead' })).includes('/v1/guides/quickstart'));
    assert.deepEqual(await paths(client, { query: 'docjet check instead', version: '1.0.0' }), ['/v1/guides/quickstart']);
    assert.ok((await paths(client, { query: 'docjet check instead', all_versions: true })).includes('/v1/guides/quickstart'));
    assert.deepEqual(await paths(client, { query: 'dossier qui contient' }), []);
    assert.deepEqual(await paths(client, { query: 'dossier qui contient', language: 'fr' }), ['/fr/guides/quickstart']);
    assert.equal((await call(client, 'search', { query: 'zzyzx' })).text, 'No page matches "zzyzx".');
  });

  test('read_page takes a path as the tools give it, a route, an address or a Markdown twin; a wrong one says what is near', async () => {
    for (const name of ['/guides/quickstart', 'guides/quickstart', 'http://localhost:3000/guides/quickstart#x', '/guides/quickstart.md']) {
      assert.match((await call(client, 'read_page', { path: name })).text, /^# Quickstart\n\nFrom an existing docs folder/, name);
    }
    assert.match((await call(client, 'read_page', { path: '/' })).text, /^# Introduction/);
    const missing = await call(client, 'read_page', { path: '/guides/quickstrat' });
    assert.equal(missing.isError, true);
    assert.equal(missing.text, 'No page at "/guides/quickstrat". Did you mean "/guides/quickstart"? Search, or list the navigation, for the paths of the pages.');
  });

  test("list_navigation gives the tree with each page's path, one version or language when asked", async () => {
    const all = await call(client, 'list_navigation', {});
    assert.match(
      all.text,
      /^- English \(language, en, default\)\n {2}- 2\.0\.0 \(version, default\)\n {4}- docjet \(product\)\n {6}- Guides \(tab\)\n {8}- Get started \(group\)\n {10}- Introduction: \/\n {10}- Quickstart: \/guides\/quickstart\n {10}- Install: \/guides\/installation\n/,
    );
    assert.match(all.text, /- GET List sites: \/api-reference\/sites\/list-sites/);
    assert.match(all.text, /- Source code \(menu-item\): https:\/\/github\.com\/docjet\/docjet/);
    const tree = all.data!['navigation'] as { label: string; language?: string }[];
    assert.deepEqual(
      tree.map((node) => node.label),
      ['English', 'Français', 'العربية', 'GitHub', 'Status'],
    );
    const v1 = await call(client, 'list_navigation', { version: '1.0.0', language: 'en' });
    assert.equal(
      v1.text,
      [
        '- English (language, en, default)',
        '  - 1.0.0 (version)',
        '    - Guides (dropdown)',
        '      - Get started (group)',
        '        - Introduction (1.0): /v1',
        '        - Quickstart (1.0): /v1/guides/quickstart',
        '    - Upgrade to 2.0 (dropdown): https://docjet.example/upgrade',
        '- GitHub (global-anchor): https://github.com/docjet/docjet',
        '- Status (global-anchor): https://status.docjet.example',
      ].join('\n'),
    );
  });

  test('get_api_operation gives an operation as data, named by method and path, by its page or as a webhook', async () => {
    const byName = await call(client, 'get_api_operation', { operation: 'GET /sites/{siteId}' });
    assert.deepEqual(byName.data, {
      spec: 'api/openapi.yaml',
      kind: 'operation',
      method: 'GET',
      path: '/sites/{siteId}',
      summary: 'Get a site',
      tags: ['Sites'],
      servers: [{ url: 'https://api.docjet.example' }],
      security: [],
      parameters: [{ name: 'siteId', in: 'path', required: true, schema: { type: 'string' } }],
      responses: [{ status: '200', description: 'The site.', content: [] }],
      page: '/api-reference/sites/get-a-site',
    });
    assert.deepEqual(JSON.parse(byName.text), byName.data);
    assert.deepEqual((await call(client, 'get_api_operation', { operation: '/api-reference/sites/get-a-site' })).data, byName.data);
    assert.equal((await call(client, 'get_api_operation', { operation: 'webhook buildFinished' })).data!['summary'], 'Build finished');
    const wrong = await call(client, 'get_api_operation', { operation: 'GET /site/{siteId}' });
    assert.equal(wrong.isError, true);
    assert.match(
      wrong.text,
      /^No API operation is named "GET \/site\/\{siteId\}"\. Did you mean "GET \/sites\/\{siteId\}"\? .*Operations: GET \/sites, POST \/sites, GET \/sites\/\{siteId\}, POST \/sites\/\{siteId\}\/builds, webhook buildFinished$/,
    );
    // Only the site's own OpenAPI documents are read, whatever file a client names.
    for (const spec of ['../package.json', '/etc/passwd', 'docs.json']) {
      assert.equal((await call(client, 'get_api_operation', { operation: 'GET /sites', spec })).data!['spec'], 'api/openapi.yaml', spec);
    }
    assert.equal((await call(client, 'get_api_operation', { operation: '../../package.json GET /sites' })).data!['spec'], 'api/openapi.yaml');
    const notApi = await call(client, 'get_api_operation', { operation: '/guides/quickstart' });
    assert.equal(notApi.text, 'The page /guides/quickstart documents no API operation; read it with read_page.');
  });
});

describe('/mcp of docjet dev (Streamable HTTP)', () => {
  let server: DevServer;
  before(async () => {
    server = await dev({ root: examples, port: 0, watch: false, ahead: false });
    await server.ready;
  });
  after(async () => {
    await server.close();
  });

  test('the SDK client searches and reads the page the preview shows', async () => {
    const client = new Client({ name: 'docjet-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('mcp', server.url)));
    try {
      assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name).sort(), ['get_api_operation', 'list_navigation', 'read_page', 'search']);
      const [first] = await paths(client, { query: 'npm install save-dev' });
      assert.equal(first, '/guides/installation');
      assert.match((await call(client, 'read_page', { path: first })).text, /docjet needs Node\.js 20 or later\./);
      assert.match((await call(client, 'list_navigation', { language: 'fr' })).text, /- Démarrage rapide: \/fr\/guides\/quickstart/);
      assert.equal((await call(client, 'get_api_operation', { operation: 'POST /sites/{siteId}/builds' })).data!['summary'], 'Start a build');
    } finally {
      await client.close();
    }
  });

  test("a page of another site is refused, as is another Host; a browser's GET of /mcp gets the site's 404 page", async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const ok = await fetch(new URL('mcp', server.url), { method: 'POST', headers, body: JSON.stringify(initialize) });
    assert.equal(ok.status, 200);
    const crossSite = await fetch(new URL('mcp', server.url), { method: 'POST', headers: { ...headers, origin: 'https://attacker.example' }, body: JSON.stringify(initialize) });
    assert.equal(crossSite.status, 403);
    const page = await fetch(new URL('mcp', server.url), { headers: { accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });
});

test('/mcp of docjet dev answers from the site as it is after a save', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-mcp-dev-'));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'Tide', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Tides\n---\n\nThe harbour floods at noon.\n');
  const server = await dev({ root, port: 0, watch: false, ahead: false });
  const client = new Client({ name: 'docjet-test', version: '1.0.0' });
  // The client, then the server that writes its cache into the site, then the folder: in this order
  // (hooks run in the order they were registered; a removal first fails while the server writes).
  t.after(async () => {
    await client.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });
  await server.ready;
  await client.connect(new StreamableHTTPClientTransport(new URL('mcp', server.url)));
  assert.deepEqual(await paths(client, { query: 'floods noon' }), ['/']);
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Tides\n---\n\nThe harbour drains at dusk.\n');
  await server.changed([{ file: 'index.mdx', kind: 'update' }]);
  assert.deepEqual(await paths(client, { query: 'floods noon' }), []);
  assert.deepEqual(await paths(client, { query: 'drains dusk' }), ['/']);
  assert.match((await call(client, 'read_page', { path: '/' })).text, /The harbour drains at dusk\./);
});

test('a site with errors: every tool says them, with file and line, and answers nothing else', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-mcp-broken-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(path.join(root, 'docs.json'), '{ "name": "Tide", "theme": "mint", "navigation": { "groups": [{ "group": "Start", "pages": "index" }] } }');
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Tides\n---\n\nText.\n');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await createDocsServer(staticDocs({ root }));
  await server.connect(serverSide);
  const client = new Client({ name: 'docjet-test', version: '1.0.0' });
  await client.connect(clientSide);
  t.after(() => client.close());
  for (const [name, args] of [
    ['search', { query: 'text' }],
    ['read_page', { path: '/' }],
    ['list_navigation', {}],
    ['get_api_operation', { operation: 'GET /x' }],
  ] as const) {
    const answer = await call(client, name, args);
    assert.equal(answer.isError, true, name);
    assert.match(answer.text, /^The site cannot be read until its errors are fixed \(docjet validate lists them\):\ndocs\.json:1:\d+ error /, name);
  }
});

/**
 * `docjet serve` builds the site it serves: a site of two pages and an API of one operation, words of
 * the example site's (whose build was most of this file's CPU), is as much a built site to ask.
 */
function writeSmallSite(root: string): void {
  mkdirSync(path.join(root, 'guides'), { recursive: true });
  const navigation = {
    groups: [
      { group: 'Start', pages: ['index', 'guides/installation'] },
      { group: 'API', openapi: 'openapi.json' },
    ],
  };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'docjet', theme: 'mint', navigation }));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Introduction\n---\n\nDocumentation sites from a docs folder.\n');
  writeFileSync(path.join(root, 'guides/installation.mdx'), '---\ntitle: Installation\n---\n\ndocjet needs Node.js 20 or later.\n\n```bash\nnpm install --save-dev docjet\n```\n');
  const paths = { '/sites': { get: { summary: 'List sites', tags: ['Sites'], responses: { '200': { description: 'The sites of the account.' } } } } };
  writeFileSync(path.join(root, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'docjet', version: '1' }, paths }));
}

describe('/mcp of docjet serve (Streamable HTTP)', () => {
  let child: ChildProcess;
  let url: URL;
  const out = mkdtempSync(path.join(os.tmpdir(), 'docjet-mcp-serve-'));
  before(async () => {
    writeSmallSite(path.join(out, 'docs'));
    child = spawn(process.execPath, cliArgs(['serve', path.join(out, 'docs'), '--out', path.join(out, 'site'), '--port', '0']), { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    url = await new Promise<URL>((resolve, reject) => {
      let printed = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const address = / at (http:\/\/\S+) \(Ctrl\+C/.exec(printed)?.[1];
        if (address) resolve(new URL(address));
      });
      child.once('exit', (code) => reject(new Error(`docjet serve exited with ${code}:\n${printed}`)));
    });
  });
  // The server ended, then its output removed.
  after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(out, { recursive: true, force: true });
  });

  test('the SDK client searches, reads a page and an API operation of the built site', async () => {
    const client = new Client({ name: 'docjet-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('mcp', url)));
    try {
      const [first] = await paths(client, { query: 'npm install save-dev' });
      assert.equal(first, '/guides/installation');
      assert.match((await call(client, 'read_page', { path: first })).text, /^# Installation\n/);
      assert.deepEqual((await call(client, 'get_api_operation', { operation: 'GET /sites' })).data!['responses'], [
        { status: '200', description: 'The sites of the account.', content: [] },
      ]);
      // The pages are still the built site's.
      assert.equal((await fetch(new URL('guides/installation', url))).status, 200);
    } finally {
      await client.close();
    }
  });
});
