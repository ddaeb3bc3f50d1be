/**
 * MDX pages with `openapi:` frontmatter (format-behaviour.md §4.3) show their operation, looked up
 * in the spec the value names (with or without its extension), then the navigation's specs, then
 * every OpenAPI file of the site, as the hosted product does; none: a warning at the frontmatter line.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';

const SPEC = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      summary: List pets
      responses: { '200': { description: The pets } }
  /pets/{id}:
    get:
      summary: Get a pet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses: { '200': { description: One pet } }
`;

let scratch: string;
let out: string;
let result: BuildResult;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-fm-openapi-'));
  const root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'specs'), { recursive: true });
  await mkdir(path.join(root, 'api'), { recursive: true });
  // The spec is named nowhere in docs.json; a data file that is not OpenAPI comes first in path order.
  await writeFile(path.join(root, 'specs', 'pets.yaml'), SPEC);
  await writeFile(path.join(root, 'api', 'data.json'), '{ "not": "a spec" }');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Pets', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['list', 'get', 'nothing'] } }));
  await writeFile(path.join(root, 'list.mdx'), '---\ntitle: List\nopenapi: "GET /pets"\n---\n\nNotes.\n');
  await writeFile(path.join(root, 'get.mdx'), '---\ntitle: Get\nopenapi: "specs/pets GET /pets/{id}"\n---\n');
  await writeFile(path.join(root, 'nothing.mdx'), '---\ntitle: Nothing\nopenapi: "GET /owners"\n---\n\nText.\n');
  out = path.join(scratch, 'dist');
  result = await build({ root, outDir: out });
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test("an operation of a spec the navigation does not name is found in the site's files", async () => {
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const html = await readFile(path.join(out, 'list', 'index.html'), 'utf8');
  assert.match(html, /class="endpoint-header"/);
  assert.match(html, /class="endpoint-path"><wbr>\/pets</);
  assert.match(html, /Notes\./);
});

test('a spec named without its extension is found', async () => {
  const html = await readFile(path.join(out, 'get', 'index.html'), 'utf8');
  assert.match(html, /class="endpoint-header"/);
  assert.match(html, /class="endpoint-path"><wbr>\/pets<wbr>\/<span class="endpoint-path-param">\{id\}/);
});

test('an operation no document has: a warning at the openapi: line, and the page keeps its own content', async () => {
  const warning = result.diagnostics.find((diagnostic) => diagnostic.code === 'frontmatter-endpoint-not-found');
  assert.deepEqual(warning && [warning.severity, warning.file, warning.line, warning.message], [
    'warning',
    'nothing.mdx',
    3,
    "the frontmatter `openapi: GET /owners` names an operation that the site's one OpenAPI document does not have; the page shows its own content only",
  ]);
  const html = await readFile(path.join(out, 'nothing', 'index.html'), 'utf8');
  assert.doesNotMatch(html, /class="endpoint-header"/);
  assert.match(html, /Text\./);
});

test('the problems of a spec only pages name are reported, as warnings: its NUL characters, its syntax error (the page takes its operation from another spec)', async () => {
  const root = path.join(scratch, 'only-pages');
  await mkdir(path.join(root, 'specs'), { recursive: true });
  await writeFile(path.join(root, 'specs', 'pets.yaml'), SPEC);
  // As mintlify's French spec: `\u0000a0` written for `\u00a0`.
  await writeFile(
    path.join(root, 'specs', 'owners.json'),
    '{"openapi": "3.0.3", "info": {"title": "Owners", "version": "1"},\n "paths": {"/owners/{id}": {"get": {"summary": "Owner", "responses": {"200": {"description": "Valeur recommandée\\u0000a0"}}}}}}\n',
  );
  await writeFile(path.join(root, 'specs', 'broken.json'), '{"openapi": "3.0.3",\n "paths": {,}}\n');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Pets', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['owners', 'broken'] } }));
  await writeFile(path.join(root, 'owners.mdx'), '---\ntitle: Owner\nopenapi: "specs/owners.json GET /owners/{id}"\n---\n');
  await writeFile(path.join(root, 'broken.mdx'), '---\ntitle: Broken\nopenapi: "specs/broken.json GET /pets"\n---\n');
  const built = await build({ root, outDir: path.join(scratch, 'only-pages-out') });
  assert.equal(built.ok, true, JSON.stringify(built.diagnostics));
  assert.deepEqual(
    built.diagnostics
      .filter((diagnostic) => diagnostic.file.startsWith('specs/'))
      .map((diagnostic) => `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code}`)
      .sort(),
    ['specs/broken.json:2:12 warning openapi-syntax', 'specs/owners.json:2:113 warning nul-character'],
  );
  const owners = await readFile(path.join(scratch, 'only-pages-out', 'owners', 'index.html'), 'utf8');
  assert.match(owners, /Valeur recommandée\uFFFDa0/);
  assert.doesNotMatch(owners, /\u0000/);
  assert.match(await readFile(path.join(scratch, 'only-pages-out', 'broken', 'index.html'), 'utf8'), /class="endpoint-path"><wbr>\/pets</);
});
