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

const page = (route: string): Page => ({ route, source: { type: 'file', file: `${route}.mdx`, id: route, ext: '.mdx' }, title: route, frontmatter: {}, hidden: false, placements: [], alternates: { versions: [], languages: [] } });

/** A renderer whose pages named in `cold` show code uncoloured (counted as the highlighter counts), until `compile()`. */
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
