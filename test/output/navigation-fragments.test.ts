/**
 * Navigation fragments made on demand (`dev`) or all before the first page (`build`): the pages and
 * the fragment files are the same either way, and a fragment asked for by name before any page of
 * its section was rendered (a page left open from an earlier start) is still served. Fixtures:
 * test/fixtures/site/versions (`shared/changelog` in v1 and v2) and tabs (made lazy by a threshold
 * of 0 bytes).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { siteRendering, type SiteRendering } from '../../src/render/site-rendering.ts';
import { NavigationFragments } from '../../src/render/shell/fragments.ts';
import { createRenderer } from '../../src/render/page.ts';
import type { ShellOptions } from '../../src/render/shell/document.ts';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';
import { fixturePath, page } from '../site/helpers.ts';

async function renderings(scenario: string): Promise<{ built: SiteRendering; dev: SiteRendering; site: Site }> {
  const root = fixturePath(scenario);
  const { site, files } = await validate({ root, offline: true });
  assert.ok(site && files);
  const built = await siteRendering({ root, site, files, base: '/docs/' });
  const dev = await siteRendering({ root, site, files, base: '/docs/', onDemand: true });
  return { built, dev, site };
}

/** The fragment names a page's body says its placements use. */
function placementFragments(html: string): string[] {
  const encoded = /data-nav-placements="([^"]*)"/.exec(html)?.[1] ?? '[]';
  return (JSON.parse(encoded.replaceAll('&quot;', '"')) as [string][]).map(([name]) => name);
}

test('a page rendered with fragments made on demand is the page build writes, and names fragments dev serves', async () => {
  const { built, dev, site } = await renderings('versions');
  const changelog = page(site, 'shared/changelog');
  const builtHtml = (await (await createRenderer(built.options)).render(changelog)).html;
  const devHtml = (await (await createRenderer(dev.options)).render(changelog)).html;
  assert.equal(devHtml, builtHtml);
  const names = placementFragments(devHtml);
  assert.equal(names.length, 2, 'one fragment for each version the page is listed in');
  for (const name of names) assert.equal(dev.fragments.get(name), built.fragments.get(name));
  assert.match(dev.fragments.get(names[1]!)!, /href="\/docs\/v1\/quickstart"/);
});

test('a fragment asked for before any page of its section was rendered is found', async () => {
  const { built, dev } = await renderings('versions');
  const files = [...built.fragments];
  assert.ok(files.length > 0);
  for (const [name, html] of files) assert.equal(dev.fragments.get(name), html);
  assert.equal(dev.fragments.get('0000000000'), undefined);
  assert.deepEqual(new Map(dev.fragments), new Map(files), 'dev makes the same files build writes');
});

test('a large sidebar is made into its fragment when a page of its section needs it', async () => {
  const root = fixturePath('tabs');
  const { site } = await validate({ root, offline: true });
  assert.ok(site);
  const options: ShellOptions = { site, base: '/', stylesheet: '/_docjet/s.css', script: '/_docjet/s.js', assetsPrefix: '/_docjet/' };
  const fragments = new NavigationFragments(options, 0);
  const guides = page(site, 'guides/start').placements[0]!.sectionId;
  const name = fragments.lazy.get(guides);
  assert.match(name ?? '', /^[0-9a-f]{10}$/);
  const links = [...fragments.get(name!)!.matchAll(/<a class="nav-link" href="([^"]*)"/g)].map((match) => match[1]);
  assert.deepEqual(links, ['/guides/start', '/guides/install', '/guides/advanced/tuning', '/guides/advanced/internals', '/guides/faq']);
  assert.equal(new NavigationFragments(options).lazy.get(guides), undefined, 'a sidebar under the threshold stays whole in its pages');
});
