/**
 * An MDX body is one hast tree written once (issue 10): components build hast, values carry it,
 * and the page reads byte for byte as it did when components wrote strings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'hast';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { fragmentHtml } from '../../src/content/mdx/serialize.ts';

function html(text: string): string {
  return renderMarkdown({ file: 'page.mdx', text, format: 'mdx' }).html;
}

test("components escape their props as they always have; the page's own text keeps hast-util-to-html's references", () => {
  assert.equal(
    html(`Tom's & Jerry's\n\n<Card title="Tom's & Jerry's" href="/a?b=1&c=2">x</Card>`),
    `<p>Tom's &#x26; Jerry's</p>\n<a class="card" href="/a?b=1&amp;c=2"><span class="card-title">Tom&#39;s &amp; Jerry&#39;s</span><div class="card-body">x</div></a>`,
  );
});

test('what a component shows in place of its children is written as one block, without line breaks of its own around it', () => {
  assert.equal(html('a\n\n<Visibility for="humans">\n\nb\n\nc\n\n</Visibility>\n\nd'), '<p>a</p>\n<p>b</p>\n<p>c</p>\n<p>d</p>');
  assert.equal(html('a\n\n<Visibility for="agents">\n\nb\n\n</Visibility>\n\nd'), '<p>a</p>\n\n<p>d</p>');
});

test('a heading made of JSX is listed by the text of what it renders', () => {
  const result = renderMarkdown({ file: 'page.mdx', text: 'export const team = <>{"R&D"} <b>{"<core>"}</b></>\n\n## {team} notes', format: 'mdx' });
  assert.deepEqual(
    result.headings.map((heading) => heading.text),
    ['R&D <core> notes'],
  );
  assert.equal(result.html, '<h2 id="r&#x26;d-&#x3C;core&#x3E;-notes">R&#x26;D <b>&#x3C;core></b> notes</h2>');
});

test('a void element has no end tag, unless it was given content, as hast-util-to-html writes it', () => {
  const img = (children: Element['children']): Element => ({ type: 'element', tagName: 'img', properties: { src: 'a.png' }, children });
  assert.equal(fragmentHtml(img([])), '<img src="a.png">');
  assert.equal(
    fragmentHtml(
      img([
        { type: 'text', value: '' },
        { type: 'text', value: '' },
      ]),
    ),
    '<img src="a.png">',
  );
  assert.equal(fragmentHtml(img([{ type: 'text', value: 'x' }])), '<img src="a.png">x</img>');
});
