/** Parse results are cached by content and never changed by rendering. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { parsePage } from '../../src/content/mdx/parse.ts';
import { Reporter } from '../../src/content/mdx/report.ts';

test("a text is parsed once per format; each reader gets the parse's diagnostics in its own file and lines", () => {
  const text = '# Cached {#top}\n\n<br>\n\nSee {name}.\n';
  const first = new Reporter('a.mdx', 1);
  const second = new Reporter('b.mdx', 5);
  const a = parsePage({ text, format: 'mdx', reporter: first });
  const b = parsePage({ text, format: 'mdx', reporter: second });
  assert.equal(a.tree, b.tree);
  assert.notEqual(parsePage({ text, format: 'md', reporter: new Reporter('c.md', 1) }).tree, a.tree);
  assert.deepEqual(
    first.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
    ['a.mdx:3:1 mdx-syntax'],
  );
  assert.deepEqual(
    second.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
    ['b.mdx:7:1 mdx-syntax'],
  );
  assert.equal(parsePage({ text, format: 'mdx', reporter: new Reporter('a.mdx', 1), cache: false }).tree === a.tree, false);
});

test('rendering leaves the parsed tree as it was: a page renders the same every time', () => {
  const text = '## Title {#custom}\n\nA {1 + 1} and <span title="{x}">y</span>.\n';
  const reporter = new Reporter('p.mdx', 1);
  const { tree } = parsePage({ text, format: 'mdx', reporter });
  const before = JSON.stringify(tree);
  const first = renderMarkdown({ file: 'p.mdx', text, format: 'mdx' });
  const second = renderMarkdown({ file: 'p.mdx', text, format: 'mdx' });
  assert.equal(JSON.stringify(tree), before);
  assert.equal(first.html, '<h2 id="custom">Title</h2>\n<p>A 2 and <span title="{x}">y</span>.</p>');
  assert.equal(second.html, first.html);
  assert.deepEqual(second.headings, [{ depth: 2, id: 'custom', text: 'Title' }]);
});
