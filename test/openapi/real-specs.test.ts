/**
 * Every spec in the shared corpus of real-world documents (`../shared/openapi-specs`, see its
 * README) loads without throwing and yields operations. The corpus is optional: the suite skips
 * when it is absent.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadOpenApi } from '../../src/openapi/load.ts';

const corpus = fileURLToPath(new URL('../../../shared/openapi-specs/', import.meta.url));
const present = existsSync(corpus);
const MAX_BYTES = 20 * 1024 * 1024;

/** Counts from the corpus README: operations + webhooks. */
const expected: Record<string, { operations: number; webhooks: number }> = {
  'openai/openapi.yaml': { operations: 288, webhooks: 16 },
  'stripe/spec3.2023-09-12.yaml': { operations: 468, webhooks: 0 },
  'kubernetes/swagger-1.13.json': { operations: 1014, webhooks: 0 },
  'digitalocean/specification/DigitalOcean-public.v2.yaml': { operations: 659, webhooks: 0 },
  'oas-examples/3.1/json/webhooks.json': { operations: 0, webhooks: 2 },
};

/**
 * Operations and webhooks of every YAML spec, counted when docjet still read YAML with js-yaml: the
 * `yaml` package that replaced it must read each one the same.
 */
const yamlCounts: Record<string, [operations: number, webhooks: number]> = {
  'digitalocean/specification/DigitalOcean-public.v2.yaml': [659, 0],
  'oas-examples/2.0/yaml/api-with-examples.yaml': [2, 0],
  'oas-examples/2.0/yaml/petstore-expanded.yaml': [4, 0],
  'oas-examples/2.0/yaml/petstore-minimal.yaml': [1, 0],
  'oas-examples/2.0/yaml/petstore-simple.yaml': [3, 0],
  'oas-examples/2.0/yaml/petstore-with-external-docs.yaml': [4, 0],
  'oas-examples/2.0/yaml/petstore.yaml': [20, 0],
  'oas-examples/2.0/yaml/schema-circular.yaml': [1, 0],
  'oas-examples/3.0/yaml/callbacks.yaml': [1, 0],
  'oas-examples/3.0/yaml/circular-paths.yaml': [3, 0],
  'oas-examples/3.0/yaml/circular-request-bodies.yaml': [4, 0],
  'oas-examples/3.0/yaml/circular.yaml': [1, 0],
  'oas-examples/3.0/yaml/complex-nesting.yaml': [5, 0],
  'oas-examples/3.0/yaml/discriminators.yaml': [10, 0],
  'oas-examples/3.0/yaml/file-uploads.yaml': [3, 0],
  'oas-examples/3.0/yaml/form-data.yaml': [1, 0],
  'oas-examples/3.0/yaml/http-status-codes.yaml': [89, 0],
  'oas-examples/3.0/yaml/link-example.yaml': [6, 0],
  'oas-examples/3.0/yaml/parameters-common.yaml': [5, 0],
  'oas-examples/3.0/yaml/parameters-cookies.yaml': [1, 0],
  'oas-examples/3.0/yaml/parameters-extreme.yaml': [1, 0],
  'oas-examples/3.0/yaml/parameters-style.yaml': [25, 0],
  'oas-examples/3.0/yaml/petstore-expanded.yaml': [4, 0],
  'oas-examples/3.0/yaml/petstore-simple-no-tags.yaml': [2, 0],
  'oas-examples/3.0/yaml/petstore-simple.yaml': [2, 0],
  'oas-examples/3.0/yaml/petstore.yaml': [20, 0],
  'oas-examples/3.0/yaml/polymorphism.yaml': [13, 0],
  'oas-examples/3.0/yaml/readme-extensions.yaml': [12, 0],
  'oas-examples/3.0/yaml/readme-legacy.yaml': [36, 0],
  'oas-examples/3.0/yaml/request-examples.yaml': [11, 0],
  'oas-examples/3.0/yaml/response-examples.yaml': [2, 0],
  'oas-examples/3.0/yaml/response-http-behavior.yaml': [3, 0],
  'oas-examples/3.0/yaml/response-multiple-mediatypes.yaml': [4, 0],
  'oas-examples/3.0/yaml/response-schemas.yaml': [8, 0],
  'oas-examples/3.0/yaml/schema-additional-properties.yaml': [1, 0],
  'oas-examples/3.0/yaml/schema-circular.yaml': [3, 0],
  'oas-examples/3.0/yaml/schema-deprecated.yaml': [1, 0],
  'oas-examples/3.0/yaml/schema-encoding-style.yaml': [1, 0],
  'oas-examples/3.0/yaml/schema-enums.yaml': [3, 0],
  'oas-examples/3.0/yaml/schema-types.yaml': [21, 0],
  'oas-examples/3.0/yaml/schema-validation.yaml': [5, 0],
  'oas-examples/3.0/yaml/schema-visibility.yaml': [1, 0],
  'oas-examples/3.0/yaml/security-multiple.yaml': [4, 0],
  'oas-examples/3.0/yaml/security.yaml': [15, 0],
  'oas-examples/3.0/yaml/server-path-level.yaml': [7, 0],
  'oas-examples/3.0/yaml/server-variables.yaml': [4, 0],
  'oas-examples/3.0/yaml/star-trek.yaml': [120, 0],
  'oas-examples/3.0/yaml/uspto.yaml': [3, 0],
  'oas-examples/3.1/yaml/parameters-style.yaml': [25, 0],
  'oas-examples/3.1/yaml/petstore-simple.yaml': [2, 0],
  'oas-examples/3.1/yaml/petstore.yaml': [20, 0],
  'oas-examples/3.1/yaml/readme-extensions.yaml': [10, 0],
  'oas-examples/3.1/yaml/readme.yaml': [54, 0],
  'oas-examples/3.1/yaml/schema-encoding-style.yaml': [1, 0],
  'oas-examples/3.1/yaml/schema-types.yaml': [23, 0],
  'oas-examples/3.1/yaml/schema-validation-local.yaml': [5, 0],
  'oas-examples/3.1/yaml/schema-validation-top-level.yaml': [1, 0],
  'oas-examples/3.1/yaml/security.yaml': [15, 0],
  'oas-examples/3.1/yaml/webhooks.yaml': [0, 2],
  'openai/openapi.yaml': [288, 16],
  'stripe/spec3.2023-09-12.yaml': [468, 0],
};

async function* walk(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (/\.(json|ya?ml)$/i.test(entry.name)) yield full;
  }
}

/** Every file with a top-level `openapi`/`swagger` key counts as a spec, as in the format (§4.3). */
async function findSpecs(): Promise<{ file: string; text: string }[]> {
  const specs: { file: string; text: string }[] = [];
  for await (const full of walk(corpus)) {
    if ((await stat(full)).size > MAX_BYTES) continue;
    const text = await readFile(full, 'utf8');
    if (/^\s*["']?(?:openapi|swagger)["']?\s*:/m.test(text)) specs.push({ file: path.relative(corpus, full).split(path.sep).join('/'), text });
  }
  return specs;
}

describe('real-world specs', { skip: present ? false : `no corpus at ${corpus}` }, () => {
  test('each one loads and yields operations', async () => {
    const specs = await findSpecs();
    assert.ok(specs.length > 10, `only ${specs.length} specs found`);
    for (const { file, text } of specs) {
      const { document, diagnostics } = await loadOpenApi({ root: corpus, file });
      assert.ok(document, `${file}: ${diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
      assert.deepEqual(
        diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
        [],
        file,
      );
      // One corpus file (openapi-workshop/title.json) has an empty `paths` on purpose.
      if (!/"paths":\s*\{\s*\}/.test(text)) assert.ok(document.operations.length > 0, `${file}: no operations`);
      const counts = expected[file];
      if (counts) {
        assert.deepEqual(
          {
            operations: document.operations.filter((operation) => operation.kind === 'operation').length,
            webhooks: document.operations.filter((operation) => operation.kind === 'webhook').length,
          },
          counts,
          file,
        );
      }
    }
  });

  test('every YAML spec yields the operations it did when read with js-yaml', async () => {
    const counts: Record<string, [number, number]> = {};
    for (const { file } of await findSpecs()) {
      if (!/\.ya?ml$/i.test(file)) continue;
      const { document, diagnostics } = await loadOpenApi({ root: corpus, file });
      assert.ok(document, `${file}: ${diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
      const count = (kind: string) => document.operations.filter((operation) => operation.kind === kind).length;
      counts[file] = [count('operation'), count('webhook')];
    }
    assert.deepEqual(counts, yamlCounts);
  });

  test('DigitalOcean: its other files are bundled in, every operation whole, without a warning', async () => {
    const { document, diagnostics } = await loadOpenApi({ root: corpus, file: 'digitalocean/specification/DigitalOcean-public.v2.yaml' });
    assert.deepEqual(diagnostics, []);
    assert.equal(document?.files?.length, 2850);
    const listDroplets = document?.operations.find((operation) => operation.method === 'GET' && operation.path === '/v2/droplets');
    assert.equal(listDroplets?.summary, 'List All Droplets');
    assert.deepEqual(listDroplets?.tags, ['Droplets']);
    const raw = JSON.stringify(document?.raw);
    assert.doesNotMatch(raw, /"\$ref":"[^#"]/, 'a `$ref` to another file is left');
  });
});
