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

  test('DigitalOcean: operations that are external $refs give one warning', async () => {
    const { diagnostics } = await loadOpenApi({ root: corpus, file: 'digitalocean/specification/DigitalOcean-public.v2.yaml' });
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.code),
      ['openapi-external-ref'],
    );
  });
});
