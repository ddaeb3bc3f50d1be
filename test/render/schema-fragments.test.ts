/**
 * Levels of fields past a page's budget (src/render/endpoint/schema-fragment.ts): the page shows
 * "Show child attributes" over a link to a fragment of the schema, one per schema and side, shared
 * by every field that holds it; the fragment shows the fields with the page's markup, and stops at
 * its own budget the same way.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { renderEndpoint } from '../../src/render/endpoint/index.ts';
import { schemaFragment } from '../../src/render/endpoint/schema-fragment.ts';
import { renderSchemaFragment, renderSchemaPage } from '../../src/render/endpoint/schema-page.ts';

const PREFIX = '/_docjet/schemas/';

/** `count` properties named `prefix0`…, each `value`. */
function properties(prefix: string, count: number, value: (index: number) => unknown): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, value(index)]));
}

// 20 branches of 30 leaves of 30 strings: the branches fit a page, their 600 leaves do not.
const leaf = {
  type: 'object',
  properties: { ...properties('s', 28, () => ({ type: 'string' })), id: { type: 'string', readOnly: true }, secret: { type: 'string', writeOnly: true } },
};
const branch = { type: 'object', description: 'A branch.', properties: properties('leaf', 30, () => ({ $ref: '#/components/schemas/Leaf' })) };
const body = { type: 'object', properties: properties('b', 20, () => ({ $ref: '#/components/schemas/Branch' })) };
/** An inline schema, written out twice in the response under two names. */
const inline = () => ({ type: 'object', properties: properties('m', 30, () => ({ $ref: '#/components/schemas/Branch' })) });
const response = {
  type: 'object',
  properties: { ...properties('b', 18, () => ({ $ref: '#/components/schemas/Branch' })), meta: inline(), extra: inline() },
};
const spec = {
  openapi: '3.0.3',
  info: { title: 'Trees', version: '1' },
  paths: {
    '/trees': {
      post: {
        summary: 'Plant a tree',
        requestBody: { content: { 'application/json': { schema: body } } },
        responses: { 200: { description: 'The tree', content: { 'application/json': { schema: response } } } },
      },
    },
  },
  components: { schemas: { Leaf: leaf, Branch: branch } },
};
const document = parseOpenApi({ file: 'api/trees.json', text: JSON.stringify(spec) }).document!;
const page = renderEndpoint({ document, operation: document.operations[0]!, fragmentPrefix: PREFIX });

const branchRequest = schemaFragment('api/trees.json', '#/components/schemas/Branch', 'request', 'Branch');
const branchResponse = schemaFragment('api/trees.json', '#/components/schemas/Branch', 'response', 'Branch');
const META = '#/paths/~1trees/post/responses/200/content/application~1json/schema/properties/meta';
const meta = schemaFragment('api/trees.json', META, 'response', 'meta', inline());

function lazyLevel(id: string, title: string): string {
  return (
    '<details class="expandable" data-fields><summary>Show child attributes</summary><div class="expandable-content">' +
    `<p class="schema-more"><a href="${PREFIX}${id}.html">Fields of <code>${title}</code></a></p></div></details>`
  );
}

function count(html: string, fragment: string): number {
  return html.split(fragment).length - 1;
}

describe('a page past its budget', () => {
  test('links each cut level to the fragment of its schema, one per schema and side', () => {
    assert.equal(count(page.html, lazyLevel(branchRequest.id, 'Branch')), 20);
    assert.equal(count(page.html, lazyLevel(branchResponse.id, 'Branch')), 18);
    assert.deepEqual(page.fragments, [branchRequest, branchResponse, meta]);
  });

  test('an inline schema is a fragment too, found by its place in the spec and shared by its copies', () => {
    assert.equal(count(page.html, lazyLevel(meta.id, 'meta')), 1);
    assert.equal(count(page.html, lazyLevel(meta.id, 'extra')), 1);
    assert.deepEqual(meta, { id: meta.id, spec: 'api/trees.json', pointer: META, mode: 'response', title: 'meta' });
    assert.match(meta.id, /^fields\.[0-9a-f]{10}$/);
  });

  test('no level is cut without a way to open it', () => {
    assert.doesNotMatch(page.html, /schema-depth|left out/);
  });
});

describe('a fragment', () => {
  const fields = renderSchemaFragment({ document, fragment: branchRequest, prefix: PREFIX });
  const leafRequest = schemaFragment('api/trees.json', '#/components/schemas/Leaf', 'request', 'Leaf');

  test("shows the schema's fields with the field markup of endpoint pages", () => {
    assert.ok(
      fields.html.startsWith(
        '<div class="schema-fields"><div class="field param-field"><div class="field-header"><code class="field-name">leaf0</code><span class="field-type">object</span></div>',
      ),
    );
    assert.equal(count(fields.html, '<div class="field param-field">'), 30);
  });

  test('stops at its own budget, and links on to the next fragment', () => {
    assert.equal(count(fields.html, lazyLevel(leafRequest.id, 'Leaf')), 30);
    assert.deepEqual(fields.fragments, [leafRequest]);
  });

  test('shows the fields of its side only: a request has no read-only field, a response no write-only one', () => {
    const request = renderSchemaFragment({ document, fragment: leafRequest, prefix: PREFIX }).html;
    const reply = renderSchemaFragment({ document, fragment: schemaFragment('api/trees.json', '#/components/schemas/Leaf', 'response', 'Leaf'), prefix: PREFIX }).html;
    assert.deepEqual([request.includes('>secret<'), request.includes('>id<')], [true, false]);
    assert.deepEqual([reply.includes('>secret<'), reply.includes('>id<')], [false, true]);
    assert.equal(count(reply, '<div class="field response-field">'), 29);
  });
});

describe('a model page', () => {
  const model = renderSchemaPage({ document, name: 'Branch', fragments: { spec: 'api/trees.json', prefix: PREFIX } });

  test('shows the model\'s description and every field under a "Fields" heading', () => {
    assert.ok(
      model.html.startsWith(
        '<div class="endpoint endpoint-schema" data-schema="Branch"><section class="endpoint-section"><h2 id="fields">Fields</h2><div class="schema-description"><p>A branch.</p>',
      ),
    );
    assert.equal(count(model.html, '<div class="field response-field"><div class="field-header"><code class="field-name">leaf'), 30);
    assert.deepEqual(model.headings, [{ depth: 2, id: 'fields', text: 'Fields' }]);
  });

  test('links the levels past its budget to fragments that show every field', () => {
    const leafModel = schemaFragment('api/trees.json', '#/components/schemas/Leaf', 'schema', 'Leaf');
    assert.equal(count(model.html, lazyLevel(leafModel.id, 'Leaf')), 30);
    assert.deepEqual(model.fragments, [leafModel]);
  });

  test('shows read-only and write-only fields alike', () => {
    const leafModel = renderSchemaPage({ document, name: 'Leaf' });
    assert.deepEqual([leafModel.html.includes('<code class="field-name">id</code>'), leafModel.html.includes('<code class="field-name">secret</code>')], [true, true]);
  });
});
