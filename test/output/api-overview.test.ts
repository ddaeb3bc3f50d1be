/**
 * Issue 30, "What API users expect": an API's own words and its file. The hosted product shows
 * neither `info.description` nor tag descriptions on a page and adds no overview page
 * (format-behaviour.md §4.3), so the navigation gets none; llms.txt says them, with a line per spec
 * as the hosted product's llms.txt links its specs. Each endpoint page links to its spec file where
 * the site publishes it (a spec kept out by `.mintignore` gets no link, so none leads nowhere).
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
servers: [{ url: "https://api.example.com" }]
tags:
  - name: customers
    description: "People who buy: see [the guide](https://example.com/guide)."
  - name: orders
    x-displayName: Orders
    description: "# What they bought"
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

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-api-overview-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'private'), { recursive: true });
  await writeFile(path.join(root, 'spec.yaml'), SPEC);
  await writeFile(path.join(root, 'private', 'internal.yaml'), INTERNAL);
  await writeFile(path.join(root, '.mintignore'), 'private/\n');
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
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test('an endpoint page links to its spec, published at its path in the site', async () => {
  const html = await readFile(path.join(out, 'api-reference/customers/list-customers/index.html'), 'utf8');
  assert.ok(html.includes('<p class="endpoint-spec"><a href="/spec.yaml" download>Download API spec</a></p>'), 'the page links to /spec.yaml');
  assert.equal(await readFile(path.join(out, 'spec.yaml'), 'utf8'), SPEC);
});

test('a spec the site does not publish (.mintignore) is not linked, and not written', async () => {
  const html = await readFile(path.join(out, 'internal/list-jobs/index.html'), 'utf8');
  assert.doesNotMatch(html, /endpoint-spec/);
  assert.equal(existsSync(path.join(out, 'private')), false);
});

test("llms.txt says the API's description and each tag's, and links the published spec", async () => {
  const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
  assert.ok(
    llms.includes('## API › customers\n\nPeople who buy: see [the guide](https://example.com/guide).\n\n- [List customers](/api-reference/customers/list-customers.md)\n'),
    llms,
  );
  // A tag description that would read as a heading stays text in its group.
  assert.ok(llms.includes('## API › Orders\n\n\\# What they bought\n\n- [List orders]'), llms);
  assert.ok(llms.endsWith("## OpenAPI Specs\n\n- [Shop API](/spec.yaml): The shop's `REST` API. Every call needs a key.\n"), llms);
  assert.doesNotMatch(llms, /internal\.yaml/);
});

test('no page is added to the navigation for them', async () => {
  const routes = (await readdir(path.join(out, 'api-reference'), { recursive: true })).filter((file) => file.endsWith('index.html')).sort();
  assert.deepEqual(routes, ['customers/list-customers/index.html', 'orders/list-orders/index.html']);
});
