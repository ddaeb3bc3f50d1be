/**
 * The "Try it" panel of endpoint pages (src/render/endpoint/playground.ts, src/client/playground.ts)
 * against a local API this file starts: what the reader fills in is what the server receives, the
 * answer is shown, a call the browser blocks (no CORS headers) is explained with the curl command
 * to run instead, `simple` shows the request without sending it, `none` shows no panel, and a
 * hostile spec's names, examples and server URLs stay text.
 *
 * Fixture: test/fixtures/e2e/playground. Its server is `{scheme}://127.0.0.1:{port}/v1`: the tests
 * type the local API's port into the `port` variable, as a reader would.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow, skipBrowser, texts } from './harness.ts';

const e2e = browserSuite({
  site: { fixture: 'playground' },
  simple: { fixture: 'playground', config: { api: { playground: { display: 'simple' } } } },
});

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local API: records each request and answers `201 {"id":"order-7"}`; `cors: false` sends no CORS headers. */
function startApi(cors: boolean): { received: Received[]; port: () => string; server: Server } {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (cors) {
        response.setHeader('access-control-allow-origin', '*');
        response.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '');
        response.setHeader('access-control-expose-headers', 'x-trace');
      }
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      response.writeHead(201, { 'content-type': 'application/json', 'x-trace': 't-1' }).end('{"id":"order-7","status":"created"}');
    });
  });
  return { received, server, port: () => String((server.address() as AddressInfo).port) };
}

const api = startApi(true);
const closed = startApi(false);

before(async () => {
  if (skipBrowser) return;
  for (const { server } of [api, closed]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  for (const { server } of [api, closed]) if (server.listening) await new Promise((resolve) => server.close(resolve));
});

/** The requests the API received since `from`, without CORS preflights. */
function calls(from: number): Received[] {
  return api.received.slice(from).filter((call) => call.method !== 'OPTIONS');
}

/** Opens an endpoint page and its panel, aimed at the local API on `port`. */
async function openPanel(t: Parameters<typeof e2e.open>[0], route: string, port: string): Promise<Page> {
  const page = await e2e.open(t, 'site', route);
  assert.equal(await page.locator('script[src*="/_docjet/playground."]').count(), 1, 'the endpoint page loads the panel script');
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port);
  return page;
}

e2eTest('the panel sends the server variable, parameters, bearer token and JSON body the reader fills in, and shows the answer', async (t) => {
  const from = api.received.length;
  const page = await openPanel(t, 'api-reference/create-an-order', api.port());
  assert.equal(await page.locator('[data-param="path"][data-name="storeId"]').inputValue(), 'store-1', 'prefilled from the example');

  await page.locator('[data-auth="token"]').fill('secret-token');
  await page.locator('[data-param="path"][data-name="storeId"]').fill('store 42/a');
  await page.locator('[data-param="query"][data-name="limit"]').fill('3');
  await page.locator('[data-param="query"][data-name="currency"]').selectOption('USD');
  await page.locator('[data-param="header"][data-name="X-Request-Id"]').fill('req-1');
  await page.locator('textarea[data-body]').fill('{"item": "coffee", "quantity": 3}');
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor();

  const [call] = calls(from);
  assert.ok(call, 'the API received the request');
  assert.deepEqual(
    {
      method: call.method,
      url: call.url,
      authorization: call.headers.authorization,
      requestId: call.headers['x-request-id'],
      type: call.headers['content-type'],
      body: JSON.parse(call.body),
    },
    {
      method: 'POST',
      url: '/v1/stores/store%2042%2Fa/orders?limit=3&currency=USD',
      authorization: 'Bearer secret-token',
      requestId: 'req-1',
      type: 'application/json',
      body: { item: 'coffee', quantity: 3 },
    },
  );
  assert.equal(await page.locator('[data-response-status]').innerText(), '201 Created');
  assert.match(await page.locator('[data-response-time]').innerText(), /^\d+ ms$/);
  assert.equal(await page.locator('[data-response-body]').textContent(), '{\n  "id": "order-7",\n  "status": "created"\n}', 'the JSON body is indented');
  const headers = (await page.locator('[data-response-headers]').textContent()) ?? '';
  assert.ok(headers.split('\n').includes('x-trace: t-1'), `the exposed header is listed:\n${headers}`);
  const curl = (await page.locator('[data-curl]').textContent()) ?? '';
  assert.ok(curl.startsWith(`curl --request POST \\\n  --url 'http://127.0.0.1:${api.port()}/v1/stores/store%2042%2Fa/orders?limit=3&currency=USD'`), curl);
  assert.ok(curl.includes(`--header 'Authorization: Bearer secret-token'`), curl);

  // The token is remembered for the session: kept on reload (for this API and server), in sessionStorage only.
  await page.reload();
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(api.port());
  assert.equal(await page.locator('[data-auth="token"]').inputValue(), 'secret-token');
  // No credential in localStorage (the server chosen is, remembered across pages: src/client/playground-server-memory.ts).
  const stored = await inWindow(page, (window) => ({
    session: Object.keys(window.sessionStorage),
    local: Object.keys(window.localStorage).filter((key) => !key.startsWith('docjet-server:')),
  }));
  const spec = await page.locator('.playground').getAttribute('data-credentials');
  assert.deepEqual(stored, { session: [`docjet-playground:${JSON.stringify([spec, `http://127.0.0.1:${api.port()}`, 'bearerAuth:token'])}`], local: [] });
});

e2eTest('a multipart body sends its file, a form body its fields, and basic credentials go in the Authorization header', async (t) => {
  const from = api.received.length;
  const page = await openPanel(t, 'api-reference/upload-a-file', api.port());
  await page.locator('input[type="file"][data-name="file"]').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
  await page.locator('[data-media-type="multipart/form-data"] [data-name="note"]').fill('first');
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor();
  await page.locator('select[data-media]').selectOption('application/x-www-form-urlencoded');
  await page.locator('[data-media-type="application/x-www-form-urlencoded"] [data-name="note"]').fill('a&b');
  await page.locator('.playground-send').click();
  await eventually(async () => calls(from).length, 2, 'the second request arrived');

  const [multipart, form] = calls(from);
  assert.match(multipart?.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/);
  assert.ok(multipart?.body.includes('name="file"; filename="hello.txt"') && multipart.body.includes('hello file'), multipart?.body);
  assert.ok(multipart?.body.includes('name="note"\r\n\r\nfirst'), multipart?.body);
  assert.deepEqual({ type: form?.headers['content-type'], body: form?.body }, { type: 'application/x-www-form-urlencoded', body: 'note=a%26b' });

  const status = await openPanel(t, 'api-reference/get-the-status', api.port());
  await status.locator('[data-auth="basic-user"]').fill('ann');
  await status.locator('[data-auth="basic-password"]').fill('pa:ss');
  await status.locator('.playground-send').click();
  await status.locator('[data-response][data-outcome="ok"]').waitFor();
  const last = calls(from).at(-1);
  assert.deepEqual(
    { method: last?.method, url: last?.url, authorization: last?.headers.authorization },
    { method: 'GET', url: '/v1/status', authorization: `Basic ${Buffer.from('ann:pa:ss').toString('base64')}` },
  );
});

e2eTest('when the browser blocks the call (no CORS headers), the panel says so and opens the curl command', async (t) => {
  const page = await openPanel(t, 'api-reference/create-an-order', closed.port());
  await page.locator('[data-auth="token"]').fill('secret-token');
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="failed"]').waitFor();

  assert.equal(await page.locator('[data-response-status]').innerText(), 'No response');
  assert.equal(
    await page.locator('[data-response-error]').innerText(),
    'The browser blocked the request or could not reach the server. Most often the API does not allow calls from other websites (CORS); ' +
      'the server may also be down or its address wrong. Run the cURL command below instead.',
  );
  assert.equal(await page.locator('[data-curl-panel]').getAttribute('open'), '', 'the curl command is shown');
  assert.ok(await page.locator('[data-curl-panel] .copy-button').isVisible(), 'with its copy button');
  const curl = (await page.locator('[data-curl]').textContent()) ?? '';
  assert.ok(curl.includes(`--url 'http://127.0.0.1:${closed.port()}/v1/stores/store-1/orders?currency=EUR'`), curl);
  assert.ok(curl.includes(`--data '{\n  "item": "tea",\n  "quantity": 2\n}'`), curl);
  assert.equal(await page.locator('[data-response-body]').isVisible(), false, 'no stale body is shown');
  // The browser asked first (a preflight) and, refused, never sent the order.
  assert.deepEqual(
    closed.received.map((call) => call.method),
    ['OPTIONS'],
  );
});

for (const [name, site, route] of [
  ['api.playground.display "simple"', 'simple', 'api-reference/create-an-order'],
  ['`playground: simple` frontmatter', 'site', 'simple-order'],
] as const) {
  e2eTest(`${name}: the request is built and shown, never sent`, async (t) => {
    const from = api.received.length;
    const page = await e2e.open(t, site, route);
    assert.equal(await page.locator('.playground').getAttribute('open'), '', 'open from the start');
    assert.equal(await page.locator('.playground-send').count(), 0);
    await page.locator('[data-variable="port"]').fill(api.port());
    await page.locator('[data-param="query"][data-name="limit"]').fill('7');
    await page.locator('[data-param="query"][data-name="limit"]').press('Enter');
    const curl = (await page.locator('[data-curl]').textContent()) ?? '';
    assert.ok(curl.includes(`--url 'http://127.0.0.1:${api.port()}/v1/stores/store-1/orders?limit=7&currency=EUR'`), curl);
    assert.equal(await page.locator('[data-response]').count(), 0);
    await page.waitForTimeout(200);
    assert.deepEqual(api.received.slice(from), [], 'nothing reached the API');
  });
}

e2eTest('`playground: none` shows no panel; pages without a panel do not load its script', async (t) => {
  const page = await e2e.open(t, 'site', 'no-playground');
  assert.equal(await page.locator('.endpoint-header').count(), 1, 'the endpoint is shown');
  assert.equal(await page.locator('.playground').count(), 0);
  assert.equal(await page.locator('script[src*="playground"]').count(), 0);
  await page.goto(e2e.site('site').href(''));
  assert.equal(await page.locator('script[src*="playground"]').count(), 0);
});

e2eTest('a hostile spec: names, examples and server URLs are shown as text, a javascript: server is left out, nothing runs', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/hostile-names');
  await page.locator('.playground-summary').click();
  const panel = page.locator('.playground');
  assert.equal(await panel.locator('img, script:not([type]), [onerror], [onfocus]').count(), 0, 'no element came from the spec');
  assert.deepEqual(await texts(page, 'select[data-server] option'), [
    `https://x.test/<img src=x onerror="window.__pwned='server';alert('server')">/{v} (<img src=x onerror="window.__pwned='server description'">)`,
  ]);
  assert.deepEqual(await texts(page, '.playground-field:has([data-param="path"]) .playground-label code'), [`<img src=x onerror=window.__pwned='path'>`]);
  assert.equal(await page.locator('[data-param="path"]').inputValue(), `<img src=x onerror=window.__pwned='path example'>`);
  assert.ok(((await page.locator('textarea[data-body]').inputValue()) ?? '').includes(`"html": "</textarea><img src=x onerror=\\"window.__pwned='body';alert('body')\\">"`));
  // The server variable's values come back as typed text, and the request goes nowhere but https.
  const curl = (await page.locator('[data-curl]').textContent()) ?? '';
  assert.ok(curl.startsWith(`curl --request POST \\\n  --url 'https://x.test/`), curl);
  for (const field of await page.locator('.playground input:not([type="file"]), .playground textarea').all()) {
    await field.focus();
    await field.press('End');
  }
  assert.equal(await inWindow(page, (window) => window.__pwned), undefined);
});

e2eTest('each field has a link to its anchor, and a link to a field in a tab not shown opens that tab', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/create-an-order');
  const link = page.locator('#param-limit > .field-header > a.heading-anchor');
  assert.equal(await link.getAttribute('href'), '#param-limit');
  await page.locator('#param-limit > .field-header').hover();
  const opacity = () => inWindow(page, (window) => window.getComputedStyle(window.document.querySelector('#param-limit a.heading-anchor')).opacity);
  await eventually(opacity, '1', 'the link shows on hover');
  // The form body's `note` is in the body's second tab: its anchor is numbered, and opens that tab.
  const other = await e2e.open(t, 'site', 'api-reference/upload-a-file#body-note-1');
  await eventually(() => other.locator('#body-note-1').isVisible(), true, 'the tab holding the field is shown');
  assert.equal(await other.locator('#body-note').isVisible(), false);
});
