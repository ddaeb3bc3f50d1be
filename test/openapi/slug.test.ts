import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { parseOpenApi } from '../../src/openapi/load.ts';
import { capSegment, endpointRoute, endpointSlug, endpointTitle, MAX_SEGMENT_BYTES, RouteAllocator, slugify } from '../../src/openapi/slug.ts';
import { routeLengthProblem } from '../../src/site/page-ref.ts';
import type { Operation } from '../../src/openapi/types.ts';

function operation(fields: Partial<Operation> & Pick<Operation, 'method' | 'path'>): Operation {
  return { kind: 'operation', tags: [], deprecated: false, hidden: false, excluded: false, pointer: '#', ...fields };
}

describe('slugify (prepareStringToBeValidFilename)', () => {
  test('the documented examples', () => {
    assert.equal(slugify('List all pets'), 'list-all-pets');
    assert.equal(slugify('DELETE /store/order/{orderId}'), 'delete-storeorder');
    assert.equal(slugify('GET /users/{id}/posts'), 'get-users-posts');
    assert.equal(slugify('Find purchase order by ID'), 'find-purchase-order-by-id');
    assert.equal(slugify('Store Orders'), 'store-orders');
    assert.equal(slugify('New pet webhook'), 'new-pet-webhook');
  });

  test('removes { } ( ) , . \' " / ` and newlines; keeps ? & : and non-ASCII', () => {
    assert.equal(slugify('Get a pet (by ID), v1.2'), 'get-a-pet-by-id-v12');
    assert.equal(slugify('Don\'t "quote" `code`'), 'dont-quote-code');
    assert.equal(slugify('Search? Q&A: yes'), 'search?-q&a:-yes');
    assert.equal(slugify('Créer un élément'), 'créer-un-élément');
    assert.equal(slugify('Crear  \t varios\nespacios'), 'crear-varios-espacios');
  });

  test('collapses and trims dashes', () => {
    assert.equal(slugify(' - Pets -- list - '), 'pets-list');
    assert.equal(slugify('GET /pets/{petId}/'), 'get-pets');
    assert.equal(slugify('...'), '');
  });
});

describe('endpointSlug and endpointTitle', () => {
  test('from the summary', () => {
    const op = operation({ method: 'GET', path: '/pets', summary: 'List all pets' });
    assert.equal(endpointSlug(op), 'list-all-pets');
    assert.equal(endpointTitle(op), 'List all pets');
  });

  test('from method and path when there is no summary', () => {
    const op = operation({ method: 'DELETE', path: '/store/order/{orderId}' });
    assert.equal(endpointSlug(op), 'delete-storeorder');
    assert.equal(endpointTitle(op), 'Delete storeorder');
    assert.equal(endpointSlug(operation({ method: 'GET', path: '/users/{id}/posts' })), 'get-users-posts');
  });

  test('webhooks without a summary use the name', () => {
    const op = operation({ kind: 'webhook', method: 'POST', path: 'customer.created' });
    assert.equal(endpointSlug(op), 'customercreated');
    assert.equal(endpointTitle(op), 'Customercreated');
  });

  test('a summary that slugs to nothing falls back to method and path', () => {
    assert.equal(endpointSlug(operation({ method: 'GET', path: '/pets', summary: '...' })), 'get-pets');
  });
});

describe('endpointRoute', () => {
  test('<directory>/<tag>/<slug>, directory api-reference by default', () => {
    assert.equal(endpointRoute(operation({ method: 'GET', path: '/pets', summary: 'List all pets', tags: ['pets'] })), 'api-reference/pets/list-all-pets');
  });

  test('a custom directory (lower-cased) and a tag with spaces; only the first tag counts', () => {
    const op = operation({ method: 'GET', path: '/store/order/{orderId}', summary: 'Find purchase order by ID', tags: ['Store Orders', 'pets'] });
    assert.equal(endpointRoute(op, 'store-api'), 'store-api/store-orders/find-purchase-order-by-id');
    assert.equal(endpointRoute(op, '/Store-API/'), 'store-api/store-orders/find-purchase-order-by-id');
  });

  test('no tag segment without tags; webhooks likewise', () => {
    assert.equal(endpointRoute(operation({ method: 'GET', path: '/users/{id}/posts' })), 'api-reference/get-users-posts');
    const webhook = operation({ kind: 'webhook', method: 'POST', path: 'newPet', summary: 'New pet webhook' });
    assert.equal(endpointRoute(webhook, 'store-api'), 'store-api/new-pet-webhook');
  });

  test('x-mint.href replaces the whole route: no leading slash, lower-cased, extension dropped', () => {
    const op = (href: string) => operation({ method: 'POST', path: '/users', summary: 'Create user', tags: ['users'], href });
    assert.equal(endpointRoute(op('/custom/create-user'), 'store-api'), 'custom/create-user');
    assert.equal(endpointRoute(op('/Custom/Create-User.mdx')), 'custom/create-user');
    assert.equal(endpointRoute(op('docs/v1.2/users/')), 'docs/v1.2/users');
  });

  test('routes from the petstore fixture', async () => {
    const text = await readFile(new URL('../fixtures/openapi/petstore.yaml', import.meta.url), 'utf8');
    const { document } = parseOpenApi({ file: 'petstore.yaml', text });
    assert.deepEqual(
      document?.operations.map((op) => endpointRoute(op)),
      [
        'api-reference/pets/list-all-pets',
        'api-reference/pets/create-a-pet',
        'api-reference/pets/info-for-a-specific-pet',
        'api-reference/store-orders/find-purchase-order-by-id',
        'api-reference/store-orders/delete-storeorder',
        'api-reference/get-users-posts',
        'custom/create-user',
        'api-reference/internal-metrics',
        'api-reference/debug-dump',
      ],
    );
  });
});

describe('RouteAllocator', () => {
  test('first request keeps the route, later ones are numbered', () => {
    const routes = new RouteAllocator();
    assert.deepEqual(
      ['a/get-pets', 'a/get-pets', 'a/other', 'a/get-pets', 'a/other'].map((route) => routes.allocate(route)),
      ['a/get-pets', 'a/get-pets-1', 'a/other', 'a/get-pets-2', 'a/other-1'],
    );
  });

  test('a numbered route already taken is skipped', () => {
    const routes = new RouteAllocator();
    assert.deepEqual(
      ['x/get-pet-1', 'x/get-pet', 'x/get-pet', 'x/get-pet'].map((route) => routes.allocate(route)),
      ['x/get-pet-1', 'x/get-pet', 'x/get-pet-2', 'x/get-pet-3'],
    );
  });

  test('Stripe-style collisions: paths that differ only by parameters', () => {
    const routes = new RouteAllocator();
    const ops = [operation({ method: 'GET', path: '/v1/accounts' }), operation({ method: 'GET', path: '/v1/accounts/{account}' })];
    assert.deepEqual(
      ops.map((op) => routes.allocate(endpointRoute(op))),
      ['api-reference/get-v1accounts', 'api-reference/get-v1accounts-1'],
    );
  });
});

describe('route segments fit every file system (bounds)', () => {
  const long = 'Create or update an organization secret with a value encrypted using LibSodium and the public key of the organization, which you get from the endpoint that returns the public key, and choose which repositories can access it, then list them again to confirm every one of them is correct';
  const cjk = '创建或更新组织机密'.repeat(12);

  test('a summary that slugs to over 200 bytes is cut at a `-`, within 200 bytes of UTF-8', () => {
    assert.ok(long.length > 255);
    const slug = endpointSlug(operation({ method: 'PUT', path: '/orgs/{org}/secrets', summary: long }));
    assert.equal(slug, 'create-or-update-an-organization-secret-with-a-value-encrypted-using-libsodium-and-the-public-key-of-the-organization-which-you-get-from-the-endpoint-that-returns-the-public-key-and-choose-which');
    assert.ok(Buffer.byteLength(slug) <= MAX_SEGMENT_BYTES);
    assert.equal(capSegment('short-slug'), 'short-slug');
  });

  test('multi-byte summaries are cut at a character boundary', () => {
    const slug = endpointSlug(operation({ method: 'GET', path: '/x', summary: cjk }));
    assert.equal(slug, '创建或更新组织机密'.repeat(7) + '创建或');
    assert.equal(Buffer.byteLength(slug), 198);
    assert.ok(!slug.includes('\uFFFD'));
  });

  test('routes stay unique after the cut: the collision suffix comes after it', () => {
    const allocator = new RouteAllocator();
    const first = endpointRoute(operation({ method: 'GET', path: '/a', summary: `${long} (one)` }));
    const second = endpointRoute(operation({ method: 'GET', path: '/b', summary: `${long} (two)` }));
    assert.equal(first, second);
    const routes = [allocator.allocate(first), allocator.allocate(second)];
    assert.equal(routes[1], `${routes[0]}-1`);
    for (const route of routes) for (const segment of route.split('/')) assert.ok(Buffer.byteLength(segment) <= 255);
  });

  test('a long tag and a long `x-mint.href` are cut too', () => {
    const route = endpointRoute(operation({ method: 'GET', path: '/a', tags: [cjk], summary: 'A' }));
    assert.equal(route, `api-reference/${'创建或更新组织机密'.repeat(7)}创建或/a`);
    const href = endpointRoute(operation({ method: 'GET', path: '/a', href: `/custom/${'x'.repeat(300)}` }));
    assert.equal(href, `custom/${'x'.repeat(200)}`);
  });

  test('routeLengthProblem names a segment over 255 bytes and a path over 4,000', () => {
    assert.equal(routeLengthProblem('guides/intro'), undefined);
    assert.equal(routeLengthProblem(`guides/${'é'.repeat(128)}`), 'one part of it is 256 bytes long, over the 255 bytes a file name may have');
    assert.equal(routeLengthProblem(Array(20).fill('a'.repeat(200)).join('/')), 'its output path is 4030 bytes long, over the 4000 bytes a path may have');
  });
});
