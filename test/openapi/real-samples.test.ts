/**
 * Issue 30 on real documents (`../shared/openapi-specs`; skipped when absent): every curl sample of
 * Stripe and Kubernetes is one request (no `{…}`/`[…]` left for curl's globbing without
 * `--globoff`: 53 of Stripe's 468 split before), has an absolute URL (Kubernetes' Swagger 2.0 has
 * no `host`: 1,014 were relative), and a GET carries no Content-Type (216 of Stripe's did); every
 * Java sample's URL is one `URI.create` reads (399 of Stripe's and all 1,014 of Kubernetes' threw).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { readEndpoint } from '../../src/openapi/endpoint/model.ts';
import { requestExamples } from '../../src/openapi/endpoint/request.ts';
import { Resolver } from '../../src/openapi/endpoint/resolve.ts';

const corpus = fileURLToPath(new URL('../../../shared/openapi-specs/', import.meta.url));

for (const spec of ['stripe/spec3.2023-09-12.yaml', 'kubernetes/swagger-1.13.json']) {
  const file = `${corpus}${spec}`;
  test(`${spec}: every curl sample is one request to an absolute URL, no GET has a Content-Type, every Java URL is one URI.create reads`, {
    skip: existsSync(file) ? false : `${file} is not here`,
  }, () => {
    const parsed = parseOpenApi({ file: spec, text: readFileSync(file, 'utf8') }).document;
    assert.ok(parsed);
    const resolver = new Resolver(parsed.raw);
    const wrong: string[] = [];
    for (const operation of parsed.operations) {
      const label = `${operation.method} ${operation.path}`;
      const samples = requestExamples(readEndpoint(parsed, operation, resolver), operation, resolver, { languages: ['curl', 'java'] });
      const curl = samples.find((sample) => sample.title === 'cURL')?.code ?? '';
      const url = /--url '?([^'\n]*)'?/.exec(curl)?.[1] ?? '';
      if (!curl.includes('--globoff') && /[{}[\]]/.test(url)) wrong.push(`${label}: curl globs ${url}`);
      if (!/^https?:\/\/[^/]/.test(url)) wrong.push(`${label}: curl URL ${url}`);
      if (operation.method === 'GET' && /Content-Type/i.test(curl)) wrong.push(`${label}: GET with a Content-Type`);
      const java = samples.find((sample) => sample.title === 'Java')?.code ?? '';
      const uri = /URI\.create\("((?:[^"\\]|\\.)*)"\)/.exec(java)?.[1] ?? '';
      // java.net.URI refuses these characters, and HttpClient a URL without a host.
      if (/[<>{}|\\^`" [\]]/.test(uri) || !/^https?:\/\/[^/]/.test(uri)) wrong.push(`${label}: Java URI.create("${uri}")`);
    }
    assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} samples wrong`);
  });
}
