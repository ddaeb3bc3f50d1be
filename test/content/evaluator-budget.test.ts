/**
 * The page evaluator's budget (issue 36): code in a page that runs away (a catastrophic regular
 * expression, a recursion that doubles a value, a list of a billion items, `.repeat()` of
 * `.repeat()`) ends with one warning at the expression's line, shown as written, and the rest of
 * the page renders. Cases that hung or exhausted memory before the budget are rendered in a child
 * process with a time and memory limit, so that a regression fails instead of hanging the suite.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';
import { BUDGET_LIMITS } from '../../src/content/mdx/budget.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';
import { diagnostic } from '../../src/shared/messages.ts';
import { cliArgs, sourceFlags, sourceUrl } from '../support/source-process.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const snippetSite = fileURLToPath(new URL('../fixtures/snippets/site/', import.meta.url));
const file = 'guides/page.mdx';
/** Far more than any case takes with the budget (a few seconds), and an end when it is broken. */
const CHILD_TIMEOUT_MS = 120_000;
/**
 * The children's pattern time: 250 ms a call, 1.25 s a page (src/content/mdx/budget.ts), where a
 * reader's is 1 s and 5 s. A catastrophic pattern spends all it is given: it stops as it would at the
 * real limits, without 6 CPU-s of backtracking; the message names the real limits (tested below).
 * The limit is wall time: 250 ms, not less, so that a harmless pattern whose process waits for a
 * core on a busy machine is not taken for a catastrophic one.
 */
const CHILD_ENV = { ...process.env, DOCJET_TEST_PATTERN_MS: '250' };

interface Rendered {
  html: string;
  diagnostics: Diagnostic[];
}

function render(text: string): Rendered {
  return createPageRenderer({ root: snippetSite }).render({ file, text, format: 'mdx' });
}

/** Renders in a child process with 1 GB of heap; a run that does not end in time fails the test. */
function renderInChild(text: string): Rendered {
  const renderer = sourceUrl('src/render/mdx-renderer.ts');
  const script = [
    `const { createPageRenderer } = await import(${JSON.stringify(renderer)});`,
    'let text = "";',
    'for await (const chunk of process.stdin) text += chunk;',
    `const result = createPageRenderer({ root: ${JSON.stringify(snippetSite)} }).render({ file: ${JSON.stringify(file)}, text, format: 'mdx' });`,
    'process.stdout.write(JSON.stringify({ html: result.html.length > 100000 ? "(too long)" : result.html, diagnostics: result.diagnostics }));',
  ].join('\n');
  const child = spawnSync(process.execPath, ['--max-old-space-size=1024', ...sourceFlags, '--input-type=module', '-e', script], {
    cwd: repo,
    input: text,
    encoding: 'utf8',
    timeout: CHILD_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    env: CHILD_ENV,
  });
  assert.equal(child.signal, null, `the page did not render within ${CHILD_TIMEOUT_MS / 1000} s (${child.signal})`);
  assert.equal(child.status, 0, `the render crashed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(child.stdout) as Rendered;
}

/** `code line:column limit`, the limit read back from the message. */
function budgetProblems(result: Rendered): string[] {
  return result.diagnostics
    .filter((d) => d.code === 'mdx-evaluation-budget')
    .map(
      (d) =>
        `${d.line}:${d.column} ${/steps of evaluation/.test(d.message) ? 'steps' : /larger than page code may make/.test(d.message) ? 'size' : /regular expression/.test(d.message) ? 'pattern-time' : d.message}`,
    );
}

test('a catastrophic pattern in each method that runs one stops at the time limit, with a warning at each expression, and the page renders', () => {
  const page = [
    'export const text = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"',
    'export const tested = () => /(a+)+$/.test(text)',
    'export const matched = () => text.match(/(a+)+$/)',
    'export const replaced = () => text.replace(/(a+)+$/, "b")',
    'export const replacedAll = () => text.replaceAll(/(a+)+$/g, "b")',
    'export const split = () => text.split(/(a+)+$/)',
    'export const searched = () => text.search(/(a+)+$/)',
    '',
    '# Patterns',
    '',
    '{tested()}',
    '',
    'In a line: {matched()}.',
    '',
    '{replaced()}',
    '',
    '{replacedAll()}',
    '',
    '{split()}',
    '',
    '{searched()}',
    '',
    'Text after.',
    '',
  ].join('\n');
  const result = renderInChild(page);
  // One second per match, five per page (here 250 ms and 1.25 s, CHILD_ENV): the last call finds the page's time spent.
  assert.deepEqual(
    budgetProblems(result),
    ['11:1', '13:12', '15:1', '17:1', '19:1', '21:1'].map((at) => `${at} pattern-time`),
  );
  assert.match(result.html, /<h1 id="patterns">Patterns<\/h1>/);
  assert.match(result.html, /\{tested\(\)\}/);
  assert.match(result.html, /<p>In a line: \{matched\(\)\}.<\/p>/);
  assert.match(result.html, /<p>Text after.<\/p>/);
  const first = result.diagnostics.find((d) => d.code === 'mdx-evaluation-budget')!;
  assert.equal(first.severity, 'warning');
  assert.equal(first.file, file);
  assert.equal(
    first.message,
    '`{tested()}` runs a regular expression for longer than a page may (1 s for one match, 5 s for the whole page), as a pattern with nested repetition like `(a+)+` does on text it does not match; so it is shown as written',
  );
});

test('patterns that do not run away give the values JavaScript gives, and a pattern a page cannot build stays a plain failure', () => {
  const page = [
    'export const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")',
    'export const parts = (s) => s.split(/,\\s*/).join("|")',
    'export const found = (s) => [/b+/.test(s), s.search(/c/), (s.match(/(\\d+)-(\\d+)/) ?? []).join("/"), s.replaceAll(/o/g, "$&$&")]',
    'export const built = () => new RegExp("(a+)+$").test("aaaa!")',
    '',
    '{slug("  Hello, World! ")} {parts("a, b,c")} {found("abbc 12-34 oo").join(" ")}',
    '',
    '{built()}',
    '',
  ].join('\n');
  const result = render(page);
  assert.match(result.html, /<p>hello-world a\|b\|c true 3 12-34\/12\/34 abbc 12-34 oooo<\/p>/);
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.line}`),
    ['mdx-expression-unsupported 8'],
  );
  assert.deepEqual(budgetProblems(result), []);
});

test('`"x".repeat(1e4).repeat(1e4)` is a value too large: a warning at its line, shown as written, the page goes on', () => {
  const result = render('# Big\n\nBefore.\n\n{"x".repeat(1e4).repeat(1e4)}\n\nAfter.\n');
  assert.deepEqual(budgetProblems(result), ['5:1 size']);
  assert.match(result.html, /<p>Before.<\/p>\n\{"x".repeat\(1e4\).repeat\(1e4\)\}\n<p>After.<\/p>/);
  assert.equal(
    result.diagnostics[0]!.message,
    '`{"x".repeat(1e4).repeat(1e4)}` makes a value larger than page code may make (more than 4,000,000 characters, list items or HTML elements, or nested more than 1,000 deep); so it is shown as written',
  );
});

test('an export whose value goes over the budget: a warning at the export', () => {
  const result = render('---\ntitle: T\n---\n\nexport const big = "x".repeat(1e4).repeat(1e4)\n\n{big}\n\nAfter.\n');
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['mdx-evaluation-budget 5:20', 'mdx-expression-unsupported 7:1'],
  );
  assert.equal(
    result.diagnostics[0]!.message,
    '`big` makes a value larger than page code may make (more than 4,000,000 characters, list items or HTML elements, or nested more than 1,000 deep); it has no value, and what uses it is shown as written',
  );
  assert.match(result.html, /<p>After.<\/p>/);
});

test('values that double with each call, a list of a billion items and replacements that copy the text stop at the size limit', () => {
  const page = [
    'export const list = (v, n) => n === 0 ? v : list([v, v], n - 1)',
    'export const markup = (m, n) => n === 0 ? m : markup(<b>{m}{m}</b>, n - 1)',
    'export const text = (s, n) => n === 0 ? s : text(s + s, n - 1)',
    'export const huge = () => Array.from({ length: 1e9 }, (_, i) => i).length',
    'export const copied = () => "a".repeat(3000).replace(/a/g, "$`")',
    'export const padded = () => "x".padStart(1e9, "ab")',
    'export const json = (v, n) => n === 0 ? JSON.stringify(v, null, 10) : json([v, [v]], n - 1)',
    'export const empties = (v, n) => n === 0 ? v : empties([v, v, v, v], n - 1)',
    '',
    '{list("x", 60)}',
    '',
    '{markup("x", 60)}',
    '',
    '{text("x", 60).length}',
    '',
    '{huge()}',
    '',
    '{copied()}',
    '',
    '{padded()}',
    '',
    '{json(1, 40)}',
    '',
    '{empties(",".repeat(1e6).split(","), 4)}',
    '',
    'After.',
    '',
  ].join('\n');
  const result = renderInChild(page);
  // A list of empty strings counts one per item: shown, each is still an item to walk.
  assert.deepEqual(
    budgetProblems(result),
    ['10:1', '12:1', '14:1', '16:1', '18:1', '20:1', '22:1', '24:1'].map((at) => `${at} size`),
  );
  assert.match(result.html, /\{list\("x", 60\)\}[\s\S]*\{json\(1, 40\)\}[\s\S]*<p>After.<\/p>/);
});

test('work that never ends within the page stops at the step limit; the components after it show their children', () => {
  const page = [
    'export const big = "abc".repeat(100000)',
    'export const Loud = ({ children }) => <div>{Array.from({ length: 90000 }, () => big.toUpperCase()).length}{children}</div>',
    '',
    '<Loud>first</Loud>',
    '',
    '<Loud>second</Loud>',
    '',
    'After.',
    '',
  ].join('\n');
  const result = renderInChild(page);
  assert.deepEqual(budgetProblems(result), ['4:1 steps', '6:1 steps']);
  assert.match(result.html, /first[\s\S]*second[\s\S]*<p>After.<\/p>/);
  const first = result.diagnostics.find((d) => d.code === 'mdx-evaluation-budget')!;
  assert.equal(
    first.message,
    `\`<Loud>\` needs more than the 2,000,000 steps of evaluation a page may take (a recursion or a \`.map\` that does not end, or work over a very large list); the page shows its children without it`,
  );
});

test('the limits the warning names are the ones the evaluator keeps', () => {
  const at = { file, line: 1, column: 1 };
  const steps = diagnostic('mdx-evaluation-budget', at, file, { subject: 'x', limit: 'steps', outcome: 'y' }).message;
  const size = diagnostic('mdx-evaluation-budget', at, file, { subject: 'x', limit: 'size', outcome: 'y' }).message;
  const time = diagnostic('mdx-evaluation-budget', at, file, { subject: 'x', limit: 'pattern-time', outcome: 'y' }).message;
  assert.ok(steps.includes(BUDGET_LIMITS.steps.toLocaleString('en-US')), steps);
  assert.ok(size.includes(BUDGET_LIMITS.size.toLocaleString('en-US')) && size.includes(BUDGET_LIMITS.depth.toLocaleString('en-US')), size);
  assert.ok(time.includes(`${BUDGET_LIMITS.patternCallMs / 1000} s`) && time.includes(`${BUDGET_LIMITS.patternPageMs / 1000} s`), time);
});

test('docjet build finishes a page with a catastrophic pattern and a runaway repeat: exit 0, a warning for each, the page written', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'docjet-budget-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Budget', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }),
  );
  await writeFile(
    path.join(root, 'index.mdx'),
    '---\ntitle: Budget\n---\n\nexport const check = () => /(a+)+$/.test("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")\n\n{check()}\n\n{"x".repeat(1e4).repeat(1e4)}\n\nText after.\n',
  );
  const out = path.join(root, 'dist');
  const child = spawnSync(process.execPath, cliArgs(['build', root, '--out', out]), {
    cwd: repo,
    encoding: 'utf8',
    timeout: CHILD_TIMEOUT_MS,
    env: { ...CHILD_ENV, DOCJET_WORKERS: '0', DOCJET_OFFLINE: '1' },
  });
  assert.equal(child.signal, null, `build did not end within ${CHILD_TIMEOUT_MS / 1000} s`);
  const printed = child.stdout + child.stderr;
  assert.equal(child.status, 0, printed);
  assert.match(printed, /index\.mdx:7:1 warning .*regular expression/);
  assert.match(printed, /index\.mdx:9:1 warning .*larger than page code may make/);
  const { readFile } = await import('node:fs/promises');
  const html = await readFile(path.join(out, 'index.html'), 'utf8');
  assert.match(html, /Text after\./);
});
