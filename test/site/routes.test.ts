import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSite, page, titles } from './helpers.ts';

describe('routes and titles (fixture: routes)', () => {
  test('a page is served at its file path without extension; `index` at its folder', async () => {
    const site = await loadSite('routes');
    assert.deepEqual(
      [...site.pages.values()].map((each) => [each.route, each.source.type === 'file' ? each.source.file : '']),
      [
        ['', 'index.mdx'],
        ['guides/intro', 'guides/intro.mdx'],
        ['guides/setup', 'guides/setup.mdx'],
        ['guides', 'guides/index.mdx'],
        ['reference', 'reference/index.mdx'],
        ['guides/getting_started', 'guides/getting_started.mdx'],
        ['drafts/secret', 'drafts/secret.mdx'],
      ],
    );
  });

  test('`/guides/intro`, `./guides/setup`, and a folder name (`guides`, `reference`) for its index all resolve', async () => {
    const site = await loadSite('routes');
    const start = site.elements.get('navigation.groups[0]')!;
    assert.deepEqual(start.items, [
      { type: 'page', route: '' },
      { type: 'page', route: 'guides/intro' },
      { type: 'page', route: 'guides/setup' },
      { type: 'page', route: 'guides' },
      { type: 'page', route: 'reference' },
      { type: 'page', route: 'guides/getting_started' },
    ]);
  });

  test('the title is the frontmatter `title`, else derived from the file name', async () => {
    const site = await loadSite('routes');
    assert.deepEqual(titles(site), {
      '': 'Welcome',
      'guides/intro': 'Introduction to guides',
      'guides/setup': 'Set up',
      guides: 'Guides overview',
      // No frontmatter: the folder of an index, the file name with `_`/`-` as spaces.
      reference: 'Reference',
      'guides/getting_started': 'Getting started',
      'drafts/secret': 'Secret draft',
    });
  });

  test('the home page is `index` when it exists', async () => {
    const site = await loadSite('routes');
    assert.equal(site.home, '');
  });

  test('a page on disk that no navigation lists is a page all the same: routed, hidden, placed nowhere', async () => {
    const site = await loadSite('routes');
    const orphan = page(site, 'drafts/secret');
    assert.deepEqual(
      { route: orphan.route, title: orphan.title, hidden: orphan.hidden, placements: orphan.placements, alternates: orphan.alternates },
      { route: 'drafts/secret', title: 'Secret draft', hidden: true, placements: [], alternates: { versions: [], languages: [] } },
    );
    assert.equal(
      [...site.sections.values()].some((section) => section.pages.includes('drafts/secret')),
      false,
    );
  });

  test('listed pages are not hidden', async () => {
    const site = await loadSite('routes');
    assert.deepEqual(
      [...site.pages.values()].filter((each) => each.hidden).map((each) => each.route),
      ['drafts/secret'],
    );
  });
});

test('root repository files are pages on disk; snippets are pages only when the navigation lists them', async (t) => {
  const fs = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const { validate } = await import('../../src/validate.ts');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-unlisted-'));
  t.after(() => fs.rm(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'T', navigation: { pages: ['index', 'CHANGELOG', 'snippets/listed'] } }),
    'index.mdx': '# Home\n',
    'README.md': '# About this repository\n',
    'CHANGELOG.md': '# Changes\n',
    'snippets/note.mdx': 'A reusable note.\n',
    'snippets/listed.mdx': 'Listed on purpose.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  const { site, diagnostics } = await validate({ root });
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([...site!.pages.keys()].sort(), ['', 'CHANGELOG', 'README', 'snippets/listed']);
  assert.equal(site!.pages.get('README')!.hidden, true, 'not in the sidebar');
  assert.deepEqual(site!.pages.get('README')!.placements, []);
});
