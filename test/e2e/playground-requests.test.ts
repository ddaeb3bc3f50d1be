/**
 * Issue 30: "Try it" and the code samples send what the spec's serialization rules define, byte
 * for byte, against a local echo server this file starts on 127.0.0.1. The fixture
 * (test/fixtures/e2e/requests) covers every query style, path `simple`/`label`/`matrix`, an array
 * header, Stripe's nested urlencoded form, a multipart list, a required query parameter and JSON
 * body, bearer and basic offered as alternatives, and an API key in a cookie.
 *
 * The generated curl, Python `requests`, Node `fetch` and Java samples are run as written where the
 * runtime is installed (each skips with a message naming what is missing).
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { readEndpoint } from '../../src/openapi/endpoint/model.ts';
import { requestExamples } from '../../src/openapi/endpoint/request.ts';
import { Resolver } from '../../src/openapi/endpoint/resolve.ts';
import { recordingApi, type Received } from '../support/recording-api.ts';
import { browserSuite, e2eTest, eventually, skipBrowser } from './harness.ts';
import { patience } from '../support/patience.ts';

const e2e = browserSuite({ site: { fixture: 'requests' } });
const SPEC = fileURLToPath(new URL('../fixtures/e2e/requests/openapi.yaml', import.meta.url));

/** Records every request as it arrived; answers `200 {"ok":true}` with CORS headers for any origin. */
const echo = recordingApi((_call, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), { cors: true });
const received = echo.received;
const port = echo.port;
const work = mkdtempSync(path.join(tmpdir(), 'docjet-requests-'));
writeFileSync(path.join(work, 'example-file'), 'file bytes');

before(() => echo.listen());
after(async () => {
  await echo.close();
  rmSync(work, { recursive: true, force: true });
});

/** What the spec's rules say each operation sends with its examples. */
const FIND_URL = '/v1/things/1,2/.a.b/;x=1;y=2?q=hello%20world&tags=red&tags=blue&csv=1,2&pipes=x%7Cy&spaces=x%20y&filter%5Bstatus%5D=open&filter%5Bsort%5D=asc&lat=1&lng=2';
const CUSTOMER_BODY = 'email=ann%40example.com&address[city]=Paris&address[line1]=1%20Rue%20de%20la%20Paix&expand[]=sources&expand[]=tax_ids';

/** The generated samples of an operation (`GET /path`), aimed at the echo server. */
function samplesOf(label: string, languages: string[]): Map<string, string> {
  const parsed = parseOpenApi({ file: 'openapi.yaml', text: readFileSync(SPEC, 'utf8') }).document;
  assert.ok(parsed);
  const operation = parsed.operations.find((candidate) => `${candidate.method} ${candidate.path}` === label);
  assert.ok(operation, label);
  const resolver = new Resolver(parsed.raw);
  const examples = requestExamples(readEndpoint(parsed, operation, resolver), operation, resolver, { languages });
  return new Map(examples.map((example) => [example.title, example.code.replaceAll('http://127.0.0.1:9/', `http://127.0.0.1:${port()}/`)]));
}

/** Runs a sample (asynchronously: the echo server answers from this process); returns the request it sent. */
async function run(command: string, args: string[]): Promise<Received> {
  return (await runEach(command, args, 1))[0]!;
}

/** Runs a program that runs `count` samples one after the other; returns the request each sent, in order. */
async function runEach(command: string, args: string[], count: number): Promise<Received[]> {
  const from = received.length;
  const result = await promisify(execFile)(command, args, { cwd: work, encoding: 'utf8', timeout: patience(60_000) });
  assert.equal(received.length, from + count, `${command} sent ${count} request(s):\n${result.stdout}${result.stderr}`);
  return received.slice(from);
}

/**
 * Python running each of `samples` as its own script (its own globals, as `python3 -c` would):
 * one interpreter importing requests once, rather than one per sample.
 */
const PYTHON_EACH = "import json, sys\nfor code in json.loads(sys.argv[1]):\n    exec(compile(code, '<sample>', 'exec'), {'__name__': '__main__'})";

function missing(tool: string, probe: string[] = ['--version']): string | false {
  if (skipBrowser) return false;
  const found = spawnSync(tool, probe, { encoding: 'utf8' });
  return found.error || found.status !== 0 ? `${tool} is not installed (or ${[tool, ...probe].join(' ')} failed)` : false;
}

/** The samples as one program, each the body of a method of its own, run in turn: one JVM and one compile rather than one per sample (about 1 CPU-s each). */
const JAVA_WRAPPER = (samples: string[]): string =>
  `import java.net.URI;\nimport java.net.http.*;\npublic class Sample {\n${samples.map((code, index) => `static void sample${index}() throws Exception {\n${code}\n}\n`).join('')}public static void main(String[] args) throws Exception {\n${samples.map((_, index) => `sample${index}();`).join(' ')}\n} }\n`;

/** Multipart parts by name, in order. */
function partsOf(call: Received): [string, string][] {
  const boundary = /boundary=(.+)$/.exec(String(call.headers['content-type']))?.[1];
  assert.ok(boundary, `a multipart Content-Type with a boundary: ${String(call.headers['content-type'])}`);
  return call.body
    .split(`--${boundary.replace(/^"|"$/g, '')}`)
    .slice(1, -1)
    .map((part): [string, string] => {
      const [head = '', ...rest] = part.split('\r\n\r\n');
      return [/name="([^"]+)"/.exec(head)?.[1] ?? '', rest.join('\r\n\r\n').replace(/\r\n$/, '')];
    });
}

test("curl samples: every style as the spec defines it, Stripe's nested form, a multipart list; no glob splits a request", { skip: missing('curl') }, async () => {
  const find = await run('bash', ['-c', samplesOf('GET /things/{ids}/{label}/{matrix}', ['curl']).get('cURL')!]);
  assert.deepEqual({ url: find.url, ids: find.headers['x-ids'], type: find.headers['content-type'] }, { url: FIND_URL, ids: '3,4', type: undefined });
  const customer = await run('bash', ['-c', samplesOf('POST /customers', ['curl']).get('cURL')!]);
  assert.deepEqual({ body: customer.body, type: customer.headers['content-type'] }, { body: CUSTOMER_BODY, type: 'application/x-www-form-urlencoded' });
  const upload = await run('bash', ['-c', samplesOf('POST /files', ['curl']).get('cURL')!]);
  assert.deepEqual(partsOf(upload), [
    ['file', 'file bytes'],
    ['labels', 'l1'],
    ['labels', 'l2'],
  ]);
});

test('Python requests samples send the same bytes', { skip: missing('python3', ['-c', 'import requests']) }, async () => {
  const labels = ['GET /things/{ids}/{label}/{matrix}', 'POST /customers', 'POST /files'];
  const samples = JSON.stringify(labels.map((label) => samplesOf(label, ['python']).get('Python')!));
  const [find, customer, upload] = (await runEach('python3', ['-c', PYTHON_EACH, samples], labels.length)) as [Received, Received, Received];
  assert.deepEqual({ url: find.url, ids: find.headers['x-ids'], type: find.headers['content-type'] }, { url: FIND_URL, ids: '3,4', type: undefined });
  assert.equal(customer.body, CUSTOMER_BODY);
  // requests writes the fields before the files.
  assert.deepEqual(partsOf(upload), [
    ['labels', 'l1'],
    ['labels', 'l2'],
    ['file', 'file bytes'],
  ]);
});

test('Node fetch samples send the same bytes, a file as a file', { skip: missing('node') }, async () => {
  const node = (code: string): Promise<Received> => run(process.execPath, ['--input-type=module', '-e', code]);
  assert.equal((await node(samplesOf('GET /things/{ids}/{label}/{matrix}', ['javascript']).get('JavaScript')!)).url, FIND_URL);
  assert.equal((await node(samplesOf('POST /customers', ['javascript']).get('JavaScript')!)).body, CUSTOMER_BODY);
  const upload = await node(samplesOf('POST /files', ['javascript']).get('JavaScript')!);
  const parts = partsOf(upload);
  assert.deepEqual(
    parts.map(([name]) => name),
    ['file', 'labels', 'labels'],
  );
  assert.match(upload.body, /name="file"; filename="example-file"/);
});

test('Java samples run: URI.create reads the URL, a template left in the path included', { skip: missing('java', ['-version']) }, async () => {
  const file = path.join(work, 'Sample.java');
  const labels = ['GET /things/{ids}/{label}/{matrix}', 'POST /customers', 'GET /parts/{partId}'];
  writeFileSync(file, JAVA_WRAPPER(labels.map((label) => samplesOf(label, ['java']).get('Java')!)));
  const [find, customer, part] = await runEach('java', [file], labels.length);
  assert.equal(find!.url, FIND_URL);
  assert.equal(customer!.body, CUSTOMER_BODY);
  // `{partId}` left for the reader and the `<string>` placeholder: encoded, where URI.create threw before.
  assert.equal(part!.url, '/v1/parts/%7BpartId%7D?q=%3Cstring%3E');
});

async function openPanel(t: Parameters<typeof e2e.open>[0], route: string): Promise<Page> {
  const page = await e2e.open(t, 'site', route);
  await page.locator('.playground-summary').click();
  await page.locator('[data-variable="port"]').fill(port());
  return page;
}

async function send(page: Page, from: number): Promise<Received> {
  await page.locator('.playground-send').click();
  await eventually(async () => received.length > from, true, 'the echo server received the request');
  return received[from]!;
}

e2eTest("Try it sends the bytes the samples send: every style, Stripe's nested form, a multipart list", async (t) => {
  const find = await openPanel(t, 'api-reference/find-things');
  const call = await send(find, received.length);
  assert.deepEqual({ url: call.url, ids: call.headers['x-ids'] }, { url: FIND_URL, ids: '3,4' });
  assert.match((await find.locator('[data-curl]').textContent()) ?? '', /^curl --request GET \\\n {2}--url /, 'no brackets in the URL: no --globoff needed');

  const customer = await openPanel(t, 'api-reference/create-a-customer');
  const form = await send(customer, received.length);
  assert.deepEqual({ body: form.body, type: form.headers['content-type'] }, { body: CUSTOMER_BODY, type: 'application/x-www-form-urlencoded' });

  const upload = await openPanel(t, 'api-reference/upload-files');
  await upload.locator('input[type="file"][data-name="file"]').setInputFiles({ name: 'example-file', mimeType: 'application/octet-stream', buffer: Buffer.from('file bytes') });
  await upload.locator('[data-form-field][data-name="labels"]').fill('l1, l2');
  const parts = partsOf(await send(upload, received.length));
  assert.deepEqual(parts, [
    ['file', 'file bytes'],
    ['labels', 'l1'],
    ['labels', 'l2'],
  ]);
});

e2eTest('a required field left empty and a body that is not JSON: said at the field, nothing sent', async (t) => {
  const page = await openPanel(t, 'api-reference/place-an-order');
  const from = received.length;
  await page.locator('.playground-send').click();
  const count = page.locator('[data-param="query"][data-name="count"]');
  assert.equal(await count.getAttribute('aria-invalid'), 'true');
  assert.equal(await page.locator('.playground-field-error').first().textContent(), 'count is required.');
  assert.match((await page.locator('[data-problem]').textContent()) ?? '', /^Not sent: count is required\./);

  await count.fill('2');
  await page.locator('textarea[data-body]').fill('{"item": coffee}');
  await page.locator('.playground-send').click();
  assert.match((await page.locator('[data-problem]').textContent()) ?? '', /^Not sent: The body is not valid JSON/);
  assert.equal(await page.locator('textarea[data-body]').getAttribute('aria-invalid'), 'true');
  assert.equal(await count.getAttribute('aria-invalid'), null);

  await page.locator('textarea[data-body]').fill('{"item": "coffee"}');
  const call = await send(page, received.length);
  assert.equal(received.length - from, 1, 'only the valid request was sent');
  assert.deepEqual({ url: call.url, body: call.body }, { url: '/v1/orders?count=2', body: '{"item": "coffee"}' });
});

e2eTest('a bearer token and basic credentials both filled in: one alternative is sent, and the panel says which', async (t) => {
  const page = await openPanel(t, 'api-reference/upload-files');
  await page.locator('[data-auth="token"]').fill('tok');
  await page.locator('[data-auth="basic-user"]').fill('ann');
  await page.locator('[data-auth="basic-password"]').fill('pw');
  await page.locator('input[type="file"][data-name="file"]').setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') });
  const call = await send(page, received.length);
  assert.equal(call.headers.authorization, 'Bearer tok');
  assert.equal(
    await page.locator('[data-auth-note]').textContent(),
    'Sent with bearerAuth; basicAuth is filled in too but not sent: this endpoint takes one of them. Empty bearerAuth to send basicAuth.',
  );
  await page.locator('[data-auth="token"]').fill('');
  const basic = await send(page, received.length);
  assert.equal(basic.headers.authorization, `Basic ${Buffer.from('ann:pw').toString('base64')}`);
  assert.equal(await page.locator('[data-auth-note]').isHidden(), true);
});

e2eTest('an API key in a cookie for another origin: the panel says the browser cannot send it', async (t) => {
  const page = await openPanel(t, 'api-reference/read-the-session');
  await page.locator('[data-auth="apikey"]').fill('k1');
  assert.equal(
    await page.locator('[data-auth-note]').textContent(),
    'Browsers do not let a page set a cookie for another site: the API key api_key goes into the cURL command only.',
  );
  assert.match((await page.locator('[data-curl]').textContent()) ?? '', /--cookie 'api_key=k1'/);
});
