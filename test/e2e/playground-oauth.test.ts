/**
 * OAuth 2.0 in Try it (src/render/endpoint/oauth.ts, src/client/playground-oauth.ts), driven in
 * Chromium against a tiny OAuth 2.0 / OpenID Connect server this file starts on 127.0.0.1:
 * authorization code with PKCE through a popup (the server checks the S256 challenge), client
 * credentials (HTTP Basic), the scopes the reader chose, the token filled into the panel and sent;
 * OpenID Connect discovery gives the endpoints. The site is written by this file, as its spec
 * names the server's port.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { browserSuite, e2eTest, skipBrowser } from './harness.ts';
import { SETTLE_MS } from '../support/patience.ts';

const SHOTS = process.env['DOCJET_SHOTS'];
const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-oauth-site-'));

interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: URLSearchParams;
}
const seen: Seen[] = [];
const challenges = new Map<string, { challenge: string; redirect: string; scope: string }>();

/** Authorization server and API in one: discovery, an approval page, the token endpoint (CORS), and /me. */
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    seen.push({ path: url.pathname, query: url.searchParams, headers: request.headers, body });
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST' };
    const json = (status: number, value: unknown): void => void response.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(value));
    const origin = `http://127.0.0.1:${port()}`;
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        scopes_supported: ['openid', 'orders:read', 'orders:write'],
        grant_types_supported: ['authorization_code', 'client_credentials'],
      });
    }
    if (url.pathname === '/authorize') {
      const code = `code-${challenges.size + 1}`;
      challenges.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirect: url.searchParams.get('redirect_uri') ?? '',
        scope: url.searchParams.get('scope') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      const html = `<!doctype html><title>Sign in</title><body style="font:16px sans-serif;padding:2em"><h1>Tiny OAuth</h1><p>${url.searchParams.get('client_id')} asks for: ${url.searchParams.get('scope')}</p><a id="approve" href="${back.href.replace(/&/g, '&amp;')}">Approve</a></body>`;
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
    if (url.pathname === '/token') {
      if (body.get('grant_type') === 'client_credentials') {
        const ok = request.headers.authorization === `Basic ${Buffer.from('machine:s3cret').toString('base64')}`;
        return ok ? json(200, { access_token: 'tok-cc', token_type: 'Bearer', scope: body.get('scope') }) : json(401, { error: 'invalid_client' });
      }
      const pending = challenges.get(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const s256 = createHash('sha256').update(verifier).digest('base64url');
      if (!pending || pending.challenge !== s256 || pending.redirect !== body.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      return json(200, { access_token: 'tok-pkce', token_type: 'Bearer' });
    }
    if (url.pathname === '/me') return json(200, { authorization: request.headers.authorization ?? null });
    json(404, {});
  });
});
const port = (): string => String((server.address() as AddressInfo).port);

before(async () => {
  if (skipBrowser) return;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1' },
    servers: [{ url: `http://127.0.0.1:${port()}` }],
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `http://127.0.0.1:${port()}/authorize`,
              tokenUrl: `http://127.0.0.1:${port()}/token`,
              scopes: { 'orders:read': 'Read', 'orders:write': 'Write' },
            },
            clientCredentials: { tokenUrl: `http://127.0.0.1:${port()}/token`, scopes: { 'orders:read': 'Read' } },
          },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: `http://127.0.0.1:${port()}/.well-known/openid-configuration` },
      },
    },
    paths: {
      '/me': { get: { summary: 'Who am I', security: [{ oauth: ['orders:read'] }], responses: { 200: { description: 'ok' } } } },
      '/me/oidc': { get: { summary: 'Who am I with OIDC', security: [{ oidc: ['openid'] }], responses: { 200: { description: 'ok' } } } },
    },
  };
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'OAuth', navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  writeFileSync(path.join(root, 'openapi.json'), JSON.stringify(spec));
});

// Registered after the hook above, so the site is written before it is built.
const e2e = browserSuite({ site: { root }, remembered: { root, config: { api: { playground: { remember: 'local' } } } } });

after(async () => {
  if (server.listening) await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

e2eTest('authorization code with PKCE: the popup signs in, the code is traded with its verifier, the token is filled in and sent', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/who-am-i');
  await page.locator('.playground-summary').click();
  const box = page.locator('[data-oauth]');
  await box.waitFor();
  assert.deepEqual(await box.locator('[data-oauth-flow] option').allTextContents(), ['Authorization code (PKCE)', 'Client credentials']);
  assert.deepEqual(
    await box.locator('[data-oauth-scope]:checked').evaluateAll((boxes) => boxes.map((each) => (each as unknown as { value: string }).value)),
    ['orders:read'],
    'the scope the operation asks for is chosen',
  );
  await box.locator('[data-oauth-scope][value="orders:write"]').check();
  await box.locator('[data-oauth-client]').fill('docs-app');
  if (SHOTS) await page.locator('.playground').screenshot({ path: `${SHOTS}/oauth-1-panel.png` });
  const [popup] = await Promise.all([page.context().waitForEvent('page'), box.locator('[data-oauth-get]').click()]);
  await popup.locator('#approve').waitFor();
  if (SHOTS) await popup.screenshot({ path: `${SHOTS}/oauth-2-sign-in.png` });
  // Awaited from before the click: the popup closes itself as soon as the site's page loads in it,
  // which a busy machine can report before the click resolves (a close heard before waiting is missed).
  await Promise.all([popup.waitForEvent('close', { timeout: SETTLE_MS }), popup.locator('#approve').click()]);
  await page.locator('[data-oauth-status]', { hasText: 'Token filled in.' }).waitFor({ timeout: SETTLE_MS });
  assert.equal(await page.locator('input[data-store="oauth:token"]').inputValue(), 'tok-pkce');

  const authorize = seen.find((each) => each.path === '/authorize')!;
  assert.deepEqual(
    {
      client: authorize.query.get('client_id'),
      scope: authorize.query.get('scope'),
      method: authorize.query.get('code_challenge_method'),
      type: authorize.query.get('response_type'),
    },
    { client: 'docs-app', scope: 'orders:read orders:write', method: 'S256', type: 'code' },
  );
  const traded = seen.filter((each) => each.path === '/token' && each.body.get('grant_type') === 'authorization_code');
  assert.equal(traded.length, 1);
  assert.equal(traded[0]!.body.get('client_id'), 'docs-app');

  await page.locator('.playground-send').click();
  await page.locator('[data-response][data-outcome="ok"]').waitFor();
  assert.equal(await page.locator('[data-response-body]').textContent(), '{\n  "authorization": "Bearer tok-pkce"\n}');
  if (SHOTS) await page.locator('.playground').screenshot({ path: `${SHOTS}/oauth-3-token-sent.png` });
});

e2eTest('client credentials authenticate the client with HTTP Basic; OpenID Connect discovery gives the flows and scopes', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/who-am-i');
  await page.locator('.playground-summary').click();
  const box = page.locator('[data-oauth]');
  await box.locator('[data-oauth-flow]').selectOption({ label: 'Client credentials' });
  await box.locator('[data-oauth-client]').fill('machine');
  await box.locator('[data-oauth-secret]').fill('s3cret');
  await box.locator('[data-oauth-get]').click();
  await page.locator('[data-oauth-status]', { hasText: 'Token filled in.' }).waitFor({ timeout: SETTLE_MS });
  assert.equal(await page.locator('input[data-store="oauth:token"]').inputValue(), 'tok-cc');
  const grant = seen.filter((each) => each.path === '/token' && each.body.get('grant_type') === 'client_credentials').at(-1)!;
  assert.equal(grant.body.get('scope'), 'orders:read');

  const oidc = await e2e.open(t, 'site', 'api-reference/who-am-i-with-oidc');
  await oidc.locator('.playground-summary').click();
  const discovered = oidc.locator('[data-oauth]');
  await discovered.locator('[data-oauth-flow] option').first().waitFor({ state: 'attached' });
  assert.deepEqual(await discovered.locator('[data-oauth-flow] option').allTextContents(), ['Authorization code (PKCE)', 'Client credentials']);
  assert.deepEqual(await discovered.locator('[data-oauth-scope]').evaluateAll((boxes) => boxes.map((each) => (each as unknown as { value: string }).value)), [
    'openid',
    'orders:read',
    'orders:write',
  ]);
});

e2eTest('a token is kept for this tab (sessionStorage) unless the site sets api.playground.remember: "local", which keeps it across tabs', async (t) => {
  for (const [site, kept] of [
    ['site', ''],
    ['remembered', 'tok-cc'],
  ] as const) {
    const page = await e2e.open(t, site, 'api-reference/who-am-i');
    await page.locator('.playground-summary').click();
    const box = page.locator('[data-oauth]');
    await box.locator('[data-oauth-flow]').selectOption({ label: 'Client credentials' });
    await box.locator('[data-oauth-client]').fill('machine');
    await box.locator('[data-oauth-secret]').fill('s3cret');
    await box.locator('[data-oauth-get]').click();
    await page.locator('[data-oauth-status]', { hasText: 'Token filled in.' }).waitFor({ timeout: SETTLE_MS });
    await page.reload();
    await page.locator('.playground-summary').click();
    assert.equal(await page.locator('input[data-store="oauth:token"]').inputValue(), 'tok-cc', `${site}: kept on reload`);
    const tab = await page.context().newPage();
    await tab.goto(page.url());
    await tab.locator('.playground-summary').click();
    assert.equal(await tab.locator('input[data-store="oauth:token"]').inputValue(), kept, `${site}: in another tab`);
  }
});
