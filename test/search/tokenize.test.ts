/**
 * Words as search sees them (src/portable/tokenize.ts), and the browser's bundle of the same module
 * (src/client/search-dialog.mts): a query must be cut the way the index was, or it finds nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { characterKey } from '../../src/portable/search-format.ts';
import { isCjkToken, tokenize } from '../../src/portable/tokenize.ts';
import { client } from './client.ts';

test('words are lowercased, Latin accents folded, split at anything not a letter or digit', () => {
  assert.deepEqual(tokenize('Café déjà-vu: createUser(v2) /pets/{petId} snake_case'), ['cafe', 'deja', 'vu', 'createuser', 'v2', 'pets', 'petid', 'snake', 'case']);
  assert.deepEqual(tokenize('Straße Ελληνικά Русский 한국어'), ['straße', 'ελληνικά', 'русский', '한국어']);
});

test('Chinese and Japanese runs become overlapping pairs and their last character', () => {
  assert.deepEqual(tokenize('工作流程'), ['工作', '作流', '流程', '程']);
  assert.deepEqual(tokenize('dify工作流v2'), ['dify', '工作', '作流', '流', 'v2']);
  assert.deepEqual(tokenize('ナレッジ'), ['ナレ', 'レッ', 'ッジ', 'ジ']);
  assert.deepEqual(tokenize('知'), ['知']);
  assert.equal(isCjkToken('工作'), true);
  assert.equal(isCjkToken('한국어'), false);
});

test('runs longer than 40 characters (hashes, keys) are left out', () => {
  assert.deepEqual(tokenize(`key ${'a1'.repeat(25)} end`), ['key', 'end']);
});

test('the browser tokenizes and keys term files exactly as the index does', () => {
  const samples = [
    'Café déjà-vu: createUser(v2) /pets/{petId}',
    '本文档由 AI 自动翻译。如有任何不准确之处，请参考 英文原版。',
    'ワークフローを実行する ナレッジベース',
    'dify工作流v2 ÀÉÎÕÜ ǅ ẞ İstanbul',
    'Русский 한국어 العربية עברית हिन्दी',
    `${'x'.repeat(41)} long`,
  ];
  for (const sample of samples) assert.deepEqual(client.tokenize(sample), tokenize(sample), sample);
  for (const character of ['a', 'z', '0', '9', '_', 'é', '工', 'ナ', '한', '𠀀']) assert.equal(client.characterKey(character), characterKey(character), character);
});
