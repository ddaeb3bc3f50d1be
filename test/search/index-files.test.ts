/**
 * The index as files (src/search/index-files.ts): a small manifest, term files by first character
 * (split by the second when large), page files of 32 pages, scores that put titles first.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { postingsOf, searchIndexFiles, type Manifest } from '../../src/search/index-files.ts';
import type { SearchRecord } from '../../src/search/records.ts';

function record(route: string, title: string, text: string, extra: Partial<SearchRecord> = {}): SearchRecord {
  return { route, title, path: 'Guides', keys: [], sections: [{ text }], boost: 1, scopes: [], ...extra };
}

test('a title match scores above a heading or key match, which scores above any body match; boost multiplies', () => {
  const postings = postingsOf([
    record('a', 'Deploy', 'nothing'),
    record('b', 'Other', 'x', { sections: [{ text: '' }, { heading: { id: 'deploy', text: 'Deploy', depth: 2 }, text: 'y' }] }),
    record('c', 'Other', 'deploy deploy deploy deploy deploy deploy deploy deploy'),
    record('d', 'Other', 'deploy', { boost: 2 }),
  ]);
  // [page gap, score, section mask] per page.
  assert.deepEqual(postings.get('deploy'), [0, 64, 0, 1, 16, 2, 1, 13, 1, 1, 8, 1]);
});

test('the manifest names every file; pages\' scopes are run-length coded', () => {
  const records = [
    record('one', 'One', 'alpha', { scopes: [{ version: 'v2' }] }),
    record('two', 'Two', 'beta', { scopes: [{ version: 'v2' }] }),
    record('three', 'Three', 'gamma', { scopes: [{ version: 'v1' }, { version: 'v2' }] }),
    record('four', 'Four', 'delta'),
  ];
  const files = searchIndexFiles(records, '/docs/');
  const manifest = JSON.parse(files.get('index.json')!) as Manifest;
  assert.deepEqual(manifest.scopes, [['v2', null, null], ['v1', null, null]]);
  assert.deepEqual(manifest.scopeSets, [[0], [0, 1], []]);
  assert.deepEqual(manifest.pageScopes, [2, 0, 1, 1, 1, 2]);
  assert.deepEqual(Object.keys(manifest.shards).sort(), ['a', 'b', 'd', 'f', 'g', 'o', 't']);
  assert.equal(manifest.chunks.length, 1);
  assert.deepEqual([...files.keys()].sort(), ['index.json', ...manifest.chunks, ...Object.values(manifest.shards)].sort());
  assert.match(manifest.shards['a']!, /^t-a\.[0-9a-f]{10}\.json$/);
  assert.deepEqual(JSON.parse(files.get(manifest.chunks[0]!)!)[0], ['/docs/one', 'One', 'Guides', '', [['', '', 'alpha']]]);
});

test('a large term file is split by the second character; a page file holds 32 pages', () => {
  const records = Array.from({ length: 40 }, (_, index) => record(`p${index}`, `Page ${index}`, Array.from({ length: 800 }, (__, word) => `s${index % 7}x${word}`).join(' ')));
  const manifest = JSON.parse(searchIndexFiles(records, '/').get('index.json')!) as Manifest;
  assert.equal(manifest.shards['s'], undefined);
  assert.ok(manifest.shards['s0'] && manifest.shards['s6']);
  assert.deepEqual([manifest.chunks.length, manifest.pagesPerChunk], [2, 32]);
});
