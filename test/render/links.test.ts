import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentUrlResolver, encodeRoute, normalizeBase, pageHref, resolveContentUrl } from '../../src/render/links.ts';
import { pageOutputPath } from '../../src/output/paths.ts';

test('a base path is normalised to /x/', () => {
  assert.deepEqual(['', '/', 'docs', '/docs/', '//docs//', 'a/b'].map(normalizeBase), ['/', '/', '/docs/', '/docs/', '/docs/', '/a/b/']);
});

test('routes are percent-encoded per segment, so an endpoint route with ? stays a path', () => {
  assert.equal(encodeRoute('api/search?q'), 'api/search%3Fq');
  assert.equal(encodeRoute('api/pets/{petId}'), 'api/pets/%7BpetId%7D');
  assert.equal(encodeRoute('guides/café'), 'guides/caf%C3%A9');
  assert.equal(pageHref('', '/docs/'), '/docs/');
  assert.equal(pageHref('api/search?q', '/'), '/api/search%3Fq');
});

test('each page is written as route/index.html', () => {
  assert.equal(pageOutputPath(''), 'index.html');
  assert.equal(pageOutputPath('guides/setup'), 'guides/setup/index.html');
});

test('links and images in a page are resolved from the page file and prefixed with the base', () => {
  assert.equal(resolveContentUrl('/images/a.png', 'guides/setup.mdx', '/docs/'), '/docs/images/a.png');
  assert.equal(resolveContentUrl('images/a.png', 'guides/setup.mdx', '/'), '/guides/images/a.png');
  assert.equal(resolveContentUrl('../logo.svg', 'guides/setup.mdx', '/'), '/logo.svg');
  assert.equal(resolveContentUrl('./other#part', 'guides/index.mdx', '/'), '/guides/other#part');
  assert.equal(resolveContentUrl('/guides/setup.mdx', 'index.mdx', '/'), '/guides/setup');
  assert.equal(resolveContentUrl('https://example.com/a', 'index.mdx', '/docs/'), 'https://example.com/a');
  assert.equal(resolveContentUrl('#anchor', 'index.mdx', '/docs/'), '#anchor');
  assert.equal(resolveContentUrl('mailto:a@b.c', 'index.mdx', '/docs/'), 'mailto:a@b.c');
});

test("a page's URL resolver resolves from the page file and drops what would run code", () => {
  const resolve = contentUrlResolver('guides/p.mdx', '/docs/');
  assert.equal(resolve('/a?x=1&y=2', 'link'), '/docs/a?x=1&y=2');
  assert.equal(resolve('img/b.png', 'image'), '/docs/guides/img/b.png');
  assert.equal(resolve('#top', 'link'), '#top');
  assert.equal(resolve('javascript:alert(1)', 'link'), undefined);
  assert.equal(resolve('data:image/png;base64,AAAA', 'image'), 'data:image/png;base64,AAAA');
  assert.equal(resolve('data:image/png;base64,AAAA', 'link'), undefined);
});
