/**
 * The page shell over the resolver's fixture sites: which surroundings a page shows (pure data),
 * the sidebar template, and the HTML document (escaping, language attributes, modes).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromeOf } from '../../src/render/shell/chrome.ts';
import { Shell } from '../../src/render/shell/document.ts';
import { buildSidebar, fillSidebar } from '../../src/render/shell/sidebar.ts';
import { themeSettings } from '../../src/render/theme.ts';
import type { Site } from '../../src/site/types.ts';
import { loadSite, page } from '../site/helpers.ts';

function shellFor(site: Site, base = '/'): Shell {
  return new Shell({ site, base, stylesheet: `${base}_docjet/s.css`, script: `${base}_docjet/s.js`, assetsPrefix: `${base}_docjet/` });
}

test('tabs: every tab shows, the current one marked, a link tab keeps its URL', async () => {
  const site = await loadSite('tabs');
  const chrome = chromeOf(site, page(site, 'guides/install'));
  assert.deepEqual(
    chrome.tabs.map((tab) => [tab.label, tab.href, tab.current, tab.external]),
    [
      ['Guides', 'guides/start', true, false],
      ['Reference', 'reference/cli', false, false],
      ['Blog', 'https://example.com/blog', false, true],
    ],
  );
});

test('products and a tab menu: the switcher lists products, the tab lists its menu items', async () => {
  const site = await loadSite('products');
  const chrome = chromeOf(site, page(site, 'cloud/monitor'));
  assert.deepEqual(
    chrome.products.map((product) => [product.label, product.current]),
    [
      ['Cloud Platform', true],
      ['Agent', false],
    ],
  );
  assert.deepEqual(
    chrome.tabs[0]!.menu.map((item) => [item.label, item.href, item.current]),
    [
      ['Deploy', 'cloud/deploy', false],
      ['Monitor', 'cloud/monitor', true],
    ],
  );
  const agent = chromeOf(site, page(site, 'agent/tools'));
  assert.deepEqual(
    agent.dropdowns.map((dropdown) => [dropdown.label, dropdown.current]),
    [['Tools', true]],
  );
  assert.deepEqual(agent.tabs, []);
});

test("anchors and global anchors: the section's anchors and the global ones on every page", async () => {
  const site = await loadSite('anchors');
  const chrome = chromeOf(site, page(site, 'community'));
  assert.deepEqual(
    chrome.anchors.map((anchor) => [anchor.label, anchor.current]),
    [
      ['Documentation', false],
      ['Community', true],
      ['Status', false],
    ],
  );
  assert.deepEqual(
    chrome.globalAnchors.map((anchor) => [anchor.label, anchor.href]),
    [['Blog', 'https://example.com/blog']],
  );
  const nested = chromeOf(site, page(site, 'docs/sdk-python'));
  assert.deepEqual(
    nested.tabs.map((tab) => [tab.label, tab.current]),
    [
      ['Guides', false],
      ['SDKs', true],
    ],
  );
  assert.equal(nested.anchors[0]!.current, true);
});

test("global anchors: those of the page's language and those of the whole site, not every language's", async () => {
  const site = await loadSite('languages');
  const labels = (route: string): string[] => chromeOf(site, page(site, route)).globalAnchors.map((anchor) => anchor.label);
  assert.deepEqual(labels('guides/setup'), ['Blog', 'Status']);
  assert.deepEqual(labels('fr/guides/setup'), ['Blogue', 'Status']);
  assert.deepEqual(labels('es/welcome'), ['Status']);
});

test('sidebar: top-level groups have no toggle, nested groups open per expanded or when they hold the page', async () => {
  const site = await loadSite('tabs');
  const sectionId = page(site, 'guides/start').placements[0]!.sectionId;
  const template = buildSidebar(site, sectionId, { base: '/', drilldown: false });
  const start = fillSidebar(template, 'guides/start', chromeOf(site, page(site, 'guides/start')).trail);
  assert.match(start, /<section class="nav-group"[^>]*><p class="nav-group-title"><span class="nav-label">Basics<\/span><\/p>/);
  assert.match(start, /<a class="nav-link" href="\/guides\/start" aria-current="page">/);
  // Advanced is collapsed (expanded unset), Internals inside it is expanded.
  assert.match(start, /<details class="nav-group nested" data-group="[^"]*"><summary><span class="nav-group-link"><span class="nav-label">Advanced/);
  assert.match(start, /<details class="nav-group nested" data-group="[^"]*" open><summary><span class="nav-group-link"><span class="nav-label">Internals/);
  const deep = fillSidebar(template, 'guides/advanced/tuning', chromeOf(site, page(site, 'guides/advanced/tuning')).trail);
  assert.match(deep, /<details class="nav-group nested" data-group="[^"]*" open><summary><span class="nav-group-link"><span class="nav-label">Advanced/);
  assert.equal((deep.match(/aria-current="page"/g) ?? []).length, 1);
});

test('sidebar: with drilldown a nested group label links to its first page; a root page always links', async () => {
  const site = await loadSite('tabs');
  const guides = page(site, 'guides/start').placements[0]!.sectionId;
  const drill = fillSidebar(buildSidebar(site, guides, { base: '/docs/', drilldown: true }), 'guides/start', new Set());
  assert.match(drill, /<li class="nav-group-item"><a class="nav-group-link" href="\/docs\/guides\/advanced\/tuning"><span class="nav-label">Advanced/);
  const reference = page(site, 'reference/cli-build').placements[0]!.sectionId;
  const root = fillSidebar(buildSidebar(site, reference, { base: '/', drilldown: false }), 'reference/cli', new Set());
  assert.match(root, /<a class="nav-group-title" href="\/reference\/cli" aria-current="page"><span class="nav-label">CLI/);
  assert.ok(!root.includes('hidden-only'), 'a hidden group is left out');
});

test('themes decide breadcrumbs and drilldown only when docs.json does not', async () => {
  const site = await loadSite('tabs');
  const config = site.config;
  assert.deepEqual(themeSettings({ ...config, theme: 'mint' }), { name: 'mint', breadcrumbs: false, drilldown: false, appearance: 'system', fixedAppearance: false });
  assert.equal(themeSettings({ ...config, theme: 'aspen' }).breadcrumbs, true);
  assert.equal(themeSettings({ ...config, theme: 'aspen', styling: { eyebrows: 'section' } }).breadcrumbs, false);
  assert.equal(themeSettings({ ...config, theme: 'maple' }).drilldown, true);
  assert.equal(themeSettings({ ...config, theme: 'maple', interaction: { drilldown: false } }).drilldown, false);
});

test('document: languages set lang and dir, Arabic is right-to-left', async () => {
  const site = await loadSite('languages');
  const html = shellFor(site).render({ page: page(site, 'fr/guides/setup'), title: 'Installer', bodyHtml: '<p>x</p>', headings: [] });
  assert.match(html, /^<!doctype html><html lang="fr" dir="ltr"/);
  assert.match(html, /<details class="switcher language-switcher" data-menu><summary aria-label="Langue: Français">/);
  assert.match(html, /<a class="menu-item" href="\/guides\/setup" lang="en" hreflang="en" data-language="en" data-equivalent>English<\/a>/);
});

test('document: the search words read back as written, and an English page is Latin-1 only (one byte a character in V8)', async () => {
  const site = await loadSite('languages');
  const shell = new Shell({
    site,
    base: '/',
    stylesheet: '/_docjet/s.css',
    script: '/_docjet/s.js',
    assetsPrefix: '/_docjet/',
    search: { script: '/_docjet/search.js', dialog: '/_docjet/dialog.js' },
  });
  const attribute = (html: string): Record<string, string> => {
    const value = /<button[^>]* data-search-strings="([^"]*)"/.exec(html)![1]!;
    return JSON.parse(
      value
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ) as Record<string, string>;
  };
  const english = shell.render({ page: page(site, 'guides/setup'), title: 'Setup', bodyHtml: '<p>x</p>', headings: [] });
  assert.equal(attribute(english).placeholder, 'Search…');
  assert.equal(attribute(english).noResults, 'No results for “{query}”');
  assert.ok(!/[^\0-\xff]/.test(english), english.match(/.{20}[^\0-\xff].{20}/)?.[0]);
  const french = shell.render({ page: page(site, 'fr/guides/setup'), title: 'Installer', bodyHtml: '<p>x</p>', headings: [] });
  assert.equal(attribute(french).noResults, 'Aucun résultat pour « {query} »');
  // Only typographic punctuation is escaped: the words stay readable in the page's source.
  assert.ok(french.includes('Aucun résultat pour « {query} »'));
});

test('document: titles, descriptions and labels from users are escaped', async () => {
  const site = await loadSite('tabs');
  const evil = '<script>alert(1)</script>';
  const html = shellFor(site).render({
    page: page(site, 'guides/start'),
    title: evil,
    description: evil,
    bodyHtml: '',
    headings: [{ depth: 2, id: 'x"y', text: evil }],
  });
  assert.ok(!html.includes('<script>alert'), 'no live script');
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
});

test('document: a title of several sentences is set at a text size, a short one at the display size', async () => {
  const site = await loadSite('tabs');
  const heading = (title: string) => /<h1 class="([^"]*)">/.exec(shellFor(site).render({ page: page(site, 'guides/start'), title, bodyHtml: '', headings: [] }))![1];
  assert.equal(heading('Create a repository for the authenticated user'), 'page-title');
  assert.equal(
    heading('This event occurs when someone forks a repository. For more information, see "Fork a repo." To subscribe, an app needs read access.'),
    'page-title page-title-long',
  );
});

test('document: the table of contents lists h2 and h3; wide and custom modes drop it', async () => {
  const site = await loadSite('tabs');
  const headings = [
    { depth: 2, id: 'one', text: 'One' },
    { depth: 3, id: 'two', text: 'Two' },
    { depth: 4, id: 'three', text: 'Three' },
  ];
  const html = shellFor(site).render({ page: page(site, 'guides/start'), title: 'Start', bodyHtml: '', headings });
  assert.match(
    html,
    /<nav class="toc" aria-labelledby="toc-title"><p class="toc-title" id="toc-title">On this page<\/p><ul><li class="toc-depth-2"><a href="#one">One<\/a><\/li><li class="toc-depth-3"><a href="#two">Two<\/a><\/li><\/ul><\/nav>/,
  );
  const wide = { ...page(site, 'guides/start'), frontmatter: { mode: 'wide' } };
  assert.ok(!shellFor(site).render({ page: wide, title: 'Start', bodyHtml: '', headings }).includes('class="toc"'));
});

test('document: previous and next follow the sidebar order', async () => {
  const site = await loadSite('tabs');
  const html = shellFor(site).render({ page: page(site, 'guides/install'), title: 'Install', bodyHtml: '', headings: [] });
  assert.match(html, /<a class="pager-previous" rel="prev" href="\/guides\/start">/);
  assert.match(html, /<a class="pager-next" rel="next" href="\/guides\/advanced\/tuning">/);
});
