/**
 * The built-in components' HTML, written out (golden snippets), and escaping of everything a page
 * puts into a component. Shapes follow format-behaviour.md §3.1; the HTML is semantic and works
 * without JavaScript: callouts are `<aside role="note">`, disclosures `<details>`, tabs ARIA tabs
 * whose first panel shows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COPY_BUTTON } from '../../src/content/mdx/code.ts';
import { element, textNode } from '../../src/content/mdx/components/hast.ts';
import { defaultComponents, escapeHtml, renderMarkdown, type Component } from '../../src/content/mdx/index.ts';

function html(text: string): string {
  const result = renderMarkdown({ file: 'components.mdx', text, format: 'mdx' });
  assert.deepEqual(result.diagnostics, [], text);
  return result.html;
}

test('callouts: Note, Info, Tip, Warning, Check, Danger, and the custom Callout', () => {
  assert.equal(html('<Note>Read this.</Note>'), '<aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body">Read this.</div></aside>');
  assert.equal(
    html('<Warning title="Careful" icon="triangle">\n  Deleting is **final**.\n</Warning>'),
    '<aside class="callout callout-warning" role="note" aria-label="Careful"><span class="icon" data-icon="triangle" aria-hidden="true"></span>' +
      '<div class="callout-body"><p class="callout-title">Careful</p><p>Deleting is <strong>final</strong>.</p></div></aside>',
  );
  for (const name of ['Info', 'Tip', 'Check', 'Danger']) {
    assert.equal(html(`<${name}>x</${name}>`), `<aside class="callout callout-${name.toLowerCase()}" role="note" aria-label="${name}"><div class="callout-body">x</div></aside>`);
  }
  assert.equal(
    html('<Callout icon="key" color="#FFC107">Custom</Callout>'),
    '<aside class="callout callout-custom" role="note" aria-label="Note" style="--callout-color:#FFC107"><span class="icon" data-icon="key" aria-hidden="true"></span><div class="callout-body">Custom</div></aside>',
  );
});

test('Card: a link when it has an href, a box otherwise; CardGroup and Columns are grids', () => {
  assert.equal(
    html('<Card title="Quickstart" icon="rocket" href="/quickstart">\n  Start in five minutes.\n</Card>'),
    '<a class="card" href="/quickstart"><span class="icon" data-icon="rocket" aria-hidden="true"></span><span class="card-title">Quickstart</span><div class="card-body"><p>Start in five minutes.</p></div></a>',
  );
  assert.equal(
    html('<Card title="Static" horizontal img="/i.png" cta="Read">Body</Card>'),
    '<div class="card card-horizontal"><img class="card-image" src="/i.png" alt=""><span class="card-title">Static</span><div class="card-body">Body</div><span class="card-cta">Read</span></div>',
  );
  assert.equal(
    html('<CardGroup cols={3}>\n  <Card title="A" />\n  <Card title="B" />\n</CardGroup>'),
    '<div class="card-group" data-cols="3" style="--cols:3"><div class="card"><span class="card-title">A</span></div>\n<div class="card"><span class="card-title">B</span></div></div>',
  );
  assert.equal(
    html('<Columns cols={2}>\n  <Column>one</Column>\n  <Column>two</Column>\n</Columns>'),
    '<div class="columns" data-cols="2" style="--cols:2"><div class="column">one</div>\n<div class="column">two</div></div>',
  );
  // `cols` is clamped to the 1–4 the format allows.
  assert.ok(html('<Columns cols="9">x</Columns>').startsWith('<div class="columns" data-cols="4" style="--cols:4">'));
});

test("Tabs: ARIA tabs; without JavaScript the first panel shows and the others are hidden; a titled tab's button has its anchor", () => {
  assert.equal(
    html('<Tabs>\n  <Tab title="npm">\n    ```bash\n    npm i x\n    ```\n  </Tab>\n  <Tab title="yarn" icon="yarn">\n    yarn add x\n  </Tab>\n</Tabs>'),
    '<div class="tabs"><div role="tablist">' +
      '<button type="button" role="tab" id="dj-tabs-1-tab-1" aria-controls="dj-tabs-1-panel-1" aria-selected="true" tabindex="0"><span id="npm">npm</span></button>' +
      '<button type="button" role="tab" id="dj-tabs-1-tab-2" aria-controls="dj-tabs-1-panel-2" aria-selected="false" tabindex="-1"><span class="icon" data-icon="yarn" aria-hidden="true"></span><span id="yarn">yarn</span></button>' +
      '</div>' +
      '<div role="tabpanel" id="dj-tabs-1-panel-1" aria-labelledby="dj-tabs-1-tab-1" tabindex="0">' +
      `<figure class="code-block" data-language="bash">${COPY_BUTTON}<pre tabindex="0"><code class="language-bash"><span class="line">npm i x</span></code></pre></figure></div>` +
      '<div role="tabpanel" id="dj-tabs-1-panel-2" aria-labelledby="dj-tabs-1-tab-2" tabindex="0" hidden><p>yarn add x</p></div>' +
      '</div>',
  );
  // Tabs written on one line each, and a chosen default tab; ids stay unique across tab sets (a
  // repeated title is numbered, an untitled tab's button keeps the set's own id).
  const two = html('<Tabs>\n<Tab title="A">a</Tab>\n</Tabs>\n\n<Tabs defaultTabIndex={1}>\n<Tab>b</Tab>\n<Tab title="A">c</Tab>\n</Tabs>');
  assert.ok(two.includes('id="dj-tabs-2-tab-2" aria-controls="dj-tabs-2-panel-2" aria-selected="true" tabindex="0"><span id="a-2">A</span>'), two);
  assert.ok(two.includes('<div role="tabpanel" id="dj-tabs-2-panel-1" aria-labelledby="dj-tabs-2-tab-1" tabindex="0" hidden>b</div>'), two);
});

test("CodeGroup: tabs over code blocks, titled by each fence's meta", () => {
  assert.equal(
    html('<CodeGroup>\n```js index.js\nconsole.log(1)\n```\n\n```py main.py icon="python"\nprint(1)\n```\n</CodeGroup>'),
    '<div class="code-group"><div role="tablist">' +
      '<button type="button" role="tab" id="dj-tabs-1-tab-1" aria-controls="dj-tabs-1-panel-1" aria-selected="true" tabindex="0">index.js</button>' +
      '<button type="button" role="tab" id="dj-tabs-1-tab-2" aria-controls="dj-tabs-1-panel-2" aria-selected="false" tabindex="-1"><span class="icon" data-icon="python" aria-hidden="true"></span>main.py</button>' +
      '</div>' +
      '<div role="tabpanel" id="dj-tabs-1-panel-1" aria-labelledby="dj-tabs-1-tab-1" tabindex="0">' +
      // The tab names the block, so the block has no caption of its own.
      `<figure class="code-block" data-language="js">${COPY_BUTTON}<pre tabindex="0"><code class="language-js"><span class="line">console.log(1)</span></code></pre></figure></div>` +
      '<div role="tabpanel" id="dj-tabs-1-panel-2" aria-labelledby="dj-tabs-1-tab-2" tabindex="0" hidden>' +
      `<figure class="code-block" data-language="py">${COPY_BUTTON}<pre tabindex="0"><code class="language-py"><span class="line">print(1)</span></code></pre></figure></div>` +
      '</div>',
  );
  // Untitled blocks are named by their language.
  assert.ok(html('<CodeGroup>\n```bash\nls\n```\n</CodeGroup>').includes('aria-selected="true" tabindex="0">bash</button>'));
});

test('AccordionGroup/Accordion and Expandable are <details>/<summary>', () => {
  assert.equal(
    html(
      '<AccordionGroup>\n  <Accordion title="Why?" description="Short answer" defaultOpen>\n    Because.\n  </Accordion>\n  <Accordion title="How?">By doing.</Accordion>\n</AccordionGroup>',
    ),
    '<div class="accordion-group">' +
      '<details class="accordion" id="why" open><summary><span class="accordion-title">Why?</span><span class="accordion-description">Short answer</span></summary><div class="accordion-content"><p>Because.</p></div></details>\n' +
      '<details class="accordion" id="how"><summary><span class="accordion-title">How?</span></summary><div class="accordion-content">By doing.</div></details>' +
      '</div>',
  );
  assert.equal(
    html('<Expandable title="properties">\n  <ResponseField name="id" type="string" required>The ID.</ResponseField>\n</Expandable>'),
    '<details class="expandable"><summary>Show properties</summary><div class="expandable-content">' +
      '<div class="field response-field" id="param-id"><div class="field-header"><code class="field-name">id</code><span class="field-type">string</span><span class="field-required">required</span></div><div class="field-description">The ID.</div></div>' +
      '</div></details>',
  );
});

test('Steps/Step are an ordered list', () => {
  assert.equal(
    html('<Steps>\n  <Step title="Install">\n    Run it.\n  </Step>\n  <Step title="Configure" stepNumber={5}>Edit.</Step>\n</Steps>'),
    '<ol class="steps"><li class="step"><p class="step-title">Install</p><div class="step-content"><p>Run it.</p></div></li>\n' +
      '<li class="step" value="5"><p class="step-title">Configure</p><div class="step-content">Edit.</div></li></ol>',
  );
  assert.equal(
    html('<Steps>\n<Step title="Deploy" titleSize="h3">x</Step>\n</Steps>'),
    '<ol class="steps"><li class="step"><h3 class="step-title" id="deploy">Deploy</h3><div class="step-content">x</div></li></ol>',
  );
});

test('ParamField (and Param) and ResponseField', () => {
  assert.equal(
    html('<ParamField query="limit" type="number" default={10} required>\n  How many.\n</ParamField>'),
    '<div class="field param-field" id="param-limit" data-location="query"><div class="field-header"><code class="field-name">limit</code><span class="field-location">query</span><span class="field-type">number</span><span class="field-required">required</span><span class="field-default">default: <code>10</code></span></div><div class="field-description"><p>How many.</p></div></div>',
  );
  assert.equal(
    html('<Param path="id" type="string" deprecated>ID</Param>'),
    '<div class="field param-field" id="param-id" data-location="path"><div class="field-header"><code class="field-name">id</code><span class="field-location">path</span><span class="field-type">string</span><span class="field-deprecated">deprecated</span></div><div class="field-description">ID</div></div>',
  );
});

test('Frame, Tile, Panel, Update', () => {
  assert.equal(
    html('<Frame caption="The dashboard" hint="Click to zoom">\n  <img src="/d.png" alt="Dashboard" />\n</Frame>'),
    '<figure class="frame"><p class="frame-hint">Click to zoom</p><img src="/d.png" alt="Dashboard"><figcaption>The dashboard</figcaption></figure>',
  );
  assert.equal(
    html('<Tile href="/components" title="Components" description="All of them">\n  <img src="/t.png" alt="" />\n</Tile>'),
    '<a class="tile" href="/components"><div class="tile-preview"><img src="/t.png" alt=""></div><span class="tile-title">Components</span><span class="tile-description">All of them</span></a>',
  );
  assert.equal(html('<Panel>\n  Side content\n</Panel>'), '<aside class="panel"><p>Side content</p></aside>');
  assert.equal(
    html('<Update label="2024-10-11" description="v1.2.0" tags={["Feature", "Fix"]}>\n  Shipped.\n</Update>'),
    '<section class="update" data-tags="Feature,Fix"><div class="update-meta"><h2 class="update-label" id="2024-10-11">2024-10-11</h2><p class="update-description">v1.2.0</p><ul class="update-tags"><li>Feature</li><li>Fix</li></ul></div><div class="update-content"><p>Shipped.</p></div></section>',
  );
});

test('inline components: Badge, Tooltip, Icon stay inside their paragraph', () => {
  assert.equal(
    html('New <Badge color="green" size="sm">Beta</Badge> and <Tooltip tip="Application Programming Interface" headline="API" cta="Learn" href="/api">API</Tooltip>.'),
    '<p>New <span class="badge badge-green" data-size="sm">Beta</span> and ' +
      '<span class="tooltip" tabindex="0" aria-describedby="dj-tooltip-1">API<span class="tooltip-content" role="tooltip" id="dj-tooltip-1"><strong class="tooltip-headline">API</strong> Application Programming Interface <a href="/api">Learn</a></span></span>.</p>',
  );
  assert.equal(
    html('An <Icon icon="rocket" size={20} color="#f00" /> icon.'),
    '<p>An <span class="icon" data-icon="rocket" style="--icon-color:#f00;--icon-size:20px" aria-hidden="true"></span> icon.</p>',
  );
  assert.equal(html('<Badge>Alone</Badge>'), '<p><span class="badge badge-gray">Alone</span></p>');
});

test('Tree, Tree.Folder, Tree.File are nested lists; folders open and close', () => {
  assert.equal(
    html('<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>'),
    '<ul class="tree"><li class="tree-folder"><details open><summary class="tree-name">app</summary><ul><li class="tree-file"><span class="tree-name">page.tsx</span></li></ul></details></li>\n' +
      '<li class="tree-file"><span class="tree-name">package.json</span></li></ul>',
  );
});

test('JSX in props: an inline SVG icon and a title with markup', () => {
  assert.equal(
    html('<Card title={<>Use <code>x</code></>} icon={<svg viewBox="0 0 2 2" strokeWidth={2}><path d="M0 0" /></svg>}>b</Card>'),
    '<div class="card"><span class="icon" aria-hidden="true"><svg viewBox="0 0 2 2" stroke-width="2"><path d="M0 0"></path></svg></span><span class="card-title">Use <code>x</code></span><div class="card-body">b</div></div>',
  );
});

test('escaping: text and attributes from the page cannot inject markup', () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  const card = renderMarkdown({ file: 'components.mdx', format: 'mdx', text: '<Card title="<script>alert(1)</script>" href="javascript:alert(1)" cta={"\\"><b>"}>x</Card>' });
  assert.deepEqual(
    card.diagnostics.map((d) => d.code),
    ['url-unsafe'],
  );
  assert.equal(
    card.html,
    '<div class="card"><span class="card-title">&lt;script&gt;alert(1)&lt;/script&gt;</span><div class="card-body">x</div><span class="card-cta">&quot;&gt;&lt;b&gt;</span></div>',
  );
  // Attribute values: quotes cannot close the attribute; unsafe URLs and colours are dropped.
  assert.equal(
    html('<Callout title={"x\\" onmouseover=\\"alert(1)"} color="red;background:url(x)">y</Callout>'),
    '<aside class="callout callout-custom" role="note" aria-label="x&quot; onmouseover=&quot;alert(1)"><div class="callout-body"><p class="callout-title">x&quot; onmouseover=&quot;alert(1)</p>y</div></aside>',
  );
  assert.ok(html('<Tabs>\n<Tab title="<img src=x onerror=alert(1)>">t</Tab>\n</Tabs>').includes('>&lt;img src=x onerror=alert(1)&gt;</span></button>'));
  assert.ok(html('<Badge color="red&quot;><script>">b</Badge>').startsWith('<p><span class="badge badge-gray">'));
  const tile = renderMarkdown({ file: 'components.mdx', format: 'mdx', text: '<Tile href=" JaVa\tScRiPt:alert(1)" title="t">x</Tile>' });
  assert.ok(tile.html.startsWith('<div class="tile">'));
  assert.deepEqual(
    tile.diagnostics.map((d) => d.code),
    ['url-unsafe'],
  );
  assert.ok(
    html('```js title="<b>"\nx\n```').startsWith(
      '<figure class="code-block" data-language="js"><figcaption class="code-title"><span class="code-title-text">&lt;b&gt;</span></figcaption>',
    ),
  );
});

test('a registry can add and replace components; they get props, children and context', () => {
  const seen: string[] = [];
  const Greeting: Component = (props, children, context) => {
    seen.push(`${context.file} inline=${context.inline} children=${context.children.map((child) => child.kind).join(',')}`);
    return [element('p', { className: 'greeting' }, [textNode(`${String(props['name'])}: `), ...children])];
  };
  const result = renderMarkdown({
    file: 'custom.mdx',
    text: '<Greeting name="Ada" count={2}>\n  Hi\n\n  ```sh\n  x\n  ```\n</Greeting>\n\n<Note>n</Note>',
    format: 'mdx',
    components: { ...defaultComponents, Greeting, Note: () => [element('b', {}, [textNode('replaced')])] },
  });
  assert.equal(
    result.html,
    `<p class="greeting">Ada: <p>Hi</p>\n<figure class="code-block" data-language="sh">${COPY_BUTTON}<pre tabindex="0"><code class="language-sh"><span class="line">x</span></code></pre></figure></p>\n<b>replaced</b>`,
  );
  assert.deepEqual(seen, ['custom.mdx inline=false children=other,code']);
});

test('a component that throws is an error, and its children still show', () => {
  const result = renderMarkdown({
    file: 'p.mdx',
    text: 'a\n\n<Boom>\n  kept\n</Boom>\n',
    format: 'mdx',
    components: {
      Boom: () => {
        throw new Error('kaput');
      },
    },
  });
  assert.equal(result.html, '<p>a</p>\n<div data-component="Boom"><p>kept</p></div>');
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column} ${d.message}`),
    ['error component-failed 3:1 the `<Boom>` component failed (kaput); its children are shown without it'],
  );
});
