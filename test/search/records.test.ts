/**
 * Which pages search lists and what it knows of each (src/search/records.ts), on the search
 * fixture (test/fixtures/e2e/search): two versions, a hidden group, a hidden group marked
 * `searchable`, a hidden page marked `searchable`, a `noindex` page, a boosted group, an endpoint,
 * pages that include snippets.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { searchRecords } from '../../src/search/records.ts';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../fixtures/e2e/search');

async function fixture(): Promise<Site> {
  const { site } = await validate({ root: ROOT });
  assert.ok(site);
  return site;
}

test('search lists navigation pages; hidden ones only when searchable; never noindex ones', async () => {
  const records = await searchRecords(await fixture());
  assert.deepEqual(
    records.map((record) => record.route),
    [
      '',
      'guides/install',
      'guides/shared',
      'guides/tuning',
      'guides/calibration',
      'guides/searchable',
      'guides/internal',
      'guides/boosted',
      'api-reference/widgets/get-a-widget',
      'v1',
      'v1/install',
      // The spec's API overview: in no sidebar, but searched (issue 30).
      'api-reference/overview',
    ],
  );
});

test('seo.indexing "all" lists hidden pages too, but still not noindex ones', async () => {
  const site = await fixture();
  site.config.seo = { indexing: 'all' };
  const routes = (await searchRecords(site)).map((record) => record.route);
  assert.ok(routes.includes('guides/hidden'));
  assert.ok(!routes.includes('guides/noindex'));
});

test('a record has the section path, scopes, boost and text by heading', async () => {
  const records = await searchRecords(await fixture());
  const byRoute = new Map(records.map((record) => [record.route, record]));
  assert.deepEqual(byRoute.get('guides/shared'), {
    route: 'guides/shared',
    title: 'Flame settings',
    path: 'Guides › Start',
    keys: [],
    sections: [{ text: 'Both versions list this page. Turn the knob to set the brightness.' }],
    boost: 1,
    scopes: [{ version: '2.0.0' }, { version: '1.0.0' }],
  });
  assert.equal(byRoute.get('guides/boosted')?.boost, 3, "the group's boost");
  assert.deepEqual(
    byRoute.get('guides/tuning')?.sections.map((section) => section.heading?.id),
    [undefined, 'brightness-levels', 'measure-the-glow', 'wick-care'],
  );
});

test("a page's text holds the snippets it includes, where they stand: imported (with its props) or <Snippet file>", async () => {
  const records = await searchRecords(await fixture());
  const byRoute = new Map(records.map((record) => [record.route, record]));
  assert.deepEqual(byRoute.get('guides/tuning')?.sections.at(-1), {
    heading: { id: 'wick-care', text: 'Wick care', depth: 2 },
    text: 'Trim the wick with emberclippers before each evening; a wickmoss pad keeps the soot off.',
  });
  assert.equal(
    byRoute.get('guides/install')?.sections[0]?.text,
    'Download the package and run it. The wick needs a zephyrine filament to glow. Fill the reservoir with tallowmere oil only.',
  );
  assert.ok(!records.some((record) => record.route.startsWith('snippets/')), 'snippets are no pages of their own');
});

test('an endpoint page is found by its method, path, operation id and summary', async () => {
  const records = await searchRecords(await fixture());
  const endpoint = records.find((record) => record.route === 'api-reference/widgets/get-a-widget');
  assert.deepEqual(endpoint && { method: endpoint.method, keys: endpoint.keys, path: endpoint.path }, {
    method: 'GET',
    keys: ['/widgets/{widgetId}', 'GET', 'fetchWidgetById', 'Get a widget', 'Returns one widget with its lumen rating.'],
    path: 'API › Widgets', // the tag's group repeats its tab's group label: shown once (as breadcrumbs are)
  });
});
