/**
 * Large sidebars (GitHub's REST reference: 1,493 entries, 573 KB in each page): pages carry the
 * groups on their trail whole and every other nested group as a link to its first page, and the
 * section's full sidebar is written once as a fragment the page names. Fixture:
 * test/fixtures/site/tabs (Basics > Advanced > Internals, Internals `expanded`), made lazy by a
 * threshold of 0 bytes. A big group of pages is shown as a window around the current page: the
 * browser suite's fixture test/fixtures/e2e/lazy-sidebar (32 tags of 20 operations, then "Big", 150
 * operations with long summaries).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from '../../src/output/build.ts';
import { chromeOf } from '../../src/render/shell/chrome.ts';
import { Shell, type ShellOptions } from '../../src/render/shell/document.ts';
import { NavigationFragments } from '../../src/render/shell/fragments.ts';
import { buildSidebar, fillSidebar, LAZY_SIDEBAR_BYTES, WINDOW_GROUP_BYTES } from '../../src/render/shell/sidebar.ts';
import type { NavElement, Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';
import { loadSite, page } from '../site/helpers.ts';
import { FULL } from '../support/long-runs.ts';

function optionsFor(site: Site): ShellOptions {
  return { site, base: '/', stylesheet: '/_docjet/s.css', script: '/_docjet/s.js', assetsPrefix: '/_docjet/' };
}

/** The hrefs of the sidebar's page links and stub groups' links, in order. */
function links(html: string): string[] {
  return [...html.matchAll(/<a (?:class="nav-link"|data-lazy) href="([^"]*)"/g)].map((match) => match[1]!);
}

const ADVANCED =
  /<details class="nav-group nested" data-group="[^"]*"( open)?><summary><span class="nav-group-link"><span class="nav-label">Advanced<\/span><\/span><\/summary>(<ul class="nav-list">|<a( data-lazy) href="[^"]*">)/;

test('a lazy sidebar keeps the groups off the page trail as a link to their first page', async () => {
  const site = await loadSite('tabs');
  const sectionId = page(site, 'guides/start').placements[0]!.sectionId;
  const template = buildSidebar(site, sectionId, { base: '/', drilldown: false });
  const start = fillSidebar(template, 'guides/start', chromeOf(site, page(site, 'guides/start')).trail, true);
  const [, open, , lazy] = ADVANCED.exec(start)!;
  assert.deepEqual([open, lazy], [undefined, ' data-lazy'], 'Advanced is closed and holds a stub link');
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
  assert.deepEqual(
    [...fragment.matchAll(/ open><summary><span class="nav-group-link"><span class="nav-label">([^<]*)/g)].map((match) => match[1]),
    ['Internals'],
    'only `expanded` groups are open',
  );
  assert.match(fragment, /data-group="[^"]+"/, 'groups keep their ids: the page script matches stubs by them');

  const html = new Shell({ ...optionsFor(site), lazySidebars: lazy }).render({ page: page(site, 'guides/start'), title: 'Start', bodyHtml: '', headings: [] });
  assert.match(html, new RegExp(`<nav aria-label="Menu" data-nav-fragment="${name}">`));
  assert.match(html, /<\/summary><a data-lazy href="\/guides\/advanced\/tuning">Advanced<\/a><\/details>/);
  const other = new Shell(optionsFor(site)).render({ page: page(site, 'guides/start'), title: 'Start', bodyHtml: '', headings: [] });
  assert.ok(!other.includes('data-nav-fragment') && !other.includes('data-lazy'));
});

test("a nested group's stub is its name, a link to its first page, as a top-level stub is: not the first page's entry (method pill, title)", async () => {
  const { site, routes } = await bigSite();
  const html = lazySidebarOf(site, routes[0]!);
  const stubs = [...html.matchAll(/<\/summary>(<a data-lazy .*?<\/a>)<\/details>/g)].map((match) => match[1]!);
  assert.equal(stubs.length, 32, "each tag but the page's own group is a stub");
  for (const [index, stub] of stubs.entries()) {
    const tag = String(index + 1).padStart(2, '0');
    const group = [...site.elements.values()].find((element) => element.items.some((item) => item.type === 'page' && item.route === `api-reference/tag-${tag}/tag-${tag}-item-1`))!;
    assert.equal(stub, `<a data-lazy href="/api-reference/tag-${tag}/tag-${tag}-item-1">${group.label}</a>`);
  }
  // Filled from the fragment, the same group's list has the entries whole: the method pill included.
  assert.match(lazySidebarOf(site, `api-reference/tag-01/tag-01-item-1`), /<a class="nav-link" href="\/api-reference\/tag-01\/tag-01-item-1"[^>]*><span class="method-pill"/);
});

/** The browser suite's lazy sidebar, whose last group, "Big", is over `WINDOW_GROUP_BYTES`. */
async function bigSite(): Promise<{ site: Site; big: NavElement; routes: string[] }> {
  const { site } = await validate({ root: fileURLToPath(new URL('../fixtures/e2e/lazy-sidebar/', import.meta.url)) });
  const big = [...site!.elements.values()].find((element) => element.label === 'Big')!;
  return { site: site!, big, routes: big.items.map((item) => (item.type === 'page' ? item.route : '')) };
}

/** The lazy sidebar of the page at `route`, its section's template made for it. */
function lazySidebarOf(site: Site, route: string, lazy = true): string {
  const template = buildSidebar(site, page(site, route).placements[0]!.sectionId, { base: '/', drilldown: false });
  return fillSidebar(template, route, chromeOf(site, page(site, route)).trail, lazy);
}

/** The numbers of the "Big item N" entries a sidebar shows, in order. */
function bigItems(html: string): number[] {
  return [...html.matchAll(/<span class="nav-label">Big item (\d+),/g)].map((match) => Number(match[1]));
}

/** `from` to `to`, both included. */
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** The entry marked current. */
function current(html: string): string | undefined {
  return /<a class="nav-link" href="[^"]*" aria-current="page">.*?<span class="nav-label">([^<]*)/.exec(html)?.[1];
}

test(`a lazy sidebar shows a group of pages over ${WINDOW_GROUP_BYTES} bytes as the 21 entries around the current page`, async () => {
  const { site, routes } = await bigSite();
  const middle = lazySidebarOf(site, routes[74]!);
  assert.deepEqual(bigItems(middle), range(65, 85), 'ten entries either side of item 75');
  assert.match(current(middle)!, /^Big item 75,/);
  assert.match(
    middle,
    /<details class="nav-group nested" data-group="[^"]+" open><summary><span class="nav-group-link"><span class="nav-label">Big<\/span><\/span><\/summary><ul class="nav-list" data-lazy="window"><li>/,
    'in a list the page script fills',
  );
  // The rest of the sidebar is as before: the start page, and each other group a stub.
  const tagStubs = range(1, 32).map((tag) => `/api-reference/tag-${String(tag).padStart(2, '0')}/tag-${String(tag).padStart(2, '0')}-item-1`);
  assert.deepEqual(links(middle), ['/', ...tagStubs, ...routes.slice(64, 85).map((route) => `/${route}`)]);
  assert.equal(middle.match(/<a data-lazy /g)?.length, 32);

  // At the ends the window keeps its size, on the side there is.
  assert.deepEqual(bigItems(lazySidebarOf(site, routes[0]!)), range(1, 21));
  assert.deepEqual(bigItems(lazySidebarOf(site, routes[3]!)), range(1, 21));
  assert.deepEqual(bigItems(lazySidebarOf(site, routes[149]!)), range(130, 150));
  assert.match(current(lazySidebarOf(site, routes[149]!))!, /^Big item 150,/);
});

test('small groups, and sidebars that are not lazy, stay whole', async () => {
  const { site, routes } = await bigSite();
  // A big group's page: not lazy, its sidebar is the section's whole sidebar with the page marked.
  const whole = lazySidebarOf(site, routes[74]!, false);
  assert.deepEqual(bigItems(whole), range(1, 150));
  assert.ok(!whole.includes('data-lazy'));
  const shell = new Shell({ ...optionsFor(site), lazySidebars: new Map() });
  const fragment = shell.sectionSidebar(page(site, routes[74]!).placements[0]!.sectionId);
  assert.equal(whole.replace(' aria-current="page"', '').replace(/ open>/g, '>'), fragment.replace(/ open>/g, '>'));

  // A small group's page, lazy: its group whole, and the big group a stub.
  const small = lazySidebarOf(site, 'api-reference/tag-02/tag-02-item-3');
  assert.deepEqual(links(small).filter((href) => href.startsWith('/api-reference/tag-02/')).length, 20);
  // The big group's stub: its name, a link to its first page.
  assert.deepEqual(bigItems(small), []);
  assert.match(small, new RegExp(`</summary><a data-lazy href="/${routes[0]}">Big</a></details>`));
  assert.ok(!small.includes('data-lazy="window"'));
  assert.deepEqual(bigItems(lazySidebarOf(site, routes[74]!)), range(65, 85), 'and the big group windowed on its own pages');
});

test("a group's key is its place in the section, a character or two: the same in each page and in the section's fragment, one per group (issue 33)", async () => {
  const { site, routes } = await bigSite();
  /** Each group's key in a sidebar, by its label (top-level sections and nested groups). */
  const keys = (html: string): Map<string, string> =>
    new Map(
      [
        ...html.matchAll(/data-group="([^"]*)"[^>]*>(?:<summary>)?<(?:span|p|a) class="nav-group-(?:link|title)"[^>]*>(?:<span[^>]*><\/span>)?<span class="nav-label">([^<]*)/g),
      ].map((match) => [match[2]!, match[1]!]),
    );
  const fragment = keys(new Shell(optionsFor(site)).sectionSidebar(page(site, routes[74]!).placements[0]!.sectionId));
  assert.equal(fragment.size, 35, 'Start, API, its 32 tags and Big');
  assert.equal(new Set(fragment.values()).size, fragment.size, 'one key per group');
  for (const [label, key] of fragment) assert.match(key, /^[0-9a-z]{1,2}$/, label);
  for (const route of [routes[74]!, 'api-reference/tag-02/tag-02-item-3']) {
    const shown = keys(lazySidebarOf(site, route));
    assert.ok(shown.size > 1);
    for (const [label, key] of shown) assert.equal(key, fragment.get(label), `${label} on ${route}: the fragment's key`);
  }
});

test('a big group open only because it is `expanded` shows a window from its start', async () => {
  const { site, big } = await bigSite();
  site.elements.set(big.id, { ...big, expanded: true });
  const start = lazySidebarOf(site, 'api-reference/tag-02/tag-02-item-3');
  assert.match(
    start,
    /data-group="[^"]+" open><summary><span class="nav-group-link"><span class="nav-label">Big<\/span><\/span><\/summary><ul class="nav-list" data-lazy="window">/,
  );
  assert.deepEqual(bigItems(start), range(1, 21));
  assert.equal(current(start), 'Tag 02 item 3');
});

test('a label of a paragraph is cut to three lines on screen; short labels are written as before', async () => {
  const site = await loadSite('tabs');
  const sectionId = page(site, 'guides/start').placements[0]!.sectionId;
  const before = fillSidebar(buildSidebar(site, sectionId, { base: '/', drilldown: false }), 'guides/start', new Set());
  const long = `This event occurs when there is activity relating to a card on a project. ${'For more information, see the guide. '.repeat(4)}`;
  page(site, 'guides/install').title = long;
  const after = fillSidebar(buildSidebar(site, sectionId, { base: '/', drilldown: false }), 'guides/start', new Set());
  assert.ok(after.includes(`<span class="nav-label"><span class="nav-clamp">${long}</span></span>`), 'the whole text, in a clamped span');
  assert.equal(after.match(/nav-clamp/g)?.length, 1);
  assert.equal(after.replace(/<span class="nav-clamp">[^<]*<\/span>/, 'Install'), before, 'every other entry as before');
});

/**
 * The generated API references below show one code sample (curl) rather than nine: the sidebar is
 * what they are about, and nine samples an endpoint page were most of their builds' CPU (httpsnippet
 * and colouring). Their builds keep no cache either (it is build-cache.test.ts's subject).
 */
const ONE_SAMPLE = { examples: { languages: ['bash'] } };
// Their few code blocks are coloured on this thread, whose grammars stay loaded from one build to the
// next, not on a colour thread each build starts and loads them into again (the pages are the same
// either way: colour-thread.test.ts): 7.0 → 5.1 CPU-s for this file.
process.env['DOCJET_COLOUR_THREAD'] = '0';

/**
 * A site whose OpenAPI document has `count` operations without tags, in a tab of its own: they land
 * in one top-level group ("API Reference"), or, listed by reference in the tab's `pages`, in a run
 * of the section's own pages. Each page used to carry the whole list (4,000 operations: 2.6 GB).
 */
async function untaggedSite(t: { after(fn: () => Promise<void>): void }, count: number, listed = false): Promise<{ root: string; work: string }> {
  const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-untagged-')));
  t.after(() => fs.rm(work, { recursive: true, force: true }));
  const root = path.join(work, 'site');
  await fs.mkdir(root);
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) paths[`/items/${i}`] = { get: { summary: `Get item ${i}`, responses: { 200: { description: 'OK' } } } };
  await fs.writeFile(path.join(root, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Items', version: '1' }, paths }));
  await fs.writeFile(path.join(root, 'index.mdx'), '# Home\n');
  const api = listed ? { tab: 'API', openapi: 'openapi.json', pages: Object.keys(paths).map((route) => `GET ${route}`) } : { tab: 'API', openapi: 'openapi.json' };
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Items', api: ONE_SAMPLE, navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }, api] } }));
  return { root, work };
}

/** The numbers of the "Get item N" entries a sidebar shows, in order. */
function items(html: string): number[] {
  return [...html.matchAll(/<span class="nav-label">Get item (\d+)</g)].map((match) => Number(match[1]));
}

// 500 operations show what 4,000 do: the sidebar (about 170 bytes an entry) is over LAZY_SIDEBAR_BYTES, and the whole list in each page would be 85 KB a page, over the bound below. The long run builds the 4,000.
const OPERATIONS = FULL ? 4000 : 500;

test(`${OPERATIONS} operations without tags build, and each page's sidebar shows the 21 entries around it, not all ${OPERATIONS}`, async (t) => {
  const { root, work } = await untaggedSite(t, OPERATIONS);
  const out = path.join(work, 'out');
  const result = await build({ root, outDir: out, cache: false });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.slice(0, 3)));
  assert.equal(result.stats.endpointPages, OPERATIONS);
  const middle = OPERATIONS / 2;
  const html = await fs.readFile(path.join(out, `api-reference/get-item-${middle}/index.html`), 'utf8');
  const sidebar = /<aside class="sidebar" id="sidebar">.*?<\/aside>/s.exec(html)![0];
  assert.deepEqual(items(sidebar), range(middle - 10, middle + 10));
  assert.ok(sidebar.length < 16_000, `one page's sidebar: ${sidebar.length} bytes`);
  assert.match(
    sidebar,
    /<section class="nav-group" data-group="[^"]*"><p class="nav-group-title"><span class="nav-label">API Reference<\/span><\/p><ul class="nav-list" data-lazy="window">/,
  );
  // Linear: about 25 KB a page (it was 689 KB, the whole list in each: 2.6 GB for the site).
  assert.ok(result.stats.bytes / result.stats.pages < 60_000, `${result.stats.bytes} bytes for ${result.stats.pages} pages`);
  // The section's full sidebar, which the page script fills the window from, holds every entry once.
  const fragment = /data-nav-fragment="([0-9a-f]{10})"/.exec(html)![1]!;
  const full = await fs.readFile(path.join(out, `_docjet/nav/${fragment}.html`), 'utf8');
  assert.equal(items(full).length, OPERATIONS);
  assert.match(full, /<section class="nav-group" data-group="[^"]*"><p class="nav-group-title"><span class="nav-label">API Reference<\/span><\/p><ul class="nav-list">/);
});

test("a big run of the section's own pages is windowed too, named by data-list for the page script", async (t) => {
  const { root } = await untaggedSite(t, 400, true);
  const { site } = await validate({ root });
  const route = 'api-reference/get-item-200';
  const lazySidebar = lazySidebarOf(site!, route);
  assert.deepEqual(items(lazySidebar), range(190, 210));
  assert.match(lazySidebar, /^<ul class="nav-list" data-lazy="window" data-list="run-0"><li>/);
  const fragment = new Shell(optionsFor(site!)).sectionSidebar(page(site!, route).placements[0]!.sectionId);
  assert.match(fragment, /^<ul class="nav-list" data-list="run-0"><li>/);
  assert.equal(items(fragment).length, 400);
  // A small run stays as it was: no name, whole.
  const small = await untaggedSite(t, 20, true);
  const smallSite = (await validate({ root: small.root })).site!;
  const whole = lazySidebarOf(smallSite, 'api-reference/get-item-10');
  assert.deepEqual(items(whole), range(0, 19));
  assert.match(whole, /^<ul class="nav-list"><li>/);
});

/**
 * An API reference of `count` operations in 20 tags, named by a tab's `openapi`: each tag is a
 * top-level group of the tab's section, as in GitHub's REST reference (1,493 operations in 49
 * tags: 235 KB of sidebar in each page while top-level groups were always whole, 500 MB for the site).
 */
async function taggedSite(t: { after(fn: () => Promise<void>): void }, count: number): Promise<{ root: string; out: string }> {
  const made = await makeTaggedSite(count);
  t.after(made.remove);
  return made;
}

async function makeTaggedSite(count: number): Promise<{ root: string; out: string; remove: () => Promise<void> }> {
  const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-tagged-')));
  const root = path.join(work, 'site');
  await fs.mkdir(root);
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const tag = `Tag ${String((i % 20) + 1).padStart(2, '0')}`;
    paths[`/accounts/{account}/widgets/${i}`] = {
      get: {
        tags: [tag],
        summary: `List the widgets of an account, newest first (${i})`,
        parameters: [{ name: 'account', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
      },
    };
  }
  await fs.writeFile(path.join(root, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Widgets', version: '1' }, paths }));
  await fs.writeFile(path.join(root, 'index.mdx'), '# Home\n');
  const navigation = {
    tabs: [
      { tab: 'Guides', pages: ['index'] },
      { tab: 'API', openapi: 'openapi.json' },
    ],
  };
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Widgets', api: ONE_SAMPLE, navigation }));
  return { root, out: path.join(work, 'out'), remove: () => fs.rm(work, { recursive: true, force: true }) };
}

/** The 300-operation tagged site, built once for the tests that read it (each build is seconds of CPU). */
let tagged300: Promise<{ root: string; out: string; result: Awaited<ReturnType<typeof build>> }> | undefined;
function builtTagged300(): Promise<{ root: string; out: string; result: Awaited<ReturnType<typeof build>> }> {
  tagged300 ??= makeTaggedSite(300).then(async (made) => {
    removeTagged300 = made.remove;
    return { ...made, result: await build({ root: made.root, outDir: made.out, cache: false }) };
  });
  return tagged300;
}
let removeTagged300: (() => Promise<void>) | undefined;
after(() => removeTagged300?.());

/** The sizes of the built endpoint pages, in bytes. */
async function endpointPageBytes(out: string): Promise<number[]> {
  const sizes: number[] = [];
  for (const tag of await fs.readdir(path.join(out, 'api-reference'))) {
    if (tag.startsWith('overview')) continue; // the spec's API overview page and its twin, not an endpoint page
    for (const operation of await fs.readdir(path.join(out, 'api-reference', tag))) {
      if (operation.endsWith('.md')) continue;
      sizes.push((await fs.stat(path.join(out, 'api-reference', tag, operation, 'index.html'))).size);
    }
  }
  return sizes;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each `<section class="nav-group">` of a sidebar: its group's label, whether it is a stub, the links it holds. */
function topGroups(html: string): { label: string; stub: boolean; links: string[] }[] {
  return [...html.matchAll(/<section class="nav-group"[^>]*?( data-lazy)?>(.*?)<\/section>/g)].map((match) => ({
    label: /<span class="nav-label">([^<]*)<\/span>/.exec(match[2]!)![1]!,
    stub: match[1] !== undefined,
    links: [...match[2]!.matchAll(/ href="([^"]*)"/g)].map((link) => link[1]!),
  }));
}

test("a lazy sidebar's page holds its own top-level group's entries and only the names of the others, linked to their first page; the section's one file holds the rest", async () => {
  const { root, out, result } = await builtTagged300();
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.slice(0, 3)));
  const { site } = await validate({ root });
  const route = 'api-reference/tag-03/list-the-widgets-of-an-account-newest-first-42';
  const html = await fs.readFile(path.join(out, route, 'index.html'), 'utf8');
  const sidebar = /<aside class="sidebar" id="sidebar">.*?<\/aside>/s.exec(html)![0];
  const groups = topGroups(sidebar);
  assert.equal(groups.length, 20);
  const own = groups.find((group) => group.label === 'Tag 03')!;
  const tag03 = [...site!.pages.values()].filter((each) => each.route.startsWith('api-reference/tag-03/')).map((each) => `/${each.route}`);
  assert.equal(tag03.length, 15);
  assert.deepEqual([own.stub, own.links.toSorted()], [false, tag03.toSorted()], 'its own group whole');
  assert.match(sidebar, new RegExp(`<a class="nav-link" href="/${route}" aria-current="page">`));
  for (const other of groups.filter((group) => group !== own)) {
    assert.equal(other.stub, true, other.label);
    assert.equal(other.links.length, 1, `${other.label}: its name only, a link to its first page`);
    const first = site!.elements.get([...site!.elements.values()].find((element) => element.label === other.label)!.id)!.firstPage;
    assert.equal(other.links[0], `/${first}`);
  }
  assert.equal(sidebar.match(/class="nav-link"/g)?.length, 15, 'no entry of another group');

  // Without JavaScript, a group's name leads to its first page, which shows that group whole.
  const first = await fs.readFile(path.join(out, groups.find((group) => group.label === 'Tag 07')!.links[0]!, 'index.html'), 'utf8');
  assert.equal(topGroups(first).find((group) => group.label === 'Tag 07')!.links.length, 15);

  // The section's one file (its name a hash of its content) holds every group whole, no page current.
  const name = /data-nav-fragment="([0-9a-f]{10})"/.exec(html)![1]!;
  const full = await fs.readFile(path.join(out, `_docjet/nav/${name}.html`), 'utf8');
  assert.equal(topGroups(full).flatMap((group) => group.links).length, 300);
  assert.ok(!full.includes('data-lazy') && !full.includes('aria-current'));
  const other = await fs.readFile(path.join(out, 'api-reference/tag-11/list-the-widgets-of-an-account-newest-first-10/index.html'), 'utf8');
  assert.equal(/data-nav-fragment="([0-9a-f]{10})"/.exec(other)![1], name, 'every page of the section names the same file');
});

test('the pages of a generated API reference weigh the same at 150 and 300 operations: output grows with the pages, not their square', async (t) => {
  const medians: number[] = [];
  const small = await taggedSite(t, 150);
  for (const { out, result } of [{ ...small, result: await build({ root: small.root, outDir: small.out, cache: false }) }, await builtTagged300()]) {
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics.slice(0, 3)));
    medians.push(median(await endpointPageBytes(out)));
  }
  const [at150, at300] = medians as [number, number];
  t.diagnostic(`median endpoint page: ${at150} bytes at 150 operations, ${at300} at 300`);
  // Each page carries its own group (7 or 15 entries) and the 19 others' names: a whole sidebar was 42 KB more at 300.
  assert.ok(Math.abs(at300 - at150) / at150 < 0.1, `median page ${at150} bytes at 150 operations, ${at300} at 300`);
});
