/**
 * Manual API pages (src/render/endpoint/manual.ts): the method bar and the "Try it" panel made from
 * the page's `api:` frontmatter, its `<ParamField>`s and the site's `api.mdx` settings. What the
 * panel's script then sends is tested in the browser (test/e2e/manual-api.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element, Nodes, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { readApiFrontmatter } from '../../src/content/frontmatter-api.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { manualEndpointHtml, type ManualEndpointOptions } from '../../src/render/endpoint/manual.ts';

/** The page's fields as the renderer hands them over, and the bar and panel made of them. */
function manualPage(api: string, body: string, options: Partial<ManualEndpointOptions> = {}): Element {
  const reading = readApiFrontmatter(api);
  assert.ok('endpoint' in reading, api);
  const rendered = renderMarkdown({ file: 'page.mdx', text: body, format: 'mdx' });
  assert.deepEqual(rendered.diagnostics, []);
  const html = manualEndpointHtml({ file: 'page.mdx', endpoint: reading.endpoint, params: rendered.parts.params, ...options });
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: `<div>${html}</div>` }] } as Root);
  const [page] = find(tree, (element) => element.tagName === 'div');
  assert.ok(page);
  return page;
}

function find(node: Nodes, match: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (each: Nodes): void => {
    if (each.type === 'element' && match(each)) found.push(each);
    if ('children' in each) for (const child of each.children) visit(child);
  };
  visit(node);
  return found;
}

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function hasClass(element: Element, name: string): boolean {
  const value = element.properties['className'];
  return Array.isArray(value) && value.includes(name);
}

/** Each field as a reader meets it: `label → what it sets`, then its options, its value (`= 10`) or its hint (`(10)`). */
function fields(page: Element): string[] {
  return find(page, (element) => element.tagName === 'label').map((label) => {
    const text = textOf(find(label, (element) => hasClass(element, 'playground-label'))[0]!)
      .replace(/\s+/g, ' ')
      .trim();
    const control = find(label, (element) => ['input', 'select'].includes(element.tagName))[0]!;
    const { dataParam, dataAuth, dataFormField, dataServer, type, value, placeholder } = control.properties;
    const where = dataParam ?? dataAuth ?? (dataFormField !== undefined ? `form ${String(type)}` : dataServer !== undefined ? 'server' : 'server-url');
    const shown =
      control.tagName === 'select'
        ? ` [${find(control, (element) => element.tagName === 'option')
            .map(textOf)
            .join('|')}]`
        : value !== undefined
          ? ` = ${String(value)}`
          : placeholder !== undefined
            ? ` (${String(placeholder)})`
            : '';
    return `${text} → ${String(where)}${shown}`;
  });
}

function bar(page: Element): string {
  return textOf(find(page, (element) => hasClass(element, 'endpoint-header'))[0]!);
}

function body(page: Element): unknown {
  const editor = find(page, (element) => element.tagName === 'textarea')[0];
  return editor ? JSON.parse(textOf(editor)) : undefined;
}

const ORDER = `
<ParamField path="storeId" type="string" required>The store.</ParamField>
<ParamField query="limit" type="integer" default={10}>How many.</ParamField>
<ParamField query="dryRun" type="boolean">Check only.</ParamField>
<ParamField header="X-Request-Id" type="string" placeholder="req-123">Idempotency key.</ParamField>
<ParamField body="item" type="string" required>What.</ParamField>
<ParamField body="quantity" type="number" default="2">How many.</ParamField>
<ParamField body="tags" type="string[]">Labels.</ParamField>
<ParamField body="shipping" type="object">
  Where to.
  <Expandable title="properties">
    <ParamField body="city" type="string" default="Lyon">City.</ParamField>
  </Expandable>
</ParamField>
`;

test("ParamFields become the panel's fields by location, the body a JSON object with nested fields as properties", () => {
  const page = manualPage('POST /stores/{storeId}/orders', ORDER, { api: { mdx: { server: 'https://shop.example/v1', auth: { method: 'bearer' } } } });
  assert.equal(bar(page), 'POSThttps://shop.example/v1/stores/{storeId}/orders');
  assert.deepEqual(fields(page), [
    'Server → server [https://shop.example/v1]',
    'Bearer token bearerAuth → token',
    'storeId required string → path (<string>)',
    'limit integer → query (10)',
    'dryRun boolean → query [|true|false]',
    'X-Request-Id string → header (req-123)',
  ]);
  assert.deepEqual(body(page), { item: '<string>', quantity: 2, tags: ['<string>'], shipping: { city: 'Lyon' } });
});

test('an absolute URL is its own server; a {name} no ParamField describes is still a required field', () => {
  const page = manualPage('GET https://api.other.example/v2/orders/{orderId}', 'Text.', { api: { mdx: { server: 'https://ignored.example' } } });
  assert.equal(bar(page), 'GEThttps://api.other.example/v2/orders/{orderId}');
  assert.deepEqual(fields(page), ['Server → server [https://api.other.example]', 'orderId required string → path (<string>)']);
  assert.equal(body(page), undefined, 'a GET sends no body');
});

test('several api.mdx servers are a picker; none at all, a URL field', () => {
  const two = manualPage('GET /status', '', { api: { mdx: { server: ['https://eu.example', 'https://us.example'] } } });
  assert.deepEqual(fields(two), ['Server → server [https://eu.example|https://us.example]']);
  assert.equal(bar(two), 'GEThttps://eu.example/status');
  const none = manualPage('GET /status', '');
  assert.deepEqual(fields(none), ['Server URL → server-url (https://api.example.com)']);
  assert.equal(bar(none), 'GET/status');
});

test('authMethod on the page wins over api.mdx.auth; key is a header named by api.mdx.auth.name; none, no credentials', () => {
  const api = { mdx: { server: 'https://x.example', auth: { method: 'bearer' as const, name: 'X-Api-Key' } } };
  const credentials = (authMethod?: string) => fields(manualPage('GET /a', '', { api, ...(authMethod ? { authMethod } : {}) })).filter((field) => !field.startsWith('Server'));
  assert.deepEqual(credentials(), ['Bearer token bearerAuth → token']);
  assert.deepEqual(credentials('basic'), ['Username basicAuth → basic-user', 'Password basicAuth → basic-password']);
  assert.deepEqual(credentials('key'), ['X-Api-Key header apiKey → apikey']);
  assert.deepEqual(credentials('none'), []);
});

test('a file field makes the body a multipart form; playground none leaves the panel out, simple shows no Send button', () => {
  const upload = manualPage('POST /files', '<ParamField body="file" type="file" required>The file.</ParamField>\n<ParamField body="note" type="string">A note.</ParamField>', {
    api: { mdx: { server: 'https://x.example' } },
  });
  assert.deepEqual(fields(upload).slice(1), ['file required string<binary> → form file', 'note string → form text (<string>)']);
  assert.ok(find(upload, (element) => element.properties['dataMediaType'] === 'multipart/form-data').length === 1);

  const hidden = manualPage('GET /a', '', { playground: 'none' });
  assert.equal(find(hidden, (element) => hasClass(element, 'playground')).length, 0);
  assert.equal(bar(hidden), 'GET/a', 'the method bar stays');
  const simple = manualPage('GET /a', '', { api: { playground: { display: 'simple' } } });
  assert.equal(find(simple, (element) => hasClass(element, 'playground-send')).length, 0);
  assert.equal(find(simple, (element) => hasClass(element, 'playground')).length, 1);
});
