/**
 * Issue 30, "What API users expect": an API's own words and its file. The hosted product shows
 * neither `info.description` nor tag descriptions on a page and adds no overview page to the
 * navigation (format-behaviour.md §4.3), so the sidebar gets none; each spec with endpoint pages
 * gets an overview page beside them (`<directory>/overview`, numbered when a page file is there),
 * linked from its endpoint pages' header, in the sitemap and search, with a Markdown twin.
 * llms.txt says them too, with a line per spec as the hosted product's llms.txt links its specs.
 * Each endpoint page links to its spec file where the site publishes it (a spec kept out by
 * `.mintignore` gets no link, so none leads nowhere).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';

const SPEC = `openapi: 3.0.3
info:
  title: Shop API
  version: "1"
  description: |
    The shop's \`REST\` API.

    Every call needs a key.
  contact: { name: Shop support, url: "https://example.com/support" }
  license: { name: MIT, url: "https://opensource.org/licenses/MIT" }
servers: [{ url: "https://api.example.com" }]
tags:
  - name: customers
    description: "People who buy: see [the guide](https://example.com/guide)."
  - name: orders
    x-displayName: Orders
    description: "# What they bought"
  - name: payments
    description: "**Money** moves here. <script>alert(1)</script><img src=x onerror=alert(2)>"
paths:
  /customers:
    get:
      tags: [customers]
      summary: List customers
      responses: { "200": { description: OK } }
  /orders:
    get:
      tags: [orders]
      summary: List orders
      responses: { "200": { description: OK } }
  /payments:
    post:
      tags: [payments]
      summary: Create a payment
      responses: { "200": { description: OK } }
  /health:
    get:
      summary: Health
      responses: { "200": { description: OK } }
`;

const INTERNAL = `openapi: 3.0.3
info: { title: Internal, version: "1", description: Not for everyone. }
paths:
  /jobs:
    get:
      summary: List jobs
      responses: { "200": { description: OK } }
`;

let scratch: string;
let out: string;
let diagnostics: readonly { code: string; message: string }[];

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-api-overview-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'private'), { recursive: true });
  await writeFile(path.join(root, 'spec.yaml'), SPEC);
  await writeFile(path.join(root, 'private', 'internal.yaml'), INTERNAL);
  await writeFile(path.join(root, '.mintignore'), 'private/\n');
  // A page file at the route the spec's overview would take keeps it: the overview is numbered.
  await mkdir(path.join(root, 'api-reference'), { recursive: true });
  await writeFile(path.join(root, 'api-reference', 'overview.mdx'), '---\ntitle: Our overview\n---\n\nWritten by hand.\n');
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  const navigation = {
    tabs: [
      { tab: 'Guides', pages: ['index'] },
      { tab: 'API', openapi: 'spec.yaml' },
      { tab: 'Internal', openapi: { source: 'private/internal.yaml', directory: 'internal' } },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Shop', navigation }));
  out = path.join(scratch, 'dist');
  const result = await build({ root, outDir: out, siteUrl: 'https://docs.example.com' });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  diagnostics = result.diagnostics;
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test('an endpoint page links to its spec, published at its path in the site', async () => {
  const html = await readFile(path.join(out, 'api-reference/customers/list-customers/index.html'), 'utf8');
  assert.ok(html.includes('<p class="endpoint-spec"><a href="/spec.yaml" download>Download API spec</a>'), 'the page links to /spec.yaml');
  assert.equal(await readFile(path.join(out, 'spec.yaml'), 'utf8'), SPEC);
});

test('a spec the site does not publish (.mintignore) is not linked, and not written', async () => {
  const html = await readFile(path.join(out, 'internal/list-jobs/index.html'), 'utf8');
  assert.doesNotMatch(html, /download>/);
  assert.equal(existsSync(path.join(out, 'private')), false);
});

test("llms.txt says the API's description and each tag's, and links the published spec", async () => {
  const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
  assert.ok(
    llms.includes(
      '## API › customers\n\nPeople who buy: see [the guide](https://example.com/guide).\n\n- [List customers](https://docs.example.com/api-reference/customers/list-customers.md)\n',
    ),
    llms,
  );
  // A tag description that would read as a heading stays text in its group.
  assert.ok(llms.includes('## API › Orders\n\n\\# What they bought\n\n- [List orders]'), llms);
  assert.ok(llms.endsWith("## OpenAPI Specs\n\n- [Shop API](https://docs.example.com/spec.yaml): The shop's `REST` API. Every call needs a key.\n"), llms);
  assert.doesNotMatch(llms, /internal\.yaml/);
});

test('one overview page per spec is added beside its endpoint pages, numbered past a page file at its route', async () => {
  const routes = (await readdir(path.join(out, 'api-reference'), { recursive: true })).filter((file) => file.endsWith('index.html')).sort();
  assert.deepEqual(routes, [
    'customers/list-customers/index.html',
    'health/index.html',
    'orders/list-orders/index.html',
    'overview-1/index.html',
    'overview/index.html',
    'payments/create-a-payment/index.html',
  ]);
  assert.match(await readFile(path.join(out, 'api-reference/overview/index.html'), 'utf8'), /Written by hand\./);
  const taken = diagnostics.filter((entry) => entry.code === 'overview-route-taken');
  assert.equal(taken.length, 1, JSON.stringify(diagnostics));
  assert.match(taken[0]!.message, /api-reference\/overview-1/);
  assert.ok(existsSync(path.join(out, 'internal/overview/index.html')), 'the other spec has its own overview');
});

test("the overview shows the API's and each tag's description rendered, script left out, each operation linked to its page", async () => {
  const html = await readFile(path.join(out, 'api-reference/overview-1/index.html'), 'utf8');
  const main = html.slice(html.indexOf('api-overview'));
  assert.match(html, /<h1[^>]*>Shop API<\/h1>/);
  assert.match(main, /The shop’s <code>REST<\/code> API\.|The shop's <code>REST<\/code> API\./);
  assert.match(main, /Version <code>1<\/code>/);
  assert.match(main, /<code>https:\/\/api\.example\.com<\/code>/);
  assert.match(main, /<a href="https:\/\/example\.com\/support">Shop support<\/a>/);
  assert.match(main, /<a href="https:\/\/opensource\.org\/licenses\/MIT">License: MIT<\/a>/);
  assert.match(main, /<h2 id="orders">Orders<\/h2>/);
  assert.match(main, /<a href="https:\/\/example\.com\/guide">the guide<\/a>/);
  assert.match(main, /<strong>Money<\/strong> moves here\./);
  assert.doesNotMatch(html, /<script>alert|onerror|alert\(2\)/);
  assert.match(main, /method-get">GET<\/span> <a href="\/api-reference\/customers\/list-customers">List customers<\/a>/);
  assert.match(main, /method-post">POST<\/span> <a href="\/api-reference\/payments\/create-a-payment">Create a payment<\/a>/);
  // Untagged operations come last.
  assert.ok(main.indexOf('Other operations') > main.indexOf('Create a payment'));
  assert.match(main, /<a href="\/api-reference\/health">Health<\/a>/);
});

test('the overview is in no sidebar, but linked from each endpoint page and listed in the sitemap, search and as a twin', async () => {
  const endpoint = await readFile(path.join(out, 'api-reference/customers/list-customers/index.html'), 'utf8');
  assert.match(
    endpoint,
    /<p class="endpoint-spec"><a href="\/spec\.yaml" download>Download API spec<\/a>.*?<a href="\/api-reference\/overview-1" class="endpoint-overview-link">API overview<\/a><\/p>/,
  );
  for (const file of ['api-reference/customers/list-customers/index.html', 'api-reference/overview-1/index.html']) {
    const html = await readFile(path.join(out, file), 'utf8');
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    assert.ok(sidebar.includes('/api-reference/customers/list-customers'), `${file} has its sidebar`);
    assert.doesNotMatch(sidebar, /overview/, `${file}: the overview is in no sidebar`);
  }
  const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
  assert.ok(sitemap.includes('<loc>https://docs.example.com/api-reference/overview-1</loc>'), sitemap);
  const twin = await readFile(path.join(out, 'api-reference/overview-1.md'), 'utf8');
  assert.ok(twin.startsWith('# Shop API\n'), twin);
  assert.ok(twin.includes('- GET [List customers](</api-reference/customers/list-customers>)'), twin);
  const files = await readdir(out, { recursive: true });
  const search = await Promise.all(files.filter((file) => /search.*\.json$/.test(file)).map((file) => readFile(path.join(out, file), 'utf8')));
  assert.ok(
    search.some((text) => text.includes('api-reference/overview-1')),
    'search lists the overview',
  );
});
