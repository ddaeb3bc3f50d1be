/**
 * The page serializer (src/content/mdx/serialize.ts) against hast-util-to-html, which it follows
 * (issue 36). On every page of the committed sample, and of the corpus in the long run (`--full`),
 * rendered and read back as a browser reads HTML (parse5, through hast-util-raw), both write the
 * same HTML, or HTML a browser reads as the same tree: the only difference a real page may show is
 * an attribute value's `<` or `>`, which docjet escapes.
 *
 * The other differences are deliberate, listed below with the tree that shows each, what both
 * write, and why: hast-util-to-html writes exactly the three markups that ran script in Chromium.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { ElementContent, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { trustedHtml } from '../../src/content/mdx/serialize.ts';
import { LONG_RUN } from '../support/long-runs.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');
const SAMPLE = path.join(REPO, 'test/fixtures/fast-reader-sample');

/** HTML read as a browser reads it (scripting off: parse5 as hast-util-raw runs it). */
function parse(html: string): Root {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: html }] });
  return tree.type === 'root' ? tree : { type: 'root', children: [tree as ElementContent] };
}

function ours(tree: Root): string {
  return trustedHtml(tree.children as ElementContent[]);
}

function theirs(tree: Root): string {
  return toHtml(tree, { allowDangerousHtml: true });
}

interface Difference {
  /** What the tree is, as HTML a browser would read into it. */
  html: string;
  ours: string;
  theirs: string;
  why: string;
}

const DIFFERENCES: Difference[] = [
  {
    html: '<svg><style>&lt;img src=x onerror=alert(1)&gt;</style></svg>',
    ours: '<svg><style>&#x3C;img src=x onerror=alert(1)></style></svg>',
    theirs: '<svg><style><img src=x onerror=alert(1)></style></svg>',
    why: 'an SVG (or MathML) <style> holds markup: its text is escaped like any text',
  },
  {
    html: '<math><style>&lt;img src=x onerror=alert(1)&gt;</style></math>',
    ours: '<math><style>&#x3C;img src=x onerror=alert(1)></style></math>',
    theirs: '<math><style><img src=x onerror=alert(1)></style></math>',
    why: 'the same in MathML, which hast-util-to-html does not tell from HTML',
  },
  {
    html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ours: '<math><mtext><mglyph><style>&#x3C;img src=x onerror=alert(1)></style></mglyph><table></table></mtext></math>',
    theirs: '<math><mtext><mglyph><style><img src=x onerror=alert(1)></style></mglyph><table></table></mtext></math>',
    why: 'parse5 builds an HTML <mglyph> here (foster parenting), but the browser reads the written HTML back as MathML',
  },
  {
    html: '<style>a::before { content: "<b>" } @media (width < 40em) { b { color: red } }</style>',
    ours: '<style>a::before { content: "\\3c b>" } @media (width < 40em) { b { color: red } }</style>',
    theirs: '<style>a::before { content: "<b>" } @media (width < 40em) { b { color: red } }</style>',
    why: "an HTML <style> keeps its CSS raw, but a < that could start a tag is CSS's own escape \\3c  (the same CSS), in case the browser reads the <style> as foreign content",
  },
  {
    html: '<noscript><p title="&lt;/noscript&gt;&lt;img src=x onerror=alert(2)&gt;"></p></noscript>',
    ours: '<noscript><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;"></p></noscript>',
    theirs: '<noscript><p title="</noscript><img src=x onerror=alert(2)>"></p></noscript>',
    why: "with script on, a <noscript>'s content is raw text to the browser: a value's </noscript> ends it (the HTML standard's serialiser escapes < and > in attributes since 2025)",
  },
  {
    html: '<noscript><!-- </noscript><img src=x onerror=alert(3)> --></noscript>',
    ours: '<noscript><!-- &#x3C;/noscript>&#x3C;img src=x onerror=alert(3)> --></noscript>',
    theirs: '<noscript><!-- </noscript><img src=x onerror=alert(3)> --></noscript>',
    why: 'a comment inside <noscript> is text too',
  },
  {
    html: '<plaintext><b>x</b>',
    ours: '<pre>&#x3C;b>x&#x3C;/b></pre>',
    theirs: '<plaintext>&#x3C;b>x&#x3C;/b></plaintext>',
    why: '<plaintext> has no end tag: the rest of the page would be text; <pre> looks the same',
  },
  {
    html: '<xmp><b>x</b></xmp>',
    ours: '<pre>&#x3C;b>x&#x3C;/b></pre>',
    theirs: '<xmp>&#x3C;b>x&#x3C;/b></xmp>',
    why: '<xmp> shows its text raw, so the escaped text would show as &#x3C;b>; <pre> shows <b>x</b>',
  },
];

test('each deliberate difference from hast-util-to-html, on the tree that shows it', () => {
  for (const difference of DIFFERENCES) {
    const tree = parse(difference.html);
    assert.deepEqual({ ours: ours(tree), theirs: theirs(tree) }, { ours: difference.ours, theirs: difference.theirs }, difference.why);
  }
  // Read back, hast-util-to-html's HTML has made an element with a handler; docjet's has not.
  for (const difference of DIFFERENCES.slice(0, 3)) {
    assert.deepEqual(handlers(parse(theirs(parse(difference.html)))), ['img onError'], difference.html);
    assert.deepEqual(handlers(parse(ours(parse(difference.html)))), [], difference.html);
  }
});

/** Every event-handler attribute in the tree, as `tag property`. */
function handlers(node: Root | ElementContent): string[] {
  if (!('children' in node)) return [];
  const own =
    node.type === 'element'
      ? Object.keys(node.properties)
          .filter((key) => /^on/i.test(key))
          .map((key) => `${node.tagName} ${key}`)
      : [];
  return [...own, ...node.children.flatMap((child) => handlers(child as ElementContent))];
}

test('where both are safe, both write the same: text, attributes, SVG, MathML, templates, comments, void elements', () => {
  const same = [
    '<p class="a b" id="x" data-k="v &amp; w" hidden>Text &amp; &lt;tags&gt; "quoted"</p><br><img src="a.png" alt="a">',
    '<svg viewBox="0 0 10 10"><path d="M0 0L10 10" stroke-width="2"></path><foreignObject><p>html</p></foreignObject><title>t</title></svg>',
    '<math><mi>x</mi><mo>=</mo><mn>1</mn><annotation encoding="application/x-tex">x=1</annotation></math>',
    '<template><p>x</p></template><!-- a comment -- here --><textarea>a &amp; b</textarea>',
    '<style>.a > .b { color: red } a[href^="https"]::after { content: "&" }</style>',
    '<input type="checkbox" checked disabled><select><option selected>a</option></select>',
  ];
  for (const html of same) {
    const tree = parse(html);
    assert.equal(ours(tree), theirs(tree), html);
  }
});

/** Renders every page under `root`, serialises it both ways; returns how many were read and those whose HTML differs (only in attribute values' < and >). */
function compareUnder(root: string): { pages: number; differ: string[] } {
  let pages = 0;
  const differ: string[] = [];
  for (const file of filesUnder(root)) {
    const text = readFileSync(file, 'utf8');
    let body: { bodyStart: number; bodyLine: number };
    try {
      body = readFrontmatter({ file, text });
    } catch {
      continue;
    }
    const rendered = renderMarkdown({ file, text: text.slice(body.bodyStart), format: file.endsWith('.md') ? 'md' : 'mdx', line: body.bodyLine }).html;
    const tree = parse(rendered);
    const mine = ours(tree);
    const other = theirs(tree);
    pages++;
    if (mine === other) continue;
    differ.push(path.relative(root, file));
    // Only attribute values' `<` and `>`: read back, the two are the same tree.
    assert.equal(theirs(parse(mine)), theirs(parse(other)), `${differ.at(-1)}: the two serialisations read back differently`);
  }
  return { pages, differ };
}

test('every page of the committed sample (test/fixtures/fast-reader-sample): the same HTML as hast-util-to-html, or HTML a browser reads as the same tree', (t) => {
  const { pages, differ } = compareUnder(SAMPLE);
  t.diagnostic(`${pages} sample pages; ${differ.length} differ only in attribute values' escaped < and >`);
  assert.ok(pages >= 300, `only ${pages} pages were read`);
});

test('every page of the corpus: the same HTML as hast-util-to-html, or HTML a browser reads as the same tree', {
  skip: LONG_RUN || (!existsSync(CORPUS) && 'no corpus beside the project'),
  timeout: 600_000,
}, (t) => {
  const { pages, differ } = compareUnder(CORPUS);
  t.diagnostic(`${pages} corpus pages; ${differ.length} differ only in attribute values' escaped < and > (${differ.slice(0, 10).join(', ')})`);
  assert.ok(pages > 5_000, `only ${pages} pages were read`);
});

function filesUnder(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.mdx?$/.test(name)) files.push(full);
    }
  };
  walk(root);
  return files;
}
