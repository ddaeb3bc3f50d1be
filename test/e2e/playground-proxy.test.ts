/**
 * Try it through `docjet serve`'s proxy (src/dev/proxy.ts, src/client/playground-proxy.ts): an API
 * that allows no calls from other sites (no CORS headers) is called again through the proxy when
 * the browser blocks the call, and the answer is shown, marked as coming through the proxy; with
 * `api.playground.proxy` naming a proxy, every call goes through it. Fixture:
 * test/fixtures/e2e/playground, whose server `{scheme}://127.0.0.1:{port}/v1` the tests aim at a
 * local API by typing its port.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { recordingApi } from '../support/recording-api.ts';
import { browserSuite, e2eTest, skipBrowser } from './harness.ts';
import { SETTLE_MS } from '../support/patience.ts';

const SHOTS = process.env['DOCJET_SHOTS'];
/** A 2 × 3 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGP4z8AARAwoFABE0AX7pM/egAAAAABJRU5ErkJggg==', 'base64');

const e2e = browserSuite({
  site: { fixture: 'playground', proxy: true },
  named: { fixture: 'playground', proxy: true, config: { api: { playground: { proxy: '/_docjet/proxy' } } } },
});

/** A local API that sends no CORS headers: records each request, answers 201 JSON (a PNG for `limit=99`). */
const api = recordingApi((call, response) => {
  if (call.url.includes('limit=99')) return void response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"order-7","status":"created"}');
});
const received = api.received;
const port = api.port;

before(async () => {
  if (!skipBrowser) await api.listen();
});
after(() => api.close());

e2eTest('a call the browser blocks (no CORS) goes again through the proxy: the API receives it as typed and the answer is shown', async (t) => {
  const from = received.length;
  const page = await e2e.open(t, 'site', 'api-reference/create-an-order');
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port());
  await page.locator('[data-auth="token"]').fill('secret-token');
  await page.locator('textarea[data-body]').fill('{"item": "tea", "quantity": 2}');
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor({ timeout: SETTLE_MS });

  assert.equal(await page.locator('[data-response-status]').innerText(), '201 Created');
  assert.equal(await page.locator('.playground').getAttribute('data-via'), 'proxy');
  assert.match(
    await page
      .locator('[data-response-time]')
      .evaluate((element) => (globalThis as unknown as { getComputedStyle(node: unknown, pseudo: string): { content: string } }).getComputedStyle(element, '::after').content),
    /through the proxy/,
  );
  assert.equal(await page.locator('[data-response-body]').textContent(), '{\n  "id": "order-7",\n  "status": "created"\n}');
  // The browser's preflight, refused, then the proxy's call: the body as typed, the token, no cookie or origin of the docs site.
  const calls = received.slice(from);
  assert.deepEqual(
    calls.map((call) => call.method),
    ['OPTIONS', 'POST'],
  );
  const post = calls[1]!;
  assert.deepEqual(
    { url: post.url, body: post.body, type: post.headers['content-type'], authorization: post.headers.authorization, origin: post.headers.origin, cookie: post.headers.cookie },
    {
      url: '/v1/stores/store-1/orders?currency=EUR',
      body: '{"item": "tea", "quantity": 2}',
      type: 'application/json',
      authorization: 'Bearer secret-token',
      origin: undefined,
      cookie: undefined,
    },
  );
  if (SHOTS) await page.locator('.playground').screenshot({ path: `${SHOTS}/proxy-fallback.png` });
});

e2eTest('with api.playground.proxy naming a proxy, every call goes through it: no preflight, and the answer is marked', async (t) => {
  const from = received.length;
  const page = await e2e.open(t, 'named', 'api-reference/get-the-status');
  assert.equal(await page.locator('.playground').getAttribute('data-proxy-mode'), 'always');
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port());
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor({ timeout: SETTLE_MS });
  assert.deepEqual(
    received.slice(from).map((call) => `${call.method} ${call.url}`),
    ['GET /v1/status'],
  );
  assert.equal(await page.locator('.playground').getAttribute('data-via'), 'proxy');
});

e2eTest('the server chosen and its variables are remembered across the pages and tabs of the API (localStorage), a stale tab does not undo the choice of another', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/create-an-order');
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port());
  await page.locator('[data-variable="scheme"]').selectOption('http');
  // Another page of the same API, in a new tab: the server is filled in, the request goes there.
  const other = await page.context().newPage();
  await other.goto(e2e.site('site').href('api-reference/get-the-status'));
  await other.locator('.playground-summary').click();
  assert.equal(await other.locator('[data-variable="port"]').inputValue(), port());
  const curl = (await other.locator('[data-curl]').textContent()) ?? '';
  assert.ok(curl.includes(`--url 'http://127.0.0.1:${port()}/v1/status'`), curl);
  // Choosing the other server is remembered too, and the first one's port is kept for when it comes back.
  await other.locator('select[data-server]').selectOption({ index: 1 });
  await page.reload();
  await page.locator('.playground-summary').click();
  assert.equal(await page.locator('select[data-server]').getAttribute('autocomplete'), 'off', 'the browser does not put back the choice the page had before the reload');
  assert.equal(await page.locator('select[data-server]').evaluate((select) => (select as unknown as { selectedIndex: number }).selectedIndex), 1);
  await page.locator('select[data-server]').selectOption({ index: 0 });
  assert.equal(await page.locator('[data-variable="port"]').inputValue(), port());
  if (SHOTS) await page.locator('.playground').screenshot({ path: `${SHOTS}/server-remembered.png` });
});

e2eTest('Ctrl+Enter sends from a field; an image answer is shown as an image under its size', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/create-an-order');
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port());
  await page.locator('[data-param="query"][data-name="limit"]').fill('99');
  await page.locator('[data-param="query"][data-name="limit"]').press('Control+Enter');
  await page.locator('[data-response][data-outcome="ok"]').waitFor({ timeout: SETTLE_MS });
  assert.equal(await page.locator('[data-response-body]').textContent(), `(${PNG.length} bytes of image/png)`);
  const image = page.locator('[data-response-preview="image/png"] img');
  await image.waitFor();
  assert.deepEqual(
    await image.evaluate((element) => [(element as unknown as { naturalWidth: number }).naturalWidth, (element as unknown as { naturalHeight: number }).naturalHeight]),
    [2, 3],
  );
  assert.match((await image.getAttribute('src')) ?? '', /^blob:/);
  // The next answer, JSON, takes the preview away.
  await page.locator('[data-param="query"][data-name="limit"]').fill('5');
  await page.locator('[data-param="query"][data-name="limit"]').press('Control+Enter');
  await page.locator('[data-response-body]', { hasText: 'order-7' }).waitFor({ timeout: SETTLE_MS });
  assert.equal(await page.locator('[data-response-preview]').count(), 0);
});
