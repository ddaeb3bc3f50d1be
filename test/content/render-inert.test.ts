/**
 * Nothing a page, a spec or the config writes runs as script: the shared URL predicate
 * (src/shared/safe-url.ts), the page sanitiser (src/content/sanitize.ts), Markdown for OpenAPI
 * descriptions and the banner (src/content/commonmark.ts), and what page rendering reports.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inlineMarkdownHtml, markdownHtml } from '../../src/content/commonmark.ts';
import { frontmatterUrlDiagnostics } from '../../src/content/frontmatter-url.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { isUnsafeUrl, safeUrl, unsafeScheme } from '../../src/shared/safe-url.ts';
import { sanitizeHtml } from '../../src/content/sanitize.ts';
import { trustedHtml } from '../../src/content/mdx/serialize.ts';

test('the URL predicate reads the scheme as a browser does', () => {
  const unsafe = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#0000106avascript:alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    '&amp;#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
  ];
  assert.deepEqual(
    unsafe.filter((url) => !isUnsafeUrl(url)),
    [],
    'all of these run code',
  );
  const safe = ['https://example.com/javascript:x', '/guides/javascript:', 'mailto:a@b.c', '#top', 'guides/setup', '?q=javascript:', 'javascripts/app.js', ''];
  assert.deepEqual(
    safe.filter((url) => isUnsafeUrl(url)),
    [],
    'none of these does',
  );
  assert.equal(unsafeScheme('&#106;avascript:x'), 'javascript');
  // A data: raster image is safe where it can only be shown as an image; SVG and HTML are not.
  assert.equal(isUnsafeUrl('data:image/png;base64,iVBORw0KGgo=', 'image'), false);
  assert.equal(isUnsafeUrl('data:image/png;base64,iVBORw0KGgo=', 'link'), true);
  assert.equal(isUnsafeUrl('data:image/svg+xml,<svg/>', 'image'), true);
  assert.equal(isUnsafeUrl('data:font/woff2;base64,AAAA', 'asset'), false);
  assert.equal(isUnsafeUrl('javascript:x', 'asset'), true);
  assert.equal(safeUrl('javascript:x'), undefined);
  assert.equal(safeUrl('https://x.y'), 'https://x.y');
});

test('the page sanitiser drops handlers, unsafe URLs, scripts and active elements, and keeps the rest', () => {
  const removed: string[] = [];
  const html = trustedHtml(
    sanitizeHtml(
      '<div class="x" id="y" data-k="v" onclick="a()"><img src="a.png" onerror="b()"><a href="&#106;avascript:c()">x</a><a href="/ok">ok</a>' +
        '<svg><a xlink:href="javascript:d()"><animate attributeName="href" values="javascript:e()"/></a></svg>' +
        '<iframe srcdoc="<script>f()</script>" src="https://www.youtube.com/embed/x"></iframe><object data="x.swf"></object><embed src="y">' +
        '<form action="javascript:g()"><button formaction="javascript:h()">go</button></form><p style="background:url(javascript:i())">s</p>' +
        '<meta http-equiv="refresh" content="0;url=javascript:j()"><base href="javascript:k()"><script>l()</script></div>',
      (removal) => removed.push(removal.kind === 'element' || removal.kind === 'script' ? `<${removal.element.tagName}>` : `${removal.element.tagName} ${removal.attribute}`),
    ),
  );
  assert.equal(
    html,
    '<div class="x" id="y" data-k="v"><img src="a.png"><a>x</a><a href="/ok">ok</a><svg><a><animate attributeName="href"></animate></a></svg>' +
      '<iframe src="https://www.youtube.com/embed/x"></iframe><form><button>go</button></form><p>s</p></div>',
  );
  assert.deepEqual(removed, [
    'div onClick',
    '<script>',
    '<base>',
    '<meta>',
    'p style',
    'form action',
    'button formAction',
    '<embed>',
    '<object>',
    'iframe srcDoc',
    'a xLinkHref',
    'animate values',
    'a href',
    'img onError',
  ]);
  // A style element cannot close itself early and let a script follow.
  assert.equal(trustedHtml(sanitizeHtml('<style>a{}</style><script>x()</script>')), '<style>a{}</style>');
});

test('page links, images, JSX and raw HTML that would run script are left out with a warning at their line', () => {
  const mdx = renderMarkdown({
    file: 'p.mdx',
    line: 4,
    format: 'mdx',
    text: '[a](JAVASCRIPT:x()) [ok](/ok)\n\n![i](javascript:y())\n\n<img src="a.png" onError="z()" />\n\n<script>w()</script>\n\n<object data="x" />\n',
  });
  assert.equal(mdx.html, '<p>a <a href="/ok">ok</a></p>\n<p>i</p>\n<img src="a.png">');
  assert.deepEqual(
    mdx.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`),
    [
      'url-unsafe 4:1 this link points to a javascript: URL (`JAVASCRIPT:x()`), which runs code or hides content when clicked; its text is shown without the link',
      'url-unsafe 6:1 this image points to a javascript: URL (`javascript:y()`), which runs code or hides content when loaded; its alt text is shown instead',
      "html-unsafe 8:1 the `onError` attribute of `<img>` is left out: it would run script in every reader's browser",
      'script-tag 10:1 a `<script>` element is left out of the page: docjet never runs scripts written in a page',
      "html-unsafe 12:1 this `<object>` element is left out of the page: it can load and run active content in every reader's browser",
    ],
  );
  const md = renderMarkdown({ file: 'p.md', format: 'md', text: '<div onclick="x()">\n\n**b** <a href="java&#x09;script:y()">l</a>\n\n</div>\n' });
  assert.equal(md.html, '<div>\n<p><strong>b</strong> <a>l</a></p>\n</div>');
  assert.deepEqual(
    md.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['html-unsafe 1:1', 'url-unsafe 3:7'],
  );
  // JSX inside an expression and `dangerouslySetInnerHTML` are made inert too (silently: no position).
  const expression = renderMarkdown({
    file: 'e.mdx',
    format: 'mdx',
    text: 'export const X = <img src="a.png" onError="x()" />\n\nexport const Y = <div dangerouslySetInnerHTML={{ __html: "<img src=b.png onerror=y()>" }} />\n\n{X}\n\n{Y}\n',
  });
  assert.equal(expression.html, '<img src="a.png">\n<div><img src="b.png"></div>');
});

test('component URL props that would run script are left out with a warning at the element', () => {
  const page = renderMarkdown({
    file: 'c.mdx',
    format: 'mdx',
    text: 'Intro\n\n<Card title="A" href="JaVaScRiPt:x()" img="data:text/html,<b>">Body</Card>\n\n<Card title="B" img="data:image/png;base64,AA" />\n',
  });
  assert.ok(!page.html.includes('javascript') && !page.html.includes('JaVaScRiPt') && !page.html.includes('text/html'), page.html);
  assert.ok(page.html.includes('src="data:image/png;base64,AA"'), 'a raster data: image is kept');
  assert.deepEqual(
    page.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`),
    [
      'url-unsafe 3:1 the `href` prop is a javascript: URL, which runs code or hides content when followed; it is left out',
      'url-unsafe 3:1 the `img` prop is a data: URL, which runs code or hides content when loaded; it is left out',
    ],
  );
});

test('OpenAPI descriptions are CommonMark and GFM, with raw HTML cut to a safe allow-list', () => {
  assert.equal(markdownHtml('<p>Stripe writes <code>HTML</code></p>'), '<p>Stripe writes <code>HTML</code></p>');
  assert.equal(markdownHtml('Use `id` and [the docs](https://example.com).'), '<p>Use <code>id</code> and <a href="https://example.com">the docs</a>.</p>');
  assert.equal(markdownHtml('Plain <img src=x onerror=alert(1)> [x](javascript:alert(1)) <a href="&#106;avascript:1">y</a>'), '<p>Plain <img src="x"> <a>x</a> <a>y</a></p>');
  assert.equal(markdownHtml('<script>alert(1)</script>'), '');
  assert.equal(markdownHtml('<iframe src="https://x"></iframe><div style="color:red" onclick="x()">d</div>'), '<div>d</div>');
  assert.equal(markdownHtml('| a |\n| - |\n| 1 |'), '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>');
  assert.equal(markdownHtml('A plain line, no syntax.'), '<p>A plain line, no syntax.</p>');
  assert.equal(inlineMarkdownHtml('**New**: <script>x()</script>[read](/news)'), '<strong>New</strong>: <a href="/news">read</a>');
});

test('a frontmatter url that would run code is reported at its line', () => {
  const text = '---\ntitle: T\nurl: "javascript:alert(1)"\n---\n\nBody\n';
  assert.deepEqual(
    frontmatterUrlDiagnostics('p.mdx', text, 5, { title: 'T', url: 'javascript:alert(1)' }).map((d) => [d.code, d.severity, d.line, d.column, d.message, d.fix]),
    [
      [
        'url-unsafe',
        'warning',
        3,
        1,
        'the frontmatter `url` is a javascript: URL, which runs code when clicked; the sidebar links to the page itself instead',
        'Set `url` to an http(s) URL, or remove it.',
      ],
    ],
  );
  assert.deepEqual(frontmatterUrlDiagnostics('p.mdx', text, 5, { url: 'https://example.com' }), []);
});
