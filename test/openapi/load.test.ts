import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clearOpenApiCache, loadOpenApi, parseOpenApi } from '../../src/openapi/load.ts';
import type { Operation } from '../../src/openapi/types.ts';

const fixtures = fileURLToPath(new URL('../fixtures/openapi/', import.meta.url));

/** The fields that identify an operation, for compact expected values. */
function brief(operation: Operation): string {
  return `${operation.kind === 'webhook' ? 'webhook ' : ''}${operation.method} ${operation.path}`;
}

describe('parseOpenApi: OpenAPI 3.0 in YAML', () => {
  const text = `openapi: 3.0.3
info:
  title: Tiny
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List all pets
      tags: [pets]
`;

  test('indexes the operation with every field', () => {
    const { document, diagnostics } = parseOpenApi({ file: 'tiny.yaml', text });
    assert.deepEqual(diagnostics, []);
    assert.ok(document);
    assert.equal(document.file, 'tiny.yaml');
    assert.equal(document.version, '3.0.3');
    assert.equal(document.title, 'Tiny');
    assert.deepEqual(document.operations, [
      {
        kind: 'operation',
        method: 'GET',
        path: '/pets',
        summary: 'List all pets',
        tags: ['pets'],
        deprecated: false,
        hidden: false,
        excluded: false,
        pointer: '#/paths/~1pets/get',
      },
    ]);
    assert.deepEqual(document.raw, {
      openapi: '3.0.3',
      info: { title: 'Tiny', version: '1.0.0' },
      paths: { '/pets': { get: { summary: 'List all pets', tags: ['pets'] } } },
    });
  });
});

describe('parseOpenApi: fixtures', () => {
  test('petstore.yaml: document order, non-operation keys skipped, extensions read', async () => {
    const text = await readFile(path.join(fixtures, 'petstore.yaml'), 'utf8');
    const { document, diagnostics } = parseOpenApi({ file: 'specs/petstore.yaml', text });
    assert.deepEqual(diagnostics, []);
    assert.ok(document);
    assert.deepEqual(document.operations.map(brief), [
      'GET /pets',
      'POST /pets',
      'GET /pets/{petId}',
      'GET /store/order/{orderId}',
      'DELETE /store/order/{orderId}',
      'GET /users/{id}/posts',
      'POST /users',
      'GET /internal/metrics',
      'GET /internal/debug',
    ]);
    const [, createPet, , , deleteOrder, userPosts, createUser, metrics, debug] = document.operations;
    assert.deepEqual(createPet, {
      kind: 'operation',
      method: 'POST',
      path: '/pets',
      summary: 'Create a pet',
      description: 'Adds a pet to the store.',
      operationId: 'createPet',
      tags: ['pets'],
      deprecated: true,
      hidden: false,
      excluded: false,
      pointer: '#/paths/~1pets/post',
    });
    assert.equal(deleteOrder?.summary, undefined);
    assert.deepEqual(deleteOrder?.tags, ['Store Orders']);
    assert.deepEqual(userPosts?.tags, []);
    assert.equal(userPosts?.description, 'Posts written by one user.');
    assert.equal(createUser?.href, '/custom/create-user');
    assert.deepEqual([metrics?.hidden, metrics?.excluded], [true, false]);
    assert.deepEqual([debug?.hidden, debug?.excluded], [false, true]);
    assert.deepEqual(document.tags, [
      { name: 'pets', description: 'Everything about your pets' },
      { name: 'Store Orders', displayName: 'Orders' },
      { name: 'users', displayName: 'People' },
    ]);
  });

  test('store-events.json (3.1): webhooks, internal $ref path items', async () => {
    const text = await readFile(path.join(fixtures, 'store-events.json'), 'utf8');
    const { document, diagnostics } = parseOpenApi({ file: 'store-events.json', text });
    assert.deepEqual(diagnostics, []);
    assert.ok(document);
    assert.equal(document.version, '3.1.0');
    assert.deepEqual(document.operations.map(brief), [
      'GET /orders/',
      'GET /orders/{orderId}',
      'DELETE /orders/{orderId}',
      'webhook POST newPet',
      'webhook POST customer.created',
      'webhook POST orderShipped',
    ]);
    assert.deepEqual(
      document.operations.map((operation) => operation.pointer),
      [
        '#/paths/~1orders~1/get',
        '#/components/pathItems/Order/get',
        '#/components/pathItems/Order/delete',
        '#/webhooks/newPet/post',
        '#/webhooks/customer.created/post',
        '#/components/pathItems/OrderShipped/post',
      ],
    );
    assert.equal(document.operations[1]?.summary, 'Get an order');
    assert.equal(document.operations[5]?.summary, 'Order shipped');
    assert.equal(document.operations[4]?.kind, 'webhook');
  });

  test('swagger.yaml (2.0): same paths layout', async () => {
    const text = await readFile(path.join(fixtures, 'swagger.yaml'), 'utf8');
    const { document, diagnostics } = parseOpenApi({ file: 'swagger.yaml', text });
    assert.deepEqual(diagnostics, []);
    assert.ok(document);
    assert.equal(document.version, '2.0');
    assert.equal(document.title, 'Swagger Petstore');
    assert.deepEqual(document.operations.map(brief), ['GET /pets', 'GET /pets/{petId}']);
    assert.equal(document.operations[1]?.operationId, 'showPetById');
  });
});

describe('parseOpenApi: format details', () => {
  test('JSON in a file without a .json extension is read as JSON', () => {
    const { document } = parseOpenApi({ file: 'spec', text: '  {"openapi": "3.1.0", "paths": {"/a": {"put": {}}}}' });
    assert.deepEqual(document?.operations.map(brief), ['PUT /a']);
  });

  test('a flow-style YAML mapping that is not JSON still parses', () => {
    const { document, diagnostics } = parseOpenApi({ file: 'spec.yaml', text: '{ openapi: 3.1.0, paths: { /a: { get: {} } } }' });
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(document?.operations.map(brief), ['GET /a']);
  });

  test('a byte order mark is ignored', () => {
    const { document } = parseOpenApi({ file: 'bom.json', text: '\uFEFF{"openapi": "3.0.0", "paths": {}}' });
    assert.equal(document?.version, '3.0.0');
  });

  test('unquoted YAML version numbers are read as the version meant', () => {
    assert.equal(parseOpenApi({ file: 'a.yaml', text: 'swagger: 2.0\npaths: {}\n' }).document?.version, '2.0');
    assert.equal(parseOpenApi({ file: 'a.yaml', text: 'openapi: 3.1\npaths: {}\n' }).document?.version, '3.1');
  });

  test('YAML merge keys work, as in js-yaml 4', () => {
    const text = `openapi: 3.0.0
x-common: &common
  tags: [pets]
paths:
  /pets:
    get:
      <<: *common
      summary: List pets
`;
    const { document } = parseOpenApi({ file: 'merge.yaml', text });
    assert.deepEqual(document?.operations[0]?.tags, ['pets']);
  });

  test('YAML dates stay strings', () => {
    const { document } = parseOpenApi({ file: 'a.yaml', text: 'openapi: 3.0.0\ninfo:\n  title: 2024-01-01\npaths: {}\n' });
    assert.equal(document?.title, '2024-01-01');
  });

  test('a flow collection may close at the indentation of its key, as the reference product reads it', () => {
    const text = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      example: [\n        1, 2\n      ]\n      x-limits: {\n        max: 3\n      }\n';
    const { document, diagnostics } = parseOpenApi({ file: 'a.yaml', text });
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(document?.raw, { openapi: '3.1.0', paths: { '/a': { get: { example: [1, 2], 'x-limits': { max: 3 } } } } });
  });

  test('YAML 1.2 core schema: status codes are string keys, on and yes stay strings, True and ~ are read', () => {
    const text =
      'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      x-switch: on\n      x-answer: yes\n      x-flag: True\n      x-none: ~\n      responses:\n        200: {description: OK}\n        4XX: {description: Bad}\n';
    const { document } = parseOpenApi({ file: 'a.yaml', text });
    assert.deepEqual(document?.raw, {
      openapi: '3.0.0',
      paths: {
        '/a': {
          get: {
            'x-switch': 'on',
            'x-answer': 'yes',
            'x-flag': true,
            'x-none': null,
            responses: { '200': { description: 'OK' }, '4XX': { description: 'Bad' } },
          },
        },
      },
    });
  });

  test('upper-case method keys, null operations and non-method keys', () => {
    const text = JSON.stringify({
      openapi: '3.0.0',
      paths: {
        '/a': { GET: { summary: 'Upper' }, post: null, servers: [], description: 'x', 'x-thing': {} },
        '/b': null,
      },
    });
    const { document } = parseOpenApi({ file: 'a.json', text });
    assert.deepEqual(document?.operations.map(brief), ['GET /a']);
    assert.equal(document?.operations[0]?.pointer, '#/paths/~1a/GET');
  });

  test('x-webhooks (OpenAPI 3.0 extension) and webhooks without a summary', () => {
    const text = JSON.stringify({
      openapi: '3.0.3',
      paths: {},
      'x-webhooks': { 'pet.adopted': { post: { tags: ['pets'] } } },
    });
    const { document } = parseOpenApi({ file: 'a.json', text });
    assert.deepEqual(document?.operations, [
      {
        kind: 'webhook',
        method: 'POST',
        path: 'pet.adopted',
        tags: ['pets'],
        deprecated: false,
        hidden: false,
        excluded: false,
        pointer: '#/x-webhooks/pet.adopted/post',
      },
    ]);
  });

  test('a webhook in both webhooks and x-webhooks is indexed once', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      webhooks: { a: { post: {} } },
      'x-webhooks': { a: { post: {} }, b: { post: {} } },
    });
    assert.deepEqual(parseOpenApi({ file: 'a.json', text }).document?.operations.map(brief), ['webhook POST a', 'webhook POST b']);
  });

  test('summaries are trimmed and blank ones dropped', () => {
    const text = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      summary: |\n        Retrieves a thing.\n    post:\n      summary: "  "\n';
    const { document } = parseOpenApi({ file: 'a.yaml', text });
    assert.equal(document?.operations[0]?.summary, 'Retrieves a thing.');
    assert.equal(document?.operations[1]?.summary, undefined);
  });
});

describe('parseOpenApi: NUL characters (a real spec writes `\\u0000a0` for `\\u00a0`)', () => {
  test('JSON: each NUL is shown as U+FFFD, with one warning at the first escape and the count', () => {
    const text = [
      '{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {',
      '  "/a": {"get": {"summary": "Valeur recommandée\\u0000a0: 5", "description": "a\\u0000b\\u0000c"}},',
      '  "/b": {"get": {"summary": "A backslash: \\\\u0000 is text"}}',
      '}}',
    ].join('\n');
    const { document, diagnostics } = parseOpenApi({ file: 'fr.json', text });
    assert.equal(document?.operations[0]?.summary, 'Valeur recommandée\uFFFDa0: 5');
    assert.equal(document?.operations[0]?.description, 'a\uFFFDb\uFFFDc');
    assert.equal(document?.operations[1]?.summary, 'A backslash: \\u0000 is text');
    assert.deepEqual(
      diagnostics.map((each) => `${each.line}:${each.column} ${each.code} ${each.message}`),
      ['2:48 nul-character "fr.json" writes 3 NUL characters (`\\u0000`), the first here; a browser drops it, so the words around it run together: docjet shows it as "\uFFFD"'],
    );
  });

  test('YAML: `\\0` in double quotes is a NUL too; an escaped backslash before `u0000` is not', () => {
    const text = 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      summary: "x\\\\u0000 y"\n      description: "one\\0two"\n';
    const { document, diagnostics } = parseOpenApi({ file: 'a.yaml', text });
    assert.equal(document?.operations[0]?.summary, 'x\\u0000 y');
    assert.equal(document?.operations[0]?.description, 'one\uFFFDtwo');
    assert.deepEqual(
      diagnostics.map((each) => `${each.line}:${each.column} ${each.code}`),
      ['7:24 nul-character'],
    );
  });

  test('a spec without one is read as before, without a warning', () => {
    const text = '{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"summary": "\\\\0 and \\\\x00 are text"}}}}';
    const { document, diagnostics } = parseOpenApi({ file: 'a.json', text });
    assert.equal(document?.operations[0]?.summary, '\\0 and \\x00 are text');
    assert.deepEqual(diagnostics, []);
  });
});

describe('parseOpenApi: $ref path items and operations', () => {
  test('sibling operations of a $ref path item override the referenced ones', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      paths: { '/a': { $ref: '#/components/pathItems/A', post: { summary: 'Own post' } } },
      components: { pathItems: { A: { get: { summary: 'Shared get' }, post: { summary: 'Shared post' } } } },
    });
    const { document } = parseOpenApi({ file: 'a.json', text });
    assert.deepEqual(
      document?.operations.map((operation) => [operation.summary, operation.pointer]),
      [
        ['Shared get', '#/components/pathItems/A/get'],
        ['Own post', '#/paths/~1a/post'],
      ],
    );
  });

  test('external $refs are not followed; one warning names the first', () => {
    const text = `openapi: 3.0.0
paths:
  /a:
    get:
      $ref: resources/a_get.yml
  /b:
    $ref: resources/b.yml
`;
    const { document, diagnostics } = parseOpenApi({ file: 'spec.yaml', text });
    assert.deepEqual(document?.operations.map(brief), ['GET /a']);
    assert.deepEqual(diagnostics, [
      {
        severity: 'warning',
        code: 'openapi-external-ref',
        file: 'spec.yaml',
        line: 0,
        column: 0,
        message:
          '`spec.yaml` refers to other files (first: GET /a → resources/a_get.yml); docjet follows only `$ref`s inside the same document, as the format does, so 1 operation has no title or tags and 1 path item gets no pages.',
        fix: 'Bundle the spec into one file (for example `npx @redocly/cli bundle spec.yaml -o openapi.yaml`) and point docs.json at the result.',
      },
    ]);
  });

  test('a missing or circular internal $ref is a warning', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      paths: { '/a': { $ref: '#/components/pathItems/Missing' }, '/b': { $ref: '#/paths/~1b' } },
    });
    const { document, diagnostics } = parseOpenApi({ file: 'a.json', text });
    assert.deepEqual(document?.operations, []);
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code, diagnostic.message]),
      [['warning', 'openapi-unresolved-ref', '`a.json`: 2 endpoint `$ref`s point to nothing or in a circle (first: /a → #/components/pathItems/Missing).']],
    );
  });
});

describe('parseOpenApi: syntax errors', () => {
  test('JSON: trailing comma, with line and column', () => {
    const text = '{\n  "openapi": "3.1.0",\n  "paths": {\n    "/pets": { "get": {} },\n  }\n}\n';
    assert.deepEqual(parseOpenApi({ file: 'openapi.json', text }), {
      diagnostics: [
        {
          severity: 'error',
          code: 'openapi-syntax',
          file: 'openapi.json',
          line: 5,
          column: 3,
          message: '`openapi.json` is not valid JSON: expected a property name in double quotes (a trailing comma?).',
          fix: 'Correct the JSON at this position; no page is made from this spec until it parses.',
        },
      ],
    });
  });

  test('JSON: missing comma', () => {
    const [diagnostic] = parseOpenApi({ file: 'openapi.json', text: '{\n  "openapi": "3.1.0"\n  "paths": {}\n}\n' }).diagnostics;
    assert.deepEqual([diagnostic?.line, diagnostic?.column, diagnostic?.message], [3, 3, '`openapi.json` is not valid JSON: expected `,` between entries.']);
  });

  test('JSON: truncated file', () => {
    const [diagnostic] = parseOpenApi({ file: 'openapi.json', text: '{\n  "openapi": "3.1.0",\n  "paths": {\n' }).diagnostics;
    assert.deepEqual([diagnostic?.line, diagnostic?.column, diagnostic?.message], [4, 1, '`openapi.json` is not valid JSON: expected `}` to close the object.']);
  });

  test('YAML: bad indentation, with line and column', () => {
    const text = 'openapi: 3.1.0\npaths:\n  /pets:\n    get:\n      summary: List pets\n     tags: [pets]\n';
    assert.deepEqual(parseOpenApi({ file: 'openapi.yaml', text }), {
      diagnostics: [
        {
          severity: 'error',
          code: 'openapi-syntax',
          file: 'openapi.yaml',
          line: 6,
          column: 6,
          message: '`openapi.yaml` is not valid YAML: all mapping items must start at the same column.',
          fix: 'Correct the YAML at this position; no page is made from this spec until it parses.',
        },
      ],
    });
  });

  test('YAML: duplicated key', () => {
    const [diagnostic] = parseOpenApi({ file: 'a.yml', text: 'openapi: 3.1.0\nopenapi: 3.0.0\npaths: {}\n' }).diagnostics;
    assert.deepEqual([diagnostic?.code, diagnostic?.line, diagnostic?.column, diagnostic?.message], ['openapi-syntax', 2, 1, '`a.yml` is not valid YAML: duplicated mapping key.']);
  });

  test('JSON: a key written twice, a list or object first, is read as JSON.parse reads it (the last one counts), never a crash', () => {
    const text =
      '{"openapi":"3.0.0","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"summary":"A"}},"/b":{"get":{"summary":"B"}},"/a":{"post":{"summary":"A2"}}},"components":{"schemas":{"X":{}},"schemas":[]}}';
    const { document } = parseOpenApi({ file: 'a.json', text });
    assert.deepEqual(document?.operations.map(brief), ['POST /a', 'GET /b']);
  });

  test('YAML: an alias with no anchor, and a second document', () => {
    const problem = (text: string) => parseOpenApi({ file: 'a.yaml', text }).diagnostics.map((d) => [d.code, d.line, d.column, d.message]);
    assert.deepEqual(problem('openapi: 3.1.0\npaths:\n  /a:\n    get:\n      x-shared: *common\n'), [
      ['openapi-syntax', 5, 17, '`a.yaml` is not valid YAML: the alias `*common` names no anchor (`&common`) written before it.'],
    ]);
    assert.deepEqual(problem('openapi: 3.1.0\npaths: {}\n---\nopenapi: 3.0.0\n'), [
      ['openapi-syntax', 3, 1, '`a.yaml` is not valid YAML: a `---` line starts a second document; one file holds one.'],
    ]);
  });
});

describe('parseOpenApi: documents that are not OpenAPI', () => {
  const notOpenApiFix = 'Point `openapi` in docs.json at an OpenAPI 3.x (or Swagger 2.0) document, which starts with `openapi: 3.1.0` and lists its operations under `paths`.';

  test('no openapi or swagger field', async () => {
    const text = await readFile(path.join(fixtures, 'not-openapi.json'), 'utf8');
    assert.deepEqual(parseOpenApi({ file: 'package.json', text }), {
      diagnostics: [
        {
          severity: 'error',
          code: 'openapi-invalid',
          file: 'package.json',
          line: 0,
          column: 0,
          message: '`package.json` is not an OpenAPI document: it has no top-level `openapi` (or `swagger`) version field.',
          fix: notOpenApiFix,
        },
      ],
    });
  });

  test('no paths or webhooks', () => {
    assert.deepEqual(parseOpenApi({ file: 'a.yaml', text: 'openapi: 3.1.0\ninfo: {title: x}\ncomponents: {}\n' }).diagnostics, [
      {
        severity: 'error',
        code: 'openapi-invalid',
        file: 'a.yaml',
        line: 0,
        column: 0,
        message: '`a.yaml` (openapi 3.1.0) has no `paths` or `webhooks`, so there are no endpoints to make pages from.',
        fix: 'Describe the operations under `paths` or `webhooks` in `a.yaml`, or remove the `openapi` reference to it from docs.json.',
      },
    ]);
    assert.equal(
      parseOpenApi({ file: 'b.yaml', text: 'swagger: "2.0"\n' }).diagnostics[0]?.message,
      '`b.yaml` (swagger 2.0) has no `paths`, so there are no endpoints to make pages from.',
    );
  });

  test('top level is not a mapping', () => {
    assert.equal(parseOpenApi({ file: 'a.yaml', text: '- openapi\n' }).diagnostics[0]?.message, '`a.yaml` is not an OpenAPI document: its top level is a list, not a mapping.');
  });

  test('version is not a string', () => {
    const [diagnostic] = parseOpenApi({ file: 'a.yaml', text: 'openapi: [3]\npaths: {}\n' }).diagnostics;
    assert.deepEqual(
      [diagnostic?.code, diagnostic?.message, diagnostic?.fix],
      ['openapi-invalid', '`a.yaml`: the top-level `openapi` field is a list, not a version string.', 'Write the version as a string, for example `openapi: "3.1.0"`.'],
    );
  });

  test('empty file', () => {
    assert.deepEqual(parseOpenApi({ file: 'a.yaml', text: ' \n' }).diagnostics, [
      {
        severity: 'error',
        code: 'openapi-invalid',
        file: 'a.yaml',
        line: 0,
        column: 0,
        message: '`a.yaml` is empty, so it holds no OpenAPI document.',
        fix: 'Put the OpenAPI document in the file, or point docs.json at the right one.',
      },
    ]);
  });
});

describe('loadOpenApi', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docjet-openapi-'));
  });
  after(async () => {
    clearOpenApiCache();
    await rm(root, { recursive: true, force: true });
  });

  test('reads a file relative to the root', async () => {
    const { document, diagnostics } = await loadOpenApi({ root: fixtures, file: 'swagger.yaml' });
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(document?.operations.map(brief), ['GET /pets', 'GET /pets/{petId}']);
  });

  test('a missing file, with a suggestion from the same folder', async () => {
    assert.deepEqual(await loadOpenApi({ root: fixtures, file: 'petstore.yml' }), {
      diagnostics: [
        {
          severity: 'error',
          code: 'openapi-missing',
          file: 'petstore.yml',
          line: 0,
          column: 0,
          message: 'The OpenAPI file `petstore.yml` does not exist.',
          fix: 'Did you mean `petstore.yaml`?',
        },
      ],
      unread: { problem: 'missing', suggestion: 'petstore.yaml' },
    });
    assert.deepEqual((await loadOpenApi({ root, file: 'nowhere/openapi.json' })).diagnostics[0]?.fix, 'Check the path: it is relative to the folder that holds docs.json.');
  });

  test('a file outside the root, as written or through a symlink, is refused without being read; suggestions come from the site only', {
    skip: process.platform === 'win32',
  }, async () => {
    const site = path.join(root, 'site');
    await mkdir(path.join(site, 'api'), { recursive: true });
    await mkdir(path.join(root, 'other'), { recursive: true });
    await writeFile(path.join(root, 'other/spec.yaml'), 'openapi: 3.0.0\npaths:\n  /secret:\n    get: {}\n');
    await symlink('../../other/spec.yaml', path.join(site, 'api/linked.yaml'));
    await symlink('../other', path.join(site, 'elsewhere'));
    const refused = (file: string, how: string) => ({
      diagnostics: [
        {
          severity: 'error',
          code: 'openapi-outside-root',
          file,
          line: 0,
          column: 0,
          message: `The OpenAPI file \`${file}\` ${how}, so it is not read.`,
          fix: 'Copy the spec into the site folder and name its path from there (relative to the folder that holds docs.json).',
        },
      ],
      unread: { problem: 'outside-root', reason: how },
    });
    assert.deepEqual(await loadOpenApi({ root: site, file: '../other/spec.yaml' }), refused('../other/spec.yaml', 'is outside the site folder'));
    assert.deepEqual(await loadOpenApi({ root: site, file: 'api/../../other/spec.yaml' }), refused('api/../../other/spec.yaml', 'is outside the site folder'));
    assert.deepEqual(await loadOpenApi({ root: site, file: 'api/linked.yaml' }), refused('api/linked.yaml', 'leads outside the site folder through a symbolic link'));
    assert.deepEqual(await loadOpenApi({ root: site, file: 'elsewhere/spec.yaml' }), refused('elsewhere/spec.yaml', 'leads outside the site folder through a symbolic link'));
    // A misspelt name in a linked folder outside: no "did you mean" listing that folder.
    assert.equal((await loadOpenApi({ root: site, file: 'elsewhere/spec.yml' })).diagnostics[0]?.fix, 'Check the path: it is relative to the folder that holds docs.json.');
  });

  test('a URL is read from its copy only, never fetched: with none, a warning', async () => {
    const {
      diagnostics: [diagnostic],
      unread,
    } = await loadOpenApi({ root, file: 'https://example.com/openapi.json' });
    assert.deepEqual(
      [diagnostic?.severity, diagnostic?.code, diagnostic?.message, diagnostic?.fix],
      [
        'warning',
        'openapi-remote',
        'The OpenAPI file `https://example.com/openapi.json` was not fetched in this run and no copy is cached yet.',
        'Run docjet once with network access to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
    );
    assert.deepEqual(unread, { problem: 'remote', failure: { kind: 'not-fetched' } });
  });

  test('a folder is not a spec', async () => {
    await mkdir(path.join(root, 'specs.yaml'), { recursive: true });
    const {
      diagnostics: [diagnostic],
      unread,
    } = await loadOpenApi({ root, file: 'specs.yaml' });
    assert.deepEqual(
      [diagnostic?.severity, diagnostic?.code, diagnostic?.message, diagnostic?.fix],
      ['error', 'openapi-missing', '`specs.yaml` is a folder, not an OpenAPI file.', 'Name the spec file itself, for example `openapi.yaml`.'],
    );
    assert.deepEqual(unread, { problem: 'folder' });
  });

  test('parses once while the file is unchanged, again after it changes', async () => {
    const file = path.join(root, 'openapi.json');
    await writeFile(file, JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: {} } } }));
    const [first, second] = await Promise.all([loadOpenApi({ root, file: 'openapi.json' }), loadOpenApi({ root, file: 'openapi.json' })]);
    const third = await loadOpenApi({ root, file: 'openapi.json' });
    assert.ok(first.document);
    assert.equal(second.document, first.document);
    assert.equal(third.document, first.document);

    await writeFile(file, JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: {} }, '/b': { get: {} } } }));
    const changed = await loadOpenApi({ root, file: 'openapi.json' });
    assert.deepEqual(changed.document?.operations.map(brief), ['GET /a', 'GET /b']);
  });

  test('cached diagnostics carry the file name each caller used, and are copies', async () => {
    await writeFile(path.join(root, 'broken.json'), '{"openapi": }');
    const first = await loadOpenApi({ root, file: 'broken.json' });
    first.diagnostics[0]!.line = 99;
    const second = await loadOpenApi({ root, file: './broken.json' });
    assert.deepEqual([second.diagnostics[0]?.file, second.diagnostics[0]?.line, second.diagnostics[0]?.column], ['./broken.json', 1, 13]);
  });
});

test("a NUL in a file the spec references is shown as U+FFFD and warned of in that file, the spec's own once", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'docjet-nul-'));
  try {
    const spec = { openapi: '3.1.0', info: { title: 'T\u0000', version: '1' }, paths: { '/a': { get: { summary: 'x', responses: { 200: { $ref: 'other.json#/R' } } } } } };
    await writeFile(path.join(dir, 'main.json'), JSON.stringify(spec, null, 1));
    await writeFile(path.join(dir, 'other.json'), '{"R": {"description": "bad\\u0000a0 here"}}');
    const { document, diagnostics } = await loadOpenApi({ root: dir, file: 'main.json' });
    assert.deepEqual(
      diagnostics.map((each) => `${each.file}:${each.line}:${each.column} ${each.code}`),
      ['main.json:4:14 nul-character', 'other.json:1:27 nul-character'],
    );
    const written = JSON.stringify(document);
    assert.ok(written.includes('bad\uFFFDa0 here'));
    assert.ok(!written.includes('\u0000'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
