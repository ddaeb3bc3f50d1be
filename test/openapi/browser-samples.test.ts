/**
 * The samples the browser writes when a reader fills in Try it (assets/js/samples.mjs: httpsnippet
 * bundled, its Node `url` import replaced by src/portable/legacy-url.ts) are byte for byte the ones
 * the build writes with httpsnippet in Node, for the same request: every operation of ReadMe's
 * OpenAPI examples (`../shared/openapi-specs`; skipped when absent) (parameter styles, forms, uploads, security, servers), and requests as Try it
 * makes them (templates left, placeholders, ports, IPv6, a non-ASCII host, text every language's
 * literals find hard, a body that is not the JSON it says).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { readEndpoint } from '../../src/openapi/endpoint/model.ts';
import { requestParts } from '../../src/openapi/endpoint/request.ts';
import { Resolver } from '../../src/openapi/endpoint/resolve.ts';
import { curlCommand, generateCodeSamples, sampleLanguages, type RequestParts } from '../../src/openapi/endpoint/code-samples.ts';
import { encoding } from '../../src/shared/request-encoding.ts';

/** The compiled browser module (no declarations: src/client is browser code Node never imports as TypeScript). */
const browser = (await import(
  // @ts-expect-error: compiled browser code without declarations; `writeSamples` is the part used here.
  '../../assets/js/samples.mjs'
)) as { writeSamples(parts: RequestParts, keys: readonly string[]): Record<string, string> };
const EXAMPLES = fileURLToPath(new URL('../../../shared/openapi-specs/oas-examples/3.0/yaml/', import.meta.url));
/** Every language docjet writes. */
const KEYS = ['bash', 'python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'csharp', 'powershell', 'swift', 'kotlin', 'c', 'typescript', 'dotnet'];

function nodeSamples(parts: RequestParts): Record<string, string> {
  const written: Record<string, string> = { bash: curlCommand(parts) };
  for (const sample of generateCodeSamples(parts, sampleLanguages(KEYS))) written[sample.language.key] = sample.code;
  return written;
}

function same(parts: RequestParts, label: string): number {
  const expected = nodeSamples(parts);
  assert.deepEqual(browser.writeSamples(parts, KEYS), expected, label);
  return Object.keys(expected).length;
}

const NOTE = 'line one\nline two: C:\\temp "quoted" it\'s ${x} #{y} $z é | ^ `';

const part = (overrides: Partial<RequestParts>): RequestParts => ({
  method: 'POST',
  url: 'https://api.example.com/v1/items',
  templates: [],
  query: [],
  headers: new Map([['Authorization', 'Bearer <token>']]),
  cookies: [],
  ...overrides,
});

const REQUESTS: [string, RequestParts][] = [
  [
    'a template left and a query placeholder',
    part({ method: 'GET', url: 'https://api.example.com/v1/pets/{petId}/notes', templates: ['petId'], query: ['q=<string>', 'tags=a,b'] }),
  ],
  [
    'a port, an API key in a cookie and the query',
    part({ url: 'http://127.0.0.1:4010/v1/x', query: ['api_key=<api-key>', 'filter%5Bstatus%5D=open'], cookies: [['session', '<api-key>']] }),
  ],
  ['IPv6 and a path with quotes, pipes and carets', part({ method: 'DELETE', url: "http://[::1]:3000/a/it's|x^y" })],
  ['a host in Unicode, the placeholder host', part({ method: 'GET', url: 'https://bücher.example/api' })],
  ['the placeholder host of a site without servers', part({ method: 'GET', url: 'https://your-api-host/items/%7Bweird%7D', query: ['a=1'] })],
  ['a path with its own query', part({ url: 'https://api.example.com/responses/input_tokens?beta=true', query: ['n=2'] })],
  [
    'JSON every literal finds hard',
    part({ headers: new Map([['Content-Type', 'application/json']]), body: { mediaType: 'application/json', value: { note: NOTE, list: [1, null, true], 'key "q"': {} } } }),
  ],
  ['JSON that is not JSON', part({ headers: new Map([['Content-Type', 'application/json']]), body: { mediaType: 'application/json', value: '{"a": nope', text: '{"a": nope' } })],
  [
    'a vendor JSON type',
    part({ headers: new Map([['Content-Type', 'application/vnd.api+json; charset=utf-8']]), body: { mediaType: 'application/vnd.api+json; charset=utf-8', value: [{ a: 1 }] } }),
  ],
  [
    "Stripe's nested form",
    part({
      headers: new Map([['Content-Type', 'application/x-www-form-urlencoded']]),
      body: {
        mediaType: 'application/x-www-form-urlencoded',
        value: { address: { city: 'Paris' }, expand: ['a', 'b'], note: NOTE },
        form: encoding.form(
          { address: { name: 'address', style: 'deepObject', explode: true }, expand: { name: 'expand', style: 'deepObject', explode: true } },
          { address: { city: 'Paris' }, expand: ['a', 'b'], note: NOTE },
        ),
      },
    }),
  ],
  [
    'multipart with files and a list',
    part({
      body: {
        mediaType: 'multipart/form-data',
        value: { file: '<binary>', labels: ['l1', 'l2'] },
        parts: encoding.multipart({ file: '<binary>', labels: ['l1', 'l2'], meta: { a: NOTE } }),
      },
    }),
  ],
  ['text and binary bodies', part({ headers: new Map([['Content-Type', 'text/plain']]), body: { mediaType: 'text/plain', value: NOTE } })],
  ['an upload', part({ method: 'PUT', headers: new Map([['Content-Type', 'application/octet-stream']]), body: { mediaType: 'application/octet-stream', value: '<binary>' } })],
  [
    'basic credentials, a header with a comma',
    part({
      method: 'PATCH',
      headers: new Map([
        ['Authorization', 'Basic <encoded-value>'],
        ['X-Ids', '3,4'],
      ]),
    }),
  ],
];

describe('the browser writes the samples the build writes', () => {
  test('for requests as Try it makes them', () => {
    let samples = 0;
    for (const [label, parts] of REQUESTS) samples += same(parts, label);
    assert.ok(samples > REQUESTS.length * 10, `${samples} samples compared`);
  });

  test("for every operation of ReadMe's OpenAPI examples", { skip: existsSync(EXAMPLES) ? false : `${EXAMPLES} is not there` }, () => {
    let operations = 0;
    for (const name of readdirSync(EXAMPLES).filter((file) => file.endsWith('.yaml'))) {
      const document = parseOpenApi({ file: name, text: readFileSync(path.join(EXAMPLES, name), 'utf8') }).document;
      if (!document) continue;
      const resolver = new Resolver(document.raw);
      for (const operation of document.operations) {
        if (operation.kind !== 'operation') continue;
        same(requestParts(readEndpoint(document, operation, resolver), operation, resolver), `${name}: ${operation.method} ${operation.path}`);
        operations++;
      }
    }
    assert.ok(operations > 100, `${operations} operations compared`);
  });
});
