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
import type { Diagnostic } from '../../src/shared/diagnostics.ts';
import { FULL, LONG_RUN } from '../support/long-runs.ts';

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

/**
 * DigitalOcean's spec is 2,850 YAML files bundled into one (~5 CPU-s to read, most of this file's): the
 * long run reads it. The default run bundles files into a spec with test/fixtures/openapi-multifile
 * (bundle.test.ts), and reads the other real specs here, Stripe's and OpenAI's YAML among them.
 */
const LONG_ONLY = FULL ? [] : ['digitalocean'];

async function* walk(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory() && LONG_ONLY.includes(path.relative(corpus, full))) continue;
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

/** What the tests below check of one spec, read once for all three (DigitalOcean's read alone is ~5 CPU-s). */
interface Read {
  file: string;
  /** `paths` is empty on purpose (openapi-workshop/title.json). */
  emptyPaths: boolean;
  /** The load's messages when it gave no document. */
  failure: string | undefined;
  diagnostics: Diagnostic[];
  /** Of every kind. */
  all: number;
  operations: number;
  webhooks: number;
  /** DigitalOcean's only: its bundled files, one operation and whether a `$ref` to another file is left. */
  bundle?: { files: number | undefined; listDroplets: { summary: string | undefined; tags: string[] | undefined }; outsideRef: boolean };
}

const DIGITALOCEAN = 'digitalocean/specification/DigitalOcean-public.v2.yaml';

let reads: Promise<Read[]> | undefined;
/** Every spec of the corpus, loaded once (one at a time: only what is checked is kept of each). */
function readSpecs(): Promise<Read[]> {
  reads ??= (async () => {
    const all: Read[] = [];
    for (const { file, text } of await findSpecs()) {
      const { document, diagnostics } = await loadOpenApi({ root: corpus, file });
      const count = (kind: string) => document?.operations.filter((operation) => operation.kind === kind).length ?? 0;
      const read: Read = {
        file,
        emptyPaths: /"paths":\s*\{\s*\}/.test(text),
        failure: document ? undefined : diagnostics.map((diagnostic) => diagnostic.message).join('; '),
        diagnostics,
        all: document?.operations.length ?? 0,
        operations: count('operation'),
        webhooks: count('webhook'),
      };
      if (file === DIGITALOCEAN && document) {
        const listDroplets = document.operations.find((operation) => operation.method === 'GET' && operation.path === '/v2/droplets');
        read.bundle = {
          files: document.files?.length,
          listDroplets: { summary: listDroplets?.summary, tags: listDroplets?.tags },
          outsideRef: /"\$ref":"[^#"]/.test(JSON.stringify(document.raw)),
        };
      }
      all.push(read);
    }
    return all;
  })();
  return reads;
}

describe('real-world specs', { skip: present ? false : `no corpus at ${corpus}` }, () => {
  test('each one loads and yields operations', async () => {
    const specs = await readSpecs();
    assert.ok(specs.length > 10, `only ${specs.length} specs found`);
    for (const { file, emptyPaths, failure, diagnostics, all, operations, webhooks } of specs) {
      assert.equal(failure, undefined, file);
      assert.deepEqual(
        diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
        [],
        file,
      );
      // One corpus file (openapi-workshop/title.json) has an empty `paths` on purpose.
      if (!emptyPaths) assert.ok(all > 0, `${file}: no operations`);
      const counts = expected[file];
      if (counts) assert.deepEqual({ operations, webhooks }, counts, file);
    }
  });

  test('every YAML spec yields the operations it did when read with js-yaml', async () => {
    const counts: Record<string, [number, number]> = {};
    for (const { file, failure, operations, webhooks } of await readSpecs()) {
      if (!/\.ya?ml$/i.test(file)) continue;
      assert.equal(failure, undefined, file);
      counts[file] = [operations, webhooks];
    }
    const wanted = Object.fromEntries(Object.entries(yamlCounts).filter(([file]) => !LONG_ONLY.some((folder) => file.startsWith(`${folder}/`))));
    assert.deepEqual(counts, wanted);
  });

  test('DigitalOcean: its other files are bundled in, every operation whole, without a warning', { skip: LONG_RUN }, async () => {
    const read = (await readSpecs()).find((each) => each.file === DIGITALOCEAN);
    assert.deepEqual(read?.diagnostics, []);
    assert.equal(read.bundle?.files, 2850);
    assert.deepEqual(read.bundle.listDroplets, { summary: 'List All Droplets', tags: ['Droplets'] });
    assert.equal(read.bundle.outsideRef, false, 'a `$ref` to another file is left');
  });
});
