/**
 * `{expressions}` in pages: JSX that an expression returns renders as HTML wherever the expression
 * stands, loose equality is JavaScript's, and what the evaluator cannot compute is never dropped
 * without a warning at its line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown, type RenderResult } from '../../src/content/mdx/index.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';
import { fileURLToPath } from 'node:url';

const file = 'guides/page.mdx';

function render(text: string): RenderResult {
  return renderMarkdown({ file, text, format: 'mdx' });
}

const linked = createPageRenderer({ root: fileURLToPath(new URL('../fixtures/snippets/site/', import.meta.url)) });

function renderLinked(text: string): RenderResult {
  return linked.render({ file, text, format: 'mdx' });
}

function problems(result: RenderResult): string[] {
  return result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`);
}

test('JSX returned by `.map` inside an HTML element renders as its children', () => {
  const result = render("export const items = ['a', '<b>']\n\n<ul>\n  {items.map(i => <li>{i}</li>)}\n</ul>\n");
  assert.equal(result.html, '<ul><li>a</li><li>&#x3C;b></li></ul>');
  assert.deepEqual(result.diagnostics, []);
});

test('JSX values in text: elements, fragments, nested lists and strings mixed in, text escaped', () => {
  const result = render("export const items = ['x', 'y']\n\nSee {items.map(i => <b>{i}</b>)}, {[<i>a</i>, ' & ', ['c', [<>d</>]], 2, null, false]}.\n");
  assert.equal(result.html, '<p>See <b>x</b><b>y</b>, <i>a</i> &#x26; cd2.</p>');
  assert.deepEqual(result.diagnostics, []);
});

test('components returned by `.map` inside a component render, and the component sees them as its children', () => {
  const page = [
    "export const cards = [{ title: 'One', href: '/one', text: 'First' }, { title: 'Two', href: '/two', text: 'Second' }]",
    "export const tabs = [{ title: 'npm', body: 'npm i' }, { title: 'yarn', body: 'yarn add' }]",
    '',
    '<CardGroup cols={2}>',
    '  {cards.map(c => <Card title={c.title} href={c.href}>{c.text}</Card>)}',
    '</CardGroup>',
    '',
    '<Tabs>',
    '  {tabs.map(t => <Tab title={t.title}>{t.body}</Tab>)}',
    '</Tabs>',
    '',
  ].join('\n');
  const result = renderLinked(page);
  const expected = renderLinked(
    [
      '<CardGroup cols={2}>',
      '  <Card title="One" href="/one">First</Card>',
      '  <Card title="Two" href="/two">Second</Card>',
      '</CardGroup>',
      '',
      '<Tabs>',
      '  <Tab title="npm">npm i</Tab>',
      '  <Tab title="yarn">yarn add</Tab>',
      '</Tabs>',
      '',
    ].join('\n'),
  );
  assert.match(result.html, /<a[^>]* href="\/one"[\s\S]*First[\s\S]*href="\/two"[\s\S]*Second/);
  assert.match(result.html, /role="tablist"[\s\S]*>npm(<\/span>)?<\/button>[\s\S]*>yarn(<\/span>)?<\/button>/);
  // Written out or built by `.map`, the same cards and tabs (children written in text are wrapped in `<p>`),
  // but tabs made by code have no anchor: the hosted product gives ids to the Tabs its page tree holds only.
  assert.ok(!/<span id=/.test(result.html), result.html);
  const anchorless = (html: string) => html.replace(/<span id="[^"]*">([^<]*)<\/span>/g, '$1').replace(/<\/?p>|\n/g, '');
  assert.equal(anchorless(result.html), anchorless(expected.html));
  assert.deepEqual(result.diagnostics, []);
});

test('JSX values in attributes of components and in JSX children inside expressions', () => {
  const result = renderLinked("export const parts = ['a', 'b']\n\n<Note title={[<b>T</b>, ' & more']}>x</Note>\n\n{<div>{parts.map(p => <span>{p}</span>)}</div>}\n");
  assert.match(result.html, /<p class="callout-title"><b>T<\/b> &amp; more<\/p>/);
  assert.match(result.html, /<div><span>a<\/span><span>b<\/span><\/div>/);
  assert.deepEqual(result.diagnostics, []);
});

test("loose equality and inequality are JavaScript's", () => {
  const result = render(
    "export const n = 1\n\n{n == '1' ? 'yes' : 'no'} {null == 0 ? 'yes' : 'no'} {undefined == null ? 'yes' : 'no'} {'' == 0 ? 'yes' : 'no'} {true == 1 ? 'yes' : 'no'} {[1,2] == '1,2' ? 'yes' : 'no'} {n != '2' ? 'yes' : 'no'} {NaN == NaN ? 'yes' : 'no'}\n",
  );
  assert.equal(result.html, '<p>yes no yes yes yes yes yes no</p>');
  assert.deepEqual(result.diagnostics, []);
});

test('an object in text is shown as written with a warning, never as nothing', () => {
  const result = render('export const config = { a: 1 }\n\nValue: {config}\n');
  assert.equal(result.html, '<p>Value: {config}</p>');
  assert.deepEqual(problems(result), ['warning mdx-expression-unsupported 3:8']);
  assert.equal(result.diagnostics[0]?.message, '`{config}` is an object, which JSX cannot show (React stops with an error); docjet shows the expression as written');
});

test('what a function inside a page expression cannot compute is reported at its line', () => {
  const result = render("export const items = ['a']\n\n<ul>\n  {items.map(i => <li>{i}{fetch(i)}</li>)}\n</ul>\n");
  assert.equal(result.html, '<ul><li>a</li></ul>');
  assert.deepEqual(problems(result), ['warning component-partial 4:27']);
  assert.equal(
    result.diagnostics[0]?.message,
    '`{items.map(i => <li>{i}{fetch(i)}</li>)}` needs JavaScript that docjet does not run (a call to `fetch`); the page shows what it renders without that',
  );
});

test('a spread attribute that is not an object is reported, not dropped silently', () => {
  const result = render("export const name = 'x'\n\n{<div {...name}>a</div>}\n");
  assert.equal(result.html, '{&#x3C;div {...name}>a&#x3C;/div>}');
  assert.deepEqual(problems(result), ['warning mdx-expression-unsupported 3:1']);
});

test("what a page's `export const` needs and docjet does not run is reported at its line", () => {
  const result = renderLinked("export const items = ['a']\nexport const badges = items.map(i => <b>{i}{fetch(i)}</b>)\n\n{badges}\n");
  assert.equal(result.html, '<b>a</b>');
  assert.deepEqual(problems(result), ['warning component-partial 2:45']);
  assert.equal(result.diagnostics[0]?.message, 'an `export` of this page needs JavaScript that docjet does not run (a call to `fetch`); its value is computed without that');
});

test('an imported value docjet cannot compute is shown as written with a warning, not as an empty element', () => {
  const result = renderLinked("import { client } from '/snippets/opaque.jsx'\n\nThe client: {client}.\n");
  assert.equal(result.html, '<p>The client: {client}.</p>');
  assert.deepEqual(problems(result), ['warning mdx-expression-unsupported 3:13']);
  assert.equal(result.diagnostics[0]?.message, '`{client}` uses `client`, imported from `/snippets/opaque.jsx`, which has no value docjet can show, so it is shown as written');
});
