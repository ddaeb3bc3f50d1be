/**
 * Anchors of titled components and headings by the hosted product's rule (`@mintlify/common`
 * 1.0.1211 `remarkComponentIds`, issue 31): Accordion and View titles through
 * `@sindresorhus/slugify` (transliterated, `&` → "and"), Tab titles through the heading rule with a
 * count of their own, and only `#` to `####` headings, none on a `mode: custom` page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import librarySlugify from '@sindresorhus/slugify';
import { ComponentIds, componentSlug, markdownTitleText, titleText } from '../../src/content/mdx/headings.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';

test('Accordion titles → ids: accented letters transliterated, & is "and", CJK and emoji left out', () => {
  const table: [string, string][] = [
    ['Café & Crème', 'cafe-and-creme'],
    ['Ünïcödé Straße', 'uenicoede-strasse'],
    ['Über uns', 'ueber-uns'],
    ['Привет мир', 'privet-mir'],
    ['C++ & C#', 'c-and-c'],
    ["What's new?", 'whats-new'],
    ['Setup: Advanced: More', 'setup-advanced-more'],
    ['fooBar API', 'foobar-api'],
    ['日本語 API', 'api'],
    ['🎉 Party time', 'party-time'],
    ['I ♥ 🦄', 'i-love-unicorn'],
    ['安装指南', ''],
  ];
  assert.deepEqual(
    table.map(([title]) => [title, componentSlug(title)]),
    table,
  );
});

test('an ASCII title is slugged as the library slugs it, without the library (each ASCII character around words and contractions)', () => {
  const differ: string[] = [];
  for (let code = 0; code < 128; code++) {
    const c = String.fromCharCode(code);
    for (const title of [c, `x${c}s`, `${c}t-${c}`, `a${c}${c}B`, `Don't${c}Stop: Now & Then`]) {
      if (componentSlug(title) !== librarySlugify(title.replace(':', '-'), { decamelize: false })) differ.push(title);
    }
  }
  assert.deepEqual(differ, []);
});

test('a plain title reads as Markdown reads it, without the parse: words, digits, accents, CJK, punctuation, and the cases that must be parsed', () => {
  const pieces = [
    'a',
    'Z',
    'é',
    '日',
    '1',
    ' ',
    '  ',
    '.',
    ',',
    "'",
    '"',
    '?',
    '(',
    ')',
    '/',
    '+',
    '=',
    '%',
    '$',
    '#',
    ';',
    '-',
    '\u0301',
    'www.',
    'WwW.',
    'x.co',
    '1. ',
    '# ',
    '*',
    '_',
    '`',
    '[x](/y)',
    '&amp;',
    '<b>',
    '~~',
    '\\',
    ':',
    '!',
    '&#1;',
    '&x',
    '& ',
    ': ',
    'http://x',
    'HTTPS://y.z',
    '![',
    '！',
    '（',
    '\u3000',
    '\u00a0',
    '\u2028',
    '\ud800',
  ];
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const differ: string[] = [];
  for (let i = 0; i < 1500; i++) {
    let title = '';
    for (let length = 1 + Math.floor(next() * 10); length > 0; length--) title += pieces[Math.floor(next() * pieces.length)];
    if (titleText(title) !== markdownTitleText(title)) differ.push(title);
  }
  assert.deepEqual(differ, []);
  assert.equal(titleText('Use **bold** and `code`'), 'Use bold and code');
  assert.equal(titleText('Visit www.example.com now'), markdownTitleText('Visit www.example.com now'));
});

test('repeats: accordions -1, -2 after the first, views on their own count, tabs -2 and past a written id, encoded as the slugger leaves them', () => {
  const ids = new ComponentIds();
  assert.deepEqual(
    ['FAQ', 'FAQ', 'FAQ'].map((title) => ids.titled('accordion', title)),
    ['faq', 'faq-1', 'faq-2'],
  );
  assert.equal(ids.titled('view', 'FAQ'), 'faq');
  assert.equal(ids.titled('accordion', '安装指南'), undefined);
  assert.equal(ids.tab(undefined, 'python-2'), 'python-2');
  assert.deepEqual(
    ['Python', 'Python', 'Café', '安装', '🎉', undefined].map((title) => ids.tab(title, undefined)),
    ['python', 'python-3', 'caf%C3%A9', '%E5%AE%89%E8%A3%85', '%F0%9F%8E%89', undefined],
  );
});

function render(text: string, headingAnchors?: boolean): string {
  return renderMarkdown({ file: 'p.mdx', text, format: 'mdx', headingAnchors }).html;
}

test('pages: accordion, view and tab anchors; only h1–h4 are anchors and h5 takes no number; none on a custom page', () => {
  const html = render(
    [
      '## Install',
      '',
      '##### Install',
      '',
      '## Install',
      '',
      '<Accordion title="Café & Crème">a</Accordion>',
      '',
      '<Accordion title="Why?" id="mine">b</Accordion>',
      '',
      '<View title="Setup: Advanced">v</View>',
      '',
      '<Tabs>',
      '  <Tab title="Install">t</Tab>',
      '  <Tab title="Go" id="golang">g</Tab>',
      '</Tabs>',
    ].join('\n'),
  );
  assert.deepEqual(
    [...html.matchAll(/<(h\d|details|section|span)\b([^>]*)>/g)].map((match) => `${match[1]}#${/ id="([^"]*)"/.exec(match[2]!)?.[1] ?? ''}`).filter((tag) => tag !== 'span#'),
    ['h2#install', 'h5#', 'h2#install-2', 'details#cafe-and-creme', 'details#mine', 'section#setup-advanced', 'span#install', 'span#golang'],
  );
  // The tab's anchor is its title's (a heading's id may be the same), its button's ids wire ARIA.
  assert.ok(
    html.includes(
      '<button type="button" role="tab" id="dj-tabs-1-tab-1" aria-controls="dj-tabs-1-panel-1" aria-selected="true" tabindex="0"><span id="install">Install</span></button>',
    ),
    html,
  );
  const custom = render('## Hero\n\n<Accordion title="Q">a</Accordion>', false);
  assert.ok(custom.includes('<h2>Hero</h2>'), custom);
  assert.ok(custom.includes('<details class="accordion" id="q">'), custom);
});

/**
 * Ids as the hosted product gives them to titles written in each way. The expected ids come from
 * `@mintlify/common` 1.0.1211's own code run on these inputs (`remarkParseTitleMarkdown`,
 * `remarkComponentIds`, `remarkExtractTableOfContents`, `rehypeUnicodeIds`, in `getMDXOptions`' order,
 * after `@mdx-js/mdx`'s `remarkMarkAndUnravel`), in document order: a component before those inside it.
 * Step, Update and heading ids are as its `Heading`/`Step` components write them (`cleanHeadingId`).
 */
const accordion = (title: string, body = 'body') => `<Accordion ${title}>\n  ${body}\n</Accordion>\n`;
const HOSTED: [string, string, string[]][] = [
  // 1. Titles written as expressions: none for Accordion, View, Tab and Update; a Step's string literal counts, a template does not.
  ['Accordion title={"x"}', accordion('title={"Expr title"}'), []],
  ['Accordion title={`x`}', accordion('title={`Expr title`}'), []],
  ['View title={"x"}', '<View title={"View expr"}>\n  x\n</View>\n', []],
  ['Tab title={"x"}', '<Tabs>\n<Tab title={"Tab expr"}>\n  x\n</Tab>\n<Tab title="Plain">\n  y\n</Tab>\n</Tabs>\n', ['plain']],
  // (The one expression that counts there, so also here before this table: not a difference after all.)
  ['Step title={"x"}', '<Steps>\n<Step title={"Step expr"} titleSize="h2">\n  x\n</Step>\n</Steps>\n', ['step-expr']],
  ['Step title={`x`}', '<Steps>\n<Step title={`Step tpl`} titleSize="h2">\n  x\n</Step>\n</Steps>\n', []],
  ['Step titleSize={"h2"}', '<Steps>\n<Step title="Sized" titleSize={"h2"}>\n  x\n</Step>\n</Steps>\n', []],
  ['Step titleSize="h4"', '<Steps>\n<Step title="Small" titleSize="h4">\n  x\n</Step>\n</Steps>\n', []],
  ['Update label={"x"}', '<Update label={"v1"} description="d">\n  x\n</Update>\n', []],
  // 2. Markdown in titles: read as text for Accordion, Tab and Step; a View's title is slugged as written.
  ['Accordion with a link', accordion('title="See [the docs](/docs) now"'), ['see-the-docs-now']],
  ['Accordion with code and a URL', accordion('title="Call `GET` on [the API](https://api.example.com)"'), ['call-get-on-the-api']],
  ['View with a link', '<View title="See [the docs](/docs) now">\n  x\n</View>\n', ['see-the-docs-docs-now']],
  ['Tab with code and a link', '<Tabs>\n<Tab title="Use `code` [here](/x)">\n  x\n</Tab>\n</Tabs>\n', ['use-code-here']],
  ['Step with code and a link', '<Steps>\n<Step title="Use `npm i` [here](/x)" titleSize="h2">\n  x\n</Step>\n</Steps>\n', ['use-npm-i-here']],
  // 3. Titles that leave no slug: the first Accordion's id is its body's text, encoded; the next ones -1, -2 (a View's first none).
  ['Accordion in CJK', accordion('title="常见问题"', '这是 答案。'), ['%E8%BF%99%E6%98%AF-%E7%AD%94%E6%A1%88%E3%80%82']],
  ['Accordion in emoji', accordion('title="🚀"', 'Launch **it** now'), ['launch-it-now']],
  [
    'Accordions in CJK and emoji',
    `${accordion('title="常见问题"', '第一段。\n\n  第二段 `code`')}\n${accordion('title="🎉"', 'Party')}\n${accordion('title="FAQ"')}\n${accordion('title="问题"', 'Third')}`,
    ['%E7%AC%AC%E4%B8%80%E6%AE%B5%E3%80%82%E7%AC%AC%E4%BA%8C%E6%AE%B5-code', '-1', 'faq', '-2'],
  ],
  ['Accordion in CJK around a Note', accordion('title="外"', '<Note>\n    Inner note\n  </Note>\n\n  after'), ['inner-noteafter']],
  ['Views in CJK and emoji', '<View title="视图">\n  x\n</View>\n\n<View title="🎉">\n  y\n</View>\n', ['-1']],
  // JSX headings on lines of their own are headings there: their text's slug (expressions left out) or their id, cleaned.
  ['<h2> on its own line', '<h2>Plain h2</h2>\n\n## Plain h2\n', ['plain-h2', 'plain-h2-2']],
  ['<h2 id> on its own line', '<h2 id="My Id!" className="x">Plain h2</h2>\n', ['My Id']],
  ['<h3> with code and an expression', '<h3>Use `code` {"x"}</h3>\n', ['use-code']],
  // 4. Nested: the outer component first.
  ['Accordion in an Accordion', `${accordion('title="FAQ"', '<Accordion title="FAQ">\n    inner\n  </Accordion>')}\n${accordion('title="FAQ"')}`, ['faq', 'faq-1', 'faq-2']],
  ['View in a View', '<View title="Setup">\n<View title="Setup">\n  x\n</View>\n</View>\n', ['setup', 'setup-1']],
  ['Step over a heading', '<Steps>\n<Step title="Install" titleSize="h2">\n\n## Install\n\n</Step>\n</Steps>\n\n## Install\n', ['install', 'install-2', 'install-2-2']],
  ['Step before headings', '<Steps>\n<Step title="Install" titleSize="h2">\n  x\n</Step>\n</Steps>\n\n## Install\n\n## Install\n', ['install', 'install-2', 'install-2-2']],
];

const anchors = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]!).filter((id) => !id.startsWith('dj-'));
for (const [name, text, ids] of HOSTED) {
  test(`hosted ids: ${name} → ${ids.join(', ') || 'none'}`, () => {
    assert.deepEqual(anchors(render(text)), ids);
  });
}

test('nested Tabs: the outer Tabs are numbered first, though their buttons come before the inner Tabs in the page', () => {
  const html = render('<Tabs>\n<Tab title="Python">\n<Tabs>\n<Tab title="Python">\n  x\n</Tab>\n</Tabs>\n</Tab>\n<Tab title="Python">\n  z\n</Tab>\n</Tabs>\n');
  // @mintlify/common 1.0.1211: python (outer, first), python-2 (inner), python-3 (outer, second).
  const tablists = [...html.matchAll(/role="tablist">(.*?)<\/div>/g)].map((match) => [...match[1]!.matchAll(/<span id="([^"]*)"/g)].map((id) => id[1]));
  assert.deepEqual(tablists, [['python', 'python-3'], ['python-2']]);
});

test('the table of contents has the text of a Step title written in Markdown, and no Step written with a template or at h4', () => {
  const result = renderMarkdown({
    file: 'p.mdx',
    format: 'mdx',
    text: '<Steps>\n<Step title="**Install** it" titleSize="h3">\n  x\n</Step>\n<Step title={`Later`} titleSize="h2">\n  y\n</Step>\n<Step title="Small" titleSize="h4">\n  z\n</Step>\n</Steps>\n',
  });
  assert.deepEqual(result.headings, [{ depth: 3, id: 'install-it', text: 'Install it' }]);
});
