/**
 * Manual API pages and the example column, built (issue 13): an `api:` page gets the method bar,
 * a method badge in the sidebar and the "Try it" panel; `<RequestExample>`/`<ResponseExample>` go
 * into the column beside the content on any page (on an `openapi:` page, instead of the generated
 * examples of their kind); a malformed `api:` and a second `<RequestExample>` are warnings at their
 * line; the Markdown twin shows the method and URL.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

const SPEC = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
servers: [{ url: 'https://pets.example' }]
paths:
  /pets:
    get:
      summary: List pets
      responses: { '200': { description: The pets, content: { application/json: { example: [{ name: Rex }] } } } }
`;

const FENCE = '```';

const PAGES: Record<string, string> = {
  'orders/create.mdx': `---
title: Create an order
api: "POST /stores/{storeId}/orders"
---

<ParamField path="storeId" type="string" required>The store.</ParamField>
<ParamField body="item" type="string" required>What to order.</ParamField>

<RequestExample>
${FENCE}bash cURL
curl -X POST https://shop.example/v1/stores/s1/orders
${FENCE}
</RequestExample>

<ResponseExample>
${FENCE}json 201
{ "id": "order-1" }
${FENCE}
</ResponseExample>
`,
  'orders/typo.mdx': '---\ntitle: Typo\napi: "https://shop.example/v1/orders"\n---\n\nText.\n',
  'webhooks.mdx': `---
title: Webhooks
---

The payload comes as JSON.

<ResponseExample>
${FENCE}json Payload
{ "event": "order.created" }
${FENCE}
</ResponseExample>

<RequestExample>
${FENCE}bash Test it
curl https://your.server/hook
${FENCE}
</RequestExample>

<RequestExample>
${FENCE}bash Again
curl https://your.server/hook2
${FENCE}
</RequestExample>
`,
  'pets.mdx': `---
title: List pets
openapi: "GET /pets"
---

<RequestExample>
${FENCE}bash Mine
curl https://pets.example/pets?mine=1
${FENCE}
</RequestExample>
`,
};

let scratch: string;
let out: string;
let result: BuildResult;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-manual-api-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'orders'), { recursive: true });
  await writeFile(path.join(root, 'pets.yaml'), SPEC);
  for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, file), text);
  const config = {
    name: 'Shop',
    api: { mdx: { server: 'https://shop.example/v1', auth: { method: 'bearer' } } },
    navigation: { groups: [{ group: 'Orders', pages: ['orders/create', 'orders/typo', 'webhooks', 'pets'] }] },
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  out = path.join(scratch, 'dist');
  result = await build({ root, outDir: out });
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function page(route: string): Promise<string> {
  return readFile(path.join(out, route, 'index.html'), 'utf8');
}

/** The page's content and its example column, split where the column starts. */
function columns(html: string): { main: string; aside: string } {
  const start = html.indexOf('<aside class="endpoint-examples">');
  assert.ok(start > 0, 'the page has an example column');
  const main = html.slice(html.indexOf('<div class="endpoint-main">'), start);
  return { main, aside: html.slice(start, html.indexOf('</aside>', start)) };
}

test('an api: page has the method bar with the api.mdx server, the Try-it panel and its script', async () => {
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const html = await page('orders/create');
  assert.ok(
    html.includes(
      '<div class="endpoint" data-method="post"><div class="endpoint-header"><span class="method-badge method-post">POST</span><code class="endpoint-url">' +
        '<span class="endpoint-server">https://shop.example<wbr>/v1</span><span class="endpoint-path"><wbr>/stores<wbr>/<span class="endpoint-path-param">{storeId}</span><wbr>/orders</span></code></div>' +
        '<details class="playground" data-playground="interactive" data-method="POST" data-path="/stores/{storeId}/orders" data-credentials="118aff55e0c503aa" data-security="[[&quot;bearerAuth&quot;]]" hidden>',
    ),
  );
  assert.match(html, /<input type="password" data-auth="token" data-prefix="Bearer"/, 'api.mdx.auth bearer gives a token field');
  assert.match(html, /<script src="[^"]*\/_docjet\/playground\.[0-9a-f]+\.js" defer><\/script>/);
});

test('the api: page has a method badge in the sidebar, as generated endpoint pages do; the malformed one has none', async () => {
  const html = await page('orders/create');
  assert.match(
    html,
    /<a class="nav-link" href="[^"]*orders\/create"[^>]*><span class="method-pill" data-method="post">POST<\/span><span class="nav-label">Create an order<\/span>/,
  );
  assert.match(html, /<a class="nav-link" href="[^"]*orders\/typo"[^>]*><span class="nav-label">Typo<\/span>/);
});

test('RequestExample and ResponseExample sit in the column beside the content, not in it', async () => {
  const { main, aside } = columns(await page('orders/create'));
  assert.match(aside, /^<aside class="endpoint-examples"><div class="code-group request-example">.*cURL.*<div class="code-group response-example">.*201/s);
  assert.doesNotMatch(main, /request-example|response-example/);
  assert.match(main, /<code class="field-name">storeId<\/code>/, 'the ParamFields stay in the content');
});

test('a page without api: gets the column too, requests above responses, a second RequestExample below the first', async () => {
  const html = await page('webhooks');
  assert.match(html, /<div class="prose"><div class="example-columns"><div class="endpoint-layout"><div class="endpoint-main"><p>The payload comes as JSON\.<\/p>/);
  const { aside } = columns(html);
  assert.deepEqual(
    [...aside.matchAll(/<div class="code-group (\w+-example)">.*?role="tab"[^>]*>([^<]*)<\/button>/gs)].map((match) => `${match[1]} ${match[2]}`),
    ['request-example Test it', 'request-example Again', 'response-example Payload'],
  );
  assert.doesNotMatch(html, /class="endpoint-header"/, 'no method bar without api:');
});

test("on an openapi: page, the page's RequestExample replaces the generated request samples; the generated response stays", async () => {
  const { aside } = columns(await page('pets'));
  assert.match(aside, /Mine/);
  assert.doesNotMatch(aside, /Python|JavaScript/);
  assert.match(aside, /response-example/);
});

test('a malformed api: and a second RequestExample are warnings at their line; nothing else is reported', () => {
  assert.deepEqual(
    withoutSitemapNoUrl(result.diagnostics).map(({ severity, code, file, line, column, message, fix }) => ({ severity, code, at: `${file}:${line}:${column}`, message, fix })),
    [
      {
        severity: 'warning',
        code: 'frontmatter-api-invalid',
        at: 'orders/typo.mdx:3:6',
        message: 'the frontmatter `api: https://shop.example/v1/orders` does not start with an HTTP method; the page is shown without its method bar and "Try it" panel',
        fix: 'Write `api: "GET https://shop.example/v1/orders"`, with the method the endpoint takes.',
      },
      {
        severity: 'warning',
        code: 'example-repeated',
        at: 'webhooks.mdx:19:1',
        message: 'only one `<RequestExample>` is supported per page; docjet shows this one below the first in the example column, other tools may not show it',
        fix: 'Move its code blocks into the first `<RequestExample>`: each block becomes a tab of it.',
      },
    ],
  );
});

test('the Markdown twin of an api: page starts with its method and URL', async () => {
  const markdown = await readFile(path.join(out, 'orders', 'create.md'), 'utf8');
  assert.ok(markdown.startsWith('# Create an order\n\n`POST https://shop.example/v1/stores/{storeId}/orders`\n'), markdown);
});
