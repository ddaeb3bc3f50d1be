/**
 * Markdown the parser reads in more than linear time (issue 36, "super-linear pages"): past a
 * limit far above real pages, those characters are shown as text, with a warning at the paragraph,
 * and the rest of the page renders as before. Sizes here took seconds to minutes before the limits
 * (twice the size, four times the time); the assertions are on what a reader sees, not on time.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { markdownHtml } from '../../src/content/commonmark.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { limitSyntax, MAX_BRACKETS, MAX_DEFINITIONS, MAX_REFERENCES } from '../../src/content/mdx/syntax-limits.ts';

const after = '\n\n## After\n\nThe rest of the page, with a [link](/next) and *emphasis*.\n';

function render(text: string, format: 'mdx' | 'md' = 'mdx') {
  return renderMarkdown({ file: 'page.mdx', text, format });
}

function warnings(result: ReturnType<typeof render>): string[] {
  return result.diagnostics.map((each) => `${each.line}:${each.column} ${each.severity} ${each.code}: ${each.message}`);
}

/** The rest of the page is read as Markdown as usual. */
function assertRestRenders(html: string): void {
  assert.match(html, /<h2 id="after">After<\/h2>/);
  assert.match(html, /<p>The rest of the page, with a <a href="\/next">link<\/a> and <em>emphasis<\/em>\.<\/p>/);
}

describe('syntax limits', () => {
  test('nested links `[[[…a](b)…` (40 KB): the brackets are shown as text, with a warning', () => {
    for (const format of ['mdx', 'md'] as const) {
      const n = 8_000;
      const result = render(`Intro.\n\n${'['.repeat(n)}a${'](b)'.repeat(n)}${after}`, format);
      assert.deepEqual(
        warnings(result),
        ['3:1 warning page-syntax-limit: this paragraph holds 16,000 brackets (`[`, `]`), more than the 1,000 docjet reads as links in one paragraph, so they are shown as text'],
        format,
      );
      assert.equal(result.diagnostics[0]!.fix, 'Split the paragraph with blank lines, or escape brackets that are not links as `\\[`.');
      assert.ok(result.html.includes(`<p>${'['.repeat(n)}a${'](b)'.repeat(n)}</p>`), `${format}: the paragraph shows as written`);
      assertRestRenders(result.html);
    }
  });

  test('`a` and `_*` repeated (40 KB): the marks are shown as text', () => {
    const marks = '_*'.repeat(20_000);
    const result = render(`a${marks}${after}`);
    assert.deepEqual(warnings(result), [
      '1:1 warning page-syntax-limit: this paragraph holds 40,000 runs of `*`, `_` or `~`, more than the 1,000 docjet reads as emphasis in one paragraph, so they are shown as text',
    ]);
    assert.ok(result.html.includes(`<p>a${marks}</p>`));
    assertRestRenders(result.html);
  });

  test('backtick runs of every length (100 KB): the backticks are shown as text', () => {
    let runs = '';
    for (let i = 1; runs.length < 100_000; i++) runs += `e${'`'.repeat(i)}`;
    const result = render(`${runs}${after}`);
    assert.equal(result.diagnostics.length, 1);
    assert.match(
      warnings(result)[0]!,
      /^1:1 warning page-syntax-limit: this paragraph holds backtick runs of 446 different lengths, more than the 32 docjet reads as code in one paragraph/,
    );
    assert.ok(result.html.includes(`<p>${runs}</p>`));
    assertRestRenders(result.html);
  });

  test('a list item (or a quote) continued by 10,000 lazy lines reads as one paragraph, its markers as text', () => {
    for (const [open, shown] of [
      ['- - - item', '- - - item'],
      ['> > quote', '> > quote'],
    ] as const) {
      const result = render(`${open}\n${'lazy\n'.repeat(10_000)}${after}`);
      assert.deepEqual(
        warnings(result),
        [
          '1:1 warning page-syntax-limit: this list or quote continues on 10,000 lines without its indentation or `>`, more than the 300 docjet reads, so its markers are shown as text and it reads as one paragraph',
        ],
        open,
      );
      assert.ok(result.html.startsWith(`<p>${shown}\n${'lazy\n'.repeat(9_999)}lazy</p>`), open);
      assertRestRenders(result.html);
    }
  });

  test('800,000 `&amp;` (4 MB): past 50,000 in a page, references are shown as written, so the parse stays small', () => {
    const text = `${'&amp;'.repeat(MAX_REFERENCES + 10_000)}\n`;
    const limited = limitSyntax(text);
    assert.deepEqual(limited.refusals, [{ limit: 'references', offset: MAX_REFERENCES * 5, count: MAX_REFERENCES + 10_000, max: MAX_REFERENCES, places: 1 }]);
    const result = render(`${text}${after}`);
    assert.equal(result.html.split('&#x26;amp;').length - 1, 10_000, 'the references past the limit show as written');
    assert.equal(result.html.split('&#x26;').length - 1, MAX_REFERENCES + 10_000);
    assert.match(warnings(result)[0]!, /^1:250001 warning page-syntax-limit: the page holds 60,000 character references/);
    assertRestRenders(result.html);
  });

  test('link definitions past 2,000 in a page are shown as text', () => {
    let definitions = '';
    for (let i = 0; i < MAX_DEFINITIONS + 5; i++) definitions += `[l${i}]: /u${i}\n\n`;
    const result = render(`See [first][l0] and [last][l${MAX_DEFINITIONS + 4}].\n\n${definitions}${after}`);
    assert.deepEqual(warnings(result), [
      `${3 + 2 * MAX_DEFINITIONS}:1 warning page-syntax-limit: the page holds 2,005 link definitions (\`[label]: url\`), more than the 2,000 docjet reads in one page; from here on they are shown as text`,
    ]);
    assert.match(result.html, /^<p>See <a href="\/u0">first<\/a> and \[last\]\[l2004\]\.<\/p>/);
    assert.ok(result.html.includes(`<p>[l${MAX_DEFINITIONS}]: /u${MAX_DEFINITIONS}</p>`));
    assertRestRenders(result.html);
  });

  test('a paragraph past the limit in several places: one warning, counting them', () => {
    const block = `${'a]'.repeat(MAX_BRACKETS)}a]\n\n`;
    const result = render(`${block}${block}${block}${after}`);
    assert.deepEqual(warnings(result), [
      '1:1 warning page-syntax-limit: this paragraph holds 1,001 brackets (`[`, `]`), more than the 1,000 docjet reads as links in one paragraph, so they are shown as text (and in 2 more paragraphs of the page)',
    ]);
  });

  test('OpenAPI descriptions and the banner are held to the same limits: nested links, `_*` runs, 3,000 nested `<span>`', () => {
    const links = `${'['.repeat(8_000)}a${'](b)'.repeat(8_000)}`;
    assert.equal(markdownHtml(links), `<p>${links}</p>`);
    const marks = `a${'_*'.repeat(20_000)}`;
    assert.equal(markdownHtml(marks), `<p>${marks}</p>`);
    const spans = markdownHtml(`${'<span>'.repeat(3_000)}deep`);
    assert.equal(spans.split('<span>').length - 1, 256);
    assert.match(spans, /<span>deep<\/span>/);
  });

  test('real pages are far below every limit and read as before: a table of 400 links, code with brackets, `_` inside names', () => {
    let table = '| name | link |\n| - | - |\n';
    for (let i = 0; i < 400; i++) table += `| MAX_RETRY_COUNT_${i} | [docs ${i}](/d/${i}) |\n`;
    const code = `\`\`\`json\n${'[[[[[[[[[[]]]]]]]]]]\n'.repeat(500)}\`\`\`\n`;
    const text = `${table}\n${code}${after}`;
    assert.deepEqual(limitSyntax(text).refusals, []);
    assert.equal(limitSyntax(text).text, text);
    const result = render(text);
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.html.split('<a href="/d/').length - 1, 400);
  });
});
