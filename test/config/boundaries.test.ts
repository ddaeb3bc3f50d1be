/**
 * The config's reach (issue 9): `$ref`s and OpenAPI files outside the site folder, as written or
 * through a symbolic link, are refused without being read; `$ref`s that name no file (a folder, a
 * malformed pointer) are diagnostics, not crashes; nesting deeper than 256 levels stops the loader
 * at the line where it happens, before anything recursive sees it. Hostile files are written into
 * a temporary folder by each test.
 */
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { validate } from '../../src/validate/index.ts';
import { seen, tempSite, PAGE } from './helpers.ts';

const NO_WINDOWS = { skip: process.platform === 'win32' && 'symlinks need privileges on Windows' };
const SECRET = JSON.stringify({ group: 'SECRET-VALUE', pages: ['index'] });
const SPEC = 'openapi: 3.0.0\ninfo: { title: SECRET-API, version: "1" }\npaths:\n  /x:\n    get:\n      summary: SECRET-OPERATION\n';

/** A temporary site in `<tmp>/site`, with `outside` files written next to it in `<tmp>`. */
async function siteBeside(t: Parameters<typeof tempSite>[0], site: Record<string, string>, outside: Record<string, string>): Promise<string> {
  const base = await tempSite(t, outside);
  const root = path.join(base, 'site');
  for (const [file, text] of Object.entries(site)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe('nothing outside the site folder is read', () => {
  test('"$ref" outside the root, as written or through a symlink, is an error at the "$ref"; the file is not included', NO_WINDOWS, async (t) => {
    const root = await siteBeside(
      t,
      {
        'docs.json': [
          '{',
          '  "name": "Reach",',
          '  "navigation": {',
          '    "groups": [',
          '      { "group": "Home", "pages": ["index"] },',
          '      { "$ref": "../secret.json" },',
          '      { "$ref": "nav/more.json" },',
          '      { "$ref": "nav/link.json" },',
          '      { "$ref": "nav/shared/secret.json" },',
          '      { "$ref": "/nav/inside.json" }',
          '    ]',
          '  }',
          '}',
        ].join('\n'),
        'nav/more.json': '{ "$ref": "../../secret.json" }\n',
        'nav/inside.json': '{ "group": "Inside", "pages": ["index"] }\n',
        'index.mdx': PAGE,
      },
      { 'secret.json': SECRET, 'shared/secret.json': SECRET },
    );
    await symlink('../../secret.json', path.join(root, 'nav/link.json'));
    await symlink('../../shared', path.join(root, 'nav/shared'));
    const result = await validate({ root });
    const outside = (value: string, via: string): string => `"$ref" names ${JSON.stringify(value)}, which ${via}, so it is not read`;
    const fix = 'Move the file into the site folder (next to docs.json or below it) and name it from there; "$ref" only includes files of the site.';
    const base = path.dirname(root);
    const link = (file: string, target: string) => ({
      code: 'symlink-outside-root',
      severity: 'warning',
      at: `${file}:0:0`,
      message: `the symlink points outside the site folder (at \`${path.join(base, target)}\`), so it is skipped`,
      fix: 'Copy the file into the site folder, or point the symlink at a file inside it.',
    });
    assert.deepEqual(result.diagnostics.map(seen), [
      { code: 'ref-outside-root', severity: 'error', at: 'docs.json:6:9', path: 'navigation.groups[1]', message: outside('../secret.json', 'is outside the site folder'), fix },
      {
        code: 'ref-outside-root',
        severity: 'error',
        at: 'docs.json:8:9',
        path: 'navigation.groups[3]',
        message: outside('nav/link.json', 'leads outside the site folder through a symbolic link'),
        fix,
      },
      {
        code: 'ref-outside-root',
        severity: 'error',
        at: 'docs.json:9:9',
        path: 'navigation.groups[4]',
        message: outside('nav/shared/secret.json', 'leads outside the site folder through a symbolic link'),
        fix,
      },
      // The page scan skips the same links, as it always has.
      link('nav/link.json', 'secret.json'),
      {
        code: 'ref-outside-root',
        severity: 'error',
        at: 'nav/more.json:1:3',
        path: 'navigation.groups[2]',
        message: outside('../../secret.json', 'is outside the site folder'),
        fix,
      },
      link('nav/shared', 'shared'),
    ]);
    assert.doesNotMatch(JSON.stringify(result.loaded.value), /SECRET/);
    // A leading "/" means the site root, as everywhere in the format.
    assert.deepEqual(result.loaded.files, ['docs.json', 'nav/more.json', 'nav/inside.json']);
  });

  test('an absolute path in "$ref" is read from the site root, never from the machine\'s root', async (t) => {
    const root = await tempSite(t, {
      'docs.json': '{\n  "name": "Abs",\n  "navigation": { "groups": [{ "$ref": "/etc/passwd" }] }\n}\n',
      'index.mdx': PAGE,
    });
    assert.deepEqual((await validate({ root })).diagnostics.map(seen), [
      {
        code: 'ref-missing',
        severity: 'error',
        at: 'docs.json:3:32',
        path: 'navigation.groups[0]',
        message: '"$ref" names "/etc/passwd", but etc/passwd does not exist',
        fix: 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.',
      },
    ]);
  });

  test('docs.json that is a symlink to a file outside the root is not read', NO_WINDOWS, async (t) => {
    const root = await siteBeside(t, { 'index.mdx': PAGE }, { 'other.json': '{ "name": "SECRET", "navigation": { "pages": ["index"] } }' });
    await symlink('../other.json', path.join(root, 'docs.json'));
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'config-outside-root',
        severity: 'error',
        at: 'docs.json:0:0',
        message: 'docs.json is a symbolic link to a file outside the site folder, so it is not read',
        fix: 'Replace the link with a copy of the file, or run docjet in the folder that really holds docs.json.',
      },
    ]);
    assert.equal(result.loaded.value, undefined);
  });

  test('OpenAPI files outside the root ("openapi", `spec.yaml GET /x`, a symlink) are errors where docs.json names them; no endpoint page is made', NO_WINDOWS, async (t) => {
    const root = await siteBeside(
      t,
      {
        'docs.json': [
          '{',
          '  "name": "Specs",',
          '  "navigation": {',
          '    "groups": [',
          '      { "group": "Home", "pages": ["index"] },',
          '      { "group": "API", "openapi": "../other/spec.yaml" },',
          '      { "group": "Named", "pages": ["../other/spec.yaml GET /x"] },',
          '      { "group": "Linked", "openapi": "/api/linked.yaml" }',
          '    ]',
          '  }',
          '}',
        ].join('\n'),
        'index.mdx': PAGE,
      },
      { 'other/spec.yaml': SPEC },
    );
    await mkdir(path.join(root, 'api'));
    await symlink('../../other/spec.yaml', path.join(root, 'api/linked.yaml'));
    const result = await validate({ root });
    const fix = 'Copy the spec into the site folder and name its path from there (relative to the folder that holds docs.json).';
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'symlink-outside-root',
        severity: 'warning',
        at: 'api/linked.yaml:0:0',
        message: `the symlink points outside the site folder (at \`${path.join(path.dirname(root), 'other/spec.yaml')}\`), so it is skipped`,
        fix: 'Copy the file into the site folder, or point the symlink at a file inside it.',
      },
      {
        code: 'openapi-outside-root',
        severity: 'error',
        at: 'docs.json:6:25',
        path: 'navigation.groups[1].openapi',
        message: 'The OpenAPI file `../other/spec.yaml` is outside the site folder, so it is not read.',
        fix,
      },
      {
        code: 'openapi-outside-root',
        severity: 'error',
        at: 'docs.json:7:37',
        path: 'navigation.groups[2].pages[0]',
        message: 'The OpenAPI file `../other/spec.yaml` is outside the site folder, so it is not read.',
        fix,
      },
      {
        code: 'openapi-outside-root',
        severity: 'error',
        at: 'docs.json:8:28',
        path: 'navigation.groups[3].openapi',
        message: 'The OpenAPI file `api/linked.yaml` leads outside the site folder through a symbolic link, so it is not read.',
        fix,
      },
    ]);
    assert.equal(result.stats.endpointPages, 0);
    assert.doesNotMatch(JSON.stringify([...(result.site?.pages.values() ?? [])]), /SECRET/);
  });
});

describe('"$ref"s that name no JSON file are diagnostics', () => {
  test('a folder, a pointer with no file, a malformed percent escape, and a pointer at an inherited property', async (t) => {
    const root = await tempSite(t, {
      'docs.json': [
        '{',
        '  "name": "Refs",',
        '  "navigation": {',
        '    "groups": [',
        '      { "$ref": "nav" },',
        '      { "$ref": "#/name" },',
        '      { "$ref": "nav/x.json#/%E0%A4%A" },',
        '      { "$ref": "nav/x.json#/__proto__" },',
        '      { "$ref": "nav/x.json#/a~1b" },',
        '      { "$ref": "nav/more.json" }',
        '    ]',
        '  }',
        '}',
      ].join('\n'),
      'nav/x.json': '{ "a/b": { "group": "Slash", "pages": ["index"] } }\n',
      // Missing next to nav/; its root spelling ("../gone.json") would lead out, and is not tried.
      'nav/more.json': '{ "$ref": "../gone.json" }\n',
      'index.mdx': PAGE,
    });
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'ref-invalid',
        severity: 'error',
        at: 'docs.json:5:9',
        path: 'navigation.groups[0]',
        message: '"$ref" names "nav", which is a folder, not a JSON file',
        fix: 'Name a JSON file in that folder, such as "./navigation/tabs.json".',
      },
      {
        code: 'ref-invalid',
        severity: 'error',
        at: 'docs.json:6:9',
        path: 'navigation.groups[1]',
        message: '"$ref" names "#/name", which has no file name before "#"',
        fix: 'Name the JSON file to include, such as "./navigation.json#/tabs".',
      },
      {
        code: 'ref-invalid',
        severity: 'error',
        at: 'docs.json:7:9',
        path: 'navigation.groups[2]',
        message: '"$ref" names "nav/x.json#/%E0%A4%A", whose part after "#" is not a valid JSON pointer (a "%" must be followed by two hexadecimal digits that spell UTF-8)',
        fix: 'Write the pointer as "#/key/0", escaping "/" in a key as "~1", "~" as "~0" and other characters as UTF-8 percent escapes, or drop it to include the whole file.',
      },
      {
        code: 'ref-missing',
        severity: 'error',
        at: 'docs.json:8:9',
        path: 'navigation.groups[3]',
        message: '"$ref" names "nav/x.json#/__proto__", but nav/x.json has nothing at "#/__proto__"',
        fix: 'Fix the part after "#" (a JSON pointer such as "#/tabs/0"), or drop it to include the whole file.',
      },
      {
        code: 'ref-missing',
        severity: 'error',
        at: 'nav/more.json:1:3',
        path: 'navigation.groups[5]',
        message: '"$ref" names "../gone.json", but gone.json does not exist',
        fix: 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.',
      },
    ]);
    const groups = (result.loaded.value as { navigation: { groups: unknown[] } }).navigation.groups;
    assert.deepEqual(groups[4], { group: 'Slash', pages: ['index'] });
  });
});

describe('"$ref" includes are bounded', () => {
  test('files that include files ten times over stop after 1,000 includes, with one error at the first one left out', async (t) => {
    // f0 includes f1 ten times, f1 includes f2 ten times, …: 10 + 100 + … + 100,000 includes.
    const files: Record<string, string> = {
      'docs.json': '{\n  "name": "Laughs",\n  "navigation": { "pages": ["index"] },\n  "x": { "$ref": "f0.json" }\n}\n',
      'index.mdx': PAGE,
    };
    for (let i = 0; i < 6; i++)
      files[`f${i}.json`] = `[${Array(10)
        .fill(i < 5 ? `{ "$ref": "f${i + 1}.json" }` : '"x"')
        .join(', ')}]`;
    const root = await tempSite(t, files);
    // Stopped early: the 100,000 includes past the limit are not read (the error is at the 1,001st).
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.filter((d) => d.code === 'ref-too-many').map(seen), [
      {
        code: 'ref-too-many',
        severity: 'error',
        // The 1,001st include: f0, its 1st f1, that one's 1st f2, its 9th f3 (3 + 8 × 111 before it),
        // its 10th f4 (9 × 11 before it), and that one's 9th "$ref" to f5.
        at: 'f4.json:1:188',
        path: 'x[0][0][8][9][8]',
        message: 'the config includes files by "$ref" more than 1000 times in all, so this one and those after it are not read',
        fix: 'Include each file once: a file named by "$ref" in a file that is itself included many times is read again each time.',
      },
    ]);
    // Each file read is listed once, for the dev server's watcher.
    assert.deepEqual(result.loaded.files, ['docs.json', 'f0.json', 'f1.json', 'f2.json', 'f3.json', 'f4.json', 'f5.json']);
  });
});

/** `{"group": "G1", "pages": [{"group": "G2", "pages": [… ["index"] …]}]}`, `depth` groups. */
function nestedGroups(depth: number): string {
  return `${'{"group":"G","pages":['.repeat(depth - 1)}{"group":"G","pages":["index"]}${']}'.repeat(depth - 1)}`;
}

describe('nesting is limited to 256 levels, reported where it is exceeded', () => {
  const fix = 'Flatten the structure: real navigation nests a few levels (groups in groups, inside tabs or versions). Check for generated or repeated brackets.';

  test('a list nested 5,000 deep: one error at the 257th level, quickly', async (t) => {
    const root = await tempSite(t, {
      'docs.json': `{\n  "name": "Deep",\n  "x": ${'['.repeat(5000)}${']'.repeat(5000)},\n  "navigation": { "pages": ["index"] }\n}\n`,
      'index.mdx': PAGE,
    });
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'nesting-too-deep',
        severity: 'error',
        // The object is level 1, so the 256th "[" (column 8 + 255) is level 257.
        at: 'docs.json:3:263',
        message: 'lists and objects are nested more than 256 levels deep here; docjet stops reading the config at this point',
        fix,
      },
    ]);
  });

  test('groups nested 1,000 deep: an error, not a crash', async (t) => {
    const root = await tempSite(t, { 'docs.json': `{"name":"Deep","navigation":{"groups":[${nestedGroups(1000)}]}}`, 'index.mdx': PAGE });
    const result = await validate({ root });
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`),
      ['docs.json:1 nesting-too-deep'],
    );
  });

  test('the deepest navigation under the limit (126 nested groups) validates; one more group is over it', async (t) => {
    // Levels: the config, navigation, groups, then a group and its pages per group: 3 + 2 × 126 = 255.
    const ok = await tempSite(t, { 'docs.json': `{"name":"Deep","navigation":{"groups":[${nestedGroups(126)}]}}`, 'index.mdx': PAGE });
    const result = await validate({ root: ok });
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.stats.groups, 126);
    const over = await tempSite(t, { 'docs.json': `{"name":"Deep","navigation":{"groups":[${nestedGroups(127)}]}}`, 'index.mdx': PAGE });
    assert.deepEqual(
      (await validate({ root: over })).diagnostics.map((d) => d.code),
      ['nesting-too-deep'],
    );
  });

  test('nesting adds up across "$ref" files: the error is in the file where the total passes 256', async (t) => {
    const lists = (n: number, inner: string): string => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;
    const root = await tempSite(t, {
      'docs.json': `{\n  "name": "Chain",\n  "navigation": { "pages": ["index"] },\n  "x": ${lists(100, '{ "$ref": "a.json" }')}\n}\n`,
      'a.json': lists(100, '{ "$ref": "b.json" }'),
      'b.json': lists(100, '"end"'),
      'index.mdx': PAGE,
    });
    const result = await validate({ root });
    assert.deepEqual(result.diagnostics.map(seen), [
      {
        code: 'nesting-too-deep',
        // docs.json holds 101 levels and a.json 100 more, so b.json's 56th "[" is level 257.
        severity: 'error',
        at: 'b.json:1:56',
        message: 'lists and objects are nested more than 256 levels deep here (counting the files that include this one by "$ref"); docjet stops reading the config at this point',
        fix,
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:4:3',
        path: 'x',
        message: 'unknown key "x" at the top level; it has no effect',
        fix: 'Did you mean "contextual"?',
      },
    ]);
  });
});
