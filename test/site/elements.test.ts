import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSite } from './helpers.ts';

describe('navigation elements', () => {
  test('anchors › tabs › groups, an `href` anchor, and a global anchor: each once, in document order', async () => {
    const site = await loadSite('anchors');
    assert.deepEqual(
      [...site.elements.values()].map((element) => [element.id, element.kind, element.label, element.parentId, element.href]),
      [
        ['navigation', 'root', 'Anchors', undefined, undefined],
        ['navigation.anchors[0]', 'anchor', 'Documentation', 'navigation', undefined],
        ['navigation.anchors[0].tabs[0]', 'tab', 'Guides', 'navigation.anchors[0]', undefined],
        ['navigation.anchors[0].tabs[0].groups[0]', 'group', 'Get started', 'navigation.anchors[0].tabs[0]', undefined],
        ['navigation.anchors[0].tabs[1]', 'tab', 'SDKs', 'navigation.anchors[0]', undefined],
        ['navigation.anchors[1]', 'anchor', 'Community', 'navigation', undefined],
        ['navigation.anchors[2]', 'anchor', 'Status', 'navigation', 'https://status.example.com'],
        ['navigation.global.anchors[0]', 'global-anchor', 'Blog', 'navigation', 'https://example.com/blog'],
      ],
    );
    assert.deepEqual(site.globalAnchors, ['navigation.global.anchors[0]']);
    assert.deepEqual(site.elements.get('navigation')!.children, [
      'navigation.anchors[0]',
      'navigation.anchors[1]',
      'navigation.anchors[2]',
      'navigation.global.anchors[0]',
    ]);
  });

  test('products show `name` when set; menu items their `item`', async () => {
    const site = await loadSite('products');
    assert.deepEqual(
      [...site.elements.values()].map((element) => [element.kind, element.label]),
      [
        ['root', 'Products'],
        ['product', 'Cloud Platform'],
        ['tab', 'Guides'],
        ['menu-item', 'Deploy'],
        ['group', 'Basics'],
        ['menu-item', 'Monitor'],
        ['product', 'Agent'],
        ['dropdown', 'Tools'],
        ['group', 'Built-in'],
      ],
    );
  });

  test('versions keep their label and tag; languages show their own name', async () => {
    const versions = await loadSite('versions');
    assert.deepEqual(
      [...versions.elements.values()].filter((element) => element.kind === 'version').map((element) => [element.label, element.version, element.tag]),
      [
        ['v1', 'v1', undefined],
        ['v2', 'v2', undefined],
        ['v3', 'v3', 'beta'],
      ],
    );
    const languages = await loadSite('languages');
    assert.deepEqual(
      [...languages.elements.values()].filter((element) => element.kind === 'language').map((element) => [element.label, element.language]),
      [
        ['English', 'en'],
        ['Français', 'fr'],
        ['Español', 'es'],
      ],
    );
  });
});
