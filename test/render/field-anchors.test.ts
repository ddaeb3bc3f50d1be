/**
 * Parameter and field anchors (issue 30): every field of a generated endpoint page has an id made
 * of its path of names (`#param-limit`, `#body-address-city`, `#response-data-id`), unique on the
 * page; `<ParamField>` and `<ResponseField>` in a page have `param-<name>` as on the hosted
 * product; and `docjet check` follows links to both.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkLinks } from '../../src/dev/link-check.ts';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { renderEndpoint } from '../../src/render/endpoint/index.ts';

const SITE = fileURLToPath(new URL('../fixtures/check/field-anchors', import.meta.url));

function page(): string {
  const result = parseOpenApi({ file: 'openapi.yaml', text: readFileSync(path.join(SITE, 'openapi.yaml'), 'utf8') });
  const document = result.document!;
  return renderEndpoint({ document, operation: document.operations[0]! }).html;
}

test('each field of an endpoint page has an anchor named by its path; a field shown twice is numbered', () => {
  const html = page();
  const fields = [...html.matchAll(/<div class="field (?:param|response)-field" id="([^"]+)"/g)].map((match) => match[1]);
  assert.deepEqual(fields, [
    'param-limit',
    'param-x-request-id',
    'body-name',
    'body-address',
    'body-address-city',
    'body-address-postal-code',
    // The form body's own tab: the same names, numbered.
    'body-address-1',
    'body-address-city-1',
    'body-address-postal-code-1',
    'response-data',
    'response-data-id',
    // The 400 shows the 200's schema again.
    'response-data-1',
    'response-data-id-1',
  ]);
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(new Set(ids).size, ids.length, 'every id on the page is unique');
});

test('docjet check follows links to field anchors of endpoint pages and of ParamField/ResponseField', async () => {
  const result = await checkLinks({ root: SITE });
  const problems = result.diagnostics.map((each) => `${each.file}:${each.line} ${each.code} ${/^"([^"]+)"/.exec(each.message)?.[1]}`);
  assert.deepEqual(problems, ['index.mdx:9 anchor-missing /api-reference/customers/create-a-customer#param-nope']);
});
