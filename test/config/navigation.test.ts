/**
 * The navigation vocabulary (`src/config/navigation.ts`) is the one place that says what each kind
 * of element is; these tests hold it to the schema it must agree with, and pin the `openapi`
 * inheritance the rules and the resolver share.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHILD_LISTS, KIND_OF_LIST, NAVIGATION, oneOf, writtenLabel, type ElementKind } from '../../src/config/navigation.ts';
import { inheritOpenApi, ownsOpenApi } from '../../src/config/openapi-in-force.ts';
import { anchorSchema, dropdownSchema, groupSchema, languageSchema, menuItemSchema, navigationSchema, productSchema, tabSchema, versionSchema } from '../../src/config/schema.ts';

const SCHEMAS: Partial<Record<ElementKind, { shape: object }>> = {
  root: navigationSchema,
  product: productSchema,
  language: languageSchema,
  version: versionSchema,
  tab: tabSchema,
  'menu-item': menuItemSchema,
  dropdown: dropdownSchema,
  anchor: anchorSchema,
  group: groupSchema,
};

describe('the navigation vocabulary', () => {
  test('every kind holds only child lists its schema accepts, and is labelled by a key of its schema', () => {
    for (const [kind, schema] of Object.entries(SCHEMAS)) {
      const keys = Object.keys(schema.shape);
      const info = NAVIGATION[kind as ElementKind];
      assert.deepEqual(
        info.holds.filter((list) => !keys.includes(list)),
        [],
        kind,
      );
      if (info.label !== undefined) assert.ok(keys.includes(info.label), `${kind} is labelled by "${info.label}"`);
    }
  });

  test('only tabs and products have a menu, in the schema as in the table', () => {
    const withMenu = Object.entries(SCHEMAS)
      .filter(([, schema]) => Object.keys(schema.shape).includes('menu'))
      .map(([kind]) => kind);
    assert.deepEqual(withMenu, ['product', 'tab']);
    assert.deepEqual(
      Object.entries(NAVIGATION)
        .filter(([, info]) => info.holds.includes('menu'))
        .map(([kind]) => kind),
      ['product', 'tab'],
    );
  });

  test('each child list holds the kind whose list it is', () => {
    for (const [list, kind] of Object.entries(KIND_OF_LIST)) assert.equal(NAVIGATION[kind].list, list);
    assert.deepEqual(
      CHILD_LISTS.filter((list) => list !== 'pages' && !Object.hasOwn(KIND_OF_LIST, list)),
      [],
    );
  });

  test('partitions, breadcrumbs and switchers', () => {
    const kinds = (predicate: (kind: ElementKind) => boolean) => (Object.keys(NAVIGATION) as ElementKind[]).filter(predicate);
    assert.deepEqual(
      kinds((kind) => NAVIGATION[kind].partition),
      ['language', 'version'],
    );
    assert.deepEqual(
      kinds((kind) => NAVIGATION[kind].breadcrumb),
      ['product', 'tab', 'menu-item', 'dropdown', 'anchor', 'group'],
    );
    assert.deepEqual(
      kinds((kind) => !NAVIGATION[kind].openapi),
      ['root', 'global-anchor'],
    );
  });

  test('messages name one entry of a list, and an element by its label', () => {
    assert.deepEqual(CHILD_LISTS.map(oneOf), ['a product', 'a language', 'a version', 'a tab', 'a menu item', 'a dropdown', 'an anchor', 'a group', 'a page']);
    assert.equal(writtenLabel('menu-item', { item: 'Deploy' }), 'Deploy');
    assert.equal(writtenLabel('product', { product: 'Cloud', name: 'Cloud API' }), 'Cloud');
    assert.equal(writtenLabel('global-anchor', { tab: 'Blog', href: 'https://example.com' }, 'tabs'), 'Blog');
    assert.equal(writtenLabel('tab', { tab: 3 }), undefined);
  });
});

describe('openapi in force', () => {
  const above = { sources: [{ source: 'api.yaml', directory: undefined, remote: false }], path: ['api', 'openapi'] };

  test("an element's own openapi replaces the one above it; without one it inherits", () => {
    assert.deepEqual(inheritOpenApi('tab', { openapi: '/specs/tab.json' }, ['navigation', 'tabs', 0], above), {
      sources: [{ source: 'specs/tab.json', directory: undefined, remote: false }],
      path: ['navigation', 'tabs', 0, 'openapi'],
    });
    assert.equal(inheritOpenApi('group', {}, ['navigation', 'groups', 1], above), above);
  });

  test('a global anchor is a link: an openapi on it is not read', () => {
    assert.equal(inheritOpenApi('global-anchor', { openapi: 'x.yaml' }, ['navigation', 'global', 'anchors', 0], undefined), undefined);
  });

  test('only the element that wrote it owns it', () => {
    const own = inheritOpenApi('tab', { openapi: 'tab.json' }, ['navigation', 'tabs', 0], above);
    assert.equal(ownsOpenApi(own, ['navigation', 'tabs', 0]), true);
    assert.equal(ownsOpenApi(own, ['navigation', 'tabs', 1]), false);
    assert.equal(ownsOpenApi(above, ['navigation']), false);
    assert.equal(ownsOpenApi(undefined, ['navigation']), false);
  });
});
