import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateBody, readAllPageMeta, readFrontmatter, readPageMeta, titleFromPath } from '../../src/content/frontmatter.ts';
import type { PageFile } from '../../src/shared/scan.ts';

const metaSite = fileURLToPath(new URL('../fixtures/content/meta-site/', import.meta.url));
const file = 'guides/page.mdx';

test('readFrontmatter reads a frontmatter block and finds the body', () => {
  const text = '---\ntitle: "Getting started"\nicon: rocket\ntags: [a, b]\n---\n\n# Hello\n';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: { title: 'Getting started', icon: 'rocket', tags: ['a', 'b'] },
    bodyStart: text.indexOf('\n# Hello'),
    bodyLine: 6,
    diagnostics: [],
  });
});

test('readFrontmatter: no block, an empty block, a block of comments', () => {
  assert.deepEqual(readFrontmatter({ file, text: '# Title\n\n---\n\ntext\n' }), {
    data: {},
    bodyStart: 0,
    bodyLine: 1,
    diagnostics: [],
  });
  assert.deepEqual(readFrontmatter({ file, text: '---\n---\nBody' }), { data: {}, bodyStart: 8, bodyLine: 3, diagnostics: [] });
  assert.deepEqual(readFrontmatter({ file, text: '---\n# draft: true\n---\nBody' }), {
    data: {},
    bodyStart: 22,
    bodyLine: 4,
    diagnostics: [],
  });
  assert.deepEqual(readFrontmatter({ file, text: '' }), { data: {}, bodyStart: 0, bodyLine: 1, diagnostics: [] });
  // A block that ends the file, without a final newline.
  assert.deepEqual(readFrontmatter({ file, text: '---\ntitle: End\n---' }), {
    data: { title: 'End' },
    bodyStart: 18,
    bodyLine: 4,
    diagnostics: [],
  });
});

test('readFrontmatter keeps dates and yes/no as the strings users typed (YAML 1.2 core schema)', () => {
  const text = '---\ntitle: 2024-01-01\nsidebarTitle: Yes\nhidden: True\ndescription:\nboost: 2\n---\n';
  assert.deepEqual(readFrontmatter({ file, text }).data, {
    title: '2024-01-01',
    sidebarTitle: 'Yes',
    hidden: true,
    description: null,
    boost: 2,
  });
});

test('readFrontmatter reads a flow list that closes at the indentation of its key, as the reference product does', () => {
  const text = '---\ntitle: Search\nkeywords: [\n  find, filter\n]\n---\nBody';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: { title: 'Search', keywords: ['find', 'filter'] },
    bodyStart: text.indexOf('Body'),
    bodyLine: 7,
    diagnostics: [],
  });
});

test('readFrontmatter: `<<` is an ordinary key and only the first document counts', () => {
  assert.deepEqual(readFrontmatter({ file, text: '---\nbase: &b {icon: book}\npage:\n  <<: *b\n---\n' }).data, {
    base: { icon: 'book' },
    page: { '<<': { icon: 'book' } },
  });
  assert.deepEqual(readFrontmatter({ file, text: '---\ntitle: First\n...\n--- second\n---\n' }).data, { title: 'First' });
});

test('readFrontmatter tolerates CRLF line endings and a byte order mark', () => {
  const crlf = '---\r\ntitle: Windows\r\ndescription: Saved on Windows\r\n---\r\n\r\nBody\r\n';
  assert.deepEqual(readFrontmatter({ file, text: crlf }), {
    data: { title: 'Windows', description: 'Saved on Windows' },
    bodyStart: crlf.indexOf('\r\nBody'),
    bodyLine: 5,
    diagnostics: [],
  });

  const bom = '\uFEFF---\ntitle: BOM\n---\nBody';
  assert.deepEqual(readFrontmatter({ file, text: bom }), {
    data: { title: 'BOM' },
    bodyStart: bom.indexOf('Body'),
    bodyLine: 4,
    diagnostics: [],
  });
  assert.deepEqual(readFrontmatter({ file, text: '\uFEFF# No frontmatter' }), {
    data: {},
    bodyStart: 1,
    bodyLine: 1,
    diagnostics: [],
  });
});

test('readFrontmatter reads frontmatter after blank lines, with a warning', () => {
  const text = '\n  \n---\ntitle: Late\n---\nBody';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: { title: 'Late' },
    bodyStart: text.indexOf('Body'),
    bodyLine: 6,
    diagnostics: [
      {
        severity: 'warning',
        code: 'frontmatter-leading-blank',
        file,
        line: 1,
        column: 1,
        message:
          'the frontmatter starts on line 3, after 2 blank lines; it is read anyway, but other Markdown tools (the reference product included) only see frontmatter that starts on line 1 and would show it as text',
        fix: 'Delete the blank lines before the opening `---`.',
      },
    ],
  });
});

test('readFrontmatter ignores frontmatter that is a string or a list, with a warning', () => {
  const notMapping = (line: number, kind: string) => ({
    severity: 'warning',
    code: 'frontmatter-not-mapping',
    file,
    line,
    column: 1,
    message: `the frontmatter is ${kind}, not a set of \`key: value\` pairs, so it is ignored`,
    fix: 'Write each setting as `key: value` on its own line, for example `title: "Getting started"`.',
  });
  assert.deepEqual(readFrontmatter({ file, text: '---\nJust a title\n---\nBody' }), {
    data: {},
    bodyStart: 21,
    bodyLine: 4,
    diagnostics: [notMapping(2, 'a string')],
  });
  assert.deepEqual(readFrontmatter({ file, text: '---\n- one\n- two\n---\n' }).diagnostics, [notMapping(2, 'a list')]);
});

test('readFrontmatter treats an unclosed block as no frontmatter, with a warning', () => {
  // Portkey's snippets/prisma-airs-cta.mdx: a horizontal rule on line 1.
  const text = '---\n\n<Card title="Contact">Contact us</Card>\n';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: {},
    bodyStart: 0,
    bodyLine: 1,
    diagnostics: [
      {
        severity: 'warning',
        code: 'frontmatter-unclosed',
        file,
        line: 1,
        column: 1,
        message: 'the `---` on line 1 opens a frontmatter block that is never closed, so the page is read as having no frontmatter and the line shows as a horizontal rule',
        fix: 'Add a closing `---` line after the frontmatter; if you meant a horizontal rule, write `***` instead.',
      },
    ],
  });
  assert.deepEqual(
    readFrontmatter({ file, text: '---\ntitle: Never closed' }).diagnostics.map((d) => [d.code, d.line]),
    [['frontmatter-unclosed', 1]],
  );
});

test('readFrontmatter reports YAML syntax errors at their line and column in the page', () => {
  const text = '---\ntitle: Intro\ndescription: Step 1: install\n---\nBody';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: {},
    bodyStart: text.indexOf('Body'),
    bodyLine: 5,
    diagnostics: [
      {
        severity: 'error',
        code: 'frontmatter-syntax',
        file,
        line: 3,
        column: 20,
        message: 'the frontmatter is not valid YAML: `: ` inside an unquoted value starts a nested mapping, which YAML does not allow on the same line',
        fix: 'Wrap the value in double quotes: `description: "Step 1: install"`.',
      },
    ],
  });
});

test('readFrontmatter offsets syntax errors by the lines before the block', () => {
  const text = '\n---\nicon: book\ntitle: @scope/pkg\n---\n';
  assert.deepEqual(readFrontmatter({ file, text }).diagnostics, [
    {
      severity: 'warning',
      code: 'frontmatter-leading-blank',
      file,
      line: 1,
      column: 1,
      message:
        'the frontmatter starts on line 2, after 1 blank line; it is read anyway, but other Markdown tools (the reference product included) only see frontmatter that starts on line 1 and would show it as text',
      fix: 'Delete the blank line before the opening `---`.',
    },
    {
      severity: 'error',
      code: 'frontmatter-syntax',
      file,
      line: 4,
      column: 8,
      message: 'the frontmatter is not valid YAML: an unquoted value cannot start with `@`',
      fix: 'Wrap the value in double quotes: `title: "@scope/pkg"`.',
    },
  ]);
});

test('readFrontmatter gives a general fix when it cannot pin the cause', () => {
  const { diagnostics } = readFrontmatter({ file, text: '---\ntitle: x\n  nested: y\n---\n' });
  assert.deepEqual(
    diagnostics.map(({ code, line, column, fix }) => ({ code, line, column, fix })),
    [
      {
        code: 'frontmatter-syntax',
        line: 3,
        column: 9,
        fix: 'Check this line of the frontmatter: each setting is `key: value`, nested keys are indented with spaces, and a value containing `: `, ` #` or starting with a special character (`@`, `` ` ``, `*`, `&`, `!`, `|`, `>`, `{`, `[`) must be quoted.',
      },
    ],
  );
});

test('readFrontmatter names the fix for a repeated key, an open quote and tabs', () => {
  const problem = (text: string) => readFrontmatter({ file, text }).diagnostics.map(({ code, line, column, message, fix }) => ({ code, line, column, message, fix }));
  assert.deepEqual(problem('---\ntitle: One\nicon: book\ntitle: Two\n---\n'), [
    {
      code: 'frontmatter-syntax',
      line: 4,
      column: 1,
      message: 'the frontmatter is not valid YAML: duplicated mapping key',
      fix: 'Remove one of the `title` settings; each key can appear only once.',
    },
  ]);
  // At the open quote on line 2, not on the closing `---` of line 3 (issue 31).
  assert.deepEqual(problem('---\ntitle: "Unterminated\n---\nBody'), [
    {
      code: 'frontmatter-syntax',
      line: 2,
      column: 8,
      message: 'the frontmatter is not valid YAML: a `"` quoted value is never closed',
      fix: 'Add the closing `"` to the quoted value that starts at `title: "Unterminated`.',
    },
  ]);
  assert.deepEqual(problem('---\nseo:\n\ttitle: Tabs\n---\n'), [
    {
      code: 'frontmatter-syntax',
      line: 3,
      column: 1,
      message: 'the frontmatter is not valid YAML: tabs are not allowed as indentation',
      fix: 'Indent the frontmatter with spaces; YAML does not allow tabs for indentation.',
    },
  ]);
});

test('readFrontmatter accepts a quoted value whose continuation lines are not indented, with a warning', () => {
  // As in polar's integrate/webhooks/delivery.mdx and 11 Portkey pages.
  const text = '---\ntitle: "Webhooks"\ndescription: "How to parse and\nhandle webhooks"\nsummary: "\nOne.\n"\n---\n';
  assert.deepEqual(readFrontmatter({ file, text }), {
    data: { title: 'Webhooks', description: 'How to parse and handle webhooks', summary: ' One. ' },
    bodyStart: text.length,
    bodyLine: 9,
    diagnostics: [
      {
        severity: 'warning',
        code: 'frontmatter-indentation',
        file,
        line: 4,
        column: 1,
        message: 'a quoted value in the frontmatter continues on a line that is not indented; it is read the way the reference product reads it, but YAML parsers reject it',
        fix: 'Indent the lines that continue the quoted value by at least one space, or join the value onto one line.',
      },
    ],
  });
});

test('titleFromPath follows slugToTitle', () => {
  assert.equal(titleFromPath('quickstart'), 'Quickstart');
  assert.equal(titleFromPath('guides/getting-started'), 'Getting started');
  assert.equal(titleFromPath('api_reference/list_users'), 'List users');
  assert.equal(titleFromPath('guides/myAPI-v2'), 'MyAPI v2');
  assert.equal(titleFromPath('guides/index'), 'Guides');
  assert.equal(titleFromPath('a/b-c/index'), 'B c');
  assert.equal(titleFromPath('index'), 'Introduction');
  assert.equal(titleFromPath('changelog/2024'), '2024');
});

const pageFile = (id: string, ext: '.mdx' | '.md' = '.mdx'): PageFile => ({ id, file: `${id}${ext}`, ext });

test('readPageMeta takes the title from frontmatter, else from the path', async () => {
  assert.deepEqual(await readPageMeta({ root: metaSite, page: pageFile('guides/getting-started') }), {
    title: 'Getting started',
    sidebarTitle: 'Start',
    hidden: false,
    data: { title: 'Getting started', sidebarTitle: 'Start', description: 'First steps.' },
    diagnostics: [],
  });
  assert.deepEqual(await readPageMeta({ root: metaSite, page: pageFile('index') }), {
    title: 'Introduction',
    hidden: false,
    data: {},
    diagnostics: [],
  });
  assert.deepEqual(await readPageMeta({ root: metaSite, page: pageFile('guides/index') }), {
    title: 'Guides',
    sidebarTitle: 'Overview',
    hidden: false,
    data: { sidebarTitle: 'Overview' },
    diagnostics: [],
  });
});

test('readPageMeta keeps a numeric title as written and honours hidden', async () => {
  assert.deepEqual(await readPageMeta({ root: metaSite, page: pageFile('guides/release_notes', '.md') }), {
    title: '1.10',
    hidden: true,
    data: { title: 1.1, hidden: true },
    diagnostics: [],
  });
});

test('readPageMeta reports an unreadable page and still gives a title', async () => {
  const meta = await readPageMeta({ root: metaSite, page: pageFile('guides/missing') });
  assert.deepEqual(
    { ...meta, diagnostics: meta.diagnostics.map(({ severity, code, file: where }) => ({ severity, code, file: where })) },
    {
      title: 'Missing',
      hidden: false,
      data: {},
      diagnostics: [{ severity: 'error', code: 'page-unreadable', file: 'guides/missing.mdx' }],
    },
  );
});

test('readPageMeta on a named pipe reports it unreadable instead of waiting for a writer', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'docjet-meta-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  execFileSync('mkfifo', [path.join(root, 'pipe.mdx')]);
  const meta = await readPageMeta({ root, page: pageFile('pipe') });
  assert.equal(meta.title, 'Pipe');
  assert.deepEqual(
    meta.diagnostics.map((d) => d.code),
    ['page-unreadable'],
  );
});

test('readPageMeta reads frontmatter longer than one read', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'docjet-meta-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const description = 'é'.repeat(30_000); // two bytes each: the block spans several reads
  await writeFile(path.join(root, 'long.mdx'), `---\ndescription: ${description}\ntitle: Long\n---\n${'body\n'.repeat(10_000)}`);
  const meta = await readPageMeta({ root, page: pageFile('long') });
  assert.equal(meta.title, 'Long');
  assert.equal(meta.data['description'], description);
  assert.deepEqual(meta.diagnostics, []);
});

test('readAllPageMeta reads every page, in the order given', async () => {
  const pages = [pageFile('index'), pageFile('guides/index'), pageFile('guides/getting-started'), pageFile('guides/release_notes', '.md'), pageFile('api_reference/list_users')];
  {
    const { meta, diagnostics } = await readAllPageMeta({ root: metaSite, pages });
    assert.deepEqual(
      [...meta].map(([id, m]) => [id, m.title, m.sidebarTitle, m.hidden]),
      [
        ['index', 'Introduction', undefined, false],
        ['guides/index', 'Guides', 'Overview', false],
        ['guides/getting-started', 'Getting started', 'Start', false],
        ['guides/release_notes', '1.10', undefined, true],
        ['api_reference/list_users', 'List users', undefined, false],
      ],
    );
    assert.deepEqual(
      diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`),
      ['api_reference/list_users.mdx:3:25 error frontmatter-syntax'],
    );
  }
});

test('readPageMeta types the frontmatter: a value of the wrong type is a warning at its line and column, and is ignored', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'docjet-meta-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const text = [
    '---',
    'title: Typed',
    'hidden: "yes"',
    'noindex: "true"',
    'keywords: [setup, 2]',
    "'og:image': [a.png]",
    'description:',
    'custom: { any: [thing] }',
    '---',
    'Body',
  ].join('\n');
  await writeFile(path.join(root, 'typed.mdx'), text);
  const meta = await readPageMeta({ root, page: pageFile('typed') });
  assert.deepEqual(
    { title: meta.title, hidden: meta.hidden, data: meta.data },
    // Unknown keys as written; wrong values left out; an empty value is no value, without a warning.
    { title: 'Typed', hidden: false, data: { title: 'Typed', custom: { any: ['thing'] } } },
  );
  assert.deepEqual(
    meta.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}. ${d.fix}`),
    [
      'typed.mdx:3:9 warning frontmatter-type: the frontmatter `hidden` is "yes", but it must be true or false; it is ignored. Write `hidden: true`, or remove it.',
      'typed.mdx:4:10 warning frontmatter-type: the frontmatter `noindex` is "true", but it must be true or false; it is ignored. Write `noindex: true`, or remove it.',
      'typed.mdx:5:11 warning frontmatter-type: the frontmatter `keywords` is a list holding 2, but it must be a list of text; it is ignored. Write `keywords: ["one", "two"]`, or remove it.',
      'typed.mdx:6:13 warning frontmatter-type: the frontmatter `og:image` is a list, but it must be text; it is ignored. Write `og:image: "…"`, or remove it.',
    ],
  );
});

test('readPageMeta keeps what has always been read: hidden: "true" hides, a numeric title is text', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'docjet-meta-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'kept.mdx'), '---\ntitle: 2.10\nhidden: "true"\nboost: 2\nplayground: simple\n---\n');
  const meta = await readPageMeta({ root, page: pageFile('kept') });
  assert.deepEqual(meta, {
    title: '2.10',
    hidden: true,
    data: { title: 2.1, hidden: 'true', boost: 2, playground: 'simple' },
    diagnostics: [],
  });
});

test('locateBody finds the body where readFrontmatter does, without parsing the YAML', () => {
  const texts = [
    '---\ntitle: A\n---\nBody',
    '\uFEFF---\r\ntitle: A\r\n---\r\n\r\nBody',
    '\n\n---\ntitle: A\n---\nBody',
    '---\ntitle: [unclosed\n---\nBody',
    '---\nnever closed\n',
    '# No block\n\n---\n',
    '\uFEFFNo block',
    '',
  ];
  for (const text of texts) {
    const { bodyStart, bodyLine } = readFrontmatter({ file, text });
    assert.deepEqual(locateBody(text), { bodyStart, bodyLine }, JSON.stringify(text));
  }
});

test('a YAML error left open at the end of the block is placed on its own line, not on the closing ---', () => {
  const places = (text: string) => readFrontmatter({ file, text }).diagnostics.map(({ code, line, column }) => `${code} ${line}:${column}`);
  assert.deepEqual(places('---\ntitle: [unclosed\n---\n\nBody\n'), ['frontmatter-syntax 2:8']);
  assert.deepEqual(places('\n---\ntitle: A\ndescription: "open\n\n---\nBody\n'), ['frontmatter-leading-blank 1:1', 'frontmatter-syntax 4:14']);
});
