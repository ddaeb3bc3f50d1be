/**
 * `escapeHtml`: the five characters that could end text or a quoted attribute value, and nothing
 * else, wherever they are in the string.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml, escapeText } from '../../src/shared/html-escape.ts';

test('escapeHtml: & < > " and \' become references, anything else stays as it is', () => {
  assert.equal(escapeHtml(''), '');
  assert.equal(escapeHtml('plain words, 42 and (brackets)'), 'plain words, 42 and (brackets)');
  assert.equal(escapeHtml('"url"'), '&quot;url&quot;');
  assert.equal(escapeHtml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&#39;f');
  assert.equal(escapeHtml('&&'), '&amp;&amp;');
  assert.equal(escapeHtml('<script>alert("é 😀")</script>'), '&lt;script&gt;alert(&quot;é 😀&quot;)&lt;/script&gt;');
  // Already escaped text is escaped again: the caller hands plain text.
  assert.equal(escapeHtml('&amp;'), '&amp;amp;');
});

test("escapeText (code between tags): & < > become references, quotes stay text (issue 33: 2.6 MB of GitHub's reference)", () => {
  assert.equal(escapeText('{"name": "it\'s"}'), '{"name": "it\'s"}');
  assert.equal(escapeText(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d"e\'f');
  assert.equal(escapeText('</code><script>alert(1)</script>'), '&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  assert.equal(escapeText('&amp;'), '&amp;amp;');
});
