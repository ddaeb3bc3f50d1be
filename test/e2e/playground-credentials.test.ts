/**
 * Credentials typed into the "Try it" panel go only where the reader gave them (issue 36): two
 * APIs of one site whose specs both name their schemes `bearerAuth` and `apiKey`, each called on a
 * local server the tests start. A token typed on API A's page is neither filled in nor sent on API
 * B's page (whichever server B calls); switching A's server to another origin leaves the field
 * empty and sends nothing; the token is still there for A's pages on A's server, after a reload
 * too; a redirect does not carry a key to the server it points to.
 *
 * Fixture: test/fixtures/e2e/playground-credentials. Its servers are
 * `http://127.0.0.1:{port}/a` and `…/b`: the tests type a local server's port into `port`; API C
 * names none, and the tests type its URL.
 * Everything happens in one tab, as a reader's browsing does: sessionStorage is per tab.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow, skipBrowser } from './harness.ts';

const e2e = browserSuite({ site: { fixture: 'playground-credentials' } });

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A local API allowing calls from any site: records each request; `/a/moved` redirects to the other server. */
function startApi(): { received: Received[]; port: () => string; server: Server } {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.url === '/a/moved') return void response.writeHead(307, { location: `http://127.0.0.1:${two.port()}/b/things` }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return { received, server, port: () => String((server.address() as AddressInfo).port) };
}

const one = startApi();
const two = startApi();

before(async () => {
  if (skipBrowser) return;
  for (const { server } of [one, two]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  for (const { server } of [one, two]) if (server.listening) await new Promise((resolve) => server.close(resolve));
});

/** The requests (preflights left out) a server received since `from`: path and credentials. */
function calls(api: { received: Received[] }, from: number): { url: string; authorization: string | undefined; key: string | undefined }[] {
  return api.received
    .slice(from)
    .filter((call) => call.method !== 'OPTIONS')
    .map((call) => ({ url: call.url, authorization: call.headers.authorization, key: call.headers['x-api-key'] as string | undefined }));
}

/** Goes to an endpoint page in this tab, opens its panel and aims it at the server on `port`. */
async function aim(page: Page, route: string, port: string): Promise<void> {
  await page.goto(e2e.site('site').href(route));
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port);
}

async function send(page: Page): Promise<string> {
  await page.locator('.playground-send').click();
  await page.locator('[data-response]:not([data-outcome="pending"])').waitFor();
  return (await page.locator('[data-response]').getAttribute('data-outcome')) ?? '';
}

const token = (page: Page) => page.locator('[data-auth="token"]').inputValue();

e2eTest("a token typed on API A is not filled in on API B, nor sent to B, whether B calls its own server or A's", async (t) => {
  const [fromOne, fromTwo] = [one.received.length, two.received.length];
  const page = await e2e.open(t, 'site');
  await aim(page, 'a/list-items', one.port());
  await page.locator('[data-auth="token"]').fill('token-a');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(one, fromOne), [{ url: '/a/items', authorization: 'Bearer token-a', key: undefined }]);

  await aim(page, 'b/list-things', two.port());
  assert.equal(await token(page), '', "B's field is empty");
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(two, fromTwo), [{ url: '/b/things', authorization: undefined, key: undefined }]);

  // Same scheme name, same origin, another API: still not A's token.
  await page.locator('[data-variable="port"]').fill(one.port());
  assert.equal(await token(page), '');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(one, fromOne).at(-1), { url: '/b/things', authorization: undefined, key: undefined });
});

e2eTest("switching A's server to another origin empties the field and sends no token; A's token is back for A's server, on its other pages and after a reload", async (t) => {
  const [fromOne, fromTwo] = [one.received.length, two.received.length];
  const page = await e2e.open(t, 'site');
  await aim(page, 'a/list-items', one.port());
  await page.locator('[data-auth="token"]').fill('token-a');

  await page.locator('[data-variable="port"]').fill(two.port());
  assert.equal(await token(page), '', 'not carried to the other origin');
  assert.ok(!((await page.locator('[data-curl]').textContent()) ?? '').includes('token-a'), 'nor in the curl command');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(two, fromTwo), [{ url: '/a/items', authorization: undefined, key: undefined }]);

  await page.locator('[data-variable="port"]').fill(one.port());
  assert.equal(await token(page), 'token-a', 'back on the server it was typed for');

  await aim(page, 'a/get-an-item', one.port());
  assert.equal(await token(page), 'token-a', 'another page of the same API and server');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(one, fromOne), [{ url: '/a/items/item-1', authorization: 'Bearer token-a', key: undefined }]);

  await page.reload();
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(one.port());
  await eventually(() => token(page), 'token-a', 'kept on reload');
  const stored = await inWindow(page, (window) => Object.keys(window.sessionStorage).map((key: string) => JSON.parse(key.slice('docjet-playground:'.length)) as string[]));
  assert.deepEqual(
    stored.map(([api, origin, field]) => [typeof api === 'string' && api.length === 16, origin, field]),
    [[true, `http://127.0.0.1:${one.port()}`, 'bearerAuth:token']],
  );
});

e2eTest('with a key filled in, a redirect to another server is not followed: the key does not reach it', async (t) => {
  const [fromOne, fromTwo] = [one.received.length, two.received.length];
  const page = await e2e.open(t, 'site');
  await aim(page, 'a/a-moved-resource', one.port());
  await page.locator('[data-auth="apikey"]').fill('key-a');
  assert.equal(await send(page), 'failed');
  assert.equal(await page.locator('[data-response-status]').innerText(), 'Redirect not followed');
  assert.match(await page.locator('[data-response-error]').innerText(), /^The server answered with a redirect\. With credentials filled in, the panel follows no redirect/);
  assert.deepEqual(calls(one, fromOne), [{ url: '/a/moved', authorization: undefined, key: 'key-a' }]);
  assert.deepEqual(two.received.slice(fromTwo), [], 'the server the redirect points to heard nothing');
});

e2eTest('a server URL the reader types: the fields wait for it, and a token typed for one origin is not kept for another', async (t) => {
  const [fromOne, fromTwo] = [one.received.length, two.received.length];
  const page = await e2e.open(t, 'site', 'c/list-widgets');
  await page.locator('.playground-summary').click();
  const field = page.locator('[data-auth="token"]');
  assert.equal(await field.isDisabled(), true, 'no server yet: nothing to give a token for');
  const server = page.locator('input[data-server-url]');
  await server.fill(`http://127.0.0.1:${one.port()}/c`);
  assert.equal(await field.isDisabled(), false);
  await field.fill('token-c');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(one, fromOne), [{ url: '/c/widgets', authorization: 'Bearer token-c', key: undefined }]);

  await server.fill(`http://127.0.0.1:${two.port()}/c`);
  assert.equal(await field.inputValue(), '');
  assert.equal(await send(page), 'ok');
  assert.deepEqual(calls(two, fromTwo), [{ url: '/c/widgets', authorization: undefined, key: undefined }]);
  await server.fill(`http://127.0.0.1:${one.port()}/c`);
  assert.equal(await field.inputValue(), 'token-c');
});

e2eTest("a server URL the reader types is remembered across the API's pages, tabs and reloads (localStorage), and is the next page's server", async (t) => {
  const fromOne = one.received.length;
  const page = await e2e.open(t, 'site', 'c/list-widgets');
  await page.locator('.playground-summary').click();
  await page.locator('input[data-server-url]').fill(`  http://127.0.0.1:${one.port()}/c  `);
  // Another page of the same API, in a new tab: the URL is there, the curl command and the request use it.
  const other = await page.context().newPage();
  await other.goto(e2e.site('site').href('c/get-a-widget'));
  await other.locator('.playground-summary').click();
  assert.equal(await other.locator('input[data-server-url]').inputValue(), `http://127.0.0.1:${one.port()}/c`);
  const curl = (await other.locator('[data-curl]').textContent()) ?? '';
  assert.ok(curl.includes(`http://127.0.0.1:${one.port()}/c/widgets/w-1`), curl);
  assert.equal(await send(other), 'ok');
  assert.deepEqual(calls(one, fromOne), [{ url: '/c/widgets/w-1', authorization: undefined, key: undefined }]);
  // Typed again there, it is what the first page has after a reload.
  await other.locator('input[data-server-url]').fill(`http://127.0.0.1:${two.port()}/c`);
  await page.reload();
  await page.locator('.playground-summary').click();
  assert.equal(await page.locator('input[data-server-url]').inputValue(), `http://127.0.0.1:${two.port()}/c`);
});
