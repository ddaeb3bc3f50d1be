/**
 * Every URL a page writes is resolved where it is made, once: against the page's file, under the
 * base path (`/docs/` here), with `javascript:` URLs dropped. The page is `guides/setup.mdx`, so
 * `./other.mdx` is `/docs/guides/other` and `../a.png` is `/docs/a.png`. Snippets rendered into a
 * page resolve against the page, as their content is the page's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { markdownHtml } from '../../src/content/commonmark.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { createPageRenderer, type PageRenderResult } from '../../src/render/mdx-renderer.ts';
import { contentUrlResolver } from '../../src/render/links.ts';

const BASE = '/docs/';
const PAGE = 'guides/setup.mdx';

function renderPage(text: string, format: 'mdx' | 'md' = 'mdx', file = PAGE): PageRenderResult & { codes: string[] } {
  const result = renderMarkdown({ file, text, format, resolveUrl: contentUrlResolver(file, BASE) });
  return { ...result, dependencies: [], codes: result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`) };
}

/** A site of snippet files written out in the test, rendered with the resolvers the build uses. */
function siteWith(files: Record<string, string>): { render(text: string): PageRenderResult; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'docjet-page-urls-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const renderer = createPageRenderer({ root, urls: (file) => contentUrlResolver(file, BASE) });
  return {
    render: (text) => renderer.render({ file: PAGE, text, format: 'mdx' }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

test('Markdown links and images resolve against the page file; a javascript: link keeps only its text', () => {
  const page = renderPage(
    '[Other](./other.mdx#part) [Home](/index.mdx) [Out](https://example.com/a?b=1&c=2) [Top](#top)\n\n![Logo](../images/logo.png)\n\n[Bad](javascript:alert(1)) ![Bad image](javascript:alert(2))\n',
  );
  assert.equal(
    page.html,
    '<p><a href="/docs/guides/other#part">Other</a> <a href="/docs/">Home</a> <a href="https://example.com/a?b=1&#x26;c=2">Out</a> <a href="#top">Top</a></p>\n' +
      '<p><img src="/docs/images/logo.png" alt="Logo"></p>\n' +
      '<p>Bad Bad image</p>',
  );
  assert.deepEqual(page.codes, ['url-unsafe 5:1', 'url-unsafe 5:28']);
});

test('a link with a query keeps it, escaped once', () => {
  assert.equal(renderPage('[Search](./search?q=a&page=2)\n').html, '<p><a href="/docs/guides/search?q=a&#x26;page=2">Search</a></p>');
});

test('HTML elements written as JSX resolve href, src, srcSet and poster; a javascript: href is left out', () => {
  const page = renderPage(
    '<a href="../faq">FAQ</a>\n\n<img src="shot.png" srcSet="shot.png 1x, shot@2x.png 2x" />\n\n<video poster="poster.jpg" src="/media/a.mp4" />\n\n<a href="javascript:alert(1)">Bad</a>\n',
  );
  assert.equal(
    page.html,
    '<p><a href="/docs/faq">FAQ</a></p>\n' +
      '<img src="/docs/guides/shot.png" srcset="/docs/guides/shot.png 1x, /docs/guides/shot@2x.png 2x">\n' +
      '<video poster="/docs/guides/poster.jpg" src="/docs/media/a.mp4"></video>\n' +
      '<p><a>Bad</a></p>',
  );
  assert.deepEqual(page.codes, ['url-unsafe 7:1']);
});

test('raw HTML in a Markdown page resolves once, with the Markdown links around it', () => {
  const page = renderPage(
    '<div class="box">\n\n[Next](./next.md) <a href="api/index.md">API</a>\n\n<img src="/images/a.png">\n\n</div>\n\n<a href="javascript:x()">Bad</a>\n',
    'md',
    'guides/setup.md',
  );
  assert.equal(
    page.html,
    '<div class="box">\n<p><a href="/docs/guides/next">Next</a> <a href="/docs/guides/api/">API</a></p>\n<img src="/docs/images/a.png">\n</div>\n<p><a>Bad</a></p>',
  );
  assert.deepEqual(page.codes, ['url-unsafe 9:1']);
});

test('component URL props resolve against the page: Card href and img, Tile, Link, Tooltip', () => {
  const page = renderPage(
    '<Card title="Quickstart" href="./quickstart" img="../images/card.png">Start</Card>\n\n' +
      '<Tile href="/components/tile.mdx" title="Tile">x</Tile>\n\n' +
      'A <Tooltip tip="More" cta="Read" href="reference">term</Tooltip> and <Link href="../changelog">log</Link>.\n\n' +
      '<Card title="Bad" href="javascript:alert(1)">Body</Card>\n',
  );
  assert.match(page.html, /<a class="card" href="\/docs\/guides\/quickstart"><img class="card-image" src="\/docs\/images\/card.png" alt="">/);
  assert.match(page.html, /<a class="tile" href="\/docs\/components\/tile">/);
  assert.match(page.html, / <a href="\/docs\/guides\/reference">Read<\/a>/);
  assert.match(page.html, /<a href="\/docs\/changelog">log<\/a>/);
  assert.match(page.html, /<div class="card"><span class="card-title">Bad<\/span>/);
  assert.ok(!page.html.includes('javascript'), page.html);
  assert.deepEqual(page.codes, ['url-unsafe 7:1']);
});

test('JSX in expressions and dangerouslySetInnerHTML resolve against the page too', () => {
  const page = renderPage(
    'export const Logo = <img src="logo.svg" />\n\nexport const Raw = <div dangerouslySetInnerHTML={{ __html: \'<a href="../x">x</a><a href="javascript:y()">y</a>\' }} />\n\n{Logo}\n\n{Raw}\n',
  );
  assert.equal(page.html, '<img src="/docs/guides/logo.svg">\n<div><a href="/docs/x">x</a><a>y</a></div>');
});

test('text that looks like an attribute is text: inline code showing href="…" is left as written', () => {
  assert.equal(renderPage('Write `<a href="page.md">` in HTML.\n').html, '<p>Write <code>&#x3C;a href="page.md"></code> in HTML.</p>');
});

test('a snippet rendered into a page resolves against the page; its javascript: URLs are dropped', (t) => {
  const site = siteWith({
    'snippets/links.mdx': '[Relative](./relative.mdx) ![Shot](shot.png)\n\n<a href="../up">Up</a>\n\n<Card title="C" href="card-target">c</Card>\n\n[Bad](javascript:alert(1))\n',
    'snippets/logo.jsx': 'export const Logo = () => <img src="logo.png" />;\n',
  });
  t.after(() => site.remove());
  const page = site.render("import Links from '/snippets/links.mdx'\nimport { Logo } from '/snippets/logo.jsx'\n\n<Links />\n\n<Logo />\n\n<Snippet file=\"links.mdx\" />\n");
  const once =
    '<p><a href="/docs/guides/relative">Relative</a> <img src="/docs/guides/shot.png" alt="Shot"></p>\n' +
    '<p><a href="/docs/up">Up</a></p>\n' +
    '<a class="card" href="/docs/guides/card-target"><span class="card-title">C</span><div class="card-body">c</div></a>\n' +
    '<p>Bad</p>';
  assert.equal(page.html, `${once}\n<img src="/docs/guides/logo.png">\n${once}`);
  assert.deepEqual(
    page.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
    ['url-unsafe snippets/links.mdx:7:1'],
  );
});

test('JSX a snippet computes once, when it is loaded, resolves against the snippet file', (t) => {
  const site = siteWith({ 'snippets/badges.jsx': 'export const Badge = <img src="badge.svg" />;\n' });
  t.after(() => site.remove());
  assert.equal(site.render("import { Badge } from '/snippets/badges.jsx'\n\n{Badge}\n").html, '<img src="/docs/snippets/badge.svg">');
});

test('OpenAPI descriptions resolve with the page they are shown on; without one, as the spec writes them', () => {
  const text = 'See [the guide](./guide.mdx) and ![diagram](/images/d.png); [bad](javascript:x()).';
  const resolve = contentUrlResolver('api/pets.mdx', BASE);
  assert.equal(markdownHtml(text), '<p>See <a href="./guide.mdx">the guide</a> and <img src="/images/d.png" alt="diagram">; <a>bad</a>.</p>');
  assert.equal(markdownHtml(text, resolve), '<p>See <a href="/docs/api/guide">the guide</a> and <img src="/docs/images/d.png" alt="diagram">; <a>bad</a>.</p>');
  // The cached rendering is the spec's own; a plain description is the same for every page.
  assert.equal(markdownHtml(text), '<p>See <a href="./guide.mdx">the guide</a> and <img src="/images/d.png" alt="diagram">; <a>bad</a>.</p>');
  assert.equal(markdownHtml('Plain words.', resolve), '<p>Plain words.</p>');
});

test("a code group shows each block's title on its tab, not again above the code", () => {
  const page = renderPage('<CodeGroup>\n\n```js app.js\nrun()\n```\n\n```py icon="python"\nrun()\n```\n\n</CodeGroup>\n\n```js alone.js\nx\n```\n');
  assert.equal((page.html.match(/class="code-title"/g) ?? []).length, 1, page.html);
  assert.match(page.html, /<span class="code-title-text">alone\.js<\/span>/);
  assert.match(page.html, /role="tab"[^>]*>app\.js<\/button>/);
  assert.match(page.html, /role="tab"[^>]*><span class="icon" data-icon="python" aria-hidden="true"><\/span>py<\/button>/);
});
