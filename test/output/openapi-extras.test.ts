/**
 * What a built site shows of OpenAPI beside endpoint pages (format-behaviour.md §4.3): model pages
 * (`openapi-schema:` frontmatter), an operation's `x-mint.metadata` and `x-mint.content`, and the
 * schema fragments that deep fields open from, each written once with every link leading to one.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult } from '../../src/output/build.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

const SPEC = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
servers: [{ url: https://shop.example.com }]
paths:
  /orders:
    post:
      summary: Create an order
      description: Creates an order.
      x-mint:
        metadata:
          title: Place an order
          description: Orders are placed in one call.
          og:title: Ordering
          noindex: "yes"
          openapi: GET /elsewhere
        content: "## Before you start\\n\\n<Note>Orders need a [customer](/models/order-item).</Note>"
      responses: { '201': { description: Created } }
  /orders/{id}:
    get:
      summary: Get an order
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      x-mint:
        metadata: { sidebarTitle: Fetch order, playground: none }
      responses: { '200': { description: The order } }
components:
  schemas:
    OrderItem:
      type: object
      description: One line of an order.
      required: [sku]
      properties:
        sku: { type: string, description: Stock keeping unit. }
        quantity: { type: integer, minimum: 1 }
        secret: { type: string, writeOnly: true }
`;

const DEEP_SCHEMAS = fileURLToPath(new URL('../fixtures/e2e/deep-schemas/', import.meta.url));

let scratch: string;
let out: string;
let result: BuildResult;
let deepOut: string;
let deep: BuildResult;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-openapi-extras-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'models'), { recursive: true });
  await writeFile(path.join(root, 'shop.yaml'), SPEC);
  const navigation = {
    groups: [
      { group: 'Models', pages: ['models/order-item', 'models/named', 'models/typo'] },
      { group: 'API', openapi: 'shop.yaml' },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Shop', theme: 'mint', colors: { primary: '#0D9373' }, navigation }));
  await writeFile(path.join(root, 'models', 'order-item.mdx'), '---\ntitle: Order item\nopenapi-schema: OrderItem\n---\n\nAn item of an order.\n');
  await writeFile(path.join(root, 'models', 'named.mdx'), '---\ntitle: Named\nopenapi-schema: "shop.yaml OrderItem"\n---\n');
  await writeFile(path.join(root, 'models', 'typo.mdx'), '---\ntitle: Typo\nopenapi-schema: OrderItm\n---\n\nText.\n');
  out = path.join(scratch, 'dist');
  result = await build({ root, outDir: out });
  deepOut = path.join(scratch, 'deep');
  deep = await build({ root: DEEP_SCHEMAS, outDir: deepOut });
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function page(route: string): Promise<string> {
  return readFile(path.join(out, route, 'index.html'), 'utf8');
}

/** The part of a page between its title and its pager. */
function body(html: string): string {
  return html.slice(html.indexOf('<div class="prose">'), html.indexOf('<nav class="pager'));
}

test("a model page shows its own content, then the model's fields, read-only and write-only alike", async () => {
  const html = body(await page('models/order-item'));
  assert.ok(
    html.startsWith(
      '<div class="prose"><p>An item of an order.</p><div class="endpoint endpoint-schema" data-schema="OrderItem"><section class="endpoint-section"><h2 id="fields">Fields</h2>',
    ),
  );
  assert.deepEqual(
    [...html.matchAll(/<code class="field-name">([^<]+)<\/code>/g)].map((match) => match[1]),
    ['sku', 'quantity', 'secret'],
  );
  assert.match(html, /<code class="field-name">sku<\/code><span class="field-type">string<\/span><span class="field-required">required<\/span>/);
});

test('a model named with its spec is found in that spec', async () => {
  assert.match(await page('models/named'), /data-schema="OrderItem"/);
});

test('a model no spec has is a warning at its line, with the closest name', async () => {
  assert.doesNotMatch(await page('models/typo'), /endpoint-schema/);
  const warnings = result.diagnostics.filter((diagnostic) => diagnostic.file === 'models/typo.mdx');
  assert.deepEqual(warnings, [
    {
      severity: 'warning',
      code: 'frontmatter-schema-not-found',
      file: 'models/typo.mdx',
      line: 3,
      column: 17,
      message: "the frontmatter `openapi-schema: OrderItm` names a model that the site's one OpenAPI document does not have; the page shows its own content only",
      fix: 'Did you mean `openapi-schema: OrderItem`?',
    },
  ]);
});

test("x-mint.metadata titles the page and keeps the summary for the sidebar; its description and meta tags are the page's", async () => {
  // The URL still follows the summary, as the hosted product's does.
  const html = await page('api-reference/create-an-order');
  assert.match(html, /<h1 class="page-title">Place an order<\/h1>/);
  assert.match(html, /<p class="page-description">Orders are placed in one call\.<\/p>/);
  assert.match(html, /<meta property="og:title" content="Ordering">/);
  assert.match(html, /<span class="nav-label">Create an order<\/span>/);
  assert.match(html, /<span class="nav-label">Fetch order<\/span>/);
  // `openapi` in the metadata cannot send the page to another operation.
  assert.match(html, /<span class="endpoint-path"><wbr>\/orders<\/span>/);
});

test('x-mint.metadata settings apply: `playground: none` leaves out the Try it panel', async () => {
  const html = await page('api-reference/get-an-order');
  assert.match(html, /<h1 class="page-title">Get an order<\/h1>/);
  assert.doesNotMatch(html, /data-playground=/);
  assert.match(await page('api-reference/create-an-order'), /data-playground=/);
});

test('a wrong-typed x-mint.metadata value is a warning at the operation, and is ignored', () => {
  const warnings = result.diagnostics.filter((diagnostic) => diagnostic.file === 'shop.yaml');
  assert.deepEqual(warnings, [
    {
      severity: 'warning',
      code: 'frontmatter-type',
      file: 'shop.yaml',
      line: 0,
      column: 0,
      path: '#/paths/~1orders/post/x-mint/metadata',
      message: 'the frontmatter `noindex` is "yes", but it must be true or false; it is ignored',
      fix: 'Write `noindex: true`, or remove it.',
    },
  ]);
});

test('x-mint.content is page MDX above the generated fields, in the table of contents first', async () => {
  const html = await page('api-reference/create-an-order');
  const content = html.search(/<div class="endpoint-main"><div class="endpoint-content"><h2 id="before-you-start">Before you start<\/h2>\s*<aside class="callout callout-note"/);
  assert.ok(content > html.indexOf('class="endpoint-header"'), 'below the method and URL');
  assert.ok(content < html.indexOf('<h2 id="response">'), 'above the fields');
  assert.match(html, /Orders need a <a href="\/models\/order-item">customer<\/a>\./);
  assert.deepEqual(
    [...html.matchAll(/<li class="toc-depth-2"><a href="#[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]),
    ['Before you start', 'Response'],
  );
});

test('deep fields link to schema fragments: each written once, and every link leads to one', async () => {
  assert.equal(deep.ok, true, JSON.stringify(deep.diagnostics));
  const folder = path.join(deepOut, '_docjet', 'schemas');
  const files = (await readdir(folder)).sort();
  assert.deepEqual(
    files.map((file) => file.replace(/\.[0-9a-f]{10}\.html$/, '')),
    // Leaf's fields as the request sends them, and as the Branch model page (30 leaves of 9 fields: past its 150) shows them.
    ['Branch', 'Leaf', 'Leaf'],
  );
  const pages = [
    path.join(deepOut, 'api-reference', 'plant-a-tree', 'index.html'),
    path.join(deepOut, 'models', 'branch', 'index.html'),
    ...files.map((file) => path.join(folder, file)),
  ];
  const linked = new Set<string>();
  for (const file of pages) for (const match of (await readFile(file, 'utf8')).matchAll(/href="\/_docjet\/schemas\/([^"]+)"/g)) linked.add(match[1]!);
  assert.deepEqual([...linked].sort(), files);
  const branch = await readFile(path.join(folder, files[0]!), 'utf8');
  assert.match(branch, /<title>Fields of Branch \(request\) - Trees<\/title>/);
  assert.match(branch, /<meta name="robots" content="noindex">/);
  assert.equal(branch.match(/<div class="field param-field">/g)?.length, 30);
});

test('a document of models alone serves model pages from `api.openapi`, and a division naming it is warned that it gets no pages', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-models-only-'));
  try {
    await writeFile(
      path.join(root, 'models.yaml'),
      'openapi: 3.1.0\ninfo: { title: Models, version: "1" }\ncomponents:\n  schemas:\n    Pet:\n      type: object\n      properties:\n        name: { type: string, description: What the pet answers to }\n',
    );
    await writeFile(path.join(root, 'pet.mdx'), '---\ntitle: Pet\nopenapi-schema: Pet\n---\n\nA pet.\n');
    const navigation = {
      groups: [
        { group: 'Models', pages: ['pet'] },
        { group: 'API', openapi: 'models.yaml' },
      ],
    };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Pets', theme: 'mint', colors: { primary: '#0D9373' }, api: { openapi: 'models.yaml' }, navigation }));
    const built = await build({ root, outDir: path.join(root, 'dist') });
    assert.ok(built.ok, 'a document without paths is not an error when it has models');
    assert.match(await readFile(path.join(root, 'dist', 'pet', 'index.html'), 'utf8'), /What the pet answers to/);
    assert.deepEqual(
      withoutSitemapNoUrl(built.diagnostics).map((each) => [each.severity, each.code, each.path]),
      [['warning', 'openapi-no-endpoints', 'navigation.groups[1].openapi']],
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
