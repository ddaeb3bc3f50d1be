/**
 * The site's address for sitemap.xml and robots.txt (issue 31): `--url`, else the one the format
 * gives (`seo.metatags.canonical`); with neither, no sitemap (its URLs must be absolute), a
 * robots.txt without a `Sitemap:` line, and one warning that names --url.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';

async function site(t: { after(fn: () => Promise<void>): void }, seo?: object): Promise<{ root: string; out: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-sitemap-'));
  t.after(() => fs.rm(root, { recursive: true, force: true }));
  const config = { theme: 'mint', name: 'S', colors: { primary: '#0D9373' }, ...(seo ? { seo } : {}), navigation: { groups: [{ group: 'G', pages: ['index', 'guide'] }] } };
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  await fs.writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHome.\n');
  await fs.writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nGuide.\n');
  return { root, out: path.join(root, 'dist') };
}

test('without --url or a canonical address: no sitemap.xml, robots.txt names none, one warning naming --url', async (t) => {
  const { root, out } = await site(t);
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true);
  assert.equal(existsSync(path.join(out, 'sitemap.xml')), false);
  assert.equal(await fs.readFile(path.join(out, 'robots.txt'), 'utf8'), 'User-agent: *\nAllow: /\n');
  const warnings = result.diagnostics.filter((d) => d.code === 'sitemap-no-url');
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.file, 'docs.json');
  assert.match(warnings[0]!.fix ?? '', /--url/);
});

test('seo.metatags.canonical gives the address: absolute <loc>s and Sitemap line, canonical links, no warning', async (t) => {
  const { root, out } = await site(t, { metatags: { canonical: 'https://docs.example.com/docs' } });
  const result = await build({ root, outDir: out });
  assert.deepEqual(result.diagnostics, []);
  const sitemap = await fs.readFile(path.join(out, 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/docs\/guide<\/loc>/);
  assert.doesNotMatch(sitemap, /<loc>\//);
  assert.match(await fs.readFile(path.join(out, 'robots.txt'), 'utf8'), /^Sitemap: https:\/\/docs\.example\.com\/docs\/sitemap\.xml$/m);
  assert.match(await fs.readFile(path.join(out, 'llms.txt'), 'utf8'), /\(https:\/\/docs\.example\.com\/docs\/guide\.md\)/);
  assert.match(await fs.readFile(path.join(out, 'guide', 'index.html'), 'utf8'), /<link rel="canonical" href="https:\/\/docs\.example\.com\/docs\/guide">/);
});

test('--url wins over the canonical metatag', async (t) => {
  const { root, out } = await site(t, { metatags: { canonical: 'https://old.example.com' } });
  const result = await build({ root, outDir: out, siteUrl: 'https://new.example.com' });
  assert.deepEqual(result.diagnostics, []);
  assert.match(await fs.readFile(path.join(out, 'sitemap.xml'), 'utf8'), /<loc>https:\/\/new\.example\.com\/guide<\/loc>/);
});
