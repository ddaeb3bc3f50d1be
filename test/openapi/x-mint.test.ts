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

test("metadata is kept for the page's frontmatter, without an `openapi` that would name another operation", () => {
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

test("groups: operations limited to access groups get one warning, at the first one's x-mint, since a docjet site publishes them for everyone", () => {
  const yaml = [
    'openapi: 3.1.0',
    'info: { title: T, version: "1" }',
    'paths:',
    '  /pets:',
    '    get:',
    '      summary: List pets',
    '  /admin/users:',
    '    get:',
    '      summary: List users',
    '      x-mint:',
    '        groups: [admin]',
    '    delete:',
    '      summary: Remove users',
    '      x-mint: { groups: admin }',
    '',
  ].join('\n');
  const { document, diagnostics } = parseOpenApi({ file: 'api.yaml', text: yaml });
  assert.equal(document!.operations.length, 3, 'the pages are still made');
  const warnings = diagnostics.filter((diagnostic) => diagnostic.code === 'openapi-access-groups');
  assert.equal(warnings.length, 1);
  assert.deepEqual([warnings[0]!.file, warnings[0]!.line, warnings[0]!.column], ['api.yaml', 10, 7]);
  assert.match(warnings[0]!.message, /^2 operations of `api\.yaml` are limited to signed-in readers .*first: GET \/admin\/users\).*published for everyone/);

  const json = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/pets': { get: { 'x-mint': { groups: [] } } } } });
  assert.deepEqual(parseOpenApi({ file: 'api.json', text: json }).diagnostics, [], 'an empty list limits nothing');
});
