/**
 * Pages of any size or shape render in linear time and never crash (issue 9, "bounds"): nesting
 * limits, big pages rendered in sections, YAML alias bombs, invalid UTF-8.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SECTION_SIZE, SPLIT_ABOVE, splitIntoChunks } from '../../src/content/mdx/chunks.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { decodeText, encodingDiagnostic, firstInvalidByte } from '../../src/shared/read-text.ts';
import { aliasExpansion } from '../../src/shared/yaml-limits.ts';
import { clearOpenApiCache, loadOpenApi, parseOpenApi } from '../../src/openapi/load.ts';
import { FULL, LONG_RUN } from '../support/long-runs.ts';

const file = 'deep.mdx';
const tooDeep = 'the page nests lists, quotes, elements or emphasis more than 256 levels deep here; the deeper levels are shown flattened at level 256';

function render(text: string, format: 'mdx' | 'md' = 'mdx') {
  return renderMarkdown({ file, text, format });
}

function codes(result: { diagnostics: { code: string; line: number; column: number }[] }): string[] {
  return result.diagnostics.map((each) => `${each.line}:${each.column} ${each.code}`);
}

describe('nesting limit', () => {
  test('a list nested 1,000 deep renders flattened at level 256, with a warning where the limit is passed', () => {
    for (const format of ['mdx', 'md'] as const) {
      const result = render(`${'- '.repeat(1000)}deepest\n`, format);
      assert.deepEqual(codes(result), ['1:513 page-nesting-too-deep'], format);
      assert.equal(result.diagnostics[0]!.message, tooDeep);
      assert.equal(result.diagnostics[0]!.severity, 'warning');
      assert.equal(result.html.split('<ul>').length - 1, 256, format);
      assert.match(result.html, /deepest/);
    }
  });

  test('an indented list 300 deep keeps every item, the deeper ones at level 256', () => {
    let text = '';
    for (let i = 0; i < 300; i++) text += `${'  '.repeat(i)}- item ${i}\n`;
    const result = render(text);
    assert.deepEqual(codes(result), ['257:513 page-nesting-too-deep']);
    for (let i = 0; i < 300; i++) assert.ok(result.html.includes(`item ${i}\n`) || result.html.includes(`item ${i}<`), `item ${i} is shown`);
    assert.equal(result.html.split('<ul>').length - 1, 256);
  });

  test('blockquotes and JSX elements nested 1,000 deep, and emphasis 400 deep, are flattened, not crashed on', () => {
    const quotes = render(`${'> '.repeat(1000)}deep quote\n`);
    assert.deepEqual(codes(quotes), ['1:513 page-nesting-too-deep']);
    assert.match(quotes.html, /deep quote/);

    const divs = render(`${'<div>\n'.repeat(1000)}\ndeep div\n\n${'</div>\n'.repeat(1000)}`);
    assert.deepEqual(codes(divs), ['257:1 page-nesting-too-deep']);
    assert.equal(divs.html.split('<div>').length - 1, 256);
    assert.match(divs.html, /<p>deep div<\/p>/);

    // 400 deep: a paragraph of more than 1,000 emphasis marks is shown as text (syntax limits, below).
    const emphasis = render(`${'*a '.repeat(400)}deep${' a*'.repeat(400)}\n`);
    assert.equal(emphasis.diagnostics.length, 1);
    assert.equal(emphasis.diagnostics[0]!.code, 'page-nesting-too-deep');
    assert.equal(emphasis.html.split('<em>').length - 1, 256);
    assert.match(emphasis.html, /deep/);
  });

  test('3,000 nested `<span>` (18 KB) render flattened at level 256, with a warning, not "Maximum call stack size exceeded"', () => {
    for (const format of ['md', 'mdx'] as const) {
      // The HTML parser's tree overflowed the stack at about 1,500 levels; the MDX reader reads the tags
      // first (5 CPU-s at 3,000, then falls back to Markdown, the md case): 1,000 show it there, 3,000 in the long run.
      const depth = format === 'md' || FULL ? 3000 : 1000;
      const result = render(`Intro\n\n${'<span>'.repeat(depth)}deep\n\n## After\n`, format);
      assert.ok(codes(result).includes('3:1537 page-nesting-too-deep'), `${format}: ${codes(result).join(', ')}`);
      assert.ok(!result.diagnostics.some((each) => each.code === 'page-render-failed'), format);
      assert.equal(result.html.split('<span>').length - 1, 256, format);
      assert.match(result.html, /<span>deep<\/span>/);
      assert.match(result.html, /<h2 id="after">After<\/h2>/);
    }
  });

  test('raw HTML closed, misnested or in tables, SVG and templates stays within the limit as the browser parses it', () => {
    const shapes = [
      `${'<div><b class="x">'.repeat(600)}deep`,
      `${'<table><tr><td>'.repeat(400)}deep`,
      `<svg>${'<g><path d="M0"/>'.repeat(600)}</svg>`,
      `${'<div><table></p><template><svg></br><path/>'.repeat(300)}deep`,
      `${'<p><b id=x><div></b>'.repeat(600)}deep`,
    ];
    for (const shape of shapes) {
      const result = render(`${shape}\n\n## After\n`, 'md');
      assert.deepEqual(
        codes(result).map((each) => each.split(' ')[1]),
        ['page-nesting-too-deep'],
        shape.slice(0, 40),
      );
      assert.match(result.html, /<h2 id="after">After<\/h2>/, shape.slice(0, 40));
    }
    const svg = render(`<svg>${'<path d="M0"/>'.repeat(2000)}</svg>\n`, 'md');
    assert.deepEqual(svg.diagnostics, [], 'self-closed SVG shapes do not nest');
  });

  test('a page within the limit is untouched', () => {
    const result = render(`${'- '.repeat(200)}fine\n`);
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.html.split('<ul>').length - 1, 200);
  });
});

describe('big pages', () => {
  // Big enough to be read in sections (SPLIT_ABOVE, 64 KB; sections of SECTION_SIZE, 16 KB) and no
  // bigger: the slow reader these pages go through takes seconds per 100 KB, and what a section
  // split must keep holds as well for five sections as for ninety. The long run adds a 1.4 MB page.
  const BIG = SPLIT_ABOVE + SECTION_SIZE;
  const section = (n: number) =>
    `## Section ${n}\n\nSome *text* with \`code\`, a [link](https://example.com/${n}) and a list:\n\n- one\n- two\n\n<Note>\n\nA note in section ${n}.\n\n</Note>\n\n\`\`\`js\nconst x = ${n};\n\n// a blank line above\n\`\`\`\n\n| a | b |\n| - | - |\n| ${n} | {value} |\n\n`;

  // A section padded with plain words: the slow reader's cost grows with the constructs in a section,
  // and what these tests show holds as well for fewer of them a section.
  const padded = (n: number) => `${section(n)}${'Plain words between the sections go on here. '.repeat(40)}\n\n`;

  test('a page over 64 KB is split only at headings (or components) outside code, JSX and comments', () => {
    let text = '';
    for (let n = 0; text.length < 400_000; n++) text += section(n);
    const chunks = splitIntoChunks(text);
    assert.ok(chunks.length >= 3, `${chunks.length} sections`);
    assert.equal(chunks.map((chunk) => chunk.text).join(''), text);
    for (const chunk of chunks) {
      assert.match(chunk.text, /^(## Section|<Note>)/, 'a section starts at a heading or a component');
      assert.equal(chunk.line, text.slice(0, chunk.offset).split('\n').length - 1);
    }
    const inside = `<Tabs>\n\n${'## Inside a tab\n\ntext\n\n'.repeat(20_000)}</Tabs>\n`;
    assert.equal(splitIntoChunks(inside).length, 1, 'never inside an element');
  });

  test('a changelog over 64 KB (components, no headings between them) is split before a component, and reads as its sections alone', () => {
    // Each entry carries a paragraph of plain words: the reader's cost grows with the components in a
    // section, and the split is shown as well by 10 entries (two a section) as by 550 (0.8 CPU-s instead of 18).
    const note = 'Plain words of the release note go on here. '.repeat(200);
    const update = (n: number) =>
      `<Update label="Day ${n}" tags={["New"]}>\n\n## Release ${n}\n\n- a *change* with \`code\`\n- and <https://example.com/${n}>\n\n${note}\n\n</Update>\n\n`;
    let text = '';
    for (let n = 0; text.length < BIG; n++) text += update(n);
    const chunks = splitIntoChunks(text);
    assert.ok(chunks.length >= 3, `${chunks.length} sections`);
    for (const chunk of chunks) assert.ok(chunk.text.startsWith('<Update label='), 'a section starts at a component');
    assert.equal(render(text).html, chunks.map((chunk) => render(chunk.text).html).join('\n'));
    const quoted = `<Update label="Fences">\n\nStart a block with <code>\`\`\`</code> or \`\`x\`\`.\n\n</Update>\n\n${text}`;
    assert.ok(splitIntoChunks(quoted).length >= 3, 'a run of backticks with no closing run does not hide the closing tag after it');
    const links = `${'<https://example.com/a-link-on-its-own-line>\n\n'.repeat(8_000)}`;
    assert.equal(splitIntoChunks(links).length, 1, 'an autolink is not a component');
    const html = `${'<details>\n<summary>More</summary>\n\ntext\n\n</details>\n\n'.repeat(4_000)}`;
    assert.equal(splitIntoChunks(html).length, 1, 'nor is an HTML element');
  });

  test('rendered in steps (dev, ahead of the reader), a big page pauses between its sections and comes out the same', async () => {
    let text = 'export const value = "shared";\n\n';
    for (let n = 0; text.length < BIG + 2 * SECTION_SIZE; n++) text += padded(n);
    text += '## Last\n\n{undefinedName}\n';
    const renderer = createPageRenderer({ root: tmpdir() });
    const page = { file: 'big.mdx', text, format: 'mdx' as const, line: 1 };
    let pauses = 0;
    const stepped = await renderer.renderInSteps(page, async () => void pauses++);
    assert.equal(pauses, splitIntoChunks(text).length - 1, 'one pause between two sections');
    assert.ok(pauses >= 5, `${pauses} pauses`);
    assert.deepEqual(stepped, renderer.render(page));
  });

  test('a reference link finds its definition in another section; the definition renders nothing', () => {
    let text = 'export const value = 1;\n\nRead [the guide][Guide  Page] first, then [the API].\n\n';
    for (let n = 0; text.length < BIG; n++) text += padded(n);
    text += '[guide page]: https://example.com/guide "The guide"\n[the api]: /api\n';
    assert.ok(splitIntoChunks(text).length > 1, 'the page is read in sections');
    const result = render(text);
    assert.match(result.html, /<p>Read <a href="https:\/\/example.com\/guide" title="The guide">the guide<\/a> first, then <a href="\/api">the API<\/a>\.<\/p>/);
    assert.ok(!result.html.includes('[guide page]'), 'no definition is shown as text');
    assert.deepEqual(codes(result), []);
  });

  test('a big page with footnotes is one section: one list at the end, numbered in page order', () => {
    let text = 'First claim.[^a]\n\n';
    for (let n = 0; text.length < BIG; n++) text += padded(n);
    text += 'Last claim.[^b]\n\n[^a]: Source A.\n[^b]: Source B.\n';
    assert.equal(splitIntoChunks(text).length, 1);
    const html = render(text).html;
    assert.equal(html.split('data-footnotes').length - 1, 1, 'one footnote list');
    assert.match(html, /First claim\.<sup><a href="#user-content-fn-a"[^>]*>1<\/a>/);
    assert.match(html, /Last claim\.<sup><a href="#user-content-fn-b"[^>]*>2<\/a>/);
  });

  /** Headings unique across sections, diagnostics at their page line, `export`s known in every section. */
  const renderBigPage = (size: number) => {
    let text = 'export const value = "shared";\n\n';
    for (let n = 0; text.length < size; n++) text += padded(n);
    const lines = text.split('\n').length;
    text += '## Last\n\n{undefinedName}\n';
    assert.ok(splitIntoChunks(text).length >= 5, 'the page is read in sections');
    const result = render(text);
    assert.equal(result.format, 'mdx');
    assert.deepEqual(codes(result), [`${lines + 2}:1 mdx-expression-undefined`]);
    const ids = result.headings.map((heading) => heading.id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.at(-1), 'last');
    // `export const` from the first section is known in the last ones.
    assert.ok(!result.html.includes('{value}'));
    assert.equal(result.html.split('<td>shared</td>').length - 1, result.headings.length - 1);
  };

  test('a page of many sections renders: headings unique across sections, diagnostics at their page line', () => {
    renderBigPage(BIG + 2 * SECTION_SIZE);
  });

  test('a 1.4 MB page renders: headings unique across sections, diagnostics at their page line', { skip: LONG_RUN }, () => {
    renderBigPage(1_400_000);
  });

  test('each section reads its own source: a big page is written as its sections would be alone', () => {
    // Prices (the character after a `$` is read) and raw HTML around Markdown (parsed with positions).
    const priced = (n: number) =>
      `## Prices ${n}\n\nCosts $5,$10 each.\n\n<div>\n\n*Markdown* in HTML ${n}\n\n</div>\n\n${'Plain words between the prices go on here. '.repeat(10)}\n\n`;
    let text = '';
    for (let n = 0; text.length < BIG; n++) text += priced(n);
    for (const format of ['mdx', 'md'] as const) {
      const chunks = splitIntoChunks(text);
      assert.ok(chunks.length > 1, 'the page is read in sections');
      const result = render(text, format);
      assert.equal(result.html, chunks.map((chunk) => render(chunk.text, format).html).join('\n'), format);
      assert.equal(result.html.split('<p>Costs $5,$10 each.</p>').length - 1, result.headings.length, format);
      assert.deepEqual(codes(result), [], format);
    }
  });
});

describe('YAML alias bombs', () => {
  const bomb = (indent: string) => {
    const lines = [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
    for (let i = 1; i < 9; i++)
      lines.push(
        `${indent}a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    return lines.join('\n');
  };

  test('an OpenAPI document whose aliases expand to 10⁹ values is refused, at its first alias', () => {
    const text = `openapi: 3.1.0\ninfo: {title: Bomb, version: "1"}\nx-bomb:\n${bomb('  ')}\npaths:\n  /x:\n    get:\n      summary: X\n      responses: {'200': {description: ok, content: {application/json: {example: *a8}}}}\n`;
    assert.deepEqual(parseOpenApi({ file: 'openapi.yaml', text }), {
      diagnostics: [
        {
          severity: 'error',
          code: 'yaml-aliases-too-many',
          file: 'openapi.yaml',
          line: 5,
          column: 12,
          message: '`openapi.yaml`: its aliases (`*name`) expand to more than 100,000 values beyond those written, which is an "alias bomb", so it is not read.',
          fix: 'Write the repeated values out, or use `$ref` to share a schema; no page is made from this spec until then.',
        },
      ],
    });
  });

  test('frontmatter with an alias bomb is refused', () => {
    const text = `---\ntitle: Bomb\n${bomb('')}\n---\nBody\n`;
    const result = readFrontmatter({ file: 'page.mdx', text });
    assert.deepEqual(result.data, {});
    assert.deepEqual(result.diagnostics, [
      {
        severity: 'error',
        code: 'yaml-aliases-too-many',
        file: 'page.mdx',
        line: 4,
        column: 10,
        message: 'the frontmatter is not read: its aliases (`*name`) expand to more than 100,000 values beyond those written, which is an "alias bomb"',
        fix: 'Write the repeated values out instead of repeating aliases (`*name`) of aliases.',
      },
    ]);
  });

  test('ordinary aliases and merge keys are read', () => {
    const text =
      'openapi: 3.0.0\ninfo: {title: T, version: "1"}\nx-base: &base {type: string}\npaths:\n  /a:\n    get:\n      summary: A\n      x-s: {<<: *base, format: uuid}\n      x-t: *base\n      responses: {}\n';
    const result = parseOpenApi({ file: 'openapi.yaml', text });
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.document?.operations.length, 1);
    const shared = { a: 1 };
    assert.equal(aliasExpansion({ x: shared, y: shared }), 2);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(aliasExpansion(cyclic), 1);
  });
});

describe('invalid UTF-8', () => {
  test('decodeText finds the first bad byte, its line and column', () => {
    const bytes = Buffer.concat([Buffer.from('# Title\n\nCafé and '), Buffer.from([0xe9]), Buffer.from(' more\n')]);
    const decoded = decodeText(bytes);
    assert.equal(decoded.text, '# Title\n\nCafé and \uFFFD more\n');
    assert.deepEqual(decoded.invalid, { line: 3, column: 10, byte: 19, value: 0xe9 });
    assert.deepEqual(encodingDiagnostic('page.mdx', decoded, 'page'), [
      {
        severity: 'warning',
        code: 'encoding-invalid',
        file: 'page.mdx',
        line: 3,
        column: 10,
        message: 'the page is not valid UTF-8: the byte 0xE9 here is not part of a UTF-8 character, so it and any other bad bytes are shown as "\uFFFD"',
        fix: 'Save the file as UTF-8 (most editors offer "Save with encoding"; the file may have been written as Latin-1 or Windows-1252).',
      },
    ]);
    assert.deepEqual(decodeText(Buffer.from('\uFEFFvalid ✓')), { text: '\uFEFFvalid ✓' });
  });

  test('firstInvalidByte rejects overlong forms, surrogates and truncated sequences', () => {
    assert.equal(firstInvalidByte(Buffer.from([0x61, 0xc0, 0x80])), 1);
    assert.equal(firstInvalidByte(Buffer.from([0xed, 0xa0, 0x80])), 0);
    assert.equal(firstInvalidByte(Buffer.from([0x61, 0x62, 0xe2, 0x82])), 2);
    assert.equal(firstInvalidByte(Buffer.from('ok ✓ 𝄞')), Buffer.byteLength('ok ✓ 𝄞'));
  });

  test('an OpenAPI file with invalid UTF-8 is read, with a warning', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docjet-bounds-'));
    try {
      const text = Buffer.concat([
        Buffer.from('openapi: 3.1.0\ninfo: {title: "Caf'),
        Buffer.from([0xe9]),
        Buffer.from('", version: "1"}\npaths: {/a: {get: {summary: A, responses: {}}}}\n'),
      ]);
      await writeFile(path.join(root, 'openapi.yaml'), text);
      clearOpenApiCache();
      const result = await loadOpenApi({ root, file: 'openapi.yaml' });
      assert.equal(result.document?.title, 'Caf\uFFFD');
      assert.deepEqual(
        result.diagnostics.map((each) => `${each.line}:${each.column} ${each.code}`),
        ['2:19 encoding-invalid'],
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
