/**
 * `build()` end to end on the example site and on broken copies of small sites: what lands in the
 * output folder, what a failed build leaves behind, and the command's summary.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult } from '../../src/output/build.ts';
import { displayPath, stageOutput } from '../../src/output/output.ts';
import { main, type Io } from '../../src/cli.ts';
import { validate } from '../../src/validate/index.ts';
import { LONG_RUN } from '../support/long-runs.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const CORPUS = '/work/shared/corpus';

async function tempDir(t: { after(fn: () => Promise<void>): void }, prefix = 'docjet-build-'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A docjet output in `out` holding `files`, as an earlier build leaves it (with its record). */
async function previousOutput(out: string, files: Record<string, string>): Promise<void> {
  const output = await stageOutput({ target: out });
  for (const [name, text] of Object.entries(files)) await output.write(name, text);
  await output.commit();
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
  // Every run left a copy of the built example site in the temporary folder.
  after(() => fs.rm(out, { recursive: true, force: true }));

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
    assert.match(await read(out, stylesheet!), /:root\{--dj-primary:#2563EB;--dj-primary-text:#[\da-f]{6};--dj-on-primary:#ffffff\}/);
  });

  test("math brings KaTeX's stylesheet and fonts, diagrams bring mermaid", async () => {
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
  await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Broken', navigation: { groups: [{ group: 'G', pages: ['index'] }], pages: ['index'] } }, null, 2));
  const out = path.join(dir, 'out');
  await previousOutput(out, { 'keep.html': 'previous' });
  const result = await build({ root: site, outDir: out });
  const validated = await validate({ root: site });
  assert.equal(result.ok, false);
  assert.deepEqual(result.diagnostics, validated.diagnostics);
  assert.deepEqual(
    result.diagnostics.map((diagnostic) => diagnostic.code),
    ['nav-multiple-patterns'],
  );
  assert.deepEqual((await fs.readdir(out)).sort(), ['.docjet-output', 'keep.html']);
  assert.deepEqual((await fs.readdir(dir)).sort(), ['out', 'site'], 'no staging folder is left behind');
});

test('docjet build prints a summary; a failed build says nothing was written and exits 1', async (t) => {
  const dir = await tempDir(t);
  const lines: string[] = [];
  const io: Io = { out: (text) => lines.push(text), error: (text) => lines.push(text), progress: () => {}, color: false, interactive: false };
  const code = await main(['build', EXAMPLES, '--out', path.join(dir, 'site')], io);
  assert.equal(code, 0, lines.join('\n'));
  assert.match(lines.at(-1)!, /^✔ \d+ pages \(5 from OpenAPI\), 8 redirects, \d+ files copied · [\d.]+ s · \d+ pages\/s · [\d.]+ (KB|MB) → .*site\/ · 0 errors, 1 warning$/);
  // Without --url (the example site names no canonical address) the sitemap is left out, with one warning saying so.
  assert.match(lines.join('\n'), /docs\.json warning the site's public address is not known.*--url/);

  const broken = path.join(dir, 'broken');
  await fs.mkdir(broken);
  await fs.writeFile(path.join(broken, 'docs.json'), '{ "name": "x", "navigation": { "pages": "missing" } }');
  lines.length = 0;
  assert.equal(await main(['build', broken], io), 1);
  assert.match(lines.join('\n'), /docs\.json:1:\d+ error navigation\.pages: .*must be a list/);
  assert.match(lines.at(-1)!, /^✖ 1 error, 0 warnings · nothing was written; .*dist is unchanged$/);
});

/** Every file under `dir` with its content, to show nothing was deleted or changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = await fs.readFile(full, 'utf8');
  }
  return files;
}

describe('the output folder: a build replaces only a folder docjet may replace', () => {
  /**
   * A small site (two pages and an image) in a folder of its own: what these tests look at is the
   * output folder, which a site of 37 pages (six builds of the example) would show no better.
   */
  async function smallSite(t: { after(fn: () => Promise<void>): void }): Promise<{ dir: string; site: string }> {
    const dir = await tempDir(t, 'docjet-out-');
    const site = path.join(dir, 'site');
    await fs.mkdir(path.join(site, 'images'), { recursive: true });
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Small', navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }));
    await fs.writeFile(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n\n![Pipeline](/images/pipeline.svg)\n');
    await fs.writeFile(path.join(site, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead [the home page](/).\n');
    await fs.copyFile(path.join(EXAMPLES, 'images', 'pipeline.svg'), path.join(site, 'images', 'pipeline.svg'));
    return { dir, site };
  }

  test('the site folder, a folder containing it, a link to it, and a file are refused; nothing is touched', async (t) => {
    const { dir, site } = await smallSite(t);
    await fs.writeFile(path.join(dir, 'notes.txt'), 'important');
    await fs.symlink(site, path.join(dir, 'link'));
    const before = await snapshot(dir);
    const refusals: Record<string, string> = {};
    for (const [name, outDir] of Object.entries({
      site,
      parent: dir,
      link: path.join(dir, 'link'),
      file: path.join(dir, 'notes.txt'),
      underFile: path.join(dir, 'notes.txt', 'out'),
      fsRoot: '/',
    })) {
      const result = await build({ root: site, outDir, force: true });
      assert.equal(result.ok, false, name);
      assert.equal(result.diagnostics.length, 1, name);
      refusals[name] = `${result.diagnostics[0]!.code}: ${result.diagnostics[0]!.message}`;
    }
    // Paths are shown as typed: relative to the current folder inside it, absolute elsewhere (here).
    const shown = (full: string): string => displayPath(full);
    assert.deepEqual(refusals, {
      site: `output-is-site: the output folder \`${shown(site)}\` is the site folder itself; building there would delete docs.json and every page`,
      parent: `output-is-site: the output folder \`${shown(dir)}\` contains the site folder; building there would delete docs.json and every page`,
      link: `output-is-site: the output folder \`${shown(path.join(dir, 'link'))}\` is the site folder itself; building there would delete docs.json and every page`,
      file: `output-is-file: the output folder \`${shown(path.join(dir, 'notes.txt'))}\` is a file; building there would delete it`,
      underFile: `output-is-file: the output folder \`${shown(path.join(dir, 'notes.txt', 'out'))}\` cannot be created: \`${shown(path.join(dir, 'notes.txt'))}\` is a file`,
      fsRoot: 'output-is-site: the output folder `/` is the root of the file system; building there would replace everything on it',
    });
    assert.deepEqual(await snapshot(dir), before, 'no file was deleted or changed');
    assert.deepEqual((await fs.readdir(dir)).sort(), ['link', 'notes.txt', 'site'], 'no staging folder was made');
    assert.ok(!(await fs.readdir('/')).some((name) => name.startsWith('..staging') || name.includes('.staging-')), 'nothing was made at the root');
  });

  test('a folder of other files is replaced only with force, and never one inside the site', async (t) => {
    const { dir, site } = await smallSite(t);
    const mine = path.join(dir, 'mine');
    await fs.mkdir(mine);
    await fs.writeFile(path.join(mine, 'thesis.tex'), 'years of work');
    const refused = await build({ root: site, outDir: mine });
    assert.deepEqual(
      refused.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.fix]),
      [['output-not-docjet', 'Choose an empty folder, or pass --force to replace a folder docjet did not write.']],
    );
    assert.deepEqual(await fs.readdir(mine), ['thesis.tex']);
    const inside = await build({ root: site, outDir: path.join(site, 'images'), force: true });
    assert.deepEqual(
      inside.diagnostics.map((diagnostic) => diagnostic.code),
      ['output-holds-site-files'],
    );
    assert.ok(existsSync(path.join(site, 'images', 'pipeline.svg')));
    const forced = await build({ root: site, outDir: mine, force: true });
    assert.equal(forced.ok, true);
    assert.ok(existsSync(path.join(mine, '.docjet-output')) && !existsSync(path.join(mine, 'thesis.tex')));
    // Now docjet's: the next build replaces it without --force.
    assert.equal((await build({ root: site, outDir: mine })).ok, true);
  });

  test('an output folder inside the site reached through a link is not read as content by the next build', async (t) => {
    const { dir, site } = await smallSite(t);
    await fs.symlink(site, path.join(dir, 'alias'));
    const outDir = path.join(dir, 'alias', 'public');
    assert.equal((await build({ root: site, outDir })).ok, true);
    const second = await build({ root: site, outDir });
    assert.equal(second.ok, true);
    assert.ok(!existsSync(path.join(site, 'public', 'public')), 'the last output was copied into the new one');
  });
});

describe('a page that cannot be written: every writer stops, then one diagnostic, the previous output kept', () => {
  /** A site of `count` pages at the root: `p000` … */
  async function manyPages(dir: string, count: number): Promise<string> {
    const site = path.join(dir, 'site');
    await fs.mkdir(site);
    const pages = Array.from({ length: count }, (_, i) => `p${String(i).padStart(3, '0')}`);
    for (const page of pages) await fs.writeFile(path.join(site, `${page}.mdx`), `# ${page}\n\nText.\n`);
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Many', navigation: { pages } }));
    return site;
  }

  /**
   * After the first page is written, a file takes the place of every page folder not written yet
   * in the staging folder, as a full disk or a failing drive would: each later write fails.
   */
  function sabotage(dir: string, outName: string): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const staging = readdirSync(dir).find((name) => name.startsWith(`.${outName}.staging-`))!;
      for (let i = 0; i < 200; i++) {
        const folder = path.join(dir, staging, `p${String(i).padStart(3, '0')}`);
        if (!existsSync(folder)) writeFileSync(folder, 'in the way');
      }
    };
  }

  for (const workers of [undefined, '2']) {
    test(workers ? `on ${workers} worker threads (DOCJET_WORKERS=${workers})` : 'in process', async (t) => {
      const saved = process.env.DOCJET_WORKERS;
      if (workers) process.env.DOCJET_WORKERS = workers;
      else delete process.env.DOCJET_WORKERS;
      t.after(() => {
        if (saved === undefined) delete process.env.DOCJET_WORKERS;
        else process.env.DOCJET_WORKERS = saved;
      });
      const dir = await tempDir(t);
      // Six batches of eight pages (pool.ts BATCH): three for each of two workers.
      const site = await manyPages(dir, 48);
      const out = path.join(dir, 'out');
      await previousOutput(out, { 'index.html': 'previous site' });
      const result = await build({ root: site, outDir: out, onProgress: sabotage(dir, 'out') });
      assert.equal(result.ok, false);
      assert.equal(result.diagnostics.length, 1, JSON.stringify(result.diagnostics));
      const [failure] = result.diagnostics;
      assert.equal(failure!.code, 'output-write-failed');
      assert.match(failure!.file, /out\/p\d{3}\/index\.html$/);
      assert.match(
        failure!.message,
        /^`p\d{3}\/index\.html` of the built site could not be written \((EEXIST: file already exists|ENOTDIR: not a directory)\); the previous output was left as it was$/,
      );
      assert.equal(failure!.fix, 'Check that the disk has space and the folder can be written to, then build again.');
      assert.deepEqual((await fs.readdir(dir)).sort(), ['out', 'site'], 'the staging folder is removed');
      assert.equal(await read(out, 'index.html'), 'previous site');
    });
  }

  test('docjet build: exit 1, the diagnostic, no stack trace', async (t) => {
    const dir = await tempDir(t);
    const site = await manyPages(dir, 60);
    const lines: string[] = [];
    const io: Io = { out: (text) => lines.push(text), error: (text) => lines.push(text), progress: () => {}, color: false, interactive: false };
    // The CLI's progress report (a line every 10 %) is the moment to break the staging folder.
    const breakIt = sabotage(site, 'dist');
    const code = await main(['build', site], { ...io, out: (text) => (text.startsWith('rendered') ? breakIt() : lines.push(text)) });
    assert.equal(code, 1, lines.join('\n'));
    assert.match(
      lines[0]!,
      /dist\/p\d{3}\/index\.html error `p\d{3}\/index\.html` of the built site could not be written \((EEXIST|ENOTDIR)[^)]*\); the previous output was left as it was\. Check that the disk/,
    );
    assert.match(lines.at(-1)!, /^✖ 1 error, 0 warnings · nothing was written; .*dist is unchanged$/);
    assert.doesNotMatch(lines.join('\n'), /^\s+at |ENOTEMPTY/m);
    assert.ok(!readdirSync(site).some((name) => name.includes('.staging-')));
  });
});

test('a dropdown holding groups and pages builds with a warning, shows its groups, builds every page (--strict fails)', async (t) => {
  // What stagehand (below, in the long run) shows on 100 pages, on three.
  const dir = await tempDir(t);
  const root = path.join(dir, 'site');
  await fs.mkdir(root);
  for (const file of ['intro', 'start', 'extra']) await fs.writeFile(path.join(root, `${file}.mdx`), `# ${file}\n`);
  const dropdown = { dropdown: 'TypeScript', pages: ['extra'], groups: [{ group: 'First steps', pages: ['intro', 'start'] }] };
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Mixed', navigation: { dropdowns: [dropdown] } }));
  const result = await build({ root, outDir: path.join(dir, 'dist') });
  assert.equal(result.ok, true);
  assert.deepEqual(
    result.diagnostics.filter((diagnostic) => diagnostic.code !== 'sitemap-no-url').map((diagnostic) => [diagnostic.code, diagnostic.severity]),
    [['nav-mixed-children', 'warning']],
  );
  const site = (await validate({ root })).site!;
  const shown = [...site.elements.values()].find((element) => element.label === 'TypeScript' && element.kind === 'dropdown')!;
  assert.deepEqual([...new Set(shown.items.map((item) => item.type))], ['group']);
  for (const route of ['intro', 'start', 'extra']) assert.ok(existsSync(path.join(dir, 'dist', route, 'index.html')), `missing ${route}`);
  assert.match(await read(path.join(dir, 'dist'), 'intro/index.html'), /First steps/);
  const strict = await build({ root, outDir: path.join(dir, 'strict'), strict: true });
  assert.equal(strict.ok, false);
});

// The two corpus builds (about 12 CPU-s): the example site and the fixture above show the same in the default run.
describe('corpus sites', { skip: (!existsSync(CORPUS) && 'corpus not present') || LONG_RUN }, () => {
  test('ollama: every page on disk and every endpoint page gets its HTML file', async (t) => {
    const out = await tempDir(t);
    const root = path.join(CORPUS, 'ollama__ollama');
    // cache: false: nothing is written into the shared corpus.
    const result = await build({ root, outDir: out, cache: false });
    assert.equal(
      result.ok,
      true,
      result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.file}:${d.line} ${d.message}`)
        .join('\n'),
    );
    const site = (await validate({ root })).site!;
    for (const route of site.pages.keys()) assert.ok(existsSync(path.join(out, route === '' ? 'index.html' : `${route}/index.html`)), `missing ${route}`);
    assert.equal(result.stats.endpointPages, 12);
  });

  test('stagehand breaks the one-kind-of-child rule: it builds with five warnings, its dropdowns show their groups as the hosted product does (--strict fails)', async (t) => {
    const out = await tempDir(t);
    const root = path.join(CORPUS, 'browserbase__stagehand');
    const result = await build({ root, outDir: path.join(out, 'dist'), cache: false });
    assert.equal(
      result.ok,
      true,
      result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.file}:${d.line} ${d.message}`)
        .join('\n'),
    );
    const mixed = result.diagnostics.filter((diagnostic) => diagnostic.code === 'nav-mixed-children');
    assert.deepEqual(
      mixed.map((diagnostic) => diagnostic.severity),
      Array(5).fill('warning'),
    );
    // The groups (the first kind) are in the sidebar, the dropdown's own page list is not; every page is built.
    const site = (await validate({ root })).site!;
    const dropdown = [...site.elements.values()].find((element) => element.label === 'TypeScript' && element.kind === 'dropdown')!;
    assert.deepEqual([...new Set(dropdown.items.map((item) => item.type))], ['group']);
    for (const route of site.pages.keys()) assert.ok(existsSync(path.join(out, 'dist', route === '' ? 'index.html' : `${route}/index.html`)), `missing ${route}`);
    const strict = await build({ root, outDir: path.join(out, 'strict'), strict: true, cache: false });
    assert.equal(strict.ok, false);
  });
});
