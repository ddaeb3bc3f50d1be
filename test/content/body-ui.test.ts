/**
 * What a body shows that its page decides (issue 10): icons drawn inside their spans by the page's
 * drawer, the copy button in the page's words, and the math and mermaid the page must load
 * something for, all made where each element is rendered (no pass over the finished HTML).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { COPY_BUTTON } from '../../src/content/mdx/code.ts';
import { renderMarkdown, type IconDrawer } from '../../src/content/mdx/index.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';

/** Draws the name and type it is given, so a test can read where each icon came from. */
const draw: IconDrawer = (name, iconType) => (name === 'unknown' ? undefined : `<i>${name}${iconType === undefined ? '' : `/${iconType}`}</i>`);

function mdx(text: string, options: { icon?: IconDrawer; copyLabels?: { copy: string; copied: string } } = {}): ReturnType<typeof renderMarkdown> {
  return renderMarkdown({ file: 'page.mdx', text, format: 'mdx', ...options });
}

test('components and code captions draw their icons inside the span that names them', () => {
  const html = mdx(
    [
      '<Icon icon="rocket" iconType="regular" color="#f00" />',
      '',
      '<Card title="Go" icon="github">x</Card>',
      '',
      '<Card title="None" icon="unknown">y</Card>',
      '',
      '```js app.js icon=node',
      'x',
      '```',
      '',
      '<CodeGroup>',
      '```py main.py icon=python',
      'print(1)',
      '```',
      '</CodeGroup>',
    ].join('\n'),
    { icon: draw },
  ).html;
  assert.ok(html.includes('<span class="icon" data-icon="rocket" data-icon-type="regular" style="--icon-color:#f00" aria-hidden="true"><i>rocket/regular</i></span>'), html);
  assert.ok(html.includes('<div class="card"><span class="icon" data-icon="github" aria-hidden="true"><i>github</i></span>'), html);
  assert.ok(html.includes('<span class="icon" data-icon="unknown" aria-hidden="true"></span>'), 'a name the drawer does not know leaves the span empty');
  assert.ok(html.includes('<figcaption class="code-title"><span class="icon" data-icon="node" aria-hidden="true"><i>node</i></span>'));
  assert.match(html, /role="tab"[^>]*><span class="icon" data-icon="python" aria-hidden="true"><i>python<\/i><\/span>main\.py<\/button>/);
});

test('without a drawer, icon spans name their icon and stay empty', () => {
  assert.equal(mdx('<Icon icon="rocket" />').html, '<span class="icon" data-icon="rocket" aria-hidden="true"></span>');
});

test('code blocks carry the copy button in the words they are given, English without', () => {
  const fence = '```sh\nnpm i\n```';
  assert.ok(mdx(fence).html.includes(COPY_BUTTON));
  assert.ok(
    mdx(fence, { copyLabels: { copy: 'Copier', copied: 'Copié' } }).html.includes(
      '<button type="button" class="copy-button" data-copy aria-label="Copier" data-copied-label="Copié"></button>',
    ),
  );
  assert.ok(!mdx('```sh nocopy\nnpm i\n```', { copyLabels: { copy: 'Copier', copied: 'Copié' } }).html.includes('copy-button'));
});

test('the render says whether the page shows math or mermaid diagrams', () => {
  const flags = (text: string): { math: boolean; mermaid: boolean } => {
    const { math, mermaid } = mdx(text);
    return { math, mermaid };
  };
  assert.deepEqual(flags('Plain text, `code`, and a price of $5.'), { math: false, mermaid: false });
  assert.deepEqual(flags('Energy: $E = mc^2$'), { math: true, mermaid: false });
  assert.deepEqual(flags('<Latex>x^2</Latex>'), { math: true, mermaid: false });
  assert.deepEqual(flags('Broken: $\\frac{$ only'), { math: false, mermaid: false }, 'a formula KaTeX cannot read is shown as written: no stylesheet');
  assert.deepEqual(flags('```mermaid\ngraph TD; A-->B\n```'), { math: false, mermaid: true });
  assert.deepEqual(flags('<Mermaid chart="graph TD; A-->B" />'), { math: false, mermaid: true });
});

test("a snippet rendered into a page draws with the page's drawer and words, and its diagrams count for the page", (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'docjet-body-ui-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'snippets'));
  writeFileSync(path.join(root, 'snippets', 'diagram.mdx'), '<Icon icon="rocket" />\n\n```mermaid\ngraph TD; A-->B\n```\n\n```sh\nx\n```\n');
  const renderer = createPageRenderer({ root });
  const result = renderer.render({
    file: 'page.mdx',
    text: "import Diagram from '/snippets/diagram.mdx'\n\n<Diagram />\n",
    format: 'mdx',
    icon: draw,
    copyLabels: { copy: 'Kopieren', copied: 'Kopiert' },
  });
  assert.ok(result.html.includes('<span class="icon" data-icon="rocket" aria-hidden="true"><i>rocket</i></span>'), result.html);
  assert.ok(result.html.includes('aria-label="Kopieren" data-copied-label="Kopiert"'));
  assert.deepEqual({ math: result.math, mermaid: result.mermaid }, { math: false, mermaid: true });
});
