/** The renderer's small parts on their own: the evaluator, fence meta, slugs, and MDX repairs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Program } from 'estree';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import { formatLines, parseFence, parseLines, parseMeta } from '../../src/content/mdx/code.ts';
import { fragmentHtml } from '../../src/content/mdx/serialize.ts';
import { createScope, evaluateProgram, Markup, type Evaluation } from '../../src/content/mdx/evaluate.ts';
import { Slugger, slugify, splitCustomId } from '../../src/content/mdx/headings.ts';
import { ANGLE, BRACE, protectCustomIds, repairMdx } from '../../src/content/mdx/repair.ts';

/** Evaluates `{source}` the way a page would, with `exports` as the page's `export const`s. */
function evaluate(source: string, exports: Record<string, unknown> = {}): Evaluation {
  const tree = fromMarkdown(`{${source}}`, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] });
  const node = tree.children[0];
  assert.ok(node?.type === 'mdxFlowExpression');
  const scope = createScope();
  for (const [name, value] of Object.entries(exports)) scope.values.set(name, value as never);
  return evaluateProgram(node.data?.estree as Program, scope);
}

test('evaluator: literals, arrays, objects, templates, members, a few operators', () => {
  assert.deepEqual(evaluate('"a"'), { ok: true, value: 'a' });
  assert.deepEqual(evaluate('-2.5'), { ok: true, value: -2.5 });
  assert.deepEqual(evaluate('[1, "b", true, null, ...[2]]'), { ok: true, value: [1, 'b', true, null, 2] });
  assert.deepEqual(evaluate('{ a: 1, "b-c": { d: [2] }, ["e"]: 3, ...{ f: 4 } }'), { ok: true, value: { a: 1, 'b-c': { d: [2] }, e: 3, f: 4 } });
  assert.deepEqual(evaluate('`v${version}.${minor + 1}`', { version: 2, minor: 3 }), { ok: true, value: 'v2.4' });
  assert.deepEqual(evaluate('plans[1].name', { plans: [{ name: 'free' }, { name: 'pro' }] }), { ok: true, value: 'pro' });
  assert.deepEqual(evaluate('cfg?.missing?.deep', { cfg: {} }), { ok: true, value: undefined });
  assert.deepEqual(evaluate('flag ? "on" : "off"', { flag: false }), { ok: true, value: 'off' });
  assert.deepEqual(evaluate('a || "fallback"', { a: '' }), { ok: true, value: 'fallback' });
  assert.deepEqual(evaluate('items.length', { items: [1, 2, 3] }), { ok: true, value: 3 });
});

test('evaluator: names nothing defines, and code that would have to run', () => {
  assert.deepEqual(evaluate('kickoff_id'), { ok: false, reason: 'undefined', name: 'kickoff_id' });
  assert.deepEqual(evaluate('fetch("/x")'), { ok: false, reason: 'unsupported', what: 'a function call' });
  assert.deepEqual(evaluate('() => 1'), { ok: false, reason: 'unsupported', what: 'a function' });
  assert.deepEqual(evaluate('/x/g'), { ok: false, reason: 'unsupported', what: 'a regular expression or bigint' });
  assert.deepEqual(evaluate('a = 1'), { ok: false, reason: 'unsupported', what: 'AssignmentExpression' });
  assert.deepEqual(evaluate('<Card />'), { ok: false, reason: 'unsupported', what: 'the component <Card>' });
});

test('evaluator: prototypes are out of reach', () => {
  assert.deepEqual(evaluate('obj.constructor', { obj: {} }), { ok: true, value: undefined });
  assert.deepEqual(evaluate('obj["__proto__"]', { obj: {} }), { ok: true, value: undefined });
  const polluted = evaluate('{ ["__proto__"]: { hacked: true } }');
  assert.ok(polluted.ok);
  assert.equal(({} as Record<string, unknown>)['hacked'], undefined);
  assert.equal(Object.getPrototypeOf(polluted.value), Object.prototype);
  assert.deepEqual(evaluate('"abc".constructor'), { ok: true, value: undefined });
});

test('evaluator: JSX of HTML elements becomes markup', () => {
  const result = evaluate('<a href={url} className="x">Go <b>{label}</b></a>', { url: '/go', label: '<now>' });
  assert.ok(result.ok && result.value instanceof Markup);
  assert.equal(fragmentHtml([...result.value.content]), '<a href="/go" class="x">Go <b>&#x3C;now></b></a>');
});

test('fence meta: title words, flags, key=value options, line ranges', () => {
  assert.deepEqual(parseMeta('HelloWorld.java example icon=java lines'), { title: 'HelloWorld.java example', icon: 'java', lines: true, options: {} });
  assert.deepEqual(parseMeta('title="My file.ts" {1,3-5} wrap expandable focus={2} theme=dark'), {
    title: 'My file.ts',
    highlight: [1, 3, 4, 5],
    wrap: true,
    expandable: true,
    focus: [2],
    options: { theme: 'dark' },
  });
  assert.deepEqual(parseMeta("highlight='[1, 3]' filename=a.py lines=false"), { highlight: [1, 3], title: 'a.py', lines: false, options: {} });
  assert.deepEqual(parseFence('js{2}', 'app.js'), { lang: 'js', meta: { title: 'app.js', highlight: [2], options: {} } });
  assert.deepEqual(parseFence(undefined, undefined), { lang: undefined, meta: { options: {} } });
  assert.deepEqual(parseLines('5-3, x, 7, 7'), [7]);
  assert.equal(parseLines('1-99999999').length, 100_000);
  assert.equal(formatLines([1, 2, 3, 5, 7, 8]), '1-3,5,7-8');
});

test("heading ids: the hosted product's rule (getUnicodeId, slugify, cleanHeadingId of @mintlify/common 1.0.1211)", () => {
  const table: [string, string][] = [
    ['Sharing your model on ollama.com', 'sharing-your-model-on-ollama-com'],
    ['3. Budget & Rate Limits', '3-budget-&-rate-limits'],
    ['Split configuration with $ref', 'split-configuration-with-$ref'],
    ['Tools — overview', 'tools-—-overview'],
    ['A/B testing with C++ and C#', 'a/b-testing-with-c++-and-c#'],
    ['Email user@host', 'email-user@host'],
    ['🚀 Launch', '-launch'],
    ['安装指南', '安装指南'],
    ['مرحبا بالعالم', 'مرحبا-بالعالم'],
    ['Café résumé', 'café-résumé'],
    ['"Quoted" [brackets] {braces} (parens)', 'quoted-brackets-braces-parens'],
    ["What's new? Don't panic!", 'whats-new-dont-panic'],
    ['Step 1: Install', 'step-1-install'],
    ['<Tag> props', '<tag>-props'],
    ['  Hello,   World! ', 'hello-world'],
    ['API v2.0 (beta)', 'api-v2-0-beta'],
    ['snake_case & kebab--case', 'snake_case-&-kebab-case'],
    ['100%', '100%'],
  ];
  assert.deepEqual(
    table.map(([title]) => [title, slugify(title)]),
    table,
  );
  const slugger = new Slugger();
  assert.deepEqual(
    ['Install', 'Install', 'Install 2', 'Install', 'A', 'a', 'A 1', '🚀', ''].map((text) => slugger.slug(text)),
    ['install', 'install-2', 'install-2-2', 'install-3', 'a', 'a-2', 'a-1', 'heading', 'heading-2'],
  );
  assert.equal(slugger.custom('my id', 'x'), 'my-id');
  assert.equal(slugger.custom('install', 'x'), 'install-4');
  assert.equal(slugger.custom('"?!"', 'Fallback title'), 'fallback-title');
  assert.deepEqual(splitCustomId('Title {#my-id}  '), { text: 'Title', id: 'my-id' });
  assert.equal(splitCustomId('Title {#two words}'), undefined);
});

test('repairs: custom heading ids are protected before parsing, keeping every offset', () => {
  const text = '## Install {#install}\n\nText {x}\n\n# {#only-id}\n';
  const protectedText = protectCustomIds(text);
  assert.equal(protectedText, `## Install ${BRACE}#install}\n\nText {x}\n\n# ${BRACE}#only-id}\n`);
  assert.equal(protectedText.length, text.length);
});

test('repairs: each parse error gets the smallest change that lets parsing go on', () => {
  const parse = (text: string): unknown => {
    try {
      fromMarkdown(text, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] });
      return undefined;
    } catch (error) {
      return error;
    }
  };
  const repaired = (text: string): string | undefined => repairMdx(text, parse(text))?.text;
  assert.equal(repaired('a <3 b'), `a ${ANGLE}3 b`);
  assert.equal(repaired('a { b'), `a ${BRACE} b`);
  // Same length as the comment, so later positions do not move.
  assert.equal(repaired('x <!-- note --> y'), 'x {/*  note */} y');
  assert.equal(repaired('a<br>b'), 'a<br/>b');
  assert.equal(repaired('<Foo>\n\nx'), `${ANGLE}Foo>\n\nx`);
  assert.equal(repaired('<script>\nvar a = {b: 1}; if (a<b) {}\n</script>'), `<script>\nvar a = ${BRACE}b: 1}; if (a${ANGLE}b) ${BRACE}}\n</script>`);
  // An HTML comment that holds `*/` cannot become an MDX comment: its `<` is shown instead.
  assert.equal(repaired('<!-- a */ b -->'), `${ANGLE}!-- a */ b -->`);
});
