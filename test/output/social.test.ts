/**
 * Social cards and structured data (issue 29): `og:image` / `twitter:image` per page from its
 * frontmatter, `seo.paths` or `seo.metatags`; where `thumbnails` asks for cards, a 1200 × 630 PNG
 * drawn at build time (satori + resvg) from the page's title and description and the site's logo
 * and colours, kept in `.docjet/cache/cards/` by content; JSON-LD from `seo.organization`.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { dev } from '../../src/dev/dev-server.ts';
import { validate } from '../../src/validate/index.ts';
import { fetchRaw } from '../support/http.ts';

let scratch: string;
let root: string;
const SITE_URL = 'https://docs.example.com';

const CONFIG = {
  name: 'Harbor',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  logo: '/logo.svg',
  thumbnails: { appearance: 'dark', fonts: { family: 'Inter' } },
  seo: {
    paths: [{ path: 'guides', metatags: { 'og:image': 'https://cdn.example.com/guides.png' } }],
    organization: { name: 'Harbor Inc.', url: 'https://example.com', sameAs: ['https://github.com/harbor'] },
  },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'own-image', 'guides/install', 'secret'] }] },
};

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-social-'));
  root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(CONFIG, null, 2));
  await writeFile(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0D9373"/></svg>');
  await writeFile(
    path.join(root, 'index.mdx'),
    '---\ntitle: Welcome </script><script>alert(1)</script>\ndescription: Ship docs fast.\nkeywords: ["docs", "harbor"]\n---\n\nHello.\n',
  );
  await writeFile(path.join(root, 'own-image.mdx'), '---\ntitle: Own image\n"og:image": https://cdn.example.com/own.png\n---\n\nText.\n');
  await writeFile(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install\n---\n\nSteps.\n');
  await writeFile(path.join(root, 'secret.mdx'), '---\ntitle: Secret\nnoindex: true\n---\n\nText.\n');
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The content of each `<meta property|name="key">` of a page. */
function metaOf(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags.set(match[1]!, match[2]!);
  return tags;
}

function pngSize(bytes: Buffer): [number, number] {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('build: a generated card for pages that name no image, the page or seo.paths image otherwise; cards come from the cache next time', async () => {
  const out = path.join(scratch, 'dist');
  const result = await build({ root, outDir: out, siteUrl: SITE_URL });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));

  const home = metaOf(await readFile(path.join(out, 'index.html'), 'utf8'));
  const card = home.get('og:image')!;
  assert.match(card, /^https:\/\/docs\.example\.com\/_docjet\/cards\/[0-9a-f]{20}\.png$/);
  assert.deepEqual([home.get('twitter:image'), home.get('twitter:card'), home.get('og:image:width'), home.get('og:image:height')], [card, 'summary_large_image', '1200', '630']);
  const png = await readFile(path.join(out, card.slice(SITE_URL.length + 1)));
  assert.deepEqual(pngSize(png), [1200, 630]);

  const own = metaOf(await readFile(path.join(out, 'own-image', 'index.html'), 'utf8'));
  assert.deepEqual([own.get('og:image'), own.get('twitter:image'), own.get('og:image:width')], ['https://cdn.example.com/own.png', 'https://cdn.example.com/own.png', undefined]);
  const guide = metaOf(await readFile(path.join(out, 'guides', 'install', 'index.html'), 'utf8'));
  assert.equal(guide.get('og:image'), 'https://cdn.example.com/guides.png');
  // Cards only for the two pages that need one (home and the noindex page).
  assert.equal((await readdir(path.join(out, '_docjet', 'cards'))).length, 2);

  // The second build reads the card from the cache rather than drawing it again.
  const cache = path.join(root, '.docjet', 'cache', 'cards');
  const cached = await readdir(cache);
  assert.equal(cached.filter((name) => name.endsWith('.png')).length, 2);
  const marker = Buffer.concat([png.subarray(0, 24), Buffer.from('cached copy')]);
  for (const name of cached) await writeFile(path.join(cache, name), marker);
  const again = await build({ root, outDir: out, siteUrl: SITE_URL });
  assert.equal(again.ok, true);
  assert.deepEqual(await readFile(path.join(out, card.slice(SITE_URL.length + 1))), marker);
  await rm(path.join(root, '.docjet'), { recursive: true, force: true });
});

test('JSON-LD: the publisher from seo.organization, the page, its breadcrumbs; data that cannot end its script; none on a noindex page', async () => {
  const out = path.join(scratch, 'dist-ld');
  const result = await build({ root, outDir: out, siteUrl: SITE_URL });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const html = await readFile(path.join(out, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  assert.equal(scripts.length, 1);
  assert.doesNotMatch(scripts[0]![1]!, /<\/?script/i);
  const data = JSON.parse(scripts[0]![1]!);
  const byType = new Map<string, Record<string, unknown>>(data['@graph'].map((entity: Record<string, unknown>) => [entity['@type'], entity]));
  assert.deepEqual(byType.get('Organization'), {
    '@type': 'Organization',
    '@id': 'https://docs.example.com/#organization',
    name: 'Harbor Inc.',
    url: 'https://example.com',
    logo: 'https://docs.example.com/logo.svg',
    sameAs: ['https://github.com/harbor'],
  });
  assert.equal(byType.get('WebPage')!['url'], 'https://docs.example.com/');
  assert.equal(byType.get('TechArticle')!['headline'], 'Welcome </script><script>alert(1)</script>');
  assert.equal(byType.get('TechArticle')!['keywords'], 'docs, harbor');
  assert.deepEqual(
    (byType.get('BreadcrumbList')!['itemListElement'] as { name: string }[]).map((item) => item.name),
    ['Start', 'Welcome </script><script>alert(1)</script>'],
  );
  assert.doesNotMatch(await readFile(path.join(out, 'secret', 'index.html'), 'utf8'), /application\/ld\+json/);
});

test('thumbnails.fonts is not applied: setting-no-effect at its line', async () => {
  const result = await validate({ root });
  const found = result.diagnostics.filter((each) => each.code === 'setting-no-effect');
  assert.deepEqual(
    found.map((each) => [each.file, each.line, each.message]),
    [
      [
        'docs.json',
        10,
        '"thumbnails.fonts" has no effect yet: social cards are drawn with a sans-serif font of this machine (or KaTeX\'s, which docjet ships); docjet downloads no fonts',
      ],
    ],
  );
});

test('a thumbnails.background docjet cannot draw on (a remote image) is setting-no-effect at its line; a site image is not', async () => {
  const other = path.join(scratch, 'remote-background');
  await mkdir(other, { recursive: true });
  await writeFile(path.join(other, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  const config = (background: string) => JSON.stringify({ name: 'Harbor', theme: 'mint', thumbnails: { background }, navigation: { pages: ['index'] } }, null, 2);
  await writeFile(path.join(other, 'docs.json'), config('https://cdn.example.com/og-background.png'));
  const remote = (await validate({ root: other })).diagnostics.filter((each) => each.code === 'setting-no-effect');
  assert.deepEqual(
    remote.map((each) => [each.line, each.message]),
    [
      [
        5,
        '"thumbnails.background" has no effect yet: social cards are drawn on an image file of the site (PNG, JPEG, GIF or SVG); docjet fetches no remote image, and draws the card without it',
      ],
    ],
  );
  await writeFile(path.join(other, 'docs.json'), config('/images/og-background.svg'));
  assert.deepEqual(
    (await validate({ root: other })).diagnostics.filter((each) => each.code === 'setting-no-effect'),
    [],
  );
});

test('docjet dev draws the card a page links to on request', async (t) => {
  const server = await dev({ root, port: 0, watch: false, ahead: false });
  let closed = false;
  t.after(() => (closed ? undefined : server.close()));
  await server.ready;
  const page = await fetchRaw(server, '/');
  const href = metaOf(page.body).get('og:image')!;
  assert.match(href, /^\/_docjet\/cards\/[0-9a-f]{20}\.png$/);
  const card = await fetch(new URL(href, server.url));
  assert.deepEqual([card.status, card.headers.get('content-type')], [200, 'image/png']);
  assert.deepEqual(pngSize(Buffer.from(await card.arrayBuffer())), [1200, 630]);
  assert.equal((await fetchRaw(server, '/_docjet/cards/00000000000000000000.png')).status, 404);
  // Closed first: dev writes its cache under .docjet until it stops, and a folder removed meanwhile is not empty.
  await server.close();
  closed = true;
  await rm(path.join(root, '.docjet'), { recursive: true, force: true });
});
