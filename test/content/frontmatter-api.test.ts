/**
 * `api:` frontmatter (src/content/frontmatter-api.ts): a method and a URL or path make a manual API
 * page; anything else is a warning at the `api:` line that says what is wrong and what to write,
 * and the page is read as if it had no `api:`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readApiFrontmatter, splitApiUrl } from '../../src/content/frontmatter-api.ts';
import { checkFrontmatter } from '../../src/content/frontmatter-schema.ts';

test('a method (any case) and an http(s) URL or a path', () => {
  assert.deepEqual(readApiFrontmatter('POST https://api.example.com/v1/things'), { endpoint: { method: 'POST', url: 'https://api.example.com/v1/things' } });
  assert.deepEqual(readApiFrontmatter('  get   /v1/users/{id} '), { endpoint: { method: 'GET', url: '/v1/users/{id}' } });
  assert.deepEqual(readApiFrontmatter('delete http://localhost:8080/items'), { endpoint: { method: 'DELETE', url: 'http://localhost:8080/items' } });
});

test('what is wrong with a value, and the value to write instead when it is clear', () => {
  assert.deepEqual(
    ['https://api.example.com/v1', 'PSOT /v1/things', 'DELTE /x', 'FETCH /orders', 'GET', 'GET users', 'GET ftp://files.example.com', 'GET /v1/a HTTP/1.1', ''].map(
      readApiFrontmatter,
    ),
    [
      { problem: 'no-method', suggestion: 'GET https://api.example.com/v1' },
      { problem: 'unknown-method', word: 'PSOT', suggestion: 'POST /v1/things' },
      { problem: 'unknown-method', word: 'DELTE', suggestion: 'DELETE /x' },
      // Not a typo of any method: no guess.
      { problem: 'unknown-method', word: 'FETCH' },
      { problem: 'no-url' },
      { problem: 'bad-url', word: 'users', suggestion: 'GET /users' },
      { problem: 'bad-url', word: 'ftp://files.example.com' },
      { problem: 'extra-words', word: 'HTTP/1.1', suggestion: 'GET /v1/a' },
      { problem: 'no-method' },
    ],
  );
});

test('an absolute URL splits into the server the bar shows muted and the path', () => {
  assert.deepEqual(splitApiUrl('https://api.portkey.example/model-configs/{provider}'), { server: 'https://api.portkey.example', path: '/model-configs/{provider}' });
  assert.deepEqual(splitApiUrl('https://api.example.com'), { server: 'https://api.example.com', path: '/' });
  assert.deepEqual(splitApiUrl('/v1/users'), { path: '/v1/users' });
});

test('a malformed api: is a warning at its line with the fix, and is left out of the page', () => {
  const text = '---\ntitle: Create\napi: "PSOT /v1/things"\nauthMethod: bearer\n---\n';
  const { frontmatter, diagnostics } = checkFrontmatter({ file: 'create.mdx', text, data: { title: 'Create', api: 'PSOT /v1/things', authMethod: 'bearer' } });
  assert.deepEqual(frontmatter, { title: 'Create', authMethod: 'bearer' });
  assert.deepEqual(
    diagnostics.map(({ severity, code, file, line, column, message, fix }) => ({ severity, code, at: `${file}:${line}:${column}`, message, fix })),
    [
      {
        severity: 'warning',
        code: 'frontmatter-api-invalid',
        at: 'create.mdx:3:6',
        message: 'the frontmatter `api: PSOT /v1/things` starts with `PSOT`, which is not an HTTP method; the page is shown without its method bar and "Try it" panel',
        fix: 'Write `api: "POST /v1/things"`.',
      },
    ],
  );
});

test("authMethod takes the format's methods; another value is a warning naming them", () => {
  const text = '---\nauthMethod: token\n---\n';
  const { frontmatter, diagnostics } = checkFrontmatter({ file: 'page.mdx', text, data: { authMethod: 'token' } });
  assert.deepEqual(frontmatter, {});
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.line, diagnostic.message]),
    [['frontmatter-type', 2, 'the frontmatter `authMethod` is "token", but it must be "bearer", "basic", "key", "cobo" or "none"; it is ignored']],
  );
});
