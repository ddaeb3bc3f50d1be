/**
 * The direct reading of plain JSON configs (src/config/json-fast.ts) must give the values and the
 * positions the tree parser gives, and leave everything else to it (the loader then reports what is
 * wrong). Checked on written cases and on every config file of the corpus (skipped where the corpus
 * is not beside the checkout).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { LineIndex } from '../../src/shared/diagnostics.ts';
import { readPlainJson } from '../../src/config/json-fast.ts';
import { materialize, MAX_NESTING, parseJsonSource, SourceLocations, type JsonPath } from '../../src/config/json-source.ts';
import { loadConfig } from '../../src/config/load.ts';
import { tempSite } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');

/** Every position either reading gives, by JSON path: of each value, and of each key. */
function positions(value: unknown, locations: SourceLocations): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: unknown, at: JsonPath): void => {
    const spot = locations.locate(value, at);
    const key = at.length > 0 ? locations.locateKey(value, at) : undefined;
    found.set(JSON.stringify(at), `${spot?.line}:${spot?.column} ${key?.line}:${key?.column}`);
    if (node === null || typeof node !== 'object') return;
    for (const [name, child] of Object.entries(node)) visit(child, [...at, Array.isArray(node) ? Number(name) : name]);
  };
  visit(value, []);
  return found;
}

function bothWays(text: string): { plain: { value: unknown; at: Map<string, string> } | undefined; tree: { value: unknown; at: Map<string, string> } } {
  const source = { file: 'docs.json', text, lines: new LineIndex(text) };
  const fast = new SourceLocations();
  const read = readPlainJson(source, fast, MAX_NESTING);
  const slow = new SourceLocations();
  const treeValue = materialize(parseJsonSource('docs.json', text), slow);
  return {
    plain: read && { value: read.value, at: positions(read.value, fast) },
    tree: { value: treeValue, at: positions(treeValue, slow) },
  };
}

test('plain JSON is read directly, with the values and positions the tree parser gives', () => {
  const texts = [
    '{\n  "name": "A",\n  "navigation": { "tabs": [ { "tab": "Guides", "pages": ["index", "quickstart"] } ] }\n}\n',
    '{"a":[],"b":{},"c":[[],{}],"d":[1,-0.5e3,true,false,null,"x"],"e":{"f":{"g":[{"h":"i"}]}}}',
    '{ "esc\\"aped": "\\u00e9\\n", "\\u0061": 1, "__proto__": { "polluted": true }, "emoji": "🚀" }',
    '\t[\r\n 1 ,\r\n "two" , { "three" : 3 } ]  ',
    '"just a string"',
  ];
  for (const text of texts) {
    const { plain, tree } = bothWays(text);
    assert.ok(plain, text);
    assert.deepEqual(plain.value, tree.value, text);
    assert.deepEqual([...plain.at], [...tree.at], text);
  }
  const { plain } = bothWays('{ "__proto__": { "polluted": true } }');
  assert.equal(Object.hasOwn(plain?.value as object, '__proto__'), true);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
});

test('a $ref, a key written twice, nesting past the limit or text that is not JSON is left to the tree parser', () => {
  const texts = [
    '{ "navigation": { "$ref": "nav.json" } }',
    '{ "navigation": { "\\u0024ref": "nav.json" } }',
    '{ "name": "A", "name": "B" }',
    '{ "a": { "b": 1, "b": 2 } }',
    '{ "name": "A", }',
    '{ // a comment\n "name": "A" }',
    `${'['.repeat(MAX_NESTING + 1)}${']'.repeat(MAX_NESTING + 1)}`,
  ];
  for (const text of texts) assert.equal(bothWays(text).plain, undefined, text);
  // As deep as allowed is still plain.
  assert.ok(bothWays(`${'['.repeat(MAX_NESTING)}${']'.repeat(MAX_NESTING)}`).plain);
});

test('the loader reports a repeated key and reads a $ref whichever way the file is read', async (t) => {
  const root = await tempSite(t, {
    'docs.json': '{\n  "name": "A",\n  "name": "B",\n  "navigation": { "$ref": "nav.json" }\n}\n',
    'nav.json': '{ "pages": ["index"] }\n',
  });
  const loaded = loadConfig({ root });
  assert.deepEqual(loaded.value, { name: 'B', navigation: { pages: ['index'] } });
  assert.deepEqual(
    loaded.diagnostics.map((found) => `${found.code} ${found.file}:${found.line}:${found.column}`),
    ['json-duplicate-key docs.json:3:3'],
  );
  assert.deepEqual(loaded.locations.locate(loaded.value, ['navigation', 'pages', 0]), { file: 'nav.json', line: 1, column: 13 });
});

test('every config file of the corpus is read the same either way', (t) => {
  if (!existsSync(CORPUS)) {
    const message = `no corpus at ${CORPUS} (DOCJET_CORPUS names one): compared on the written cases only`;
    console.log(`docs.json reader: ${message}`);
    t.skip(message);
    return;
  }
  let read = 0;
  for (const site of readdirSync(CORPUS)) {
    for (const name of ['docs.json', 'mint.json']) {
      const file = path.join(CORPUS, site, name);
      if (!existsSync(file)) continue;
      const { plain, tree } = bothWays(readFileSync(file, 'utf8'));
      if (!plain) continue;
      read++;
      assert.deepEqual(plain.value, tree.value, file);
      assert.deepEqual([...plain.at], [...tree.at], file);
    }
  }
  assert.ok(read > 0);
});
