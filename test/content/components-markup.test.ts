/**
 * The contract between the components' HTML (src/content/mdx/components/) and the browser assets
 * that style and drive it (assets/css/components.css, assets/css/prose.css,
 * assets/js/components.js): every class and attribute the assets name must be one the markup
 * writes, so renaming one side without the other fails here instead of silently unstyling pages.
 * The markup samples are the example site's component showcase (examples/components/), which
 * uses every component, plus the few props the showcase has no room for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const showcase = path.join(root, 'examples/components');

const EXTRA_SAMPLES = ['<Tab title="Alone">A tab outside a tab set.</Tab>', '<Badge color="white-destructive">a</Badge> <Badge color="surface-destructive">b</Badge>'].join('\n\n');

/** Classes that are in the page without coming from a component, and why. */
const ELSEWHERE: Record<string, string> = {
  prose: 'the shell wraps every page body in `<div class="prose">`',
  katex: "KaTeX's output for math",
  'katex-display': "KaTeX's output for display math",
  'math-display': 'display math as TeX source, where it is not typeset at build time',
  'view-title': 'optional: labels the view switch when the View markup provides it',
};

/** Attributes that scripts and libraries set in the browser, and why. */
const SET_IN_BROWSER: Record<string, string> = {
  'aria-pressed': 'the view switch (components.js)',
  'data-placement': 'tooltips flipped below (components.js)',
  'data-dismissed': 'tooltips closed with Escape (components.js)',
  'data-processed': 'mermaid, once a diagram is drawn',
  'data-theme': 'the shell script, for the colour scheme',
};

function renderShowcase(): { html: string; problems: string[] } {
  let html = '';
  const problems: string[] = [];
  for (const name of readdirSync(showcase)
    .filter((entry) => entry.endsWith('.mdx'))
    .sort()) {
    const file = `components/${name}`;
    const text = readFileSync(path.join(showcase, name), 'utf8');
    const frontmatter = readFrontmatter({ file, text });
    const result = renderMarkdown({ file, text: text.slice(frontmatter.bodyStart), format: 'mdx', line: frontmatter.bodyLine });
    html += result.html;
    for (const d of [...frontmatter.diagnostics, ...result.diagnostics]) {
      // `<Latex>` is the format's, and not implemented yet: its text shows, with this warning.
      if (d.code === 'mdx-unknown-component' && d.message.startsWith('`<Latex>`')) continue;
      problems.push(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
    }
  }
  html += renderMarkdown({ file: 'extra.mdx', text: EXTRA_SAMPLES, format: 'mdx' }).html;
  return { html, problems };
}

const { html, problems } = renderShowcase();
const written = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
const script = readFileSync(path.join(root, 'assets/js/components.js'), 'utf8');
const madeByScript = new Set([...script.matchAll(/className = '([^']+)'/g)].map((match) => match[1]!));

/** The selector text of a stylesheet: what comes before each `{`, comments and `url(…)` left out. */
function selectors(css: string): string {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/url\("[^"]*"\)/g, '');
  return [...bare.matchAll(/([^{};]+)\{/g)].map((match) => match[1]).join('\n');
}

function classesIn(selectorText: string): Set<string> {
  return new Set([...selectorText.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]!));
}

test('the showcase pages render without problems', () => {
  assert.deepEqual(problems, []);
});

for (const sheet of ['components.css', 'prose.css']) {
  test(`every class ${sheet} styles is written by a component, Markdown, the script or the shell`, () => {
    const css = readFileSync(path.join(root, 'assets/css', sheet), 'utf8');
    const unknown = [...classesIn(selectors(css))].filter((name) => !written.has(name) && !madeByScript.has(name) && !(name in ELSEWHERE));
    assert.deepEqual(unknown, []);
  });

  test(`every attribute ${sheet} selects on is written by a component or set in the browser`, () => {
    const css = readFileSync(path.join(root, 'assets/css', sheet), 'utf8');
    const names = new Set([...selectors(css).matchAll(/\[([a-z-]+)/g)].map((match) => match[1]!));
    const unknown = [...names].filter((name) => !new RegExp(`\\s${name}[\\s=>]`).test(html) && !(name in SET_IN_BROWSER));
    assert.deepEqual(unknown, []);
  });
}

test('every class components.js looks for is written by a component, the shell or the script', () => {
  const queried = [...script.matchAll(/(?:querySelector(?:All)?|closest\??\.?|matches)\(\s*'([^']+)'/g)].map((match) => match[1]!).join('\n');
  const unknown = [...classesIn(queried)].filter((name) => !written.has(name) && !madeByScript.has(name) && !(name in ELSEWHERE));
  assert.deepEqual(unknown, []);
});

test('the markup the script depends on: tab sets wired by ids, views titled, prompts with actions', () => {
  // Tabs: each tab names its panel, each panel its tab; only the selected panel is shown without script.
  const tab = /<button type="button" role="tab" id="(dj-tabs-\d+-tab-\d+)" aria-controls="(dj-tabs-\d+-panel-\d+)" aria-selected="(true|false)" tabindex="(0|-1)">/g;
  const tabs = [...html.matchAll(tab)];
  assert.equal(tabs.length, html.split('role="tab"').length - 1, 'every tab has the shape above');
  assert.ok(tabs.length > 10);
  for (const [, tabId, panelId, selectedText] of tabs) {
    const panel = new RegExp(`<div role="tabpanel" id="${panelId}" aria-labelledby="${tabId}" tabindex="0"( hidden)?>`).exec(html);
    assert.ok(panel, `panel ${panelId}`);
    assert.equal(panel[1] === undefined, selectedText === 'true', `${panelId} hidden unless selected`);
  }
  assert.ok(html.includes('<div class="code-group" data-dropdown="true"><div role="tablist">'));
  assert.ok(html.includes('<div class="tabs" data-sync="false"><div role="tablist">'));
  assert.ok(html.includes('<section class="view" id="python" data-title="Python" data-icon="python">'));
  assert.ok(html.includes('<div class="prompt" data-actions="copy,cursor"><p class="prompt-description">'));
  assert.ok(html.includes('<div class="prompt"><div class="prompt-body">'));
  assert.ok(html.includes('<li class="step" value="4"><h3 class="step-title" id="preview-the-site">'));
  assert.ok(html.includes('<details class="accordion" id="link-to-an-answer">'));
  assert.ok(html.includes('<pre class="mermaid">flowchart LR'));
});
