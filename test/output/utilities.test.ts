/**
 * Tailwind utilities in a built site (issue 32, src/render/utilities.ts): the CSS of exactly the
 * classes the pages, snippets and components use, in a file of its own that every page links, no
 * preflight; a site that uses no utility gets no such file and no link.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from '../../src/output/build.ts';
import { addCandidates } from '../../src/render/utilities.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e/tailwind');
let scratch: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-utilities-'));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function utilityFiles(out: string): Promise<string[]> {
  return (await readdir(path.join(out, '_docjet'))).filter((name) => name.startsWith('utilities'));
}

test('class names are read from class attributes and the strings of their expressions; prose words are not', () => {
  const found = new Set<string>();
  addCandidates('Make it hidden or block.\n<div className="grid gap-4" class=\'p-2\'>\n<a className={`mt-4 ${wide ? "md:w-1/2" : \'w-full\'}`} />', 'markup', found);
  assert.deepEqual([...found].sort(), ['gap-4', 'grid', 'md:w-1/2', 'mt-4', 'p-2', 'w-full']);
  const code = new Set<string>();
  addCandidates('const base = "rounded-lg border";\nexport const Card = () => <div className={base}>x</div>;', 'code', code);
  assert.deepEqual([...code].sort(), ['border', 'rounded-lg']);
});

test('a site using utilities gets their CSS, and only theirs, in one file every page links; no preflight', async () => {
  const out = path.join(scratch, 'with');
  const result = await build({ root: FIXTURE, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const [file, ...others] = await utilityFiles(out);
  assert.ok(file && others.length === 0, 'one utilities file');
  const css = await readFile(path.join(out, '_docjet', file), 'utf8');
  for (const selector of ['.dark\\:hidden:where(.dark,.dark *)', '.dark\\:block', '.w-\\[320px\\]', '.grid-cols-1', '.md\\:grid-cols-3', '.text-primary{color:#0d9373']) {
    assert.ok(css.includes(selector), `${selector} in ${css}`);
  }
  // Not a utility, not in the CSS: the site's own class, prose words, and Tailwind's reset.
  assert.doesNotMatch(css, /hero-title|\.flex\b|box-sizing|html,|\bbody\b/);
  for (const page of ['index.html', 'plain/index.html']) {
    const html = await readFile(path.join(out, page), 'utf8');
    assert.ok(html.includes(`<link rel="stylesheet" href="/_docjet/${file}" data-utilities>`), page);
  }
});

test('a site that uses no utility gets no Tailwind CSS at all', async () => {
  const root = path.join(scratch, 'plain-site');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Plain', navigation: { pages: ['index'] } }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n<div className="hero-title">Block and grid are words here, not classes.</div>\n');
  const out = path.join(scratch, 'without');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(await utilityFiles(out), []);
  assert.doesNotMatch(await readFile(path.join(out, 'index.html'), 'utf8'), /data-utilities|utilities\./);
});
