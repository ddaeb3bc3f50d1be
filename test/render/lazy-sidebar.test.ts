/**
 * Large sidebars (GitHub's REST reference: 1,493 entries, 573 KB in each page): pages carry the
 * groups on their trail whole and every other nested group as a link to its first page, and the
 * section's full sidebar is written once as a fragment the page names. Fixture:
 * test/fixtures/site/tabs (Basics > Advanced > Internals, Internals `expanded`), made lazy by a
 * threshold of 0 bytes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromeOf } from '../../src/render/shell/chrome.ts';
import { Shell, type ShellOptions } from '../../src/render/shell/document.ts';
import { NavigationFragments } from '../../src/render/shell/fragments.ts';
import { buildSidebar, fillSidebar, LAZY_SIDEBAR_BYTES } from '../../src/render/shell/sidebar.ts';
import type { Site } from '../../src/site/types.ts';
import { loadSite, page } from '../site/helpers.ts';

function optionsFor(site: Site): ShellOptions {
  return { site, base: '/', stylesheet: '/_docjet/s.css', script: '/_docjet/s.js', assetsPrefix: '/_docjet/' };
}

/** The hrefs of the sidebar's page links, in order. */
function links(html: string): string[] {
  return [...html.matchAll(/<a class="nav-link" href="([^"]*)"/g)].map((match) => match[1]!);
}

const ADVANCED = /<details class="nav-group nested" data-group="[^"]*"( open)?><summary><span class="nav-group-link"><span class="nav-label">Advanced<\/span><\/span><\/summary>(<ul class="nav-list"( data-lazy)?>)/;

test('a lazy sidebar keeps the groups off the page trail as a link to their first page', async () => {
  const site = await loadSite('tabs');
  const sectionId = page(site, 'guides/start').placements[0]!.sectionId;
  const template = buildSidebar(site, sectionId, { base: '/', drilldown: false });
  const start = fillSidebar(template, 'guides/start', chromeOf(site, page(site, 'guides/start')).trail, true);
  const [, open, , lazy] = ADVANCED.exec(start)!;
  assert.deepEqual([open, lazy], [undefined, ' data-lazy'], 'Advanced is closed and holds a stub list');
  assert.deepEqual(links(start), ['/guides/start', '/guides/install', '/guides/advanced/tuning', '/guides/faq']);
  assert.ok(!start.includes('Internals'), 'what is inside a stubbed group is left for the fragment');

  // On a page of Advanced, the group is whole, and so is Internals (expanded: true).
  const tuning = fillSidebar(template, 'guides/advanced/tuning', chromeOf(site, page(site, 'guides/advanced/tuning')).trail, true);
  const [, tuningOpen, , tuningLazy] = ADVANCED.exec(tuning)!;
  assert.deepEqual([tuningOpen, tuningLazy], [' open', undefined]);
  assert.deepEqual(links(tuning), ['/guides/start', '/guides/install', '/guides/advanced/tuning', '/guides/advanced/internals', '/guides/faq']);
  assert.ok(!tuning.includes('data-lazy'));
  // Without `lazy` the sidebar is whole, as before.
  assert.equal(fillSidebar(template, 'guides/start', new Set()), fillSidebar(template, 'guides/start', new Set(), false));
  assert.ok(!fillSidebar(template, 'guides/start', new Set()).includes('data-lazy'));
});

test('a section whose sidebar is over the threshold gets one fragment with its whole sidebar, which its pages name', async () => {
  const site = await loadSite('tabs');
  const guides = page(site, 'guides/start').placements[0]!.sectionId;
  assert.equal(new NavigationFragments(optionsFor(site)).lazy.size, 0, `sidebars under ${LAZY_SIDEBAR_BYTES} bytes stay whole in every page`);

  const fragments = new NavigationFragments(optionsFor(site), 0);
  const { lazy } = fragments;
  const files = [...fragments].map(([name, html]) => ({ name, html }));
  const name = lazy.get(guides)!;
  assert.match(name, /^[0-9a-f]{10}$/);
  const fragment = files.find((file) => file.name === name)!.html;
  assert.deepEqual(links(fragment), ['/guides/start', '/guides/install', '/guides/advanced/tuning', '/guides/advanced/internals', '/guides/faq']);
  assert.ok(!fragment.includes('data-lazy') && !fragment.includes('aria-current'), 'the fragment is whole, no page current');
  assert.deepEqual([...fragment.matchAll(/ open><summary><span class="nav-group-link"><span class="nav-label">([^<]*)/g)].map((match) => match[1]), ['Internals'], 'only `expanded` groups are open');
  assert.match(fragment, /data-group="[^"]+"/, 'groups keep their ids: the page script matches stubs by them');

  const html = new Shell({ ...optionsFor(site), lazySidebars: lazy }).render({ page: page(site, 'guides/start'), title: 'Start', bodyHtml: '', headings: [] });
  assert.match(html, new RegExp(`<nav aria-label="Menu" data-nav-fragment="${name}">`));
  assert.match(html, /<ul class="nav-list" data-lazy><li><a class="nav-link" href="\/guides\/advanced\/tuning">/);
  const other = new Shell(optionsFor(site)).render({ page: page(site, 'guides/start'), title: 'Start', bodyHtml: '', headings: [] });
  assert.ok(!other.includes('data-nav-fragment') && !other.includes('data-lazy'));
});
