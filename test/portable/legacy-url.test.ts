/**
 * The browser's copy of Node's legacy `url.parse`/`url.format` (src/portable/legacy-url.ts), which
 * httpsnippet calls, gives what Node's gives: on URLs as samples hold them (servers, encoded paths,
 * `{templates}`, `<placeholders>`, ports, IPv6, auth, queries) and on awkward ones.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import nodeUrl from 'node:url';
import { format, parse } from '../../src/portable/legacy-url.ts';

const SERVERS = [
  'https://api.example.com',
  'http://127.0.0.1:4010',
  'https://API.Example.COM:8443/v1/',
  'http://[::1]:3000',
  'https://user:p%40ss@api.example.com',
  'https://your-api-host',
  'https://bücher.example',
  '  https://api.example.com\\v2 ',
  'https://host:abc/x',
  'HTTPS://api.example.com',
];
const PATHS = [
  '',
  '/',
  '/items/{id}',
  '/items/%7Bid%7D/sub',
  "/a b/c'd/e|f^g`h",
  '/repos/<owner>/x"y',
  '/files/a%2Fb;v=1,2',
  '/search?q=a+b&q=c%20d&flag',
  '/responses/input_tokens?beta=true',
  '/x#frag?not-query',
  '/p/.a.b/;id=1;id=2/[x]',
  '/~user/!$&()*+,=:@',
  '/tab\there',
];

const same = (input: string): void => {
  const ours = parse(input, true, true);
  const theirs = nodeUrl.parse(input, true, true);
  const keys = ['protocol', 'slashes', 'auth', 'host', 'port', 'hostname', 'hash', 'search', 'pathname', 'path', 'href'] as const;
  for (const key of keys) assert.equal(ours[key], theirs[key], `${key} of ${JSON.stringify(input)}`);
  assert.deepEqual({ ...(ours.query as object) }, { ...(theirs.query as object) }, `query of ${JSON.stringify(input)}`);
  // As httpsnippet formats it: without the query, and with a query of its own.
  assert.equal(format({ ...ours, query: null, search: null }), nodeUrl.format({ ...theirs, query: null, search: null }), `format of ${JSON.stringify(input)}`);
  const query = { a: '1', b: ['x y', 'z'] };
  assert.equal(
    format({ ...ours, query, search: 'a=1&b=x y&b=z#', path: 'p' }),
    nodeUrl.format({ ...theirs, query, search: 'a=1&b=x y&b=z#', path: 'p' } as nodeUrl.UrlObject),
    `format with a query of ${JSON.stringify(input)}`,
  );
  assert.equal(format({ ...ours, search: '' }), nodeUrl.format({ ...theirs, search: '' }), `format of the query object of ${JSON.stringify(input)}`);
};

describe('the legacy URL parser httpsnippet gets in the browser', () => {
  test('parses and formats every server and path of a sample as Node does', () => {
    let count = 0;
    for (const server of SERVERS) {
      for (const path of PATHS) {
        same(server + path);
        count++;
      }
    }
    assert.equal(count, SERVERS.length * PATHS.length);
  });

  test('and URLs without a scheme or host, with only a query or a hash', () => {
    for (const input of ['/relative/{x}', '//host.example/p', 'mailto:someone@example.com', 'http://', 'https://?q=1', 'https://h#x', 'file:///tmp/a b', 'x:y']) same(input);
  });
});
