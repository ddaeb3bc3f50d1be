import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { breadcrumbs } from '../../src/index.ts';
import { loadSite, page } from './helpers.ts';

describe('breadcrumbs', () => {
  test('tab › group › nested groups, each linking to its first page', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(breadcrumbs(site, page(site, 'guides/advanced/internals')), [
      { label: 'Guides', kind: 'tab', route: 'guides/start' },
      { label: 'Basics', kind: 'group', route: 'guides/start' },
      { label: 'Advanced', kind: 'group', route: 'guides/advanced/tuning' },
      { label: 'Internals', kind: 'group', route: 'guides/advanced/internals' },
    ]);
  });

  test('a label repeated by the element just inside it shows once, linking to the nearer one', async () => {
    const site = await loadSite('repeated-labels');
    assert.deepEqual(breadcrumbs(site, page(site, 'redis/first-steps')), [
      { label: 'Redis', kind: 'group', route: 'redis' },
      { label: 'Tutorials', kind: 'group', route: 'redis/first-steps' },
    ]);
  });

  test('from the canonical placement only', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(breadcrumbs(site, page(site, 'guides/faq')), [
      { label: 'Guides', kind: 'tab', route: 'guides/start' },
      { label: 'More', kind: 'group', route: 'guides/faq' },
    ]);
  });

  test('a page in a hidden group: the group links to its own first page', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(breadcrumbs(site, page(site, 'reference/hidden-only')), [
      { label: 'Reference', kind: 'tab', route: 'reference/cli' },
      { label: 'Hidden', kind: 'group', route: 'reference/hidden-only' },
    ]);
  });

  test('anchor › tab › group; a page straight in a tab or an anchor', async () => {
    const site = await loadSite('anchors');
    assert.deepEqual(breadcrumbs(site, page(site, 'docs/concepts')), [
      { label: 'Documentation', kind: 'anchor', route: 'docs/quickstart' },
      { label: 'Guides', kind: 'tab', route: 'docs/quickstart' },
      { label: 'Get started', kind: 'group', route: 'docs/quickstart' },
    ]);
    assert.deepEqual(breadcrumbs(site, page(site, 'docs/sdk-python')), [
      { label: 'Documentation', kind: 'anchor', route: 'docs/quickstart' },
      { label: 'SDKs', kind: 'tab', route: 'docs/sdk-python' },
    ]);
    assert.deepEqual(breadcrumbs(site, page(site, 'community')), [{ label: 'Community', kind: 'anchor', route: 'community' }]);
  });

  test('a product shows its `name` (else `product`), a menu item its `item`; dropdowns too', async () => {
    const site = await loadSite('products');
    assert.deepEqual(breadcrumbs(site, page(site, 'cloud/deploy')), [
      { label: 'Cloud Platform', kind: 'product', route: 'cloud/deploy' },
      { label: 'Guides', kind: 'tab', route: 'cloud/deploy' },
      { label: 'Deploy', kind: 'menu-item', route: 'cloud/deploy' },
      { label: 'Basics', kind: 'group', route: 'cloud/deploy' },
    ]);
    assert.deepEqual(breadcrumbs(site, page(site, 'cloud/monitor')), [
      { label: 'Cloud Platform', kind: 'product', route: 'cloud/deploy' },
      { label: 'Guides', kind: 'tab', route: 'cloud/deploy' },
      { label: 'Monitor', kind: 'menu-item', route: 'cloud/monitor' },
    ]);
    assert.deepEqual(breadcrumbs(site, page(site, 'agent/tools')), [
      { label: 'Agent', kind: 'product', route: 'agent/tools' },
      { label: 'Tools', kind: 'dropdown', route: 'agent/tools' },
      { label: 'Built-in', kind: 'group', route: 'agent/tools' },
    ]);
  });

  test('versions and languages are left out', async () => {
    const versions = await loadSite('versions');
    assert.deepEqual(breadcrumbs(versions, page(versions, 'v1/legacy')), [{ label: 'Guides', kind: 'group', route: 'v1/quickstart' }]);
    const nested = await loadSite('languages-versions');
    assert.deepEqual(breadcrumbs(nested, page(nested, 'en/v1/guide')), [{ label: 'Guides', kind: 'group', route: 'en/v1/guide' }]);
  });

  test('generated endpoint pages have their tag group', async () => {
    const site = await loadSite('openapi-bulk');
    assert.deepEqual(breadcrumbs(site, page(site, 'api-reference/pets/get-a-pet')), [
      { label: 'API', kind: 'tab', route: 'api-reference/pets/list-all-pets' },
      { label: 'Pets', kind: 'group', route: 'api-reference/pets/list-all-pets' },
    ]);
  });

  test('a group at the navigation root is the only crumb; a page on disk only has none', async () => {
    const site = await loadSite('routes');
    assert.deepEqual(breadcrumbs(site, page(site, 'guides/intro')), [{ label: 'Start', kind: 'group', route: '' }]);
    assert.deepEqual(breadcrumbs(site, page(site, 'drafts/secret')), []);
  });
});
