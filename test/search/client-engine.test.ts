/**
 * The browser's side of search (src/client/search-dialog.mts, compiled), run on indexes made by
 * src/search: prefix and typo matching (in the first letter too), titles and headings first, boost, scoping and widening,
 * Chinese and Japanese queries, the files a query fetches, and excerpts marked without markup.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { searchIndexFiles } from '../../src/search/index-files.ts';
import type { SearchRecord } from '../../src/search/records.ts';
import { client, serveIndex } from './client.ts';

function record(route: string, title: string, text: string, extra: Partial<SearchRecord> = {}): SearchRecord {
  return { route, title, path: '', keys: [], sections: [{ text }], boost: 1, scopes: [], ...extra };
}

/** The titles `query` finds, best first, on an index of `records`. */
async function titles(records: readonly SearchRecord[], query: string, reader: object = {}, widened = false): Promise<string[]> {
  serveIndex(searchIndexFiles(records, '/'));
  const found = await client.search(new client.IndexFiles('/_docjet/search/'), query, reader, widened);
  return found.results.map((result) => result.page[1]);
}

const SITE = [
  record('body', 'Overview', 'Configure the cluster before you deploy.'),
  record('title', 'Deploy', 'How it ships.'),
  record('heading', 'Guide', '', { sections: [{ text: 'Intro.' }, { heading: { id: 'deploy-it', text: 'Deploy it', depth: 2 }, text: 'Steps.' }] }),
  record('boosted', 'Release notes', 'We deploy weekly.', { boost: 2 }),
];

test('a title match comes first, then a heading, then body matches, boost lifting one over another', async () => {
  assert.deepEqual(await titles(SITE, 'deploy'), ['Deploy', 'Guide', 'Release notes', 'Overview']);
});

test('a word being typed matches by prefix; a typo still finds the word; every word must match', async () => {
  assert.deepEqual(await titles(SITE, 'clus'), ['Overview']);
  assert.deepEqual(await titles(SITE, 'clsuter'), ['Overview']);
  assert.deepEqual(await titles(SITE, 'deplyo'), ['Deploy', 'Guide', 'Release notes', 'Overview']);
  assert.deepEqual(await titles(SITE, 'deploy weekly'), ['Release notes']);
  assert.deepEqual(await titles(SITE, 'deploy nowhere'), []);
});

test('a typo in the first letter still finds the word: another letter, one missing, the first two swapped, one too many', async () => {
  for (const query of ['xluster', 'luster', 'lcuster', 'scluster', 'deploy xluster']) assert.deepEqual(await titles(SITE, query), ['Overview'], query);
  assert.deepEqual(client.tailsLookedUp('xear'), ['ear', 'xear', 'xar', 'ar']);
  const letters: Record<string, string> = { earch: 'rs', search: 'e' };
  assert.deepEqual(client.firstLetterTerms('xearch', (tail) => letters[tail]).sort(), ['rearch', 'search']);
  assert.deepEqual(client.firstLetterTerms('search', (tail) => letters[tail]).sort(), ['esearch', 'rearch'], 'a word spelt right: its other spellings');
});

test('a word spelt right or being typed fetches no tail file; a word nothing matches fetches the tail files and the term files of its near misses', async () => {
  const files = searchIndexFiles(SITE, '/');
  const fetched = serveIndex(files);
  const index = new client.IndexFiles('/_docjet/search/');
  await client.search(index, 'cluster', {}, false);
  await client.search(index, 'clus', {}, false);
  assert.deepEqual(
    fetched.map((name) => name.replace(/\.[0-9a-f]{10}\.json$/, '').replace(/^f-[0-9a-f]{10}\.json$/, 'f')),
    ['index.json', 't-c', 'f'],
  );
  fetched.length = 0;
  // No term starts with x (no t-x, no s-x); "luster" and "uster" are looked up; t-c, holding "cluster", is loaded already.
  await client.search(index, 'xluster', {}, false);
  assert.deepEqual(fetched.map((name) => name.replace(/\.[0-9a-f]{10}\.json$/, '').replace(/^f-[0-9a-f]{10}\.json$/, 'f')).sort(), ['s-l', 's-u']);
});

test("results stay in the reader's version, language and product unless widened (language stays)", async () => {
  const records = [
    record('v2/a', 'Install two', 'lamp', { scopes: [{ version: '2', language: 'en', product: 'Cloud' }] }),
    record('v1/a', 'Install one', 'lamp', { scopes: [{ version: '1', language: 'en', product: 'Cloud' }] }),
    record('both', 'Install both', 'lamp', {
      scopes: [
        { version: '1', language: 'en', product: 'Cloud' },
        { version: '2', language: 'en', product: 'Cloud' },
      ],
    }),
    record('fr', 'Installer', 'lamp', { scopes: [{ version: '2', language: 'fr', product: 'Cloud' }] }),
    record('self', 'Install self', 'lamp', { scopes: [{ version: '2', language: 'en', product: 'Self-host' }] }),
    record('unlisted', 'Install anywhere', 'lamp'),
  ];
  assert.deepEqual(await titles(records, 'lamp', { version: '2', language: 'en', product: 'Cloud' }), ['Install two', 'Install both', 'Install anywhere']);
  assert.deepEqual(await titles(records, 'lamp', { version: '1', language: 'en', product: 'Cloud' }), ['Install one', 'Install both', 'Install anywhere']);
  assert.deepEqual(await titles(records, 'lamp', { version: '1', language: 'en', product: 'Cloud' }, true), [
    'Install two',
    'Install one',
    'Install both',
    'Install self',
    'Install anywhere',
  ]);
});

test('Chinese and Japanese are found by any run of their characters', async () => {
  const records = [record('zh', '工作流', '创建一个工作流程。'), record('ja', 'ナレッジベース', 'ナレッジを検索する。'), record('en', 'Workflow', 'A workflow.')];
  assert.deepEqual(await titles(records, '工作流'), ['工作流']);
  assert.deepEqual(await titles(records, '流程'), ['工作流']);
  assert.deepEqual(await titles(records, '知'), []);
  assert.deepEqual(await titles(records, 'ナレッジ'), ['ナレッジベース']);
  assert.deepEqual(await titles(records, '検索'), ['ナレッジベース']);
});

test('a query fetches the manifest, the term file of each word and the details files of its results only', async () => {
  const records = Array.from({ length: 100 }, (_, index) => record(`p${index}`, `Page ${index}`, index === 70 ? 'rare word' : 'common text'));
  const fetched = serveIndex(searchIndexFiles(records, '/'));
  const found = await client.search(new client.IndexFiles('/_docjet/search/'), 'rare', {}, false);
  assert.deepEqual(
    found.results.map((result) => result.page[0]),
    ['/p70'],
  );
  assert.deepEqual(
    fetched.map((name) => name.replace(/\.[0-9a-f]{10}\.json$/, '').replace(/^f-[0-9a-f]{10}\.json$/, 'f')),
    ['index.json', 't-r', 'f'],
  );
});

test('excerpts are cut around the first match, matches marked as parts, never as markup', () => {
  const text = `${'lead '.repeat(40)}the <b>deployment</b> of a cluster & more ${'tail '.repeat(40)}`;
  const parts = client.highlight(text, ['deploy'], 'deploy', 80);
  assert.deepEqual(
    parts.filter((part) => part.mark),
    [{ text: 'deployment', mark: true }],
  );
  assert.equal(parts[0]!.text, '…');
  assert.ok(
    parts
      .map((part) => part.text)
      .join('')
      .includes('<b>deployment</b>'),
    'text stays text: the dialog makes text nodes of it',
  );
  assert.deepEqual(client.highlight('使用工作流', [], '工作流'), [
    { text: '使用', mark: false },
    { text: '工作流', mark: true },
  ]);
});

test('typos: one edit for words of four letters or more, two from eight, swapped neighbours count once', () => {
  assert.equal(client.withinEdits('deplyo', 'deploy', 1), true);
  assert.equal(client.withinEdits('dploy', 'deploy', 1), true);
  assert.equal(client.withinEdits('dpoly', 'deploy', 1), false);
  assert.deepEqual(
    client.candidatesOf('cat', { cart: [0, 1, 1], cat: [0, 1, 1], category: [0, 1, 1] }).map((candidate) => candidate.term),
    ['cat', 'category'],
  );
  assert.deepEqual(client.queryTokens('a deploy b'), ['deploy']);
  assert.deepEqual(client.queryTokens('d'), ['d']);
});

/** A site of `pages` pages with a realistic spread of words: a few on every page, most on a handful. */
function generatedSite(pages: number): SearchRecord[] {
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  // Zipf-like: word n is drawn about 1/n as often as word 1.
  const word = (): string => `w${Math.floor(Math.exp(next() * Math.log(20000))).toString(36)}`;
  const sentence = (length: number): string => Array.from({ length }, word).join(' ');
  return Array.from({ length: pages }, (_, index) =>
    record(`section-${Math.floor(index / 50)}/page-${index}`, `Deploy ${sentence(3)} ${index}`, sentence(120), {
      path: `Guides › Group ${Math.floor(index / 10)}`,
      sections: [
        { text: `deploy ${sentence(150)}` },
        ...[1, 2, 3].map((heading) => ({ heading: { id: `part-${heading}`, text: `Part ${heading} ${sentence(2)}`, depth: 2 }, text: sentence(150) })),
      ],
    }),
  );
}

test('on a 2,000-page index a first query (a common word, a rare one) shows its results after at most 4 files and under 300 KB gzipped, the dialog module included', async () => {
  const records = generatedSite(2000);
  const files = searchIndexFiles(records, '/');
  const dialog = await readFile(new URL('../../assets/js/search-dialog.mjs', import.meta.url), 'utf8');
  const rare = records[1234]!.title.split(' ')[1]!;
  for (const query of ['deploy', rare]) {
    const fetched = serveIndex(files);
    const index = new client.IndexFiles('/_docjet/search/');
    const lines = await client.findPages(index, query, {}, false);
    assert.ok(lines.results.length > 0, query);
    const bytes = [dialog, ...fetched.map((name) => files.get(name)!)].reduce((sum, text) => sum + gzipSync(text).length, 0);
    assert.ok(1 + fetched.length <= 4, `"${query}" fetched ${fetched.join(', ')}`);
    assert.ok(bytes < 300 * 1024, `"${query}" downloaded ${bytes} B gzipped`);
    // The details files then add what each result shows below its line, the same results as one search.
    const full = await client.withDetails(index, lines);
    assert.deepEqual(full, await client.search(new client.IndexFiles('/_docjet/search/'), query, {}, false));
    assert.ok(full.results.every((result) => result.page[4].length === 4));
  }
});
