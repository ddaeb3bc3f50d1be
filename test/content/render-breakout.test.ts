/**
 * Page text that the browser would read as markup (issue 36). The tree docjet builds is inert;
 * what matters is what a browser builds again from the HTML written for it:
 *
 * - `<style>` inside `<svg>` or `<math>` is foreign content: the browser reads its text as markup.
 * - `<noscript>`, `<textarea>`, `<iframe>`, `<template>`'s `<style>`: the browser reads their
 *   content raw up to their end tag, so an attribute value, a comment or a style's text that holds
 *   `</noscript>` ends them early and what follows is markup.
 * - `<math><mtext><table><mglyph><style>`: parse5 builds an HTML `<style>`, the browser reading the
 *   HTML back builds a MathML one, whose text is markup.
 * - SVG animations write a `javascript:` URL into a link while the page runs.
 *
 * Each payload in each way a site can say it: an `.mdx` page, an `.md` page, a snippet, a
 * component's prop, the banner and an OpenAPI description. Every `<` of a payload must reach the
 * HTML escaped (`&#x3C;`, or `\3c ` in a `<style>`'s CSS), never as the start of a tag. The
 * browser test (test/e2e/breakout.test.ts) loads the same payloads in Chromium.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { inlineMarkdownHtml, markdownHtml } from '../../src/content/commonmark.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';

function mdx(text: string): string {
  return renderMarkdown({ file: 'p.mdx', format: 'mdx', text }).html;
}

function md(text: string): string {
  return renderMarkdown({ file: 'p.md', format: 'md', text }).html;
}

/** A `<` that starts a tag a page did not write as an element: `<img` and `</noscript` are the payloads' own. */
function startsPayloadTag(html: string): boolean {
  return /<\/?(?:img|noscript|textarea|template)\b/.test(html.replace(/<\/?noscript>|<\/?textarea>|<\/?template>/g, ''));
}

test('.mdx: a <style> in SVG or MathML keeps its text as text (escaped, as foreign content needs)', () => {
  assert.equal(mdx('<svg><style>{"<img src=x onerror=alert(1)>"}</style></svg>\n'), '<svg><style>{"&#x3C;img src=x onerror=alert(1)>"}</style></svg>');
  assert.equal(mdx('<math><style>{"<img src=x onerror=alert(1)>"}</style></math>\n'), '<math><style>{"&#x3C;img src=x onerror=alert(1)>"}</style></math>');
  // Built in an expression, not parsed from the page's source: the same.
  assert.equal(mdx('export const S = <svg><style>{"<img src=x onerror=alert(1)>"}</style></svg>\n\n{S}\n'), '<svg><style>&#x3C;img src=x onerror=alert(1)></style></svg>');
  assert.equal(
    mdx('export const S = <svg><g dangerouslySetInnerHTML={{ __html: "<style><img src=x onerror=alert(1)></style>" }} /></svg>\n\n{S}\n'),
    '<svg><g><style>&#x3C;img src=x onerror=alert(1)></style></g></svg>',
  );
});

test('.mdx: an attribute or a style inside <noscript>, <textarea> or <template> cannot end it', () => {
  assert.equal(
    mdx('<noscript><p title="</noscript><img src=x onerror=alert(2)>" /></noscript>\n'),
    '<noscript><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;"></p></noscript>',
  );
  assert.equal(
    mdx('<textarea><b title="</textarea><img src=x onerror=alert(2)>">x</b></textarea>\n'),
    '<p><textarea><b title="&#x3C;/textarea&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;">x</b></textarea></p>',
  );
  // An HTML <style>: its CSS as written, with `\3c ` (CSS's own escape of `<`) where a `<` could start a tag.
  assert.equal(
    mdx('<noscript><style>{"</noscript><img src=x onerror=alert(8)>"}</style></noscript>\n'),
    '<noscript><style>{"\\3c /noscript>\\3c img src=x onerror=alert(8)>"}</style></noscript>',
  );
  assert.equal(
    mdx('<template><style>{"</template><img src=x onerror=alert(1)>"}</style></template>\n'),
    '<template><style>{"\\3c /template>\\3c img src=x onerror=alert(1)>"}</style></template>',
  );
  assert.equal(mdx('export const S = <style>{"</style><img src=x onerror=alert(1)>"}</style>\n\n{S}\n'), '<style>\\3c /style>\\3c img src=x onerror=alert(1)></style>');
});

test('.mdx: <math><mtext><table><mglyph><style> keeps its text inert, though the browser reads that <style> as MathML', () => {
  const html = mdx('<math><mtext><table><mglyph><style>{"<img src=x onerror=alert(1)>"}</style></mglyph></table></mtext></math>\n');
  assert.equal(html, '<math><mtext><table><mglyph><style>{"\\3c img src=x onerror=alert(1)>"}</style></mglyph></table></mtext></math>');
});

test('.md: the same payloads in raw HTML', () => {
  assert.equal(md('<svg><style>&lt;img src=x onerror=alert(5)&gt;</style></svg>\n'), '<p><svg><style>&#x3C;img src=x onerror=alert(5)></style></svg></p>');
  assert.equal(md('<math><style>&lt;img src=x onerror=alert(5)&gt;</style></math>\n'), '<p><math><style>&#x3C;img src=x onerror=alert(5)></style></math></p>');
  assert.equal(
    md('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>\n'),
    '<p><math><mtext><mglyph><style>&#x3C;img src=x onerror=alert(1)></style></mglyph><table></table></mtext></math></p>',
  );
  assert.equal(
    md('<div><noscript><p title="</noscript><img src=x onerror=alert(2)>"></p></noscript></div>\n'),
    '<div><noscript><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;"></p></noscript></div>',
  );
  // A comment is text to the browser inside <noscript>: its `<` cannot end it either.
  assert.equal(
    md('<div><noscript><!-- </noscript><img src=x onerror=alert(3)> --></noscript></div>\n'),
    '<div><noscript><!-- &#x3C;/noscript>&#x3C;img src=x onerror=alert(3)> --></noscript></div>',
  );
});

test('.md: <plaintext> and <xmp> are written as the <pre> they look like; <plaintext> would make the rest of the page text', () => {
  assert.equal(md('a\n\n<plaintext>\n\nb <i>c</i>\n'), '<p>a</p>\n<pre>\nb &#x3C;i>c&#x3C;/i></pre>');
  assert.equal(md('<xmp><b>x</b> &amp; y</xmp>\n'), '<p></p><pre>&#x3C;b>x &#x26; y</pre><p></p>');
});

test('the whole class: an attribute, a <style> and a comment inside each element a browser reads raw, and <template>', () => {
  const parents = ['noscript', 'textarea', 'title', 'iframe', 'noframes', 'xmp', 'noembed', 'plaintext', 'style', 'script', 'template'];
  const leaks: string[] = [];
  for (const parent of parents) {
    const pages: [string, string][] = [
      ['mdx', `<${parent}><b title="</${parent}><img src=x onerror=alert(1)>">x</b></${parent}>\n`],
      ['mdx', `<${parent}><style>{"</${parent}><img src=x onerror=alert(1)>"}</style></${parent}>\n`],
      ['md', `<div><${parent}><b title="</${parent}><img src=x onerror=alert(1)>">x</b></${parent}></div>\n`],
      ['md', `<div><${parent}><!-- </${parent}><img src=x onerror=alert(1)> --></${parent}></div>\n`],
    ];
    for (const [format, text] of pages) {
      const html = format === 'md' ? md(text) : mdx(text);
      // The payload's own `<img src=x ` unescaped, or a handler written as an attribute (`onerror="`).
      if (html.includes('<img src=x ') || html.includes('onerror="')) leaks.push(`${format} ${text.trim()} → ${html}`);
    }
  }
  assert.deepEqual(leaks, []);
});

const site = mkdtempSync(path.join(os.tmpdir(), 'docjet-breakout-'));
after(() => rmSync(site, { recursive: true, force: true }));
mkdirSync(path.join(site, 'snippets'));
writeFileSync(path.join(site, 'docs.json'), JSON.stringify({ name: 'Breakout', navigation: { pages: ['index'] } }));
writeFileSync(path.join(site, 'snippets/svg-style.mdx'), '<svg><style>{"<img src=x onerror=alert(1)>"}</style></svg>\n');
writeFileSync(path.join(site, 'snippets/noscript.md'), '<div><noscript><p title="</noscript><img src=x onerror=alert(2)>"></p></noscript></div>\n');
writeFileSync(path.join(site, 'snippets/titled.jsx'), 'export const Titled = ({ title }) => <p title={title}>t</p>;\n');
const renderer = createPageRenderer({ root: site });

function page(text: string): string {
  const result = renderer.render({ file: 'index.mdx', text, format: 'mdx' });
  assert.deepEqual(
    result.diagnostics.map((d) => d.message),
    [],
  );
  return result.html;
}

test('a snippet (.mdx and .md) holding a payload', () => {
  assert.equal(page("import Svg from '/snippets/svg-style.mdx'\n\n<Svg />\n"), '<svg><style>{"&#x3C;img src=x onerror=alert(1)>"}</style></svg>');
  assert.equal(
    page("import Noscript from '/snippets/noscript.md'\n\n<Noscript />\n"),
    '<div><noscript><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;"></p></noscript></div>',
  );
});

test("a component's prop written into an attribute inside <noscript>: the page's own component and a .jsx snippet's", () => {
  const expected = '<noscript><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;">t</p></noscript>';
  assert.equal(page('export const Own = ({ title }) => <p title={title}>t</p>\n\n<noscript><Own title="</noscript><img src=x onerror=alert(2)>" /></noscript>\n'), expected);
  assert.equal(page('import { Titled } from \'/snippets/titled.jsx\'\n\n<noscript><Titled title="</noscript><img src=x onerror=alert(2)>" /></noscript>\n'), expected);
});

test('the banner and OpenAPI descriptions: the allow-list drops <svg>, <math>, <style> and <noscript>, and no value starts a tag', () => {
  const payloads = [
    '<svg><style>&lt;img src=x onerror=alert(5)&gt;</style></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(2)>"></p></noscript>',
    '<div><noscript><!-- </noscript><img src=x onerror=alert(3)> --></noscript></div>',
  ];
  assert.deepEqual(
    payloads.map((payload) => inlineMarkdownHtml(payload)),
    [
      '&#x3C;img src=x onerror=alert(5)>',
      '&#x3C;img src=x onerror=alert(1)><table></table>',
      '<p></p><p title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;"></p><p></p>',
      '<div></div>',
    ],
  );
  for (const payload of payloads) {
    const html = markdownHtml(`Text.\n\n${payload}\n`);
    assert.ok(!startsPayloadTag(html), html);
  }
  assert.equal(
    markdownHtml('<a href="https://x" title="</noscript><img src=x onerror=alert(2)>">a</a>'),
    '<p><a href="https://x" title="&#x3C;/noscript&#x3E;&#x3C;img src=x onerror=alert(2)&#x3E;">a</a></p>',
  );
});

test('SVG animation: each entry of values, and from, to and by, is checked as a URL; an animated handler is left out', () => {
  const result = renderMarkdown({
    file: 'a.mdx',
    format: 'mdx',
    text:
      '<svg>\n  <a>\n' +
      '    <animate attributeName="href" values="x;javascript:alert(4)" dur="1s" />\n' +
      '    <animateMotion values="x; JavaScript:alert(4)" />\n' +
      '    <animateTransform attributeName="href" values="#a;&#106;avascript:alert(4)" />\n' +
      '    <set attributeName="xlink:href" to="javascript:alert(4)" />\n' +
      '    <animate attributeName="href" from="#a" by="javascript:alert(4)" />\n' +
      '    <set attributeName="onclick" to="alert(4)" />\n' +
      '    <animate attributeName="fill" values="red;blue" dur="1s" />\n' +
      '    <text>t</text>\n  </a>\n</svg>\n',
  });
  assert.equal(
    result.html,
    '<svg><a><animate attributeName="href" dur="1s"></animate><animateMotion></animateMotion><animateTransform attributeName="href"></animateTransform>' +
      '<set attributeName="xlink:href"></set><animate attributeName="href" from="#a"></animate><set to="alert(4)"></set>' +
      '<animate attributeName="fill" values="red;blue" dur="1s"></animate><p><text>t</text></p></a></svg>',
  );
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`),
    [
      'url-unsafe 3:5 the `values` of `<animate>` is a javascript: URL (`x;javascript:alert(4)`), which runs code or hides content when followed; it is left out',
      'url-unsafe 4:5 the `values` of `<animateMotion>` is a javascript: URL (`x; JavaScript:alert(4)`), which runs code or hides content when followed; it is left out',
      'url-unsafe 5:5 the `values` of `<animateTransform>` is a javascript: URL (`#a;javascript:alert(4)`), which runs code or hides content when followed; it is left out',
      'url-unsafe 6:5 the `to` of `<set>` is a javascript: URL (`javascript:alert(4)`), which runs code or hides content when followed; it is left out',
      'url-unsafe 7:5 the `by` of `<animate>` is a javascript: URL (`javascript:alert(4)`), which runs code or hides content when followed; it is left out',
      "html-unsafe 8:5 the `attributeName` attribute of `<set>` is left out: it would run script in every reader's browser",
    ],
  );
  assert.equal(
    md('<svg><a><animate attributeName="href" values="x;javascript:alert(4)" dur="1s" /><text>t</text></a></svg>\n'),
    '<p><svg><a><animate attributeName="href" dur="1s"></animate><text>t</text></a></svg></p>',
  );
});
