/**
 * What an API page shows is in its Markdown twin (`route.md`), in `llms-full.txt` and in search
 * (issue 13): the fields of a model page (`openapi-schema:` frontmatter), written as an endpoint
 * page writes its fields, and an operation's `x-mint.content` above the endpoint's fields; an
 * operation's description once, split as the page splits it.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';
import { client, serveIndex } from '../search/client.ts';

const SPEC = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
servers: [{ url: https://shop.example.com }]
paths:
  /orders:
    post:
      summary: Create an order
      description: "Creates an order.\\n\\nAn order is paid for when it ships."
      x-mint:
        content: "## Before you start\\n\\nOrders are held for a quarantine period of two days."
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/OrderItem' }
      responses: { '201': { description: Created } }
components:
  schemas:
    OrderItem:
      type: object
      description: One line of an order.
      required: [sku]
      properties:
        sku: { type: string, description: Stock keeping unit from the warehouse catalogue. }
        quantity: { type: integer, default: 1 }
`;

let scratch: string;
let out: string;
let result: BuildResult;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-openapi-twins-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'models'), { recursive: true });
  await writeFile(path.join(root, 'shop.yaml'), SPEC);
  const navigation = {
    groups: [
      { group: 'Models', pages: ['models/order-item'] },
      { group: 'API', openapi: 'shop.yaml' },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Shop', theme: 'mint', colors: { primary: '#0D9373' }, navigation }));
  await writeFile(path.join(root, 'models', 'order-item.mdx'), '---\ntitle: Order item\nopenapi-schema: OrderItem\n---\n\nAn item of an order.\n');
  out = path.join(scratch, 'dist');
  result = await build({ root, outDir: out });
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const MODEL_FIELDS = [
  '## Fields',
  '',
  'One line of an order.',
  '',
  '- `sku` (string, required): Stock keeping unit from the warehouse catalogue.',
  '- `quantity` (integer, default: `1`)',
].join('\n');

/** The Markdown twin of the generated endpoint page: the one `.md` file beside the model's that names `POST`. */
async function endpointTwin(): Promise<string> {
  const files = await readdir(out, { recursive: true });
  const twins = await Promise.all(files.filter((file) => file.endsWith('.md')).map((file) => readFile(path.join(out, file), 'utf8')));
  const found = twins.filter((text) => text.includes('`POST https://shop.example.com/orders`'));
  assert.equal(found.length, 1);
  return found[0]!;
}

test("a model page's twin has the model's fields after the page's own text", async () => {
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const twin = await readFile(path.join(out, 'models', 'order-item.md'), 'utf8');
  assert.equal(twin, `# Order item\n\nAn item of an order.\n\n${MODEL_FIELDS}\n`);
});

test("an endpoint page's twin has its x-mint.content after the description and above the fields, which read as the model's do", async () => {
  const twin = await endpointTwin();
  const content = twin.indexOf('## Before you start\n\nOrders are held for a quarantine period of two days.');
  assert.ok(content > twin.indexOf('Creates an order.'), twin);
  assert.ok(content < twin.indexOf('## Body'), twin);
  assert.match(twin, /## Body\n\n`application\/json`\n\n- `sku` \(string, required\): Stock keeping unit from the warehouse catalogue\.\n- `quantity` \(integer, default: `1`\)\n/);
});

test("an endpoint page's twin says its description once, as the page does: the first paragraph under the title, the rest in the body", async () => {
  const twin = await endpointTwin();
  assert.ok(
    twin.startsWith('# Create an order\n\nCreates an order.\n\n`POST https://shop.example.com/orders`\n\nAn order is paid for when it ships.\n\n## Before you start'),
    twin,
  );
  assert.equal(twin.split('Creates an order.').length, 2, twin);
  const files = await readdir(out, { recursive: true });
  const pages = await Promise.all(files.filter((file) => file.endsWith('index.html')).map((file) => readFile(path.join(out, file), 'utf8')));
  const page = pages.find((html) => html.includes('An order is paid for when it ships.'))!;
  const main = page.slice(page.indexOf('<main'));
  // Rendered from CommonMark (issue 30): paragraphs in a div.
  assert.ok(main.includes('<div class="page-description"><p>Creates an order.</p></div>'), main);
  assert.ok(main.includes('<div class="endpoint-description"><p>An order is paid for when it ships.</p></div>'), main);
  assert.equal(main.split('Creates an order.').length, 2, main);
});

test('llms-full.txt carries both', async () => {
  const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
  assert.ok(full.includes(MODEL_FIELDS), full);
  assert.ok(full.includes('Orders are held for a quarantine period of two days.'), full);
});

/** The titles and section ids a query finds in the index the build wrote. */
async function search(query: string): Promise<{ title: string; sections: string[] }[]> {
  const folder = path.join(out, '_docjet', 'search');
  const names = await readdir(folder);
  serveIndex(new Map(await Promise.all(names.map(async (name): Promise<[string, string]> => [name, await readFile(path.join(folder, name), 'utf8')]))));
  const found = await client.search(new client.IndexFiles('/_docjet/search/'), query, {}, false);
  return found.results.map(({ page }) => ({ title: page[1], sections: page[4].map(([id]) => id) }));
}

test("search finds a model's field description and an x-mint.content sentence, each under its heading", async () => {
  assert.deepEqual(await search('warehouse catalogue'), [{ title: 'Order item', sections: ['', 'fields'] }]);
  assert.deepEqual(await search('quarantine'), [{ title: 'Create an order', sections: ['', 'before-you-start'] }]);
});
