/**
 * Fields rendered on one page and reused on the next (src/render/endpoint/field-memo.ts), and
 * samples made once per schema (src/openapi/endpoint/example.ts): every page of a document reads
 * the same, field for field and example for example, whether it is rendered alone or after pages
 * that showed the same schemas around other components.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';
import type { OpenApiDocument } from '../../src/openapi/types.ts';
import { renderEndpoint } from '../../src/render/endpoint/index.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: object) => ({ responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } });

/**
 * A user belongs to a team whose lead and members are users. Under a team, a user's `team` is the
 * team around it ("circular"); under a box, the same `team` field opens the team. Pets are a cat
 * or a dog (tabs, whose ids are the page's own); a chain of folders nests past the page's depth;
 * a crate holds a reference to nothing, which every page showing it warns about.
 */
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Memo', version: '1' },
  paths: {
    '/teams': { get: ok(ref('Team')) },
    '/boxes': { get: ok(ref('Box')) },
    '/users': { get: ok(ref('User')) },
    '/pets': { get: ok({ type: 'object', properties: { owner: ref('User'), pet: ref('Pet') } }) },
    '/folders': { get: ok(ref('Folder')) },
    '/crates': { get: ok({ type: 'object', properties: { crate: ref('Crate') } }) },
    '/broken': { get: ok({ type: 'object', properties: { owner: ref('User'), crate: ref('Crate') } }) },
  },
  components: {
    schemas: {
      User: { type: 'object', required: ['name'], properties: { name: { type: 'string', description: 'The *name*.' }, team: ref('Team') } },
      Team: { type: 'object', properties: { lead: ref('User'), members: { type: 'array', items: ref('User') } } },
      Box: { type: 'object', properties: { owner: ref('User'), size: { type: 'integer', default: 3 } } },
      Pet: { oneOf: [ref('Cat'), ref('Dog')] },
      Cat: { type: 'object', properties: { owner: ref('User'), lives: { type: 'integer' } } },
      Dog: { type: 'object', properties: { owner: ref('User'), good: { type: 'boolean' } } },
      Crate: { type: 'object', properties: { label: { type: 'string' }, lost: ref('Missing') } },
      Folder: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Folder2' } } },
      Folder2: { type: 'object', properties: { owner: ref('User'), parent: ref('Folder3') } },
      Folder3: { type: 'object', properties: { owner: ref('User'), parent: ref('Folder4') } },
      Folder4: { type: 'object', properties: { owner: ref('User'), parent: ref('Folder5') } },
      Folder5: { type: 'object', properties: { owner: ref('User'), parent: ref('Folder6') } },
      Folder6: { type: 'object', properties: { owner: ref('User'), parent: ref('Folder7') } },
      Folder7: { type: 'object', properties: { owner: ref('User') } },
    },
  },
};

function load(): OpenApiDocument {
  const result = parseOpenApi({ file: 'api/memo.json', text: JSON.stringify(SPEC) });
  assert.ok(result.document);
  return result.document;
}

/** A page as the reader and the build see it: its HTML, the fragments to write, its warnings. */
function page(document: OpenApiDocument, path: string) {
  const operation = document.operations.find((candidate) => candidate.path === path);
  assert.ok(operation, `${path} is in the document`);
  const { html, fragments, diagnostics } = renderEndpoint({ document, operation, fragmentPrefix: '/_docjet/schemas/' });
  return { html, fragments: fragments.map((fragment) => fragment.id), diagnostics: diagnostics.map((found) => found.code) };
}

const PATHS = ['/teams', '/boxes', '/users', '/pets', '/folders', '/crates', '/broken'];

/** Each page rendered from a document of its own: nothing to reuse. */
const alone = new Map(PATHS.map((path) => [path, page(load(), path)]));

test('a field reads as on its own page whichever pages came before, circular or opened as there', () => {
  for (const order of [PATHS, [...PATHS].reverse()]) {
    const document = load();
    for (const path of order) assert.deepEqual(page(document, path), alone.get(path), `${path} after ${order.slice(0, order.indexOf(path)).join(', ') || 'nothing'}`);
  }
});

test('the same page rendered twice from one document is the same page', () => {
  const document = load();
  for (const path of PATHS) assert.deepEqual(page(document, path), page(document, path), path);
});

test("a user's team is circular under a team and opened under a box", () => {
  const team = alone.get('/teams')!.html;
  const box = alone.get('/boxes')!.html;
  const circular = (name: string) => `<p class="schema-circular">circular: <code>${name}</code></p>`;
  assert.ok(team.includes(circular('Team')));
  assert.ok(!box.includes(circular('Team')));
  assert.ok(box.includes(circular('User')));
});

test('a generated example is the same on every page that shows its schema', () => {
  const example = (html: string) => html.match(/<div class="code-group response-example">.*?<\/figure>/s)?.[0];
  assert.ok(example(alone.get('/users')!.html)?.includes('"name"'));
  const document = load();
  for (const path of PATHS) page(document, path);
  assert.equal(example(page(document, '/users').html), example(alone.get('/users')!.html));
});

test('a page that shows a broken reference warns about it, as the page that showed it first did', () => {
  assert.notDeepEqual(alone.get('/crates')!.diagnostics, []);
  assert.deepEqual(alone.get('/broken')!.diagnostics, alone.get('/crates')!.diagnostics);
});
