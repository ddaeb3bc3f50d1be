import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expandRedirects, redirectPage, redirectsFile } from '../../src/output/redirects.ts';

const routes = ['', 'guides/setup', 'guides/deploy/vercel', 'api/pets'];

test('plain redirects become one page each; a redirect never hides a real page', () => {
  const redirects = expandRedirects(
    [
      { source: '/start', destination: '/guides/setup' },
      { source: '/guides/setup', destination: '/elsewhere' },
      { source: '/old', destination: 'https://example.com/new', permanent: false },
    ],
    routes,
    '/docs/',
  );
  assert.deepEqual(redirects, [
    { from: 'start', to: '/docs/guides/setup', permanent: true },
    { from: 'old', to: 'https://example.com/new', permanent: false },
  ]);
});

test(':slug* wildcards are expanded to every page the destination pattern matches', () => {
  const redirects = expandRedirects([{ source: '/docs/:slug*', destination: '/guides/:slug*' }], routes, '/');
  assert.deepEqual(redirects, [
    { from: 'docs/setup', to: '/guides/setup', permanent: true },
    { from: 'docs/deploy/vercel', to: '/guides/deploy/vercel', permanent: true },
  ]);
  const single = expandRedirects([{ source: '/v1/:name', destination: '/api/:name' }], routes, '/');
  assert.deepEqual(single, [{ from: 'v1/pets', to: '/api/pets', permanent: true }]);
});

test('a redirect page refreshes, links and keeps the fragment, with the target escaped', () => {
  const html = redirectPage({ from: 'a', to: '/x/"><script>alert(1)</script>', permanent: true });
  assert.ok(html.includes('<meta http-equiv="refresh" content="0; url=/x/%22%3E%3Cscript%3Ealert(1)%3C'));
  assert.ok(!html.includes('<script>alert'));
  assert.ok(html.includes('location.replace("/x/%22%3E%3Cscript%3Ealert(1)%3C'));
});

test("_redirects uses the hosts' wildcard spelling and status codes", () => {
  assert.equal(
    redirectsFile(
      [
        { source: '/start', destination: '/guides/setup' },
        { source: '/docs/:slug*', destination: '/guides/:slug*', permanent: false },
      ],
      '/base/',
    ),
    '/base/start /base/guides/setup 301\n/base/docs/* /base/guides/:splat 302\n',
  );
});
