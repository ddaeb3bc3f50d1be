/**
 * OpenAPI's serialization rules (src/shared/request-encoding.ts), which the code samples and the
 * "Try it" panel share: each style of the specification's tables (OpenAPI 3.1, "Style Examples"),
 * Stripe's nested forms, and the same functions in a context that has no Node (the panel's script).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import vm from 'node:vm';
import { encoding, requestEncodingScript, type RequestEncoding } from '../../src/shared/request-encoding.ts';

const list = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

function checkRules(codec: RequestEncoding): void {
  const q = (style: string | undefined, explode: boolean | undefined, value: unknown): string => codec.query({ name: 'color', style, explode }, value).join('&');
  // query
  assert.equal(q(undefined, undefined, list), 'color=blue&color=black&color=brown');
  assert.equal(q('form', false, list), 'color=blue,black,brown');
  assert.equal(q('form', true, object), 'R=100&G=200&B=150');
  assert.equal(q('form', false, object), 'color=R,100,G,200,B,150');
  assert.equal(q('spaceDelimited', false, list), 'color=blue%20black%20brown');
  assert.equal(q('pipeDelimited', false, list), 'color=blue%7Cblack%7Cbrown');
  assert.equal(q('deepObject', true, object), 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150');
  assert.equal(codec.query({ name: 'expand', style: 'deepObject', explode: true }, ['sources', 'tax_ids']).join('&'), 'expand%5B%5D=sources&expand%5B%5D=tax_ids');
  assert.equal(q(undefined, undefined, 'a b&c=d,e'), 'color=a%20b%26c%3Dd%2Ce');
  assert.equal(q(undefined, undefined, '2024-01-01T00:00:00Z'), 'color=2024-01-01T00:00:00Z');
  assert.deepEqual(codec.query({ name: 'next', allowReserved: true }, 'a/b?c=[d]'), ['next=a/b?c=[d]']);
  // path
  const p = (style: string | undefined, explode: boolean | undefined, value: unknown): string => codec.path({ name: 'color', style, explode }, value);
  assert.equal(p(undefined, undefined, list), 'blue,black,brown');
  assert.equal(p('simple', true, object), 'R=100,G=200,B=150');
  assert.equal(p('simple', false, object), 'R,100,G,200,B,150');
  assert.equal(p('label', false, list), '.blue,black,brown');
  assert.equal(p('label', true, list), '.blue.black.brown');
  assert.equal(p('label', true, object), '.R=100.G=200.B=150');
  assert.equal(p('matrix', false, 'blue'), ';color=blue');
  assert.equal(p('matrix', false, list), ';color=blue,black,brown');
  assert.equal(p('matrix', true, list), ';color=blue;color=black;color=brown');
  assert.equal(p('matrix', true, object), ';R=100;G=200;B=150');
  assert.equal(p(undefined, undefined, 'a/b c'), 'a%2Fb%20c');
  // header and cookie
  assert.equal(codec.header({ name: 'X-Color' }, list), 'blue,black,brown');
  assert.equal(codec.header({ name: 'X-Color', explode: true }, object), 'R=100,G=200,B=150');
  assert.deepEqual(codec.cookie({ name: 'ids', explode: false }, [1, 2]), [['ids', '1,2']]);
  assert.deepEqual(codec.cookie({ name: 'session' }, 'abc'), [['session', 'abc']]);
  // urlencoded body, Stripe's encoding
  const rules = { address: { name: 'address', style: 'deepObject', explode: true }, expand: { name: 'expand', style: 'deepObject', explode: true } };
  const form = codec.form(rules, {
    email: 'ann@example.com',
    address: { city: 'Paris', line1: '1 rue de la Paix' },
    expand: ['sources', 'tax_ids'],
    items: [{ price: 'p_1' }],
    tags: ['a', 'b'],
    meta: { k: 'v' },
  });
  assert.equal(
    form.text,
    'email=ann%40example.com&address[city]=Paris&address[line1]=1%20rue%20de%20la%20Paix&expand[]=sources&expand[]=tax_ids&items=%7B%22price%22%3A%22p_1%22%7D&tags=a&tags=b&meta=%7B%22k%22%3A%22v%22%7D',
  );
  assert.equal(codec.form({ items: { name: 'items', style: 'deepObject' } }, { items: [{ price: 'p_1', quantity: 2 }] }).text, 'items[0][price]=p_1&items[0][quantity]=2');
  assert.equal(codec.form({ tags: { name: 'tags', explode: false } }, { tags: ['a', 'b'] }).text, 'tags=a%2Cb');
  // multipart: a list is one part per item
  assert.deepEqual(codec.multipart({ tags: ['l1', 'l2'], meta: { a: 1 }, note: 'x' }), [
    ['tags', 'l1'],
    ['tags', 'l2'],
    ['meta', '{"a":1}'],
    ['note', 'x'],
  ]);
  // what a reader types in a field
  assert.deepEqual(codec.parse('a, b', 'array'), ['a', 'b']);
  assert.deepEqual(codec.parse('["a,b","c"]', 'array'), ['a,b', 'c']);
  assert.deepEqual(codec.parse('{"status":"open"}', 'object'), { status: 'open' });
  assert.equal(codec.parse('{not json', 'object'), '{not json');
}

describe('OpenAPI serialization rules', () => {
  test('query, path, header, cookie, urlencoded and multipart, in Node', () => {
    checkRules(encoding);
  });

  test('the script the panel runs holds the same functions, and needs nothing from Node', () => {
    const context = vm.createContext({});
    vm.runInContext(requestEncodingScript(), context);
    const codec = context.docjetRequestEncoding as Record<string, (...args: unknown[]) => unknown>;
    // Lists made in another context have another Array prototype: compared as JSON.
    const copied = Object.fromEntries(Object.entries(codec).map(([name, run]) => [name, (...args: unknown[]) => JSON.parse(JSON.stringify(run(...args)) ?? 'null') as unknown]));
    checkRules(copied as unknown as RequestEncoding);
  });
});
