import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';
import { fixturePath, loadSite, page, where } from './helpers.ts';

/** Label → listed routes of the groups generated under an element. */
function generatedGroups(site: Site, parentId: string): [string, string[]][] {
  return [...site.elements.values()]
    .filter((element) => element.generated && element.parentId === parentId)
    .map((group) => [group.label, group.items.map((item) => (item.type === 'page' ? item.route : `group ${item.id}`))]);
}

function endpointRoutes(site: Site): string[] {
  return [...site.pages.values()].filter((each) => each.source.type === 'endpoint').map((each) => each.route);
}

describe('bulk generation (fixture: openapi-bulk)', () => {
  test('an element with `openapi` and no endpoint listed gets every operation, grouped by first tag', async () => {
    const site = await loadSite('openapi-bulk');
    assert.deepEqual(generatedGroups(site, 'navigation.tabs[1]'), [
      // Tag `pets` shows its `x-group`; groups follow the spec's `tags` list, untagged operations last.
      [
        'Pets',
        [
          'api-reference/pets/list-all-pets',
          'api-reference/pets/create-a-pet',
          'api-reference/pets/get-a-pet',
          // No summary: from method and path.
          'api-reference/pets/delete-pets',
          // Same summary in the same tag: numbered.
          'api-reference/pets/list-all-pets-1',
        ],
      ],
      // A hand-written page already sits at `api-reference/store-orders/find-order`.
      ['Store Orders', ['api-reference/store-orders/find-order-1']],
      ['API Reference', ['api-reference/health-check', 'api-reference/metrics']],
    ]);
    assert.deepEqual(
      site.elements.get('navigation.tabs[1]')!.items.map((item) => (item.type === 'group' ? site.elements.get(item.id)!.label : item.route)),
      ['Pets', 'Store Orders', 'API Reference'],
    );
  });

  test("generated groups are top-level groups of the element's section", async () => {
    const site = await loadSite('openapi-bulk');
    const pets = [...site.elements.values()].find((element) => element.generated && element.label === 'Pets')!;
    assert.deepEqual(
      { kind: pets.kind, topLevel: pets.topLevel, expanded: pets.expanded, sectionId: pets.sectionId, hidden: pets.hidden, firstPage: pets.firstPage },
      { kind: 'group', topLevel: true, expanded: true, sectionId: 'navigation.tabs[1]', hidden: false, firstPage: 'api-reference/pets/list-all-pets' },
    );
    assert.equal(site.elements.get('navigation.tabs[1]')!.firstPage, 'api-reference/pets/list-all-pets');
  });

  test('an endpoint page: title from the summary (else method and path), frontmatter naming the operation', async () => {
    const site = await loadSite('openapi-bulk');
    const list = page(site, 'api-reference/pets/list-all-pets');
    assert.deepEqual(
      { title: list.title, frontmatter: list.frontmatter, hidden: list.hidden },
      { title: 'List all pets', frontmatter: { title: 'List all pets', openapi: 'openapi.yaml GET /pets' }, hidden: false },
    );
    const deletePets = page(site, 'api-reference/pets/delete-pets');
    assert.equal(deletePets.title, 'Delete pets');
    assert.deepEqual(deletePets.source, {
      type: 'endpoint',
      spec: 'openapi.yaml',
      directory: 'api-reference',
      operation: {
        kind: 'operation',
        method: 'DELETE',
        path: '/pets/{petId}',
        tags: ['pets'],
        deprecated: false,
        hidden: false,
        excluded: false,
        pointer: '#/paths/~1pets~1{petId}/delete',
      },
    });
  });

  test('`x-hidden`: the page exists but is hidden and no neighbour; `x-excluded`: no page', async () => {
    const site = await loadSite('openapi-bulk');
    const metrics = page(site, 'api-reference/metrics');
    assert.equal(metrics.hidden, true);
    assert.deepEqual(metrics.placements.map(where), [{ section: 'navigation.tabs[1]', parent: 'navigation.tabs[1]#openapi:openapi.yaml:' }]);
    assert.deepEqual(where(page(site, 'api-reference/health-check').placements[0]!), {
      section: 'navigation.tabs[1]',
      parent: 'navigation.tabs[1]#openapi:openapi.yaml:',
      previous: 'api-reference/store-orders/find-order-1',
    });
    assert.equal(
      [...site.pages.values()].some((each) => each.title === 'Debug dump'),
      false,
    );
  });

  test('`{source, directory}`: generated after the written groups, under the directory', async () => {
    const site = await loadSite('openapi-bulk');
    assert.deepEqual(
      site.elements.get('navigation.tabs[2]')!.items.map((item) => (item.type === 'group' ? site.elements.get(item.id)!.label : item.route)),
      ['Overview', 'Orders'],
    );
    assert.deepEqual(generatedGroups(site, 'navigation.tabs[2]'), [['Orders', ['store-api/orders/list-orders']]]);
    assert.deepEqual(where(page(site, 'store-api/orders/list-orders').placements[0]!), {
      section: 'navigation.tabs[2]',
      parent: 'navigation.tabs[2]#openapi:store.yaml:Orders',
      previous: 'store/intro',
    });
  });

  test('`api.openapi` alone generates nothing', async () => {
    const site = await loadSite('openapi-bulk');
    assert.deepEqual(endpointRoutes(site), [
      'api-reference/pets/list-all-pets',
      'api-reference/pets/create-a-pet',
      'api-reference/pets/get-a-pet',
      'api-reference/pets/delete-pets',
      'api-reference/pets/list-all-pets-1',
      'api-reference/store-orders/find-order-1',
      'api-reference/health-check',
      'api-reference/metrics',
      'store-api/orders/list-orders',
    ]);
  });

  test('the `openapi` in force for each element', async () => {
    const site = await loadSite('openapi-bulk');
    const inForce = (id: string) => site.elements.get(id)!.openapi?.map((source) => [source.source, source.directory]);
    assert.deepEqual(inForce('navigation'), [['unused.yaml', undefined]]);
    assert.deepEqual(inForce('navigation.tabs[0]'), [['unused.yaml', undefined]]);
    assert.deepEqual(inForce('navigation.tabs[1]'), [['openapi.yaml', undefined]]);
    assert.deepEqual(inForce('navigation.tabs[2]'), [['store.yaml', 'store-api']]);
    assert.deepEqual(inForce('navigation.tabs[2].groups[0]'), [['store.yaml', 'store-api']]);
  });
});

describe('endpoints listed in `pages` (fixture: openapi-explicit)', () => {
  test('only the listed endpoints get pages, mixed with plain pages in the order written', async () => {
    const site = await loadSite('openapi-explicit');
    assert.deepEqual(site.elements.get('navigation.tabs[0].groups[0]')!.items, [
      { type: 'page', route: 'api/overview' },
      { type: 'page', route: 'api-reference/pets/list-all-pets' },
      { type: 'page', route: 'api/auth' },
      { type: 'group', id: 'navigation.tabs[0].groups[0].pages[3]' },
    ]);
    assert.deepEqual(endpointRoutes(site), ['api-reference/pets/list-all-pets', 'api-reference/pets/get-a-pet', 'api-reference/pets/delete-pets', 'api-reference/service-status']);
    assert.equal(
      [...site.elements.values()].some((element) => element.generated),
      false,
    );
  });

  test("a nested group uses the tab's `openapi` (any method case)", async () => {
    const site = await loadSite('openapi-explicit');
    assert.deepEqual(site.elements.get('navigation.tabs[0].groups[0].pages[3]')!.items, [
      { type: 'page', route: 'api-reference/pets/get-a-pet' },
      { type: 'page', route: 'api-reference/pets/delete-pets' },
    ]);
    assert.deepEqual(
      site.elements.get('navigation.tabs[0].groups[0].pages[3]')!.openapi?.map((source) => source.source),
      ['openapi.yaml'],
    );
  });

  test('one operation listed twice is one page with two places', async () => {
    const site = await loadSite('openapi-explicit');
    assert.deepEqual(page(site, 'api-reference/pets/list-all-pets').placements.map(where), [
      { section: 'navigation.tabs[0]', parent: 'navigation.tabs[0].groups[0]', previous: 'api/overview', next: 'api/auth' },
      { section: 'navigation.tabs[0]', parent: 'navigation.tabs[0].groups[1]' },
    ]);
    assert.deepEqual(site.elements.get('navigation.tabs[0].groups[1]')!.items, [{ type: 'page', route: 'api-reference/pets/list-all-pets' }]);
  });

  test('`api.openapi` resolves a reference under an element without `openapi`', async () => {
    const site = await loadSite('openapi-explicit');
    assert.deepEqual(site.elements.get('navigation.tabs[1]')!.items, [
      { type: 'page', route: 'status/about' },
      { type: 'page', route: 'api-reference/service-status' },
    ]);
    assert.deepEqual(page(site, 'api-reference/service-status').frontmatter, { title: 'Service status', openapi: 'status.yaml GET /status' });
  });
});

describe('a page file at a generated endpoint route (fixture: openapi-file-at-route)', () => {
  const dir = 'api-reference/client-api--display';
  const group = 'navigation.tabs[1]#openapi:openapi.yaml:Client API - Display';

  test('a file naming the same operation is that page: one route, no `-1`, placed in the generated group', async () => {
    const site = await loadSite('openapi-file-at-route');
    const create = page(site, `${dir}/create-display`);
    assert.deepEqual(create.source, { type: 'file', file: `${dir}/create-display.mdx`, id: `${dir}/create-display`, ext: '.mdx' });
    // The file sets no title or description: the operation's, as the hosted product keeps them.
    assert.equal(create.title, 'Create display');
    assert.equal(create.description, 'Creates a display.');
    assert.deepEqual(
      create.placements.map((placement) => placement.parentId),
      [group],
    );
    assert.equal(site.pages.has(`${dir}/create-display-1`), false);
  });

  test('listed in the navigation too: still one page, in both places, with its own title', async () => {
    const site = await loadSite('openapi-file-at-route');
    const get = page(site, `${dir}/get-display`);
    assert.equal(get.source.type, 'file');
    assert.equal(get.title, 'Custom title');
    assert.deepEqual(get.placements.map((placement) => placement.parentId).sort(), [group, 'navigation.tabs[0]'].sort());
    assert.equal(site.pages.has(`${dir}/get-display-1`), false);
  });

  test('a file naming another operation, or none, keeps its route; the generated page is numbered and a warning names both', async () => {
    const result = await validate({ root: fixturePath('openapi-file-at-route') });
    const site = result.site!;
    assert.equal(page(site, `${dir}/list-displays`).source.type, 'file');
    assert.equal(page(site, `${dir}/list-displays-1`).source.type, 'endpoint');
    assert.equal(page(site, `${dir}/delete-display`).title, 'Deleting displays');
    assert.equal(page(site, `${dir}/delete-display-1`).source.type, 'endpoint');
    const generatedGroup = site.elements.get(group)!;
    assert.deepEqual(
      generatedGroup.items.map((item) => (item.type === 'page' ? item.route : item.id)),
      [`${dir}/create-display`, `${dir}/list-displays-1`, `${dir}/get-display`, `${dir}/delete-display-1`, `${dir}/other-thing`],
    );
    const taken = result.diagnostics.filter((each) => each.code === 'endpoint-route-taken');
    assert.deepEqual(
      taken.map((each) => [each.file, each.line, each.severity]),
      [
        [`${dir}/delete-display.mdx`, 1, 'warning'],
        [`${dir}/list-displays.mdx`, 1, 'warning'],
      ],
    );
    assert.match(taken[1]!.message, /GET \/api\/v1\/client\/\{workspaceId\}\/displays.*served at \/api-reference\/client-api--display\/list-displays-1/);
    assert.match(taken[1]!.fix ?? '', /openapi: GET \/api\/v1\/client\/\{workspaceId\}\/displays/);
  });
});
