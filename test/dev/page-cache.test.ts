/**
 * The dev server's rendered pages (src/dev/page-cache.ts) and code shown uncoloured while its
 * grammar compiles: such a page is rendered again once a grammar has been compiled, a page with all
 * its colours is not, and the cache knows which versions of a page differed only by colours.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { hashOf, PageCache } from '../../src/dev/page-cache.ts';
import type { Page } from '../../src/site/types.ts';
import { patience } from '../support/patience.ts';

const page = (route: string): Page => ({
  route,
  source: { type: 'file', file: `${route}.mdx`, id: route, ext: '.mdx' },
  title: route,
  frontmatter: {},
  hidden: false,
  placements: [],
  alternates: { versions: [], languages: [] },
});

/** A renderer whose pages named in `cold` show code uncoloured (counted as the highlighter counts), until `compile()`. */
/** Resolves once `done` holds (checked every 5 ms), or fails after a bound a busy machine keeps within. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + patience(30_000);
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${patience(30_000) / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function coldRenderer(cold: Set<string>) {
  const renders: string[] = [];
  let uncoloured = 0;
  let compiled = false;
  const render = async (each: Page) => {
    renders.push(each.route);
    const colours = compiled || !cold.has(each.route);
    if (!colours) uncoloured++;
    return { html: `<pre>${colours ? '<span class="sk1">x</span>' : 'x'}</pre>`, diagnostics: [], math: false, mermaid: false, fragments: [] };
  };
  return { renders, render, invalidate: () => {}, uncoloured: () => uncoloured, compile: () => (compiled = true) };
}

test('a page shown with code uncoloured is rendered again once a grammar is compiled; a page with its colours is not', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-cache-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'code.mdx'), 'one');
  const renderer = coldRenderer(new Set(['code']));
  const cache = new PageCache(root, renderer, { uncoloured: renderer.uncoloured });
  const first = await cache.get(page('code'));
  await cache.get(page('prose'));
  assert.equal(first.html, '<pre>x</pre>');
  assert.equal((await cache.get(page('code'))).html, '<pre>x</pre>', 'until a grammar is compiled, the uncoloured page is the one to show');
  assert.deepEqual(renderer.renders, ['code', 'prose']);

  renderer.compile();
  cache.recoloured();
  const coloured = await cache.get(page('code'));
  await cache.get(page('prose'));
  assert.equal(coloured.html, '<pre><span class="sk1">x</span></pre>');
  assert.deepEqual(renderer.renders, ['code', 'prose', 'code'], 'only the uncoloured page was rendered again');

  assert.equal(await cache.colouredSince(page('code'), first.hash), true, 'the first version differs from the page now by its colours only');
  assert.equal(await cache.colouredSince(page('code'), coloured.hash), false);
  assert.equal(await cache.colouredSince(page('prose'), hashOf('<pre>x</pre>')), false, 'a page never shown uncoloured');
  await writeFile(path.join(root, 'code.mdx'), 'two');
  assert.equal(await cache.colouredSince(page('code'), first.hash), false, 'once its file changed, the first version differs by more than colours');
});

test('a page rendered ahead pauses between its parts while requests are answered, but not once a request waits for that very page', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-cache-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'big.mdx'), 'a long page');
  const steps: string[] = [];
  // A page in three parts, as a big page's sections are (renderLinkedPageInSteps).
  const renderer = {
    render: async (each: Page, pause?: () => Promise<void>) => {
      for (const part of [1, 2, 3]) {
        steps.push(`${each.route} ${part}`);
        if (part < 3) await pause?.();
      }
      return { html: each.route, diagnostics: [], math: false, mermaid: false, fragments: [] };
    },
    invalidate: () => {},
  };
  // As idle.ts pauses: until the requests being answered are done (`release`), or a request wants this very render (`hurry`).
  let released = false;
  const release = () => (released = true);
  const pauses: boolean[] = [];
  const cache = new PageCache(root, renderer, {
    pause: async (hurry) => {
      pauses.push(hurry());
      while (!released && !hurry()) await new Promise((resolve) => setTimeout(resolve, 5));
      released = false;
    },
  });
  const ahead = cache.ahead(page('big'));
  // Waited for (the page's file is read first: 20 ms were not always enough on a busy machine); once
  // there, nothing more comes, as the pause holds until released.
  await until(() => steps.length >= 1);
  assert.deepEqual(steps, ['big 1'], 'paused after its first part');
  steps.push('a request answered');
  release();
  await until(() => steps.length >= 3);
  assert.deepEqual(steps, ['big 1', 'a request answered', 'big 2'], 'paused again after its second part');
  // The pause above ends only when released or hurried: nothing releases it now, so the request
  // for the page itself answers only because it hurried the pause.
  const wanted = await cache.get(page('big'));
  assert.equal(wanted.html, 'big');
  assert.equal(typeof (await ahead), 'number');
  assert.deepEqual(steps, ['big 1', 'a request answered', 'big 2', 'big 3'], 'rendered once');
  assert.deepEqual(pauses, [false, false], 'each part paused; the request for the page ended the second pause');
  await cache.get(page('big'));
  assert.equal(steps.length, 4, 'then served from the cache');
});
