/**
 * `docjet dev` on a spec in several files (fixture: openapi-multifile): an edit to a file that a
 * `$ref` brings in reaches the endpoint page, as an edit to the spec itself does.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dev } from '../../src/dev/dev-server.ts';
import { fetchRaw } from '../support/http.ts';

const fixture = fileURLToPath(new URL('../fixtures/openapi-multifile/', import.meta.url));

test('an edit to a file a `$ref` names reaches the endpoint page', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-multifile-'));
  const root = path.join(dir, 'site');
  await cp(fixture, root, { recursive: true });
  await rm(path.join(root, 'with-problems.yaml'));
  const config = {
    name: 'Pet shop',
    theme: 'mint',
    navigation: {
      groups: [
        { group: 'Start', pages: ['index'] },
        { group: 'API', openapi: 'openapi.yaml' },
      ],
    },
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Pet shop\n---\n\nWelcome.\n');
  const server = await dev({ root, port: 0, watch: false, ahead: false });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;

  const home = await fetchRaw(server, '/index');
  const route = /href="\/?([^"]*owner[^"]*)"/.exec(home.body)?.[1];
  assert.ok(route, 'the sidebar links the owner endpoint');
  const before = await fetchRaw(server, `/${route}`);
  assert.equal(before.status, 200);
  assert.match(before.body, /<p>The owner&#39;s id\.<\/p>/);

  await writeFile(path.join(root, 'parameters.yaml'), "owner_id:\n  name: id\n  in: path\n  required: true\n  description: The owner's number.\n  schema:\n    type: integer\n");
  await server.changed([{ file: 'parameters.yaml', kind: 'update' }]);
  const after = await fetchRaw(server, `/${route}`);
  assert.match(after.body, /<p>The owner&#39;s number\.<\/p>/);
  assert.doesNotMatch(after.body, /The owner&#39;s id\./);
});
