/**
 * Request samples (src/openapi/endpoint/request.ts, code-samples.ts): which languages, in which order,
 * what they send, and that each one is a program its language reads. Every sample of a small spec
 * goes through that language's parser where the machine has it: curl runs against a stub `curl`
 * function, JavaScript and Python run against a stub `fetch` and `requests` and must send the body
 * example, Go, Ruby, PHP, Java and C# go through `gofmt`, `ruby -c`, `php -l`, `javac` and Mono's `mcs`.
 * A language whose tool is missing is skipped, saying which.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import vm from 'node:vm';
import { parse } from 'acorn';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { readEndpoint } from '../../src/openapi/endpoint/model.ts';
import { requestExamples, type CodeExample, type ExampleSettings } from '../../src/openapi/endpoint/request.ts';
import { Resolver } from '../../src/openapi/endpoint/resolve.ts';
import { sampleLanguages } from '../../src/openapi/endpoint/code-samples.ts';

/** Text each language's string literals must carry unchanged. */
const NOTE = 'line one\nline two: C:\\temp "quoted" it\'s ${x} #{y} $z é';
const ORDER = { items: [{ sku: 'SKU-1', quantity: 2 }], note: NOTE, 'key "quoted"': null, gift: true };

const spec = {
  openapi: '3.0.3',
  info: { title: 'Samples', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  security: [{ bearer: [] }],
  paths: {
    '/stores/{storeId}/orders': {
      post: {
        parameters: [
          { name: 'storeId', in: 'path', required: true, schema: { type: 'string' }, example: 'st 1' },
          { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['newest', 'oldest'] } },
          { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
          { name: 'legacy', in: 'query', deprecated: true, schema: { type: 'string' } },
          { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
        requestBody: { content: { 'application/json': { example: ORDER } } },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/stores/{storeId}': {
      get: {
        parameters: [{ name: 'storeId', in: 'path', required: true, schema: { type: 'integer' } }],
        security: [{ key: [] }],
        responses: { '200': { description: 'OK' } },
      },
    },
    '/photos': {
      put: {
        security: [{ basic: [] }],
        parameters: [{ name: 'session', in: 'cookie', required: true, schema: { type: 'string' }, example: 's1' }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { photo: { type: 'string', format: 'binary' }, caption: { type: 'string', example: 'A cat' } } },
            },
          },
        },
        responses: { '204': { description: 'Stored' } },
      },
    },
    '/charges': {
      post: {
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { amount: { type: 'integer', example: 100 }, metadata: { type: 'object', example: { order: 'o_1' } } } },
              encoding: { metadata: { style: 'deepObject' } },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'query', name: 'api_key' },
      basic: { type: 'http', scheme: 'basic' },
    },
  },
};

function samplesOf(document: object, label: string, settings: ExampleSettings = {}): CodeExample[] {
  const parsed = parseOpenApi({ file: 'api/samples.json', text: JSON.stringify(document) }).document;
  assert.ok(parsed);
  const operation = parsed.operations.find((candidate) => `${candidate.method} ${candidate.path}` === label);
  assert.ok(operation, label);
  const resolver = new Resolver(parsed.raw);
  return requestExamples(readEndpoint(parsed, operation, resolver), operation, resolver, settings);
}

const ALL_LANGUAGES = ['curl', 'python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'csharp', 'powershell', 'swift', 'kotlin', 'c', 'typescript'];
const OPERATIONS = ['POST /stores/{storeId}/orders', 'GET /stores/{storeId}', 'PUT /photos', 'POST /charges'];
/** Every sample of every operation, by tab title. */
const samples = new Map<string, { operation: string; code: string }[]>();
for (const operation of OPERATIONS) {
  for (const sample of samplesOf(spec, operation, { languages: ALL_LANGUAGES })) {
    const list = samples.get(sample.title) ?? [];
    list.push({ operation, code: sample.code });
    samples.set(sample.title, list);
  }
}
function samplesIn(title: string): { operation: string; code: string }[] {
  return samples.get(title) ?? [];
}

const work = mkdtempSync(path.join(tmpdir(), 'docjet-snippets-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Why a language's test is skipped: its tool is not on this machine. */
function missing(tool: string): string | false {
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return found.error ? `${tool} is not installed` : false;
}

describe('choosing languages', () => {
  test('by default: cURL, Python, JavaScript, Node.js, Go, Ruby, PHP, Java and C#', () => {
    assert.deepEqual(
      samplesOf(spec, 'GET /stores/{storeId}').map((sample) => sample.title),
      ['cURL', 'Python', 'JavaScript', 'Node.js', 'Go', 'Ruby', 'PHP', 'Java', 'C#'],
    );
  });

  test('`api.examples.languages` in its order, by name or alias in any case; unknown names and repeats left out', () => {
    assert.deepEqual(
      sampleLanguages(['py', 'curl', 'Node.js', 'GOLANG', 'c#', 'cobol', 'python', 'rust']).map((language) => language.title),
      ['Python', 'cURL', 'Node.js', 'Go', 'C#'],
    );
    assert.deepEqual(
      samplesOf(spec, 'GET /stores/{storeId}', { languages: ['python', 'bash'] }).map((sample) => sample.title),
      ['Python', 'cURL'],
    );
  });

  test("the author's samples come first: x-codeSamples, then x-readme.code-samples; they replace the generated sample of their language", () => {
    const document = structuredClone(spec);
    Object.assign(document.paths['/stores/{storeId}'].get, {
      'x-code-samples': [{ lang: 'python', source: 'shop.stores.get(1)' }],
      'x-readme': { 'code-samples': [{ language: 'go', code: 'shop.Stores.Get(1)', name: 'Go SDK' }] },
    });
    assert.deepEqual(
      samplesOf(document, 'GET /stores/{storeId}', { languages: ['curl', 'python', 'go', 'ruby'] }).map(({ title, lang }) => `${title} (${lang})`),
      ['Python (python)', 'Go SDK (go)', 'cURL (bash)', 'Ruby (ruby)'],
    );
    assert.deepEqual(
      samplesOf(document, 'GET /stores/{storeId}', { autogenerate: false }).map((sample) => sample.code),
      ['shop.stores.get(1)', 'shop.Stores.Get(1)'],
    );
  });
});

describe('what a sample sends', () => {
  test('multipart: a Content-Type header parameter is ignored, as OpenAPI says, so every client sends its boundary; a list is one part per item', () => {
    const upload = {
      openapi: '3.0.3',
      info: { title: 'Upload', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/files': {
          post: {
            parameters: [{ name: 'Content-Type', in: 'header', required: true, schema: { type: 'string', example: 'multipart/form-data' } }],
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, tags: { type: 'array', items: { type: 'string' }, example: ['l1', 'l2'] } } },
                },
              },
            },
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    const samples = samplesOf(upload, 'POST /files', { languages: ['curl', 'node', 'java', 'go', 'ruby', 'python', 'javascript'] });
    for (const sample of samples.filter((each) => ['Node.js', 'Java', 'Go', 'Ruby'].includes(each.title))) {
      assert.match(sample.code, /multipart\/form-data; boundary=/, sample.title);
      assert.equal(sample.code.split('name=\\"tags\\"').length + sample.code.split('name="tags"').length - 2, 2, `${sample.title}: two tags parts`);
    }
    const curl = samples.find((each) => each.title === 'cURL')!.code;
    assert.doesNotMatch(curl, /Content-Type/i);
    assert.match(curl, /--form-string 'tags=l1' \\\n {2}--form-string 'tags=l2'/);
    assert.match(samples.find((each) => each.title === 'Python')!.code, /payload = \[\n {4}\("tags", "l1"\),\n {4}\("tags", "l2"\)\n\]/);
    assert.match(samples.find((each) => each.title === 'JavaScript')!.code, /form\.append\('file', new Blob\(\['<file contents>'\]\), 'example-file'\);/);
  });

  test('a GET with a form body declared (as Stripe does) sends no body and no Content-Type; Swagger 2.0 without `host` names a placeholder host', () => {
    const get = {
      openapi: '3.0.3',
      info: { title: 'Get', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/v1/customers': {
          get: { requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: {} } } } }, responses: { '200': { description: 'OK' } } },
        },
      },
    };
    for (const sample of samplesOf(get, 'GET /v1/customers', { languages: ['curl', 'python', 'node'] }))
      assert.doesNotMatch(sample.code, /content-type|--data|payload/i, sample.title);
    const swagger = { swagger: '2.0', info: { title: 'K', version: '1' }, basePath: '/api', paths: { '/pods': { get: { responses: { '200': { description: 'OK' } } } } } };
    const [curl] = samplesOf(swagger, 'GET /pods', { languages: ['curl'] });
    assert.equal(curl!.code, 'curl --request GET \\\n  --url https://your-api-host/api/pods');
  });

  test("the path parameter's example, the required parameters and the credential placeholders (`defaults: required`)", () => {
    const codeOf = (title: string, operation: string): string => samplesOf(spec, operation, { defaults: 'required' }).find((sample) => sample.title === title)!.code;
    assert.equal(
      codeOf('cURL', 'GET /stores/{storeId}'),
      // No example for storeId: the template stays for the reader to fill, and `--globoff` keeps curl from reading its braces as a glob.
      "curl --request GET \\\n  --globoff \\\n  --url 'https://api.example.com/v1/stores/{storeId}?api_key=<api-key>'",
    );
    assert.match(codeOf('Python', 'GET /stores/{storeId}'), /url = "https:\/\/api\.example\.com\/v1\/stores\/\{storeId\}\?api_key=<api-key>"/);
    assert.match(codeOf('cURL', 'POST /stores/{storeId}/orders'), /--url 'https:\/\/api\.example\.com\/v1\/stores\/st%201\/orders\?sort=newest'/);
    assert.match(codeOf('cURL', 'POST /stores/{storeId}/orders'), /--header 'Authorization: Bearer <token>'/);
  });

  test('`api.examples.defaults: all` (the default, as on the hosted product) adds the optional parameters, not the deprecated ones', () => {
    for (const settings of [{ defaults: 'all' as const }, {}]) {
      const [curl] = samplesOf(spec, 'POST /stores/{storeId}/orders', { ...settings, languages: ['curl'] });
      assert.match(curl!.code, /--url 'https:\/\/api\.example\.com\/v1\/stores\/st%201\/orders\?sort=newest&dryRun=true'/);
      assert.doesNotMatch(curl!.code, /legacy/);
    }
  });

  test('a language whose generator would write the body wrong is left out rather than shown broken', () => {
    // Backslashes (JavaScript), `#{` (Ruby), `$z` (PHP, Kotlin), quotes (PowerShell, Swift).
    const titles = samplesOf(spec, 'POST /stores/{storeId}/orders', { languages: ALL_LANGUAGES }).map((sample) => sample.title);
    assert.deepEqual(titles, ['cURL', 'Python', 'Go', 'Java', 'C#', 'C']);
    assert.equal(samplesIn('JavaScript').length, 3);
  });
});

describe('each sample is a program its language reads', () => {
  test('curl: a stub `curl` receives the body example as JSON and every form field', { skip: missing('bash') }, () => {
    for (const { operation, code } of samplesIn('cURL')) {
      const run = spawnSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${code}`], { encoding: 'utf8' });
      assert.equal(run.status, 0, `${operation}: ${run.stderr}`);
      const args = run.stdout.split('\0');
      if (operation === 'POST /stores/{storeId}/orders') assert.deepEqual(JSON.parse(args[args.indexOf('--data') + 1]!), ORDER);
      // `--form-string`: a value that starts with `@` or `<` is sent as written, not read from a file.
      if (operation === 'PUT /photos') assert.deepEqual(args.slice(args.indexOf('--form')), ['--form', 'photo=@example-file', '--form-string', 'caption=A cat', '']);
      if (operation === 'POST /charges') assert.deepEqual(args.slice(args.indexOf('--data')), ['--data', 'amount=100', '--data', 'metadata[order]=o_1', '']);
    }
  });

  test('JavaScript and Node.js parse as modules; the fetch sample sends the body example', async () => {
    for (const title of ['JavaScript', 'Node.js', 'TypeScript']) {
      for (const { operation, code } of samplesIn(title)) {
        assert.doesNotThrow(() => parse(code, { ecmaVersion: 'latest', sourceType: 'module' }), `${title}, ${operation}`);
      }
    }
    const sent: { url: string; options: { method: string; body?: unknown } }[] = [];
    const fetch = async (url: string, options: { method: string; body?: unknown }) => {
      sent.push({ url, options });
      return { json: async () => ({}) };
    };
    for (const { code } of samplesIn('JavaScript')) vm.runInNewContext(code, { fetch, FormData, Blob, URLSearchParams, console: { log() {}, error() {} } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const { url, options } of sent) {
      // The urlencoded form goes as the text the serializer wrote, brackets and all.
      if (url.endsWith('/charges')) assert.equal(options.body, 'amount=100&metadata[order]=o_1');
      else if (typeof options.body === 'string') assert.deepEqual(JSON.parse(options.body), ORDER);
    }
    assert.deepEqual(
      sent.map(({ url, options }) => `${options.method} ${url}`),
      ['GET https://api.example.com/v1/stores/{storeId}?api_key=<api-key>', 'PUT https://api.example.com/v1/photos', 'POST https://api.example.com/v1/charges'],
    );
  });

  test('Python parses; with a stub `requests` each sample sends the body example', { skip: missing('python3') }, () => {
    const script = [
      'import ast, json, sys, types',
      'sent = []',
      'def call(method):',
      '    def send(*args, **kwargs):',
      '        sent.append({"method": method, "url": args[-1], "json": kwargs.get("json"), "data": kwargs.get("data")})',
      '        return types.SimpleNamespace(text="")',
      '    return send',
      'requests = types.ModuleType("requests")',
      'for name in ["get", "post", "put", "patch", "delete", "head", "options"]: setattr(requests, name, call(name.upper()))',
      'requests.request = lambda method, url, **kwargs: call(method)(url, **kwargs)',
      'sys.modules["requests"] = requests',
      'for source in json.load(sys.stdin):',
      '    ast.parse(source)',
      '    exec(compile(source, "sample", "exec"), {"open": lambda *args: None, "print": lambda *args: None})',
      'print(json.dumps(sent))',
    ].join('\n');
    const codes = samplesIn('Python').map((sample) => sample.code);
    assert.equal(codes.length, 4);
    const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(codes), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const sent = JSON.parse(run.stdout) as { method: string; json: unknown; data: unknown }[];
    // The note's backslash and line break do not fit Python's dict literal as httpsnippet writes it: the body goes as JSON text.
    assert.deepEqual(JSON.parse(String(sent[0]!.data)), ORDER);
    assert.deepEqual(
      sent.map((call) => call.method),
      ['POST', 'GET', 'PUT', 'POST'],
    );
  });

  test('Go: gofmt reads every sample', { skip: missing('gofmt') }, () => {
    const files = samplesIn('Go').map(({ code }, index) => {
      const file = path.join(work, `sample${index}.go`);
      writeFileSync(file, code);
      return file;
    });
    assert.equal(files.length, 4);
    const run = spawnSync('gofmt', ['-e', '-l', ...files], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });

  test('Ruby: ruby -c reads every sample', { skip: missing('ruby') }, () => {
    for (const { operation, code } of samplesIn('Ruby')) {
      const run = spawnSync('ruby', ['-c'], { input: code, encoding: 'utf8' });
      assert.equal(run.status, 0, `${operation}: ${run.stderr}`);
    }
  });

  test('PHP: php -l reads every sample', { skip: missing('php') }, () => {
    for (const { operation, code } of samplesIn('PHP')) {
      const run = spawnSync('php', ['-l'], { input: code, encoding: 'utf8' });
      assert.equal(run.status, 0, `${operation}: ${run.stdout}`);
    }
  });

  test('Java: javac compiles every sample inside a method', { skip: missing('javac') }, () => {
    const files = samplesIn('Java').map(({ code }, index) => {
      const file = path.join(work, `Sample${index}.java`);
      writeFileSync(file, `import java.net.URI;\nimport java.net.http.*;\n\nclass Sample${index} {\n  static void run() throws Exception {\n${code}\n  }\n}\n`);
      return file;
    });
    assert.equal(files.length, 4);
    const run = spawnSync('javac', ['-d', path.join(work, 'classes'), ...files], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });

  test('C#: the Mono compiler parses every sample inside a method', { skip: missing('mcs') }, () => {
    const files = samplesIn('C#').map(({ code }, index) => {
      // `using` directives stay at the top of the file; the statements go into a method.
      const lines = code.split('\n');
      const usings = lines.filter((line) => line.startsWith('using ') && line.endsWith(';') && !line.includes('('));
      const body = lines.filter((line) => !usings.includes(line)).join('\n');
      const file = path.join(work, `Sample${index}.cs`);
      writeFileSync(
        file,
        `using System;\nusing System.Net.Http;\n${usings.join('\n')}\n\nclass Sample${index} {\n  static async System.Threading.Tasks.Task Run() {\n${body}\n  }\n}\n`,
      );
      return file;
    });
    assert.equal(files.length, 4);
    const run = spawnSync('mcs', ['--parse', ...files], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
});
