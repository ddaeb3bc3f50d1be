/**
 * docs.json's `variables` (src/content/variables.ts): `{{ name }}` in a page's body and in a
 * snippet's is replaced in every place a page's text is read (its HTML, its Markdown twin, the
 * search index), values sanitised first; a name docs.json does not define is shown as written and
 * said once per file, at its place, by `build` and `validate` alike. One build of a small site.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';
import type { Manifest } from '../../src/portable/search-format.ts';
import { LiveSearchIndex } from '../../src/search/live-index.ts';
import { validate } from '../../src/validate/index.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';
import { client, serveIndex } from '../search/client.ts';

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify(
    {
      name: 'Variables',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { pages: ['index', 'code'] },
      variables: {
        product: 'Zephyrine Cloud',
        'version-tag': 'v2.7',
        'team.name': 'Orbital',
        risky: '<img src=x onerror=alert(1)>Safe<script>alert(2)</script> <b>Bold</b> <iframe srcdoc="x">framed</iframe>',
      },
    },
    null,
    2,
  ),
  // Line 10 holds the undefined ones: `{{productName}}` at column 14.
  'index.mdx': [
    '---',
    'title: Home',
    'description: All about {{product}}',
    '---',
    '',
    '# Welcome to {{ product }}',
    '',
    'Release {{version-tag}} by {{team.name}}.',
    '',
    'Not defined: {{productName}} and {{other}}.',
    '',
    'Risky: {{risky}}',
    '',
    "import Intro from '/snippets/intro.mdx';",
    '',
    '<Intro />',
    '',
  ].join('\n'),
  'snippets/intro.mdx': 'The snippet names {{product}}.\n\nAnd {{snippetOnly}} too.\n',
  // Templates of other tools in code are not variables: no warning; a defined name is replaced there too.
  'code.mdx': '---\ntitle: Code\n---\n\nInline `{{ user_input }}`.\n\n```python\nprompt = "{{ user_input }} for {{product}}"\n```\n',
};

let root: string;
let out: string;
let built: BuildResult;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docjet-variables-'));
  out = await mkdtemp(path.join(os.tmpdir(), 'docjet-variables-out-'));
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  built = await build({ root, outDir: out, cache: false });
  assert.ok(built.ok, JSON.stringify(built.diagnostics));
});

after(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

/** The page's body as built: from its prose to the end of its article. */
async function prose(route: string): Promise<string> {
  const html = await readFile(path.join(out, route, 'index.html'), 'utf8');
  return html.slice(html.indexOf('<div class="prose">'), html.indexOf('</article>'));
}

test("a page's and its snippet's {{ name }} show the value: spaces inside the braces, dotted and dashed names", async () => {
  const body = await prose('');
  assert.match(body, /<h1 id="welcome-to-zephyrine-cloud">Welcome to Zephyrine Cloud<\/h1>/);
  assert.ok(body.includes('<p>Release v2.7 by Orbital.</p>'), body);
  assert.ok(body.includes('<p>The snippet names Zephyrine Cloud.</p>'), body);
  // Frontmatter is not replaced: the hosted product reads a page's metadata from its file as written.
  const html = await readFile(path.join(out, 'index.html'), 'utf8');
  assert.ok(html.includes('<meta name="description" content="All about {{product}}">'), html);
});

test('a name docs.json does not define is shown as written, and said once per file at its place', async () => {
  const body = await prose('');
  assert.ok(body.includes('<p>Not defined: {{productName}} and {{other}}.</p>'), body);
  assert.ok(body.includes('And {{snippetOnly}} too.'), body);
  const said = withoutSitemapNoUrl(built.diagnostics).map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message} | ${d.fix}`);
  assert.deepEqual(said, [
    'index.mdx:10:14 variable-undefined `{{productName}}` names no variable docs.json defines, so it is shown as written (as is `{{other}}` in this file) | ' +
      'Did you mean `{{product}}`? Else define it under `variables` in docs.json: "variables": { "productName": "…" }.',
    'snippets/intro.mdx:3:5 variable-undefined `{{snippetOnly}}` names no variable docs.json defines, so it is shown as written | ' +
      'Define it under `variables` in docs.json: "variables": { "snippetOnly": "…" }.',
  ]);
});

test("a value's tags are left out, the bodies of script and iframe with them: nothing in it runs", async () => {
  const body = await prose('');
  assert.ok(body.includes('<p>Risky: Safe Bold</p>'), body);
  assert.doesNotMatch(body, /onerror|<script|<img|<iframe|alert/i);
});

test('in code, a defined name is replaced and an undefined one left without a word', async () => {
  const body = await prose('code');
  assert.ok(body.includes('<code>{{ user_input }}</code>'), body);
  assert.ok(body.replace(/<[^>]*>/g, '').includes('prompt = "{{ user_input }} for Zephyrine Cloud"'), body);
  assert.ok(!built.diagnostics.some((d) => d.file === 'code.mdx'));
});

test('the Markdown twin shows the values, its snippet included', async () => {
  const twin = await readFile(path.join(out, 'index.md'), 'utf8');
  assert.ok(twin.includes('# Welcome to Zephyrine Cloud'), twin);
  assert.ok(twin.includes('Release v2.7 by Orbital.'), twin);
  assert.ok(twin.includes('The snippet names Zephyrine Cloud.'), twin);
  assert.ok(twin.includes('Risky: Safe Bold'), twin);
  assert.doesNotMatch(twin, /onerror|<script/);
});

test('search finds a page by a word of a value, in the page and in its snippet', async () => {
  const folder = path.join(out, '_docjet', 'search');
  const names = await readdir(folder);
  serveIndex(new Map(await Promise.all(names.map(async (name): Promise<[string, string]> => [name, await readFile(path.join(folder, name), 'utf8')]))));
  const titles = async (query: string) => (await client.search(new client.IndexFiles('/_docjet/search/'), query, {}, false)).results.map(({ page }) => page[1]);
  assert.deepEqual(await titles('orbital'), ['Home']);
  assert.deepEqual(await titles('zephyrine'), ['Home', 'Code']);
});

test('validate reports what build does, at the same places', async () => {
  const validated = await validate({ root, pages: true });
  const places = (list: readonly { file: string; line: number; column: number; code: string; message: string }[]) =>
    list.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);
  assert.deepEqual(places(validated.diagnostics), places(withoutSitemapNoUrl(built.diagnostics)));
  assert.deepEqual(
    validated.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
    ['index.mdx:10:14 variable-undefined', 'snippets/intro.mdx:3:5 variable-undefined'],
  );
});

test("dev's search index reads every page again when the variables change, though no page file did", async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-variables-live-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const config = (product: string) => JSON.stringify({ name: 'Live', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] }, variables: { product } });
  await writeFile(path.join(dir, 'index.mdx'), '---\ntitle: Home\n---\n\nAll about {{product}}.\n');
  const live = new LiveSearchIndex();
  const postings = async (product: string, term: string): Promise<number[] | undefined> => {
    await writeFile(path.join(dir, 'docs.json'), config(product));
    const { site } = await validate({ root: dir });
    const files = await live.files(site!, '/');
    const manifest = JSON.parse(files.get('index.json')!) as Manifest;
    const shard = manifest.shards[term[0]!] ?? manifest.shards[term.slice(0, 2)];
    return shard === undefined ? undefined : (JSON.parse(files.get(shard)!) as Record<string, number[]>)[term];
  };
  assert.ok(await postings('Zephyrine', 'zephyrine'));
  assert.ok(await postings('Quillmoss', 'quillmoss'));
  assert.equal(await postings('Quillmoss', 'zephyrine'), undefined);
});
