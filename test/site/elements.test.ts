import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadSite } from './helpers.ts';
import { validate } from '../../src/validate/index.ts';

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
    assert.deepEqual(site.elements.get('navigation')!.children, ['navigation.anchors[0]', 'navigation.anchors[1]', 'navigation.anchors[2]', 'navigation.global.anchors[0]']);
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

describe('an element holding two kinds of children (rule 3)', () => {
  test('shows the first kind, as the hosted product does; the pages of the other are still pages of the site', async (t) => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-mixed-'));
    t.after(() => fs.rm(root, { recursive: true, force: true }));
    for (const file of ['intro', 'start', 'extra']) await fs.writeFile(path.join(root, `${file}.mdx`), `# ${file}\n`);
    const dropdown = { dropdown: 'TypeScript', pages: ['extra'], groups: [{ group: 'First steps', pages: ['intro', 'start'] }] };
    await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Mixed', navigation: { dropdowns: [dropdown] } }));
    const result = await validate({ root });
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
      [['nav-mixed-children', 'warning']],
    );
    const site = result.site!;
    assert.deepEqual(site.elements.get('navigation.dropdowns[0]')!.items, [{ type: 'group', id: 'navigation.dropdowns[0].groups[0]' }]);
    assert.deepEqual(site.pages.get('extra')!.placements, [], 'left out of the navigation');
    assert.deepEqual(site.pages.get('start')!.placements.length, 1);
  });
});
