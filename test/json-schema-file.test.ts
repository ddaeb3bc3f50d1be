import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { renderJsonSchema } from '../src/config/json-schema.ts';

test('schema/docs.schema.json is what the zod schema generates (run `npm run schema` after changing it)', () => {
  const committed = fs.readFileSync(new URL('../schema/docs.schema.json', import.meta.url), 'utf8');
  assert.equal(committed, renderJsonSchema());
});

test('the JSON Schema names the navigation elements and rejects unknown keys for editors', () => {
  const schema = JSON.parse(renderJsonSchema()) as { $defs: Record<string, { additionalProperties?: boolean; required?: string[] }> };
  for (const name of ['Group', 'Tab', 'Anchor', 'Dropdown', 'Product', 'Version', 'Language', 'MenuItem', 'PageEntry']) {
    assert.ok(schema.$defs[name], `missing definition ${name}`);
  }
  assert.equal(schema.$defs.Tab!.additionalProperties, false);
  assert.deepEqual(schema.$defs.Group!.required, ['group']);
});
