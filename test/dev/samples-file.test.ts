/**
 * `docjet dev` serves the request samples file an endpoint page links to (issue 33,
 * src/render/endpoint/samples-file.ts), as the build writes it: the blocks of the samples after the
 * first tab. A name no page rendered here links to answers 404 (the page's script then writes them).
 * Fixture: a copy of test/fixtures/e2e/samples in a temporary folder.
 */
import assert from 'node:assert/strict';
import { cp } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dev } from '../../src/dev/dev-server.ts';
import { fetchRaw } from '../support/http.ts';
import { scratchFolder } from '../support/scratch.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/e2e/samples/', import.meta.url));

test('dev serves the samples file an endpoint page links to, with the blocks of its other languages; an unknown name answers 404', async (t) => {
  const { dir, closeFirst } = await scratchFolder(t, 'docjet-dev-samples-');
  await cp(FIXTURE, dir, { recursive: true });
  const server = await dev({ root: dir, port: 0, watch: false, ahead: false });
  closeFirst(() => server.close());
  await server.ready;
  const page = await fetchRaw(server, '/api-reference/add-a-note');
  assert.equal(page.status, 200);
  const href = /<a class="samples-link" href="([^"]+)">/.exec(page.body)?.[1];
  assert.match(href ?? '', /^\/_docjet\/samples\/[0-9a-f]{10}\.html$/);
  const file = await fetchRaw(server, href!);
  assert.equal(file.status, 200);
  assert.match(file.headers['content-type'] ?? '', /^text\/html/);
  assert.deepEqual(
    [...file.body.matchAll(/<div data-sample="([a-z]+)"><figure class="code-block"/g)].map((match) => match[1]),
    ['python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'csharp'],
  );
  assert.match(file.body, /<a href="\/api-reference\/add-a-note">Add a note<\/a>/, 'a link back to the page');
  assert.equal((await fetchRaw(server, '/_docjet/samples/0123456789.html')).status, 404);
});
