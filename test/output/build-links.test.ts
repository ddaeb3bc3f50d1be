/**
 * `build` reports the broken links, missing anchors and redirect chains `docjet check` finds, as
 * warnings with the same codes, places, messages and "did you mean" (issue 31), whether its pages
 * render in this thread or on workers (each page's URLs and ids come back with its result);
 * `build --strict` fails on them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main, type Io } from '../../src/cli.ts';
import { checkLinks } from '../../src/dev/link-check.ts';
import { build } from '../../src/output/build.ts';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';

const SITE = fileURLToPath(new URL('../fixtures/check/links', import.meta.url));
const LINK_CODES = new Set(['link-broken', 'anchor-missing', 'redirect-chain']);

const shown = (each: Diagnostic): string => `${each.file}:${each.line}:${each.column} ${each.severity} ${each.code} ${each.message} ${each.fix}`;

describe('build reports broken links as check does', async () => {
  const checked = await checkLinks({ root: SITE });
  const expected = checked.diagnostics.map(shown);

  for (const workers of ['0', '1']) {
    test(`the same list as docjet check, as warnings (${workers === '0' ? 'in one thread' : 'on a worker'})`, async (t) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-links-'));
      const before = process.env.DOCJET_WORKERS;
      t.after(async () => {
        if (before === undefined) delete process.env.DOCJET_WORKERS;
        else process.env.DOCJET_WORKERS = before;
        await fs.rm(dir, { recursive: true, force: true });
      });
      process.env.DOCJET_WORKERS = workers;
      const result = await build({ root: SITE, outDir: path.join(dir, 'out') });
      assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((each) => each.severity === 'error')));
      assert.equal(expected.length, 22);
      // The two missing images are said once, as the missing files they are (file-missing, at their element).
      const images = ['index.mdx:18:18 warning link-broken "/images/missing.png"', 'index.mdx:22:11 warning link-broken "/img-missing.png"'];
      assert.deepEqual(
        result.diagnostics.filter((each) => LINK_CODES.has(each.code)).map(shown),
        expected.filter((line) => !images.some((image) => line.startsWith(image))),
      );
      assert.deepEqual(
        result.diagnostics.filter((each) => each.code === 'file-missing').map((each) => `${each.file}:${each.line} ${/^.*?`[^`]*`/.exec(each.message)![0]}`),
        ['index.mdx:18 the image names `/images/missing.png`', 'index.mdx:22 the image names `/img-missing.png`'],
      );
      assert.ok(result.diagnostics.filter((each) => LINK_CODES.has(each.code)).every((each) => each.severity === 'warning'));
    });
  }

  test('a missing image whose path holds a backtick or a quote is said once too, as file-missing', async (t) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-links-'));
    t.after(() => fs.rm(dir, { recursive: true, force: true }));
    const site = path.join(dir, 'site');
    await fs.mkdir(site);
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Shots', navigation: { pages: ['index'] } }));
    await fs.writeFile(path.join(site, 'index.mdx'), '# Shots\n\n![Tick](/images/tick`1.png)\n\n<img src=\'/images/say-"hi".png\' alt="Quote" />\n');
    const result = await build({ root: site, outDir: path.join(dir, 'out') });
    assert.deepEqual(
      result.diagnostics.filter((each) => each.code === 'file-missing' || LINK_CODES.has(each.code)).map((each) => `${each.code} ${each.file}:${each.line}`),
      ['file-missing index.mdx:3', 'file-missing index.mdx:5'],
    );
  });

  test('a missing image named from a sub-folder, percent-encoded, or also linked to is said once, as file-missing, under any base', async (t) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-links-'));
    t.after(() => fs.rm(dir, { recursive: true, force: true }));
    const site = path.join(dir, 'site');
    await fs.mkdir(path.join(site, 'guides'), { recursive: true });
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Shots', navigation: { pages: ['index', 'guides/page'] } }));
    await fs.writeFile(path.join(site, 'index.mdx'), '# Shots\n\n![Space](/images/my%20shot.png)\n\n![Dot](./images/dot.png) and [the dot](./images/dot.png)\n');
    await fs.writeFile(
      path.join(site, 'guides/page.mdx'),
      '# Page\n\n![Here](images/here.png)\n\n![Up](../img/up.png)\n\n[See it](images/here.png)\n\n<img src="pics/raw.png" alt="Raw" />\n',
    );
    for (const base of ['/', '/docs/']) {
      const result = await build({ root: site, outDir: path.join(dir, `out${base.length}`), base });
      assert.deepEqual(
        result.diagnostics.filter((each) => each.code === 'file-missing' || LINK_CODES.has(each.code)).map((each) => `${each.code} ${each.file}:${each.line} ${each.target}`),
        [
          'file-missing guides/page.mdx:3 /guides/images/here.png',
          'file-missing guides/page.mdx:5 /img/up.png',
          'file-missing guides/page.mdx:9 /guides/pics/raw.png',
          'file-missing index.mdx:3 /images/my shot.png',
          'file-missing index.mdx:5 /images/dot.png',
        ],
        `base ${base}`,
      );
    }
  });

  test('a missing image in a snippet that two pages import is said once, as file-missing in the snippet', async (t) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-links-'));
    t.after(() => fs.rm(dir, { recursive: true, force: true }));
    const site = path.join(dir, 'site');
    await fs.mkdir(path.join(site, 'snippets'), { recursive: true });
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Shots', navigation: { pages: ['index', 'other'] } }));
    await fs.writeFile(path.join(site, 'snippets/step.mdx'), 'Open the page:\n\n![Run page](/images/run-page.png)\n');
    const page = (title: string): string => `---\ntitle: ${title}\n---\n\nimport Step from '/snippets/step.mdx';\n\n<Step />\n`;
    await fs.writeFile(path.join(site, 'index.mdx'), page('Home'));
    await fs.writeFile(path.join(site, 'other.mdx'), page('Other'));
    const result = await build({ root: site, outDir: path.join(dir, 'out') });
    assert.deepEqual(
      result.diagnostics.filter((each) => each.code === 'file-missing' || LINK_CODES.has(each.code)).map((each) => `${each.code} ${each.file}:${each.line}`),
      ['file-missing snippets/step.mdx:3'],
    );
  });

  test('build --strict exits 1 on them, naming each', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-build-links-'));
    try {
      const output: string[] = [];
      const io: Io = { out: (text) => output.push(text), error: (text) => output.push(text), progress: () => {}, color: false, interactive: false };
      assert.equal(await main(['build', SITE, '--out', path.join(dir, 'out'), '--strict'], io), 1);
      const text = output.join('');
      assert.match(text, /index\.mdx:15:79 error "\/guides\/setup#instal": page "\/guides\/setup" has no anchor "#instal"/);
      assert.match(text, /guides\/setup\.mdx:23:40 error "\.\.\/nothing-here" leads nowhere/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
