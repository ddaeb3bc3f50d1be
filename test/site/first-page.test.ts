import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { firstPage, loadSite } from './helpers.ts';

describe('first page of an element (what a tab or anchor links to, where drilldown goes)', () => {
  test('tabs and groups: depth first; a group `root` wins; hidden groups are skipped; a link tab has none', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(Object.fromEntries([...site.elements.values()].map((element) => [element.id, element.firstPage])), {
      navigation: 'guides/start',
      'navigation.tabs[0]': 'guides/start',
      'navigation.tabs[0].groups[0]': 'guides/start',
      'navigation.tabs[0].groups[0].pages[2]': 'guides/advanced/tuning',
      'navigation.tabs[0].groups[0].pages[2].pages[1]': 'guides/advanced/internals',
      // `guides/secret` is hidden.
      'navigation.tabs[0].groups[1]': 'guides/faq',
      // The Hidden group comes first and is skipped.
      'navigation.tabs[1]': 'reference/cli',
      // A hidden group leads to its own pages (hidden only by being there), for the breadcrumbs of those pages.
      'navigation.tabs[1].groups[0]': 'reference/hidden-only',
      // `root`, not the first of `pages`.
      'navigation.tabs[1].groups[1]': 'reference/cli',
      'navigation.tabs[1].groups[2]': 'reference/config',
      'navigation.tabs[2]': undefined,
    });
  });

  test('anchors: through their tabs; an `href` anchor has none; global anchors none', async () => {
    const site = await loadSite('anchors');
    assert.equal(firstPage(site, 'navigation.anchors[0]'), 'docs/quickstart');
    assert.equal(firstPage(site, 'navigation.anchors[0].tabs[1]'), 'docs/sdk-python');
    assert.equal(firstPage(site, 'navigation.anchors[1]'), 'community');
    assert.equal(firstPage(site, 'navigation.anchors[2]'), undefined);
    assert.equal(firstPage(site, 'navigation.global.anchors[0]'), undefined);
    assert.equal(site.home, 'docs/quickstart');
  });

  test('versions: the default version is tried first, whatever its position', async () => {
    const site = await loadSite('versions');
    assert.equal(firstPage(site, 'navigation'), 'quickstart');
    assert.equal(firstPage(site, 'navigation.versions[0]'), 'v1/quickstart');
    assert.equal(firstPage(site, 'navigation.versions[2]'), 'v3/quickstart');
    // No `index`: home is the first page of the navigation.
    assert.equal(site.home, 'quickstart');
  });

  test('languages › versions: the default language, then its default version', async () => {
    const site = await loadSite('languages-versions');
    assert.equal(firstPage(site, 'navigation'), 'fr/v1/guide');
    assert.equal(firstPage(site, 'navigation.languages[0]'), 'en/overview');
    assert.equal(firstPage(site, 'navigation.languages[1]'), 'fr/v1/guide');
  });

  test('versions inside a tab', async () => {
    const site = await loadSite('tabs-versions');
    assert.equal(firstPage(site, 'navigation.tabs[0]'), 'intro');
    assert.equal(firstPage(site, 'navigation.tabs[1]'), 'api/overview');
  });
});
