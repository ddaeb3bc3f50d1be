/**
 * Code blocks: Shiki colours (both themes at once), the block's markup, every fence option and
 * comment notation, plain and unknown languages, escaping. Expected HTML is written out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter, type BundledLanguage } from 'shiki';
import { bundledThemes } from 'shiki/themes';
import { parseFence, plainHighlighter, renderCode, type Highlighter } from '../../src/content/mdx/code.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { CODE_THEMES, codeTokenCss, createCodeHighlighter, fencedBlocks, fenceLanguages, normalizeLanguage } from '../../src/render/highlight.ts';

const highlighter = await createCodeHighlighter({ langs: ['ts', 'py', 'sh', 'diff', 'html', 'css', 'sql', 'json', 'jsx', 'nonsense', 'text', 'mermaid'] });
/** Each token class's light and dark colour, as the site stylesheet gives them (made before any test runs). */
const TOKEN_COLOURS = new Map(
  [...(await codeTokenCss()).matchAll(/\.(sk\d+)\{--shiki-light:([^;]+);--shiki-dark:([^;}]+)\}/g)].map(([, name, light, dark]) => [name!, [light!, dark!] as const]),
);

/** A fence as a page writes it: ```` ```info ```` then the code. */
function block(info: string, code: string, highlight: Highlighter = highlighter): string {
  const [lang, ...meta] = info.split(' ');
  const fence = parseFence(lang || undefined, meta.join(' '));
  return highlight(code, fence.lang, fence.meta);
}

/** The `<code>` element's content: the lines. */
function linesOf(html: string): string {
  return html.slice(html.indexOf('>', html.indexOf('<code')) + 1, html.indexOf('</code>'));
}

// Tokens' classes; the site stylesheet gives each its github-light / github-dark colours (tested below).
const KEYWORD = 'class="sk5"';
const CONSTANT = 'class="sk2"';
const STRING = 'class="sk6"';
const FUNCTION = 'class="sk3"';
const COMMENT = 'class="sk1"';
const COPY = '<button type="button" class="copy-button" data-copy aria-label="Copy"></button>';

test('fenceLanguages: every fence language of a page, normalised, once each', () => {
  const page = [
    '```JS',
    'x',
    '```',
    '  ~~~py title="a.py"',
    'x',
    '  ~~~',
    '> ```sh{1}',
    '> x',
    '> ```',
    '````ts',
    '```bash',
    '````',
    '```yml',
    '```',
    '```',
    'no language',
    '```',
    '```curl',
    '```',
    '```mermaid',
    '```',
    '```nocopy',
    '```',
    '```madeup',
    '```',
  ].join('\n');
  assert.deepEqual([...fenceLanguages(page)].sort(), ['javascript', 'madeup', 'mermaid', 'python', 'shellscript', 'typescript', 'yaml']);
  assert.deepEqual([...fenceLanguages('No code here, only `inline` code.')], []);
  assert.equal(normalizeLanguage('TSX'), 'tsx');
  assert.equal(normalizeLanguage('console'), 'shellsession');
  assert.equal(normalizeLanguage('jsonc'), 'jsonc');
  assert.equal(normalizeLanguage('rb'), 'ruby');
  assert.equal(normalizeLanguage('golang'), 'go');
});

test("fencedBlocks: each block's language and code, indented ones dedented, a longer closing fence closing", () => {
  const page = [
    '```JS title="a.js"',
    'let a',
    '',
    '```',
    '<Tab>',
    '  ~~~py',
    '  if a:',
    '      b',
    '  ~~~~',
    '</Tab>',
    '```',
    'no language',
    '```',
    '````md',
    '```sh',
    '````',
    '```ts',
    'never closed',
  ].join('\n');
  assert.deepEqual(fencedBlocks(page), [
    { language: 'javascript', code: 'let a\n' },
    { language: 'python', code: 'if a:\n    b' },
    { language: 'markdown', code: '```sh' },
    { language: 'typescript', code: 'never closed' },
  ]);
  assert.deepEqual(fencedBlocks('No code here.'), []);
});

test('a TypeScript block: one span per line, tokens coloured for both themes, code escaped', () => {
  assert.equal(
    block('ts', 'const a = "<b>";\nlog(a)'),
    '<figure class="code-block" data-language="typescript">' +
      COPY +
      '<pre tabindex="0"><code class="language-ts">' +
      `<span class="line"><span ${KEYWORD}>const</span> <span ${CONSTANT}>a</span> <span ${KEYWORD}>=</span> <span ${STRING}>"&lt;b&gt;"</span>;</span>\n` +
      `<span class="line"><span ${FUNCTION}>log</span>(a)</span>` +
      '</code></pre></figure>',
  );
});

test('Python and shell blocks: keywords, functions, strings, comments', () => {
  assert.equal(
    linesOf(block('python', 'def f(x):\n    return "hi"  # done')),
    `<span class="line"><span ${KEYWORD}>def</span> <span ${FUNCTION}>f</span>(x):</span>\n` +
      `<span class="line">    <span ${KEYWORD}>return</span> <span ${STRING}>"hi"</span>  <span ${COMMENT}># done</span></span>`,
  );
  assert.equal(
    linesOf(block('bash', 'npm install docjet # add it')),
    `<span class="line"><span ${FUNCTION}>npm</span> <span ${STRING}>install docjet</span> <span ${COMMENT}># add it</span></span>`,
  );
});

test("the stand-in theme gives exactly the colours of Shiki's two-theme mode", async () => {
  // It relies on the two themes having the same rules in the same order.
  const rules = async (name: string) =>
    ((await bundledThemes[name as keyof typeof bundledThemes]()).default.tokenColors ?? []).map((rule) => [
      rule.scope,
      rule.settings.fontStyle,
      rule.settings.foreground === undefined,
    ]);
  assert.deepEqual(await rules(CODE_THEMES.light), await rules(CODE_THEMES.dark));

  const shiki = await createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: ['typescript', 'python', 'html', 'json'] });
  const samples: [BundledLanguage, string][] = [
    ['typescript', 'export async function load(path: string): Promise<string> {\n  // read it\n  return (await readFile(path, "utf8")).trim() as string;\n}'],
    ['python', '@dataclass\nclass Book:\n    title: str = f"{x!r}"  # note\n    def go(self) -> None: raise ValueError(1e3)'],
    ['html', '<a href="x" class=\'y\'>link &amp; <b>bold</b></a><script>let a = 1</script>'],
    ['json', '{"a": [1, true, null, "s"], "b": {"c": -2.5e3}}'],
  ];
  for (const [lang, code] of samples) assert.deepEqual(highlightedColours(lang, code), shikiColours(shiki, lang, code), lang);
});

test('the site stylesheet gives each token class its two colours, once, and the font styles', async () => {
  const css = await codeTokenCss();
  const rules = css.trim().split('\n');
  assert.equal(new Set(rules).size, rules.length);
  for (const rule of [
    '.sk5{--shiki-light:#d73a49;--shiki-dark:#f97583}',
    '.sk2{--shiki-light:#005cc5;--shiki-dark:#79b8ff}',
    '.sk6{--shiki-light:#032f62;--shiki-dark:#9ecbff}',
    '.sk3{--shiki-light:#6f42c1;--shiki-dark:#b392f0}',
    '.sk1{--shiki-light:#6a737d;--shiki-dark:#6a737d}',
    '.ski{font-style:italic}',
    '.skb{font-weight:bold}',
    '.sku.sks{text-decoration:underline line-through}',
  ]) {
    assert.ok(rules.includes(rule), rule);
  }
  // The text colour is the block's own: its tokens have no class.
  assert.ok(!css.includes('#24292e;--shiki-dark:#e1e4e8'), css);
  // Bold and italic tokens (a Markdown block's `**b**` and `_i_`) carry the font style's class.
  const markdown = await createCodeHighlighter({ langs: ['md'] });
  assert.equal(linesOf(block('md', '**b** _i_', markdown)), '<span class="line"><span class="skb">**b**</span> <span class="ski">_i_</span></span>');
});

test("a line met again, in the same grammar state or in another, keeps Shiki's colours (the line cache)", async () => {
  const shiki = await createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: ['typescript', 'json'] });
  const line = 'const a = `x` + f(1); // y';
  // In order, through one highlighter: each block meets lines the blocks before it cached.
  const samples: [BundledLanguage, string][] = [
    ['typescript', `${line}\n/*\n${line}\n\n${line}\n*/\n${line}`],
    ['typescript', `const s = \`\n${line}\n\`;\n${line}\n/** ${line}`],
    ['json', '{\n  "a": {\n    "b": "c",\n    "d": [1, 2]\n  },\n  "b": "c"\n}'],
    ['json', '  "b": "c",\n[\n  "b": "c",\n  "note \\" \\n"\n]\n  "b": "c",'],
  ];
  for (const [lang, code] of samples) assert.deepEqual(highlightedColours(lang, code), shikiColours(shiki, lang, code), code);
});

/**
 * Shiki's colours for the code in two-theme mode, line by line (see `colours`). Without a time
 * limit, as docjet's own (line-tokens.ts): on a busy machine Shiki's default of 500 ms stops
 * colouring a line part-way in one theme and not the other.
 */
function shikiColours(shiki: Awaited<ReturnType<typeof createHighlighter>>, lang: BundledLanguage, code: string): string[][] {
  return shiki
    .codeToTokens(code, { lang, themes: { light: CODE_THEMES.light, dark: CODE_THEMES.dark }, defaultColor: false, tokenizeTimeLimit: 0 })
    .tokens.map((line) => line.flatMap((token) => colours(token.content, token.htmlStyle?.['--shiki-light'], token.htmlStyle?.['--shiki-dark'])));
}

/** The colours docjet's block shows with the site stylesheet, line by line (see `colours`). */
function highlightedColours(lang: string, code: string): string[][] {
  return linesOf(block(lang, code))
    .split('\n')
    .map((line) =>
      [...line.matchAll(/<span class="([^"]+)">([^<]*)<\/span>|<[^>]+>|([^<]+)/g)].flatMap(([, classes, styled, plain]) => {
        const pair = classes
          ?.split(' ')
          .map((name) => TOKEN_COLOURS.get(name))
          .find(Boolean);
        return colours(decode(styled ?? plain ?? ''), pair?.[0], pair?.[1]);
      }),
    );
}

/**
 * `#d73a49 #f97583 c` for each character but white space; uncoloured text has the themes' text
 * colours. Colour by colour, character by character: white space has no colour to compare.
 */
function colours(text: string, light = '#24292e', dark = '#e1e4e8'): string[] {
  return [...text].filter((char) => char.trim() !== '').map((char) => `${light.toLowerCase()} ${dark.toLowerCase()} ${char}`);
}

function decode(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

test('title and icon: a figcaption, the title escaped', () => {
  assert.equal(
    block('py app.py icon=python', 'x'),
    '<figure class="code-block" data-language="python">' +
      '<figcaption class="code-title"><span class="icon" data-icon="python" aria-hidden="true"></span><span class="code-title-text">app.py</span></figcaption>' +
      COPY +
      '<pre tabindex="0"><code class="language-py"><span class="line">x</span></code></pre></figure>',
  );
  assert.equal(
    block('text title="<script>alert(1)</script>" icon="a&quot;b"', '<script>alert(2)</script>'),
    '<figure class="code-block" data-language="text">' +
      '<figcaption class="code-title"><span class="icon" data-icon="a&amp;quot;b" aria-hidden="true"></span><span class="code-title-text">&lt;script&gt;alert(1)&lt;/script&gt;</span></figcaption>' +
      COPY +
      '<pre tabindex="0"><code class="language-text"><span class="line">&lt;script&gt;alert(2)&lt;/script&gt;</span></code></pre></figure>',
  );
});

test('a language written with quotes or brackets stays inside its attributes', () => {
  const html = block('x"onmouseover="alert(1)', 'y');
  assert.ok(html.startsWith('<figure class="code-block" data-language="x&quot;onmouseover=&quot;alert(1)">'), html);
  assert.ok(html.includes('<code class="language-x&quot;onmouseover=&quot;alert(1)">'), html);
});

test('fence options: highlighted and focused lines, line numbers, wrap, no copy button', () => {
  assert.equal(linesOf(block('text {1,3}', 'a\nb\nc')), '<span class="line highlighted">a</span>\n<span class="line">b</span>\n<span class="line highlighted">c</span>');
  assert.equal(
    linesOf(block('text highlight="[2]" focus=1-2', 'a\nb\nc')),
    '<span class="line focused">a</span>\n<span class="line highlighted focused">b</span>\n<span class="line">c</span>',
  );
  assert.ok(block('text focus=1', 'a\nb').startsWith('<figure class="code-block has-focused" data-language="text">'));
  assert.ok(block('text lines wrap', 'a').startsWith('<figure class="code-block" data-language="text" data-lines data-wrap>'));
  assert.ok(block('text lines=false', 'a').startsWith('<figure class="code-block" data-language="text"><button'));
  assert.equal(
    block('text nocopy', 'a'),
    '<figure class="code-block" data-language="text"><pre tabindex="0"><code class="language-text"><span class="line">a</span></code></pre></figure>',
  );
  // ```nocopy alone: no language and no copy button.
  assert.equal(block('nocopy', 'a'), '<figure class="code-block"><pre tabindex="0"><code><span class="line">a</span></code></pre></figure>');
  // Lines past the end are ignored; a trailing blank line is not shown.
  assert.equal(linesOf(block('text {2,9}', 'a\nb\n\n')), '<span class="line">a</span>\n<span class="line highlighted">b</span>');
});

test('expandable: a long block gets a toggle that works without JavaScript, a short one does not', () => {
  const long = Array.from({ length: 13 }, (_, index) => `line ${index + 1}`).join('\n');
  const html = block('text expandable', long);
  assert.ok(html.startsWith('<figure class="code-block" data-language="text" data-expandable>'), html);
  assert.ok(
    html.endsWith(
      '</code></pre><details class="code-expand"><summary><span class="code-expand-more">Expand</span><span class="code-expand-less">Collapse</span></summary></details></figure>',
    ),
  );
  const short = block('text expandable', 'a\nb');
  assert.ok(!short.includes('details') && !short.includes('data-expandable'), short);
});

test('notation: diff, focus, highlight, error and warning comments become classes and leave the code', () => {
  const code = [
    'const a = 1; // [!code ++]',
    'const b = 2; // [!code --]',
    'const c = 3; // [!code focus]',
    'const d = 4; // [!code highlight]',
    'const e = 5; // [!code hl]',
    'const f = 6; // [!code error]',
    'const g = 7; // [!code warning]',
    'const h = 8;',
  ].join('\n');
  const html = block('js', code, plainHighlighter);
  assert.ok(html.startsWith('<figure class="code-block has-focused has-diff" data-language="js">'), html);
  assert.equal(
    linesOf(html),
    [
      '<span class="line diff add">const a = 1;</span>',
      '<span class="line diff remove">const b = 2;</span>',
      '<span class="line focused">const c = 3;</span>',
      '<span class="line highlighted">const d = 4;</span>',
      '<span class="line highlighted">const e = 5;</span>',
      '<span class="line highlighted error">const f = 6;</span>',
      '<span class="line highlighted warning">const g = 7;</span>',
      '<span class="line">const h = 8;</span>',
    ].join('\n'),
  );
});

test('notation: every comment syntax, ranges, a comment on its own line, several in one comment', () => {
  const lines = (lang: string, code: string): string => linesOf(block(lang, code, plainHighlighter));
  assert.equal(lines('python', 'x = 1  # [!code ++]'), '<span class="line diff add">x = 1</span>');
  assert.equal(lines('html', '<p>a</p> <!-- [!code --] -->'), '<span class="line diff remove">&lt;p&gt;a&lt;/p&gt;</span>');
  assert.equal(lines('css', 'a { color: red } /* [!code highlight] */'), '<span class="line highlighted">a { color: red }</span>');
  assert.equal(lines('jsx', '<A /> {/* [!code focus] */}'), '<span class="line focused">&lt;A /&gt;</span>');
  assert.equal(lines('sql', 'SELECT 1; -- [!code ++]'), '<span class="line diff add">SELECT 1;</span>');
  assert.equal(lines('ini', 'a = 1 ; [!code --]'), '<span class="line diff remove">a = 1</span>');
  // A comment before the notation stays; only the notation goes.
  assert.equal(lines('js', 'f(); // call it // [!code ++]'), '<span class="line diff add">f(); // call it</span>');
  // `:n` covers n lines from this one.
  assert.equal(lines('js', 'a // [!code ++:2]\nb\nc'), '<span class="line diff add">a</span>\n<span class="line diff add">b</span>\n<span class="line">c</span>');
  // On a line of its own the comment line is dropped and the count starts on the next line.
  assert.equal(lines('js', '// [!code focus:2]\na\nb\nc'), '<span class="line focused">a</span>\n<span class="line focused">b</span>\n<span class="line">c</span>');
  assert.equal(lines('js', 'a // [!code highlight] [!code ++]'), '<span class="line highlighted diff add">a</span>');
  // Someone else's notation is taken out with its comment, and does nothing.
  assert.equal(lines('js', 'a // [!code madeup]'), '<span class="line">a</span>');
  // Text blocks show notation as written: that is how a page documents it.
  assert.equal(lines('text', 'a // [!code ++]'), '<span class="line">a // [!code ++]</span>');
  assert.equal(lines('', 'a // [!code ++]'), '<span class="line">a // [!code ++]</span>');
  // Only at the end of a line, after a comment marker.
  assert.equal(lines('js', 'log("[!code ++]")'), '<span class="line">log("[!code ++]")</span>');
});

test('notation: word highlights, in the following lines or the next n', () => {
  assert.equal(
    linesOf(block('js', '// [!code word:value]\nconst value = 1;\nlog(value, value)', plainHighlighter)),
    '<span class="line">const <mark class="highlighted-word">value</mark> = 1;</span>\n' +
      '<span class="line">log(<mark class="highlighted-word">value</mark>, <mark class="highlighted-word">value</mark>)</span>',
  );
  assert.equal(
    linesOf(block('js', '// [!code word:a:1]\na\na', plainHighlighter)),
    '<span class="line"><mark class="highlighted-word">a</mark></span>\n<span class="line">a</span>',
  );
  // Across coloured tokens: the tokens are cut where the word starts and ends, one mark around them.
  assert.equal(
    linesOf(block('ts', '// [!code word:st t]\nconst total = 1')),
    `<span class="line"><span ${KEYWORD}>con</span><mark class="highlighted-word"><span ${KEYWORD}>st</span> <span ${CONSTANT}>t</span></mark><span ${CONSTANT}>otal</span> <span ${KEYWORD}>=</span> <span ${CONSTANT}>1</span></span>`,
  );
});

test('diff blocks: + and - lines are added and removed, the file headers are not', () => {
  const html = block('diff', '--- a/x\n+++ b/x\n-old\n+new\n same', plainHighlighter);
  assert.ok(html.startsWith('<figure class="code-block has-diff" data-language="diff">'));
  assert.equal(
    linesOf(html),
    '<span class="line">--- a/x</span>\n<span class="line">+++ b/x</span>\n<span class="line diff remove">-old</span>\n<span class="line diff add">+new</span>\n<span class="line"> same</span>',
  );
  // Highlighted, the same lines, coloured by the diff grammar.
  assert.match(
    linesOf(block('diff', '-old\n+new')),
    /^<span class="line diff remove"><span class="sk\d+">-old<\/span><\/span>\n<span class="line diff add"><span class="sk\d+">\+new<\/span><\/span>$/,
  );
});

test('unknown and plain languages: escaped code in one colour, never a failure', () => {
  for (const info of ['nonsense', 'text', 'txt', 'plaintext', 'TEXT']) {
    const html = block(info, 'if (a < b) { run(); }');
    assert.equal(linesOf(html), '<span class="line">if (a &lt; b) { run(); }</span>', info);
    assert.ok(!html.includes('class="sk'), info);
  }
  // A language Shiki knows but this highlighter was not given is plain too.
  assert.equal(linesOf(block('ruby', 'puts 1')), '<span class="line">puts 1</span>');
  // No language at all.
  assert.equal(block('', 'x'), `<figure class="code-block">${COPY}<pre tabindex="0"><code><span class="line">x</span></code></pre></figure>`);
  // An empty block still has its one line.
  assert.equal(linesOf(block('ts', '')), '<span class="line"></span>');
});

test('a very long line is shown in one colour, and the lines around it are still coloured', () => {
  const long = `const data = "${'x'.repeat(3000)}";`;
  const lines = linesOf(block('ts', `${long}\nconst b = 1`)).split('\n');
  assert.equal(lines[0], `<span class="line">${long}</span>`);
  assert.equal(lines[1], `<span class="line"><span ${KEYWORD}>const</span> <span ${CONSTANT}>b</span> <span ${KEYWORD}>=</span> <span ${CONSTANT}>1</span></span>`);
});

test('a block seen again (from the token cache) renders as the first time, with its own options', () => {
  const code = 'const a = 1\nconst b = 2 // [!code word:b]';
  const first = block('ts {1}', code);
  const classes = (html: string) => [...html.matchAll(/<span class="(line[^"]*)"/g)].map((match) => match[1]);
  assert.deepEqual(classes(block('ts {2}', code)), ['line', 'line highlighted']);
  assert.deepEqual(classes(first), ['line highlighted', 'line']);
  assert.equal(block('ts {1}', code), first);
});

test("colourLater (dev): a grammar's first block is shown uncoloured, without waiting for the grammar, and handed over; once warmed, its blocks are coloured", async () => {
  const deferring = await createCodeHighlighter({ langs: ['py'] });
  const handed: [string, string][] = [];
  deferring.colourLater((grammar, code) => handed.push([grammar, code]));
  const plain = (lang: string, code: string): string => linesOf(block(lang, code, plainHighlighter));
  await deferring.load(['ts']);
  assert.equal(linesOf(block('ts', 'const a = 1;', deferring)), plain('ts', 'const a = 1;'), 'the lines as without colours');
  assert.equal(linesOf(block('python', 'x = 1', deferring)), plain('python', 'x = 1'), 'loaded, but not compiled yet');
  assert.equal(linesOf(block('nonsense', 'x', deferring)), plain('nonsense', 'x'), 'a language Shiki does not know: plain, never handed over');
  assert.deepEqual(handed, [
    ['typescript', 'const a = 1;'],
    ['python', 'x = 1'],
  ]);
  assert.equal(deferring.uncoloured, 2);
  await deferring.warm('typescript', 'const a = 1;');
  assert.equal(block('ts', 'const a = 1;', deferring), block('ts', 'const a = 1;'), 'coloured as by a highlighter that never deferred');
  assert.equal(linesOf(block('py', 'y = 2', deferring)), plain('py', 'y = 2'), 'Python is still waiting');
  assert.deepEqual(
    handed.map(([grammar]) => grammar),
    ['typescript', 'python', 'python'],
  );
  assert.equal(deferring.uncoloured, 3);
});

test("warm (dev) goes in steps the caller runs: the grammars imported, each registered (HTML's, then those it embeds), then its code; blocks stay uncoloured until the last step", async () => {
  const deferring = await createCodeHighlighter({ langs: [] });
  deferring.colourLater(() => undefined);
  const code = '<p class="x">Hi</p>\n<script>const a = 1;</script>\n<style>p { color: red }</style>';
  const plain = linesOf(block('html', code, plainHighlighter));
  let steps = 0;
  const midway: string[] = [];
  await deferring.warm('html', code, async (work) => {
    steps++;
    midway.push(linesOf(block('html', code, deferring)));
    return work();
  });
  // One import, three registrations (JavaScript, CSS, HTML), at least one part of colouring.
  assert.ok(steps >= 5, `${steps} steps`);
  assert.deepEqual(new Set(midway), new Set([plain]), 'uncoloured between steps');
  assert.equal(block('html', code, deferring), block('html', code), 'then coloured as by a highlighter that never deferred');
});

test('a line shown plain, then marked, then plain again, reads as its own block says each time', () => {
  const line = 'const total = price * count';
  const plain = block('ts', line);
  const marked = block('ts', `${line} // [!code word:price]`);
  assert.ok(marked.includes('<mark class="highlighted-word">'));
  assert.ok(!plain.includes('<mark'));
  assert.match(block('ts {1}', line), /<span class="line highlighted">/);
  assert.equal(block('ts', line), plain);
});

test('plainHighlighter writes the same markup as the highlighter, without colours', () => {
  assert.equal(block('nonsense app.x {1} lines', 'a < b', plainHighlighter), block('nonsense app.x {1} lines', 'a < b'));
  assert.equal(
    block('ts', 'let a', plainHighlighter),
    `<figure class="code-block" data-language="ts">${COPY}<pre tabindex="0"><code class="language-ts"><span class="line">let a</span></code></pre></figure>`,
  );
});

test("both highlighters write the page's copy button and draw the caption's icon with the page's drawer", () => {
  const ui = { icon: (name: string) => `<i>${name}</i>`, copyButton: '<button data-copy>Kopieren</button>' };
  const { lang, meta } = parseFence('py', 'app.py icon=python');
  for (const highlight of [highlighter, plainHighlighter]) {
    const html = renderCode('x = 1', lang, meta, highlight, ui);
    assert.ok(html.includes('<span class="icon" data-icon="python" aria-hidden="true"><i>python</i></span>'), html);
    assert.ok(html.includes('</figcaption><button data-copy>Kopieren</button><pre'), html);
  }
});

test('mermaid fences stay their escaped source for the page script to draw', () => {
  assert.equal(renderCode('graph TD; A-->B<script>', 'mermaid', { options: {} }, highlighter), '<pre class="mermaid">graph TD; A--&gt;B&lt;script&gt;</pre>');
  assert.equal(renderCode('graph TD', 'Mermaid', { options: {} }, highlighter), '<pre class="mermaid">graph TD</pre>');
});

test("in a page: a code group titles its tabs from each block's meta, and the blocks keep their markup", () => {
  const { html } = renderMarkdown({
    file: 'page.mdx',
    format: 'mdx',
    text: '<CodeGroup>\n\n```bash npm icon=npm\nnpm i docjet\n```\n\n```ts\nlet a\n```\n\n</CodeGroup>',
    highlight: highlighter,
  });
  assert.match(html, /<button[^>]*role="tab"[^>]*><span class="icon" data-icon="npm" aria-hidden="true"><\/span>npm<\/button>/);
  assert.match(html, /<button[^>]*role="tab"[^>]*>ts<\/button>/);
  // The tab already shows the title and icon, so the block inside has no caption of its own.
  assert.ok(html.includes('<figure class="code-block" data-language="shellscript"><button type="button" class="copy-button"'), html);
  assert.ok(!html.includes('figcaption'), html);
});

test("Shiki's JavaScript regular expressions (the build's colour thread) colour as Oniguruma does", async () => {
  const blocks: [string, string][] = [
    ['tsx', 'export function App({ n }: { n: number }) {\n  return <div className="a">{`${n} items`}</div>;\n}'],
    ['mdx', '---\ntitle: "Hi"\n---\n\nimport { Card } from "x";\n\n<Card title="A">**bold** and `code`</Card>\n\n```js\nconst a = 1;\n```'],
    ['bash', 'cat <<EOF > file.txt\nhello $USER\nEOF\ncurl -X POST "https://api.example.com/v1/x?y=1" \\\n  -H "Authorization: Bearer $TOKEN" | jq \'.data[] | .id\''],
    ['python', 'import re\n\n@decorator\nasync def f(x: int = 1) -> str:\n    """Doc."""\n    return f"{x!r:>10} {re.sub(r\'\\d+\', \'\', \'a1\')}"'],
    ['json', '{\n  "a": [1, 2.5e10, true, null],\n  "b": {"c": "d\\n\\u00e9"}\n}'],
    ['yaml', 'key: value\nlist:\n  - &anchor one\n  - *anchor\nmulti: |\n  text\n  more'],
    ['html', '<style>.a { color: red }</style>\n<script>const x = () => 1;</script>\n<div onclick="go()">Hi &amp; bye</div>'],
    ['go', 'package main\n\nfunc main() {\n\tch := make(chan int)\n\tgo func() { ch <- 1 }()\n\tfmt.Printf("%d\\n", <-ch)\n}'],
    ['ruby', 'class A < B\n  def x(y = {})\n    puts "#{y[:z]}" if y&.any?\n  end\nend'],
    ['php', '<?php\nnamespace App;\n$x = fn($a) => $a ?? "b";\necho <<<EOT\nHi $x\nEOT;'],
    ['java', '@Override\npublic <T extends Comparable<T>> List<T> sort(List<T> xs) { return xs.stream().sorted().toList(); }'],
    ['csharp', 'var q = from x in xs where x > 1 select new { x, Y = $"{x:N2}" };'],
  ];
  const langs = blocks.map(([lang]) => lang);
  const oniguruma = await createCodeHighlighter({ langs });
  const javascript = await createCodeHighlighter({ langs, engine: 'javascript' });
  for (const [lang, code] of blocks) {
    const expected = oniguruma.lines(code, lang, { options: {} });
    assert.match(expected.html, /class="sk\d+/, `${lang} is coloured`);
    assert.deepEqual(javascript.lines(code, lang, { options: {} }), expected, lang);
  }
});
