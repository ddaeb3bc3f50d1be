/**
 * `build()` end to end on the example site and on broken copies of small sites: what lands in the
 * output folder, what a failed build leaves behind, and the command's summary.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult } from '../../src/build/build.ts';
import { main, type Io } from '../../src/cli.ts';
import { validate } from '../../src/validate.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const CORPUS = '/work/shared/corpus';

async function tempDir(t: { after(fn: () => Promise<void>): void }, prefix = 'docjet-build-'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function read(dir: string, file: string): Promise<string> {
  return fs.readFile(path.join(dir, file), 'utf8');
}

describe('the example site', () => {
  let out: string;
  let result: BuildResult;
  before(async () => {
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-example-'));
    result = await build({ root: EXAMPLES, outDir: out, base: '/docs/', siteUrl: 'https://docs.example.com' });
  });

  test('builds without a problem, one HTML file per page', async () => {
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.ok, true);
    const site = (await validate({ root: EXAMPLES })).site!;
    assert.equal(result.stats.pages, site.pages.size);
    for (const route of site.pages.keys()) {
      assert.ok(existsSync(path.join(out, route === '' ? 'index.html' : `${route}/index.html`)), `missing ${route}`);
    }
    assert.equal(result.stats.endpointPages, 5);
  });

  test('links carry the base path; static files, the stylesheet and the script are there', async () => {
    const home = await read(out, 'index.html');
    assert.match(home, /<a class="nav-link" href="\/docs\/guides\/quickstart">/);
    const stylesheet = /<link rel="stylesheet" href="\/docs\/(_docjet\/docjet\.[0-9a-f]{10}\.css)">/.exec(home)?.[1];
    const script = /<script src="\/docs\/(_docjet\/docjet\.[0-9a-f]{10}\.js)" defer>/.exec(home)?.[1];
    assert.ok(stylesheet && existsSync(path.join(out, stylesheet)));
    assert.ok(script && existsSync(path.join(out, script)));
    assert.ok(existsSync(path.join(out, 'images/pipeline.svg')));
    assert.ok(existsSync(path.join(out, 'api/openapi.yaml')));
    assert.ok(!existsSync(path.join(out, 'docs.json')), 'the config is not published');
    // The site's colours reach the stylesheet.
    assert.match(await read(out, stylesheet!), /:root\{--dj-primary:#2563EB\}/);
  });

  test('math brings KaTeX\'s stylesheet and fonts, diagrams bring mermaid', async () => {
    assert.ok(existsSync(path.join(out, '_docjet/katex/katex.min.css')));
    assert.ok((await fs.readdir(path.join(out, '_docjet/katex/fonts'))).some((name) => name.endsWith('.woff2')));
    assert.ok(existsSync(path.join(out, '_docjet/mermaid.min.js')));
    const math = await read(out, 'components/diagrams-and-math/index.html');
    assert.match(math, /<link rel="stylesheet" href="\/docs\/_docjet\/katex\/katex\.min\.css">/);
    assert.ok(!(await read(out, 'guides/quickstart/index.html')).includes('katex.min.css'), 'pages without math do not load it');
  });

  test('Arabic pages are right-to-left, French ones left-to-right, each in its language', async () => {
    assert.match(await read(out, 'ar/index.html'), /^<!doctype html><html lang="ar" dir="rtl"/);
    assert.match(await read(out, 'fr/index.html'), /^<!doctype html><html lang="fr" dir="ltr"/);
    // The interface speaks the page's language.
    assert.match(await read(out, 'fr/index.html'), /<a class="skip-link" href="#content">Aller au contenu<\/a>/);
    assert.match(await read(out, 'fr/index.html'), /aria-label="Basculer le mode sombre"/);
  });

  test('redirects: a page per source, wildcards expanded, and a _redirects file', async () => {
    assert.match(await read(out, 'start/index.html'), /<meta http-equiv="refresh" content="0; url=\/docs\/guides\/quickstart">/);
    assert.match(await read(out, 'docs/navigation/overview/index.html'), /url=\/docs\/guides\/navigation\/overview"/);
    assert.equal(await read(out, '_redirects'), '/docs/start /docs/guides/quickstart 301\n/docs/docs/* /docs/guides/:splat 301\n');
    assert.equal(result.stats.redirects, 8);
  });

  test('sitemap.xml lists navigable pages with full URLs; robots.txt points at it; 404.html exists', async () => {
    const sitemap = await read(out, 'sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/docs\/guides\/quickstart<\/loc>/);
    assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/docs\/api-reference\/sites\/list-sites<\/loc>/);
    assert.equal(await read(out, 'robots.txt'), 'User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/docs/sitemap.xml\n');
    const notFound = await read(out, '404.html');
    assert.match(notFound, /<h1 class="page-title">Page not found<\/h1>/);
    assert.match(notFound, /<meta name="robots" content="noindex">/);
  });

  test('no placeholder icon is left empty: every icon the example names is drawn', async () => {
    const home = await read(out, 'index.html');
    assert.ok(!/<span class="icon" data-icon="[^"]*"[^>]*><\/span>/.test(home), 'an icon placeholder was not filled');
    assert.match(home, /<svg class="icon-svg"/);
  });
});

test('a config that breaks a rule fails with exactly its diagnostics and leaves the previous output', async (t) => {
  const dir = await tempDir(t);
  const site = path.join(dir, 'site');
  await fs.mkdir(site);
  await fs.writeFile(path.join(site, 'index.mdx'), '# Home\n');
  await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Broken', navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['index'] }], pages: ['index'] }] } }, null, 2));
  const out = path.join(dir, 'out');
  await fs.mkdir(out);
  await fs.writeFile(path.join(out, 'keep.html'), 'previous');
  const result = await build({ root: site, outDir: out });
  const validated = await validate({ root: site });
  assert.equal(result.ok, false);
  assert.deepEqual(result.diagnostics, validated.diagnostics);
  assert.deepEqual(result.diagnostics.map((diagnostic) => diagnostic.code), ['nav-mixed-children']);
  assert.deepEqual(await fs.readdir(out), ['keep.html']);
  assert.deepEqual((await fs.readdir(dir)).sort(), ['out', 'site'], 'no staging folder is left behind');
});

test('docjet build prints a summary; a failed build says nothing was written and exits 1', async (t) => {
  const dir = await tempDir(t);
  const lines: string[] = [];
  const io: Io = { out: (text) => lines.push(text), error: (text) => lines.push(text), progress: () => {}, color: false, interactive: false };
  const code = await main(['build', EXAMPLES, '--out', path.join(dir, 'site')], io);
  assert.equal(code, 0, lines.join('\n'));
  assert.match(lines.at(-1)!, /^✔ \d+ pages \(5 from OpenAPI\), 8 redirects, \d+ files copied · [\d.]+ s · \d+ pages\/s · [\d.]+ (KB|MB) → .*site\/ · 0 errors, 0 warnings$/);

  const broken = path.join(dir, 'broken');
  await fs.mkdir(broken);
  await fs.writeFile(path.join(broken, 'docs.json'), '{ "name": "x", "navigation": { "pages": ["missing"] } }');
  lines.length = 0;
  assert.equal(await main(['build', broken], io), 1);
  assert.match(lines.join('\n'), /docs\.json:1:\d+ error navigation\.pages\[0\]: .*missing/);
  assert.match(lines.at(-1)!, /^✖ 1 error, 0 warnings · nothing was written; .*dist is unchanged$/);
});

describe('corpus sites', { skip: !existsSync(CORPUS) && 'corpus not present' }, () => {
  test('ollama: every page on disk and every endpoint page gets its HTML file', async (t) => {
    const out = await tempDir(t);
    const root = path.join(CORPUS, 'ollama__ollama');
    const result = await build({ root, outDir: out });
    assert.equal(result.ok, true, result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.message}`).join('\n'));
    const site = (await validate({ root })).site!;
    for (const route of site.pages.keys()) assert.ok(existsSync(path.join(out, route === '' ? 'index.html' : `${route}/index.html`)), `missing ${route}`);
    assert.equal(result.stats.endpointPages, 12);
  });

  test('stagehand breaks the one-kind-of-child rule: the build fails with exactly those five errors', async (t) => {
    const out = await tempDir(t);
    const result = await build({ root: path.join(CORPUS, 'browserbase__stagehand'), outDir: path.join(out, 'dist') });
    assert.equal(result.ok, false);
    const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    assert.deepEqual(errors.map((error) => error.code), Array(5).fill('nav-mixed-children'));
    assert.ok(!existsSync(path.join(out, 'dist')));
  });
});
