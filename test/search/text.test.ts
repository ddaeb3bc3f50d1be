/**
 * A page's words as search reads them from its source (src/search/text.ts): sections at headings,
 * with the ids the renderer gives them; what a reader sees kept, markup dropped.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSections } from '../../src/search/text.ts';

test('sections split at headings, with the anchors the renderer writes (custom ids, repeats numbered)', () => {
  const source = [
    'Intro with a [link](/x) and **bold** text.',
    '',
    '## Set up `docjet` {#setup}',
    'First step.',
    '## Details',
    'Some.',
    '### Details',
    'More.',
    '# Heading with #hash',
    '## The _config_ file',
    'Keep snake_case.',
  ].join('\n');
  assert.deepEqual(pageSections(source, 'mdx'), [
    { text: 'Intro with a link and bold text.' },
    { heading: { id: 'setup', text: 'Set up docjet', depth: 2 }, text: 'First step.' },
    { heading: { id: 'details', text: 'Details', depth: 2 }, text: 'Some.' },
    { heading: { id: 'details-2', text: 'Details', depth: 3 }, text: 'More.' },
    { heading: { id: 'heading-with-#hash', text: 'Heading with #hash', depth: 1 }, text: '' },
    { heading: { id: 'the-config-file', text: 'The config file', depth: 2 }, text: 'Keep snake_case.' },
  ]);
});

test('components keep their text and the titles a reader sees; Steps with titleSize and Update are headings', () => {
  const source = [
    "import { Chart } from '/snippets/chart.mdx';",
    'export const answer = { value: 42 };',
    '',
    '<Card',
    '  title="Quick start"',
    '  href="/start"',
    '>',
    '  Begin here.',
    '</Card>',
    '{/* a comment */}',
    '<!-- an HTML comment -->',
    '<Steps>',
    '  <Step title="Install it" titleSize="h3">Run the installer.</Step>',
    '  <Step title="Plain step">Not a heading.</Step>',
    '</Steps>',
    '<Update label="2024-05-01" description="May release">',
    'Fixed things.',
    '</Update>',
  ].join('\n');
  assert.deepEqual(pageSections(source, 'mdx'), [
    { text: 'Quick start Begin here.' },
    { heading: { id: 'install-it', text: 'Install it', depth: 3 }, text: 'Run the installer. Plain step Not a heading.' },
    { heading: { id: '2024-05-01', text: '2024-05-01', depth: 2 }, text: 'Fixed things.' },
  ]);
});

test('code blocks are kept as text, and a # inside them starts no section', () => {
  const source = ['Run this:', '', '```bash', '# not a heading', 'npm install docjet', '```', '', '| Key | Value |', '| --- | --- |', '| port | 3000 |'].join('\n');
  assert.deepEqual(pageSections(source, 'md'), [{ text: 'Run this: # not a heading npm install docjet Key Value port 3000' }]);
});

test('Markdown files keep a heading indented four spaces as text (it is code there)', () => {
  assert.deepEqual(pageSections('    ## not a heading\n\n## Real', 'md'), [{ text: '## not a heading' }, { heading: { id: 'real', text: 'Real', depth: 2 }, text: '' }]);
});

test('only h1–h4 start a section, as only they are anchors; a custom page has none (issue 31)', () => {
  const source = ['## Details', 'Some.', '##### Details', 'Fine print.', '## Details', 'More.'].join('\n');
  assert.deepEqual(pageSections(source, 'mdx'), [
    { heading: { id: 'details', text: 'Details', depth: 2 }, text: 'Some. Details Fine print.' },
    { heading: { id: 'details-2', text: 'Details', depth: 2 }, text: 'More.' },
  ]);
  assert.deepEqual(pageSections('Intro.\n\n## Hero\nWords.', 'md', { headingAnchors: false }), [{ text: 'Intro. Hero Words.' }]);
});

test('component headings as the renderer anchors them (issue 31): titles read as Markdown, none from a template or an expression label, none at h4, counted apart from Markdown headings', () => {
  const sections = pageSections(
    [
      '<Steps>',
      '  <Step title="**Install** it" titleSize="h2">First.</Step>',
      '  <Step title={`Later`} titleSize="h2">Second.</Step>',
      '  <Step title="Small" titleSize="h4">Third.</Step>',
      '  <Step title={"Install"} titleSize="h3">Fourth.</Step>',
      '</Steps>',
      '',
      '<Update label={"v1"}>',
      '  Fifth.',
      '</Update>',
      '',
      '## Install',
      '',
      '## Install',
    ].join('\n'),
    'mdx',
  );
  // The renderer's ids for this page (test/content/component-ids.test.ts: @mintlify/common 1.0.1211's).
  assert.deepEqual(
    sections.map((section) => section.heading && [section.heading.id, section.heading.text]),
    [
      ['install-it', 'Install it'],
      ['install', 'Install'],
      ['install-2', 'Install'],
      ['install-2-2', 'Install'],
    ],
  );
});

test("an <h2> written on a line of its own starts a section with the renderer's id; inside a line it is text (issue 31)", () => {
  const source = [
    '<h2>Plain h2</h2>',
    '',
    '<h2 id="My Id!" className="x">Plain h2</h2>',
    '',
    '<h3>Use `code` {"x"}</h3>',
    '',
    '## Plain h2',
    '',
    'Text with <h2>inline</h2> words.',
  ].join('\n');
  // The renderer's ids (test/content/component-ids.test.ts, as @mintlify/common 1.0.1211 gives them).
  assert.deepEqual(
    pageSections(source, 'mdx').map((section) => section.heading?.id),
    ['plain-h2', 'My Id', 'use-code', 'plain-h2-2'],
  );
  assert.deepEqual(
    pageSections(source, 'mdx', { headingAnchors: false }).map((section) => section.heading?.id),
    [undefined],
  );
});
