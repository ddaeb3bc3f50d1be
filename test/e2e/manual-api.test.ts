/**
 * Manual API pages in the browser (issue 13): the "Try it" panel of an `api:` page, made from its
 * `<ParamField>`s and the site's `api.mdx` settings, sends what the reader fills in to the server
 * `api.mdx.server` names (a local API this file starts) and shows the answer; the page's
 * `<RequestExample>`/`<ResponseExample>` sit beside the content on a wide screen, above it on a phone.
 *
 * Fixture: test/fixtures/e2e/manual-api; its `api.mdx.server` is set here, once the local API has a port.
 */
import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Page } from 'playwright-core';
import { recordingApi } from '../support/recording-api.ts';
import { browserSuite, e2eTest, inWindow } from './harness.ts';

/** A local API that allows calls from any page, records each request and answers `201 {"id":"order-7"}`. */
const api = recordingApi((_call, response) => void response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"order-7","status":"created"}'), { cors: true });
const received = api.received;
// The site is built with the API's URL in it: the port must be known before the suite builds.
await api.listen();
const server = `http://127.0.0.1:${api.port()}/v1`;

after(() => api.close());

const e2e = browserSuite({ site: { fixture: 'manual-api', config: { api: { mdx: { server } } } } });

e2eTest('the Try-it panel of an api: page sends the path, query, header, bearer token and JSON body to api.mdx.server, and shows the answer', async (t) => {
  const page = await e2e.open(t, 'site', 'orders/create-order');
  assert.deepEqual(
    [await page.locator('.endpoint-header .method-badge').innerText(), await page.locator('.endpoint-header .endpoint-url').innerText()],
    ['POST', `${server}/stores/{storeId}/orders`],
  );
  await page.locator('.playground-summary').click();
  await page.locator('[data-auth="token"]').fill('secret-token');
  await page.locator('[data-param="path"][data-name="storeId"]').fill('store 42');
  await page.locator('[data-param="query"][data-name="limit"]').fill('3');
  await page.locator('[data-param="header"][data-name="X-Request-Id"]').fill('req-1');
  assert.deepEqual(JSON.parse(await page.locator('textarea[data-body]').inputValue()), { item: '<string>', quantity: 1 }, 'the body is prefilled from the fields');
  await page.locator('textarea[data-body]').fill('{"item": "coffee", "quantity": 3}');
  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor();

  const calls = received.filter((call) => call.method !== 'OPTIONS');
  assert.equal(calls.length, 1, 'the API received one request');
  const [call] = calls;
  assert.deepEqual(
    {
      method: call!.method,
      url: call!.url,
      authorization: call!.headers.authorization,
      requestId: call!.headers['x-request-id'],
      type: call!.headers['content-type'],
      body: JSON.parse(call!.body),
    },
    {
      method: 'POST',
      url: '/v1/stores/store%2042/orders?limit=3',
      authorization: 'Bearer secret-token',
      requestId: 'req-1',
      type: 'application/json',
      body: { item: 'coffee', quantity: 3 },
    },
  );
  assert.equal(await page.locator('[data-response-status]').innerText(), '201 Created');
  assert.equal(await page.locator('[data-response-body]').textContent(), '{\n  "id": "order-7",\n  "status": "created"\n}');
});

e2eTest('authMethod none and playground simple: no credentials, no Send button, the request shown as curl', async (t) => {
  const page = await e2e.open(t, 'site', 'orders/get-order');
  assert.equal(await page.locator('[data-auth]').count(), 0);
  assert.equal(await page.locator('.playground-send').count(), 0);
  await page.locator('[data-param="path"][data-name="orderId"]').fill('order-7');
  const curl = page.locator('[data-curl]');
  await page.waitForFunction((element) => element?.textContent?.includes('order-7'), await curl.elementHandle());
  assert.equal(await curl.textContent(), `curl --request GET \\\n  --url '${server}/orders/order-7'`);
});

/** Where the content and the example column are on the page. */
async function placement(page: Page): Promise<{ main: { x: number; y: number; right: number }; aside: { x: number; y: number; bottom: number } }> {
  return inWindow(page, (window) => {
    const main = window.document.querySelector('.endpoint-main').getBoundingClientRect();
    const aside = window.document.querySelector('.endpoint-examples').getBoundingClientRect();
    return { main: { x: main.x, y: main.y, right: main.right }, aside: { x: aside.x, y: aside.y, bottom: aside.bottom } };
  });
}

e2eTest('the examples sit beside the content on a wide screen, above it on a phone, as on generated endpoint pages', async (t) => {
  const wide = await e2e.open(t, 'site', 'orders/create-order', { viewport: { width: 1600, height: 900 } });
  const beside = await placement(wide);
  assert.ok(beside.aside.x >= beside.main.right, `the column is right of the content: ${JSON.stringify(beside)}`);
  assert.ok(Math.abs(beside.aside.y - beside.main.y) < 2, `the column starts level with the content: ${JSON.stringify(beside)}`);
  assert.deepEqual(await wide.locator('.endpoint-examples [role="tab"]').allInnerTexts(), ['cURL', '201']);

  // A laptop's 1280 px: the examples take the table of contents' column, as in the hosted product,
  // and the page's menu stays in its header.
  const laptop = await e2e.open(t, 'site', 'orders/create-order', { viewport: { width: 1280, height: 800 } });
  const laptopPlacement = await placement(laptop);
  assert.ok(laptopPlacement.aside.x >= laptopPlacement.main.right, `the column is right of the content at 1280 px: ${JSON.stringify(laptopPlacement)}`);
  assert.equal(await laptop.locator('.toc-column').isVisible(), false, 'no table of contents beside the examples');
  assert.equal(await laptop.locator('.page-header .contextual').first().isVisible(), true, 'the page menu is in the header');

  const phone = await e2e.open(t, 'site', 'orders/create-order', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const stacked = await placement(phone);
  assert.ok(stacked.aside.bottom <= stacked.main.y, `the column comes before the content: ${JSON.stringify(stacked)}`);
  const overflow = await inWindow(phone, (window) => window.document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0, 'nothing is wider than the phone');
});
