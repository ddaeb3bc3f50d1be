import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Alternate, Site } from '../../src/site/types.ts';
import { loadSite, page } from './helpers.ts';

/** `value → URL` of the switcher entries; `first page` marks a target without an equivalent page. */
function targets(alternates: Alternate[]): Record<string, string> {
  return Object.fromEntries(alternates.map((alternate) => [alternate.value, `${alternate.equivalent ? '' : 'first page '}/${alternate.route}`]));
}

function versionTargets(site: Site, route: string): Record<string, string> {
  return targets(page(site, route).alternates.versions);
}

function languageTargets(site: Site, route: string): Record<string, string> {
  return targets(page(site, route).alternates.languages);
}

describe('default version and language', () => {
  test('`default: true` wins over position', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(site.defaults, { version: 'v2' });
    assert.deepEqual(
      [...site.elements.values()].filter((element) => element.kind === 'version').map((element) => [element.version, element.isDefault]),
      [
        ['v1', false],
        ['v2', true],
        ['v3', false],
      ],
    );
  });

  test('without `default: true`, the first', async () => {
    const site = await loadSite('languages');
    assert.deepEqual(site.defaults, { language: 'en' });
    assert.deepEqual(
      [...site.elements.values()].filter((element) => element.kind === 'language').map((element) => [element.language, element.label, element.isDefault]),
      [
        ['en', 'English', true],
        ['fr', 'Français', false],
        ['es', 'Español', false],
      ],
    );
  });

  test('languages › versions: the default language and its own default version', async () => {
    const site = await loadSite('languages-versions');
    assert.deepEqual(site.defaults, { language: 'fr', version: 'v1' });
  });

  test('versions inside a tab: those of the tab the site opens on', async () => {
    const site = await loadSite('tabs-versions');
    assert.deepEqual(site.defaults, { version: '3.0.0' });
  });
});

describe('version switcher', () => {
  test('the full entry of the current page', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(page(site, 'v1/quickstart').alternates.versions, [
      { value: 'v1', label: 'v1', route: 'v1/quickstart', current: true, equivalent: true, isDefault: false },
      { value: 'v2', label: 'v2', route: 'quickstart', current: false, equivalent: true, isDefault: true },
      { value: 'v3', label: 'v3', route: 'v3/quickstart', current: false, equivalent: true, isDefault: false },
    ]);
  });

  test('`v1/a` ↔ `v3/a`, root ↔ prefixed both ways; no equivalent: the first page of the target', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(versionTargets(site, 'quickstart'), { v1: '/v1/quickstart', v2: '/quickstart', v3: '/v3/quickstart' });
    assert.deepEqual(versionTargets(site, 'guides/setup'), {
      v1: 'first page /v1/quickstart',
      v2: '/guides/setup',
      v3: '/v3/guides/setup',
    });
    assert.deepEqual(versionTargets(site, 'v3/guides/setup'), {
      v1: 'first page /v1/quickstart',
      v2: '/guides/setup',
      v3: '/v3/guides/setup',
    });
    assert.deepEqual(versionTargets(site, 'v1/legacy'), {
      v1: '/v1/legacy',
      v2: 'first page /quickstart',
      v3: 'first page /v3/quickstart',
    });
  });

  test('a page listed in two versions stays itself in both', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(versionTargets(site, 'shared/changelog'), {
      v1: '/shared/changelog',
      v2: '/shared/changelog',
      v3: 'first page /v3/quickstart',
    });
  });

  test('inside a language: `en/v1/guide` ↔ `en/guide`', async () => {
    const site = await loadSite('languages-versions');
    assert.deepEqual(versionTargets(site, 'en/v1/guide'), { v2: '/en/guide', v1: '/en/v1/guide' });
    assert.deepEqual(versionTargets(site, 'en/guide'), { v2: '/en/guide', v1: '/en/v1/guide' });
    assert.deepEqual(versionTargets(site, 'en/overview'), { v2: '/en/overview', v1: 'first page /en/v1/guide' });
  });

  test('a folder further down counts only when named after the version', async () => {
    const site = await loadSite('languages-versions');
    // `en/reference/terms` and `en/terms` differ by a folder, but `reference` is no version.
    assert.deepEqual(versionTargets(site, 'en/reference/terms'), { v2: 'first page /en/overview', v1: '/en/reference/terms' });
    assert.deepEqual(versionTargets(site, 'en/terms'), { v2: '/en/terms', v1: 'first page /en/v1/guide' });
  });

  test('pages outside any version have no switcher', async () => {
    const site = await loadSite('tabs-versions');
    assert.deepEqual(page(site, 'api/overview').alternates, { versions: [], languages: [] });
    assert.deepEqual(versionTargets(site, 'v2/intro'), { '2.0.0': '/v2/intro', '3.0.0': '/intro' });
  });
});

describe('language switcher', () => {
  test('`a` ↔ `fr/a`, home ↔ `fr` (its index); no equivalent: the first page of the target', async () => {
    const site = await loadSite('languages');
    assert.deepEqual(page(site, 'guides/setup').alternates.languages, [
      { value: 'en', label: 'English', route: 'guides/setup', current: true, equivalent: true, isDefault: true },
      { value: 'fr', label: 'Français', route: 'fr/guides/setup', current: false, equivalent: true, isDefault: false },
      { value: 'es', label: 'Español', route: 'es/welcome', current: false, equivalent: false, isDefault: false },
    ]);
    assert.deepEqual(languageTargets(site, 'fr/guides/setup'), {
      en: '/guides/setup',
      fr: '/fr/guides/setup',
      es: 'first page /es/welcome',
    });
    assert.deepEqual(languageTargets(site, ''), { en: '/', fr: '/fr', es: 'first page /es/welcome' });
    assert.deepEqual(languageTargets(site, 'es/welcome'), { en: 'first page /', fr: 'first page /fr', es: '/es/welcome' });
  });

  test("`en/a` ↔ `fr/a`, keeping the reader's version when the target language has it", async () => {
    const site = await loadSite('languages-versions');
    // fr's default version is v1; a reader of en v2 lands in fr v2.
    assert.deepEqual(languageTargets(site, 'en/guide'), { en: '/en/guide', fr: '/fr/guide' });
    assert.deepEqual(languageTargets(site, 'en/v1/guide'), { en: '/en/v1/guide', fr: '/fr/v1/guide' });
    assert.deepEqual(languageTargets(site, 'en/overview'), { en: '/en/overview', fr: 'first page /fr/guide' });
    assert.deepEqual(languageTargets(site, 'fr/guide'), { en: '/en/guide', fr: '/fr/guide' });
  });
});

describe('canonical placement', () => {
  test('a page listed in two versions is canonical in the default one and keeps the other', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(
      page(site, 'shared/changelog').placements.map((placement) => [placement.sectionId, placement.version, placement.inDefaultPartition]),
      [
        ['navigation.versions[1]', 'v2', true],
        ['navigation.versions[0]', 'v1', false],
      ],
    );
  });

  test("under languages › versions: the default language's default version, even when listed later", async () => {
    const site = await loadSite('languages-versions');
    assert.deepEqual(
      page(site, 'shared/glossary').placements.map((placement) => [placement.sectionId, placement.language, placement.version, placement.inDefaultPartition]),
      [
        ['navigation.languages[1].versions[1]', 'fr', 'v1', true],
        ['navigation.languages[0].versions[0]', 'en', 'v2', false],
      ],
    );
    // Its switchers start from the canonical place (fr v1). en v1 does not list it, but en does
    // (under v2): the reader stays on the page rather than landing on en v1's first page.
    assert.deepEqual(languageTargets(site, 'shared/glossary'), { en: '/shared/glossary', fr: '/shared/glossary' });
    assert.deepEqual(versionTargets(site, 'shared/glossary'), { v2: 'first page /fr/guide', v1: '/shared/glossary' });
  });
});
