/**
 * The build's schema fragments (src/output/fragment-writer.ts): a fragment shared by fields of
 * different names is written the same whatever order the pages that link to it were rendered in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FragmentWriter } from '../../src/output/fragment-writer.ts';
import { schemaFragment, type SchemaFragment } from '../../src/render/endpoint/schema-fragment.ts';

/** GitHub's `actor` and `creator`: one inline schema under two names, so one fragment. */
const user = { type: 'object', properties: { login: { type: 'string' } } };
const actor = schemaFragment('openapi.json', '#/paths/~1events/get/responses/200/content/application~1json/schema/properties/actor', 'response', 'actor', user);
const creator = schemaFragment('openapi.json', '#/paths/~1projects/get/responses/200/content/application~1json/schema/properties/creator', 'response', 'creator', user);
const pet = schemaFragment('openapi.json', '#/components/schemas/Pet', 'response', 'Pet');

/** The files a build writes for pages that link to `linked`, page by page in that order. */
async function written(linked: SchemaFragment[][]): Promise<Map<string, string>> {
  const writer = new FragmentWriter();
  for (const page of linked) writer.add(page);
  const files = new Map<string, string>();
  const renderer = { fragment: async (fragment: SchemaFragment) => ({ html: `<h1>Fields of ${fragment.title}</h1>`, fragments: [] }) };
  await writer.write(renderer, async (relative, data) => void files.set(relative, data));
  return files;
}

describe('schema fragments of a build', () => {
  it('shares one file between fields that hold the same inline schema', () => {
    assert.equal(actor.id, creator.id);
  });

  it('writes a shared fragment the same whichever page linked to it first', async () => {
    const one = await written([[actor], [creator, pet]]);
    const other = await written([[creator, pet], [actor]]);
    assert.deepEqual([...one], [...other]);
    assert.equal(one.get(`_docjet/schemas/${actor.id}.html`), '<h1>Fields of actor</h1>');
    assert.deepEqual([...one.keys()], [`_docjet/schemas/${pet.id}.html`, `_docjet/schemas/${actor.id}.html`].sort());
  });
});
