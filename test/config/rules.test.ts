/**
 * The twelve navigation rules of the spec (docs-json-navigation.md), one fixture site per rule in
 * `test/fixtures/config/<rule>/`: `valid/` gives no diagnostic at all, `invalid/` gives exactly the
 * diagnostics listed, with their positions and full wording.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnose, fixture, validateFixture } from './helpers.ts';

const RULES = [
  'primary-pattern',
  'single-child-kind',
  'group-and-menu-item',
  'global-anchors',
  'href-scheme',
  'languages',
  'versions',
  'single-default',
  'pages',
  'openapi',
  'expanded-top-level',
  'redirects',
];

describe('valid fixtures', () => {
  for (const rule of RULES) {
    test(`${rule}/valid has no diagnostics and resolves to a site`, async () => {
      const result = await validateFixture(`${rule}/valid`);
      assert.deepEqual(result.diagnostics, []);
      assert.ok(result.site, 'a valid site resolves');
    });
  }
});

describe('rule 1: exactly one primary pattern at the root of navigation', () => {
  test('tabs and groups side by side: keep the outer one, move the other into it', async () => {
    assert.deepEqual(await diagnose(fixture('primary-pattern/invalid')), [
      {
        code: 'nav-multiple-patterns',
        severity: 'error',
        at: 'docs.json:7:15',
        path: 'navigation.groups',
        message: 'navigation has 2 primary patterns ("tabs" and "groups"); the root holds exactly one, with "global" beside it if needed',
        fix: 'Keep "tabs" and move the groups into a tab, or remove them.',
      },
    ]);
  });

  test('only "global": no pattern at all', async () => {
    assert.deepEqual(await diagnose(fixture('primary-pattern/no-pattern')), [
      {
        code: 'nav-no-pattern',
        severity: 'error',
        at: 'docs.json:3:17',
        path: 'navigation',
        message:
          'navigation has no primary pattern (global alone does not organise pages): it needs exactly one of "pages", "groups", "tabs", "anchors", "dropdowns", "products", "versions" or "languages"',
        fix: 'Add one, for example "groups": [{ "group": "Get started", "pages": ["index"] }].',
      },
    ]);
  });
});

describe('rule 2: one type of child per level; a link holds no children', () => {
  test('a tab with anchors and groups, a tab with href and pages', async () => {
    assert.deepEqual(await diagnose(fixture('single-child-kind/invalid')), [
      {
        code: 'nav-mixed-children',
        severity: 'warning',
        at: 'docs.json:8:19',
        path: 'navigation.tabs[0].groups',
        message:
          'a tab ("Guides") holds one type of child; this one has both "anchors" and "groups": as on the hosted product, its anchors are shown and its groups left out of the navigation',
        fix: 'Move the groups into an anchor, or remove the anchors.',
      },
      {
        code: 'nav-link-with-children',
        severity: 'error',
        at: 'docs.json:13:18',
        path: 'navigation.tabs[1].pages',
        message: 'a tab ("Blog") links to "https://example.com/blog" and also holds "pages"; an element that is a link holds no children',
        fix: 'Remove "href" to keep the pages, or move them to another tab.',
      },
    ]);
  });
});

describe('rule 3: a group needs "group" and "pages"; a menu item holds only groups, pages or a link', () => {
  test('a group without pages, a group without label, a menu item with anchors', async () => {
    assert.deepEqual(await diagnose(fixture('group-and-menu-item/invalid')), [
      {
        code: 'group-pages-missing',
        severity: 'error',
        at: 'docs.json:11:15',
        path: 'navigation.tabs[0].menu[0].groups[0]',
        message: 'the group "Start" needs "pages" (the list of its pages), or "openapi" to generate them from a spec',
        fix: 'Add "pages": [ … ] listing its pages.',
      },
      {
        code: 'missing-field',
        severity: 'error',
        at: 'docs.json:12:15',
        path: 'navigation.tabs[0].menu[0].groups[1].group',
        message: 'the group at navigation.tabs[0].menu[0].groups[1] needs "group" (its label)',
        fix: 'Add "group".',
      },
      {
        code: 'menu-item-content',
        severity: 'error',
        at: 'docs.json:17:24',
        path: 'navigation.tabs[0].menu[1].anchors',
        message: 'a menu item holds only groups, pages or a link ("href"), not "anchors"',
        fix: 'Replace "anchors" with "groups" or "pages", or make the item a link with "href".',
      },
    ]);
  });
});

describe('rule 4: global anchors need an absolute http(s) href', () => {
  test('relative, schemeless, ftp and missing hrefs', async () => {
    assert.deepEqual(await diagnose(fixture('global-anchors/invalid')), [
      {
        code: 'global-anchor-href',
        severity: 'error',
        at: 'docs.json:6:31',
        path: 'navigation.global.anchors[0].href',
        message: 'a global anchor must link to an absolute external URL (http or https); "/guides" is not one',
        fix: 'Global anchors leave the site: write the full URL ("https://example.com/…"), or put an internal link in "navbar.links" or an anchor.',
      },
      {
        code: 'global-anchor-href',
        severity: 'error',
        at: 'docs.json:7:29',
        path: 'navigation.global.anchors[1].href',
        message: 'a global anchor must link to an absolute external URL (http or https); "example.com/blog" is not one',
        fix: 'Write the full URL, starting with "https://".',
      },
      {
        code: 'global-anchor-href',
        severity: 'error',
        at: 'docs.json:8:30',
        path: 'navigation.global.anchors[2].href',
        message: 'a global anchor must link to an absolute external URL (http or https); "ftp://files.example.com" is not one',
        fix: 'Write the full URL, starting with "https://".',
      },
      {
        code: 'missing-field',
        severity: 'error',
        at: 'docs.json:9:9',
        path: 'navigation.global.anchors[3].href',
        message: 'the global anchor "Support" at navigation.global.anchors[3] needs "href" (the URL it links to)',
        fix: 'Add "href".',
      },
    ]);
  });
});

describe('rule 5: no javascript:, data: or vbscript: href anywhere', () => {
  test('in navbar links, tabs (whatever the case, with a tab hidden in the scheme) and redirects', async () => {
    const fix = 'Link to an http(s) URL or a page path instead.';
    assert.deepEqual(await diagnose(fixture('href-scheme/invalid')), [
      {
        code: 'href-unsafe',
        severity: 'error',
        at: 'docs.json:4:34',
        path: 'navbar.links[0].href',
        message: '"href" uses a data: URL, which runs code or hides content when clicked',
        fix,
      },
      {
        code: 'href-unsafe',
        severity: 'error',
        at: 'docs.json:9:23',
        path: 'navigation.tabs[1].href',
        message: '"href" uses a javascript: URL, which runs code or hides content when clicked',
        fix,
      },
      {
        // " java\tscript:alert(1)": browsers drop the tab and the space, so it is javascript:.
        code: 'href-unsafe',
        severity: 'error',
        at: 'docs.json:10:26',
        path: 'navigation.tabs[2].href',
        message: '"href" uses a javascript: URL, which runs code or hides content when clicked',
        fix,
      },
      {
        code: 'href-unsafe',
        severity: 'error',
        at: 'docs.json:13:37',
        path: 'redirects[0].destination',
        message: '"destination" uses a vbscript: URL, which runs code or hides content when clicked',
        fix,
      },
    ]);
  });
});

describe('rule 6: language codes from the spec; aliases warn', () => {
  test('ja, zh and uk are aliases; fr-FR and klingon are not codes', async () => {
    const codes = 'ar, cs, cn, zh-Hant, nl, en, fr, de, he, hi, id, it, jp, ko, lv, no, pl, pt-BR, ro, ru, es, sv, tr, ua, uz, vi';
    assert.deepEqual(await diagnose(fixture('languages/invalid')), [
      {
        code: 'language-alias',
        severity: 'warning',
        at: 'docs.json:6:9',
        path: 'navigation.languages[1].language',
        message: 'language "ja" is read as Japanese, whose code in the spec is "jp"',
        fix: 'Write "language": "jp".',
      },
      {
        code: 'language-alias',
        severity: 'warning',
        at: 'docs.json:7:9',
        path: 'navigation.languages[2].language',
        message: 'language "zh" is read as Chinese, whose code in the spec is "cn"',
        fix: 'Write "language": "cn".',
      },
      {
        code: 'language-alias',
        severity: 'warning',
        at: 'docs.json:8:9',
        path: 'navigation.languages[3].language',
        message: 'language "uk" is read as Ukrainian, whose code in the spec is "ua"',
        fix: 'Write "language": "ua".',
      },
      {
        code: 'language-unknown',
        severity: 'error',
        at: 'docs.json:9:9',
        path: 'navigation.languages[4].language',
        message: '"fr-FR" is not a supported language code',
        fix: `Did you mean "fr"? Supported codes: ${codes}.`,
      },
      {
        code: 'language-unknown',
        severity: 'error',
        at: 'docs.json:10:9',
        path: 'navigation.languages[5].language',
        message: '"klingon" is not a supported language code',
        fix: `Supported codes: ${codes}.`,
      },
    ]);
  });
});

describe('rule 7: version labels have the shape major.minor.patch', () => {
  test('v2, 1.4 and latest are accepted with a warning', async () => {
    assert.deepEqual(await diagnose(fixture('versions/invalid')), [
      {
        code: 'version-label',
        severity: 'warning',
        at: 'docs.json:5:9',
        path: 'navigation.versions[0].version',
        message: 'version label "v2" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "2.0.0" to follow the spec.',
      },
      {
        code: 'version-label',
        severity: 'warning',
        at: 'docs.json:6:9',
        path: 'navigation.versions[1].version',
        message: 'version label "1.4" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "1.4.0" to follow the spec.',
      },
      {
        code: 'version-label',
        severity: 'warning',
        at: 'docs.json:7:9',
        path: 'navigation.versions[2].version',
        message: 'version label "latest" does not have the shape major.minor.patch; it is used as written',
        fix: 'Use a label such as "1.0.0" to follow the spec.',
      },
    ]);
  });

  test('a label repeated under several languages is reported once, where it is first used', async () => {
    assert.deepEqual(await diagnose(fixture('versions/repeated-label')), [
      {
        code: 'version-label',
        severity: 'warning',
        at: 'docs.json:8:13',
        path: 'navigation.languages[0].versions[0].version',
        message: 'version label "v2" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "2.0.0" to follow the spec.',
      },
      {
        code: 'version-label',
        severity: 'warning',
        at: 'docs.json:9:13',
        path: 'navigation.languages[0].versions[1].version',
        message: 'version label "v1" does not have the shape major.minor.patch; it is used as written',
        fix: 'Write "1.0.0" to follow the spec.',
      },
    ]);
  });
});

describe('rule 8: at most one default version, and one default language, per element', () => {
  test('three default versions in one language, two default languages', async () => {
    assert.deepEqual(await diagnose(fixture('single-default/invalid')), [
      {
        code: 'default-multiple',
        severity: 'error',
        at: 'docs.json:10:33',
        path: 'navigation.languages[0].versions[1].default',
        message: 'version "2.0.0" is marked "default": true, but "3.0.0" already is; only one version here can be the default',
        fix: 'Keep "default": true on one version only.',
      },
      {
        code: 'default-multiple',
        severity: 'error',
        at: 'docs.json:11:33',
        path: 'navigation.languages[0].versions[2].default',
        message: 'version "1.0.0" is marked "default": true, but "3.0.0" already is; only one version here can be the default',
        fix: 'Keep "default": true on one version only.',
      },
      {
        code: 'default-multiple',
        severity: 'error',
        at: 'docs.json:16:9',
        path: 'navigation.languages[1].default',
        message: 'language "fr" is marked "default": true, but "en" already is; only one language here can be the default',
        fix: 'Keep "default": true on one language only.',
      },
    ]);
  });
});

describe('rule 9: a page reference names an existing .mdx or .md file', () => {
  test('missing pages get the closest existing page; an extension is a warning', async () => {
    assert.deepEqual(await diagnose(fixture('pages/invalid')), [
      {
        code: 'page-missing',
        severity: 'warning',
        at: 'docs.json:7:28',
        path: 'navigation.groups[0].pages[1]',
        message: 'page "guides/intro" does not exist: there is no guides/intro.mdx or guides/intro.md; it is left out of the navigation',
        fix: 'Did you mean "guides/introduction"?',
      },
      {
        code: 'page-missing',
        severity: 'warning',
        at: 'docs.json:7:44',
        path: 'navigation.groups[0].pages[2]',
        message: 'page "guides/setp" does not exist: there is no guides/setp.mdx or guides/setp.md; it is left out of the navigation',
        fix: 'Did you mean "guides/setup"?',
      },
      {
        code: 'page-extension',
        severity: 'warning',
        at: 'docs.json:7:59',
        path: 'navigation.groups[0].pages[3]',
        message: 'page reference "guides/setup.mdx" includes the file extension; references name pages without it',
        fix: 'Write "guides/setup".',
      },
      {
        code: 'page-missing',
        severity: 'warning',
        at: 'docs.json:7:79',
        path: 'navigation.groups[0].pages[4]',
        message: 'page "nothing-like-it" does not exist: there is no nothing-like-it.mdx or nothing-like-it.md; it is left out of the navigation',
        fix: 'Create the file, or remove the reference.',
      },
      {
        // A group's "root" is a page reference too.
        code: 'group-root-missing',
        severity: 'warning',
        at: 'docs.json:9:28',
        path: 'navigation.groups[1].root',
        message: 'group root "guides/introductoin" does not exist: there is no guides/introductoin.mdx or guides/introductoin.md; the group is shown without its own page',
        fix: 'Did you mean "guides/introduction"?',
      },
    ]);
  });
});

describe('rule 10: openapi files exist and parse; endpoint references resolve in the openapi in force', () => {
  test('valid: any method case, inherited and own specs, a named spec, webhooks, a spec with no pages', async () => {
    const result = await validateFixture('openapi/valid');
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.stats.endpointPages > 0, true);
  });

  test('invalid: every way a spec or a reference can fail, each reported once where it is', async () => {
    // Offline: the remote spec's warning does not depend on the network of the machine running the tests.
    assert.deepEqual(await diagnose(fixture('openapi/invalid'), { offline: true }), [
      {
        code: 'openapi-syntax',
        severity: 'error',
        at: 'api/broken.yaml:5:1',
        message: '`api/broken.yaml` is not valid YAML: flow sequence in block collection must be sufficiently indented and end with a ].',
        fix: 'Correct the YAML at this position; no page is made from this spec until it parses.',
      },
      {
        // A usable spec's own warnings are reported too, once.
        code: 'openapi-unresolved-ref',
        severity: 'warning',
        at: 'api/events.json:0:0',
        message: '`api/events.json`: 1 endpoint `$ref` points to nothing or in a circle (first: /refunds → #/components/pathItems/Refunds).',
        fix: 'Correct the JSON pointer so that it names an existing path item or operation.',
      },
      {
        code: 'openapi-invalid',
        severity: 'error',
        at: 'api/package.json:0:0',
        message: '`api/package.json` is not an OpenAPI document: it has no top-level `openapi` (or `swagger`) version field.',
        fix: 'Point `openapi` in docs.json at an OpenAPI 3.x (or Swagger 2.0) document, which starts with `openapi: 3.1.0` and lists its operations under `paths`.',
      },
      {
        code: 'endpoint-not-found',
        severity: 'warning',
        at: 'docs.json:9:40',
        path: 'navigation.tabs[0].groups[0].pages[0]',
        message: '"GET /pet" is not in "api/openapi.yaml" (the openapi in force, set at navigation.tabs[0].openapi)',
        fix: 'Closest operations: GET /pets, GET /pets/{petId}, POST /pets.',
      },
      {
        code: 'endpoint-not-found',
        severity: 'warning',
        at: 'docs.json:9:52',
        path: 'navigation.tabs[0].groups[0].pages[1]',
        message: '"PUT /pets/{id}" is not in "api/openapi.yaml" (the openapi in force, set at navigation.tabs[0].openapi)',
        fix: 'Closest operations: GET /pets/{petId}, DELETE /pets/{petId}.',
      },
      {
        code: 'endpoint-not-found',
        severity: 'warning',
        at: 'docs.json:9:70',
        path: 'navigation.tabs[0].groups[0].pages[2]',
        message: '"GET /owners" is not in "api/openapi.yaml"',
        fix: 'Closest operations: GET /pets.',
      },
      {
        code: 'endpoint-not-found',
        severity: 'warning',
        at: 'docs.json:10:72',
        path: 'navigation.tabs[0].groups[1].pages[0]',
        message: '"webhook oldPet" is not in "api/events.json" (the openapi in force, set at navigation.tabs[0].groups[1].openapi)',
        fix: 'Closest operations: webhook newPet.',
      },
      {
        // The nearest openapi decides: the tab's spec has GET /pets, the group's own does not.
        code: 'endpoint-not-found',
        severity: 'warning',
        at: 'docs.json:10:90',
        path: 'navigation.tabs[0].groups[1].pages[1]',
        message: '"GET /pets" is not in "api/events.json" (the openapi in force, set at navigation.tabs[0].groups[1].openapi)',
        fix: 'Closest operations: GET /orders.',
      },
      {
        code: 'openapi-missing',
        severity: 'error',
        at: 'docs.json:11:33',
        path: 'navigation.tabs[0].groups[2].openapi',
        message: 'the OpenAPI file "api/openapi.yml" does not exist',
        fix: 'Did you mean `api/openapi.yaml`?',
      },
      {
        // The reference under the remote spec ("GET /anything") is not checked.
        code: 'openapi-remote',
        severity: 'warning',
        at: 'docs.json:14:32',
        path: 'navigation.tabs[0].groups[5].openapi',
        message:
          'the OpenAPI file "https://example.com/openapi.json" was not fetched (offline) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        fix: 'Run docjet once without --offline (and without DOCJET_OFFLINE=1) to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      },
      {
        code: 'endpoint-no-openapi',
        severity: 'warning',
        at: 'docs.json:17:76',
        path: 'navigation.tabs[1].groups[0].pages[1]',
        message: '"GET /pets" refers to an API endpoint, but no "openapi" is set on this element or any element above it',
        fix: 'Add "openapi": "path/to/openapi.json" to this group or one of its parents, or name the spec: "openapi.json GET /path".',
      },
      {
        code: 'openapi-missing',
        severity: 'error',
        at: 'docs.json:17:89',
        path: 'navigation.tabs[1].groups[0].pages[2]',
        message: 'the OpenAPI file "specs/gone.yaml" does not exist',
        fix: 'Check the path: it is relative to the folder that holds docs.json.',
      },
    ]);
  });
});

describe('rule 11: "expanded" on a top-level group is a warning', () => {
  test('top-level groups of a tab, expanded true and false', async () => {
    const warning = {
      code: 'expanded-top-level',
      severity: 'warning',
      message: '"expanded" has no effect on a top-level group: top-level groups are always expanded',
      fix: 'Remove "expanded", or nest the group inside another group to make it collapsible.',
    };
    assert.deepEqual(await diagnose(fixture('expanded-top-level/invalid')), [
      { ...warning, at: 'docs.json:8:31', path: 'navigation.tabs[0].groups[0].expanded' },
      { ...warning, at: 'docs.json:9:30', path: 'navigation.tabs[0].groups[1].expanded' },
    ]);
  });
});

describe('rule 12: redirect sources are unique', () => {
  test('the same source twice, and once more spelled differently', async () => {
    assert.deepEqual(await diagnose(fixture('redirects/invalid')), [
      {
        code: 'redirect-duplicate',
        severity: 'warning',
        at: 'docs.json:7:7',
        path: 'redirects[2].source',
        message: 'redirect source "/old" is already used by redirects[0] at docs.json:5; the first one wins',
        fix: 'Remove one of the two redirects, or change its source.',
      },
      {
        code: 'redirect-duplicate',
        severity: 'warning',
        at: 'docs.json:8:7',
        path: 'redirects[3].source',
        message: 'redirect source "old/" is already used by redirects[0] at docs.json:5 (as "/old"); the first one wins',
        fix: 'Remove one of the two redirects, or change its source.',
      },
    ]);
  });
});

describe('rule 5 covers every URL the schema marks, whatever its key', () => {
  test('socials, logo files and href, favicon, background, navbar primary, footer links, global anchors, seo.organization.url', async () => {
    const link = 'Link to an http(s) URL or a page path instead.';
    const file = 'Use a file of the site ("/logo.svg") or an http(s) URL instead.';
    // (The global anchor also breaks rule 4, which wants an http(s) URL there; only rule 5 is looked at.)
    const found = (await diagnose(fixture('href-scheme/every-url'))).filter((d) => d.code === 'href-unsafe');
    assert.deepEqual(
      found.map((d) => [d.code, d.at, d.path, d.message, d.fix]),
      [
        ['href-unsafe', 'docs.json:3:35', 'logo.dark', '"dark" uses a javascript: URL, which runs code or hides content when loaded', file],
        ['href-unsafe', 'docs.json:3:71', 'logo.href', '"href" uses a javascript: URL, which runs code or hides content when clicked', link],
        // The favicon is a PNG image written as data: — shown as an image only, it runs nothing.
        ['href-unsafe', 'docs.json:5:19', 'background.image', '"image" uses a data: URL, which runs code or hides content when loaded', file],
        ['href-unsafe', 'docs.json:6:61', 'navbar.primary.href', '"href" uses a javascript: URL, which runs code or hides content when clicked', link],
        ['href-unsafe', 'docs.json:8:47', 'footer.socials.github', '"github" uses a javascript: URL, which runs code or hides content when clicked', link],
        ['href-unsafe', 'docs.json:9:63', 'footer.links[0].items[0].href', '"href" uses a javascript: URL, which runs code or hides content when clicked', link],
        ['href-unsafe', 'docs.json:11:48', 'seo.organization.url', '"url" uses a vbscript: URL, which runs code or hides content when clicked', link],
        ['href-unsafe', 'docs.json:13:48', 'navigation.global.anchors[0].href', '"href" uses a javascript: URL, which runs code or hides content when clicked', link],
      ],
    );
  });
});
