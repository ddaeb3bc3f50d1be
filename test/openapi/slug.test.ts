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

  // Each space becomes `-`, then `--` becomes `-` in one left-to-right pass, so a run of three or
  // four dashes keeps two: the hosted product publishes `Client API - Display` at `client-api--display`.
  const table: [string, string][] = [
    ['Client API - Display', 'client-api--display'],
    ['Billing – Invoices', 'billing-–-invoices'],
    ['A -- B', 'a--b'],
    ['Foo---Bar', 'foo--bar'],
    ['Foo--Bar', 'foo-bar'],
    ['Foo----Bar', 'foo--bar'],
    ['Two  spaces', 'two-spaces'],
    ['Three   spaces', 'three--spaces'],
    // One leading and one trailing `-` go, before the other characters are removed.
    ['  leading', '-leading'],
    ['trailing  ', 'trailing-'],
    [' padded ', 'padded'],
    ['- Dash first', '-dash-first'],
    ['(Beta) Users', 'beta-users'],
    ['. Dot first', '-dot-first'],
    // Removed: { } ( ) , . ' / and newlines; everything else stays, ? & : " ` and non-ASCII included.
    ['Users & Groups', 'users-&-groups'],
    ['Search? Q&A: yes', 'search?-q&a:-yes'],
    ['Get a pet (by ID), v1.2', 'get-a-pet-by-id-v12'],
    ['Don\'t "quote" `code`', 'dont-"quote"-`code`'],
    ['First line\nsecond line', 'first-linesecond-line'],
    ['Tab\tkept', 'tab\tkept'],
    ['Créer un élément', 'créer-un-élément'],
    ['Straße - Ärger', 'straße--ärger'],
    ['用户 - 管理', '用户--管理'],
    // `{…}` becomes `-`, which can make a run too.
    ['Get pet {petId} details', 'get-pet--details'],
    ['/v1/items/{id}/', 'v1items-'],
    ['...', ''],
  ];
  for (const [text, slug] of table) {
    test(`${JSON.stringify(text)} → ${JSON.stringify(slug)}`, () => {
      assert.equal(slugify(text), slug);
    });
  }
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

  test('the fallback slugs the path alone and puts `<method>-` before it, as the reference product does', () => {
    const slug = (method: string, path: string) => endpointSlug(operation({ method, path }));
    assert.equal(slug('GET', '/{team}/members'), 'get--members');
    assert.equal(slug('GET', '/v1/items/{id}/'), 'get-v1items-');
    assert.equal(slug('GET', '/v1/items/'), 'get-v1items');
    assert.equal(slug('PATCH', '/users/{id}/posts'), 'patch-users-posts');
  });

  test('a summary written in Markdown is titled as it reads; its URL is slugged from the text as written', () => {
    const summary =
      'This event occurs when someone forks a repository. For more information, see "[Fork a repo](https://docs.github.com/fork)."\n\nTo subscribe, a GitHub App must have `contents` access.';
    const op = operation({ kind: 'webhook', method: 'POST', path: 'fork', summary });
    assert.equal(
      endpointTitle(op),
      'This event occurs when someone forks a repository. For more information, see "Fork a repo." To subscribe, a GitHub App must have contents access.',
    );
    assert.equal(endpointSlug(op), capSegment(slugify(summary)));
    const title = (text: string) => endpointTitle(operation({ method: 'GET', path: '/a', summary: text }));
    assert.equal(title('Get **one** _item_ by `id`'), 'Get one item by id');
    assert.equal(title('List ![pets](p.png) \\*all\\* Q&amp;A'), 'List pets *all* Q&A');
    assert.equal(title('Get List<String> of snake_case ids'), 'Get List<String> of snake_case ids');
    // Markdown reads these as a list and a heading: their markers are part of what the title says.
    assert.equal(title('1. Create a `widget`'), '1. Create a `widget`');
    assert.equal(title('# Sizes `xl`'), '# Sizes `xl`');
    // A quote's paragraphs read as text too (GitHub's webhook summaries end in `> [!NOTE]`).
    assert.equal(title('See [runs](https://x.dev/runs).\n\n> [!NOTE]\n> Pushes to `forks` are not detected.'), 'See runs. [!NOTE] Pushes to forks are not detected.');
    assert.equal(title('A tag is created.\n\n**Notes**:\n- Not for `three` tags.\n- Capped at 25 MB.'), 'A tag is created. Notes: Not for three tags. Capped at 25 MB.');
    assert.equal(title('`'), '`');
  });

  test('summaries with ` - ` keep a double dash', () => {
    assert.equal(endpointSlug(operation({ method: 'GET', path: '/a', summary: 'List widgets - paginated' })), 'list-widgets--paginated');
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

  test('a tag and a summary with ` - ` keep their double dash in the route', () => {
    const op = operation({ method: 'GET', path: '/displays', summary: 'List displays - all pages', tags: ['Client API - Display'] });
    assert.equal(endpointRoute(op), 'api-reference/client-api--display/list-displays--all-pages');
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

  test('a double dash or a trailing dash makes a different route, not a collision', () => {
    const routes = new RouteAllocator();
    const ops = [
      operation({ method: 'GET', path: '/v1/items/' }),
      operation({ method: 'GET', path: '/v1/items/{id}/' }),
      operation({ method: 'GET', path: '/a', summary: 'Get display', tags: ['Client API - Display'] }),
      operation({ method: 'GET', path: '/b', summary: 'Get display', tags: ['Client API Display'] }),
      operation({ method: 'GET', path: '/c', summary: 'Get display', tags: ['Client API  Display'] }),
    ];
    assert.deepEqual(
      ops.map((op) => routes.allocate(endpointRoute(op))),
      [
        'api-reference/get-v1items',
        'api-reference/get-v1items-',
        'api-reference/client-api--display/get-display',
        'api-reference/client-api-display/get-display',
        'api-reference/client-api-display/get-display-1',
      ],
    );
  });
});

describe('route segments fit every file system (bounds)', () => {
  const long =
    'Create or update an organization secret with a value encrypted using LibSodium and the public key of the organization, which you get from the endpoint that returns the public key, and choose which repositories can access it, then list them again to confirm every one of them is correct';
  const cjk = '创建或更新组织机密'.repeat(12);

  test('a summary that slugs to over 200 bytes is cut at a `-`, within 200 bytes of UTF-8', () => {
    assert.ok(long.length > 255);
    const slug = endpointSlug(operation({ method: 'PUT', path: '/orgs/{org}/secrets', summary: long }));
    assert.equal(
      slug,
      'create-or-update-an-organization-secret-with-a-value-encrypted-using-libsodium-and-the-public-key-of-the-organization-which-you-get-from-the-endpoint-that-returns-the-public-key-and-choose-which',
    );
    assert.ok(Buffer.byteLength(slug) <= MAX_SEGMENT_BYTES);
    assert.equal(capSegment('short-slug'), 'short-slug');
  });

  test('multi-byte summaries are cut at a character boundary', () => {
    const slug = endpointSlug(operation({ method: 'GET', path: '/x', summary: cjk }));
    assert.equal(slug, `${'创建或更新组织机密'.repeat(7)}创建或`);
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
