/**
 * The build of an API reference colours its examples on a second thread (colour-thread.ts): the
 * pages must be those the build's own thread writes, blocks in place of every stand-in, and when
 * the worker is gone the blocks are coloured in this thread.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { test, type TestContext } from 'node:test';
import { build } from '../../src/output/build.ts';
import { ColourThread } from '../../src/output/colour-thread.ts';
import { HELPER_LIMITS, RENDER_LIMITS, workerBootstrap } from '../../src/output/pool.ts';
import type { Worker } from 'node:worker_threads';
import { createCodeHighlighter } from '../../src/render/highlight.ts';
import { cliArgs } from '../support/source-process.ts';

const REPO = path.resolve(import.meta.dirname, '../..');

const LANGUAGES = ['json', 'shellscript', 'python', 'go'];

const BLOCKS: [string, string | undefined, { title?: string; highlight?: number[]; options: Record<string, string> }][] = [
  ['{\n  "name": "Rex",\n  "tags": [1, 2]\n}', 'json', { title: 'Response', options: {} }],
  ['curl -X POST https://api.example.com/pets \\\n  -H "Authorization: Bearer TOKEN"', 'bash', { title: 'cURL', options: {} }],
  ['import requests\n\nrequests.get("https://api.example.com/pets")', 'python', { highlight: [3], options: {} }],
  ['plain words', undefined, { options: {} }],
  ['fn main() {}', 'rust', { options: {} }],
];

test('blocks coloured on the colour thread are those the highlighter writes here, in place of their stand-ins', async (t) => {
  const here = await createCodeHighlighter({ langs: LANGUAGES });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  t.after(() => thread.close());
  const page = thread.page();
  const standIns = BLOCKS.map(([code, lang, meta]) => page.highlight(code, lang, meta));
  // A stand-in is not the block: the block is not coloured yet.
  assert.ok(standIns.every((standIn) => !standIn.includes('<figure')));
  const forged = '\u00000000000000000000:0\u0000';
  const html = await page.settle(`<main>${standIns.join('<hr>')}${forged}</main>`);
  const expected = BLOCKS.map(([code, lang, meta]) => here(code, lang, meta));
  assert.equal(html, `<main>${expected.join('<hr>')}${forged}</main>`);
  // Coloured, not plain: the JSON key has a colour class.
  assert.match(expected[0]!, /<span class="sk\d+">"name"<\/span>/);
});

test('once the colour thread is closed, blocks are coloured in this thread, the same', async () => {
  const here = await createCodeHighlighter({ langs: LANGUAGES });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  const page = thread.page();
  const standIns = BLOCKS.map(([code, lang, meta]) => page.highlight(code, lang, meta));
  await thread.close();
  const html = await page.settle(standIns.join(''));
  assert.equal(html, BLOCKS.map(([code, lang, meta]) => here(code, lang, meta)).join(''));
});

test("the build's thread loads no grammar while the colour thread colours: blocks it writes at once are the worker's, as its own would be", async (t) => {
  const here = await createCodeHighlighter({ langs: [] });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  t.after(() => thread.close());
  await here.load(LANGUAGES);
  const reference = await createCodeHighlighter({ langs: LANGUAGES });
  const expected = BLOCKS.map(([code, lang, meta]) => reference(code, lang, meta));
  // A page's stand-ins, and blocks written at once (HTML parsed again, an MDX page's endpoint).
  const page = thread.page();
  const standIns = BLOCKS.map(([code, lang, meta]) => page.highlight(code, lang, meta));
  assert.equal(await page.settle(standIns.join('<hr>')), expected.join('<hr>'));
  assert.deepEqual(
    BLOCKS.map(([code, lang, meta]) => here(code, lang, meta)),
    expected,
  );
  assert.equal(here.grammars, 0);
  assert.ok(reference.grammars >= LANGUAGES.length);
});

test('once the colour thread is closed, the grammars noted meanwhile are loaded here and colour the same', async () => {
  const here = await createCodeHighlighter({ langs: [] });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  await here.load(LANGUAGES);
  const page = thread.page();
  const standIns = BLOCKS.map(([code, lang, meta]) => page.highlight(code, lang, meta));
  await thread.close();
  const reference = await createCodeHighlighter({ langs: LANGUAGES });
  assert.equal(await page.settle(standIns.join('')), BLOCKS.map(([code, lang, meta]) => reference(code, lang, meta)).join(''));
  assert.ok(here.grammars >= LANGUAGES.length);
});

test('closing the colour thread after the last page loads no grammar in this thread', async () => {
  const here = await createCodeHighlighter({ langs: [] });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  await here.load(LANGUAGES);
  const page = thread.page();
  await page.settle(BLOCKS.map(([code, lang, meta]) => page.highlight(code, lang, meta)).join(''));
  await thread.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(here.grammars, 0);
});

test('a block met again is coloured once, the same; with other highlighted lines it is coloured again', async (t) => {
  const here = await createCodeHighlighter({ langs: LANGUAGES });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  t.after(() => thread.close());
  const sent: number[] = [];
  const post = thread['worker'].postMessage.bind(thread['worker']);
  thread['worker'].postMessage = (request: { jobs: unknown[] }) => (sent.push(request.jobs.length), post(request));
  const json = '{\n  "id": 1,\n  "name": "Rex"\n}';
  const blocks: [string, string, { title?: string; highlight?: number[]; options: Record<string, string> }][] = [
    [json, 'json', { title: '200', options: {} }],
    [json, 'json', { title: '200', options: {} }],
    [json, 'json', { title: '200', highlight: [2], options: {} }],
    [json, 'json', { title: '201', options: {} }],
  ];
  const render = async (): Promise<string[]> => {
    const page = thread.page();
    const standIns = blocks.map(([code, lang, meta]) => page.highlight(code, lang, meta));
    return (await page.settle(standIns.join('\u0001'))).split('\u0001');
  };
  const first = await render();
  const again = await render();
  const expected = blocks.map(([code, lang, meta]) => here(code, lang, meta));
  assert.deepEqual(first, expected);
  assert.deepEqual(again, expected);
  // Other highlighted lines make other lines; another title, the same lines in another figure.
  assert.notEqual(expected[2], expected[0]);
  assert.match(expected[2]!, /class="line highlighted"/);
  assert.match(expected[3]!, />201</);
  // The first page sent three blocks (the second is the first), the second page none.
  assert.deepEqual(sent, [3]);
});

/** Every HTML file of the output, by path. */
async function htmlFiles(out: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await fs.readdir(out, { recursive: true })) {
    if (entry.endsWith('.html')) found[entry] = await fs.readFile(path.join(out, entry), 'utf8');
  }
  return found;
}

/**
 * The site the files make, built in one thread with its code coloured there, then on the colour
 * thread: every HTML file of each output, by path.
 */
async function buildBothWays(t: TestContext, files: Record<string, string | URL>): Promise<{ inThread: Record<string, string>; onThread: Record<string, string> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-colour-thread-'));
  const saved = { DOCJET_WORKERS: process.env.DOCJET_WORKERS, DOCJET_COLOUR_THREAD: process.env.DOCJET_COLOUR_THREAD };
  t.after(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await fs.rm(dir, { recursive: true, force: true });
  });
  const root = path.join(dir, 'site');
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    if (content instanceof URL) await fs.copyFile(content, path.join(root, file));
    else await fs.writeFile(path.join(root, file), content);
  }
  process.env.DOCJET_WORKERS = '0';
  const outputs: Record<string, string>[] = [];
  for (const colour of ['0', '1']) {
    process.env.DOCJET_COLOUR_THREAD = colour;
    const out = path.join(dir, `out-${colour}`);
    // No cache: the second build would take the first one's bodies, coloured in its thread.
    const result = await build({ root, outDir: out, cache: false });
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    outputs.push(await htmlFiles(out));
  }
  return { inThread: outputs[0]!, onThread: outputs[1]! };
}

const SHOP = {
  'shop.yaml': new URL('../fixtures/endpoint/shop-3.0.yaml', import.meta.url),
  'docs.json': JSON.stringify({ name: 'Shop', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'API', openapi: 'shop.yaml' }] } }),
};

/**
 * One site for the two comparisons below, built both ways once (four builds were two of each): the
 * shop's API reference beside pages whose code blocks are coloured.
 */
let both: Promise<{ inThread: Record<string, string>; onThread: Record<string, string> }> | undefined;
const builtBothWays = (t: TestContext) =>
  (both ??= buildBothWays(t, {
    ...SHOP,
    'docs.json': JSON.stringify({
      name: 'Harbor',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: {
        groups: [
          { group: 'Start', pages: ['index', 'guide', 'raw', 'store'] },
          { group: 'API', openapi: 'shop.yaml' },
        ],
      },
    }),
    // Raw HTML in Markdown is parsed again with the blocks inside it.
    'raw.md': '# Raw\n\n<div class="box">\n\n```bash\necho hi\n```\n\n</div>\n',
    'index.mdx':
      '---\ntitle: Welcome\n---\n\n```js app.js {2}\nconst a = 1;\nconsole.log(a);\n```\n\n<CodeGroup>\n```python first.py\nprint("hi")\n```\n```bash\necho hi # [!code highlight]\n```\n</CodeGroup>\n\nimport Tip from \'/snippets/tip.mdx\';\n\n<Tip />\n',
    'guide.mdx':
      '---\ntitle: Guide\n---\n\nText.\n\n<RequestExample>\n```bash cURL\ncurl https://api.example.com/pets\n```\n</RequestExample>\n\n```diff\n- old\n+ new\n```\n\n```unknownlang\nleft plain\n```\n',
    // An MDX page showing an endpoint above its own content.
    'store.mdx': '---\ntitle: Store\nopenapi: GET /stores/{storeId}\n---\n\n```json\n{ "a": 1 }\n```\n',
    'snippets/tip.mdx': '```go\nfunc main() {}\n```\n',
  }));

test('an API reference built with its examples coloured on a second thread is the one built in one thread', async (t) => {
  const { inThread, onThread } = await builtBothWays(t);
  const endpointPages = Object.entries(onThread).filter(([, html]) => html.includes('class="code-group request-example'));
  assert.ok(endpointPages.length >= 2, `endpoint pages with examples: ${endpointPages.length}`);
  for (const [file, html] of endpointPages) {
    assert.ok(!html.includes('\u0000'), `${file} holds a stand-in`);
    assert.match(html, /<span class="sk\d+">/, `${file} has coloured examples`);
  }
  assert.deepEqual(onThread, inThread);
});

test("page files' code blocks coloured on the colour thread are those coloured in the build's thread", async (t) => {
  const { inThread, onThread } = await builtBothWays(t);
  for (const page of ['index.html', 'guide/index.html', 'raw/index.html', 'store/index.html']) {
    assert.ok(!onThread[page]!.includes('\u0000'), `${page} holds a stand-in`);
    assert.match(onThread[page]!, /<span class="sk\d+">/, `${page} has coloured code`);
  }
  assert.match(onThread['index.html']!, /func/);
  // The request samples an endpoint page leaves to its samples file, the MDX page's above its content too.
  const samplesFiles = Object.keys(onThread).filter((file) => file.startsWith(`_docjet${path.sep}samples${path.sep}`));
  assert.ok(samplesFiles.length >= 3, `samples files: ${samplesFiles.join(', ')}`);
  for (const file of Object.keys(onThread)) assert.ok(!onThread[file]!.includes('\u0000'), `${file} holds a stand-in`);
  assert.deepEqual(onThread, inThread);
});

test('a build run by `node --max-old-space-size=…` starts its threads (Node rejects such flags in workers)', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-colour-flags-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await fs.mkdir(root, { recursive: true });
  await fs.copyFile(SHOP['shop.yaml'], path.join(root, 'shop.yaml'));
  await fs.writeFile(path.join(root, 'docs.json'), SHOP['docs.json']);
  // The colour thread (one thread rendering), then render workers.
  for (const workers of ['0', '1']) {
    const run = spawnSync(process.execPath, cliArgs(['build', root, '--out', path.join(dir, `out-${workers}`)], ['--max-old-space-size=2048', '--max-semi-space-size=16']), {
      encoding: 'utf8',
      env: { ...process.env, DOCJET_WORKERS: workers, DOCJET_COLOUR_THREAD: '1', NO_COLOR: '1' },
    });
    assert.equal(run.status, 0, `DOCJET_WORKERS=${workers}: ${run.stderr}`);
    assert.match(await fs.readFile(path.join(dir, `out-${workers}`, 'index.html'), 'utf8'), /<span class="sk\d+">|<\/html>/);
  }
});

test('under the test runner a thread runs its compiled copy (.test-build/), not tsx: each thread would start tsx again (~0.5 CPU-s)', (t) => {
  const saved = process.env['DOCJET_TEST_BUILD'];
  t.after(() => {
    if (saved === undefined) delete process.env['DOCJET_TEST_BUILD'];
    else process.env['DOCJET_TEST_BUILD'] = saved;
  });
  process.env['DOCJET_TEST_BUILD'] = '1';
  const compiled = workerBootstrap('colour-worker');
  assert.ok(compiled.includes(pathToFileURL(path.join(REPO, '.test-build/src/output/colour-worker.js')).href), compiled);
  assert.ok(!compiled.includes('tsx'), compiled);
  // A file run alone (node --import tsx --test …): the source, through tsx.
  delete process.env['DOCJET_TEST_BUILD'];
  assert.match(workerBootstrap('colour-worker'), /tsx\.register\(\).*colour-worker\.ts/);
});

test("the colour thread runs with the default young generation, not the renderers' 64 MB", async (t) => {
  const here = await createCodeHighlighter({ langs: LANGUAGES });
  const thread = new ColourThread({ languages: LANGUAGES }, here);
  t.after(() => thread.close());
  // Its garbage is tokens of small blocks: a larger young generation only held more of it (issue 33).
  const limits = (thread as unknown as { worker: Worker }).worker.resourceLimits;
  assert.equal(limits?.maxYoungGenerationSizeMb, HELPER_LIMITS.maxYoungGenerationSizeMb);
  assert.ok(HELPER_LIMITS.maxYoungGenerationSizeMb! < RENDER_LIMITS.maxYoungGenerationSizeMb!);
});
