/**
 * The frontmatter cache of `docjet dev` (`.docjet/cache/dev/pages.json`): a start after the first
 * reads only the pages that changed since; a page changed just before a first start (which stamps
 * pages after reading them) is left out; a damaged cache or one written by another version is
 * ignored; and a `.docjet` that is a link out of the site is not written through.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { readSources } from '../../src/dev/site-sources.ts';

const CACHE = path.join('.docjet', 'cache', 'dev', 'pages.json');

/** Clocks a few seconds on, as if the site had been written well before the start (a first start caches only such pages). */
function later(t: TestContext): void {
  t.mock.timers.enable({ apis: ['Date'], now: Date.now() + 5000 });
}

async function site(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-meta-cache-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await mkdir(root);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Harbor', theme: 'mint', navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] } }));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead me.\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\ntitle: Twice\n---\n\nInstall it.\n');
  return root;
}

async function titles(root: string): Promise<Record<string, string>> {
  const { sources, save } = await readSources(root);
  await save();
  return Object.fromEntries([...sources.meta].map(([id, meta]) => [id, meta.title]));
}

/** Rewrites the cached title of a page, to tell a cached answer from a fresh read. */
async function tamper(root: string, file: string, title: string): Promise<void> {
  const cache = JSON.parse(await readFile(path.join(root, CACHE), 'utf8')) as { entries: Record<string, { meta: { title: string } }> };
  cache.entries[file]!.meta.title = title;
  await writeFile(path.join(root, CACHE), JSON.stringify(cache));
}

test('a later start takes unchanged pages from the cache and reads the changed ones', async (t) => {
  const root = await site(t);
  later(t);
  const first = await readSources(root);
  assert.deepEqual(
    first.sources.metaDiagnostics.get('setup')?.map((d) => d.line),
    [3],
    'the repeated key is reported',
  );
  await first.save();
  await tamper(root, 'guide.mdx', 'From the cache');
  await tamper(root, 'setup.mdx', 'From the cache');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Set up\n---\n\nInstall it.\n');
  assert.deepEqual(await titles(root), { guide: 'From the cache', setup: 'Set up' });
  const again = await readSources(root);
  assert.deepEqual(again.sources.metaDiagnostics.get('setup'), [], 'the edited page has no problem any more');
});

test('a damaged cache, or one another version wrote, is ignored', async (t) => {
  const root = await site(t);
  later(t);
  await titles(root);
  await tamper(root, 'guide.mdx', 'From the cache');
  const cache = JSON.parse(await readFile(path.join(root, CACHE), 'utf8')) as Record<string, unknown>;
  await writeFile(path.join(root, CACHE), JSON.stringify({ ...cache, version: '0.0.0-other' }));
  assert.equal((await titles(root))['guide'], 'Guide');
  await writeFile(path.join(root, CACHE), '{ not json');
  assert.equal((await titles(root))['guide'], 'Guide');
});

test('a .docjet folder that is a link out of the site is not written through', async (t) => {
  const root = await site(t);
  const outside = path.join(path.dirname(root), 'elsewhere');
  await mkdir(outside);
  await symlink(outside, path.join(root, '.docjet'));
  assert.deepEqual(await titles(root), { guide: 'Guide', setup: 'Setup' });
  assert.deepEqual(await readdir(outside), []);
});

test('a first start leaves out the pages changed just before it, which it may have read before the change', async (t) => {
  const root = await site(t);
  await titles(root);
  const cache = JSON.parse(await readFile(path.join(root, CACHE), 'utf8')) as { entries: Record<string, unknown> };
  assert.deepEqual(Object.keys(cache.entries), [], 'both pages were written a moment ago');
  later(t);
  await titles(root);
  await tamper(root, 'guide.mdx', 'From the cache');
  assert.equal((await titles(root))['guide'], 'From the cache', 'once older than the margin, they are cached');
});
