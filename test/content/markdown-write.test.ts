/**
 * The Markdown writer (src/content/markdown/write.ts) round trip: a tree written out and read back
 * with micromark (GFM and math, as the pages' Markdown twins are read by whoever fetches them) is
 * the tree written (prices read as docjet reads them: `$5 and $10` is text), up to what Markdown cannot tell apart (a list's looseness, a reference's
 * spelling, whitespace at the edges of a line). Checked on hand-written trees of the characters and
 * nodes that mean something in Markdown, and on the Markdown trees of the 300 generated sample
 * pages (test/fixtures/fast-reader-sample).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import type { InlineMath } from 'mdast-util-math';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { createMarkdownConverter } from '../../src/content/markdown/index.ts';
import { writeMarkdown } from '../../src/content/markdown/write.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../fixtures/fast-reader-sample');

/** GFM without its literal-autolink pass: a URL written as text is text (docjet links them later, on the HTML tree). */
const gfmWithoutTransforms = () => gfmFromMarkdown().map((extension) => ({ ...extension, transforms: [] }));

/** The text read as docjet reads Markdown: micromark, then `$…$` pairs that are prices put back as text (src/content/mdx/handlers.ts). */
function read(text: string): Root {
  const tree = fromMarkdown(text, { extensions: [gfm(), math()], mdastExtensions: [gfmWithoutTransforms(), mathFromMarkdown()] });
  const visit = (node: { type: string; children?: unknown[] }): void => {
    if (node.children === undefined) return;
    node.children = node.children.map((child) => {
      const math = child as InlineMath;
      if (math.type !== 'inlineMath') {
        visit(child as { type: string; children?: unknown[] });
        return child;
      }
      const start = math.position!.start.offset!;
      const end = math.position!.end.offset!;
      const source = text.slice(start, end);
      const money = source.startsWith('$') && !source.startsWith('$$') && (/^\s|\s$/.test(math.value) || /[0-9]/.test(text[end] ?? ''));
      return money ? { type: 'text', value: source } : child;
    });
  };
  visit(tree);
  return tree;
}

/**
 * The tree as Markdown can say it: no positions or data, adjacent texts joined, whitespace runs as
 * one space and none at a block's edges, lists without looseness (the writer writes them tight),
 * ordered lists from 1 without `start`, references without their spelling (`[a][]`, `[a]`, `[a][a]`),
 * rows without trailing empty cells (written to fill the table), a paragraph of only HTML as that
 * HTML, and no `<!-- -->` (what the writer puts between two lists that would read as one).
 */
function canonical(node: unknown): unknown {
  if (Array.isArray(node)) {
    const out: Record<string, unknown>[] = [];
    for (let child of node.map(canonical) as Record<string, unknown>[]) {
      // A table's `align` holds nulls.
      if (child === null || typeof child !== 'object') {
        out.push(child);
        continue;
      }
      if (child['type'] === 'html' && child['value'] === '<!-- -->') continue;
      const children = child['children'] as Record<string, unknown>[] | undefined;
      if (child['type'] === 'paragraph' && children?.length === 1 && children[0]!['type'] === 'html') child = children[0]!;
      const last = out[out.length - 1];
      if (last?.['type'] === 'text' && child['type'] === 'text') last['value'] = `${String(last['value'])}${String(child['value'])}`.replace(/\s+/g, ' ');
      else out.push(child);
    }
    return out;
  }
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    const value = record[key];
    if (value === undefined || value === null || key === 'position' || key === 'data' || key === 'spread' || key === 'referenceType') continue;
    if (key === 'start' && value === 1) continue;
    out[key] = key === 'value' && record['type'] === 'text' ? String(value).replace(/\s+/g, ' ') : canonical(value);
  }
  if (out['type'] === 'tableRow') {
    const cells = out['children'] as { children: unknown[] }[];
    while (cells.length > 0 && cells[cells.length - 1]!.children.length === 0) cells.pop();
  }
  const children = out['children'] as Record<string, unknown>[] | undefined;
  if (children && ['paragraph', 'heading', 'tableCell', 'link', 'emphasis', 'strong', 'delete'].includes(String(out['type']))) {
    const first = children[0];
    const last = children[children.length - 1];
    if (first?.['type'] === 'text') first['value'] = String(first['value']).replace(/^ /, '');
    if (last?.['type'] === 'text') last['value'] = String(last['value']).replace(/ $/, '');
    for (let i = 0; i < children.length; i++) {
      // After a hard break a line starts with its text; the spaces before it are the indentation.
      if (children[i]!['type'] === 'break' && children[i + 1]?.['type'] === 'text') children[i + 1]!['value'] = String(children[i + 1]!['value']).replace(/^ /, '');
    }
    out['children'] = children.filter((child) => !(child['type'] === 'text' && child['value'] === ''));
  }
  return out;
}

/** Undefined when `tree` comes back as written (and writes again to the same text); else what differs. */
function roundTripProblem(tree: Root): string | undefined {
  const written = writeMarkdown(tree);
  const back = read(written);
  const a = JSON.stringify(canonical(tree.children));
  const b = JSON.stringify(canonical(back.children));
  if (a !== b) {
    let at = 0;
    while (a[at] === b[at]) at++;
    return `written:\n${written}\nwrote: …${a.slice(Math.max(0, at - 120), at + 120)}\nread:  …${b.slice(Math.max(0, at - 120), at + 120)}`;
  }
  const again = writeMarkdown(back);
  return again === written ? undefined : `written:\n${written}\nread and written again:\n${again}`;
}

const paragraph = (...children: PhrasingContent[]): Root => ({ type: 'root', children: [{ type: 'paragraph', children }] });
const text = (value: string): PhrasingContent => ({ type: 'text', value });

test('text with the characters that mean something in Markdown reads back as the same text', () => {
  const values = [
    '* star',
    '# hash',
    '#hashtag',
    '1. one',
    '1) one',
    '1986. A year',
    '+ plus',
    '- minus',
    '> quote',
    '=== under',
    '---',
    '***',
    '___',
    '<div>',
    '</b>',
    '<!-- c -->',
    'a *b* c',
    'a _b_ c',
    'snake_case',
    '_lead',
    'trail_',
    '**',
    '`tick`',
    '``',
    'a \\ b',
    'a\\*b',
    '[a](b)',
    '[a]: b',
    '[a][b]',
    '[^1]',
    '![x](y)',
    '[x]',
    'a]b',
    'a[b',
    'a & b',
    '&amp;',
    '&#123;',
    '&#x41;',
    'AT&T',
    '$x$',
    '$5 and $6',
    'From $1000 budget to $20 plan',
    'costs $5',
    '$$',
    'a $ b $ c',
    '$a b$',
    '~~x~~',
    '~x~',
    '~5 min and ~6 min',
    'x | y',
    '{x}',
    '\\|',
    '2.5 rate',
    'a\n# b',
    'a\n- b',
    'a\n1. b',
    'a\n> b',
    'a\n===',
    'a\n---',
    'a\n```',
    '```',
    '~~~',
    '$$\nx\n$$',
    'a\n<div>',
    '\\',
    '😀*a*',
    '“_a_”',
    'é_a_',
    'a<b',
    'a <b> c',
    '<3',
    '<Tip>',
    '<br/>',
  ];
  for (const value of values) {
    const problem = roundTripProblem(paragraph(text(value)));
    assert.equal(problem, undefined, `${JSON.stringify(value)}\n${problem}`);
  }
});

test('inline nodes read back as written: code, math, links and images with what their delimiters mean inside', () => {
  const nodes: PhrasingContent[] = [
    { type: 'inlineCode', value: '`a`' },
    { type: 'inlineCode', value: ' a ' },
    { type: 'inlineCode', value: '  ' },
    { type: 'inlineCode', value: 'a|b' },
    { type: 'inlineMath', value: 'x^2' },
    { type: 'inlineMath', value: 'a$b' },
    { type: 'inlineMath', value: '\\$' },
    { type: 'link', url: '/a b', title: 'q"t', children: [text('x')] },
    { type: 'link', url: '/a(b)', children: [text('x')] },
    { type: 'link', url: '/x', title: 'a\\', children: [text('x')] },
    { type: 'link', url: '/x', children: [text('a]b')] },
    { type: 'link', url: '/x', children: [text('[a] b')] },
    { type: 'link', url: '/x', children: [{ type: 'emphasis', children: [text('em ] bracket')] }] },
    { type: 'link', url: '', children: [text('empty')] },
    { type: 'image', url: '/i.png', alt: 'a]b' },
    { type: 'image', url: '/i.png', alt: 'a [b] *c*' },
    { type: 'linkReference', identifier: 'docs', label: 'docs', referenceType: 'full', children: [text('a]b')] },
    { type: 'delete', children: [text('gone')] },
    { type: 'emphasis', children: [text('em')] },
    { type: 'strong', children: [text('strong')] },
  ];
  for (const node of nodes) {
    const tree = paragraph(text('a '), node, text(' b'));
    if (node.type === 'linkReference') tree.children.push({ type: 'definition', identifier: 'docs', label: 'docs', url: '/docs', title: null });
    const problem = roundTripProblem(tree);
    assert.equal(problem, undefined, `${JSON.stringify(node)}\n${problem}`);
  }
});

test('blocks read back as written: fences around what holds a fence, headings ending in #, lists and tables', () => {
  const blocks: RootContent[] = [
    { type: 'code', lang: 'js', meta: null, value: '```\nx\n```' },
    { type: 'code', lang: null, meta: null, value: '' },
    { type: 'code', lang: 'a`b', meta: null, value: 'x' },
    { type: 'code', lang: 'ts', meta: 'title="a b"', value: '~~~\n  indented' },
    { type: 'heading', depth: 2, children: [text('ends #')] },
    { type: 'heading', depth: 3, children: [text('C#')] },
    { type: 'heading', depth: 2, children: [text('#')] },
    { type: 'heading', depth: 2, children: [text('a '), { type: 'inlineCode', value: 'b' }, text(' ##')] },
    { type: 'math', value: 'a\n$$\nb' },
    { type: 'math', value: 'x^2' },
    { type: 'thematicBreak' },
    {
      type: 'blockquote',
      children: [
        { type: 'code', lang: null, meta: null, value: 'x' },
        { type: 'paragraph', children: [text('> not nested')] },
      ],
    },
    { type: 'list', ordered: true, start: 0, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [text('zero')] }] }] },
    { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'code', lang: null, meta: null, value: 'x' }] }] },
    { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [text('1. a')] }] }] },
    { type: 'list', ordered: false, children: [{ type: 'listItem', checked: true, children: [{ type: 'paragraph', children: [text('done')] }] }] },
    {
      type: 'table',
      align: [null, 'right'],
      children: [
        {
          type: 'tableRow',
          children: [
            { type: 'tableCell', children: [text('a')] },
            { type: 'tableCell', children: [{ type: 'inlineCode', value: 'x|y' }] },
          ],
        },
        {
          type: 'tableRow',
          children: [
            { type: 'tableCell', children: [text('a\\|b')] },
            { type: 'tableCell', children: [text('-')] },
          ],
        },
      ],
    },
    { type: 'paragraph', children: [text('a'), { type: 'break' }, text('# b')] },
  ];
  for (const block of blocks) {
    const problem = roundTripProblem({ type: 'root', children: [block] });
    assert.equal(problem, undefined, `${JSON.stringify(block)}\n${problem}`);
  }
});

const site = mkdtempSync(path.join(os.tmpdir(), 'docjet-markdown-write-'));
after(() => rmSync(site, { recursive: true, force: true }));

test('the Markdown of every sample page reads back as written', () => {
  const converter = createMarkdownConverter({ root: site });
  const names = readdirSync(SAMPLE).sort();
  assert.ok(names.length >= 300, `${names.length} sample pages`);
  for (const name of names) {
    const file = path.join(SAMPLE, name);
    const source = readFileSync(file, 'utf8');
    const tree = converter.tree({ file: name, text: source.slice(readFrontmatter({ file, text: source }).bodyStart), format: name.endsWith('.md') ? 'md' : 'mdx' });
    const problem = roundTripProblem(tree);
    assert.equal(problem, undefined, `${name}\n${problem}`);
  }
});

test('a dollar in text is escaped only where it would pair into a formula: prices stay as written', () => {
  assert.equal(writeMarkdown(paragraph(text('It costs $5 and $10.'))), 'It costs $5 and $10.\n');
  assert.equal(writeMarkdown(paragraph(text('costs $5 and '), { type: 'inlineMath', value: 'x^2' })), 'costs \\$5 and $x^2$\n');
  assert.equal(writeMarkdown(paragraph(text('run '), { type: 'inlineCode', value: '${x}' }, text(' for $5'))), 'run `${x}` for \\$5\n');
});
