/**
 * The "Try it" panel's markup (src/render/endpoint/playground.ts) on the endpoint fixtures of
 * test/fixtures/endpoint: which panel a page gets, the fields a reader sees (label, control,
 * prefilled value or hint), and that nothing of a hostile spec becomes markup. What the page
 * script does with the fields is tested in the browser (test/e2e/playground.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Element, Nodes, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { configSchema } from '../../src/config/schema.ts';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { pageScript, siteBundle } from '../../src/render/assets.ts';
import type { OpenApiDocument } from '../../src/openapi/types.ts';
import { renderEndpoint, type RenderEndpointOptions } from '../../src/render/endpoint/index.ts';
import { playgroundDisplay } from '../../src/render/endpoint/playground.ts';

const fixtures = fileURLToPath(new URL('../fixtures/endpoint/', import.meta.url));

function parse(name: string, text: string): OpenApiDocument {
  const result = parseOpenApi({ file: `api/${name}`, text });
  assert.ok(result.document, `${name} parses`);
  return result.document;
}

/** The page of one operation (`POST /path`, `webhook name`) of a fixture file, or of a spec given as text. */
function page(spec: string, label: string, options: Partial<RenderEndpointOptions> = {}, text?: string): string {
  const document = parse(spec, text ?? readFileSync(path.join(fixtures, spec), 'utf8'));
  const operation = document.operations.find((candidate) => `${candidate.kind === 'webhook' ? 'webhook' : candidate.method} ${candidate.path}` === label);
  assert.ok(operation, `${label} is in ${spec}`);
  return renderEndpoint({ document, operation, ...options }).html;
}

/** The panel alone, parsed as a browser would. */
function panelOf(html: string): Element | undefined {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: html }] } as Root);
  return find(tree, (element) => element.tagName === 'details' && hasClass(element, 'playground'))[0];
}

function find(node: Nodes, match: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (each: Nodes): void => {
    if (each.type === 'element' && match(each)) found.push(each);
    if ('children' in each) for (const child of each.children) visit(child);
    if (each.type === 'element' && each.tagName === 'template' && each.content) visit(each.content);
  };
  visit(node);
  return found;
}

function hasClass(element: Element, name: string): boolean {
  const value = element.properties['className'];
  return Array.isArray(value) && value.includes(name);
}

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** `data-auth=token data-prefix=Bearer`: a control's `data-*` attributes as written. */
function dataOf(element: Element): string {
  return Object.entries(element.properties)
    .filter(([key]) => /^data[A-Z]/.test(key))
    .map(([key, value]) => {
      const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      return value === '' || value === true ? name : `${name}=${String(value)}`;
    })
    .join(' ');
}

interface Field {
  label: string;
  control: string;
  value?: string;
  hint?: string;
  options?: string[];
}

/** Every field of the panel as a reader meets it: its label, its control, and what it holds or suggests. */
function fieldsOf(panel: Element): Field[] {
  return find(panel, (element) => element.tagName === 'label').map((label) => {
    const text = find(label, (element) => hasClass(element, 'playground-label'))[0];
    const control = find(label, (element) => ['input', 'select', 'textarea'].includes(element.tagName))[0]!;
    const type = control.tagName === 'input' ? `[${String(control.properties['type'])}]` : '';
    const field: Field = { label: text ? textOf(text).replace(/\s+/g, ' ').trim() : '', control: `${control.tagName}${type} ${dataOf(control)}`.trim() };
    if (control.tagName === 'select') {
      const options = find(control, (element) => element.tagName === 'option');
      field.options = options.map(textOf);
      field.value = String((options.find((option) => option.properties['selected']) ?? options[0])?.properties['value'] ?? '');
    } else if (control.properties['value'] !== undefined) {
      field.value = String(control.properties['value']);
    }
    if (control.properties['placeholder'] !== undefined) field.hint = String(control.properties['placeholder']);
    return field;
  });
}

describe('which panel a page gets', () => {
  test('the page frontmatter wins over api.playground.display; `auth` and nothing at all are interactive', () => {
    assert.deepEqual(
      [
        playgroundDisplay(undefined, undefined),
        playgroundDisplay('auth', undefined),
        playgroundDisplay('simple', undefined),
        playgroundDisplay('none', 'interactive'),
        playgroundDisplay('interactive', 'none'),
        playgroundDisplay(undefined, 'simple'),
      ],
      ['interactive', 'interactive', 'simple', 'interactive', 'none', 'simple'],
    );
  });

  test('the panel sits under the method bar and its servers, hidden until the page script sets it up', () => {
    const html = page('shop-3.0.yaml', 'POST /stores/{storeId}/orders');
    assert.ok(
      html.includes(
        '<span class="endpoint-server-description">Sandbox</span></li></ul>' +
          '<details class="playground" data-playground="interactive" data-method="POST" data-path="/stores/{storeId}/orders" data-credentials="9cf43c630953b5fa" data-security="[[&quot;bearerAuth&quot;],[&quot;apiKey&quot;]]" hidden><summary class="playground-summary">Try it</summary>',
      ),
    );
  });

  test('credentials are kept per API: each spec has its own data-credentials (a hash of its path or URL), its pages share it', () => {
    const scope = (spec: string, label: string, text?: string) => panelOf(page(spec, label, {}, text))!.properties['dataCredentials'];
    const shop = readFileSync(path.join(fixtures, 'shop-3.0.yaml'), 'utf8');
    assert.equal(scope('shop-3.0.yaml', 'POST /stores/{storeId}/orders'), '9cf43c630953b5fa');
    assert.equal(scope('shop-3.0.yaml', 'GET /stores/{storeId}', shop), '9cf43c630953b5fa', 'another page of the same spec');
    assert.notEqual(scope('other-shop.yaml', 'POST /stores/{storeId}/orders', shop), '9cf43c630953b5fa', 'the same document under another name is another API');
  });

  test('`simple` opens the request without a Send button or a response; `none` and webhooks have no panel', () => {
    const simple = panelOf(page('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { api: { playground: { display: 'simple' } } }))!;
    assert.equal(simple.properties['dataPlayground'], 'simple');
    assert.equal(simple.properties['open'], true);
    assert.deepEqual(
      find(simple, (element) => element.tagName === 'button' && hasClass(element, 'playground-send')),
      [],
    );
    assert.deepEqual(
      find(simple, (element) => element.properties['dataResponse'] !== undefined),
      [],
    );
    assert.equal(panelOf(page('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { playground: 'none' })), undefined);
    assert.equal(panelOf(page('shop-3.0.yaml', 'POST /stores/{storeId}/orders', { api: { playground: { display: 'none' } } })), undefined);
    assert.equal(panelOf(page('events-3.1.yaml', 'webhook order.paid')), undefined);
  });
});

describe('OpenAPI 3.0: POST /stores/{storeId}/orders', () => {
  const panel = panelOf(page('shop-3.0.yaml', 'POST /stores/{storeId}/orders'))!;

  test('a field for the server and its variables, each scheme, each parameter, and the body', () => {
    assert.deepEqual(fieldsOf(panel), [
      {
        label: 'Server',
        control: 'select data-server',
        options: ['https://{region}.shop.example/v1 (Production)', 'https://sandbox.shop.example/v1 (Sandbox)'],
        value: '0',
      },
      { label: 'region', control: 'select data-variable=region', options: ['eu', 'us'], value: 'eu' },
      { label: 'Bearer token bearerAuth', control: 'input[password] data-auth=token data-prefix=Bearer data-store=bearerAuth:token' },
      { label: 'X-API-Key header apiKey', control: 'input[password] data-auth=apikey data-in=header data-name=X-API-Key data-store=apiKey:apikey' },
      // Required: prefilled with the author's value if there is one, else a hint; optional: sent only once filled in.
      { label: 'storeId required integer<int64>', control: 'input[text] data-param=path data-name=storeId data-required', hint: '123' },
      { label: 'dryRun boolean', control: 'select data-param=query data-name=dryRun', options: ['', 'true', 'false'], value: '' },
      // `data-required`: the script says so at the field, and does not send, while it is empty.
      { label: 'sort required enum<string>', control: 'select data-param=query data-name=sort data-required', options: ['newest', 'oldest'], value: 'newest' },
      { label: 'X-Request-Id required string<uuid>', control: 'input[text] data-param=header data-name=X-Request-Id data-required', hint: '3c90c3cc-0d44-4b50-8888-8dd25736052a' },
      { label: 'session string', control: 'input[text] data-param=cookie data-name=session', hint: '<string>' },
    ]);
  });

  test('the JSON body is prefilled from the example, and the groups are headed by what they hold', () => {
    const body = find(panel, (element) => element.tagName === 'textarea')[0]!;
    assert.deepEqual(JSON.parse(textOf(body)), { items: [{ sku: 'SKU-1', quantity: 1 }], note: '<string>', payment: { kind: '<string>', number: '<string>' } });
    assert.deepEqual(find(panel, (element) => element.tagName === 'legend').map(textOf), [
      'Server',
      'Authorization',
      'Path parameters',
      'Query parameters',
      'Headers',
      'Cookies',
      'Body (required)',
    ]);
    assert.deepEqual(find(panel, (element) => hasClass(element, 'playground-note')).map(textOf), [
      'Any one of these is enough.',
      '',
      'Browsers let a page set cookies only for its own site: these are sent when the API is served from this site, and otherwise go into the cURL command only.',
      'Content type: application/json',
    ]);
  });

  test('a GET has no body, and an operation without security no credentials', () => {
    const get = panelOf(page('shop-3.0.yaml', 'GET /stores/{storeId}'))!;
    assert.deepEqual(find(get, (element) => element.tagName === 'legend').map(textOf), ['Server', 'Path parameters']);
  });
});

describe('Swagger 2.0', () => {
  test('the servers come from host, basePath and schemes; basic credentials; formData is a multipart form with a file input', () => {
    const panel = panelOf(page('pets-2.0.json', 'PUT /pets/{id}/photo'))!;
    assert.deepEqual(fieldsOf(panel), [
      { label: 'Server', control: 'select data-server', options: ['http://pets.example.com/api', 'https://pets.example.com/api'], value: '0' },
      { label: 'Username basic', control: 'input[text] data-auth=basic-user data-store=basic:basic-user' },
      { label: 'Password basic', control: 'input[password] data-auth=basic-password data-store=basic:basic-password' },
      { label: 'id required string', control: 'input[text] data-param=path data-name=id data-required', hint: '<string>' },
      { label: 'photo required string<binary>', control: 'input[file] data-form-field data-name=photo data-required' },
      { label: 'caption string', control: 'input[text] data-form-field data-name=caption', hint: '<string>' },
    ]);
  });
});

describe('servers', () => {
  const spec = (servers: string) => `openapi: 3.1.0
info: { title: Servers, version: "1" }
servers:
${servers}
paths:
  /ping:
    get:
      responses: { "204": { description: Pong } }
`;

  test('only http(s) and relative server URLs are offered', () => {
    const panel = panelOf(
      page(
        'servers.yaml',
        'GET /ping',
        {},
        spec(
          `  - url: "javascript:alert(1)"\n  - url: "data:text/html,<script>alert(1)</script>"\n  - url: "HTTPS://api.example.com"\n  - url: /v2\n  - url: ftp://files.example.com`,
        ),
      ),
    )!;
    assert.deepEqual(fieldsOf(panel)[0]?.options, ['HTTPS://api.example.com', '/v2']);
  });

  test('without servers, the reader types the server URL', () => {
    const panel = panelOf(page('servers.yaml', 'GET /ping', {}, spec('  []')))!;
    assert.deepEqual(fieldsOf(panel), [{ label: 'Server URL', control: 'input[url] data-server-url', hint: 'https://api.example.com' }]);
  });
});

describe('a hostile spec', () => {
  const html = page('hostile.yaml', 'POST /items/{<script>id</script>}');
  const panel = panelOf(html)!;

  test('no element or event handler comes from the spec: only the panel’s own markup', () => {
    const tags = new Set(find(panel, () => true).map((element) => element.tagName));
    assert.deepEqual([...tags].sort(), [
      'button',
      'code',
      'details',
      'div',
      'fieldset',
      'figure',
      'form',
      'input',
      'label',
      'legend',
      'option',
      'p',
      'pre',
      'section',
      'select',
      'span',
      'summary',
      'textarea',
    ]);
    const handlers = find(panel, (element) => Object.keys(element.properties).some((key) => /^on/i.test(key)));
    assert.deepEqual(handlers, []);
  });

  test('names, examples and server URLs are text the reader sees as written', () => {
    const fields = fieldsOf(panel);
    assert.deepEqual(fields[0]?.options, ['https://api.example.com/<script>alert(1)</script> (<img src=x onerror=alert(2)>)', 'https://backup.example.com']);
    assert.deepEqual(fields.slice(1), [
      {
        label: '<script>alert(13)</script> header <script>',
        control: 'input[password] data-auth=apikey data-in=header data-name=<script>alert(13)</script> data-store=<script>:apikey',
      },
      {
        label: '<script>name</script> required <script>type</script>',
        control: 'input[text] data-param=path data-name=<script>name</script> data-required',
        value: `"'><script>alert(6)</script>`,
        hint: `"'><script>alert(6)</script>`,
      },
      {
        label: `q'"$(rm -rf ~) required enum<string>`,
        control: `select data-param=query data-name=q'"$(rm -rf ~) data-required`,
        options: ['<script>alert(7)</script>', "it's"],
        value: '<script>alert(7)</script>',
      },
    ]);
    const body = find(panel, (element) => element.tagName === 'textarea')[0]!;
    assert.deepEqual(JSON.parse(textOf(body)), { text: "it's a '$(reboot)' <script>alert(9)</script>" });
    assert.equal(panel.properties['dataPath'], '/items/{<script>id</script>}');
  });
});

describe('the panel script', () => {
  /**
   * Gzipped bytes the script may take: 3,990 B when it was written, plus 25 %; then (issue 30) about
   * 2.7 KB for OpenAPI's serialization rules it shares with the code samples and the checks before
   * sending, and about 4 KB for the proxy fallback (600 B), OAuth 2.0 (2,650 B), the remembered
   * server (660 B), Ctrl+Enter and previews of images, audio and PDF (690 B). The samples that follow
   * Try it are a module of their own (src/client/samples.mts, about 41 KB gzipped, imported once the
   * reader changes the panel): the panel only hands it the request, and sets the body a reader
   * picks among several examples (11,123 -> 11,723 B). Then (issue 33) the samples after the first
   * tab put in place from the page's samples file, coloured, and written by that module only when
   * the file cannot be fetched (11,915 -> 12,230 B).
   */
  const BUDGET_GZIPPED = 12500;

  test(`is its own file, out of the page script every page loads, under ${BUDGET_GZIPPED} bytes gzipped`, () => {
    const { playground } = siteBundle(configSchema.parse({ name: 'Budget', navigation: { pages: ['index'] } }), '/', '');
    assert.match(playground.file, /^_docjet\/playground\.[0-9a-f]{10}\.js$/);
    assert.ok(playground.text.includes('data-playground') && !pageScript().includes('data-playground'));
    const gzipped = gzipSync(playground.text).length;
    assert.ok(gzipped < BUDGET_GZIPPED, `the panel script is ${gzipped} B gzipped, over its budget of ${BUDGET_GZIPPED} B`);
  });
});
