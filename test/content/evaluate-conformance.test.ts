/**
 * The evaluator against JavaScript itself. Each row is an expression over the same values, computed
 * by docjet and by `node:vm`; it either agrees with JavaScript or is one docjet reports (a warning,
 * the expression shown as written). A row that disagrees silently is a bug.
 *
 * JSX rows are rendered in a page, in every position an expression can stand (a block of its own,
 * inside a line of text, inside an HTML element, as a component's children, as a built-in
 * component's attribute), and compared with the HTML of the same JSX compiled by swc and run in
 * the vm with a tiny `h` that writes HTML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';
import type { Program } from 'estree';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import { evaluateProgram } from '../../src/content/mdx/evaluate.ts';
import { createScope } from '../../src/content/mdx/scope.ts';
import { Callable, Markup, type Evaluation, type Value } from '../../src/content/mdx/types.ts';
import { GLOBALS } from '../../src/content/snippets/globals.ts';
import { createPageRenderer } from '../../src/render/mdx-renderer.ts';

const VALUES = {
  n: 1,
  s: '1',
  t: 'Hello World',
  zero: 0,
  empty: '',
  flag: true,
  off: false,
  nothing: null,
  items: ['a', 'b', 'c'],
  nums: [3, 1, 2],
  nested: [[1, 2], [3]],
  obj: { a: 1, b: 2 },
  user: { name: 'Ada', role: 'admin', tags: ['x', 'y'], address: null },
  users: [
    { name: 'Ada', age: 36, admin: true },
    { name: 'Bob', age: 25, admin: false },
  ],
};

/** `agrees`: docjet's value is JavaScript's. `warns`: docjet reports it (JavaScript may compute it, or throw). */
type Outcome = 'agrees' | 'warns';

const VALUE_ROWS: [source: string, outcome: Outcome][] = [
  // arithmetic, with JavaScript's conversions
  ['n + 2', 'agrees'],
  ['s + 2', 'agrees'],
  ["'3' * '4'", 'agrees'],
  ['10 / 4', 'agrees'],
  ['7 % 3', 'agrees'],
  ['2 ** 10', 'agrees'],
  ['-s', 'agrees'],
  ["+'42'", 'agrees'],
  ['true + 1', 'agrees'],
  ['null + 1', 'agrees'],
  ["[1, 2] + ''", 'agrees'],
  ["obj + ''", 'agrees'],
  ["5 - '2'", 'agrees'],
  ['1 / 0', 'agrees'],
  ["'a' - 1", 'agrees'],
  ['5 & 3 | 1 << 4', 'agrees'],
  ['~5', 'agrees'],
  // comparisons, loose and strict
  ["n == '1'", 'agrees'],
  ["n === '1'", 'agrees'],
  ["n != '1'", 'agrees'],
  ["n !== '1'", 'agrees'],
  ['null == undefined', 'agrees'],
  ['null == 0', 'agrees'],
  ["'' == 0", 'agrees'],
  ["'0' == false", 'agrees'],
  ['[1] == 1', 'agrees'],
  ["items == 'a,b,c'", 'agrees'],
  ["obj == '[object Object]'", 'agrees'],
  ['NaN == NaN', 'agrees'],
  ['obj == obj', 'agrees'],
  ["'10' < '9'", 'agrees'],
  ["'10' < 9", 'agrees'],
  ['null >= 0', 'agrees'],
  ['undefined < 1', 'agrees'],
  ["'a' in obj", 'agrees'],
  // logical operators and ternaries
  ["zero || 'default'", 'agrees'],
  ["empty ?? 'default'", 'agrees'],
  ["nothing ?? 'default'", 'agrees'],
  ["flag && 'yes'", 'agrees'],
  ["off && 'yes'", 'agrees'],
  ['!empty', 'agrees'],
  ['!!items.length', 'agrees'],
  ["n > 0 ? 'positive' : 'other'", 'agrees'],
  ["user.address ? user.address.city : 'no address'", 'agrees'],
  ['(1, 2)', 'agrees'],
  ['void 0', 'agrees'],
  ['typeof user', 'agrees'],
  ['typeof missing', 'agrees'],
  // template literals
  ['`${user.name} has ${user.tags.length} tags`', 'agrees'],
  ['`${items}`', 'agrees'],
  ['`${nothing} ${obj}`', 'agrees'],
  // optional chaining
  ['user.address?.city', 'agrees'],
  ['user?.name', 'agrees'],
  ['users[5]?.name', 'agrees'],
  ['user.address?.city.zip', 'agrees'],
  ['users.find(u => u.age > 30)?.name', 'agrees'],
  ['nothing.x', 'warns'], // JavaScript throws
  // list methods, callbacks with destructured parameters
  ['items.map(i => i.toUpperCase())', 'agrees'],
  ['items.map((item, index) => index + ":" + item)', 'agrees'],
  ['nums.filter(x => x > 1)', 'agrees'],
  ["items.join(' | ')", 'agrees'],
  ['items.join()', 'agrees'],
  ['users.find(u => !u.admin).name', 'agrees'],
  ['users.findIndex(u => u.name === "Bob")', 'agrees'],
  ['users.some(u => u.admin)', 'agrees'],
  ["items.every(i => typeof i === 'string')", 'agrees'],
  ["items.includes('b')", 'agrees'],
  ["items.indexOf('c')", 'agrees'],
  ['items.slice(1)', 'agrees'],
  ['nums.slice(-2)', 'agrees'],
  ['items.at(-1)', 'agrees'],
  ['items[1]', 'agrees'],
  ['items.length > 2 && items[2]', 'agrees'],
  ['nums.reduce((a, b) => a + b, 0)', 'agrees'],
  ['users.map(({ name, age }) => `${name}:${age}`)', 'agrees'],
  ['nested.map(([first, ...rest]) => first + rest.length)', 'agrees'],
  ['users.filter(u => u.age > 30).map(u => u.name).join()', 'agrees'],
  ['users.flatMap(u => [u.name, u.age])', 'agrees'],
  ["items.concat(['d'], 'e')", 'agrees'],
  ['nums.toString()', 'agrees'],
  ['nums.sort()', 'warns'], // sorts in place: a page's values stay as written
  ['items.map', 'warns'],
  // built-ins, which functions see (a page's text does not: `{Object}` in prose is text)
  ['(() => Object.keys(obj))()', 'agrees'],
  ['(() => Object.keys(items))()', 'agrees'],
  ['(() => Object.values(obj))()', 'agrees'],
  ['(() => Object.entries(obj).map(([k, v]) => k + "=" + v))()', 'agrees'],
  ['(() => Object.entries(items))()', 'agrees'],
  ['(() => Math.max(...nums))()', 'agrees'],
  ['(() => JSON.stringify(user))()', 'agrees'],
  ['(() => Array.from({ length: 3 }, (_, i) => i * 2))()', 'agrees'],
  ['(() => nums.map(String))()', 'agrees'],
  ["(() => parseInt('42px'))()", 'agrees'],
  ["(() => /a/.test('abc'))()", 'agrees'],
  ['Object.keys(obj)', 'warns'],
  ['Math.max(...nums)', 'warns'],
  ["/a/.test('abc')", 'warns'],
  // spread
  ["[...items, 'd']", 'agrees'],
  ['({ ...obj, c: 3 })', 'agrees'],
  ["[...'hi']", 'agrees'],
  ['({ ...nothing })', 'agrees'],
  ['({ ...items })', 'warns'],
  // string methods
  ['t.toLowerCase()', 'agrees'],
  ["t.split(' ')", 'agrees'],
  ["t.startsWith('Hell')", 'agrees'],
  ["t.slice(0, 5).padEnd(7, '.')", 'agrees'],
  ["t.replace('World', 'There')", 'agrees'],
  ['t.trim().length', 'agrees'],
  ['t[0]', 'agrees'],
  ['t.at(-1)', 'agrees'],
  ["t.includes('lo W')", 'agrees'],
  ["'a-b-c'.split('-').reverse().join('')", 'agrees'],
  ["'x'.repeat(3)", 'agrees'],
  ['(5).toFixed(2)', 'agrees'],
  // function bodies
  ["(() => { const total = nums.reduce((a, b) => a + b); if (total > 5) return 'big'; return 'small' })()", 'agrees'],
  ['(() => { let x = 1; x += 2; x ??= 5; return x })()', 'agrees'],
  // what docjet does not compute
  ['new Date()', 'warns'],
  ['delete obj.a', 'warns'],
  ['`${<b>x</b>}`', 'warns'],
  ['items.map(i => <b>{i}</b>).join(", ")', 'warns'],
];

/** A value as plain data of this realm, so that the vm's arrays and objects compare with docjet's. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from(value, plain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  return value;
}

function docjetValue(source: string): Evaluation {
  const tree = fromMarkdown(`{${source}}`, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] });
  const node = tree.children[0];
  assert.ok(node?.type === 'mdxFlowExpression' && node.data?.estree, source);
  // As on a linked page: the page's names, with the built-ins that functions see around them.
  const scope = createScope({ parent: GLOBALS });
  for (const [name, value] of Object.entries(structuredClone(VALUES))) scope.values.set(name, value);
  return evaluateProgram(node.data.estree as Program, scope);
}

function javascriptValue(source: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: plain(runInNewContext(compileJsx(source), { ...structuredClone(VALUES), h, Fragment })) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}

test(`conformance: ${VALUE_ROWS.length} expressions agree with JavaScript or are reported`, () => {
  assert.ok(VALUE_ROWS.length >= 60);
  const wrong: string[] = [];
  for (const [source, outcome] of VALUE_ROWS) {
    const docjet = docjetValue(source);
    const javascript = javascriptValue(source);
    if (outcome === 'warns') {
      // Reported on a page: `evaluateProgram` fails, and the page shows the expression as written with a warning.
      if (docjet.ok) wrong.push(`${source}: expected a warning, docjet gave ${JSON.stringify(docjet.value)}`);
      continue;
    }
    if (!docjet.ok) {
      wrong.push(`${source}: docjet could not compute it (${JSON.stringify(docjet)})`);
      continue;
    }
    if (!javascript.ok) {
      wrong.push(`${source}: JavaScript threw ${javascript.error}`);
      continue;
    }
    try {
      assert.deepStrictEqual(plain(docjet.value), javascript.value);
    } catch {
      wrong.push(`${source}: docjet ${String(JSON.stringify(docjet.value))}, JavaScript ${String(JSON.stringify(javascript.value))}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// JSX: compiled by swc for the vm, with `h` building HTML the way hast-util-to-html writes it.

interface Element {
  tag: string | ((props: Record<string, unknown>) => unknown);
  props: Record<string, unknown>;
  children: unknown[];
}

const Fragment = 'fragment';

function h(tag: Element['tag'], props: Record<string, unknown> | null, ...children: unknown[]): Element {
  return { tag, props: props ?? {}, children };
}

const VOID = new Set(['br', 'hr', 'img', 'input']);

function toHtml(value: unknown): string {
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (typeof value === 'string') return value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
  if (typeof value === 'number') return String(value);
  if (value === null || typeof value !== 'object') return '';
  const { tag, props, children } = value as Element;
  if (typeof tag === 'function') return toHtml(tag({ ...props, children: children.length === 0 ? undefined : children.length === 1 ? children[0] : children }));
  if (tag === Fragment) return toHtml(children);
  let attributes = '';
  for (const [key, item] of Object.entries(props)) {
    if (key === 'key' || item === undefined || item === null || item === false) continue;
    const name = key === 'className' ? 'class' : key;
    attributes += item === true ? ` ${name}` : ` ${name}="${String(item).replace(/&/g, '&#x26;').replace(/"/g, '&#x22;')}"`;
  }
  return VOID.has(tag) ? `<${tag}${attributes}>` : `<${tag}${attributes}>${toHtml(children)}</${tag}>`;
}

function compileJsx(source: string): string {
  const { code } = transformSync(`(${source})`, {
    jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { pragma: 'h', pragmaFrag: 'Fragment', runtime: 'classic' } }, target: 'es2022' },
    isModule: false,
  });
  return code;
}

/** The page's own components, written once for docjet (MDX) and once for the vm. */
const COMPONENTS = {
  mdx: ['export const Badge = ({ children }) => <span className="badge">{children}</span>', 'export const List = ({ items }) => <ol>{items.map(i => <li>{i}</li>)}</ol>'],
  vm: 'var Badge = ({ children }) => h("span", { className: "badge" }, children); var List = ({ items }) => h("ol", null, items.map((i) => h("li", null, i)));',
};

const JSX_ROWS: string[] = [
  'items.map(i => <li>{i}</li>)',
  '<ul>{items.map(i => <li key={i}>{i}</li>)}</ul>',
  "<>{items.join(', ')} &amp; <b>{n}</b></>",
  'users.filter(u => u.admin).map(u => <Badge>{u.name}</Badge>)',
  'flag && <em>on</em>',
  'off && <em>on</em>',
  'nothing ?? <i>none</i>',
  'n > 0 ? <b>pos</b> : <i>neg</i>',
  "[<b>x</b>, ' & ', ['y', [<i>z</i>]]]",
  '<a href={`/users/${user.name}`} className="link">{user.name}</a>',
  "users.map(({ name, admin }) => <span className={admin ? 'admin' : undefined}>{name}</span>)",
  '<div>{user.tags.map((tag, i) => <code>{i}:{tag}</code>)}</div>',
  "<Badge>{[...items, 'd'].join('')}</Badge>",
  "<div>{'<script>'}</div>",
  'items.map(i => <>{i}<br /></>)',
  '<List items={items} />',
  '<input disabled value={n} />',
  '`${t}!`',
];

const renderer = createPageRenderer({ root: fileURLToPath(new URL('../fixtures/snippets/site/', import.meta.url)) });

function renderPage(body: string): { html: string; diagnostics: string[] } {
  const exports = Object.entries(VALUES).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`);
  const text = [...exports, ...COMPONENTS.mdx, '', body, ''].join('\n');
  const result = renderer.render({ file: 'conformance.mdx', text, format: 'mdx' });
  return { html: result.html, diagnostics: result.diagnostics.map((d) => `${d.code}: ${d.message}`) };
}

/**
 * The same markup however it is escaped (components escape with `escapeHtml`, hast with hex
 * references); a callout's label is its title as text, which the vm's HTML does not compute.
 */
function canonical(html: string): string {
  return html
    .replace(/ aria-label="[^"]*"/g, '')
    .replace(/&amp;/g, '&#x26;')
    .replace(/&lt;/g, '&#x3C;')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '&#x22;')
    .replace(/&#39;/g, "'");
}

const NOTE = (title: string): string =>
  `<aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body"><p class="callout-title">${title}</p>x</div></aside>`;

/** Each position an expression can stand in on a page, and what it makes of the expression's HTML. */
const POSITIONS: [name: string, page: (source: string) => string, expected: (html: string) => string][] = [
  ['a block of its own', (source) => `{${source}}`, (html) => html],
  ['inside a line', (source) => `Before {${source}} after.`, (html) => `<p>Before ${html} after.</p>`],
  ['inside an HTML element', (source) => `<div>\n  {${source}}\n</div>`, (html) => `<div>${html}</div>`],
  ["a component's children", (source) => `<Badge>\n  {${source}}\n</Badge>`, (html) => `<span class="badge">${html}</span>`],
  [
    "a built-in component's attribute",
    (source) => `<Note title={${source}}>x</Note>`,
    (html) => (html === '' ? '<aside class="callout callout-note" role="note" aria-label="Note"><div class="callout-body">x</div></aside>' : NOTE(html)),
  ],
];

test(`conformance: ${JSX_ROWS.length} JSX expressions render as JavaScript's JSX does, in ${POSITIONS.length} positions`, () => {
  const wrong: string[] = [];
  for (const source of JSX_ROWS) {
    const expected = toHtml(runInNewContext(`${COMPONENTS.vm}\n${compileJsx(source)}`, { ...structuredClone(VALUES), h, Fragment }));
    for (const [name, page, wrap] of POSITIONS) {
      const result = renderPage(page(source));
      if (canonical(result.html) !== canonical(wrap(expected)) || result.diagnostics.length > 0) {
        wrong.push(`${source} (${name}): docjet ${JSON.stringify(result.html)} ${JSON.stringify(result.diagnostics)}, JavaScript ${JSON.stringify(wrap(expected))}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('conformance: values that JSX cannot show are reported where they stand, never dropped', () => {
  for (const source of ['obj', 'users', '[1, obj]']) {
    const result = renderPage(`Text {${source}} here.`);
    assert.equal(result.html, `<p>Text {${source}} here.</p>`);
    assert.equal(result.diagnostics.length, 1, source);
    assert.match(result.diagnostics[0]!, /^mdx-expression-unsupported: .* is an object, which JSX cannot show/);
  }
});

test("conformance: docjet values are the evaluator's kinds", () => {
  const markup = docjetValue('<b>x</b>');
  assert.ok(markup.ok && markup.value instanceof Markup);
  const fn = docjetValue('(() => () => 1)()');
  assert.deepEqual(fn, { ok: false, reason: 'unsupported', what: 'a function' });
  const value: Value = new Callable('f', () => 1);
  assert.ok(value instanceof Callable);
});
