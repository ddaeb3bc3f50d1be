/**
 * Snippets in a page's searchable text (src/search/snippet-text.ts): the body of an imported snippet
 * replaces its tag, string props fill `{name}`, snippets inside snippets are followed, and what is
 * no text (a `.jsx` snippet, a tag inside a code block, a snippet that includes itself) stays out.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SnippetTexts } from '../../src/search/snippet-text.ts';

let root = '';

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docjet-search-snippets-'));
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  const files: Record<string, string> = {
    'snippets/outer.mdx': "---\ntitle: ignored\n---\nimport Inner from './inner.mdx';\n\nOuter for {who}.\n\n<Inner />\n",
    'snippets/inner.mdx': 'Inner words.',
    'snippets/loop.mdx': "import Loop from '/snippets/loop.mdx';\n\nLooping <Loop />",
    'snippets/card.jsx': 'export const Card = () => <div>jsx text</div>;',
    'snippets/legacy.md': 'Legacy text.',
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, file), text);
});

after(() => rm(root, { recursive: true, force: true }));

function expand(source: string): { source: string; files: string[] } {
  const expanded = new SnippetTexts(root).expand(source, 'guides/page.mdx');
  return { source: expanded.source.replace(/\s+/g, ' ').trim(), files: expanded.files.sort() };
}

test("an imported snippet's body (frontmatter left out) replaces its tag, props filled in, nested snippets followed", () => {
  assert.deepEqual(expand('import Outer from \'/snippets/outer.mdx\';\n\nBefore.\n\n<Outer who="readers" />\n\nAfter.'), {
    source: "import Outer from '/snippets/outer.mdx'; Before. import Inner from './inner.mdx'; Outer for readers. Inner words. After.",
    files: ['snippets/inner.mdx', 'snippets/outer.mdx'],
  });
});

test('<Snippet file> is looked up in snippets/; a missing snippet is remembered, for dev to notice it coming', () => {
  assert.deepEqual(expand('<Snippet file="legacy.md" /> and <Snippet file="gone.mdx" />'), {
    source: 'Legacy text. and <Snippet file="gone.mdx" />',
    files: ['snippets/gone.mdx', 'snippets/legacy.md'],
  });
});

test('a .jsx snippet, a tag in a code block and a snippet that includes itself add no text', () => {
  const source = "import { Card } from '/snippets/card.jsx';\nimport Loop from '/snippets/loop.mdx';\n\n```mdx\n<Loop />\n```\n\n<Card /> <Loop />";
  assert.deepEqual(
    expand(source).source,
    "import { Card } from '/snippets/card.jsx'; import Loop from '/snippets/loop.mdx'; ```mdx <Loop /> ``` <Card /> import Loop from '/snippets/loop.mdx'; Looping",
  );
});
