import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFrontmatter, frontmatterSchema } from '../../src/content/frontmatter-schema.ts';

const check = (data: Record<string, unknown>) => checkFrontmatter({ file: 'page.mdx', text: '---\n---\n', data });

/** Each input checked without a problem, to the values the schema gives, keys in its order. */
function readsAsTheSchema(inputs: readonly Record<string, unknown>[]): void {
  for (const input of inputs) {
    const { frontmatter, diagnostics } = check(input);
    assert.deepEqual(diagnostics, []);
    const expected = frontmatterSchema.parse(input);
    assert.deepEqual(frontmatter, expected);
    assert.deepEqual(Object.keys(frontmatter), Object.keys(expected));
  }
}

test('frontmatter of text alone reads exactly as the schema reads it: same values, same key order', () => {
  const inputs: Record<string, unknown>[] = [
    { title: 'Quickstart', description: 'Start here' },
    { zed: 'custom', description: 'd', 'og:image': '/a.png', title: 't', icon: 'rocket', sidebarTitle: 'Go' },
    { api: 'GET https://api.example.com/users', openapi: 'GET /users', url: 'https://example.com', mode: 'wide', tag: 'NEW' },
    { title: '' },
  ];
  readsAsTheSchema(inputs);
});

test('flags, numbers, enums and lists of text read exactly as the schema reads them, the lists copied', () => {
  const keywords = ['a', 'b c'];
  const inputs: Record<string, unknown>[] = [
    { title: 'Search', keywords, boost: 2.5, description: 'd' },
    { hidden: true, noindex: false, searchable: true, public: true, deprecated: false, rss: true },
    { hidden: 'true', title: 1.1, sidebarTitle: false, playground: 'simple', authMethod: 'bearer' },
    { custom: { nested: [1, 2] }, list: [['x']], empty: null, 'og:image': '/a.png', 'twitter:card': 'summary', keywords: [] },
  ];
  readsAsTheSchema(inputs);
  assert.notEqual(check({ keywords }).frontmatter['keywords'], keywords);
});

test('values the schema would refuse are still warnings, however close to a plain value', () => {
  const refused: Record<string, unknown>[] = [
    { boost: Infinity },
    { boost: Number.NaN },
    { hidden: 'yes' },
    { keywords: ['a', 1] },
    { keywords: [['a']] },
    { playground: 'full' },
    { 'og:image': true },
  ];
  for (const input of refused) assert.equal(check(input).diagnostics.length, 1, JSON.stringify(input));
});

test('text where a key expects something else is still a warning and left out', () => {
  for (const [key, value] of [
    ['hidden', 'yes'],
    ['playground', 'loud'],
    ['noindex', 'true'],
    ['boost', '2'],
  ] as const) {
    const { frontmatter, diagnostics } = check({ title: 'Page', [key]: value });
    assert.equal(diagnostics.length, 1, key);
    assert.equal(diagnostics[0]!.code, 'frontmatter-type');
    assert.equal(key in frontmatter, false, key);
    assert.equal(frontmatter.title, 'Page');
  }
  // The string spellings the schema accepts for a flag are kept as they are.
  assert.equal(check({ hidden: 'true' }).frontmatter.hidden, 'true');
});

test('groups (access groups in the hosted product) is a warning at its line: a docjet site publishes the page for everyone', () => {
  const text = '---\ntitle: Admin\ngroups: ["admin", "beta"]\n---\n';
  const { frontmatter, diagnostics } = checkFrontmatter({ file: 'admin.mdx', text, data: { title: 'Admin', groups: ['admin', 'beta'] } });
  assert.deepEqual(frontmatter.groups, ['admin', 'beta']);
  assert.equal(diagnostics.length, 1);
  assert.deepEqual([diagnostics[0]!.code, diagnostics[0]!.severity, diagnostics[0]!.line, diagnostics[0]!.column], ['page-access-groups', 'warning', 3, 1]);
  assert.match(diagnostics[0]!.message, /"admin" or "beta".*no sign-in/);
  assert.deepEqual(check({ title: 'Public', groups: [] }).diagnostics, []);
});
