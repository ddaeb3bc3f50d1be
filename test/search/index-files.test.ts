/**
 * The index as files (src/search/index-files.ts): a small manifest, term files by first character
 * (split by the second when large), tail files for typos in a first letter, a details file per page, scores that put titles first; and, for `dev`, an index written again only where a change
 * touched it, ending up as a fresh one would be.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Manifest } from '../../src/portable/search-format.ts';
import { IndexWriter, searchIndexFiles } from '../../src/search/index-files.ts';
import type { SearchRecord } from '../../src/search/records.ts';

function record(route: string, title: string, text: string, extra: Partial<SearchRecord> = {}): SearchRecord {
  return { route, title, path: 'Guides', keys: [], sections: [{ text }], boost: 1, scopes: [], ...extra };
}

/** The manifest and the parsed entries of the term (or tail) file holding `key`'s group. */
function entries(files: Map<string, string>, table: 'shards' | 'tails', key: string): Record<string, unknown> {
  const manifest = JSON.parse(files.get('index.json')!) as Manifest;
  return JSON.parse(files.get(manifest[table][key]!)!) as Record<string, unknown>;
}

test('a title match scores above a heading or key match, which scores above any body match; boost multiplies', () => {
  const files = searchIndexFiles(
    [
      record('a', 'Deploy', 'nothing'),
      record('b', 'Other', 'x', { sections: [{ text: '' }, { heading: { id: 'deploy', text: 'Deploy', depth: 2 }, text: 'y' }] }),
      record('c', 'Other', 'deploy deploy deploy deploy deploy deploy deploy deploy'),
      record('d', 'Other', 'deploy', { boost: 2 }),
    ],
    '/',
  );
  // [page gap, score, section mask] per page.
  assert.deepEqual(entries(files, 'shards', 'd')['deploy'], [0, 64, 0, 1, 16, 2, 1, 13, 1, 1, 8, 1]);
});

test('tail files give each term without its first letter the first letters it comes with', () => {
  const files = searchIndexFiles([record('a', 'Search', 'research, lurch and an ox')], '/');
  assert.deepEqual(entries(files, 'tails', 'e'), { earch: 's', esearch: 'r' });
  assert.deepEqual(entries(files, 'tails', 'n'), { nd: 'a' });
  assert.deepEqual(Object.keys((JSON.parse(files.get('index.json')!) as Manifest).tails), ['e', 'n', 'u'], 'two-letter words have no tail');
});

test("the manifest names every file; pages' scopes are run-length coded", () => {
  const records = [
    record('one', 'One', 'alpha', { scopes: [{ version: 'v2' }] }),
    record('two', 'Two', 'beta', { scopes: [{ version: 'v2' }] }),
    record('three', 'Three', 'gamma', { scopes: [{ version: 'v1' }, { version: 'v2' }] }),
    record('four', 'Four', 'delta'),
  ];
  const files = searchIndexFiles(records, '/docs/');
  const manifest = JSON.parse(files.get('index.json')!) as Manifest;
  assert.deepEqual(manifest.scopes, [
    ['v2', null, null],
    ['v1', null, null],
  ]);
  assert.deepEqual(manifest.scopeSets, [[0], [0, 1], []]);
  assert.deepEqual(manifest.pageScopes, [2, 0, 1, 1, 1, 2]);
  assert.deepEqual(Object.keys(manifest.shards).sort(), ['a', 'b', 'd', 'f', 'g', 'o', 't']);
  const details = Array.from({ length: 4 }, (_, page) => `f-${manifest.details.slice(page * 10, page * 10 + 10)}.json`);
  assert.deepEqual([...files.keys()].sort(), ['index.json', ...details, ...Object.values(manifest.shards), ...Object.values(manifest.tails)].sort());
  assert.match(manifest.shards['a']!, /^t-a\.[0-9a-f]{10}\.json$/);
  // What a result's line shows is in the manifest; a page's headings and excerpt text in its own file.
  assert.deepEqual([manifest.hrefs[0], manifest.titles[0], manifest.paths, manifest.pagePaths, manifest.methods], ['/docs/one', 'One', ['Guides'], [4, 0], {}]);
  assert.deepEqual(JSON.parse(files.get(details[0]!)!), [['', '', 'alpha']]);
});

test('a large term file is split by the second character; each page has its details file', () => {
  const records = Array.from({ length: 40 }, (_, index) => record(`p${index}`, `Page ${index}`, Array.from({ length: 800 }, (__, word) => `s${index % 7}x${word}`).join(' ')));
  const manifest = JSON.parse(searchIndexFiles(records, '/').get('index.json')!) as Manifest;
  assert.equal(manifest.shards['s'], undefined);
  assert.ok(manifest.shards['s0'] && manifest.shards['s6']);
  assert.equal(manifest.details.length, 40 * 10);
});

/** Forty pages of a few words each, page 7 about "lantern". */
const PAGES = Array.from({ length: 40 }, (_, index) => record(`p${index}`, `Page ${index}`, index === 7 ? 'the lantern glows' : `common text ${index % 3}`));

test('dev: a page edited writes again its details file and the term and tail files of the words that came or went, nothing else', () => {
  const writer = new IndexWriter('/');
  const before = writer.update(PAGES);
  const edited = PAGES.map((page, index) => (index === 7 ? record('p7', 'Page 7', 'the candle glows') : page));
  const after = writer.update(edited);
  assert.deepEqual(after, searchIndexFiles(edited, '/'), 'the same files as a fresh index');
  const name = (file: string): string => file.replace(/\.[0-9a-f]{10}\.json$/, '').replace(/^f-[0-9a-f]{10}\.json$/, 'f');
  // "lantern" went (its term file had no other word; its tail "antern" shared a file with "andle"), "candle" came.
  assert.deepEqual(
    [...after.keys()]
      .filter((file) => !before.has(file))
      .map(name)
      .sort(),
    ['f', 's-a', 't-c'],
  );
  assert.deepEqual(
    [...before.keys()]
      .filter((file) => !after.has(file))
      .map(name)
      .sort(),
    ['f', 's-a', 't-c', 't-l'],
  );
});

test('dev: pages added, removed or edited in several rounds end up as a fresh index would be', () => {
  const writer = new IndexWriter('/docs/');
  writer.update(PAGES);
  const rounds: SearchRecord[][] = [
    PAGES.slice(0, 30),
    [...PAGES.slice(0, 30), record('new', 'Fresh page', 'zephyr wick')],
    [...PAGES.slice(0, 30).map((page, index) => (index === 3 ? record('p3', 'Page 3', 'zephyr too', { boost: 2 }) : page)), record('new', 'Fresh page', 'wick')],
    PAGES,
  ];
  for (const records of rounds) assert.deepEqual(writer.update(records), searchIndexFiles(records, '/docs/'));
});
