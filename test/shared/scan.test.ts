import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSite } from '../../src/shared/scan.ts';

const fixture = fileURLToPath(new URL('../fixtures/content/scan-site/', import.meta.url));

async function tempDir(t: { after: (fn: () => Promise<void>) => void }): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'docjet-scan-')));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

/**
 * The committed fixture plus the folders git would not keep (`node_modules`, `dist` and `.git` are
 * git-ignored or special), added in a temporary copy.
 */
async function fixtureCopy(t: { after: (fn: () => Promise<void>) => void }): Promise<string> {
  const root = await tempDir(t);
  await cp(fixture, root, { recursive: true });
  await writeFiles(root, {
    'node_modules/pkg/README.md': '# pkg\n',
    'node_modules/pkg/page.mdx': '# not a page\n',
    'guides/node_modules/dep.mdx': '# not a page either\n',
    'dist/index.mdx': '# built output\n',
    'dist/out.html': '<p>built</p>\n',
    '.docjet/cache.mdx': '# cache\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.vscode/notes.mdx': '# editor notes\n',
    'site-out/page.mdx': '# another output folder\n',
  });
  return root;
}

const page = (id: string, ext: '.mdx' | '.md', unlisted?: 'repository' | 'snippet') => [id, { id, file: `${id}${ext}`, ext, ...(unlisted ? { unlisted } : {}) }] as const;

test('scanSite finds pages and assets, honouring .mintignore and the skipped folders', async (t) => {
  const root = await fixtureCopy(t);
  const { files, diagnostics } = await scanSite({ root });

  assert.equal(files.root, root);
  assert.deepEqual(
    [...files.pages],
    [
      // README.md, CONTRIBUTING.md and license.md (at any depth, any case) are left out as the hosted product leaves them out.
      page('SECURITY', '.mdx'), // only the `.md` spelling is a repository file
      page('guides/both', '.mdx'),
      page('guides/intro', '.mdx'),
      page('guides/keep.draft', '.mdx'), // `!keep.draft.mdx` re-includes it
      page('guides/private', '.mdx'), // `/private.mdx` is anchored to the root
      page('guides/setup', '.md'),
      page('index', '.mdx'),
      page('site-out/page', '.mdx'), // not the output folder by default
      page('snippets/note', '.mdx', 'snippet'), // included by pages, never a page of its own unless listed
    ],
  );
  // `*.yaml` is ignored but `!api/openapi.yaml` brings it back; dot-files are never assets.
  assert.deepEqual(files.assets, ['api/openapi.yaml', 'docs.json', 'images/logo.svg']);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['duplicate-page-file'],
  );
});

test('scanSite leaves out ignored files, dependency, output, cache and dot folders', async (t) => {
  const root = await fixtureCopy(t);
  const { files } = await scanSite({ root });
  const all = [...[...files.pages.values()].map((p) => p.file), ...files.assets];
  for (const absent of [
    'drafts/one.mdx', // `drafts/` — and `!drafts/one.mdx` cannot re-include a file in an excluded folder, as in git
    'guides/wip.draft.mdx', // `*.draft.mdx`
    'private.mdx', // `/private.mdx`
    'node_modules/pkg/page.mdx',
    'guides/node_modules/dep.mdx',
    'dist/index.mdx',
    'dist/out.html',
    '.docjet/cache.mdx',
    '.git/HEAD',
    '.github/README.md',
    '.vscode/notes.mdx',
    'guides/.drafts/secret.mdx',
    '.env',
    '.mintignore',
  ]) {
    assert.equal(all.includes(absent), false, absent);
  }
});

test('scanSite skips the configured output folder instead of dist', async (t) => {
  const root = await fixtureCopy(t);
  for (const outDir of ['site-out', './site-out/', path.join(root, 'site-out')]) {
    const { files } = await scanSite({ root, outDir });
    assert.equal(files.pages.has('site-out/page'), false, outDir);
    // `dist/` at the root is one of the hosted product's default ignored folders, output folder or not.
    assert.equal(files.pages.has('dist/index'), false, outDir);
    assert.equal(files.assets.includes('dist/out.html'), false, outDir);
  }
});

test('scanSite prefers x.mdx over x.md and says so', async (t) => {
  const root = await fixtureCopy(t);
  const { files, diagnostics } = await scanSite({ root });
  assert.deepEqual(files.pages.get('guides/both'), { id: 'guides/both', file: 'guides/both.mdx', ext: '.mdx' });
  assert.deepEqual(diagnostics, [
    {
      severity: 'warning',
      code: 'duplicate-page-file',
      file: 'guides/both.md',
      line: 0,
      column: 0,
      message: '`guides/both.md` and `guides/both.mdx` are both the page `guides/both`; `guides/both.mdx` is used and `guides/both.md` is ignored',
      fix: 'Delete or rename one of them, or list `guides/both.md` in `.mintignore`.',
    },
  ]);
});

test('scanSite output is deterministic', async (t) => {
  const root = await fixtureCopy(t);
  const first = await scanSite({ root });
  const second = await scanSite({ root });
  assert.deepEqual([...second.files.pages.keys()], [...first.files.pages.keys()]);
  assert.deepEqual(second, first);
});

test('scanSite follows symlinks inside the root and skips the others with a warning', { skip: process.platform === 'win32' }, async (t) => {
  const base = await tempDir(t);
  const root = path.join(base, 'site');
  const outside = path.join(base, 'outside');
  await writeFiles(root, {
    'docs.json': '{}\n',
    'guides/real.mdx': '# Real\n',
    'shared/part.mdx': '# Part\n',
  });
  await writeFiles(outside, { 'x.mdx': '# Outside\n' });
  await symlink('guides/real.mdx', path.join(root, 'linked-file.mdx'));
  await symlink('shared', path.join(root, 'linked-folder'));
  await symlink('..', path.join(root, 'guides/loop'));
  await symlink('.', path.join(root, 'self'));
  await symlink('../outside/x.mdx', path.join(root, 'outside-file.mdx'));
  await symlink(outside, path.join(root, 'outside-folder'));
  await symlink('missing.mdx', path.join(root, 'broken.mdx'));
  await symlink('b', path.join(root, 'a'));
  await symlink('a', path.join(root, 'b'));

  const { files, diagnostics } = await scanSite({ root });

  assert.deepEqual([...files.pages.keys()], ['guides/real', 'linked-file', 'linked-folder/part', 'shared/part']);
  assert.deepEqual(files.pages.get('linked-file'), { id: 'linked-file', file: 'linked-file.mdx', ext: '.mdx' });
  assert.deepEqual(files.assets, ['docs.json']);

  const cycle = (file: string, where: string) => ({
    severity: 'warning',
    code: 'symlink-cycle',
    file,
    line: 0,
    column: 0,
    message: `the symlink points at \`${where}\`, a folder that contains it, which would repeat forever, so it is skipped`,
    fix: 'Point the symlink at a folder that does not contain it.',
  });
  const loop = (file: string) => ({
    severity: 'warning',
    code: 'symlink-cycle',
    file,
    line: 0,
    column: 0,
    message: 'the symlink points, through other symlinks, back at itself, so it is skipped',
    fix: 'Point the symlink at a real file or folder.',
  });
  const out = (file: string, target: string) => ({
    severity: 'warning',
    code: 'symlink-outside-root',
    file,
    line: 0,
    column: 0,
    message: `the symlink points outside the site folder (at \`${target}\`), so it is skipped`,
    fix: 'Copy the file into the site folder, or point the symlink at a file inside it.',
  });
  assert.deepEqual(diagnostics, [
    loop('a'),
    loop('b'),
    {
      severity: 'warning',
      code: 'symlink-broken',
      file: 'broken.mdx',
      line: 0,
      column: 0,
      message: 'the symlink points at a file that does not exist, so it is skipped',
      fix: 'Fix the symlink’s target or delete the symlink.',
    },
    cycle('guides/loop', '.'),
    out('outside-file.mdx', path.join(outside, 'x.mdx')),
    out('outside-folder', outside),
    cycle('self', '.'),
  ]);
});

test('scanSite catches a loop that runs through a linked folder', { skip: process.platform === 'win32' }, async (t) => {
  const root = await tempDir(t);
  await writeFiles(root, { 'a/page.mdx': '# A\n', 'b/page.mdx': '# B\n' });
  await symlink('../b', path.join(root, 'a/to-b'));
  await symlink('../a', path.join(root, 'b/to-a'));

  const { files, diagnostics } = await scanSite({ root });

  assert.deepEqual([...files.pages.keys()], ['a/page', 'a/to-b/page', 'b/page', 'b/to-a/page']);
  assert.deepEqual(
    diagnostics.map((d) => `${d.code} ${d.file}`),
    ['symlink-cycle a/to-b/to-a', 'symlink-cycle b/to-a/to-b'],
  );
});

test('scanSite reports a missing site folder instead of throwing', async (t) => {
  const root = path.join(await tempDir(t), 'nope');
  const { files, diagnostics } = await scanSite({ root });
  assert.deepEqual([...files.pages], []);
  assert.deepEqual(files.assets, []);
  assert.deepEqual(
    diagnostics.map((d) => [d.severity, d.code]),
    [['error', 'site-folder-missing']],
  );
});

test('scanSite reports a .mintignore it cannot read', async (t) => {
  const root = await tempDir(t);
  await writeFiles(root, { 'index.mdx': '# Home\n', '.mintignore/oops': '' });
  const { files, diagnostics } = await scanSite({ root });
  assert.deepEqual([...files.pages.keys()], ['index']);
  assert.deepEqual(diagnostics, [
    {
      severity: 'error',
      code: 'mintignore-unreadable',
      file: '.mintignore',
      line: 0,
      column: 0,
      message: '`.mintignore` could not be read (EISDIR), so no file is left out by it',
      fix: 'Make `.mintignore` a readable text file, or delete it.',
    },
  ]);
});

test('scanSite does not read a .mintignore that is a symlink out of the site folder', { skip: process.platform === 'win32' }, async (t) => {
  const base = await tempDir(t);
  const root = path.join(base, 'site');
  await writeFiles(base, { 'other-ignore': 'drafts/\n' });
  await writeFiles(root, { 'index.mdx': '# Home\n', 'drafts/wip.mdx': '# WIP\n' });
  await symlink('../other-ignore', path.join(root, '.mintignore'));
  const { diagnostics } = await scanSite({ root });
  assert.deepEqual(diagnostics, [
    {
      severity: 'error',
      code: 'mintignore-unreadable',
      file: '.mintignore',
      line: 0,
      column: 0,
      message: '`.mintignore` could not be read (it is a symbolic link to a file outside the site folder), so no file is left out by it',
      fix: 'Make `.mintignore` a readable text file, or delete it.',
    },
  ]);
});

test('a build copies nothing from outside the site folder: links out of a linked folder, relative climbs, a root reached through a link', {
  skip: process.platform === 'win32',
}, async (t) => {
  const base = await tempDir(t);
  const real = path.join(base, 'real-site');
  await writeFiles(base, { 'outside/secret.txt': 'OUTSIDE-SECRET\n', 'outside/page.mdx': '# OUTSIDE-PAGE\n' });
  await writeFiles(real, {
    'docs.json': '{ "name": "Links", "navigation": { "pages": ["index"] } }\n',
    'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
    'shared/logo.txt': 'inside\n',
  });
  // Inside a folder that is itself reached through a link, links that climb out of the root.
  await symlink('../../outside/secret.txt', path.join(real, 'shared/up.txt'));
  await symlink('../../outside', path.join(real, 'shared/out'));
  await symlink('shared', path.join(real, 'linked'));
  await symlink('../outside/page.mdx', path.join(real, 'page.mdx'));
  // The root given to docjet is a link to the real folder: links back into it are inside.
  await symlink('real-site', path.join(base, 'site'));
  await symlink(path.join(base, 'site', 'shared', 'logo.txt'), path.join(real, 'via-root-link.txt'));
  const { build } = await import('../../src/output/build.ts');
  const out = path.join(base, 'out');
  const result = await build({ root: path.join(base, 'site'), outDir: out });
  assert.equal(result.ok, true);
  const written = (await readdir(out, { recursive: true }))
    .map(String)
    .filter((file) => !file.startsWith('_docjet'))
    .sort();
  assert.deepEqual(
    written.filter((file) => /\.(txt|mdx|html)$/.test(file)),
    ['404.html', 'index.html', 'linked/logo.txt', 'llms-full.txt', 'llms.txt', 'robots.txt', 'shared/logo.txt', 'via-root-link.txt'],
  );
  for (const file of written) {
    const full = path.join(out, file);
    if ((await stat(full)).isFile()) assert.doesNotMatch(await readFile(full, 'utf8'), /OUTSIDE/, file);
  }
});

test('scanSite leaves out what the hosted product leaves out by default, and .mintignore can bring it back', async (t) => {
  const root = await tempDir(t);
  await writeFiles(root, {
    'docs.json': '{}',
    'index.mdx': '# Home\n',
    'README.md': '# Repository\n',
    'CLAUDE.md': '# Agent notes\n',
    'AGENTS.md': '# Agent notes\n',
    'CHANGELOG.md': '# Changes\n',
    'package.json': '{}',
    'package-lock.json': '{}',
    'build/index.mdx': '# build output\n',
    'tmp/scratch.mdx': '# scratch\n',
    'coverage/report.html': '<p>coverage</p>\n',
    'guides/build/first.mdx': '# a page in a folder called build\n',
    'guides/README.md': '# folder notes\n',
    'guides/README.mdx': '# a page called README\n',
    'examples/package.json': '{}',
  });
  const { files } = await scanSite({ root });
  assert.deepEqual([...files.pages.keys()], ['guides/README', 'guides/build/first', 'index']);
  assert.equal(files.pages.get('guides/README')!.file, 'guides/README.mdx');
  assert.deepEqual(files.assets, ['docs.json', 'examples/package.json']);

  await writeFile(path.join(root, '.mintignore'), '!README.md\n');
  const again = await scanSite({ root });
  assert.ok(again.files.pages.has('README'));
});
