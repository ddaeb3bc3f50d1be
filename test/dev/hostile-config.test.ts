/**
 * `docjet dev` on a docs.json that once crashed the loader or the redirects: a key written twice
 * with an object first (`{"a":{},"a":1}`: "Invalid value used as weak map key", after which every
 * request answered 500) and a redirect source that climbs out (`/a/../../x`). The site is served,
 * the duplicate is a warning, the redirect answers at the path a browser asks for.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { dev, type DevEvent } from '../../src/dev/dev-server.ts';
import { scratchFolder } from '../support/scratch.ts';

test('a key written twice with an object first, and a redirect with "..": the site is served, not 500 everywhere', async (t) => {
  const { dir: root, closeFirst } = await scratchFolder(t, 'docjet-dev-hostile-');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe first paragraph.\n');
  await writeFile(path.join(root, 'docs.json'), '{"name":"Harbor","navigation":{"pages":["guide"]},\n"redirects":[{"source":"/a/../../x","destination":"/guide"}],\n"a":{},"a":1}');
  const events: DevEvent[] = [];
  const server = await dev({ root, port: 0, watch: false, ahead: false, onEvent: (event) => events.push(event) });
  closeFirst(() => server.close());
  await server.ready;
  const ready = events.find((event) => event.type === 'ready');
  assert.ok(ready?.type === 'ready' && ready.ok, 'the site is ready, with warnings only');
  const guide = await fetchRaw(server, '/guide');
  assert.equal(guide.status, 200);
  assert.match(guide.body, /The first paragraph\./);
  const moved = await fetchRaw(server, '/x');
  assert.deepEqual([moved.status, moved.headers.location], [301, '/guide']);
});
