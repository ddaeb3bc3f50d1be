/**
 * `api` settings docjet accepts but does not apply yet are reported at their line
 * (src/validate/rules/unapplied-settings.ts); values that ask for what docjet does anyway are not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose, PAGE, tempSite } from './helpers.ts';

const FIX = 'Remove it to silence this warning; the site is built the same with or without it.';

function docsJson(api: unknown): string {
  return JSON.stringify({ name: 'Settings', navigation: { pages: ['index'] }, api }, null, 2);
}

test('a proxy that is no http(s) URL nor path, credentials and prefill each get a warning at their docs.json line; mdx, which `api:` pages apply, none', async (t) => {
  const api = {
    params: { expanded: 'all' },
    playground: { display: 'simple', proxy: 'ftp://proxy.example.com', credentials: true },
    examples: { prefill: false },
    mdx: { server: 'https://api.example.com' },
  };
  const root = await tempSite(t, { 'docs.json': docsJson(api), 'index.mdx': PAGE });
  const warning = (setting: string, at: string, path: string, reason: string) => ({
    code: 'setting-no-effect',
    severity: 'warning',
    at,
    path,
    message: `"${setting}" has no effect yet: ${reason}`,
    fix: FIX,
  });
  assert.deepEqual(await diagnose(root), [
    warning('api.playground.proxy', 'docs.json:14:7', 'api.playground.proxy', 'a proxy is an http(s) URL or a path on the site; the "Try it" panel sends its requests without one'),
    warning('api.playground.credentials', 'docs.json:15:7', 'api.playground.credentials', 'the "Try it" panel does not send cookies with its requests'),
    warning('api.examples.prefill', 'docs.json:18:7', 'api.examples.prefill', 'the "Try it" panel does not read it'),
  ]);
});

test('settings docjet applies, or whose value is what docjet does, give no warning', async (t) => {
  const api = { params: { expanded: 'all' }, playground: { display: 'interactive', proxy: true, credentials: false }, url: 'full' };
  const root = await tempSite(t, { 'docs.json': docsJson(api), 'index.mdx': PAGE });
  assert.deepEqual(await diagnose(root), []);
  // A static build's proxy: a URL or a path on the site, applied by the panel.
  for (const proxy of ['https://proxy.example.com/forward', '/api/proxy']) {
    const named = await tempSite(t, { 'docs.json': docsJson({ playground: { proxy } }), 'index.mdx': PAGE });
    assert.deepEqual(await diagnose(named), [], proxy);
  }
});

test('integrations.cookies without "key" names no consent to wait for: a warning at its line; with a key, none', async (t) => {
  const docs = (cookies: unknown) =>
    JSON.stringify({ name: 'Settings', navigation: { pages: ['index'] }, integrations: { ga4: { measurementId: 'G-TEST123' }, cookies } }, null, 2);
  const root = await tempSite(t, { 'docs.json': docs({ value: 'yes' }), 'index.mdx': PAGE });
  assert.deepEqual(await diagnose(root), [
    {
      code: 'setting-no-effect',
      severity: 'warning',
      at: 'docs.json:12:16',
      path: 'integrations.cookies',
      message: '"integrations.cookies" has no effect yet: without "key" it names no consent to wait for, so analytics load for every reader',
      fix: FIX,
    },
  ]);
  const keyed = await tempSite(t, { 'docs.json': docs({ key: 'consent', value: 'yes' }), 'index.mdx': PAGE });
  assert.deepEqual(await diagnose(keyed), []);
});

test('a sample language no generator writes (Rust, Dart, C++, an unknown name) is reported at its entry; known names and aliases are not', async (t) => {
  const api = { examples: { languages: ['curl', 'Rust', 'dart', 'py', 'c++', 'cobol'] } };
  const root = await tempSite(t, { 'docs.json': docsJson(api), 'index.mdx': PAGE });
  const reason = 'docjet writes no samples in this language (httpsnippet, which writes them, has no Rust, Dart or C++ generator), so its tab is left out';
  const warning = (index: number, line: number) => ({
    code: 'setting-no-effect',
    severity: 'warning',
    at: `docs.json:${line}:9`,
    path: `api.examples.languages[${index}]`,
    message: `"api.examples.languages" has no effect yet: ${reason}`,
    fix: FIX,
  });
  assert.deepEqual(await diagnose(root), [warning(1, 12), warning(2, 13), warning(4, 15), warning(5, 16)]);
});
