/**
 * Endpoint page bodies (src/render/endpoint): small specs under test/fixtures/endpoint, one per
 * version (3.0, Swagger 2.0, 3.1 with webhooks), a circular one and a hostile one, with the HTML
 * fragments a reader sees written out; then every operation of OpenAI's and Stripe's specs in
 * /work/shared/openapi-specs, of every spec there under --full (skipped when absent).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CodeMeta } from '../../src/content/mdx/code.ts';
import { parseOpenApi } from '../../src/openapi/load.ts';
import type { OpenApiDocument } from '../../src/openapi/types.ts';
import type { RequestParts } from '../../src/openapi/endpoint/request.ts';
import { renderEndpoint, type RenderEndpointOptions } from '../../src/render/endpoint/index.ts';
import { newSeed } from '../support/fuzz.ts';
import { SAMPLES_HREF, samplesFile, withSamplesHref } from '../../src/render/endpoint/samples-file.ts';
import { createCodeHighlighter } from '../../src/render/highlight.ts';
import { ENDPOINT_LANGUAGES } from '../../src/render/page-body.ts';
import type { ThemeSettings } from '../../src/render/theme.ts';
import { FULL } from '../support/long-runs.ts';

const fixtures = fileURLToPath(new URL('../fixtures/endpoint/', import.meta.url));
/** The samples module the browser imports (compiled browser code without declarations). */
const browser = (await import(
  // @ts-expect-error: compiled browser code without declarations; `writeSamples` is the part used here.
  '../../assets/js/samples.mjs'
)) as { writeSamples(parts: RequestParts, keys: readonly string[]): Record<string, string> };

function load(name: string): OpenApiDocument {
  const result = parseOpenApi({ file: `api/${name}`, text: readFileSync(path.join(fixtures, name), 'utf8') });
  assert.ok(result.document, `${name} parses`);
  return result.document;
}

interface Code {
  title: string | undefined;
  lang: string | undefined;
  code: string;
}

/** Renders one operation; code blocks are collected as text (`codes`) and marked in the HTML. */
function render(name: string, label: string, options: Partial<RenderEndpointOptions> = {}) {
  const document = load(name);
  const operation = document.operations.find((candidate) => `${candidate.kind === 'webhook' ? 'webhook' : candidate.method} ${candidate.path}` === label);
  assert.ok(operation, `${label} is in ${name}`);
  const codes: Code[] = [];
  const highlight = (code: string, lang: string | undefined, meta: CodeMeta) => {
    codes.push({ title: meta.title, lang, code });
    return `<pre data-code="${codes.length}"></pre>`;
  };
  return { ...renderEndpoint({ document, operation, highlight, ...options }), codes };
}

function includes(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) assert.ok(html.includes(fragment), `the page should contain\n  ${fragment}`);
}

function excludes(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) assert.ok(!html.includes(fragment), `the page should not contain\n  ${fragment}`);
}

describe('OpenAPI 3.0: POST /stores/{storeId}/orders', () => {
  const page = render('shop-3.0.yaml', 'POST /stores/{storeId}/orders');

  test('the header shows the method, the first server with its variable filled in, and the path', () => {
    includes(
      page.html,
      '<div class="endpoint" data-method="post"><div class="endpoint-header"><span class="method-badge method-post">POST</span>' +
        '<code class="endpoint-url"><span class="endpoint-server">https://eu.shop.example<wbr>/v1</span>' +
        '<span class="endpoint-path"><wbr>/stores<wbr>/<span class="endpoint-path-param">{storeId}</span><wbr>/orders</span></code></div>',
      // A server with variables is listed as written, its variables' defaults and allowed values below it.
      '<ul class="endpoint-servers"><li><code>https://{region}.shop.example/v1</code> <span class="endpoint-server-description">Production</span>' +
        '<ul class="endpoint-server-variables"><li><code class="endpoint-server-variable">region</code>: default <code>eu</code>; one of <code>eu</code>, <code>us</code></li></ul></li>' +
        '<li><code>https://sandbox.shop.example/v1</code> <span class="endpoint-server-description">Sandbox</span></li></ul>',
    );
  });

  test('the description goes on after the first paragraph, which the page shell prints', () => {
    includes(page.html, '<div class="endpoint-description"><p>Orders are <strong>paid</strong> later.</p></div>');
    excludes(page.html, 'Creates an order in a store.');
  });

  test('the table of contents lists the sections in page order', () => {
    assert.deepEqual(page.headings, [
      { depth: 2, id: 'authorizations', text: 'Authorizations' },
      { depth: 2, id: 'path-parameters', text: 'Path Parameters' },
      { depth: 2, id: 'query-parameters', text: 'Query Parameters' },
      { depth: 2, id: 'headers', text: 'Headers' },
      { depth: 2, id: 'cookies', text: 'Cookies' },
      { depth: 2, id: 'body', text: 'Body' },
      { depth: 2, id: 'callbacks', text: 'Callbacks' },
      { depth: 2, id: 'response', text: 'Response' },
    ]);
    includes(page.html, '<section class="endpoint-section endpoint-auth"><h2 id="authorizations">Authorizations</h2>');
  });

  test('the two accepted security schemes are tabs, each the header it needs', () => {
    includes(
      page.html,
      '<div class="tabs endpoint-auth-options"><div role="tablist"><button type="button" role="tab" id="dj-endpoint-tabs-1-tab-1" aria-controls="dj-endpoint-tabs-1-panel-1" aria-selected="true" tabindex="0">bearerAuth</button>',
      '<code class="field-name">Authorization</code><span class="field-location">header</span><span class="field-type">string</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><p>Bearer authentication header of the form <code>Bearer &lt;token&gt;</code>, where <code>&lt;token&gt;</code> is your auth token.</p></div>',
      '<code class="field-name">X-API-Key</code><span class="field-location">header</span><span class="field-type">string</span><span class="field-required">required</span></div><div class="field-description"><p>Your secret key.</p></div>',
    );
  });

  test('parameters are grouped by location, with type, required, default, allowed values and deprecation', () => {
    includes(
      page.html,
      // Declared on the path item, through a `$ref` to components.parameters.
      '<section class="endpoint-section endpoint-parameters" data-location="path"><h2 id="path-parameters">Path Parameters</h2>' +
        '<div class="field param-field" id="param-store-id" data-location="path"><div class="field-header"><code class="field-name">storeId</code><span class="field-location">path</span>' +
        '<span class="field-type">integer&lt;int64&gt;</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><p>The store&#39;s ID.</p><div class="field-details"><p>Required range: <code>x &gt;= 1</code></p></div></div></div></section>',
      '<code class="field-name">dryRun</code><span class="field-location">query</span><span class="field-type">boolean</span><span class="field-default">default: <code>false</code></span>',
      '<code class="field-name">sort</code><span class="field-location">query</span><span class="field-type">enum&lt;string&gt;</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><div class="field-details"><p>Available options: <code>newest</code>, <code>oldest</code></p></div></div>',
      '<code class="field-name">X-Request-Id</code><span class="field-location">header</span><span class="field-type">string&lt;uuid&gt;</span><span class="field-required">required</span>',
      '<code class="field-name">session</code><span class="field-location">cookie</span><span class="field-type">string</span><span class="field-deprecated">deprecated</span>',
    );
  });

  test('the body lists its fields; nested objects open in "Show child attributes"; read-only fields are left out', () => {
    includes(
      page.html,
      '<p class="endpoint-media"><code>application/json</code><span class="field-required">required</span></p>',
      '<code class="field-name">items</code><span class="field-type">object[]</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><div class="field-details"><p>Required array length: <code>&gt;= 1</code> elements</p></div>' +
        '<details class="expandable"><summary>Show child attributes</summary><div class="expandable-content"><div class="schema-fields">' +
        '<div class="field param-field" id="body-items-sku"><div class="field-header"><code class="field-name">sku</code><span class="field-type">string</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><div class="field-details"><p>Example: <code>SKU-1</code></p></div></div></div>',
      '<code class="field-name">quantity</code><span class="field-type">integer</span><span class="field-default">default: <code>1</code></span></div>' +
        '<div class="field-description"><div class="field-details"><p>Required range: <code>1 &lt;= x &lt;= 99</code></p></div></div>',
      '<code class="field-name">note</code><span class="field-type">string | null</span></div><div class="field-description"><div class="field-details"><p>Required string length: <code>&lt;= 200</code></p></div>',
    );
    const body = page.html.slice(page.html.indexOf('id="body"'), page.html.indexOf('id="response"'));
    excludes(body, '<code class="field-name">id</code>');
  });

  test('oneOf alternatives are tabs named by the discriminator mapping', () => {
    includes(
      page.html,
      '<code class="field-name">payment</code><span class="field-type">object</span></div><div class="field-description"><details class="expandable"><summary>Show 2 options</summary>' +
        '<div class="expandable-content"><div class="tabs schema-options"><div role="tablist">',
      'tabindex="0">card</button>',
      'tabindex="-1">transfer</button>',
      '<code class="field-name">iban</code>',
    );
  });

  test('responses: the success is open with its headers and its allOf merged, the error closed', () => {
    includes(
      page.html,
      '<details class="endpoint-response" data-status="201" open><summary><span class="endpoint-status endpoint-status-2xx">201</span><span class="endpoint-response-summary">Created</span></summary>',
      '<div class="endpoint-response-headers"><p class="endpoint-subtitle">Headers</p><div class="field param-field" id="response-header-location" data-location="header"><div class="field-header"><code class="field-name">Location</code>' +
        '<span class="field-location">header</span><span class="field-type">string&lt;uri&gt;</span></div><div class="field-description"><p>URL of the new order.</p></div></div></div>',
      // allOf: NewOrder's fields, then the second member's, with both `required` lists.
      '<div class="field response-field" id="response-id"><div class="field-header"><code class="field-name">id</code><span class="field-type">string</span><span class="field-required">required</span></div>',
      '<code class="field-name">status</code><span class="field-type">enum&lt;string&gt;</span><span class="field-required">required</span></div>' +
        '<div class="field-description"><p>Where the order stands.</p><div class="field-details"><p>Available options: <code>open</code>, <code>paid</code></p></div>',
      '<details class="endpoint-response" data-status="404"><summary><span class="endpoint-status endpoint-status-4xx">404</span><span class="endpoint-response-summary">The store does not exist.</span></summary>',
    );
  });

  test("a field with nothing to describe ends after its header, without an empty description (issue 33: 2.1 MB of GitHub's reference)", () => {
    includes(
      page.html,
      '<div class="field response-field" id="response-id"><div class="field-header"><code class="field-name">id</code><span class="field-type">string</span><span class="field-required">required</span></div></div>',
    );
    excludes(page.html, '<div class="field-description"></div>');
  });

  test('a callback is collapsed under its method and URL expression, with its body and responses inside', () => {
    includes(
      page.html,
      '<section class="endpoint-section endpoint-callbacks"><h2 id="callbacks">Callbacks</h2><details class="endpoint-callback"><summary><span class="method-badge method-post">POST</span>' +
        '<code class="endpoint-callback-url">{$request.body#/callbackUrl}</code><span class="endpoint-callback-name">orderPaid</span></summary>' +
        '<div class="endpoint-callback-content"><p class="endpoint-subtitle">Body</p><p class="endpoint-media"><code>application/json</code></p>',
      '<p class="endpoint-subtitle">Response</p><div class="endpoint-response" data-status="200"><div class="endpoint-response-header"><span class="endpoint-status endpoint-status-2xx">200</span><span class="endpoint-response-summary">Acknowledged.</span></div></div></div></details></section>',
    );
  });

  test("the example panel: the x-codeSamples, a curl command, the author's example and a generated one", () => {
    // Every sample written by the build: without the Try-it panel's script, none is left to the browser.
    const page = render('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { playground: 'none' });
    // The author's JavaScript sample stands in for the generated one.
    assert.deepEqual(
      page.codes.map(({ title, lang }) => `${title} (${lang})`),
      ['Node SDK (javascript)', 'cURL (bash)', 'Python (python)', 'Go (go)', 'Ruby (ruby)', 'PHP (php)', 'Java (java)', 'C# (csharp)', '201 (json)', '404 (json)'],
    );
    const generated = new Set<string | undefined>(['Python', 'Go', 'Ruby', 'PHP', 'Java', 'C#']);
    assert.deepEqual(
      page.codes.filter((code) => !generated.has(code.title)),
      [
        { title: 'Node SDK', lang: 'javascript', code: "shop.orders.create({ storeId: 'st_1' })" },
        {
          title: 'cURL',
          lang: 'bash',
          code: [
            'curl --request POST \\',
            '  --globoff \\',
            "  --url 'https://eu.shop.example/v1/stores/{storeId}/orders?dryRun=false&sort=newest' \\",
            "  --header 'Authorization: Bearer <token>' \\",
            "  --header 'X-Request-Id: 3c90c3cc-0d44-4b50-8888-8dd25736052a' \\",
            "  --header 'Content-Type: application/json' \\",
            "  --data '{",
            '  "items": [',
            '    {',
            '      "sku": "SKU-1",',
            '      "quantity": 1',
            '    }',
            '  ],',
            '  "note": "<string>",',
            '  "payment": {',
            '    "kind": "<string>",',
            '    "number": "<string>"',
            '  }',
            "}'",
          ].join('\n'),
        },
        { title: '201', lang: 'json', code: '{\n  "id": "ord_1",\n  "status": "open"\n}' },
        { title: '404', lang: 'json', code: '{\n  "message": "<string>",\n  "code": 123\n}' },
      ],
    );
    includes(
      page.html,
      '<aside class="endpoint-examples"><div class="code-group request-example"><div role="tablist">',
      '<div class="code-group response-example"><div role="tablist">',
    );
  });

  test('with the Try-it panel, generated samples after the first tab are left out: their blocks are for the samples file the first tab links to, and the browser can write the same text from the request the page carries (issue 33)', () => {
    const full = render('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { playground: 'none' });
    const page = render('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { lazySamples: true });
    const lazy = [...page.html.matchAll(/<div data-sample="([a-z]+)" data-sample-lazy(?: data-request="([^"]*)")?><\/div>/g)];
    assert.deepEqual(
      lazy.map((match) => match[1]),
      ['bash', 'python', 'go', 'ruby', 'php', 'java', 'csharp'],
    );
    assert.deepEqual(
      [...(page.samples ?? '').matchAll(/<div data-sample="([a-z]+)"><pre data-code="\d+"><\/pre><\/div>/g)].map((match) => match[1]),
      ['bash', 'python', 'go', 'ruby', 'php', 'java', 'csharp'],
      'their blocks, in tab order, are for the samples file',
    );
    assert.equal(page.html.match(/<pre data-code=/g)?.length, 3, 'the page holds the Node SDK sample and the two responses only');
    includes(page.html, `<a class="samples-link" href="${SAMPLES_HREF}">Other languages: cURL, Python, Go, Ruby, PHP, Java, C#</a></div><div role="tabpanel"`);
    const data = lazy.flatMap((match) => match[2] ?? []);
    assert.equal(data.length, 1, 'the request is on the page once');
    const json = JSON.parse(data[0]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
    const written = browser.writeSamples({ ...json, headers: new Map(json.headers) }, ['bash', 'python', 'go', 'ruby', 'php', 'java', 'csharp']);
    for (const code of full.codes.filter((each) => ['cURL', 'Python', 'Go', 'Ruby', 'PHP', 'Java', 'C#'].includes(each.title ?? ''))) {
      const key = lazy[['cURL', 'Python', 'Go', 'Ruby', 'PHP', 'Java', 'C#'].indexOf(code.title ?? '')]![1]!;
      assert.equal(written[key], code.code, `${code.title}: as the build writes it`);
    }
    // Without the option (an endpoint shown where no samples file is written), every sample is in the page.
    assert.equal(render('shop-3.0.yaml', 'POST /stores/{storeId}/orders').samples, undefined);
  });

  test("the samples file's blocks are the page's coloured blocks as the page held them before it left them out, in a document that links back to the page (issue 33)", async () => {
    const document = load('shop-3.0.yaml');
    const operation = document.operations.find((each) => each.method === 'POST' && each.path === '/stores/{storeId}/orders')!;
    const highlight = await createCodeHighlighter({ langs: ENDPOINT_LANGUAGES });
    const whole = renderEndpoint({ document, operation, highlight }).html;
    const page = renderEndpoint({ document, operation, highlight, lazySamples: true });
    const blocks = [...(page.samples ?? '').matchAll(/<div data-sample="([a-z]+)">.*?<\/figure><\/div>/gs)];
    assert.deepEqual(
      blocks.map((match) => match[1]),
      ['bash', 'python', 'go', 'ruby', 'php', 'java', 'csharp'],
    );
    assert.equal(blocks.map((match) => match[0]).join(''), page.samples, 'nothing else');
    for (const [block, key] of blocks) {
      assert.ok(whole.includes(block), `${key}: the block as the whole page holds it`);
      assert.match(block, /<span class="sk\d+">/, `${key}: coloured`);
      assert.ok(!page.html.includes(block), `${key}: not in the page`);
    }
    const file = samplesFile({
      title: 'Create <an> order',
      href: '/api/create-an-order',
      blocksHtml: page.samples!,
      siteName: 'Shop',
      stylesheet: '/_docjet/docjet.css',
      script: '/_docjet/docjet.js',
      theme: { name: 'mint', breadcrumbs: true, drilldown: false, appearance: 'system', fixedAppearance: false } satisfies ThemeSettings,
    });
    assert.match(file.name, /^[0-9a-f]{10}$/);
    includes(
      file.html,
      '<meta name="robots" content="noindex">',
      '<title>Request samples: Create &lt;an&gt; order - Shop</title>',
      '<h1 class="page-title">Request samples: <a href="/api/create-an-order">Create &lt;an&gt; order</a></h1>',
      `<div data-samples>${page.samples}</div>`,
    );
    const linked = withSamplesHref(page.html, `/_docjet/samples/${file.name}.html`);
    includes(linked, `<a class="samples-link" href="/_docjet/samples/${file.name}.html">`);
    excludes(linked, SAMPLES_HREF);
  });

  test('no diagnostics', () => {
    assert.deepEqual(page.diagnostics, []);
  });
});

describe('OpenAPI 3.0: GET /stores/{storeId}', () => {
  const page = render('shop-3.0.yaml', 'GET /stores/{storeId}');

  test('a deprecated operation with `security: []` has a badge and no Authorizations', () => {
    includes(page.html, '<wbr>/<span class="endpoint-path-param">{storeId}</span></span></code><span class="endpoint-badge endpoint-deprecated">deprecated</span></div>');
    assert.deepEqual(
      page.headings.map((heading) => heading.text),
      ['Path Parameters', 'Response'],
    );
    assert.equal(page.codes[0]!.code, "curl --request GET \\\n  --globoff \\\n  --url 'https://eu.shop.example/v1/stores/{storeId}'");
  });

  test('a response without content is a plain row, not something to open', () => {
    includes(
      page.html,
      '<div class="endpoint-response" data-status="204"><div class="endpoint-response-header"><span class="endpoint-status endpoint-status-2xx">204</span><span class="endpoint-response-summary">No content</span></div></div>',
    );
  });

  test('the whole description is shown when the page shell prints none', () => {
    const shop = render('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { pageDescription: '' });
    includes(shop.html, '<div class="endpoint-description"><p>Creates an order in a store.</p>\n<p>Orders are <strong>paid</strong> later.</p></div>');
  });
});

describe('Swagger 2.0', () => {
  test('host, basePath and schemes make the servers; an apiKey in the query goes into the URL', () => {
    const page = render('pets-2.0.json', 'GET /pets');
    includes(
      page.html,
      '<span class="endpoint-server">http://pets.example.com<wbr>/api</span><span class="endpoint-path"><wbr>/pets</span>',
      '<li><code>https://pets.example.com/api</code></li>',
      '<code class="field-name">api_key</code><span class="field-location">query</span><span class="field-type">string</span><span class="field-required">required</span>',
      // From `#/parameters/limit`: type, maximum and default written on the parameter itself.
      '<code class="field-name">limit</code><span class="field-location">query</span><span class="field-type">integer</span><span class="field-default">default: <code>20</code></span></div>' +
        '<div class="field-description"><p>How many pets to return.</p><div class="field-details"><p>Required range: <code>x &lt;= 100</code></p></div></div>',
      '<code class="field-name">tags</code><span class="field-location">query</span><span class="field-type">string[]</span><span class="field-required">required</span>',
      '<code class="field-name">X-Total</code><span class="field-location">header</span><span class="field-type">integer</span></div><div class="field-description"><p>How many pets there are.</p></div>',
      '<p class="schema-type">The response is of type <code>object[]</code>.</p>',
      '<code class="field-name">name</code><span class="field-type">string | null</span><span class="field-required">required</span>',
      // Owner.pets is a list of Pet, which is being expanded: named, not expanded again.
      '<code class="field-name">pets</code><span class="field-type">object[]</span></div><div class="field-description"><p class="schema-circular">circular: <code>Pet</code></p></div>',
    );
    // `limit` is optional: in, as `api.examples.defaults` is `all` unless the site says `required`.
    assert.equal(page.codes[0]!.code, "curl --request GET \\\n  --url 'http://pets.example.com/api/pets?api_key=<api-key>&limit=20&tags=<string>'");
  });

  test('the `in: body` parameter is the request body; response `examples` are used as written', () => {
    const page = render('pets-2.0.json', 'POST /pets');
    assert.deepEqual(
      page.headings.map((heading) => heading.text),
      ['Authorizations', 'Body', 'Response'],
    );
    includes(
      page.html,
      '<div class="endpoint-body-description"><p>The pet to add.</p></div><p class="endpoint-media"><code>application/json</code><span class="field-required">required</span></p>',
      'Basic authentication header of the form <code>Basic &lt;encoded-value&gt;</code>',
    );
    const body = page.html.slice(page.html.indexOf('id="body"'), page.html.indexOf('id="response"'));
    excludes(body, '<code class="field-name">id</code>');
    assert.deepEqual(page.codes.at(-1), { title: '200', lang: 'json', code: '{\n  "id": 7,\n  "name": "Rex"\n}' });
  });

  test('`formData` parameters are a multipart form body, a file field a binary string', () => {
    const page = render('pets-2.0.json', 'PUT /pets/{id}/photo');
    includes(
      page.html,
      '<p class="endpoint-media"><code>multipart/form-data</code><span class="field-required">required</span></p>',
      '<code class="field-name">photo</code><span class="field-type">string&lt;binary&gt;</span><span class="field-required">required</span></div><div class="field-description"><p>The picture.</p></div>',
      // The path-level parameter applies too.
      '<code class="field-name">id</code><span class="field-location">path</span>',
    );
    assert.equal(
      page.codes[0]!.code,
      [
        'curl --request PUT \\',
        '  --globoff \\',
        "  --url 'http://pets.example.com/api/pets/{id}/photo' \\",
        "  --header 'Authorization: Basic <encoded-value>' \\",
        "  --form 'photo=@example-file' \\",
        // `--form` would read the file `string>`: `--form-string` sends the text.
        "  --form-string 'caption=<string>'",
      ].join('\n'),
    );
  });
});

describe('OpenAPI 3.1 and webhooks', () => {
  test('type lists, numeric exclusiveMinimum, `examples` lists, const, and a description beside a $ref', () => {
    const page = render('events-3.1.yaml', 'GET /events');
    includes(
      page.html,
      '<code class="field-name">after</code><span class="field-location">query</span><span class="field-type">string&lt;date-time&gt; | null</span></div>' +
        '<div class="field-description"><div class="field-details"><p>Example: <code>2024-01-01T00:00:00Z</code></p></div></div>',
      'Required range: <code>0 &lt; x &lt;= 50</code>',
      '<code class="field-name">type</code><span class="field-type">string</span><span class="field-required">required</span></div><div class="field-description"><div class="field-details"><p>Allowed value: <code>order.paid</code></p>',
      '<code class="field-name">data</code><span class="field-type">object</span></div><div class="field-description"><p>The order, as it is now.</p>',
      // `anyOf: [Order, null]` is a nullable Order, not a choice.
      '<code class="field-name">previous</code><span class="field-type">object | null</span></div><div class="field-description"><p>The order before the event, if it existed.</p>' +
        '<details class="expandable"><summary>Show child attributes</summary><div class="expandable-content"><div class="schema-fields"><div class="field response-field" id="response-previous-total"><div class="field-header"><code class="field-name">total</code>',
    );
    excludes(page.html, 'An order.');
    assert.deepEqual(
      page.codes.filter((code) => code.title === 'cURL' || code.lang === 'json').map(({ title, code }) => ({ title, code })),
      [
        { title: 'cURL', code: "curl --request GET \\\n  --url 'https://api.events.example/events?after=2024-01-01T00:00:00Z&limit=50'" },
        { title: '200 · One event', code: '[\n  {\n    "id": "evt_1",\n    "type": "order.paid"\n  }\n]' },
        { title: '200 · No events', code: '[]' },
      ],
    );
  });

  test('a webhook shows its name and the payload it sends instead of a curl command', () => {
    const page = render('events-3.1.yaml', 'webhook order.paid');
    includes(
      page.html,
      '<div class="endpoint-header"><span class="method-badge method-post">POST</span><span class="endpoint-badge endpoint-webhook">webhook</span>' +
        '<code class="endpoint-url"><span class="endpoint-path">order.paid</span></code></div>',
    );
    excludes(page.html, 'api.events.example', 'endpoint-description');
    assert.deepEqual(page.codes, [
      { title: 'Payload', lang: 'json', code: '{\n  "id": "evt_1",\n  "type": "order.paid",\n  "data": {\n    "total": 123\n  },\n  "previous": {\n    "total": 123\n  }\n}' },
    ]);
  });
});

describe('circular and broken references', () => {
  test('a schema that contains itself is shown once, then named', () => {
    const page = render('circular.yaml', 'POST /nodes');
    includes(
      page.html,
      '<code class="field-name">children</code><span class="field-type">object[]</span></div><div class="field-description"><p class="schema-circular">circular: <code>Node</code></p></div>',
      '<code class="field-name">parent</code><span class="field-type">object</span></div><div class="field-description"><p class="schema-circular">circular: <code>Node</code></p></div>',
      '<code class="field-name">$ref</code><span class="field-type">string</span></div><div class="field-description"><p>A property that happens to be called $ref (Kubernetes has one), not a reference.</p>',
      // A → B → A, in the response.
      '<code class="field-name">a</code><span class="field-type">object</span></div><div class="field-description"><p class="schema-circular">circular: <code>A</code></p></div>',
    );
    assert.deepEqual(page.codes.at(-1), { title: '200', lang: 'json', code: '{\n  "b": {}\n}' });
  });

  test('self-merging allOf, reference loops, missing and external references, long enums, deep nesting', () => {
    const page = render('circular.yaml', 'GET /odd');
    includes(
      page.html,
      '<code class="field-name">looping</code><span class="field-type">object</span></div><div class="field-description"><details class="expandable"><summary>Show child attributes</summary>',
      '<code class="field-name">chain</code><span class="field-type">ChainA</span></div><div class="field-description"><p class="schema-ref">Defined by <code>#/components/schemas/ChainA</code>, which leads to no schema in this document.</p>',
      '<code class="field-name">missing</code><span class="field-type">Nope</span></div><div class="field-description"><p class="schema-ref">Defined by <code>#/components/schemas/Nope</code>, which leads to no schema in this document.</p>',
      '<code class="field-name">elsewhere</code><span class="field-type">Thing</span></div><div class="field-description"><p class="schema-ref">Defined by <code>models.yaml#/Thing</code>, in another file, which docjet does not read.</p>',
      '<code class="field-name">l6</code><span class="field-type">object</span></div><div class="field-description"><p class="schema-depth">Fields nested more than 6 levels deep are not shown.</p>',
      '<code>l29</code>, <code>l30</code> and 5 more</p>',
      '<section class="endpoint-section endpoint-parameters"><h2 id="other-parameters">Other Parameters</h2><div class="field param-field" id="param-page"><div class="field-header"><code class="field-name">Page</code><span class="field-type">unknown</span></div>',
    );
    assert.deepEqual(page.diagnostics, [
      {
        severity: 'warning',
        code: 'openapi-external-ref',
        file: 'api/circular.yaml',
        line: 0,
        column: 0,
        path: '#/paths/~1odd/get',
        message:
          '`GET /odd` in `api/circular.yaml` uses 2 `$ref`s to other files (first: `parameters.yaml#/Page`); docjet reads only the spec itself, so the page names them instead of showing their content',
        fix: 'Bundle the spec into one file (for example `npx @redocly/cli bundle api/circular.yaml -o openapi.yaml`) and point docs.json at the result.',
      },
      {
        severity: 'warning',
        code: 'openapi-unresolved-ref',
        file: 'api/circular.yaml',
        line: 0,
        column: 0,
        path: '#/paths/~1odd/get',
        message: '`GET /odd` in `api/circular.yaml`: 2 `$ref`s point to nothing (first: `#/components/schemas/ChainA`)',
        fix: 'Correct the JSON pointer, or add the component it names.',
      },
    ]);
  });

  test('an operation kept in another file: the page says where, and warns', () => {
    const page = render('circular.yaml', 'GET /external');
    includes(
      page.html,
      '<p class="endpoint-note endpoint-missing">This endpoint is defined by <code>operations/get-external.yaml</code>, in another file, which docjet does not read.</p>',
    );
    assert.deepEqual(
      page.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
      [['openapi-external-ref', 'warning']],
    );
  });

  test('a page whose schemas fan out widely shows the levels that fit and says what it left out', () => {
    const wide = (depth: number): Record<string, unknown> => {
      if (depth === 0) return { type: 'string' };
      const properties: Record<string, unknown> = {};
      for (let index = 0; index < 30; index++) properties[`f${index}`] = wide(depth - 1);
      return { type: 'object', properties };
    };
    const text = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'Wide', version: '1' },
      paths: { '/wide': { get: { responses: { 200: { description: 'OK', content: { 'application/json': { schema: wide(3) } } } } } } },
    });
    const document = parseOpenApi({ file: 'wide.json', text }).document!;
    const page = renderEndpoint({ document, operation: document.operations[0]! });
    // 30 top-level fields fit; their 900 children do not.
    assert.equal(page.html.match(/class="field response-field"/g)?.length, 30);
    includes(
      page.html,
      '<code class="field-name">f0</code><span class="field-type">object</span></div><div class="field-description"><p class="schema-depth">Its fields are left out to keep this page small.</p></div>',
    );
  });
  test('a page holds up to 150 fields: a level that would take it past them is left to its fragment (issue 33: GitHub reference 155.8 → 139.0 MB)', () => {
    const wide = (depth: number): Record<string, unknown> => {
      if (depth === 0) return { type: 'string' };
      const properties: Record<string, unknown> = {};
      for (let index = 0; index < 12; index++) properties[`f${index}`] = wide(depth - 1);
      return { type: 'object', properties };
    };
    const text = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'Wide', version: '1' },
      paths: { '/wide': { get: { responses: { 200: { description: 'OK', content: { 'application/json': { schema: wide(2) } } } } } } },
    });
    const document = parseOpenApi({ file: 'wide.json', text }).document!;
    const page = renderEndpoint({ document, operation: document.operations[0]!, fragmentPrefix: '/_docjet/schemas/' });
    // 12 top-level fields and their 144 children would be 156 (they fitted in the 250 of issue 33's first cut): the children are in the fragment the page links to.
    assert.equal(page.html.match(/class="field response-field"/g)?.length, 12);
    includes(page.html, '<details class="expandable" data-fields><summary>Show child attributes</summary>', '<p class="schema-more"><a href="/_docjet/schemas/');
    // The 12 children lists are the same schema: one fragment.
    assert.equal(page.fragments.length, 1);
  });
});

describe('escaping', () => {
  // With the default code blocks, so that their escaping is checked too.
  const document = load('hostile.yaml');
  const page = renderEndpoint({ document, operation: document.operations[0]! });

  test('no element a spec writes in a name, type, value, URL, label or code sample reaches the page', () => {
    assert.doesNotMatch(page.html, /<script|<img/i);
    includes(
      page.html,
      '<span class="endpoint-server">https://api.example.com<wbr>/&lt;script&gt;alert(1)&lt;<wbr>/script&gt;</span>',
      '<span class="endpoint-path-param">{&lt;script&gt;id&lt;/script&gt;}</span>',
      '<span class="endpoint-server-description">&lt;img src=x onerror=alert(2)&gt;</span>',
      '<code class="field-name">&lt;script&gt;name&lt;/script&gt;</code>',
      '<span class="field-type">&lt;script&gt;type&lt;/script&gt;</span>',
      '<span class="field-default">default: <code>&lt;/span&gt;&lt;script&gt;alert(5)&lt;/script&gt;</code></span>',
      'Example: <code>&quot;&#39;&gt;&lt;script&gt;alert(6)&lt;/script&gt;</code>',
      'Available options: <code>&lt;script&gt;alert(7)&lt;/script&gt;</code>, <code>it&#39;s</code>',
      '<code class="field-name">&lt;img src=x onerror=alert(8)&gt;</code><span class="field-type">string&lt;&lt;script&gt;&gt;</span>',
      '<code>application/json&lt;script&gt;</code>',
      '<span class="endpoint-status endpoint-status-default">&lt;script&gt;</span>',
      'tabindex="0">&lt;script&gt;alert(11)&lt;/script&gt;</button>',
      '<code class="language-script">',
      '&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(12)&lt;/script&gt;',
      '<code class="field-name">&lt;script&gt;alert(13)&lt;/script&gt;</code>',
    );
  });

  test('descriptions keep safe HTML; a <script> in one is left out', () => {
    includes(
      page.html,
      '<div class="endpoint-description">in a description.</div>',
      '<p>Plain <b>HTML</b> in a description.</p>',
      '<div class="endpoint-response-description"></div>',
    );
  });

  test('the curl command quotes everything the shell would read', () => {
    const { codes } = render('hostile.yaml', 'POST /items/{<script>id</script>}', { playground: 'none' });
    const curl = codes.find((code) => code.title === 'cURL')!.code;
    const bash = spawnSync('bash', ['-n'], { input: curl, encoding: 'utf8' });
    if (!bash.error) assert.equal(bash.status, 0, `bash -n: ${bash.stderr}`);
    assert.equal(
      codes.find((code) => code.title === 'cURL')?.code,
      [
        'curl --request POST \\',
        '  --globoff \\',
        "  --url 'https://api.example.com/<script>alert(1)</script>/items/{<script>id</script>}?q%27%22%24%28rm%20-rf%20~%29=<script>alert%287%29%3C/script%3E' \\",
        "  --header '<script>alert(13)</script>: <api-key>' \\",
        "  --header 'Content-Type: application/json<script>' \\",
        "  --data '{",
        `  "text": "it'\\''s a '\\''$(reboot)'\\'' <script>alert(9)</script>"`,
        "}'",
      ].join('\n'),
    );
  });
});

describe('bad input', () => {
  test('shapes no spec should have are rendered without an exception', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Odd', version: '1' },
      servers: 'https://not-a-list.example',
      security: [null, 'x', { missing: 'scopes' }],
      paths: {
        '/a': {
          parameters: { not: 'a list' },
          get: {
            parameters: [null, 5, { in: 'query' }, { name: 'p', in: 'nowhere' }, { name: 'q', in: 'query', schema: true }],
            requestBody: { content: { 'application/json': null, 'text/plain': { schema: 5, examples: { a: null } } } },
            responses: {
              200: null,
              201: { description: 7, content: { 'application/json': { schema: { type: ['object', 5], properties: null, items: 'x', allOf: 'y', oneOf: [] } } } },
              default: { $ref: 5 },
            },
          },
          post: 'not an operation',
        },
        '/b': { put: { responses: [], requestBody: { $ref: '#/nowhere' }, 'x-codeSamples': [{ lang: 5, source: null }, 'x'] } },
      },
    });
    const document = parseOpenApi({ file: 'odd.json', text }).document!;
    for (const operation of document.operations) {
      const page = renderEndpoint({ document, operation });
      assert.ok(page.html.startsWith('<div class="endpoint"'), `${operation.method} ${operation.path}`);
      assert.ok(!page.diagnostics.some((diagnostic) => diagnostic.code === 'page-render-failed'));
    }
  });

  test('descriptions are CommonMark: Markdown renders, paragraphs split', () => {
    const document = load('shop-3.0.yaml');
    const operation = document.operations[0]!;
    const page = renderEndpoint({ document, operation, pageDescription: '' });
    includes(page.html, '<div class="endpoint-description"><p>Creates an order in a store.</p>\n<p>Orders are <strong>paid</strong> later.</p></div>');
  });
});

const corpus = '/work/shared/openapi-specs';
/** OpenAI's and Stripe's specs (772 operations) by default; every spec (3,772) in the long run (`--full`). */
const SPECS = FULL ? undefined : ['openai', 'stripe'];
/**
 * By default every fourth of their operations (193), from an offset drawn each run (DOCJET_FUZZ_SEED
 * repeats one): over runs, every operation; rendering the 772 was most of this file's CPU (6.4 of 10 s).
 */
const STRIDE = FULL ? 1 : 4;
const SEED = newSeed(process.env['DOCJET_FUZZ_SEED']);
const OFFSET = SEED % STRIDE;

describe('every operation of the real specs', { skip: !existsSync(corpus) && 'openapi-specs not present' }, () => {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (directory !== corpus || SPECS === undefined || SPECS.includes(entry.name)) walk(full);
      } else if (/\.(json|ya?ml)$/i.test(entry.name) && statSync(full).size < 20 * 1024 * 1024) files.push(full);
    }
  };
  if (existsSync(corpus)) walk(corpus);

  // How fast they render is `npm run bench:openapi`'s to say, not a test's: the CPU a page takes here
  // was about 2 ms a page when the bound was set, and 25.4 ms in a CI run on this 2-core machine (it failed there).
  test('render without an exception', (t) => {
    let pages = 0;
    let cpu = 0;
    const failures: string[] = [];
    for (const full of files) {
      const text = readFileSync(full, 'utf8');
      // A spec has a top-level `openapi`/`swagger` key (Stripe's comes last); DigitalOcean's 2,900 fragments have none.
      if (!/^["']?(openapi|swagger)["']?\s*:|^\s*\{?\s*"(openapi|swagger)"\s*:/m.test(text)) continue;
      const file = path.relative(corpus, full);
      const document = parseOpenApi({ file, text }).document;
      if (!document) continue;
      const started = process.cpuUsage();
      for (const [index, operation] of document.operations.entries()) {
        if (index % STRIDE !== OFFSET) continue;
        try {
          const page = renderEndpoint({ document, operation });
          if (page.diagnostics.some((diagnostic) => diagnostic.code === 'page-render-failed')) failures.push(`${file} ${operation.method} ${operation.path}`);
        } catch (error) {
          failures.push(`${file} ${operation.method} ${operation.path}: ${String(error)}`);
        }
        pages++;
      }
      const used = process.cpuUsage(started);
      cpu += (used.user + used.system) / 1000;
    }
    t.diagnostic(`${pages} endpoint pages in ${Math.round(cpu)} ms of CPU: ${(cpu / pages).toFixed(2)} ms per page (seed ${SEED}: every ${STRIDE} from ${OFFSET})`);
    assert.deepEqual(failures, [], `seed ${SEED} (DOCJET_FUZZ_SEED=${SEED} renders the same operations)`);
    assert.ok(pages > (FULL ? 3000 : 190), `${pages} pages`);
  });
});

describe('array item enums, server variables, OAuth 2.0 flows, webhook auth, api.params.expanded', () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Inline', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    security: [{ oauth: ['read'] }],
    paths: {
      '/items': {
        get: {
          parameters: [{ name: 'expand', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['owner', 'tags'] } } }],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { type: 'object', properties: { owner: { type: 'object', properties: { id: { type: 'string' } } } } } } },
            },
          },
        },
      },
    },
    webhooks: {
      'item.created': { post: { summary: 'Item created', responses: { '200': { description: 'OK' } } } },
      'item.signed': { post: { security: [{ signature: [] }], responses: {} } },
    },
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://auth.example.com/authorize',
              tokenUrl: 'https://auth.example.com/token',
              refreshUrl: 'https://auth.example.com/refresh',
              scopes: { read: 'Read items', write: 'Change items' },
            },
          },
        },
        signature: { type: 'apiKey', in: 'header', name: 'X-Signature' },
      },
    },
  };
  const document = parseOpenApi({ file: 'api/inline.json', text: JSON.stringify(spec) }).document!;
  const page = (label: string, options: Partial<RenderEndpointOptions> = {}) => {
    const operation = document.operations.find((candidate) => `${candidate.kind === 'webhook' ? 'webhook' : candidate.method} ${candidate.path}` === label)!;
    return renderEndpoint({ document, operation, ...options }).html;
  };

  test('an array whose items are an enum lists the allowed values, as a scalar enum does', () => {
    includes(page('GET /items'), '<p>Available options: <code>owner</code>, <code>tags</code></p>');
  });

  test('an OAuth 2.0 scheme shows its flow, the flow URLs and the scopes it offers', () => {
    includes(
      page('GET /items'),
      '<div class="endpoint-oauth"><p class="endpoint-oauth-flow">Authorization code flow</p><ul class="endpoint-oauth-urls">' +
        '<li>Authorization URL: <code>https://auth.example.com/authorize</code></li><li>Token URL: <code>https://auth.example.com/token</code></li>' +
        '<li>Refresh URL: <code>https://auth.example.com/refresh</code></li></ul>' +
        '<p class="endpoint-oauth-scopes-title">Scopes</p><ul class="endpoint-oauth-scopes"><li><code>read</code> Read items</li><li><code>write</code> Change items</li></ul></div>',
      'Required scopes: <code>read</code>',
    );
  });

  test('a webhook does not show the API’s own auth; a webhook with its own `security` shows that', () => {
    excludes(page('webhook item.created'), 'Authorizations', 'endpoint-oauth');
    const signed = page('webhook item.signed');
    includes(signed, 'Authorizations', '<code class="field-name">X-Signature</code>');
    excludes(signed, 'endpoint-oauth');
  });

  test('nested fields are closed unless `api.params.expanded` is "all"', () => {
    includes(page('GET /items'), '<details class="expandable"><summary>Show child attributes</summary>');
    const open = page('GET /items', { api: { params: { expanded: 'all' } } });
    includes(open, '<details class="expandable" open><summary>Show child attributes</summary>');
    excludes(open, '<details class="expandable"><summary>');
  });

  test('a single server without variables is not listed again under the URL', () => {
    excludes(page('GET /items'), 'endpoint-servers');
  });
});
