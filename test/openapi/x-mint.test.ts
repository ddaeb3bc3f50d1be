/**
 * An operation's `x-mint` extension as the index reads it (format-behaviour.md §4.3): `href`,
 * `metadata` (frontmatter for the generated page, `openapi` aside) and `content` (MDX, as written).
 * What the site does with them is tested on a build (test/output/openapi-extras.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';

function operationOf(mint: unknown) {
  const spec = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', 'x-mint': mint } } } };
  const { document } = parseOpenApi({ file: 'api.json', text: JSON.stringify(spec) });
  return document!.operations[0]!;
}

test('metadata is kept for the page\'s frontmatter, without an `openapi` that would name another operation', () => {
  const operation = operationOf({ href: '/pets/list', metadata: { title: 'All pets', 'og:title': 'Pets', openapi: 'GET /owners' } });
  assert.equal(operation.href, '/pets/list');
  assert.deepEqual(operation.metadata, { title: 'All pets', 'og:title': 'Pets' });
});

test('content is kept as written, indentation and all', () => {
  const content = '  Indented first line.\n\n```bash\ncurl x\n```\n';
  assert.equal(operationOf({ content }).content, content);
});

test('empty or malformed values are no values', () => {
  const operation = operationOf({ metadata: { openapi: 'GET /x' }, content: '  \n' });
  assert.deepEqual([operation.metadata, operation.content], [undefined, undefined]);
  const wrong = operationOf({ metadata: ['title'], content: 42 });
  assert.deepEqual([wrong.metadata, wrong.content], [undefined, undefined]);
});
