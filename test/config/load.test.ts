/**
 * Loading the config: `$ref` (fixtures in `test/fixtures/config/ref/`), JSON syntax errors at the
 * exact line and column (written inline, so the position can be read off the text), duplicate keys,
 * the byte order mark, the legacy mint.json upgrade (`test/fixtures/config/mint-json/`), and
 * configs that are not there or not an object.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validate } from '../../src/validate/index.ts';
import { diagnose, fixture, PAGE, seen, tempSite, validateFixture } from './helpers.ts';

const FIX_JSON = 'Fix the JSON at this position; an editor with JSON support shows the exact spot.';

describe('$ref', () => {
  test('nested, relative to the file that holds it (or to the root), with JSON pointers', async () => {
    const result = await validateFixture('ref/nested');
    const value = result.loaded.value as { navigation: { tabs: { tab: string }[] }; redirects: unknown[] };
    // tabs/guides.json (relative to nav/), ./tabs/more.json#/1 (a pointer into a list), and
    // nav/tabs/blog.json, written from the project root as the reference product resolves it.
    assert.deepEqual(
      value.navigation.tabs.map((tab) => tab.tab),
      ['Guides', 'API', 'Blog'],
    );
    assert.equal(value.redirects.length, 2);
    assert.deepEqual(result.loaded.files, ['docs.json', 'nav/navigation.json', 'nav/tabs/guides.json', 'nav/tabs/more.json', 'nav/tabs/blog.json', 'nav/redirects.json']);
  });

  test('diagnostics inside a referenced file carry that file and its line, and the path in the whole config', async () => {
    assert.deepEqual(await diagnose(fixture('ref/nested')), [
      {
        code: 'redirect-duplicate',
        severity: 'warning',
        at: 'nav/redirects.json:4:7',
        path: 'redirects[1].source',
        message: 'redirect source "/old" is already used by redirects[0] at nav/redirects.json:3; the first one wins',
        fix: 'Remove one of the two redirects, or change its source.',
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'nav/tabs/guides.json:3:3',
        path: 'navigation.tabs[0].grups',
        message: 'unknown key "grups" in navigation.tabs[0]; it has no effect',
        fix: 'Did you mean "groups"?',
      },
      {
        code: 'page-missing',
        severity: 'warning',
        at: 'nav/tabs/guides.json:4:38',
        path: 'navigation.tabs[0].pages[2]',
        message: 'page "guides/outro" does not exist: there is no guides/outro.mdx or guides/outro.md; it is left out of the navigation',
        fix: 'Did you mean "guides/intro"?',
      },
    ]);
  });

  test('a missing file, a loop, a pointer to nothing, a value that is not a path, keys beside it', async () => {
    const result = await validateFixture('ref/broken');
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'ref-invalid',
        severity: 'error',
        at: 'docs.json:4:15',
        path: 'footer',
        message: '"$ref" must be a string naming a JSON file, such as "./navigation.json"',
        fix: 'Write the path of the JSON file to include, relative to this file.',
      },
      {
        code: 'ref-siblings',
        severity: 'warning',
        at: 'docs.json:5:15',
        path: 'banner',
        message: '"content" beside "$ref" is ignored: the object is replaced by the referenced file',
        fix: 'Move it into the referenced file.',
      },
      {
        code: 'ref-missing',
        severity: 'error',
        at: 'docs.json:6:18',
        path: 'redirects',
        message: '"$ref" names "redirects.json#/list", but redirects.json has nothing at "#/list"',
        fix: 'Fix the part after "#" (a JSON pointer such as "#/tabs/0"), or drop it to include the whole file.',
      },
      {
        code: 'ref-cycle',
        severity: 'error',
        at: 'nav/group.json:3:24',
        path: 'navigation.groups[0].pages[1]',
        message: '"$ref" files include each other in a loop: docs.json → nav/navigation.json → nav/group.json → nav/navigation.json',
        fix: 'Remove one of the "$ref"s so that no file includes itself.',
      },
      {
        // At the "$ref" in the file that holds it; the path it names is resolved from that file.
        code: 'ref-missing',
        severity: 'error',
        at: 'nav/navigation.json:4:7',
        path: 'navigation.groups[1]',
        message: '"$ref" names "missing.json", but nav/missing.json does not exist',
        fix: 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.',
      },
    ]);
    // Each broken "$ref" is reported once: the schema does not add "must be an object" for it.
    assert.equal(result.config, undefined);
  });
});

describe('malformed JSON is reported at the syntax error', () => {
  const cases: { name: string; text: string; at: string; problem: string }[] = [
    {
      name: 'a missing comma',
      text: '{\n  "name": "A"\n  "navigation": { "pages": ["index"] }\n}\n',
      at: 'docs.json:3:3',
      problem: 'a comma is missing between two values',
    },
    {
      name: 'a trailing comma in a list',
      text: '{\n  "name": "A",\n  "navigation": { "pages": ["index",] }\n}\n',
      at: 'docs.json:3:37',
      problem: 'a value is expected here (is there a trailing comma or a missing value?)',
    },
    {
      name: 'a trailing comma in an object',
      text: '{\n  "name": "A",\n  "navigation": { "pages": ["index"] },\n}\n',
      at: 'docs.json:4:1',
      problem: 'a property name in double quotes is expected here (is there a trailing comma?)',
    },
    {
      name: 'a truncated file',
      text: '{\n  "name": "A",\n  "navigation": { "pages": ["index"',
      at: 'docs.json:3:36',
      problem: 'a closing "]" is missing',
    },
    {
      name: 'an unquoted key',
      text: '{\n  name: "A",\n  "navigation": { "pages": ["index"] }\n}\n',
      at: 'docs.json:2:3',
      problem: 'an invalid symbol: JSON strings use double quotes and keys must be quoted',
    },
    {
      name: 'a comment',
      text: '{\n  // the site\n  "name": "A"\n}\n',
      at: 'docs.json:2:3',
      problem: 'comments are not allowed in JSON',
    },
  ];
  for (const { name, text, at, problem } of cases) {
    test(name, async (t) => {
      const root = await tempSite(t, { 'docs.json': text, 'index.mdx': PAGE });
      assert.deepEqual(await diagnose(root), [{ code: 'json-syntax', severity: 'error', at, message: `docs.json is not valid JSON: ${problem}`, fix: FIX_JSON }]);
    });
  }

  test('in a referenced file: that file, its line and column', async (t) => {
    const root = await tempSite(t, {
      'docs.json': '{\n  "name": "A",\n  "navigation": { "$ref": "nav.json" }\n}\n',
      'nav.json': '{\n  "pages": [\n    "index"\n    "other"\n  ]\n}\n',
      'index.mdx': PAGE,
    });
    assert.deepEqual(await diagnose(root), [
      {
        code: 'json-syntax',
        severity: 'error',
        at: 'nav.json:4:5',
        message: 'nav.json is not valid JSON: a comma is missing between two values',
        fix: FIX_JSON,
      },
    ]);
  });

  test('an empty file says so', async (t) => {
    const root = await tempSite(t, {
      'docs.json': '{\n  "name": "A",\n  "navigation": { "$ref": "nav.json" }\n}\n',
      'nav.json': '\n',
    });
    assert.deepEqual(await diagnose(root), [
      {
        code: 'json-syntax',
        severity: 'error',
        at: 'nav.json:0:0',
        message: 'nav.json is empty; it must hold a JSON value',
        fix: 'Write the JSON to include in it, or remove the "$ref" that names it.',
      },
    ]);

    const empty = await tempSite(t, { 'docs.json': '' });
    assert.deepEqual(await diagnose(empty), [
      {
        code: 'json-syntax',
        severity: 'error',
        at: 'docs.json:0:0',
        message: 'docs.json is empty; it must hold a JSON object',
        fix: 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.',
      },
    ]);
  });
});

test('a key written twice is a warning at the second one; the last one counts', async (t) => {
  const root = await tempSite(t, {
    'docs.json': '{\n  "name": "A",\n  "navigation": { "pages": ["gone"], "pages": ["index"] },\n  "name": "B"\n}\n',
    'index.mdx': PAGE,
  });
  const result = await validate({ root });
  assert.deepEqual(result.diagnostics.map(seen), [
    {
      code: 'json-duplicate-key',
      severity: 'warning',
      at: 'docs.json:3:38',
      path: 'navigation.pages',
      message: 'the key "pages" is written twice in this object; only the last one counts',
      fix: 'Remove one of them.',
    },
    {
      code: 'json-duplicate-key',
      severity: 'warning',
      at: 'docs.json:4:3',
      path: 'name',
      message: 'the key "name" is written twice in this object; only the last one counts',
      fix: 'Remove one of them.',
    },
  ]);
  assert.equal(result.config?.name, 'B');
});

test('a key written twice with a list or object first and another kind last: a warning at the second, never a crash (docs.json, a "$ref" file, mint.json)', async (t) => {
  // Each of these stopped `validate` and `build` with "Invalid value used as weak map key", exit 3.
  const payloads: [string, unknown][] = [
    ['{"a":{},"a":1}', 1],
    ['{"a":[],"a":{}}', {}],
    ['{"a":{},"a":[]}', []],
    ['{"a":[{}],"a":[1]}', [1]],
    ['{"a":{"b":[]},"a":{"b":{}}}', { b: {} }],
  ];
  for (const [payload, last] of payloads) {
    const column = payload.lastIndexOf('"a"') + 1;
    const top = await tempSite(t, { 'docs.json': `{"name":"A","navigation":{"pages":["index"]},\n"extra":${payload}}`, 'index.mdx': PAGE });
    const viaRef = await tempSite(t, { 'docs.json': '{"name":"A","navigation":{"pages":["index"]},\n"extra":{"$ref":"extra.json"}}', 'extra.json': payload, 'index.mdx': PAGE });
    const mint = await tempSite(t, { 'mint.json': `{"name":"A","navigation":[{"group":"G","pages":["index"]}],\n"extra":${payload}}`, 'index.mdx': PAGE });
    for (const [root, at] of [
      [top, `docs.json:2:${column + '"extra":'.length}`],
      [viaRef, `extra.json:1:${column}`],
      [mint, `mint.json:2:${column + '"extra":'.length}`],
    ] as const) {
      const result = await validate({ root });
      const duplicates = result.diagnostics.filter((d) => d.code === 'json-duplicate-key').map(seen);
      assert.deepEqual(
        duplicates,
        [
          {
            code: 'json-duplicate-key',
            severity: 'warning',
            at,
            path: 'extra.a',
            message: 'the key "a" is written twice in this object; only the last one counts',
            fix: 'Remove one of them.',
          },
        ],
        payload,
      );
      // The mint.json upgrade keeps only the keys it knows.
      if (root !== mint) assert.deepEqual((result.loaded.value as { extra: { a: unknown } }).extra.a, last, `${payload}: the last one counts, as JSON.parse reads it`);
      assert.ok(result.site, `${payload}: only warnings, so the site is resolved`);
    }
  }
});

test('a byte order mark is skipped: columns on the first line are what an editor shows', async (t) => {
  const root = await tempSite(t, {
    'docs.json': '\ufeff{ "name": "A", "navigaton": {}, "navigation": { "pages": ["index"] } }\n',
    'index.mdx': PAGE,
  });
  assert.deepEqual(await diagnose(root), [
    {
      code: 'unknown-key',
      severity: 'warning',
      at: 'docs.json:1:16',
      path: 'navigaton',
      message: 'unknown key "navigaton" at the top level; it has no effect',
      fix: 'Did you mean "navigation"?',
    },
  ]);
});

describe('legacy mint.json is upgraded in memory', () => {
  const NOTE = 'mint.json is the legacy config format: it was upgraded to docs.json in memory (your file is unchanged).';

  test('tabs partitioned by url prefix under the primary tab; external anchors become global anchors', async () => {
    const result = await validateFixture('mint-json/tabs');
    assert.equal(result.loaded.configFile, 'mint.json');
    assert.deepEqual(result.notes, [NOTE]);
    assert.deepEqual(result.loaded.value, {
      theme: 'mint',
      name: 'Legacy tabs',
      colors: { primary: '#0D9373' },
      navbar: {
        links: [{ label: 'Support', href: 'mailto:help@example.com' }],
        primary: { type: 'button', href: 'https://dashboard.example.com', label: 'Dashboard' },
      },
      integrations: { ga4: { measurementId: 'G-XXXXXXX' } },
      navigation: {
        global: { anchors: [{ anchor: 'Community', href: 'https://discord.gg/example', icon: 'discord' }] },
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }] },
          {
            tab: 'API Reference',
            groups: [{ group: 'Endpoints', pages: ['api-reference/introduction', 'api-reference/pets'] }],
          },
          { tab: 'SDKs', groups: [{ group: 'Python', pages: ['sdk/python'] }] },
        ],
      },
    });
    assert.deepEqual(await diagnose(fixture('mint-json/tabs')), [
      {
        code: 'legacy-config',
        severity: 'warning',
        at: 'mint.json:20:3',
        message: 'this mint.json key has no docs.json equivalent and is ignored: "feedback"',
        fix: 'Remove it when you move to docs.json; see the docs.json reference for its replacement.',
      },
    ]);
    assert.ok(result.site);
  });

  test('versions from the groups\' "version"; problems point into mint.json', async () => {
    const result = await validateFixture('mint-json/versions');
    assert.deepEqual(result.notes, [NOTE]);
    assert.deepEqual(result.loaded.value, {
      theme: 'mint',
      name: 'Legacy versions',
      navigation: {
        versions: [
          {
            version: 'v2',
            groups: [
              { group: 'Get started', pages: ['index', 'quickstart'] },
              { group: 'What is new', pages: ['v2/new'] },
            ],
          },
          {
            version: 'v1',
            groups: [
              { group: 'Get started', pages: ['index', 'quickstart'] },
              { group: 'Legacy', pages: ['v1/legacy', 'v1/gone'] },
            ],
          },
        ],
      },
    });
    assert.deepEqual(await diagnose(fixture('mint-json/versions')), [
      {
        // At the name in mint.json's "versions" list, where the label is written.
        code: 'version-label',
        severity: 'warning',
        at: 'mint.json:3:16',
        path: 'navigation.versions[0].version',
        message: 'version label "v2" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "2.0.0" to follow the spec.',
      },
      {
        code: 'version-label',
        severity: 'warning',
        at: 'mint.json:3:22',
        path: 'navigation.versions[1].version',
        message: 'version label "v1" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "1.0.0" to follow the spec.',
      },
      {
        code: 'page-missing',
        severity: 'warning',
        at: 'mint.json:7:66',
        path: 'navigation.versions[1].groups[1].pages[1]',
        message: 'page "v1/gone" does not exist: there is no v1/gone.mdx or v1/gone.md; it is left out of the navigation',
        fix: 'Create the file, or remove the reference.',
      },
    ]);
  });

  test('internal anchors partition groups by url prefix, after the top anchor', async () => {
    const result = await validateFixture('mint-json/anchors');
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.loaded.value, {
      theme: 'mint',
      name: 'Legacy anchors',
      navigation: {
        global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }] },
        anchors: [
          { anchor: 'Docs', icon: 'book', groups: [{ group: 'Start', pages: ['index'] }] },
          {
            anchor: 'Community',
            icon: 'users',
            groups: [{ group: 'Together', pages: ['community/forum', 'community/events'] }],
          },
        ],
      },
    });
  });

  test('docs.json wins when both files are there', async (t) => {
    const root = await tempSite(t, {
      'docs.json': '{ "name": "A", "navigation": { "pages": ["index"] } }\n',
      'mint.json': '{ "name": "B", "navigation": [{ "group": "G", "pages": ["gone"] }] }\n',
      'index.mdx': PAGE,
    });
    const result = await validate({ root });
    assert.equal(result.loaded.configFile, 'docs.json');
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.notes, []);
  });
});

describe('no usable config', () => {
  for (const [what, text] of [
    ['a list', '[{ "name": "A" }]\n'],
    ['null', 'null\n'],
    ['a string', '"docs"\n'],
  ] as const) {
    test(`docs.json holding ${what}`, async (t) => {
      const root = await tempSite(t, { 'docs.json': text });
      assert.deepEqual(await diagnose(root), [
        {
          code: 'invalid-type',
          severity: 'error',
          at: 'docs.json:1:1',
          message: `docs.json must hold a JSON object, not ${what}`,
          fix: 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.',
        },
      ]);
    });
  }

  test('no docs.json and no mint.json', async (t) => {
    const root = await tempSite(t, { 'index.mdx': PAGE });
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'config-not-found',
        severity: 'error',
        at: 'docs.json:0:0',
        message: `no docs.json (or legacy mint.json) in ${root}`,
        fix: 'Run docjet in the folder that holds docs.json, or pass that folder: docjet validate path/to/docs.',
      },
    ]);
    assert.equal(result.config, undefined);
    assert.equal(result.site, undefined);
  });
});
