import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeRoute, normalizeBase, pageHref, resolveContentUrl, rewriteContentUrls } from '../../src/render/links.ts';
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

test('rewriteContentUrls touches href and src only, and keeps the HTML escaped', () => {
  const html = '<a href="/a?x=1&amp;y=2">a</a><img src="img/b.png" alt="/c"><a href="#top">t</a>';
  assert.equal(rewriteContentUrls(html, 'guides/p.mdx', '/docs/'), '<a href="/docs/a?x=1&amp;y=2">a</a><img src="/docs/guides/img/b.png" alt="/c"><a href="#top">t</a>');
});
