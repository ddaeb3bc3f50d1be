/**
 * Pages listed in several versions or languages: each section's navigation written once as a
 * fragment, and what a page says about its other placements (which fragment each one uses, and
 * its breadcrumbs and previous/next where they differ). Fixtures: test/fixtures/site/versions
 * (`shared/changelog` in v1 and v2) and languages-versions (`shared/glossary` in en v2 and fr v1).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { switchablePlacements } from '../../src/render/shell/chrome.ts';
import { Shell, type ShellOptions } from '../../src/render/shell/document.ts';
import { NavigationFragments } from '../../src/render/shell/fragments.ts';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';
import { loadSite, page } from '../site/helpers.ts';

function optionsFor(site: Site): ShellOptions {
  return { site, base: '/docs/', stylesheet: '/docs/_docjet/s.css', script: '/docs/_docjet/s.js', assetsPrefix: '/docs/_docjet/' };
}

/** The body's `data-nav-*` attributes, decoded. */
function navAttributes(html: string): { page?: string; placements?: unknown } {
  const body = /<body[^>]*>/.exec(html)![0];
  const decode = (value: string): string => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  const pageHref = /data-nav-page="([^"]*)"/.exec(body)?.[1];
  const placements = /data-nav-placements="([^"]*)"/.exec(body)?.[1];
  return { ...(pageHref === undefined ? {} : { page: decode(pageHref) }), ...(placements === undefined ? {} : { placements: JSON.parse(decode(placements)) }) };
}

test('a page listed in two versions can be switched between them, the default version first', async () => {
  const site = await loadSite('versions');
  const placements = switchablePlacements(page(site, 'shared/changelog'));
  assert.deepEqual(
    placements.map((placement) => placement.version),
    ['v2', 'v1'],
  );
  // Listed in one version only: nothing to switch.
  assert.deepEqual(switchablePlacements(page(site, 'guides/setup')), []);
});

test('each section of a switchable page gets one fragment: its sidebar, no page current, under a content-hash name', async () => {
  const site = await loadSite('versions');
  const fragments = new NavigationFragments(optionsFor(site));
  const { names } = fragments;
  const files = [...fragments].map(([name, html]) => ({ name, html }));
  const [v2, v1] = switchablePlacements(page(site, 'shared/changelog'));
  assert.deepEqual([...names.keys()], [v2!.sectionId, v1!.sectionId]);
  assert.deepEqual(
    files.map((file) => file.name),
    [names.get(v2!.sectionId), names.get(v1!.sectionId)],
  );
  for (const file of files) assert.match(file.name, /^[0-9a-f]{10}$/);

  const v1Html = files.find((file) => file.name === names.get(v1!.sectionId))!.html;
  assert.match(v1Html, /^<aside class="sidebar"><nav aria-label="Menu"><section class="nav-group"><p class="nav-group-title"><span class="nav-label">Guides<\/span><\/p>/);
  assert.deepEqual(
    [...v1Html.matchAll(/<a class="nav-link" href="([^"]*)"/g)].map((match) => match[1]),
    ['/docs/v1/quickstart', '/docs/v1/legacy', '/docs/shared/changelog'],
  );
  assert.ok(!v1Html.includes('aria-current'), 'no page is current in a fragment: the page script marks its own');
  // The same site builds the same names.
  assert.deepEqual(new Map(new NavigationFragments(optionsFor(site)).names), new Map(names));
});

test('versions listing the same pages the same way share one fragment file', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-fragments-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const version = (name: string) => ({ version: name, groups: [{ group: 'Guides', pages: ['intro', { group: 'More', pages: ['guide'] }] }] });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Same', navigation: { versions: [version('2.0.0'), version('1.0.0')] } }));
  await writeFile(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\n');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n');
  const { site } = await validate({ root });
  const fragments = new NavigationFragments(optionsFor(site!));
  const { names } = fragments;
  const files = [...fragments].map(([name, html]) => ({ name, html }));
  assert.equal(names.size, 2);
  assert.equal(files.length, 1);
  assert.deepEqual([...new Set(names.values())], [files[0]!.name]);
});

test('a switchable page names the fragment of each placement, and carries the previous/next that differ', async () => {
  const site = await loadSite('versions');
  const { names } = new NavigationFragments(optionsFor(site));
  const shell = new Shell({ ...optionsFor(site), navFragments: names });
  const [v2, v1] = switchablePlacements(page(site, 'shared/changelog'));

  const html = shell.render({ page: page(site, 'shared/changelog'), title: 'Changelog', bodyHtml: '', headings: [] });
  assert.deepEqual(navAttributes(html), {
    page: '/docs/shared/changelog',
    placements: [
      [names.get(v2!.sectionId), 'v2', null],
      [names.get(v1!.sectionId), 'v1', null],
    ],
  });
  // Shown in v2: after Setup. In v1 it comes after Legacy: a template holds v1's eyebrow and pager.
  assert.match(html, /<main id="content" class="content">.*<a class="pager-previous" rel="prev" href="\/docs\/guides\/setup">/);
  const templates = [...html.matchAll(/<template data-nav-variant="(\d+)">(.*?)<\/template>/g)];
  assert.deepEqual(
    templates.map((match) => [match[1], match[2]]),
    [
      [
        '1',
        '<p class="eyebrow">Guides</p><nav class="pager" aria-label="Previous / Next"><a class="pager-previous" rel="prev" href="/docs/v1/legacy"><span class="pager-label">Previous</span><span class="pager-title">Legacy</span></a><span></span></nav>',
      ],
    ],
  );

  // A page of one version says nothing; nor does a shell built without fragments (no JavaScript needed either way).
  assert.deepEqual(navAttributes(shell.render({ page: page(site, 'guides/setup'), title: 'Setup', bodyHtml: '', headings: [] })), {});
  assert.deepEqual(navAttributes(new Shell(optionsFor(site)).render({ page: page(site, 'shared/changelog'), title: 'Changelog', bodyHtml: '', headings: [] })), {});
});

test('a page listed in two languages names each language, and its fragments speak them', async () => {
  const site = await loadSite('languages-versions');
  const fragments = new NavigationFragments(optionsFor(site));
  const { names } = fragments;
  const files = [...fragments].map(([name, html]) => ({ name, html }));
  const html = new Shell({ ...optionsFor(site), navFragments: names }).render({ page: page(site, 'shared/glossary'), title: 'Glossary', bodyHtml: '', headings: [] });
  const placements = navAttributes(html).placements as [string, string, string][];
  assert.deepEqual(
    placements.map(([, version, language]) => [version, language]),
    [
      ['v1', 'fr'],
      ['v2', 'en'],
    ],
  );
  const french = files.find((file) => file.name === placements[0]![0])!.html;
  assert.match(french, /<nav aria-label="Menu">/);
  // With what the language changes around the page: lang, dir, the logo's home, the shell's words.
  const english = files.find((file) => file.name === placements[1]![0])!.html;
  assert.match(french, /<template data-section-chrome lang="fr" dir="ltr" data-home="\/docs\/fr\/v1\/guide" data-strings="[^"]*Sur cette page/);
  assert.match(english, /<template data-section-chrome lang="en" dir="ltr" data-home="\/docs\/en\/overview" data-strings="[^"]*On this page/);
  // The French placement's previous/next are in French, the English one's in English.
  assert.match(html, /<template data-nav-variant="1">.*<span class="pager-label">Previous<\/span>/);
});
