import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { validate } from '../../src/validate/index.ts';
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

test('root repository files are pages on disk (those the hosted product ignores are not); snippets are pages only when the navigation lists them', async (t) => {
  const fs = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const { validate } = await import('../../src/validate/index.ts');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-unlisted-'));
  t.after(() => fs.rm(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'T', navigation: { pages: ['index', 'SECURITY', 'snippets/listed'] } }),
    'index.mdx': '# Home\n',
    'README.md': '# About this repository\n', // ignored by default, as by the hosted product
    'CHANGELOG.md': '# Changes\n',
    'SECURITY.md': '# Reporting a vulnerability\n',
    'CODE_OF_CONDUCT.md': '# Be kind\n',
    'snippets/note.mdx': 'A reusable note.\n',
    'snippets/listed.mdx': 'Listed on purpose.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  const { site, diagnostics } = await validate({ root });
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([...site!.pages.keys()].sort(), ['', 'CODE_OF_CONDUCT', 'SECURITY', 'snippets/listed']);
  assert.equal(site!.pages.get('CODE_OF_CONDUCT')!.hidden, true, 'not in the sidebar');
  assert.deepEqual(site!.pages.get('CODE_OF_CONDUCT')!.placements, []);
});

describe('long endpoint summaries (bounds)', () => {
  test('summaries of 300+ characters (Latin and CJK) build; every route segment fits a file name', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docjet-long-routes-'));
    try {
      const latin = `Create or update ${'a very long description of what this endpoint does '.repeat(7)}`;
      const cjk = '创建或更新组织机密'.repeat(12);
      const spec = {
        openapi: '3.1.0',
        info: { title: 'Long', version: '1' },
        paths: {
          '/a': { get: { summary: `${latin} one`, responses: {} } },
          '/b': { get: { summary: `${latin} two`, responses: {} } },
          '/c': { get: { summary: cjk, tags: [cjk], responses: {} } },
        },
      };
      await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec));
      await writeFile(path.join(root, 'index.mdx'), '# Home\n');
      await writeFile(
        path.join(root, 'docs.json'),
        JSON.stringify({
          name: 'Long',
          theme: 'mint',
          colors: { primary: '#000000' },
          navigation: {
            groups: [
              { group: 'Start', pages: ['index'] },
              { group: 'API', openapi: 'openapi.json' },
            ],
          },
        }),
      );
      const validated = await validate({ root });
      assert.deepEqual(
        validated.diagnostics.filter((each) => each.severity === 'error'),
        [],
      );
      const routes = [...validated.site!.pages.keys()].filter((route) => route.startsWith('api-reference'));
      // Three endpoint pages and the spec's API overview.
      assert.equal(routes.length, 4);
      assert.equal(new Set(routes).size, 4);
      for (const route of routes) for (const segment of route.split('/')) assert.ok(Buffer.byteLength(segment) <= 200, segment);
      assert.ok(
        routes.some((route) => route.endsWith('-1')),
        'the two summaries that cut the same are told apart',
      );

      const out = path.join(root, 'dist');
      await mkdir(out, { recursive: true });
      const built = await build({ root, outDir: out });
      assert.equal(built.ok, true, JSON.stringify(built.diagnostics.filter((each) => each.severity === 'error')));
      assert.equal((await readdir(path.join(out, 'api-reference'))).length >= 1, true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
