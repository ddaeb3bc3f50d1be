/**
 * An endpoint page's Markdown twin (src/render/endpoint/markdown-page.ts) writes each description as the
 * Markdown it is. One-line descriptions with no Markdown in them skip the parser, and parsed ones
 * are shared between pages and with the page's HTML (`markdownTree`): none of it may change what
 * the twin says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toMarkdownText } from '../../src/content/markdown/index.ts';
import { parsePage } from '../../src/content/mdx/parse.ts';
import { endpointMarkdown, markdownBlocks } from '../../src/render/endpoint/markdown-page.ts';
import { parseOpenApi } from '../../src/openapi/load.ts';

/** A description's blocks as the Markdown parser reads them. */
function parsed(text: string): unknown {
  return withoutPositions(parsePage({ text, format: 'md', reporter: { diagnostic: () => undefined }, cache: false }).tree.children);
}

/** Nodes as data, without where they were in the text (the twin never writes positions). */
function withoutPositions(nodes: unknown): unknown {
  return JSON.parse(JSON.stringify(nodes, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

describe('endpoint Markdown descriptions', () => {
  it('reads a description as the Markdown parser does, whether or not it looks plain', () => {
    const texts = [
      'The name of the repository.',
      'Plain words, a colon: and a comma, then 42 and (brackets).',
      '200',
      '1. Create the key',
      '2) then this',
      '- a list item',
      '# A heading',
      '> a quote',
      '    indented code',
      '\tindented by a tab',
      ' one leading space',
      'one trailing space ',
      'has *emphasis*',
      'has `code`',
      'costs $5 or $6',
      'see https://example.com',
      'see www.example.com',
      'mail octocat@github.com',
      'Tom & Jerry',
      'a <b>tag</b>',
      'a | b',
      'line one\nline two',
      'ends with a backslash \\',
      '| a | b |\n| - | - |\n| 1 | ~~2~~ |',
      'a [link](https://example.com) and <https://example.org>, then a footnote[^1]\n\n[^1]: The note.',
      '- [ ] a task\n- [x] done',
    ];
    for (const text of texts) assert.deepEqual(withoutPositions(markdownBlocks(text)), parsed(text), JSON.stringify(text));
  });

  it('writes a description shared by two operations the same on both pages', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      components: {
        parameters: {
          owner: { name: 'owner', in: 'path', required: true, description: 'The account owner of the repository. The name is **not** case sensitive.', schema: { type: 'string' } },
        },
      },
      paths: {
        '/repos/{owner}': { get: { summary: 'Get a repository', parameters: [{ $ref: '#/components/parameters/owner' }], responses: { '200': { description: 'OK' } } } },
        '/repos/{owner}/pets': { get: { summary: 'List pets', parameters: [{ $ref: '#/components/parameters/owner' }], responses: { '200': { description: 'OK' } } } },
      },
    };
    const document = parseOpenApi({ file: 'pets.json', text: JSON.stringify(spec) }).document!;
    const pages = document.operations.map((operation) => toMarkdownText({ type: 'root', children: endpointMarkdown({ document, operation }) }));
    for (const page of pages) {
      assert.ok(page.includes('- `owner` (string, required): The account owner of the repository. The name is **not** case sensitive.\n'), page);
      assert.ok(page.includes('- `200`: OK\n'), page);
    }
  });
});
