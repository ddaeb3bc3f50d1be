/**
 * Math in pages: `$…$`, `$$…$$` and `<Latex>` typeset by KaTeX at build time (HTML for the eye,
 * MathML for screen readers), a formula KaTeX cannot read shown as written with a warning, and the
 * stylesheet and fonts the build copies.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../src/shared/messages.ts';
import { Latex } from '../../src/content/mdx/components/latex.ts';
import { fragmentHtml } from '../../src/content/mdx/serialize.ts';
import type { ComponentContext } from '../../src/content/mdx/components/types.ts';
import { renderMarkdown, type RenderResult } from '../../src/content/mdx/index.ts';
import { katexAssets, renderMath } from '../../src/content/mdx/math.ts';

function render(text: string, format: 'mdx' | 'md' = 'mdx'): RenderResult {
  return renderMarkdown({ file: 'math.mdx', text, format });
}

/** KaTeX's MathML for a formula: what screen readers read, and a stable thing to compare. */
function mathml(html: string): string[] {
  return [...html.matchAll(/<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"( display="block")?><semantics>(.*?)<\/semantics><\/math>/g)].map(
    (match) => `${match[1] ? 'block ' : ''}${match[2]}`,
  );
}

test('inline math: `$…$` becomes KaTeX HTML (hidden from screen readers) and MathML', () => {
  const { html, diagnostics } = render('Energy $E = mc^2$ here.');
  assert.deepEqual(diagnostics, []);
  assert.ok(html.startsWith('<p>Energy <span class="katex"><span class="katex-mathml"><math'), html);
  assert.ok(html.includes('<span class="katex-html" aria-hidden="true">'));
  assert.ok(html.endsWith('</span> here.</p>'));
  assert.deepEqual(mathml(html), ['<mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation>']);
});

test('display math: `$$` on lines of their own is a block that scrolls on its own', () => {
  const { html, diagnostics } = render('Before.\n\n$$\n\\frac{a}{b}\n$$\n\nAfter.');
  assert.deepEqual(diagnostics, []);
  assert.ok(html.includes('<p>Before.</p>\n<div class="math math-display"><span class="katex-display"><span class="katex">'), html);
  assert.deepEqual(mathml(html), ['block <mrow><mfrac><mi>a</mi><mi>b</mi></mfrac></mrow><annotation encoding="application/x-tex">\\frac{a}{b}</annotation>']);
  // `$$…$$` inside a line of text is inline.
  assert.deepEqual(mathml(render('Then $$x$$ too.').html), ['<mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation>']);
});

test('math in .md pages and in tables; an escaped dollar is a dollar', () => {
  assert.deepEqual(mathml(render('| a |\n| - |\n| $x_1$ |', 'md').html), [
    '<mrow><msub><mi>x</mi><mn>1</mn></msub></mrow><annotation encoding="application/x-tex">x_1</annotation>',
  ]);
  assert.equal(render('It costs \\$5 and \\$10.').html, '<p>It costs $5 and $10.</p>');
});

test('a formula KaTeX cannot read: its source, escaped, and a warning where it is written', () => {
  const result = render('Intro.\n\nBad $\\frac{<b>$ one.\n\n$$\n\\begin{x}\n$$');
  assert.equal(
    result.html,
    '<p>Intro.</p>\n' +
      '<p>Bad <code class="math math-inline math-error" title="Unexpected end of input in a macro argument, expected &#39;}&#39;, at the end">\\frac{&lt;b&gt;</code> one.</p>\n' +
      '<pre class="math math-display math-error" title="No such environment: x, at character 7"><code>\\begin{x}</code></pre>',
  );
  assert.deepEqual(
    result.diagnostics.map((d) => [d.severity, d.code, d.line, d.column, d.message]),
    [
      [
        'warning',
        'math-invalid',
        3,
        5,
        "the formula `\\frac{<b>` cannot be typeset (Unexpected end of input in a macro argument, expected '}', at the end), so it is shown as written",
      ],
      ['warning', 'math-invalid', 5, 1, 'the formula `\\begin{x}` cannot be typeset (No such environment: x, at character 7), so it is shown as written'],
    ],
  );
  assert.equal(result.diagnostics[0]?.fix, 'Correct the TeX; KaTeX supports most of LaTeX math (https://katex.org/docs/supported).');
});

test("prices are not formulas: `$5 and $10` stays text (Pandoc's rule)", () => {
  for (const text of ['It costs $5 and $10 a month.', 'From $1000 budget to $20 plan.', 'Save $0.015/GB vs ~$0.023/GB.']) {
    const result = render(text);
    assert.equal(result.html, `<p>${text}</p>`);
    assert.deepEqual(result.diagnostics, []);
  }
  // A formula right before a digit-free word is still a formula.
  assert.deepEqual(mathml(render('Area $(a^2 + b^2)$ here.').html).length, 1);
  // When the dollars were prices and the "formula" between them fails, the fix says how to escape them.
  const broken = render('Pay $5\\frac{ now$ please.');
  assert.deepEqual(
    broken.diagnostics.map((d) => d.fix),
    ['If the dollar signs are prices, not math, escape them: `\\$5`.'],
  );
});

test('<Latex>: inline in a line of text, a display formula on lines of its own', () => {
  const inline = render('Inline <Latex>E = mc^2</Latex> here.');
  assert.deepEqual(inline.diagnostics, []);
  assert.ok(inline.html.startsWith('<p>Inline <span class="katex">'), inline.html);
  assert.deepEqual(mathml(inline.html), [
    '<mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation>',
  ]);

  const block = render('<Latex>\n  \\sqrt{x} < 1\n</Latex>');
  assert.ok(block.html.startsWith('<div class="math math-display"><span class="katex-display">'), block.html);
  assert.deepEqual(mathml(block.html), [
    'block <mrow><msqrt><mi>x</mi></msqrt><mo>&lt;</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">\\sqrt{x} &lt; 1</annotation>',
  ]);

  // MDX reads `{2}` as an expression, which TeX reads the same way; a string keeps every brace.
  assert.deepEqual(mathml(render('A <Latex>\\frac{1}{2}</Latex>.').html), [
    '<mrow><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow><annotation encoding="application/x-tex">\\frac12</annotation>',
  ]);
  assert.deepEqual(mathml(render('A <Latex>{"x^{10}"}</Latex>.').html), [
    '<mrow><msup><mi>x</mi><mn>10</mn></msup></mrow><annotation encoding="application/x-tex">x^{10}</annotation>',
  ]);
  // Nothing to typeset, nothing shown.
  assert.equal(render('A <Latex></Latex>.').html, '<p>A .</p>');
});

test('<Latex> with a formula KaTeX cannot read: the source, and a warning through the page', () => {
  const reported: Diagnostic[] = [];
  const context: ComponentContext = {
    file: 'page.mdx',
    children: [],
    inline: true,
    text: () => '\\frac{<',
    uniqueId: (prefix) => `dj-${prefix}-1`,
    heading: () => 'x',
    diagnostic: (code, params) => void reported.push(diagnostic(code, undefined, 'page.mdx', params)),
  };
  assert.equal(
    fragmentHtml(Latex({}, [], context)),
    '<code class="math math-inline math-error" title="Unexpected end of input in a macro argument, expected &#39;}&#39;, at the end">\\frac{&lt;</code>',
  );
  assert.deepEqual(
    reported.map(({ code, message, fix }) => [code, message, fix]),
    [
      [
        'math-invalid',
        "the formula `\\frac{<` in `<Latex>` cannot be typeset (Unexpected end of input in a macro argument, expected '}', at the end), so it is shown as written",
        'Correct the TeX; to keep braces and backslashes from MDX, write the formula as a string: `<Latex>{"x^{10}"}</Latex>`.',
      ],
    ],
  );
});

test('commands that would link or style are inert: the page does not trust formulas', () => {
  const { html } = renderMath('\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y}', false);
  assert.ok(!html.includes('href=') && !html.includes('class="evil"'), html);
});

test('katexAssets: the stylesheet and the fonts it refers to', () => {
  const { css, fonts } = katexAssets();
  assert.equal(path.basename(css), 'katex.min.css');
  assert.ok(existsSync(css));
  assert.ok(existsSync(path.join(fonts, 'KaTeX_Main-Regular.woff2')));
  // The build copies both into one folder, so the stylesheet's relative URLs must point into `fonts/`.
  const urls = [...readFileSync(css, 'utf8').matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
  assert.ok(urls.length > 0 && urls.every((url) => url.startsWith('fonts/')));
  assert.equal(path.dirname(fonts), path.dirname(css));
});

test('a <Latex> formula KaTeX cannot read is reported at the element, in the page', () => {
  const result = renderMarkdown({ file: 'math.mdx', text: 'Intro.\n\n<Latex>{"\\\\frac{1"}</Latex>\n', format: 'mdx' });
  assert.deepEqual(
    result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column]),
    [['math-invalid', 'math.mdx', 3, 1]],
  );
  assert.match(result.html, /math-error/);
});
