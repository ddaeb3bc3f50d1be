/**
 * The markup the phone drawer and its controls rely on, and the sidebar and switcher markup that
 * axe-core once reported (test/e2e/accessibility.test.ts checks the pages in a browser): one menu
 * button naming the header it opens, the header holding links, switchers, tabs and sidebar, a
 * group's link beside its toggle rather than inside it, a product switcher named by its text.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromeOf } from '../../src/render/shell/chrome.ts';
import { Shell } from '../../src/render/shell/document.ts';
import { buildSidebar, fillSidebar } from '../../src/render/shell/sidebar.ts';
import type { Site } from '../../src/site/types.ts';
import { loadSite, page } from '../site/helpers.ts';

function render(site: Site, route: string): string {
  const shell = new Shell({ site, base: '/', stylesheet: '/_docjet/s.css', script: '/_docjet/s.js', assetsPrefix: '/_docjet/' });
  return shell.render({ page: page(site, route), title: 'Title', bodyHtml: '<p>x</p>', headings: [] });
}

/** The header element, from its start tag to its end. */
function header(html: string): string {
  const start = html.indexOf('<header class="topbar"');
  return html.slice(start, html.indexOf('</header>', start) + '</header>'.length);
}

test('drawer: one menu button controls the header, which holds the tabs and the sidebar', async () => {
  const site = await loadSite('tabs');
  const html = render(site, 'guides/install');
  const top = header(html);
  assert.match(top, /^<header class="topbar" id="site-menu">/);
  assert.equal(top.match(/data-drawer-button/g)?.length, 1);
  assert.match(
    top,
    /<button type="button" class="menu-button" data-drawer-button aria-controls="site-menu" aria-expanded="false" hidden><span class="menu-icon" aria-hidden="true"><\/span><span class="sr-only">Menu<\/span><\/button>/,
  );
  // Without JavaScript the <details> beside it opens the drawer; the page script removes it.
  assert.match(top, /<details class="sidebar-toggle" data-sidebar-toggle><summary class="menu-button">/);
  assert.match(top, /<\/div><nav class="tabs" aria-label="Tabs">.*<\/nav><aside class="sidebar" id="sidebar"><nav aria-label="Menu">.*<\/aside><\/header>$/);
  // The layout holds the page only.
  assert.ok(!html.slice(html.indexOf('<div class="layout">')).includes('class="sidebar"'));
});

test('drawer: the navbar links and switchers are one box of the bar, the theme toggle stays beside it', async () => {
  const site = await loadSite('languages');
  const top = header(render(site, 'fr/guides/setup'));
  assert.match(
    top,
    /<div class="topbar-end"><div class="topbar-links">(<div class="navbar">.*<\/div>)?<details class="switcher language-switcher" data-menu>.*<\/details><\/div><button type="button" class="theme-toggle"/,
  );
});

test('sidebar: a nested group that links to a page shows the link beside its toggle, not inside it', async () => {
  const site = await loadSite('tabs');
  const guides = page(site, 'guides/start').placements[0]!.sectionId;
  const drill = fillSidebar(buildSidebar(site, guides, { base: '/', drilldown: true }), 'guides/advanced/tuning', chromeOf(site, page(site, 'guides/advanced/tuning')).trail);
  assert.match(
    drill,
    /<li class="nav-group-item"><a class="nav-group-link" href="\/guides\/advanced\/tuning" aria-current="page"><span class="nav-label">Advanced<\/span><\/a><details class="nav-group nested" data-group="[^"]*" open><summary class="nav-group-toggle"><span class="nav-label sr-only">Advanced<\/span><\/summary><ul class="nav-list">/,
  );
  assert.doesNotMatch(drill, /<summary[^>]*>(?:(?!<\/summary>).)*<a /);
  // Without drilldown the label is the toggle itself.
  const toggles = fillSidebar(buildSidebar(site, guides, { base: '/', drilldown: false }), 'guides/start', new Set());
  assert.match(
    toggles,
    /<li><details class="nav-group nested" data-group="[^"]*"><summary><span class="nav-group-link"><span class="nav-label">Advanced<\/span><\/span><\/summary>/,
  );
});

test('switchers: the product switcher is named by what it shows, the kind of menu names its group', async () => {
  const site = await loadSite('products');
  const route = [...site.pages.keys()].find((each) => page(site, each).placements.length > 0)!;
  const html = render(site, route);
  const switcher = html.match(/<details class="switcher product-switcher"[^>]*><summary[^>]*>/)?.[0];
  assert.equal(switcher, '<details class="switcher product-switcher" data-menu aria-label="Product"><summary>');
});
