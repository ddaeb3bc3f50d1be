/**
 * The warm build (src/render/body-cache.ts): page bodies kept in `.docjet/cache/pages` and used
 * again by the next build only while every input they were made from holds. Each build here is
 * compared with a build of the same site without the cache, file by file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';
import { outputFiles } from '../support/output-files.ts';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/pets': { get: { summary: 'List pets', tags: ['pets'], responses: { '200': { description: 'The pets' } } } },
    '/pets/{id}': {
      get: {
        summary: 'Get a pet',
        tags: ['pets'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'One pet' } },
      },
    },
  },
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Cached',
    theme: 'mint',
    colors: { primary: '#0D9373' },
    variables: { product: 'Cachet' },
    // One code sample an endpoint page, not nine: each of the twenty builds here loads the grammars
    // of what it colours again, and nine languages' grammars were most of this file's CPU.
    api: { examples: { languages: ['bash'] } },
    navigation: {
      groups: [
        { group: 'Guides', pages: ['index', 'snippet-user', 'plain', 'problems', 'pet'] },
        { group: 'API', openapi: 'openapi.json' },
      ],
    },
  }),
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome. See [plain](/plain).\n\n```js\nconst a = 1;\n```\n',
  'snippet-user.mdx': "---\ntitle: Uses a snippet\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n",
  'snippets/note.mdx': 'The snippet says **hello**.\n',
  'plain.mdx': '---\ntitle: Plain\n---\n\n## A heading\n\nText.\n',
  'problems.mdx': '---\ntitle: Problems\n---\n\n<Icon icon="no-such-icon-anywhere" />\n\n![a diagram](/images/later.png)\n\n[nowhere](/nothing-here)\n\n<Unknown />\n',
  'pet.mdx': '---\ntitle: A pet\nopenapi: GET /pets/{id}\n---\n\nMore about pets.\n',
  'openapi.json': JSON.stringify(SPEC),
};

/** Pages of the site: five files, two endpoint pages and the spec's API overview. */
const PAGES = 8;

async function writeSite(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), text);
  }
}

/**
 * One site, changed step by step. Each step builds it with the cache, and (when the site changed)
 * once without, into folders of their own: the two must hold the same files and report the same.
 */
class Steps {
  private uncached: { files: Map<string, string>; diagnostics: BuildResult['diagnostics'] } | undefined;
  private step = 0;

  constructor(
    readonly root: string,
    readonly scratch: string,
  ) {}

  /** The site changed: the next build is compared with a new uncached build. */
  changed(): void {
    this.uncached = undefined;
  }

  async build(): Promise<BuildResult> {
    const name = `step-${++this.step}`;
    if (!this.uncached) {
      const out = path.join(this.scratch, `${name}-uncached`);
      const cold = await build({ root: this.root, outDir: out, cache: false });
      assert.deepEqual(cold.stats.cache, { hits: 0, misses: 0 }, 'without the cache nothing is counted');
      // The first build of all, without the cache: nothing was written there.
      if (this.step === 1) await assert.rejects(fs.readdir(path.join(this.root, '.docjet', 'cache')), { code: 'ENOENT' });
      this.uncached = { files: await outputFiles(out), diagnostics: cold.diagnostics };
    }
    // Every warm build replaces the same output folder, as a user's rebuilds do.
    const out = path.join(this.scratch, 'warm');
    const warm = await build({ root: this.root, outDir: out });
    assert.equal(warm.ok, true);
    assert.deepEqual(warm.diagnostics, this.uncached.diagnostics, 'the cached build reports what an uncached one does');
    const files = await outputFiles(out);
    assert.deepEqual([...files.keys()].sort(), [...this.uncached.files.keys()].sort());
    for (const [file, text] of this.uncached.files) assert.equal(files.get(file), text, `${file} differs from the uncached build`);
    return warm;
  }

  async write(file: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(path.join(this.root, file)), { recursive: true });
    await fs.writeFile(path.join(this.root, file), text);
    this.changed();
  }

  /** A file of the last warm build. */
  read(file: string): Promise<string> {
    return fs.readFile(path.join(this.scratch, 'warm', file), 'utf8');
  }

  get last(): number {
    return this.step;
  }
}

async function cacheEntries(root: string): Promise<string[]> {
  return (await fs.readdir(path.join(root, '.docjet', 'cache', 'pages'))).filter((name) => name.endsWith('.json'));
}

describe('the warm build', () => {
  let steps: Steps;
  before(async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-cache-'));
    const root = path.join(scratch, 'site');
    await writeSite(root, FILES);
    steps = new Steps(root, scratch);
  });
  after(() => fs.rm(path.dirname(steps.root), { recursive: true, force: true }));

  test('--no-cache neither reads nor writes the cache; a second build takes every body from it: the same files byte for byte, the same warnings', async () => {
    const first = await steps.build();
    assert.deepEqual(first.stats.cache, { hits: 0, misses: PAGES });
    const codes: string[] = first.diagnostics.map((each) => each.code).sort();
    for (const code of ['mdx-unknown-component', 'file-missing', 'icon-unknown', 'link-broken']) assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    assert.equal((await cacheEntries(steps.root)).length, PAGES);
    // What search reads of each page is kept too, and the index made from it is the uncached build's.
    const searchTexts = JSON.parse((await fs.readFile(path.join(steps.root, '.docjet', 'cache', 'search', 'texts.json'), 'utf8')).split('\n')[1]!) as {
      pages: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(searchTexts.pages).sort(), ['index.mdx', 'pet.mdx', 'plain.mdx', 'problems.mdx', 'snippet-user.mdx']);

    // And the names and hashes of the index files made from them: a build whose records are the same copies them from the output it replaces.
    const index = JSON.parse((await fs.readFile(path.join(steps.root, '.docjet', 'cache', 'search', 'index.json'), 'utf8')).split('\n')[1]!) as { files: [string, string][] };
    const made = (await fs.readdir(path.join(steps.scratch, 'warm', '_docjet', 'search'))).sort();
    assert.deepEqual(index.files.map(([name]) => name).sort(), made);

    const second = await steps.build();
    assert.deepEqual(second.stats.cache, { hits: PAGES, misses: 0 });
    assert.deepEqual(second.diagnostics, first.diagnostics, 'the diagnostics of cached pages are reported again');
  });

  test('a changed page is the only one rendered again; a changed snippet renders the pages that import it', async () => {
    await steps.write('plain.mdx', '---\ntitle: Plain\n---\n\n## Another heading\n\nNew text.\n');
    const page = await steps.build();
    assert.deepEqual(page.stats.cache, { hits: PAGES - 1, misses: 1 });
    assert.match(await steps.read('plain/index.html'), /New text/);

    await steps.write('snippets/note.mdx', 'The snippet says **goodbye**.\n');
    const snippet = await steps.build();
    assert.deepEqual(snippet.stats.cache, { hits: PAGES - 1, misses: 1 });
    assert.match(await steps.read('snippet-user/index.html'), /goodbye/);
    assert.match(await steps.read('snippet-user.md'), /goodbye/);
    // The entries of the pages as they were are removed: the cache holds the site, not its history.
    assert.equal((await cacheEntries(steps.root)).length, PAGES);
  });

  test('docs.json: a new colour draws the shells around cached bodies; new variables render the bodies again', async () => {
    const config = JSON.parse(FILES['docs.json']!) as Record<string, unknown>;
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/;
    const before = stylesheet.exec(await steps.read('plain/index.html'))?.[1];
    await steps.write('docs.json', JSON.stringify({ ...config, colors: { primary: '#AA3300' } }));
    const colour = await steps.build();
    assert.deepEqual(colour.stats.cache, { hits: PAGES, misses: 0 });
    const after = stylesheet.exec(await steps.read('plain/index.html'))?.[1];
    assert.notEqual(after, before, 'the page links the stylesheet of the new colour');

    await steps.write('docs.json', JSON.stringify({ ...config, colors: { primary: '#AA3300' }, variables: { product: 'Other' } }));
    const variables = await steps.build();
    assert.deepEqual(variables.stats.cache, { hits: 0, misses: PAGES });
  });

  test("a page's new title: its body is rendered again, every page's sidebar and search path show it", async () => {
    await steps.write('plain.mdx', '---\ntitle: Simple\n---\n\n## Another heading\n\nNew text.\n');
    const result = await steps.build();
    assert.deepEqual(result.stats.cache, { hits: PAGES - 1, misses: 1 });
    assert.match(await steps.read('pet/index.html'), />Simple</);
  });

  test('docs.json navigation: a page moved to another group draws every shell again around cached bodies', async () => {
    const was = await fs.readFile(path.join(steps.root, 'docs.json'), 'utf8');
    const config = JSON.parse(was) as { navigation: { groups: { group: string; pages?: string[] }[] } };
    config.navigation.groups[0]!.pages = ['index', 'snippet-user', 'problems', 'pet'];
    config.navigation.groups.splice(1, 0, { group: 'Moved', pages: ['plain'] });
    await steps.write('docs.json', JSON.stringify(config));
    const result = await steps.build();
    assert.deepEqual(result.stats.cache, { hits: PAGES, misses: 0 });
    assert.match(await steps.read('pet/index.html'), />Moved</);
    // Back as it was, for the steps below.
    await steps.write('docs.json', was);
    assert.deepEqual((await steps.build()).stats.cache, { hits: PAGES, misses: 0 });
  });

  test('an image added since is found: the page that looked for it is rendered again, without its warning', async () => {
    await steps.write('images/later.png', 'png');
    const result = await steps.build();
    assert.deepEqual(result.stats.cache, { hits: PAGES - 1, misses: 1 });
    assert.equal(
      result.diagnostics.some((each) => each.code === 'file-missing'),
      false,
    );
  });

  test('the OpenAPI spec changed: the pages that show it are rendered again', async () => {
    const changed = structuredClone(SPEC);
    changed.paths['/pets/{id}'].get.summary = 'Fetch one pet';
    await steps.write('openapi.json', JSON.stringify(changed));
    const result = await steps.build();
    // The two endpoint pages, the spec's overview and the page whose frontmatter names an operation.
    assert.deepEqual(result.stats.cache, { hits: PAGES - 4, misses: 4 });
  });

  test('a damaged or truncated entry is not used: the page is rendered again and the entry replaced', async () => {
    const folder = path.join(steps.root, '.docjet', 'cache', 'pages');
    const [first, second, third] = (await cacheEntries(steps.root)).sort();
    const text = await fs.readFile(path.join(folder, first!), 'utf8');
    await fs.writeFile(path.join(folder, first!), text.slice(0, Math.floor(text.length / 2)));
    await fs.writeFile(path.join(folder, second!), '\0\0 not json');
    // Still JSON, but not what was written: the checksum in front no longer matches.
    const valid = await fs.readFile(path.join(folder, third!), 'utf8');
    assert.match(valid, /"format":\d+,/);
    await fs.writeFile(path.join(folder, third!), valid.replace(/"format":(\d+),/, '"format": $1,'));
    // Without the record of the output's pages, whose files a warm build keeps without reading their bodies (page-reuse.test.ts).
    await fs.rm(path.join(steps.root, '.docjet', 'cache', 'output'), { recursive: true, force: true });
    const repaired = await steps.build();
    assert.deepEqual(repaired.stats.cache, { hits: PAGES - 3, misses: 3 });
    const again = await steps.build();
    assert.deepEqual(again.stats.cache, { hits: PAGES, misses: 0 });
  });

  test("entries another docjet's version made are all dropped", async () => {
    await fs.writeFile(path.join(steps.root, '.docjet', 'cache', 'pages', 'version'), '0.0.1+another');
    await fs.rm(path.join(steps.root, '.docjet', 'cache', 'output'), { recursive: true, force: true });
    const result = await steps.build();
    assert.deepEqual(result.stats.cache, { hits: 0, misses: PAGES });
  });
});
