/**
 * Issue 30, "Wrong page": an operation's first paragraph under the title is its CommonMark rendered
 * (Stripe writes `<p>…</p>`, GitHub backticks and links), whole and said once; the meta description
 * is its text. `anyOf: [{}, {type: null}]` reads "any | null"; a webhook's payload is what the API
 * sends (read-only fields shown, write-only ones not).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';

const LONG = 'This endpoint returns every long thing the account owns, sorted by the date each was created, newest first. '.repeat(4).trim();

const SPEC = `openapi: 3.1.0
info: { title: Page, version: "1" }
servers: [{ url: "https://api.example.com" }]
paths:
  /customers:
    post:
      summary: Create a customer
      description: "<p>Creates a new <code>customer</code> object.</p>\\n\\n<p>Returns the customer.</p>"
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                metadata: { anyOf: [{}, { type: "null" }], description: Anything, or nothing. }
      responses: { "200": { description: OK } }
  /repos:
    get:
      summary: List repositories
      description: "Lists the \`repos\` of [a user](https://docs.example.com/users).\\n\\nThe list is paginated."
      responses: { "200": { description: OK } }
  /long:
    get:
      summary: A long description
      description: "${LONG}\\n\\nThe second paragraph."
      responses: { "200": { description: OK } }
webhooks:
  orderCreated:
    post:
      summary: Order created
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                id: { type: string, readOnly: true, example: ord_1 }
                secret: { type: string, writeOnly: true, example: s3cret }
                total: { type: integer, example: 5 }
      responses: { "200": { description: OK } }
`;

let scratch: string;
let out: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-page-header-'));
  const root = path.join(scratch, 'site');
  await mkdir(root);
  await writeFile(path.join(root, 'spec.yaml'), SPEC);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Page', navigation: { groups: [{ group: 'API', openapi: 'spec.yaml' }] } }));
  out = path.join(scratch, 'dist');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function page(route: string): Promise<{ html: string; header: string; main: string }> {
  const html = await readFile(path.join(out, route, 'index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'));
  const header = /<header class="page-header">[\s\S]*?<\/header>/.exec(main)?.[0] ?? '';
  return { html, header, main };
}

test("Stripe's HTML first paragraph is rendered, not shown as `<p>` text; the meta description is its text", async () => {
  const { html, header, main } = await page('api-reference/create-a-customer');
  assert.ok(header.endsWith('<div class="page-description"><p>Creates a new <code>customer</code> object.</p></div></header>'), header);
  assert.doesNotMatch(header, /&lt;p&gt;/);
  assert.match(html, /<meta name="description" content="Creates a new customer object\.">/);
  assert.equal(main.split('Returns the customer.').length, 2, 'the rest of the description once, in the body');
});

test("GitHub's backticks and links are code and a link in the header", async () => {
  const { html, header, main } = await page('api-reference/list-repositories');
  assert.ok(header.endsWith('<div class="page-description"><p>Lists the <code>repos</code> of <a href="https://docs.example.com/users">a user</a>.</p></div></header>'), header);
  assert.match(html, /<meta name="description" content="Lists the repos of a user\.">/);
  assert.equal(main.split('The list is paginated.').length, 2);
});

test('a first paragraph over 300 characters is shown whole, once: not cut with "..." and repeated below', async () => {
  const { header, main } = await page('api-reference/a-long-description');
  assert.ok(header.includes(`<p>${LONG}</p>`), header);
  assert.equal(main.split(LONG).length, 2, 'the long paragraph once on the page');
  assert.equal(main.split('The second paragraph.').length, 2);
});

test('`anyOf: [{}, {type: null}]` is labelled `any | null`, not `null`', async () => {
  const { main } = await page('api-reference/create-a-customer');
  const field = /<code class="field-name">metadata<\/code>[\s\S]*?<\/summary>|<code class="field-name">metadata<\/code>[\s\S]{0,400}/.exec(main)?.[0] ?? '';
  assert.match(field, /any \| null/, field);
});

test("a webhook's payload is what the API sends: read-only fields shown, write-only ones not, in the fields and the example", async () => {
  const { main } = await page('api-reference/order-created');
  const fields = [...main.matchAll(/<code class="field-name">([^<]+)<\/code>/g)].map((match) => match[1]);
  assert.deepEqual(fields, ['id', 'total']);
  assert.ok(main.includes('ord_1') && !main.includes('s3cret'), 'the payload example has the read-only id, not the write-only secret');
});
