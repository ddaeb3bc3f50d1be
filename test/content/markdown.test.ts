/**
 * The Markdown version of a page (src/content/markdown): every component the HTML renderer knows
 * written as readable Markdown, snippets inlined with their props, expressions evaluated as the
 * HTML shows them, components written as functions called, and the text escaped only where
 * Markdown would read it otherwise.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createMarkdownConverter, markdownPath } from '../../src/content/markdown/index.ts';
import { markdownComponents } from '../../src/content/markdown/components.ts';
import { defaultComponents } from '../../src/content/mdx/components/index.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-markdown-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'snippets'));
writeFileSync(path.join(root, 'snippets', 'greeting.mdx'), 'export const product = "Harbor";\n\nHello **{name}**, welcome to {product}.\n');
writeFileSync(path.join(root, 'snippets', 'legacy.mdx'), 'From the legacy include, for {who}.\n');
writeFileSync(path.join(root, 'snippets', 'wrapper.mdx'), '<Note>{children}</Note>\n');

const converter = createMarkdownConverter({ root });

/** The Markdown of a page body (no title), without its final line break. */
function md(body: string, format: 'mdx' | 'md' = 'mdx'): string {
  return converter.page({ file: 'page.mdx', text: body, format }).trimEnd();
}

test('every component of the HTML registry has a Markdown writer', () => {
  assert.deepEqual(Object.keys(markdownComponents).sort(), Object.keys(defaultComponents).sort());
});

test('the title and description come first', () => {
  const text = converter.page({ file: 'page.mdx', text: 'Body.\n', format: 'mdx', title: 'Install', description: 'How to install Harbor.' });
  assert.equal(text, '# Install\n\nHow to install Harbor.\n\nBody.\n');
});

test('a page Markdown file sits beside its folder; home is index.md', () => {
  assert.deepEqual([markdownPath(''), markdownPath('guides/install')], ['index.md', 'guides/install.md']);
});

describe('callouts are blockquotes that name their kind', () => {
  for (const [name, label] of [
    ['Note', 'Note'],
    ['Info', 'Info'],
    ['Tip', 'Tip'],
    ['Warning', 'Warning'],
    ['Check', 'Check'],
    ['Danger', 'Danger'],
    ['Callout', 'Note'],
  ]) {
    test(`<${name}>`, () => {
      assert.equal(md(`<${name}>Mind the *gap*.</${name}>`), `> **${label}:** Mind the *gap*.`);
    });
  }
  test('a title goes on a line of its own, more paragraphs follow', () => {
    assert.equal(md('<Warning title="Careful">\n  First.\n\n  Second.\n</Warning>'), '> **Warning: Careful**\n>\n> First.\n>\n> Second.');
  });
});

test('<Tabs> and <Tab>: a heading per tab, one below the section', () => {
  const body = '## Install\n\n<Tabs>\n  <Tab title="npm">\n    ```bash\n    npm i harbor\n    ```\n  </Tab>\n  <Tab title="yarn">Use yarn.</Tab>\n</Tabs>';
  assert.equal(md(body), '## Install\n\n### npm\n\n```bash\nnpm i harbor\n```\n\n### yarn\n\nUse yarn.');
});

describe('code groups: a heading per block, titled by its file name or language', () => {
  for (const name of ['CodeGroup', 'RequestExample', 'ResponseExample']) {
    test(`<${name}>`, () => {
      assert.equal(
        md(`<${name}>\n\n\`\`\`js index.js\nrun()\n\`\`\`\n\n\`\`\`python\nrun()\n\`\`\`\n\n</${name}>`),
        '## index.js\n\n```js index.js\nrun()\n```\n\n## python\n\n```python\nrun()\n```',
      );
    });
  }
});

describe('cards are links with their description', () => {
  test('<CardGroup> of <Card>s', () => {
    const body =
      '<CardGroup cols={2}>\n  <Card title="Quickstart" href="/quickstart" icon="rocket">Start here.</Card>\n  <Card title="Offline">Works without a network.</Card>\n</CardGroup>';
    assert.equal(md(body), '- [Quickstart](/quickstart): Start here.\n- **Offline**: Works without a network.');
  });
  test('<Columns> and <Column>', () => {
    assert.equal(md('<Columns cols={2}>\n  <Column>Left.</Column>\n  <Column>Right.</Column>\n</Columns>'), 'Left.\n\nRight.');
  });
  test('<Tile>', () => {
    assert.equal(md('<Tile href="/themes" title="Themes" description="Pick a look.">![Preview](/a.png)</Tile>'), '- [Themes](/themes): Pick a look.\n\n  ![Preview](/a.png)');
  });
  test('a card whose href would run code leads nowhere', () => {
    assert.equal(md('<Card title="Bad" href="javascript:alert(1)">Text.</Card>'), '- **Bad**: Text.');
  });
});

test('<Steps> and <Step>: a numbered list, titles in bold', () => {
  assert.equal(
    md('<Steps>\n  <Step title="Install">Run the installer.</Step>\n  <Step title="Run">Start it.</Step>\n</Steps>'),
    '1. **Install**\n\n   Run the installer.\n2. **Run**\n\n   Start it.',
  );
});

describe('accordions are sections', () => {
  test('<AccordionGroup> of <Accordion>s', () => {
    assert.equal(
      md('## FAQ\n\n<AccordionGroup>\n  <Accordion title="Is it free?" description="Pricing">Yes.</Accordion>\n</AccordionGroup>'),
      '## FAQ\n\n### Is it free?\n\nPricing\n\nYes.',
    );
  });
});

describe('API fields are list items with name, type, required and description', () => {
  test('<ParamField> with <Expandable> and <ResponseField> inside', () => {
    const body =
      '<ParamField query="limit" type="number" default={10} required>\n  How many.\n  <Expandable title="properties">\n    <ResponseField name="id" type="string" deprecated>The id.</ResponseField>\n  </Expandable>\n</ParamField>';
    assert.equal(md(body), '- `limit` (query, number, required, default: `10`): How many.\n\n  **Show properties**\n\n  - `id` (string, deprecated): The id.');
  });
  test('<Param> is <ParamField>; a type with brackets is code', () => {
    assert.equal(md('<Param body="tags" type="string[]">Labels.</Param>'), '- `tags` (body, `string[]`): Labels.');
  });
});

test('<Frame> and images: Markdown images, the caption in italics', () => {
  assert.equal(md('<Frame caption="The dashboard">\n  <img src="/images/dash.png" alt="Dashboard" />\n</Frame>'), '![Dashboard](/images/dash.png)\n\n*The dashboard*');
});

test('<Panel>, <Badge>, <Icon> and <Tooltip>', () => {
  assert.equal(md('<Panel>Side note.</Panel>'), 'Side note.');
  assert.equal(
    md('A <Badge color="green">beta</Badge> <Icon icon="flag" /> feature, see <Tooltip tip="Application Programming Interface">API</Tooltip>.'),
    'A beta  feature, see API (Application Programming Interface).',
  );
});

test('<Update>: a changelog entry under its label', () => {
  assert.equal(md('<Update label="2024-05-01" description="v1.2" tags={["Fix"]}>Fixed a crash.</Update>'), '## 2024-05-01\n\nv1.2\n\nTags: Fix\n\nFixed a crash.');
});

describe('file trees are nested lists', () => {
  for (const name of ['Tree', 'FileTree']) {
    test(`<${name}>`, () => {
      assert.equal(
        md(`<${name}>\n  <${name}.Folder name="src" defaultOpen>\n    <${name}.File name="index.ts" />\n  </${name}.Folder>\n  <${name}.File name="package.json" />\n</${name}>`),
        '- src/\n  - index.ts\n- package.json',
      );
    });
  }
});

test('<Mermaid> and <Latex>', () => {
  assert.equal(md('<Mermaid chart="graph TD; A-->B" />'), '```mermaid\ngraph TD; A-->B\n```');
  assert.equal(md('<Latex>\n  E = mc^2\n</Latex>'), '$$\nE = mc^2\n$$');
  assert.equal(md('Energy: <Latex>E = mc^2</Latex>.'), 'Energy: $E = mc^2$.');
});

test('<Visibility>: what is for agents shows, what is for humans does not', () => {
  assert.equal(md('<Visibility for="agents">For agents.</Visibility>\n\n<Visibility for="humans">For humans.</Visibility>'), 'For agents.');
});

test('<Prompt>: its description, then the prompt as a block to copy', () => {
  assert.equal(md('<Prompt description="Ask your assistant">Summarise this page.</Prompt>'), 'Ask your assistant\n\n```text\nSummarise this page.\n```');
});

test('<View>, <Link> and <Color>', () => {
  assert.equal(md('<View title="Python">Use pip.</View>'), '## Python\n\nUse pip.');
  assert.equal(md('See <Link href="/guide">the guide</Link>.'), 'See [the guide](/guide).');
  assert.equal(
    md(
      '<Color>\n  <Color.Row title="Brand">\n    <Color.Item name="Primary" value="#0e7c66" />\n    <Color.Item name="Surface" value={{ light: "#fff", dark: "#000" }} />\n  </Color.Row>\n</Color>',
    ),
    '## Brand\n\n- Primary: `#0e7c66`\n- Surface: `#fff` / `#000`',
  );
});

describe('snippets are inlined', () => {
  test('an imported snippet, its props and exports bound', () => {
    assert.equal(
      md("import Greeting from '/snippets/greeting.mdx';\nimport { product } from '/snippets/greeting.mdx';\n\n<Greeting name=\"Ada\" />\n\nBuilt with {product}."),
      'Hello **Ada**, welcome to Harbor.\n\nBuilt with Harbor.',
    );
  });
  test('<Snippet file> with its variables', () => {
    assert.equal(md('<Snippet file="legacy.mdx" who="readers" />'), 'From the legacy include, for readers.');
  });
  test('a snippet given children shows them where it says {children}', () => {
    assert.equal(md("import Wrapper from '/snippets/wrapper.mdx';\n\n<Wrapper>Wrapped *text*.</Wrapper>"), '> **Note:** Wrapped *text*.');
  });
  test('<Snippet> naming no file shows nothing', () => {
    assert.equal(md('Before.\n\n<Snippet file="missing.mdx" />\n\nAfter.'), 'Before.\n\nAfter.');
  });
});

describe('expressions are evaluated as the HTML renderer evaluates them', () => {
  test('values the page exports; names nothing defines stay as written; comments vanish', () => {
    assert.equal(
      md('export const count = 3;\n\nThere are {count} ports, {`and ${count * 2}`} docks, {unknownName}. {/* hidden */}'),
      'There are 3 ports, and 6 docks, {unknownName}.',
    );
  });
  test('JSX in an expression: built-in components as Markdown', () => {
    assert.equal(md('{["a", "b"].map((name) => <Card title={name} href={"/" + name} />)}'), '- [a](/a)\n- [b](/b)');
  });
  test('a component written as a function is called; the components in its JSX are Markdown too', () => {
    const body = 'export const Hero = ({ title, children }) => <div><h2>{title}</h2>{children}<Tip>From the hero.</Tip></div>;\n\n<Hero title="Welcome">Some *text*.</Hero>';
    assert.equal(md(body), '## Welcome\n\nSome *text*.\n\n> **Tip:** From the hero.');
  });
});

describe('Markdown of the page itself', () => {
  test('import and export lines go, headings lose their {#id}, HTML elements become Markdown', () => {
    const body =
      'import X from \'pkg\';\n\n## Setup {#setup}\n\n<p>A <strong>bold</strong> <a href="/x">link</a><br />next line.</p>\n\n<div>Inside a div.</div>\n\n<script>alert(1)</script>';
    assert.equal(md(body), '## Setup\n\nA **bold** [link](/x)\\\nnext line.\n\nInside a div.');
  });
  test('an unknown component shows its children', () => {
    assert.equal(md('<Unknown prop="x">Kept *child*.</Unknown>'), 'Kept *child*.');
  });
  test('tables, lists, code and math as GitHub writes them', () => {
    const body = '| Name | Port |\n| :--- | ---: |\n| web | 80 |\n\n- one\n- two\n  1. nested\n\n```ts title.ts\nconst a = 1;\n```\n\n$$\nx^2\n$$';
    assert.equal(md(body), '| Name | Port |\n| :-- | --: |\n| web | 80 |\n\n- one\n- two\n  1. nested\n\n```ts title.ts\nconst a = 1;\n```\n\n$$\nx^2\n$$');
  });
  test('prices are not formulas', () => {
    assert.equal(md('It costs $5 and $10.'), 'It costs $5 and $10.');
  });
  test('text is escaped only where Markdown would read it otherwise', () => {
    assert.equal(
      md('A literal \\*star\\*, a snake_case name, 2 < 3, and \\# not a heading.\n\n\\# Also not.'),
      'A literal \\*star\\*, a snake_case name, 2 < 3, and # not a heading.\n\n\\# Also not.',
    );
  });
  test('a javascript: link keeps its text only', () => {
    assert.equal(md('[click](javascript:alert(1))'), 'click');
  });
  test('a .md page keeps its raw HTML', () => {
    assert.equal(
      md('Text with <kbd>Ctrl</kbd>.\n\n<details><summary>More</summary>Hidden.</details>', 'md'),
      'Text with <kbd>Ctrl</kbd>.\n\n<details><summary>More</summary>Hidden.</details>',
    );
  });
  test('URLs are resolved with the page resolver, as in the HTML', () => {
    const text = converter.page({
      file: 'guides/page.mdx',
      text: '[Next](./next) ![Logo](../logo.png)',
      format: 'mdx',
      resolveUrl: (url) => `/docs/${url.replace(/^\.\.?\//, '')}`,
    });
    assert.equal(text.trimEnd(), '[Next](/docs/next) ![Logo](/docs/logo.png)');
  });
});
