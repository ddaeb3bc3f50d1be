import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { closestOperations, describeOperation, describeReference, findOperation, parseEndpointReference } from '../../src/openapi/reference.ts';
import type { OpenApiDocument } from '../../src/openapi/types.ts';

describe('parseEndpointReference', () => {
  test('METHOD /path, in any letter case', () => {
    assert.deepEqual(parseEndpointReference('GET /pets'), { kind: 'operation', method: 'GET', path: '/pets' });
    assert.deepEqual(parseEndpointReference('get /pets'), { kind: 'operation', method: 'GET', path: '/pets' });
    assert.deepEqual(parseEndpointReference('Delete /pets/{petId}'), { kind: 'operation', method: 'DELETE', path: '/pets/{petId}' });
    assert.deepEqual(parseEndpointReference('options /'), { kind: 'operation', method: 'OPTIONS', path: '/' });
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']) {
      assert.equal(parseEndpointReference(`${method} /x`)?.method, method);
    }
  });

  test('a spec file first', () => {
    assert.deepEqual(parseEndpointReference('openapi.yaml GET /pets'), {
      spec: 'openapi.yaml',
      kind: 'operation',
      method: 'GET',
      path: '/pets',
    });
    assert.deepEqual(parseEndpointReference('/specs/a.json post /x'), {
      spec: '/specs/a.json',
      kind: 'operation',
      method: 'POST',
      path: '/x',
    });
  });

  test('webhooks, with or without a spec file', () => {
    assert.deepEqual(parseEndpointReference('webhook customer.created'), { kind: 'webhook', path: 'customer.created' });
    assert.deepEqual(parseEndpointReference('WEBHOOK name'), { kind: 'webhook', path: 'name' });
    assert.deepEqual(parseEndpointReference('spec.json webhook name'), { spec: 'spec.json', kind: 'webhook', path: 'name' });
  });

  test('query strings in paths, as in OpenAI’s spec, and surrounding blanks', () => {
    assert.deepEqual(parseEndpointReference('POST /responses?beta=true'), { kind: 'operation', method: 'POST', path: '/responses?beta=true' });
    assert.deepEqual(parseEndpointReference('  GET   /pets '), { kind: 'operation', method: 'GET', path: '/pets' });
  });

  test('plain page paths and near misses are not endpoints', () => {
    for (const entry of [
      'guides/intro',
      'get-started',
      'api-reference/get-pets',
      'GET pets',
      'GET',
      'FETCH /pets',
      'GET /pets extra',
      'webhook',
      'webhooks/intro',
      'GET/pets',
      '',
    ]) {
      assert.equal(parseEndpointReference(entry), undefined, entry);
    }
  });
});

const { document } = parseOpenApi({
  file: 'openapi.json',
  text: JSON.stringify({
    openapi: '3.1.0',
    paths: {
      '/pets': { get: { summary: 'List pets' }, post: { summary: 'Create a pet' } },
      '/pets/{petId}': { get: {} },
      '/orders/': { get: {} },
    },
    webhooks: { newPet: { post: {} }, 'Customer.Created': { post: {} }, 'customer.created': { post: {} } },
  }),
});
const spec = document as OpenApiDocument;

function find(entry: string): string | undefined {
  const reference = parseEndpointReference(entry);
  assert.ok(reference, entry);
  const operation = findOperation(spec, reference);
  return operation && `${describeOperation(operation)} (${operation.pointer})`;
}

describe('findOperation', () => {
  test('method in any case', () => {
    assert.equal(find('get /pets'), 'GET /pets (#/paths/~1pets/get)');
    assert.equal(find('POST /pets'), 'POST /pets (#/paths/~1pets/post)');
    assert.equal(findOperation(spec, { kind: 'operation', method: 'post', path: '/pets' })?.method, 'POST');
  });

  test('a trailing slash on either side', () => {
    assert.equal(find('GET /pets/'), 'GET /pets (#/paths/~1pets/get)');
    assert.equal(find('GET /orders'), 'GET /orders/ (#/paths/~1orders~1/get)');
    assert.equal(find('GET /orders/'), 'GET /orders/ (#/paths/~1orders~1/get)');
  });

  test('no match: other method, other path, or a webhook name used as a path', () => {
    assert.equal(find('DELETE /pets'), undefined);
    assert.equal(find('GET /pet'), undefined);
    assert.equal(find('POST /newPet'), undefined);
  });

  test('webhooks by name: exact first, then ignoring case', () => {
    assert.equal(find('webhook newPet'), 'webhook newPet (#/webhooks/newPet/post)');
    assert.equal(find('webhook Customer.Created'), 'webhook Customer.Created (#/webhooks/Customer.Created/post)');
    assert.equal(find('webhook customer.created'), 'webhook customer.created (#/webhooks/customer.created/post)');
    assert.equal(find('webhook NEWPET'), 'webhook newPet (#/webhooks/newPet/post)');
    assert.equal(find('webhook oldPet'), undefined);
  });
});

describe('describeOperation and describeReference', () => {
  test('read like docs.json entries', () => {
    assert.deepEqual(spec.operations.map(describeOperation), [
      'GET /pets',
      'POST /pets',
      'GET /pets/{petId}',
      'GET /orders/',
      'webhook newPet',
      'webhook Customer.Created',
      'webhook customer.created',
    ]);
    assert.equal(describeReference({ spec: 'a.json', kind: 'operation', method: 'GET', path: '/x' }), 'GET /x');
    assert.equal(describeReference({ kind: 'webhook', path: 'newPet' }), 'webhook newPet');
  });
});

describe('closestOperations', () => {
  function suggest(entry: string, limit?: number): string[] {
    const reference = parseEndpointReference(entry);
    assert.ok(reference, entry);
    return closestOperations(spec, reference, limit);
  }

  test('the same path under other methods or other parameter names comes first', () => {
    assert.deepEqual(suggest('DELETE /pets'), ['GET /pets', 'POST /pets']);
    assert.deepEqual(suggest('GET /pets/{id}'), ['GET /pets/{petId}', 'GET /pets']);
    assert.deepEqual(suggest('DELETE /pets/{id}'), ['GET /pets/{petId}']);
    assert.deepEqual(suggest('DELETE /pets', 1), ['GET /pets']);
    assert.deepEqual(suggest('PUT /orders'), ['GET /orders/']);
  });

  test('then the closest spellings', () => {
    assert.deepEqual(suggest('GET /pet'), ['GET /pets', 'GET /pets/{petId}', 'POST /pets']);
    assert.deepEqual(suggest('webhook newPets'), ['webhook newPet']);
    assert.deepEqual(suggest('webhook customer'), ['webhook Customer.Created', 'webhook customer.created']);
  });

  test('nothing close', () => {
    assert.deepEqual(suggest('GET /invoices/{invoiceId}/lines'), []);
  });
});
