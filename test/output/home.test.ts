/**
 * Home (format-behaviour.md §Home): a site without an `index` page opens on the first page of its
 * navigation, at `/` and at the root of each language or version folder, and its 404 page sends
 * the reader home once, never to itself.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';

let scratch: string;

async function site(name: string, config: object, pages: readonly string[]): Promise<string> {
  const root = path.join(scratch, name);
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  for (const page of pages) {
    await mkdir(path.dirname(path.join(root, `${page}.mdx`)), { recursive: true });
    await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\nText of ${page}.\n`);
  }
  return root;
}

/** Where the redirect page written for `route` leads (its meta refresh). */
async function leadsTo(out: string, route: string): Promise<string | undefined> {
  const html = await readFile(path.join(out, route, 'index.html'), 'utf8');
  return /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(html)?.[1];
}

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-home-'));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test('no index page: / and each language folder lead to their first page', async () => {
  const root = await site(
    'languages',
    {
      name: 'Home',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['en/quickstart', 'en/setup'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/demarrage'] }] },
        ],
      },
    },
    ['en/quickstart', 'en/setup', 'fr/demarrage'],
  );
  const out = path.join(scratch, 'languages-dist');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.equal(await leadsTo(out, ''), '/en/quickstart');
  assert.equal(await leadsTo(out, 'en'), '/en/quickstart');
  assert.equal(await leadsTo(out, 'fr'), '/fr/demarrage');
  // Hosts that read _redirects answer these with a redirect status before any file.
  assert.equal(await readFile(path.join(out, '_redirects'), 'utf8'), '/ /en/quickstart 302\n/en /en/quickstart 302\n/fr /fr/demarrage 302\n');
  // The first page itself is a page, not a redirect.
  assert.equal(await leadsTo(out, 'en/quickstart'), undefined);
});

test('an index page stays the home page, and a redirect the site wrote for / wins', async () => {
  const root = await site('index', { name: 'Home', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['guide', 'index'] } }, ['guide', 'index']);
  const out = path.join(scratch, 'index-dist');
  assert.equal((await build({ root, outDir: out })).ok, true);
  assert.equal(await leadsTo(out, ''), undefined);
  assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), /Text of index\./);

  const redirected = await site(
    'redirected',
    { name: 'Home', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['guide', 'other'] }, redirects: [{ source: '/', destination: '/other' }] },
    ['guide', 'other'],
  );
  const out2 = path.join(scratch, 'redirected-dist');
  assert.equal((await build({ root: redirected, outDir: out2 })).ok, true);
  assert.equal(await leadsTo(out2, ''), '/other');
});

test('the 404 page redirects home (a page, so once), and not at all when the site has no page', async () => {
  const root = await site('not-found', { name: 'Home', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['guide'] } }, ['guide']);
  const out = path.join(scratch, 'not-found-dist');
  assert.equal((await build({ root, outDir: out })).ok, true);
  const notFound = await readFile(path.join(out, '404.html'), 'utf8');
  assert.match(notFound, /<meta http-equiv="refresh" content="0; url=\/">/);
  assert.equal(await leadsTo(out, ''), '/guide');

  const empty = await site('empty', { name: 'Home', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['missing'] } }, []);
  const out2 = path.join(scratch, 'empty-dist');
  assert.equal((await build({ root: empty, outDir: out2 })).ok, true);
  assert.doesNotMatch(await readFile(path.join(out2, '404.html'), 'utf8'), /http-equiv="refresh"/);
});
