/**
 * The zod schema as the user meets it: unknown keys with "did you mean", wrong types and values in
 * plain words, the shapes real sites write; and the JSON Schema editors get from the same schema.
 * Each docs.json is written out here so the line and column can be read off the text.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { configSchema } from '../../src/config/schema.ts';
import { validate, type ValidateResult } from '../../src/validate/index.ts';
import { PAGE, seen, tempSite, type Seen } from './helpers.ts';

type Cleanup = Parameters<typeof tempSite>[0];

async function check(t: Cleanup, docsJson: string): Promise<{ diagnostics: Seen[]; result: ValidateResult }> {
  const root = await tempSite(t, { 'docs.json': docsJson, 'index.mdx': PAGE });
  const result = await validate({ root });
  return { diagnostics: result.diagnostics.map(seen), result };
}

describe('unknown keys are warnings with "did you mean"', () => {
  test('at the top level: "navigaton" (and the navigation it should have been is missing)', async (t) => {
    const { diagnostics } = await check(
      t,
      `{
  "name": "A",
  "navigaton": { "pages": ["index"] }
}
`,
    );
    assert.deepEqual(diagnostics, [
      {
        code: 'missing-field',
        severity: 'error',
        at: 'docs.json:1:1',
        path: 'navigation',
        message: 'docs.json needs "navigation" (the structure of the site)',
        fix: 'Add "navigation".',
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:3:3',
        path: 'navigaton',
        message: 'unknown key "navigaton" at the top level; it has no effect',
        fix: 'Did you mean "navigation"?',
      },
    ]);
  });

  test('nested: a tab\'s "grups"; the config stays usable without the unknown keys', async (t) => {
    const { diagnostics, result } = await check(
      t,
      `{
  "name": "A",
  "navigation": {
    "tabs": [
      { "tab": "Guides", "grups": [{ "group": "Start", "pages": ["index"] }] }
    ]
  },
  "colours": { "primary": "#0D9373" }
}
`,
    );
    assert.deepEqual(diagnostics, [
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:5:26',
        path: 'navigation.tabs[0].grups',
        message: 'unknown key "grups" in navigation.tabs[0]; it has no effect',
        fix: 'Did you mean "groups"?',
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:8:3',
        path: 'colours',
        message: 'unknown key "colours" at the top level; it has no effect',
        fix: 'Did you mean "colors"?',
      },
    ]);
    assert.deepEqual(result.config?.navigation, { tabs: [{ tab: 'Guides' }] });
  });

  test('nothing close: the known keys are listed', async (t) => {
    const { diagnostics } = await check(t, '{ "name": "A", "navigation": { "pages": ["index"] }, "interaction": { "zzz": true } }\n');
    assert.deepEqual(diagnostics, [
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:1:71',
        path: 'interaction.zzz',
        message: 'unknown key "zzz" in interaction; it has no effect',
        fix: 'Remove it; known keys here: drilldown.',
      },
    ]);
  });
});

describe('wrong types and values', () => {
  test('each says what was expected and what was found', async (t) => {
    const { diagnostics } = await check(
      t,
      `{
  "name": 5,
  "navigation": { "pages": "index" },
  "colors": { "primary": "red" },
  "redirects": { "source": "/a", "destination": "/b" },
  "interaction": { "drilldown": "yes" }
}
`,
    );
    assert.deepEqual(diagnostics, [
      {
        code: 'invalid-type',
        severity: 'error',
        at: 'docs.json:2:3',
        path: 'name',
        message: '"name" must be a string, not the number 5',
        fix: 'Write it in double quotes: "5".',
      },
      {
        code: 'invalid-type',
        severity: 'error',
        at: 'docs.json:3:19',
        path: 'navigation.pages',
        message: '"pages" must be a list, not the string "index"',
        fix: 'Use a list: [ … ].',
      },
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:4:15',
        path: 'colors.primary',
        message: '"primary" must be a hex color such as "#0D9373"; got "red"',
        fix: 'Correct the value.',
      },
      {
        code: 'invalid-type',
        severity: 'error',
        at: 'docs.json:5:16',
        path: 'redirects',
        message: '"redirects" must be a list, not an object',
        fix: 'Use a list: [ … ].',
      },
      {
        code: 'invalid-type',
        severity: 'error',
        at: 'docs.json:6:20',
        path: 'interaction.drilldown',
        message: '"drilldown" must be true or false, not the string "yes"',
        fix: 'Write true or false, without quotes.',
      },
    ]);
  });

  test('an enum: nothing close to "banana", "maple" for "mapel", "breadcrumbs" for "breadcrumb"', async (t) => {
    const themes = '"mint", "maple", "palm", "willow", "linden", "almond", "aspen", "luma" or "sequoia"';
    const banana = await check(
      t,
      `{
  "theme": "banana",
  "name": "A",
  "navigation": { "pages": ["index"] },
  "styling": { "eyebrows": "breadcrumb" }
}
`,
    );
    assert.deepEqual(banana.diagnostics, [
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:2:3',
        path: 'theme',
        message: `"theme" must be ${themes}, not "banana"`,
        fix: 'Use one of the allowed values.',
      },
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:5:16',
        path: 'styling.eyebrows',
        message: '"eyebrows" must be "section" or "breadcrumbs", not "breadcrumb"',
        fix: 'Did you mean "breadcrumbs"?',
      },
    ]);
    const mapel = await check(t, '{ "theme": "mapel", "name": "A", "navigation": { "pages": ["index"] } }\n');
    assert.deepEqual(mapel.diagnostics, [
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:1:3',
        path: 'theme',
        message: `"theme" must be ${themes}, not "mapel"`,
        fix: 'Did you mean "maple"?',
      },
    ]);
  });

  test('a page entry that is a number, and one that is empty', async (t) => {
    const { diagnostics } = await check(
      t,
      `{
  "name": "A",
  "navigation": {
    "groups": [{ "group": "Start", "pages": ["index", 42, ""] }]
  }
}
`,
    );
    assert.deepEqual(diagnostics, [
      {
        code: 'invalid-type',
        severity: 'error',
        at: 'docs.json:4:55',
        path: 'navigation.groups[0].pages[1]',
        message: 'a page entry must be a page path (a string such as "guides/intro") or a group object ({"group": …, "pages": […]}), not the number 42',
        fix: 'Write the page path as a string, or wrap pages in a group.',
      },
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:4:59',
        path: 'navigation.groups[0].pages[2]',
        message: 'a page entry must not be empty',
        fix: 'Fill it in, or remove it from the list.',
      },
    ]);
  });
});

describe('shapes real sites write', () => {
  test('fonts with "family" beside "heading" and "body" (ollama): warnings only, the family is kept', async (t) => {
    const { diagnostics, result } = await check(
      t,
      `{
  "name": "A",
  "fonts": {
    "family": "system-ui",
    "heading": { "family": "system-ui" },
    "body": { "family": "system-ui" }
  },
  "navigation": { "pages": ["index"] }
}
`,
    );
    const fix = 'Use one form: family, weight, source, format; or heading, body.';
    assert.deepEqual(diagnostics, [
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:5:5',
        path: 'fonts.heading',
        message: 'key "heading" in fonts cannot be mixed with "family": they belong to two different forms of this setting; "heading" has no effect',
        fix,
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:6:5',
        path: 'fonts.body',
        message: 'key "body" in fonts cannot be mixed with "family": they belong to two different forms of this setting; "body" has no effect',
        fix,
      },
    ]);
    assert.deepEqual(result.config?.fonts, { family: 'system-ui' });
    assert.ok(result.site);
  });

  test('an empty group label (a group without a heading) is accepted', async (t) => {
    const { diagnostics, result } = await check(t, '{ "name": "A", "navigation": { "groups": [{ "group": "", "pages": ["index"] }] } }\n');
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(result.config?.navigation.groups, [{ group: '', pages: ['index'] }]);
  });
});

describe('the JSON Schema for editors, generated from the zod schema', () => {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as {
    $schema: string;
    required: string[];
    properties: Record<string, { enum?: string[]; default?: unknown }>;
    $defs: Record<string, { properties: Record<string, unknown>; required?: string[]; anyOf?: unknown[] }>;
  };

  test('is plain JSON, requires navigation, and gives the input types (defaults are optional)', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(schema)), schema);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.deepEqual(schema.required, ['navigation']);
    assert.ok(schema.properties.navigation);
    assert.equal(schema.properties.theme?.default, 'mint');
    assert.deepEqual(schema.properties.theme?.enum, ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);
  });

  test('the recursive navigation elements are named definitions that refer to each other', () => {
    assert.deepEqual(Object.keys(schema.$defs).sort(), ['Anchor', 'Dropdown', 'Group', 'Language', 'MenuItem', 'PageEntry', 'Product', 'Tab', 'Version']);
    // A group's pages hold page entries, and a page entry may be a group: the recursion is by $ref.
    assert.deepEqual(schema.$defs.Group!.properties.pages, { type: 'array', items: { $ref: '#/$defs/PageEntry' } });
    assert.deepEqual(schema.$defs.PageEntry!.anyOf, [{ type: 'string', minLength: 1 }, { $ref: '#/$defs/Group' }]);
    // "pages" may be left out when the group's own "openapi" generates them (rules/groups.ts).
    assert.deepEqual(schema.$defs.Group!.required, ['group']);
    assert.deepEqual(schema.$defs.Tab!.properties.menu, { type: 'array', items: { $ref: '#/$defs/MenuItem' } });
    assert.deepEqual(schema.$defs.Version!.properties.languages, { type: 'array', items: { $ref: '#/$defs/Language' } });
  });
});
