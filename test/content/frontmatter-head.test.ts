/**
 * `readAllPageMeta` reads only the head of each page, one shared buffer for the first chunk: a
 * block longer than that chunk is still read whole, and a short page read right after a long one
 * shows nothing of the long one.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readAllPageMeta } from '../../src/content/frontmatter.ts';
import type { PageFile } from '../../src/shared/scan.ts';

const pageFile = (id: string): PageFile => ({ id, file: `${id}.mdx`, ext: '.mdx' });

test('a frontmatter block longer than the first chunk is read whole, and the next page is its own', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-frontmatter-head-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const keywords = Array.from({ length: 2000 }, (_, index) => `  - keyword-${index}`).join('\n');
  await writeFile(path.join(root, 'long.mdx'), `---\nkeywords:\n${keywords}\ntitle: Written last\n---\n\nBody.\n`);
  await writeFile(path.join(root, 'short.mdx'), `---\ntitle: Short\n---\n\nBody.\n`);
  await writeFile(path.join(root, 'plain.mdx'), `No frontmatter here.\n`);
  const { meta, diagnostics } = await readAllPageMeta({ root, pages: [pageFile('long'), pageFile('short'), pageFile('plain')] });
  assert.deepEqual(diagnostics, []);
  assert.equal(meta.get('long')?.title, 'Written last');
  assert.equal((meta.get('long')?.data['keywords'] as string[] | undefined)?.length, 2000);
  assert.deepEqual(meta.get('short')?.data, { title: 'Short' });
  assert.deepEqual([meta.get('plain')?.title, meta.get('plain')?.data], ['Plain', {}]);
});
