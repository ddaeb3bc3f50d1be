/**
 * Pages with snippets (format-behaviour.md §3.1): `import X from '/snippets/x.mdx'` with props,
 * named imports of values and components, `.jsx` components, components the page defines, the
 * legacy `<Snippet file>`, and what happens when an import cannot be resolved. The fixture site is
 * `test/fixtures/snippets/site`; each test renders a page written out in the test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { createPageRenderer, type PageRenderResult } from '../../src/render/mdx-renderer.ts';

const root = fileURLToPath(new URL('../fixtures/snippets/site/', import.meta.url));
const renderer = createPageRenderer({ root });

function render(text: string, file = 'guides/intro.mdx'): PageRenderResult {
  return renderer.render({ file, text, format: 'mdx' });
}

/** Diagnostics as `file:line:column severity code`, the way a reader scans them. */
function problems(result: PageRenderResult): string[] {
  return result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`);
}

test("a default import of an .mdx snippet renders its body with the props and children; its headings join the page's", () => {
  const result = render(
    'import Greeting from \'/snippets/greeting.mdx\'\n\n# Intro\n\n<Greeting name="Ada" product="Acme">\n  Some *children*.\n</Greeting>\n\n## Hello\n\n<Greeting name="Bob" product="B" />\n',
  );
  assert.equal(
    result.html,
    '<h1 id="intro">Intro</h1>\n' +
      '<h2 id="hello">Hello Ada</h2>\n<p>Welcome to <strong>Acme</strong>.</p>\n<p>Some <em>children</em>.</p>\n' +
      '<h2 id="hello-2">Hello</h2>\n' +
      '<h2 id="hello-3">Hello Bob</h2>\n<p>Welcome to <strong>B</strong>.</p>',
  );
  // The snippet's `{#hello}` id holds on every use (numbered like any repeated id); its frontmatter is not shown.
  assert.deepEqual(result.headings, [
    { depth: 1, id: 'intro', text: 'Intro' },
    { depth: 2, id: 'hello', text: 'Hello Ada' },
    { depth: 2, id: 'hello-2', text: 'Hello' },
    { depth: 2, id: 'hello-3', text: 'Hello Bob' },
  ]);
  assert.deepEqual(result.dependencies, ['snippets/greeting.mdx']);
  assert.deepEqual(result.diagnostics, []);
});

test('props reach the page as text: markup in them is escaped', () => {
  const result = render('import Greeting from \'/snippets/greeting.mdx\'\n\n<Greeting name="<img src=x onerror=alert(1)>" product={\'"q"\'} />\n');
  assert.equal(result.html, '<h2 id="hello">Hello &#x3C;img src=x onerror=alert(1)></h2>\n<p>Welcome to <strong>"q"</strong>.</p>');
});

test('named imports give `export const` values and components; values work in text and attributes', () => {
  const result = render("import { version, plans, Pill } from '/snippets/vars.mdx'\n\nVersion {version}, plans {plans.join(' and ')}. <Pill label={`v${version}`} />\n");
  assert.equal(result.html, '<p>Version 2.1.0, plans free and pro. <span class="pill">v2.1.0</span></p>');
  assert.deepEqual(result.diagnostics, []);
});

test('.jsx components: defaults, `&&`, ternaries, `.map`, template literals, className and style objects', () => {
  const result = render(
    'import Feature from \'/snippets/feature.jsx\'\nimport { plans } from \'/snippets/vars.mdx\'\n\n<Feature title="Fast" tags={plans} highlight>\n  Body **text**\n</Feature>\n\n<Feature title="Plain" size="sm" />\n',
  );
  assert.equal(
    result.html,
    '<div class="feature" style="font-size:16px;margin-top:0"><strong>New</strong><h3>FAST (2)</h3><ul><li data-index="0">free</li><li data-index="1">pro</li></ul><p>Body <strong>text</strong></p></div>\n' +
      '<div class="feature" style="font-size:12px;margin-top:0"><h3>PLAIN (0)</h3><p>No tags</p></div>',
  );
  assert.deepEqual(result.dependencies, ['snippets/feature.jsx', 'snippets/vars.mdx']);
  assert.deepEqual(result.diagnostics, []);
});

test("a component's JSX can use the built-in components, and `if`/`return` in its body", () => {
  const result = render('import { Boxed } from \'/snippets/feature.jsx\'\n\n<Boxed title="Box" />\n\n<Boxed />\n');
  assert.equal(
    result.html,
    '<div class="card"><span class="card-title">Box</span><div class="card-body">Inside a card</div></div>\n' +
      '<aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body">Untitled</div></aside>',
  );
});

test('components the page defines with `export const` work like imported ones', () => {
  const result = render(
    'export const Hero = ({ title, kind = \'info\' }) => <div className={`hero hero-${kind}`}>{title}</div>\n\n<Hero title="Welcome" />\n\n<Hero title="Careful" kind="warn" />\n',
  );
  assert.equal(result.html, '<div class="hero hero-info">Welcome</div>\n<div class="hero hero-warn">Careful</div>');
  assert.deepEqual(result.diagnostics, []);
});

test('what component bodies may compute: locals, built-ins, string and list methods, patterns, optional chaining', () => {
  const page = [
    'export const Table = ({ rows = {}, slug = " My Title " }) => {',
    '  const entries = Object.entries(rows)',
    "  const id = slug.trim().toLowerCase().replace(/\\s+/g, '-')",
    "  const isBrowser = typeof window !== 'undefined'",
    '  let total = 0',
    '  total = entries.reduce((sum, [, value]) => sum + value, 0)',
    '  return (',
    '    <table id={id} data-browser={String(isBrowser)}>',
    '      {entries.map(([name, value]) => <tr key={name}><td>{name}</td><td>{value.toFixed(1)}</td></tr>)}',
    '      <tr><td>{rows?.missing?.deep ?? "none"}</td><td>{Math.max(total, 1)}</td></tr>',
    '      {Array.from({ length: 2 }, (_, i) => <tr><td>{i + 1}</td></tr>)}',
    '    </table>',
    '  )',
    '}',
    '',
    '<Table rows={{ a: 1, b: 2.5 }} />',
    '',
  ].join('\n');
  const result = render(page);
  assert.equal(
    result.html,
    '<table id="my-title" data-browser="false"><tr><td>a</td><td>1.0</td></tr><tr><td>b</td><td>2.5</td></tr><tr><td>none</td><td>3.5</td></tr><tr><td>1</td></tr><tr><td>2</td></tr></table>',
  );
  assert.deepEqual(result.diagnostics, []);
});

test('relative imports, imports without an extension, and snippets importing snippets', () => {
  const result = render("import Nested from '../snippets/nested'\nimport Local from './local.mdx'\n\n<Nested />\n\n<Local who=\"me\" />\n");
  assert.equal(result.html, '<p>Version 2.1.0.</p>\n<h2 id="hello">Hello nested</h2>\n<p>Welcome to <strong>Nest</strong>.</p>\n<p>Local snippet next to the page, me.</p>');
  assert.deepEqual(result.headings, [{ depth: 2, id: 'hello', text: 'Hello nested' }]);
  // Transitively: nested.mdx pulls in vars.mdx and greeting.mdx.
  assert.deepEqual(result.dependencies, ['guides/local.mdx', 'snippets/greeting.mdx', 'snippets/nested.mdx', 'snippets/vars.mdx']);
});

test('legacy `<Snippet file>`: snippets/ first, then _snippets/; the other attributes are its variables', () => {
  const result = render('<Snippet file="setup.mdx" word="you" />\n\n<Snippet file="legacy-steps.mdx" tool="npm" />\n');
  assert.equal(result.html, '<p>Setup from snippets/, for you.</p>\n<h3 id="install-npm">Install npm</h3>\n<p>Run <code>install {tool}</code>.</p>');
  assert.deepEqual(result.headings, [{ depth: 3, id: 'install-npm', text: 'Install npm' }]);
  assert.deepEqual(result.dependencies, ['_snippets/legacy-steps.mdx', 'snippets/setup.mdx']);
  assert.deepEqual(result.diagnostics, []);
});

test('a missing snippet: a warning at the import with a "did you mean", and its element keeps its children', () => {
  const result = render('# Page\n\nimport Nope from \'/snippets/gretting.mdx\'\n\n<Nope>\n  kept child\n</Nope>\n\n<Snippet file="legacy-step.mdx" />\n');
  assert.equal(result.html, '<h1 id="page">Page</h1>\n<div data-component="Nope"><p>kept child</p></div>');
  assert.deepEqual(problems(result), ['guides/intro.mdx:3:1 warning snippet-missing', 'guides/intro.mdx:9:1 warning snippet-missing']);
  assert.equal(result.diagnostics[0]?.message, '`/snippets/gretting.mdx` does not exist, so nothing is imported from it (its components show only their children)');
  assert.equal(result.diagnostics[0]?.fix, 'Create `snippets/gretting.mdx`, or fix the path: did you mean `/snippets/greeting.mdx`?');
  assert.equal(
    result.diagnostics[1]?.message,
    '`<Snippet file="legacy-step.mdx">` names no file: there is no `snippets/legacy-step.mdx` or `_snippets/legacy-step.mdx`, so nothing is shown',
  );
  assert.equal(result.diagnostics[1]?.fix, 'Create `snippets/legacy-step.mdx`, or fix the name: did you mean `file="legacy-steps.mdx"`?');
});

test('a relative import is suggested as a relative path; a path outside the site is named as such', () => {
  const result = render("import A from './locl.mdx'\nimport B from '../../outside.mdx'\n\nText.\n");
  assert.deepEqual(problems(result), ['guides/intro.mdx:1:1 warning snippet-missing', 'guides/intro.mdx:2:1 warning snippet-outside-root']);
  assert.equal(result.diagnostics[0]?.fix, 'Create `guides/locl.mdx`, or fix the path: did you mean `./local.mdx`?');
  assert.equal(result.diagnostics[1]?.message, '`../../outside.mdx` is outside the site folder, so nothing is imported from it');
});

test('imports, .jsx imports and `<Snippet file>` that lead outside the site folder, as written or through a symlink, read nothing', { skip: process.platform === 'win32' }, (t) => {
  const base = mkdtempSync(path.join(tmpdir(), 'docjet-snippets-outside-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const site = path.join(base, 'site');
  mkdirSync(path.join(base, 'outside'), { recursive: true });
  mkdirSync(path.join(site, 'snippets'), { recursive: true });
  writeFileSync(path.join(base, 'outside/secret.mdx'), 'SECRET-MDX\n\nexport const token = "SECRET-EXPORT"\n');
  writeFileSync(path.join(base, 'outside/secret.jsx'), 'export const Hidden = () => <b>SECRET-JSX</b>;\n');
  writeFileSync(path.join(site, 'snippets/inside.mdx'), 'Inside.\n');
  symlinkSync('../../outside/secret.mdx', path.join(site, 'snippets/link.mdx'));
  symlinkSync('../../outside', path.join(site, 'snippets/linked'));
  const outside = createPageRenderer({ root: site });
  const text = [
    "import A from '../outside/secret.mdx'",
    "import B from '/snippets/link.mdx'",
    "import { Hidden } from '/snippets/linked/secret.jsx'",
    "import { token } from '/../outside/secret.mdx'",
    "import Inside from '/snippets/inside.mdx'",
    '',
    '<A />',
    '',
    '<B />',
    '',
    '<Hidden />',
    '',
    '<Snippet file="link.mdx" />',
    '',
    '<Snippet file="../../outside/secret.mdx" />',
    '',
    '<Inside />',
    '',
  ].join('\n');
  const result = outside.render({ file: 'index.mdx', text, format: 'mdx' });
  assert.doesNotMatch(result.html, /SECRET/);
  // Root-relative paths (`/snippets/…`) are still the site's own files.
  assert.match(result.html, /<p>Inside\.<\/p>/);
  assert.deepEqual(problems(result), [
    'index.mdx:1:1 warning snippet-outside-root',
    'index.mdx:2:1 warning snippet-outside-root',
    'index.mdx:3:1 warning snippet-outside-root',
    'index.mdx:4:1 warning snippet-outside-root',
    'index.mdx:13:1 warning snippet-outside-root',
    'index.mdx:15:1 warning snippet-outside-root',
  ]);
  assert.deepEqual(
    result.diagnostics.map((d) => d.message),
    [
      '`../outside/secret.mdx` is outside the site folder, so nothing is imported from it',
      '`/snippets/link.mdx` leads outside the site folder through a symbolic link, so nothing is imported from it',
      '`/snippets/linked/secret.jsx` leads outside the site folder through a symbolic link, so nothing is imported from it',
      '`/../outside/secret.mdx` is outside the site folder, so nothing is imported from it',
      '`<Snippet file="link.mdx">` names a file that leads outside the site folder through a symbolic link, so nothing is shown',
      '`<Snippet file="../../outside/secret.mdx">` names a file that is outside the site folder, so nothing is shown',
    ],
  );
  assert.equal(result.diagnostics[0]?.fix, 'Snippets are files of the site: move the file under `snippets/` in the docs folder and import it as `/snippets/…`.');
  assert.deepEqual(result.dependencies, ['snippets/inside.mdx']);
});

test("packages: React's hooks and the built-in components by package name are fine; anything else is a warning", () => {
  const result = render(
    "import { useState } from 'react'\nimport { Card } from '@mintlify/components'\nimport { Button } from '@mintlify/components'\nimport { motion } from 'framer-motion'\n\n<Card title=\"T\">x</Card>\n\n<Button>Go</Button>\n",
  );
  assert.equal(result.html, '<div class="card"><span class="card-title">T</span><div class="card-body">x</div></div>\n<span data-component="Button">Go</span>');
  assert.deepEqual(problems(result), ['guides/intro.mdx:3:1 warning snippet-import-package', 'guides/intro.mdx:4:1 warning snippet-import-package']);
  assert.equal(
    result.diagnostics[1]?.message,
    '`framer-motion` is a package, not a file of the site; docjet renders pages without loading packages, so nothing is imported from it',
  );
  assert.equal(result.diagnostics[0]?.fix, '`Button` is not a built-in component: check its name, or write it in a .jsx file under `snippets/` and import it from there.');
});

test('a named import the file does not export, and a default import from a .jsx file without one', () => {
  const result = render("import { Featur } from '/snippets/feature.jsx'\nimport Counter from '/snippets/counter.jsx'\n\nText.\n");
  assert.deepEqual(problems(result), ['guides/intro.mdx:1:1 warning snippet-export-missing', 'guides/intro.mdx:2:1 warning snippet-export-missing']);
  assert.equal(result.diagnostics[0]?.message, '`/snippets/feature.jsx` has no export named `Featur`, so `Featur` is not defined');
  assert.equal(result.diagnostics[0]?.fix, 'Did you mean `Feature`? It exports `Feature`, `Boxed`.');
  assert.equal(result.diagnostics[1]?.message, '`/snippets/counter.jsx` has no default export, so `Counter` is not defined');
  assert.equal(result.diagnostics[1]?.fix, "Import what it exports by name: `import { Counter } from '/snippets/counter.jsx'`. It exports `Counter`.");
});

test('snippets that import each other in a loop: the import closing it is left out, with the chain', () => {
  const result = render("import A from '/snippets/loop-a.mdx'\n\n<A />\n");
  assert.equal(result.html, '<p>A then B then <span data-component="A"></span></p>');
  assert.deepEqual(problems(result), ['snippets/loop-b.mdx:1:1 warning snippet-cycle']);
  assert.equal(
    result.diagnostics[0]?.message,
    'snippets import each other in a loop (snippets/loop-a.mdx → snippets/loop-b.mdx → snippets/loop-a.mdx), so this import is left out',
  );
});

test("interactive components show their first render, with one warning that points into the component's file", () => {
  const result = render("import { Counter } from '/snippets/counter.jsx'\n\n<Counter start={3} />\n");
  assert.equal(result.html, '<div class="counter"><button>-</button><span>3</span><span></span></div>');
  assert.deepEqual(problems(result), ['snippets/counter.jsx:4:29 warning component-partial']);
  assert.equal(
    result.diagnostics[0]?.message,
    '`<Counter>` (snippets/counter.jsx) needs JavaScript that docjet does not run (React state (`useState`); a call to `fetch`; the event handler `onClick`; and 1 more); the page shows what it renders at first, without that',
  );
});

test('a component that renders itself stops, with a warning at the function', () => {
  const result = render('export const Loop = ({ n }) => <Loop n={n} />\n\n<Loop n={1} />\n');
  assert.equal(result.html, '<div data-component="Loop"></div>');
  assert.deepEqual(problems(result), ['guides/intro.mdx:1:21 warning component-partial']);
  assert.match(result.diagnostics[0]?.message ?? '', /\(calls nested more than 64 deep\)/);
});

test('problems inside a snippet point into the snippet file, below its frontmatter', () => {
  const result = render("import W from '/snippets/warn.mdx'\n\n<W />\n\n<W />\n");
  assert.equal(
    result.html,
    '<p>Uses <span data-component="Unknown">an unknown component</span> and {notDefined}.</p>\n<p>Uses <span data-component="Unknown">an unknown component</span> and {notDefined}.</p>',
  );
  // Used twice, reported once.
  assert.deepEqual(problems(result), ['snippets/warn.mdx:5:6 warning mdx-unknown-component', 'snippets/warn.mdx:5:50 warning mdx-expression-undefined']);
});

test('a .jsx snippet that is not JavaScript: one warning at the syntax error, nothing imported', () => {
  const result = render('import { Typed } from \'/snippets/broken.jsx\'\n\n<Typed title="x" />\n');
  assert.equal(result.html, '<div data-component="Typed"></div>');
  assert.deepEqual(problems(result), ['snippets/broken.jsx:1:32 warning snippet-syntax']);
  assert.equal(result.diagnostics[0]?.message, 'this .jsx snippet is not valid JavaScript (Unexpected token), so nothing is imported from it');
});

test('a snippet of one paragraph inside a line of text joins the line', () => {
  const result = render('Before <Snippet file="setup.mdx" word="inline" /> after.\n');
  assert.equal(result.html, '<p>Before Setup from snippets/, for inline. after.</p>');
});

test('invalidate() forgets a changed snippet and the snippets that import it', (t) => {
  const copy = mkdtempSync(path.join(tmpdir(), 'docjet-snippets-'));
  t.after(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(root, copy, { recursive: true });
  const live = createPageRenderer({ root: copy });
  const page = { file: 'index.mdx', text: "import Nested from '/snippets/nested.mdx'\n\n<Nested />\n", format: 'mdx' as const };
  assert.match(live.render(page).html, /Version 2\.1\.0\./);
  writeFileSync(path.join(copy, 'snippets/vars.mdx'), "export const version = '3.0.0'\n");
  assert.match(live.render(page).html, /Version 2\.1\.0\./, 'cached until invalidated');
  live.invalidate('snippets/vars.mdx');
  assert.match(live.render(page).html, /Version 3\.0\.0\./);

  // A snippet created after a page asked for it.
  const later = { file: 'index.mdx', text: "import Later from '/snippets/later.mdx'\n\n<Later />\n", format: 'mdx' as const };
  assert.deepEqual(problems(live.render(later)), ['index.mdx:1:1 warning snippet-missing']);
  writeFileSync(path.join(copy, 'snippets/later.mdx'), 'Here now.\n');
  live.invalidate('snippets/later.mdx');
  assert.equal(live.render(later).html, '<p>Here now.</p>');
});

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

test('corpus: variables in a heading snippet, and a .jsx component with children', { skip: !existsSync(corpus) && 'the shared corpus is not here' }, () => {
  const pages: [string, string][] = [
    ['triggerdotdev__trigger.dev', 'guides/community/sveltekit.mdx'],
    ['mintlify__docs', 'ai/llmstxt.mdx'],
  ];
  const [trigger, mintlify] = pages.map(([site, file]) => {
    const siteRoot = path.join(corpus, site);
    const text = readFileSync(path.join(siteRoot, file), 'utf8');
    const frontmatter = readFrontmatter({ file, text });
    return createPageRenderer({ root: siteRoot }).render({ file, text: text.slice(frontmatter.bodyStart), format: 'mdx', line: frontmatter.bodyLine });
  });
  assert.ok(trigger!.html.includes('<li>Setup a project in SvelteKit</li>'));
  assert.ok(trigger!.headings.some((heading) => heading.id === 'prerequisites'));
  assert.ok(trigger!.dependencies.includes('snippets/framework-prerequisites.mdx'));
  assert.ok(mintlify!.html.includes('<a href="https://mintlify.com/docs/llms.txt" class="'));
  assert.deepEqual(
    mintlify!.diagnostics.filter((d) => d.code.startsWith('snippet-') || d.code === 'component-partial'),
    [],
  );
});
