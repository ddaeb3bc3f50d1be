/**
 * OpenAPI descriptions without raw HTML skip the HTML parser (src/content/commonmark.ts). The
 * shortcut must write what the full pipeline writes, byte for byte, and drop what it drops: the
 * full pipeline is written out here as the reference, and tricky descriptions go through both.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Nodes, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { markdownHtml } from '../../src/content/commonmark.ts';
import type { UrlResolver } from '../../src/content/page-urls.ts';
import { isUnsafeUrl } from '../../src/shared/safe-url.ts';
import { contentUrlResolver } from '../../src/render/links.ts';

const SCHEMA: Schema = { ...defaultSchema, attributes: { ...defaultSchema.attributes, code: [['className', /^language-./]] } };

/** Every description through the HTML parser, then the allow-list, then its URLs: the pipeline without shortcuts. */
function fullPipeline(text: string, resolveUrl: UrlResolver): string {
  const hast = toHast(fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), { allowDangerousHtml: true });
  const clean = sanitize(raw(hast.type === 'root' ? hast : ({ type: 'root', children: [hast] } as Root)), SCHEMA);
  resolveAll(clean, resolveUrl);
  return toHtml(clean).trim();
}

function resolveAll(node: Nodes, resolveUrl: UrlResolver): void {
  if (node.type === 'element') {
    for (const name of ['href', 'src'] as const) {
      const value = node.properties[name];
      if (typeof value !== 'string') continue;
      const resolved = resolveUrl(value, name === 'src' ? 'image' : 'link');
      if (resolved === undefined) delete node.properties[name];
      else node.properties[name] = resolved;
    }
  }
  if ('children' in node) for (const child of node.children) resolveAll(child, resolveUrl);
}

const asWritten: UrlResolver = (url, use) => (isUnsafeUrl(url, use) ? undefined : url);

const TRICKY = [
  // Links and images, safe and not, entity-encoded and not.
  'See [the docs](https://example.com/a?b=1&c=2 "Title \\"q\\"") and [a guide](./guides/setup.mdx#top).',
  '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](&#106;avascript:alert(1)) [w](java&#x09;script:alert(1))',
  '[v](vbscript:msgbox(1)) [d](data:text/html,alert) ![svg](data:image/svg+xml,x) ![png](data:image/png;base64,iVBORw0KGgo=)',
  '[ref link][evil] and [ok][good]\n\n[evil]: javascript:alert(1)\n[good]: /pets "Pets"',
  '![diagram](../images/d.png "A diagram") inside [![badge](b.svg)](https://ci.example.com)',
  // Autolinks, CommonMark's and GFM's.
  '<https://example.com/x_y> <javascript:alert(1)> <mailto:a@example.com> <team@example.com>',
  'Visit www.example.com/path_(x), https://example.com/a?q=1&r=2. or mail team@example.com.',
  '[www.example.com inside a link](https://other.example.com) and [a <https://b.example.com>](c)',
  // Entities and escapes.
  '&amp; &lt;script&gt;alert(1)&lt;/script&gt; &copy; &#60;img src=x onerror=alert(1)&#62; &nbsp;&#0;&bogus;',
  '\\<img src=x onerror=alert(1)\\> \\[not](a link) \\*not emphasis\\*',
  // Raw HTML: the full path runs for these, and the result must not change either.
  'Plain <img src=x onerror=alert(1)> and <a href="&#106;avascript:1" onclick="x()">y</a>',
  '<details><summary>More</summary>\n\nHidden *text*.\n\n</details>',
  '<table><tr><td onmouseover="x()">1</td></tr></table>\n\n<svg><script>alert(1)</script></svg><!-- note -->',
  'Line one<br>line two <br/> and <span style="color:red">red</span>',
  // Code containing `<`.
  'Use `<script>alert(1)</script>` and `a < b && c > d`.',
  '```html\n<img src=x onerror=alert(1)>\n```\n\n    <b>indented</b> & <i>code</i>',
  '~~~json title="x"\n{"a": "<b>"}\n~~~',
  // Blocks GFM adds, and shapes the HTML parser might rebuild.
  '| a | b |\n| :- | -: |\n| `x|y` | [l](javascript:x) |\n| <b>c</b> | d |',
  '| left | right |\n| --- | --- |\n| 1 | 2 |\n\nAfter the table.',
  '- [x] done\n- [ ] open\n  1. nested *em*\n  2. **strong** ~~gone~~',
  'A footnote[^1] and another[^n].\n\n[^1]: The note, with [a link](https://example.com).\n[^n]: Second.',
  '# Heading\n\nSetext\n===\n\n> quote with `code`\n\n---\n\n* * *',
  'Hard  \nbreak and soft\nbreak\\\nand backslash, CRLF\r\nline, NUL \u0000 char',
  '3. third\n4. fourth\n\n- | in | list |\n  | -- | ---- |\n  | 1  |\n\n> > deep `quote`\n> | t |\n> | - |',
  "## `code` in a *heading* ##\n\n**[bold link](<dest with spaces> 't')** _[under](https://x.example)_",
  'lone CR\rline, tab\tin text, form\ffeed, lone surrogate \ud800 end',
  'snake_case_name and 2*3*4, "double" and \'single\' quotes, ünïcödé and emoji 🐙',
  '',
  '   ',
];

test('a description without raw HTML comes out byte for byte as the full pipeline writes it', () => {
  for (const text of TRICKY) assert.equal(markdownHtml(text), fullPipeline(text, asWritten), JSON.stringify(text));
});

test('a description resolved for a page file comes out as the full pipeline writes it for that page, whichever page asked first', () => {
  const pages = [contentUrlResolver('api/pets.mdx', '/docs/'), contentUrlResolver('guides/deep/page.mdx', '/'), contentUrlResolver('index.mdx', '/v2/')];
  for (const text of TRICKY) {
    for (const resolveUrl of pages) assert.equal(markdownHtml(text, resolveUrl), fullPipeline(text, resolveUrl), JSON.stringify(text));
    // The cached rendering is still the spec's own after pages resolved theirs.
    assert.equal(markdownHtml(text), fullPipeline(text, asWritten), JSON.stringify(text));
  }
});

test('no tricky description leaves a script URL or an event handler in an attribute', () => {
  const tags = TRICKY.flatMap((text) => markdownHtml(text).match(/<[a-z][^>]*>/gi) ?? []);
  assert.deepEqual(
    tags.filter((tag) => /\son[a-z]+=|\s(?:href|src)="\s*(?:javascript|vbscript|data:text)/i.test(tag)),
    [],
  );
  // The links that were unsafe are still there as text, without a target.
  assert.equal(markdownHtml('[x](javascript:alert(1)) [z](&#106;avascript:alert(1))'), '<p><a>x</a> <a>z</a></p>');
  assert.equal(markdownHtml('<https://example.com> <javascript:alert(1)>'), '<p><a href="https://example.com">https://example.com</a> <a>javascript:alert(1)</a></p>');
});
