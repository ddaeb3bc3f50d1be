import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGE_CODES } from '../../src/config/languages.ts';
import { UI_STRINGS, uiStrings } from '../../src/render/ui-strings.ts';

test('every language code of the spec has every interface string, and each is translated', () => {
  const keys = Object.keys(UI_STRINGS.en).sort();
  assert.deepEqual(Object.keys(UI_STRINGS).sort(), [...LANGUAGE_CODES].sort());
  for (const code of LANGUAGE_CODES) {
    const strings = UI_STRINGS[code];
    assert.deepEqual(Object.keys(strings).sort(), keys, code);
    for (const [key, value] of Object.entries(strings)) assert.ok(value.trim().length > 0, `${code}.${key} is empty`);
    if (code !== 'en') assert.notEqual(strings.onThisPage, UI_STRINGS.en.onThisPage, `${code} "On this page" is still English`);
  }
});

test('a page without a language uses English', () => {
  assert.equal(uiStrings(undefined).previous, 'Previous');
  assert.equal(uiStrings('jp').onThisPage, 'このページの内容');
});
