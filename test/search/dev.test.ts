/**
 * Search in `docjet dev`: pages carry the search button and its module, the index is served from
 * memory under `_docjet/search/` (made on the first request), and an edited page (or snippet) is
 * found by its new words, the index updated as a fresh build would write it. On a copy of the
 * search fixture (dev writes its cache into the site folder).
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dev } from '../../src/dev/dev-server.ts';
import type { Manifest } from '../../src/portable/search-format.ts';
import { searchIndex } from '../../src/search/index.ts';
import { validate } from '../../src/validate/index.ts';
import { fetchRaw } from '../support/http.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/e2e/search');

test('dev serves the search modules and the index, and the index follows edits of pages, snippets and titles', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-search-dev-'));
  await cp(FIXTURE, dir, { recursive: true });
  const server = await dev({ root: dir, port: 0, watch: false, ahead: false });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;

  const page = await fetchRaw(server, '/guides/install');
  const dialog = /data-search-script="([^"]+)"/.exec(page.body)?.[1];
  const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(page.body)?.[1];
  assert.match(dialog ?? '', /^\/_docjet\/search-dialog\.[0-9a-f]{10}\.mjs$/);
  assert.match(entry ?? '', /^\/_docjet\/search\.[0-9a-f]{10}\.mjs$/);
  for (const script of [dialog!, entry!]) {
    const reply = await fetchRaw(server, script);
    assert.deepEqual([reply.status, reply.headers['content-type']], [200, 'text/javascript; charset=utf-8']);
  }

  /** The postings of `term` in the index dev serves now. */
  const postings = async (term: string): Promise<number[] | undefined> => {
    const manifest = JSON.parse((await fetchRaw(server, '/_docjet/search/index.json')).body) as Manifest;
    const shard = manifest.shards[term[0]!] ?? manifest.shards[term.slice(0, 2)];
    return shard === undefined ? undefined : (JSON.parse((await fetchRaw(server, `/_docjet/search/${shard}`)).body) as Record<string, number[]>)[term];
  };
  assert.equal((await postings('zephyrine'))?.length, 3);
  assert.equal((await fetchRaw(server, '/_docjet/search/t-nothing.json')).status, 404);

  /** What dev serves is what a fresh build of the folder writes: only the changed pages were read again, and nothing was missed. */
  const asFresh = async (): Promise<void> => {
    const { site } = await validate({ root: dir });
    const fresh = JSON.parse((await searchIndex(site!, '/')).get('index.json')!) as Manifest;
    assert.deepEqual(JSON.parse((await fetchRaw(server, '/_docjet/search/index.json')).body), fresh);
  };

  const edit = async (file: string, from: string, to: string): Promise<void> => {
    const absolute = path.join(dir, file);
    await writeFile(absolute, (await readFile(absolute, 'utf8')).replace(from, to));
    await server.changed([{ file, kind: 'update' }]);
  };
  await edit('guides/install.mdx', 'zephyrine', 'xylophone');
  assert.equal(await postings('zephyrine'), undefined);
  assert.equal((await postings('xylophone'))?.length, 3);
  await asFresh();

  // A snippet edited: the page that includes it is found by the snippet's new word.
  await edit('snippets/wick-care.mdx', 'wickmoss', 'quillmoss');
  assert.equal(await postings('wickmoss'), undefined);
  assert.equal((await postings('quillmoss'))?.length, 3);
  await asFresh();

  // A title changed (the site is resolved again): the other pages' records are kept, the index is still whole.
  await edit('guides/shared.mdx', 'title: "Flame settings"', 'title: "Flame presets"');
  assert.deepEqual(await postings('presets'), [2, 64, 0], 'page 2, a title match');
  await asFresh();
});
