/**
 * Anchors of titled components and headings by the hosted product's rule (`@mintlify/common`
 * 1.0.1211 `remarkComponentIds`, issue 31): Accordion and View titles through
 * `@sindresorhus/slugify` (transliterated, `&` → "and"), Tab titles through the heading rule with a
 * count of their own, and only `#` to `####` headings, none on a `mode: custom` page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ComponentIds, componentSlug } from '../../src/content/mdx/headings.ts';
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
