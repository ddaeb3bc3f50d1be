/**
 * Multi-file specs (fixture: openapi-multifile): a spec file of the site is bundled with the files
 * its `$ref`s name, inside the site folder only, and every `$ref` that cannot be followed is a
 * warning at the line that writes it. Each test works on its own copy of the fixture, beside a file
 * outside it and a symbolic link that leads there.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from '../../src/shared/diagnostics.ts';
import { clearOpenApiCache, loadOpenApi, parseOpenApi } from '../../src/openapi/load.ts';
import { renderEndpoint } from '../../src/render/endpoint/index.ts';

const fixture = fileURLToPath(new URL('../fixtures/openapi-multifile/', import.meta.url));
const scratches: string[] = [];
let site: string;

beforeEach(async () => {
  const scratch = await mkdtemp(path.join(tmpdir(), 'docjet-multifile-'));
  scratches.push(scratch);
  site = path.join(scratch, 'site');
  await cp(fixture, site, { recursive: true });
  await writeFile(path.join(scratch, 'outside.yaml'), 'type: string\ndescription: A file of the machine, not of the site.\n');
  await symlink(path.join('..', '..', 'outside.yaml'), path.join(site, 'schemas', 'link.yaml'));
  clearOpenApiCache();
});

after(async () => {
  for (const scratch of scratches) await rm(scratch, { recursive: true, force: true });
});

function brief(operation: { method: string; path: string; summary?: string }): string {
  return `${operation.method} ${operation.path}${operation.summary === undefined ? '' : ` (${operation.summary})`}`;
}

describe('a spec in several files', () => {
  test('loads as one document: operations, parameters, schemas and code samples from their files', async () => {
    const { document, diagnostics } = await loadOpenApi({ root: site, file: 'openapi.yaml' });
    assert.deepEqual(diagnostics, []);
    assert.ok(document);
    assert.deepEqual(document.operations.map(brief), ['GET /pets (List pets)', 'GET /owners/{id} (Get an owner)']);
    assert.deepEqual(document.operations[1]?.tags, ['owners']);
    assert.deepEqual(document.files, [
      'openapi.yaml',
      'parameters.yaml',
      'paths/owner-get.yaml',
      'paths/pets.yaml',
      'samples/owner-get-curl.yaml',
      'schemas/owner.yaml',
      'schemas/pet.yaml',
    ]);
  });

  test('schemas that refer to each other across files stay circular, as references inside the document', async () => {
    const { document } = await loadOpenApi({ root: site, file: 'openapi.yaml' });
    const raw = document?.raw as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    assert.deepEqual(raw.components.schemas.pet?.properties?.owner, { $ref: '#/components/schemas/owner' });
    assert.deepEqual(raw.components.schemas.owner?.properties?.pets, { type: 'array', items: { $ref: '#/components/schemas/pet' } });
  });

  test('an endpoint page shows what the other files hold, without a warning', async () => {
    const { document } = await loadOpenApi({ root: site, file: 'openapi.yaml' });
    assert.ok(document);
    const operation = document.operations.find((candidate) => candidate.path === '/owners/{id}');
    assert.ok(operation);
    const page = renderEndpoint({ document, operation });
    assert.deepEqual(page.diagnostics, []);
    assert.match(page.html, /class="endpoint-section endpoint-parameters"/);
    assert.match(page.html, /<p>The owner&#39;s id\.<\/p>/);
    assert.match(page.html, /class="endpoint-section endpoint-responses"/);
    assert.match(page.html, /curl https:\/\/petshop\.example\/owners\/1/);
  });

  test('a text parsed alone still follows no other file', () => {
    const { document, diagnostics } = parseOpenApi({ file: 'openapi.yaml', text: 'openapi: 3.0.3\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n' });
    assert.deepEqual(document?.operations, []);
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.code),
      ['openapi-external-ref'],
    );
  });
});

describe('$refs that are not followed', () => {
  test('each is a warning at the line and column of its `$ref`, saying why and what to do', async () => {
    const { document, diagnostics } = await loadOpenApi({ root: site, file: 'with-problems.yaml' });
    assert.ok(document, 'the spec still loads');
    assert.deepEqual(document.operations.map(brief), ['GET /things (List things)', 'GET /gone']);
    assert.deepEqual(diagnostics.map(formatDiagnostic), [
      'with-problems.yaml:19:25 warning `$ref` `../outside.yaml` names a file that is outside the site folder, so it is not read and what it stands for is left out. Copy the file into the site folder and write the `$ref` relative to the file that holds it.',
      'with-problems.yaml:20:31 warning `$ref` `/etc/hostname` is an absolute path, so it is not read and what it stands for is left out. Write the path relative to the file that holds the `$ref` (such as `../schemas/pet.yaml`): an absolute path names a file of one machine only.',
      'with-problems.yaml:21:29 warning `$ref` `https://example.com/thing.yaml` names a URL; docjet does not fetch the files a spec refers to, so what it stands for is left out. Save the file in the site folder and write the `$ref` as a path relative to the file that holds it.',
      'with-problems.yaml:22:27 warning `$ref` `schemas/pett.yaml` names `schemas/pett.yaml`, which does not exist. Did you mean `schemas/pet.yaml`?',
      'with-problems.yaml:23:29 warning `$ref` `schemas` names `schemas`, which is a folder. Name a JSON or YAML file of that folder.',
      'with-problems.yaml:24:33 warning `$ref` `not-yaml.yaml` names `not-yaml.yaml`, which is not valid YAML (line 4, column 1: flow sequence in block collection must be sufficiently indented and end with a ]). Correct the YAML of `not-yaml.yaml` at 4:1; until it parses, what the `$ref` stands for is left out.',
      'with-problems.yaml:25:30 warning `$ref` `schemas/pet.yaml#/properties/age` finds nothing: `schemas/pet.yaml` has nothing at `#/properties/age`. Correct the part after `#` (a JSON pointer such as `#/components/schemas/Pet`), or drop it to use the whole file.',
      'with-problems.yaml:26:27 warning `$ref` `schemas/link.yaml` names a file that leads outside the site folder through a symbolic link, so it is not read and what it stands for is left out. Copy the file into the site folder and write the `$ref` relative to the file that holds it.',
      'schemas/error.json:4:15 warning `$ref` `code.json` names `schemas/code.json`, which does not exist. Correct the path (it is relative to the file that holds the `$ref`), or create the file.',
      'with-problems.yaml:30:7 warning `$ref` `paths/gone.yaml` names `paths/gone.yaml`, which does not exist. Correct the path (it is relative to the file that holds the `$ref`), or create the file.',
    ]);
  });

  test('nothing outside the site folder is read, and nothing is fetched', async () => {
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input) => {
      fetched.push(String(input));
      throw new Error('no network in this test');
    };
    try {
      const { document } = await loadOpenApi({ root: site, file: 'with-problems.yaml' });
      assert.deepEqual(fetched, []);
      assert.doesNotMatch(JSON.stringify(document?.raw), /A file of the machine/);
      assert.ok(
        document?.files?.every((file) => !file.startsWith('..') && !path.isAbsolute(file)),
        String(document?.files),
      );
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('an endpoint page does not repeat them as a warning of its own', async () => {
    const { document } = await loadOpenApi({ root: site, file: 'with-problems.yaml' });
    assert.ok(document);
    for (const operation of document.operations) assert.deepEqual(renderEndpoint({ document, operation }).diagnostics, [], brief(operation));
  });
});

describe('when the bundler gives up', () => {
  test('a loop of bare `$ref`s across files: the spec alone, one warning, and bundled once fixed', async () => {
    const spec = 'openapi: 3.0.3\ninfo: {title: Loop, version: "1"}\npaths:\n  /a:\n    $ref: a.yaml\n';
    await writeFile(path.join(site, 'loop.yaml'), spec);
    await writeFile(path.join(site, 'a.yaml'), '$ref: b.yaml\n');
    await writeFile(path.join(site, 'b.yaml'), '$ref: a.yaml\n');
    const broken = await loadOpenApi({ root: site, file: 'loop.yaml' });
    assert.deepEqual(broken.document?.operations, []);
    assert.deepEqual(broken.diagnostics.map(formatDiagnostic), [
      'loop.yaml warning The files `loop.yaml` refers to could not be bundled into it (Self-referencing circular pointer), so what they hold is left out of its pages. The usual cause is a `$ref` that names only another `$ref` leading back to it: give one of them content of its own.',
    ]);
    await writeFile(path.join(site, 'b.yaml'), 'get:\n  summary: Fixed\n  responses:\n    "204":\n      description: Done\n');
    const fixed = await loadOpenApi({ root: site, file: 'loop.yaml' });
    assert.deepEqual(fixed.diagnostics, []);
    assert.deepEqual(fixed.document?.operations.map(brief), ['GET /a (Fixed)']);
  });
});

describe('loading again', () => {
  test('a change to a file a `$ref` brings in is seen on the next load', async () => {
    await loadOpenApi({ root: site, file: 'openapi.yaml' });
    await writeFile(path.join(site, 'schemas', 'pet.yaml'), 'type: object\nproperties:\n  age:\n    type: integer\n');
    const { document } = await loadOpenApi({ root: site, file: 'openapi.yaml' });
    const raw = document?.raw as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    assert.deepEqual(raw.components.schemas.pet?.properties, { age: { type: 'integer' } });
  });

  test('a file created where a `$ref` pointed at nothing makes it work', async () => {
    const before = await loadOpenApi({ root: site, file: 'with-problems.yaml' });
    assert.ok(before.diagnostics.some((diagnostic) => diagnostic.message.includes('`paths/gone.yaml`')));
    await writeFile(path.join(site, 'paths', 'gone.yaml'), 'summary: Back again\nresponses:\n  "204":\n    description: Done\n');
    const { document, diagnostics } = await loadOpenApi({ root: site, file: 'with-problems.yaml' });
    assert.deepEqual(document?.operations.map(brief), ['GET /things (List things)', 'GET /gone (Back again)']);
    assert.ok(!diagnostics.some((diagnostic) => diagnostic.message.includes('`paths/gone.yaml`')));
  });

  test('an unchanged spec is not read again', async () => {
    const first = await loadOpenApi({ root: site, file: 'openapi.yaml' });
    const second = await loadOpenApi({ root: site, file: './openapi.yaml' });
    assert.equal(second.document?.raw, first.document?.raw);
    assert.equal(second.document?.file, './openapi.yaml');
  });
});
