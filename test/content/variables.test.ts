/**
 * `applyVariables` (src/content/variables.ts): docs.json's `variables` put into a body's text as
 * the hosted product does, what is left undefined (outside code), and values sanitised. The pages
 * and snippets of a built site: test/output/variables.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyVariables, sanitiseValue, undefinedVariableDiagnostic } from '../../src/content/variables.ts';

const VARIABLES = { product: 'Acme', 'api.version': 'v3', 'plan-name': 'Pro', empty: '' };

test('{{ name }} with or without spaces, dotted and dashed names, an empty value; each use replaced', () => {
  const { text, undefined: missing } = applyVariables('{{product}}, {{ product }}, {{  api.version}} {{plan-name }}[{{empty}}] {{product}}', VARIABLES);
  assert.equal(text, 'Acme, Acme, v3 Pro[] Acme');
  assert.deepEqual(missing, []);
});

test('what is not a variable is left alone: one brace, a space in the name, an object literal, a value holding {{…}}', () => {
  const written = '{product} {{ pro duct }} {{ a: 1 }} {{}}';
  assert.equal(applyVariables(written, VARIABLES).text, written);
  // The value is put in once: a `{{name}}` it holds is not replaced again.
  assert.equal(applyVariables('{{outer}}', { outer: '{{product}}', product: 'Acme' }).text, '{{product}}');
});

test('an undefined name is left as written; its place is given in the text as written and as replaced', () => {
  const applied = applyVariables('A {{product}} and {{missing}}.', VARIABLES);
  assert.equal(applied.text, 'A Acme and {{missing}}.');
  assert.deepEqual(applied.undefined, [{ name: 'missing', offset: 18, output: 11 }]);
});

test('a site with no variables keeps its text and says nothing: {{ x }} is then some other tool’s template', () => {
  for (const variables of [undefined, {}]) {
    const applied = applyVariables('Hello {{ user_input }}', variables);
    assert.deepEqual(applied, { text: 'Hello {{ user_input }}', undefined: [] });
  }
});

test('an undefined name in code (a fence, an inline span) or in a JSX attribute object is not reported; a defined one is replaced there', () => {
  const body = [
    'Use `{{ secret }}` or `` {{ a }} ``.',
    '',
    '```yaml',
    'token: ${{ secrets.TOKEN }} for {{product}}',
    '```',
    '',
    '<Frame style={{color}}>x</Frame>',
    '',
    '  ~~~',
    '  {{ indented }}',
    '  ~~~',
    '',
    'But {{ prose }} is.',
  ].join('\n');
  const applied = applyVariables(body, VARIABLES);
  assert.ok(applied.text.includes('token: ${{ secrets.TOKEN }} for Acme'));
  assert.deepEqual(
    applied.undefined.map((use) => use.name),
    ['prose'],
  );
});

test('the warning is at the `{{` of the first undefined name, lines counted from where the body starts, the others named', () => {
  const body = 'Intro {{product}}.\n\nSee {{prodcut}} and {{other}}, {{prodcut}}.\n';
  const [warning, ...rest] = undefinedVariableDiagnostic('page.mdx', body, 5, applyVariables(body, VARIABLES), VARIABLES);
  assert.deepEqual(rest, []);
  assert.deepEqual(
    { at: `${warning!.file}:${warning!.line}:${warning!.column}`, code: warning!.code, severity: warning!.severity, message: warning!.message, fix: warning!.fix },
    {
      at: 'page.mdx:7:5',
      code: 'variable-undefined',
      severity: 'warning',
      message: '`{{prodcut}}` names no variable docs.json defines, so it is shown as written (as is `{{other}}` in this file)',
      fix: 'Did you mean `{{product}}`? Else define it under `variables` in docs.json: "variables": { "prodcut": "…" }.',
    },
  );
  assert.deepEqual(undefinedVariableDiagnostic('page.mdx', 'All {{product}}.', 5, applyVariables('All {{product}}.', VARIABLES), VARIABLES), []);
});

test("a value's line breaks are kept: what follows it moves down by as many lines (and is placed in the file as written)", () => {
  const body = 'A {{two}}\nB {{missing}}';
  const applied = applyVariables(body, { two: 'one\ntwo' });
  assert.equal(applied.text, 'A one\ntwo\nB {{missing}}');
  const [warning] = undefinedVariableDiagnostic('page.mdx', body, 1, applied, { two: '' });
  assert.equal(`${warning!.line}:${warning!.column}`, '2:3');
});

test('a value is sanitised as the hosted product does: tags left out, the bodies of those that run or load something too', () => {
  const cases: [string, string][] = [
    ['plain & simple', 'plain & simple'],
    ['<b>Bold</b> and <em class="x">em</em>', 'Bold and em'],
    ['<img src=x onerror=alert(1)>after', 'after'],
    ['<img src="a>b" onerror="alert(1)">after', 'after'],
    ['a<script>alert(1)</script>b', 'ab'],
    ['a<SCRIPT type="module">alert(1)</SCRIPT >b', 'ab'],
    ['<style>body{}</style><iframe src="//x">in</iframe><form><input></form>ok', 'ok'],
    ['<object data="x">o</object><embed src="x"><link rel="x"><meta http-equiv="refresh"><base href="//x">ok', 'ok'],
    ['before<script>never closed', 'beforenever closed'],
    ['a <form> below', 'a  below'],
    ['1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['a<!-- comment -->b', 'ab'],
    ['<a href="javascript:alert(1)">link</a>', 'link'],
  ];
  for (const [value, sanitised] of cases) assert.equal(sanitiseValue(value), sanitised, value);
  assert.equal(applyVariables('{{v}}', { v: '<img src=x onerror=alert(1)>Hi' }).text, 'Hi');
});
