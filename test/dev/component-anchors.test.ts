/**
 * `docjet check` follows links to the anchors components get by the hosted product's rule (issue 31,
 * test/content/component-ids.test.ts): a CJK-only Accordion's id from its body, the next one's `-1`,
 * a Markdown title read as text, an outer Accordion before the inner one, a Step's code title; and
 * none for a title written as an expression, or slugged as written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkLinks } from '../../src/dev/link-check.ts';

const SITE = fileURLToPath(new URL('../fixtures/check/component-anchors', import.meta.url));

test('docjet check: links to component anchors made as the hosted product makes them resolve, others do not', async () => {
  const result = await checkLinks({ root: SITE });
  const problems = result.diagnostics.map((each) => `${each.file}:${each.line}:${each.column} ${each.code} ${/^"([^"]+)"/.exec(each.message)?.[1]}`);
  assert.deepEqual(problems, ['index.mdx:7:28 anchor-missing /faq#written-as-an-expression', 'index.mdx:7:79 anchor-missing /faq#see-the-docs-index-now']);
});
