import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSite, page, where } from './helpers.ts';

const GUIDES = 'navigation.tabs[0]';
const REFERENCE = 'navigation.tabs[1]';

describe('sections and previous/next (fixture: tabs)', () => {
  test('each tab holding groups is a section listing its pages in sidebar order, hidden ones included', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(
      [...site.sections.values()].map((section) => [section.id, section.pages]),
      [
        [GUIDES, ['guides/start', 'guides/install', 'guides/advanced/tuning', 'guides/advanced/internals', 'guides/secret', 'guides/faq']],
        [REFERENCE, ['reference/hidden-only', 'guides/faq', 'reference/cli', 'reference/cli-build', 'reference/cli-dev', 'reference/config', 'reference/config-file']],
      ],
    );
  });

  test('previous/next run across groups and nesting levels, skip hidden pages, and stop at the section', async () => {
    const site = await loadSite('tabs');
    const canonical = (route: string) => where(page(site, route).placements[0]!);
    assert.deepEqual(canonical('guides/start'), {
      section: GUIDES,
      parent: 'navigation.tabs[0].groups[0]',
      next: 'guides/install',
    });
    assert.deepEqual(canonical('guides/install'), {
      section: GUIDES,
      parent: 'navigation.tabs[0].groups[0]',
      previous: 'guides/start',
      next: 'guides/advanced/tuning',
    });
    assert.deepEqual(canonical('guides/advanced/tuning'), {
      section: GUIDES,
      parent: 'navigation.tabs[0].groups[0].pages[2]',
      previous: 'guides/install',
      next: 'guides/advanced/internals',
    });
    // `guides/secret` (frontmatter `hidden: true`) sits between them and is skipped.
    assert.deepEqual(canonical('guides/advanced/internals'), {
      section: GUIDES,
      parent: 'navigation.tabs[0].groups[0].pages[2].pages[1]',
      previous: 'guides/advanced/tuning',
      next: 'guides/faq',
    });
    assert.deepEqual(canonical('guides/secret'), { section: GUIDES, parent: 'navigation.tabs[0].groups[1]' });
    // Last of its tab: no next into the Reference tab.
    assert.deepEqual(canonical('guides/faq'), {
      section: GUIDES,
      parent: 'navigation.tabs[0].groups[1]',
      previous: 'guides/advanced/internals',
    });
  });

  test('a page also listed in a hidden group is not a neighbour there, and gets none there', async () => {
    const site = await loadSite('tabs');
    const faq = page(site, 'guides/faq');
    assert.equal(faq.hidden, false);
    assert.deepEqual(
      faq.placements.map((placement) => ({ ...where(placement), hiddenAncestor: placement.hiddenAncestor === true })),
      [
        { section: GUIDES, parent: 'navigation.tabs[0].groups[1]', previous: 'guides/advanced/internals', hiddenAncestor: false },
        { section: REFERENCE, parent: 'navigation.tabs[1].groups[0]', hiddenAncestor: true },
      ],
    );
    // First visible page of the Reference tab: nothing before it.
    assert.deepEqual(where(page(site, 'reference/cli').placements[0]!), {
      section: REFERENCE,
      parent: 'navigation.tabs[1].groups[1]',
      next: 'reference/cli-build',
    });
  });

  test('a group `root` page comes first in its group; listed in `pages` too, it is still one place', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(page(site, 'reference/config').placements.map(where), [
      { section: REFERENCE, parent: 'navigation.tabs[1].groups[2]', previous: 'reference/cli-dev', next: 'reference/config-file' },
    ]);
    assert.deepEqual(
      page(site, 'reference/cli').placements.map((placement) => placement.parentId),
      ['navigation.tabs[1].groups[1]'],
    );
    assert.deepEqual(where(page(site, 'reference/cli-dev').placements[0]!), {
      section: REFERENCE,
      parent: 'navigation.tabs[1].groups[1]',
      previous: 'reference/cli-build',
      next: 'reference/config',
    });
  });

  test('hidden: frontmatter `hidden`, or listed only under hidden elements', async () => {
    const site = await loadSite('tabs');
    assert.deepEqual(
      [...site.pages.values()].filter((each) => each.hidden).map((each) => each.route),
      ['guides/secret', 'reference/hidden-only'],
    );
    assert.equal(site.elements.get('navigation.tabs[1].groups[0]')!.hidden, true);
  });

  test('nested groups are collapsed unless `expanded: true`; top-level groups are always expanded', async () => {
    const site = await loadSite('tabs');
    const groups = [...site.elements.values()].filter((element) => element.kind === 'group');
    assert.deepEqual(
      groups.map((group) => [group.label, group.topLevel, group.expanded]),
      [
        ['Basics', true, true],
        ['Advanced', false, false],
        ['Internals', false, true],
        // Written `expanded: false`, which a top-level group ignores.
        ['More', true, true],
        ['Hidden', true, true],
        ['CLI', true, true],
        ['Config', true, true],
      ],
    );
  });
});

describe('sections of other element kinds', () => {
  test('tabs, anchors, menu items and dropdowns that hold groups or pages are sections', async () => {
    const anchors = await loadSite('anchors');
    assert.deepEqual(
      [...anchors.sections.values()].map((section) => [section.id, section.pages]),
      [
        ['navigation.anchors[0].tabs[0]', ['docs/quickstart', 'docs/concepts']],
        ['navigation.anchors[0].tabs[1]', ['docs/sdk-python']],
        ['navigation.anchors[1]', ['community']],
      ],
    );
    const products = await loadSite('products');
    assert.deepEqual(
      [...products.sections.values()].map((section) => [section.id, section.pages]),
      [
        ['navigation.products[0].tabs[0].menu[0]', ['cloud/deploy']],
        ['navigation.products[0].tabs[0].menu[1]', ['cloud/monitor']],
        ['navigation.products[1].dropdowns[0]', ['agent/tools']],
      ],
    );
  });

  test('a version is a section, carrying its version; previous/next stay inside it', async () => {
    const site = await loadSite('versions');
    assert.deepEqual(
      [...site.sections.values()].map((section) => [section.id, section.version, section.pages]),
      [
        ['navigation.versions[0]', 'v1', ['v1/quickstart', 'v1/legacy', 'shared/changelog']],
        ['navigation.versions[1]', 'v2', ['quickstart', 'guides/setup', 'shared/changelog']],
        ['navigation.versions[2]', 'v3', ['v3/quickstart', 'v3/guides/setup']],
      ],
    );
    assert.deepEqual(page(site, 'shared/changelog').placements.map(where), [
      { section: 'navigation.versions[1]', parent: 'navigation.versions[1].groups[0]', previous: 'guides/setup' },
      { section: 'navigation.versions[0]', parent: 'navigation.versions[0].groups[0]', previous: 'v1/legacy' },
    ]);
  });
});
