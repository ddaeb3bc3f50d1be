/**
 * The page body renderer: Markdown, GFM, math, headings, code blocks, expressions and ESM, and the
 * ways real pages break MDX (corpus/README.md), each of which must render with a warning.
 * Components have their own file (render-components.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { COPY_BUTTON } from '../../src/content/mdx/code.ts';
import { renderMarkdown, type RenderOptions, type RenderResult } from '../../src/content/mdx/index.ts';
import { renderMath } from '../../src/content/mdx/math.ts';
import { CATALOGUE } from '../../src/shared/messages.ts';

const file = 'guides/page.mdx';

function render(text: string, options: Partial<RenderOptions> = {}): RenderResult {
  return renderMarkdown({ file, text, format: 'mdx', ...options });
}

/** Diagnostics as `severity code line:column`, the way a reader scans them. */
function problems(result: RenderResult): string[] {
  return result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`);
}

test('Markdown renders to HTML with no diagnostics', () => {
  const result = render('# Hello *world*\n\nSome **bold** text and a [link](/guides/x).\n\n- one\n- two\n');
  assert.equal(
    result.html,
    '<h1 id="hello-world">Hello <em>world</em></h1>\n' + '<p>Some <strong>bold</strong> text and a <a href="/guides/x">link</a>.</p>\n' + '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
  );
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.imports, []);
  assert.equal(result.format, 'mdx');
});

test('GFM: tables, task lists, strikethrough, literal autolinks, footnotes', () => {
  const { html, diagnostics } = render(
    '| a | b |\n| - | :-: |\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ see www.example.com or https://example.com/x and a note[^1].\n\n[^1]: The note.\n',
  );
  assert.deepEqual(diagnostics, []);
  assert.ok(html.includes('<table>\n<thead>\n<tr>\n<th>a</th>\n<th align="center">b</th>'), html);
  assert.ok(html.includes('<td align="center">2</td>'));
  assert.ok(html.includes('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>'));
  assert.ok(html.includes('<li class="task-list-item"><input type="checkbox" disabled> todo</li>'));
  assert.ok(html.includes('<del>old</del>'));
  assert.ok(html.includes('<a href="http://www.example.com">www.example.com</a>'));
  assert.ok(html.includes('<a href="https://example.com/x">https://example.com/x</a>'));
  assert.ok(html.includes('<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref'));
  assert.ok(html.includes('<section data-footnotes class="footnotes">'));
});

test('math: inline and display formulas are typeset by KaTeX, braces and all', () => {
  const { html, diagnostics } = render('Inline $\\frac{a}{b}$ here.\n\n$$\nE = mc^2\n$$\n');
  assert.deepEqual(diagnostics, []);
  // Inline `$…$` is a `span.katex` inside the paragraph; KaTeX's own output is render-math.test.ts's concern.
  assert.ok(html.startsWith('<p>Inline <span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>'), html);
  assert.ok(html.includes('<annotation encoding="application/x-tex">\\frac{a}{b}</annotation>'), html);
  // Display `$$…$$` is a block of its own after the paragraph.
  assert.ok(
    html.includes(
      '</span> here.</p>\n<div class="math math-display"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">',
    ),
    html,
  );
  assert.ok(html.includes('<annotation encoding="application/x-tex">E = mc^2</annotation>'), html);
  assert.ok(html.endsWith('</span></span></div>'), html);
  assert.equal(html, `<p>Inline ${renderMath('\\frac{a}{b}', false).html} here.</p>\n${renderMath('E = mc^2', true).html}`);
});

test('.md pages are Markdown: no JSX, no expressions, raw HTML kept', () => {
  const text = '# T\n\n<div class="x">raw</div>\n\n<!-- kept -->\n\n{kickoff_id} and <Note>hi</Note>\n\n| a |\n| - |\n| $x$ |\n';
  const result = render(text, { format: 'md', file: 'notes.md' });
  assert.equal(
    result.html,
    // Raw HTML is parsed as the browser parses it (to make it inert), so tag names come out in lower case.
    '<h1 id="t">T</h1>\n<div class="x">raw</div>\n<!-- kept -->\n<p>{kickoff_id} and <note>hi</note></p>\n' +
      `<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>${renderMath('x', false).html}</td>\n</tr>\n</tbody>\n</table>`,
  );
  // Math is typeset in .md pages too.
  assert.ok(result.html.includes('<td><span class="katex">'), result.html);
  assert.deepEqual(result.diagnostics, []);
  assert.equal(result.format, 'md');
  // The same text as MDX: a component, an expression naming nothing, and a comment MDX rejects.
  const mdx = render(text);
  assert.deepEqual(problems(mdx), ['warning mdx-html-comment 5:1', 'warning mdx-expression-undefined 7:1']);
  // A callout written inside a line of text stays there, as MDX has it.
  assert.ok(mdx.html.includes('<p>{kickoff_id} and <aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body">hi</div></aside></p>'), mdx.html);
});

test("heading ids: the hosted product's rule (lowercase, dashes, `.` a separator, `&` kept, `?!:` removed, repeats -2, -3, any script kept)", () => {
  const result = render('# Getting Started!\n\n## Getting started\n\n## Getting started\n\n### `npm` & Yarn: v2.0\n\n## Démarrage rapide\n\n## 快速开始\n\n## ???\n');
  assert.deepEqual(result.headings, [
    { depth: 1, id: 'getting-started', text: 'Getting Started!' },
    { depth: 2, id: 'getting-started-2', text: 'Getting started' },
    { depth: 2, id: 'getting-started-3', text: 'Getting started' },
    { depth: 3, id: 'npm-&-yarn-v2-0', text: 'npm & Yarn: v2.0' },
    { depth: 2, id: 'démarrage-rapide', text: 'Démarrage rapide' },
    { depth: 2, id: '快速开始', text: '快速开始' },
    { depth: 2, id: 'heading', text: '???' },
  ]);
  assert.ok(result.html.includes('<h3 id="npm-&#x26;-yarn-v2-0"><code>npm</code> &#x26; Yarn: v2.0</h3>'), result.html);
});

test('heading ids: `{#custom-id}` is honoured and taken out of the text, in .mdx and .md', () => {
  for (const format of ['mdx', 'md'] as const) {
    const result = render('## Install the *CLI* {#install}\n\n## Install\n\n```bash\n# comment {#not-an-id}\n```\n', { format });
    assert.deepEqual(result.headings, [
      { depth: 2, id: 'install', text: 'Install the CLI' },
      { depth: 2, id: 'install-2', text: 'Install' },
    ]);
    assert.ok(result.html.startsWith('<h2 id="install">Install the <em>CLI</em></h2>'), result.html);
    // The line in the code block looks the same but is code: it is left exactly as written.
    assert.ok(result.html.includes('<code class="language-bash"><span class="line"># comment {#not-an-id}</span></code>'), result.html);
    assert.deepEqual(result.diagnostics, [], format);
  }
});

test('headings inside components count, in page order', () => {
  const result = render('# Top\n\n<Update label="v2">\n  ## Fixes\n</Update>\n\n<Steps>\n  <Step title="Install" titleSize="h3">x</Step>\n</Steps>\n');
  assert.deepEqual(result.headings, [
    { depth: 1, id: 'top', text: 'Top' },
    { depth: 2, id: 'v2', text: 'v2' },
    { depth: 2, id: 'fixes', text: 'Fixes' },
    { depth: 3, id: 'install', text: 'Install' },
  ]);
});

test('code blocks: language class, title and icon caption, highlighted lines, code escaped', () => {
  const { html } = render(
    '```js title="app.js" {1,3-5} lines wrap icon="node"\nif (a < b && c) {}\nb()\nc()\nd()\ne()\n```\n\n```ts Config file expandable highlight="[2]"\nx\ny\n```\n\n```\nplain\n```\n',
  );
  assert.equal(
    html,
    '<figure class="code-block" data-language="js" data-lines data-wrap>' +
      '<figcaption class="code-title"><span class="icon" data-icon="node" aria-hidden="true"></span><span class="code-title-text">app.js</span></figcaption>' +
      `${COPY_BUTTON}<pre tabindex="0"><code class="language-js">` +
      '<span class="line highlighted">if (a &lt; b &amp;&amp; c) {}</span>\n<span class="line">b()</span>\n' +
      '<span class="line highlighted">c()</span>\n<span class="line highlighted">d()</span>\n<span class="line highlighted">e()</span>' +
      '</code></pre></figure>\n' +
      // Two lines are too short to collapse, so `expandable` leaves the block whole.
      '<figure class="code-block" data-language="ts"><figcaption class="code-title"><span class="code-title-text">Config file</span></figcaption>' +
      `${COPY_BUTTON}<pre tabindex="0"><code class="language-ts"><span class="line">x</span>\n<span class="line highlighted">y</span></code></pre></figure>\n` +
      `<figure class="code-block">${COPY_BUTTON}<pre tabindex="0"><code><span class="line">plain</span></code></pre></figure>`,
  );
});

test('code blocks: a highlighter plugs in through `highlight`, mermaid fences do not go through it', () => {
  const calls: string[] = [];
  const { html } = render('```py main.py {2}\nprint(1)\n```\n\n```mermaid\ngraph TD; A-->B<script>\n```\n', {
    highlight: (code, lang, meta) => {
      calls.push(`${lang}|${meta.title}|${meta.highlight?.join(',')}`);
      return `<pre class="shiki">${code.length}</pre>`;
    },
  });
  assert.deepEqual(calls, ['py|main.py|2']);
  assert.equal(html, '<pre class="shiki">8</pre>\n<pre class="mermaid">graph TD; A--&gt;B&lt;script&gt;</pre>');
});

test('a code fence left open at the end of the file renders to the end, with a warning', () => {
  const result = render('Intro\n\n```python\nprint("hi")\n\nmore', { line: 6 });
  assert.equal(
    result.html,
    `<p>Intro</p>\n<figure class="code-block" data-language="python">${COPY_BUTTON}<pre tabindex="0"><code class="language-python">` +
      '<span class="line">print("hi")</span>\n<span class="line"></span>\n<span class="line">more</span></code></pre></figure>',
  );
  assert.deepEqual(problems(result), ['warning code-fence-unclosed 8:1']);
  assert.equal(result.diagnostics[0]?.message, 'this code block is never closed, so everything after it, to the end of the page or of the element around it, is shown as code');
  // Closed fences, including a longer closing fence and one inside a blockquote, are fine.
  assert.deepEqual(render('```\na\n`````\n\n> ```\n> b\n> ```\n\n~~~\nc\n~~~').diagnostics, []);
});

test('positions are reported in the original file: `line` is where the body starts', () => {
  const source = '---\ntitle: T\n---\n\nText {oops}\n';
  const { bodyStart, bodyLine } = readFrontmatter({ file, text: source });
  const result = renderMarkdown({ file, text: source.slice(bodyStart), format: 'mdx', line: bodyLine });
  assert.deepEqual(problems(result), ['warning mdx-expression-undefined 5:6']);
  assert.equal(result.diagnostics[0]?.file, file);
});

test('`{name}` naming nothing renders as the literal text, with a warning naming it', () => {
  const result = render('Poll `/status/{kickoff_id}` or GET /{kickoff_id}/status.\n');
  assert.equal(result.html, '<p>Poll <code>/status/{kickoff_id}</code> or GET /{kickoff_id}/status.</p>');
  assert.deepEqual(problems(result), ['warning mdx-expression-undefined 1:37']);
  assert.deepEqual(result.diagnostics[0], {
    severity: 'warning',
    code: 'mdx-expression-undefined',
    file,
    line: 1,
    column: 37,
    message: '`{kickoff_id}` names `kickoff_id`, which this page does not define, so it is shown as written',
    fix: 'To show the braces, escape the first one: `\\{kickoff_id}`; to show a value, define it with `export const kickoff_id = …`.',
  });
});

test('`export const` literals are evaluated and `{name}` shows them; comments show nothing', () => {
  const text = [
    "export const product = 'Acme'",
    'export const limits = { rate: 100, plans: ["free", "pro"] }',
    'export const tagline = `${product} docs`',
    '',
    '{/* a comment */}',
    '',
    '# {product}',
    '',
    'Rate: {limits.rate}/s on {limits.plans[1]}; {tagline}. {limits.missing}',
  ].join('\n');
  const result = render(text);
  assert.equal(result.html, '<h1 id="acme">Acme</h1>\n<p>Rate: 100/s on pro; Acme docs. </p>');
  assert.deepEqual(result.headings, [{ depth: 1, id: 'acme', text: 'Acme' }]);
  assert.deepEqual(result.diagnostics, []);
});

test('expressions that would need code to run are shown as written, with a warning', () => {
  const result = render("export const agent = new Agent({ role: 'x' })\n\nYear {new Date().getFullYear()} and {agent}.\n");
  assert.equal(result.html, '<p>Year {new Date().getFullYear()} and {agent}.</p>');
  assert.deepEqual(problems(result), ['warning mdx-expression-unsupported 3:6', 'warning mdx-expression-unsupported 3:37']);
});

test('imports are listed for the snippet stage, not resolved; their components and values leave markers', () => {
  const text = 'import Cta from \'/snippets/cta.mdx\';\nimport { Button as Btn, version } from "/snippets/ui.jsx"\n\n<Cta />\n\nv{version} <Btn>Go</Btn>\n';
  const result = render(text);
  assert.deepEqual(result.imports, [
    { name: 'Cta', source: '/snippets/cta.mdx', imported: 'default' },
    { name: 'Btn', source: '/snippets/ui.jsx', imported: 'Button' },
    { name: 'version', source: '/snippets/ui.jsx', imported: 'version' },
  ]);
  assert.equal(
    result.html,
    '<div data-component="Cta" data-import="/snippets/cta.mdx"></div>\n' +
      '<p>v<span data-import="/snippets/ui.jsx" data-name="version"></span> <span data-component="Btn" data-import="/snippets/ui.jsx">Go</span></p>',
  );
  assert.deepEqual(result.diagnostics, []);
});

test('HTML attributes as authored: `class=`, `style="…"` strings, `style={{…}}` objects, booleans', () => {
  const result = render(
    '<div class="hero" style="color: red; margin: 0 auto">\n  <img src="/a.png" alt="A" width={200} />\n</div>\n\n<span className="tag" style={{ marginTop: 8, lineHeight: 1.5, WebkitUserSelect: "none" }}>t</span>\n\n<input type="checkbox" disabled checked={false} />\n',
  );
  assert.equal(
    result.html,
    '<div class="hero" style="color: red; margin: 0 auto"><img src="/a.png" alt="A" width="200"></div>\n' +
      '<p><span class="tag" style="margin-top:8px;line-height:1.5;-webkit-user-select:none">t</span></p>\n' +
      '<input type="checkbox" disabled>',
  );
  assert.deepEqual(result.diagnostics, []);
});

test('an unknown component renders its children in a `data-component` wrapper, with one warning naming it', () => {
  const result = render('<Foo kind="x">\n  Inside **bold**\n</Foo>\n\nText <Foo>inline</Foo>.\n', { line: 10 });
  assert.equal(result.html, '<div data-component="Foo"><p>Inside <strong>bold</strong></p></div>\n<p>Text <span data-component="Foo">inline</span>.</p>');
  assert.deepEqual(problems(result), ['warning mdx-unknown-component 10:1']);
  assert.equal(result.diagnostics[0]?.message, '`<Foo>` is not a component docjet knows; its children are shown without it');
});

test("a component defined by the page's own JavaScript is named as such", () => {
  const result = render('export const Hero = ({ title }) => <h1>{title}</h1>\n\n<Hero title="x" />\n');
  assert.equal(result.html, '<div data-component="Hero"></div>');
  assert.match(result.diagnostics[0]?.message ?? '', /`<Hero>` is defined by this page's own JavaScript/);
});

test('`<script>` is left out of the page, with a warning at each', () => {
  const result = render('Before\n\n<script>\n  window.config = { token: "x" };\n  if (a<b) run();\n</script>\n\n<script src="https://example.com/a.js" defer></script>\n');
  assert.equal(result.html, '<p>Before</p>');
  assert.deepEqual(problems(result), ['warning script-tag 3:1', 'warning script-tag 8:1']);
  assert.equal(result.diagnostics[0]?.message, 'a `<script>` element is left out of the page: docjet never runs scripts written in a page');
  assert.equal(result.diagnostics[0]?.fix, 'To run a script on every page, put it in a `.js` file in the docs folder instead.');
});

test('HTML comments are left out of .mdx pages, with a warning', () => {
  const result = render('<!-- TODO: rewrite -->\n\nText <!-- inline --> here.\n\n<!--\nmulti\n\nline\n-->\n');
  assert.equal(result.html, '<p>Text  here.</p>');
  assert.deepEqual(problems(result), ['warning mdx-html-comment 1:1', 'warning mdx-html-comment 3:6', 'warning mdx-html-comment 5:1']);
});

test('stray `<` and `{` are shown as text, with a warning at each', () => {
  const result = render('I <3 MDX.\n\nA set { of things\n\nAnd a < b.\n');
  assert.equal(result.html, '<p>I &#x3C;3 MDX.</p>\n<p>A set { of things</p>\n<p>And a &#x3C; b.</p>');
  assert.deepEqual(problems(result), ['warning mdx-syntax 1:3', 'warning mdx-syntax 3:7']);
  assert.equal(
    result.diagnostics[1]?.message,
    'MDX cannot read the `{` here (Unexpected end of file in expression, expected a corresponding closing brace for {), so it is shown as text',
  );
});

test('prose that starts with `export` or `import` is shown as text, with a warning', () => {
  const result = render('Intro\n\nexport your data as CSV, then\nimport it elsewhere.\n\nexport const ok = 1\n\n{ok}\n');
  assert.equal(result.html, '<p>Intro</p>\n<p>export your data as CSV, then\nimport it elsewhere.</p>\n1');
  assert.deepEqual(problems(result), ['warning mdx-syntax 3:1']);
  assert.match(result.diagnostics[0]?.message ?? '', /^this line starts with `export`, so MDX reads it as JavaScript/);
});

test('`<br>` and `<img>` without a slash are read as self-closed', () => {
  const result = render('| a |\n| - |\n| one<br>two |\n\n<img src="/x.png" alt="x">\n');
  assert.ok(result.html.includes('<td>one<br>two</td>'), result.html);
  assert.ok(result.html.includes('<img src="/x.png" alt="x">'), result.html);
  assert.deepEqual(problems(result), ['warning mdx-syntax 3:6', 'warning mdx-syntax 5:1']);
  assert.equal(result.diagnostics[0]?.message, '`<br>` has no closing slash, which MDX requires; it is read as `<br />`');
});

test('an unclosed or mismatched tag is shown as text rather than failing the page', () => {
  const unclosed = render('<Note>\n\nText that never closes the note.\n');
  assert.equal(unclosed.html, '<p>&#x3C;Note></p>\n<p>Text that never closes the note.</p>');
  assert.deepEqual(problems(unclosed), ['warning mdx-syntax 1:1']);
  const mismatched = render('<div>\n  a\n</span>\n');
  assert.equal(mismatched.html, '<p>&#x3C;div>\na\n&#x3C;/span></p>');
  assert.deepEqual(problems(mismatched), ['warning mdx-syntax 1:1', 'warning mdx-syntax 3:1']);
});

test('a page the repairs cannot fix is read as plain Markdown, with one warning', () => {
  // Twenty-six stray braces: more than the repairs allow, so the page falls back.
  const text = `# Title\n\n${'{ '.repeat(26)}\n\n<Note>kept as HTML</Note>\n`;
  const result = render(text);
  assert.equal(result.format, 'md');
  assert.equal(result.html, `<h1 id="title">Title</h1>\n<p>${'{ '.repeat(25)}{</p>\n<p><note>kept as HTML</note></p>`);
  // Reported at the brace that opens the expression that never closes.
  assert.deepEqual(problems(result), ['warning mdx-fallback-markdown 3:1']);
  assert.match(result.diagnostics[0]?.message ?? '', /could not be repaired, so it is read as plain Markdown/);
});

test('GitHub alerts become callouts', () => {
  const result = render('> [!NOTE]\n> Useful *info*.\n\n> [!caution]\n> Careful.\n>\n> Really.\n\n> [!TIP] Inline tip\n\n> Plain quote\n');
  assert.equal(
    result.html,
    '<aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body"><p>Useful <em>info</em>.</p></div></aside>\n' +
      '<aside class="callout callout-danger" role="note" aria-label="Danger"><div class="callout-body"><p>Careful.</p>\n<p>Really.</p></div></aside>\n' +
      '<aside class="callout callout-tip" role="note" aria-label="Tip"><div class="callout-body"><p>Inline tip</p></div></aside>\n' +
      '<blockquote>\n<p>Plain quote</p>\n</blockquote>',
  );
});

test('a failure inside docjet is an error diagnostic with a position, not an exception', () => {
  const result = render('```js\nx\n```\n', {
    line: 4,
    highlight: () => {
      throw new Error('highlighter exploded');
    },
  });
  assert.equal(result.html, '');
  assert.deepEqual(problems(result), ['error page-render-failed 4:1']);
  assert.match(result.diagnostics[0]?.message ?? '', /highlighter exploded/);
});

test('every code the renderer reports is in the catalogue with the severity used', () => {
  const results = [
    render('{x} <Foo/> <!-- c --> a <3\n\n```\nopen'),
    render(`${'{ '.repeat(30)}`),
    render('<script>1</script>'),
    render('<Boom/>', {
      components: {
        Boom: () => {
          throw new Error('x');
        },
      },
    }),
  ];
  for (const { code, severity } of results.flatMap((result) => result.diagnostics)) {
    assert.equal(CATALOGUE[code as keyof typeof CATALOGUE]?.severity, severity, code);
  }
});
