/**
 * Every message is made in the catalogue (`src/shared/messages.ts`) from typed facts: no code takes its
 * text from the call site. `SAMPLES` holds facts for every code (the compiler checks that no code
 * is missing and that each sample has the code's parameter types); each must give a whole sentence.
 * The codes whose wording moved into the catalogue last are spelt out, one case each, so a change
 * to what users read shows here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cachedCopyNote, CATALOGUE, diagnostic, type DiagnosticCode, type MessageParams } from '../src/shared/messages.ts';

/** At least one set of facts per code, typed by the code's own parameters. */
const SAMPLES: { readonly [C in DiagnosticCode]: readonly [MessageParams<C>, ...MessageParams<C>[]] } = {
  'config-not-found': [{ root: '/site' }],
  'config-unreadable': [{ file: 'docs.json', reason: 'EACCES' }],
  'json-syntax': [
    { file: 'docs.json', reason: 'Unexpected token', included: false },
    { file: 'nav.json', reason: undefined, included: true },
  ],
  'json-duplicate-key': [{ key: 'name' }],
  'ref-missing': [
    { reference: './nav.json', file: 'nav.json', pointer: undefined },
    { reference: './nav.json#/tabs', file: 'nav.json', pointer: '/tabs' },
  ],
  'ref-cycle': [{ loop: ['docs.json', 'a.json', 'docs.json'] }],
  'ref-invalid': [{ problem: 'not-string' }, { problem: 'folder', reference: './nav' }],
  'ref-siblings': [{ siblings: ['tab'] }, { siblings: ['tab', 'icon'] }],
  'legacy-config': [{ ignored: ['analytics'] }, { ignored: ['analytics', 'feedback'] }],
  'unknown-key': [
    { key: 'naem', object: undefined, known: ['name', 'theme'], problem: 'unknown', suggestion: 'name' },
    { key: 'colour', object: 'navigation.groups[0]', known: ['group', 'pages'], problem: 'unknown', suggestion: undefined },
    { key: 'heading', object: 'fonts', known: ['family', 'weight'], problem: 'other-form', beside: ['family'], otherForm: ['heading', 'body'] },
  ],
  'missing-field': [
    { owner: 'the tab "API" at navigation.tabs[1]', key: 'groups', hint: undefined },
    { owner: 'navigation.groups[0]', key: 'pages', hint: 'the list of its pages' },
  ],
  'invalid-type': [
    { problem: 'value', target: '"logo"', expected: 'a string or an object', found: 'the number 42', advice: undefined },
    { problem: 'value', target: 'a page entry', expected: 'a page path', found: 'the number 5', advice: { write: 'page-path' } },
    { problem: 'value', target: '"pages"', expected: 'a list', found: 'the string "index"', advice: { write: 'list' } },
    { problem: 'value', target: '"prompt"', expected: 'a string', found: 'the number 7', advice: { write: 'quoted', text: '7' } },
    { problem: 'value', target: '"strict"', expected: 'true or false', found: 'the string "yes"', advice: { write: 'boolean' } },
    { problem: 'config-not-object', file: 'docs.json', found: 'a list' },
  ],
  'invalid-value': [
    { target: '"theme"', problem: 'not-allowed', allowed: ['mint', 'maple'], value: 'mapel', suggestion: 'maple' },
    { target: '"type"', problem: 'not-allowed', allowed: ['info', 'warning'], value: 'danger', suggestion: undefined },
    { target: '"tab"', problem: 'empty', inList: false },
    { target: 'a tab', problem: 'too-few', minimum: 1, inList: true },
    { target: '"size"', problem: 'too-small', reason: 'Too small: expected number to be >=1', inList: false },
    { target: '"primary"', problem: 'format', reason: 'must be a hex color such as "#0D9373"', value: 'red' },
    { target: '"openapi"', problem: 'invalid', reason: 'Invalid input' },
    { target: 'the config', problem: 'invalid', reason: undefined },
  ],
  'nav-no-pattern': [{ onlyGlobal: true, patterns: ['groups', 'pages'] }],
  'nav-multiple-patterns': [{ count: 2, kept: 'tabs', others: ['groups'], keptHolder: 'a tab' }],
  'nav-mixed-children': [{ element: 'a tab', children: ['anchors', 'groups'], inner: 'groups', outer: 'anchors', outerHolder: 'an anchor' }],
  'nav-link-with-children': [{ element: 'the tab "API"', href: 'https://x.dev', children: ['groups'], elementName: 'tab' }],
  'menu-item-content': [{ key: 'tabs' }],
  'global-anchor-href': [{ href: '/guides' }, { href: 'example.com' }],
  'href-unsafe': [
    { key: 'href', scheme: 'javascript', use: 'link' },
    { key: 'logo', scheme: 'data', use: 'image' },
  ],
  'language-unknown': [{ code: 'eng', suggestion: 'en', supported: ['en', 'fr'] }],
  'language-alias': [{ code: 'zh-CN', name: 'Chinese', canonical: 'cn' }],
  'version-label': [
    { label: 'v1', suggested: '1.0.0' },
    { label: 'latest', suggested: undefined },
  ],
  'default-multiple': [{ kind: 'version', item: '2.0.0', first: '1.0.0' }],
  'page-missing': [{ entry: 'guides/intro', wanted: 'guides/intro', suggestion: 'guides/introduction' }],
  'file-missing': [
    { setting: 'logo.light', file: '/images/logo.svg', suggestion: '/images/logo.png' },
    { setting: 'image', file: 'diagram.png', suggestion: undefined },
  ],
  'page-extension': [{ entry: 'index.mdx', id: 'index' }],
  'openapi-missing': [
    { file: 'api/openapi.yml', at: 'spec', problem: 'missing', suggestion: 'api/openapi.yaml' },
    { file: 'nowhere/spec.json', at: 'spec', problem: 'missing', suggestion: undefined },
    { file: 'api', at: 'spec', problem: 'folder' },
    { file: 'api/openapi.yml', at: 'config', problem: 'missing', suggestion: 'api/openapi.yaml' },
    { file: 'api', at: 'config', problem: 'folder' },
    { file: 'https://example.com/spec.yaml', at: 'config', problem: 'unchecked' },
  ],
  'openapi-syntax': [{ file: 'openapi.yaml', format: 'YAML', reason: 'bad indentation' }],
  'openapi-invalid': [
    { file: 'openapi.json', problem: 'empty' },
    { file: 'openapi.json', problem: 'no-operations', key: 'openapi', version: '3.1.0', wanted: '`paths` or `webhooks`' },
  ],
  'openapi-no-endpoints': [{ file: 'models.yaml' }],
  'openapi-access-groups': [
    { file: 'api.yaml', count: 1, first: 'GET /admin/users' },
    { file: 'api.yaml', count: 3, first: 'GET /admin/users' },
  ],
  'openapi-unreadable': [{ file: 'openapi.json', reason: 'EACCES' }],
  'openapi-external-ref': [
    { file: 'openapi.yaml', operation: undefined, count: 1, first: 'schemas.yaml#/Pet', operations: 1, pathItems: 0 },
    { file: 'openapi.yaml', operation: 'GET /pets', count: 2, first: 'schemas.yaml#/Pet' },
  ],
  'openapi-unresolved-ref': [
    { file: 'openapi.yaml', operation: undefined, count: 1, first: '#/paths/~1x' },
    { file: 'openapi.yaml', operation: 'GET /pets', count: 2, first: '#/components/schemas/Pet' },
  ],
  'openapi-ref-outside-root': [
    { reference: '../../etc/passwd', problem: 'outside', reason: 'is outside the site folder' },
    { reference: '/etc/passwd', problem: 'absolute' },
  ],
  'openapi-ref-remote': [{ reference: 'https://example.com/pet.yaml' }],
  'openapi-ref-missing': [
    { reference: 'pets.yaml', file: 'api/pets.yaml', problem: 'file', suggestion: 'pet.yaml' },
    { reference: 'nowhere.yaml', file: 'api/nowhere.yaml', problem: 'file', suggestion: undefined },
    { reference: 'schemas', file: 'api/schemas', problem: 'folder' },
    { reference: 'pet.yaml#/Dog', file: 'api/pet.yaml', problem: 'pointer', pointer: '#/Dog' },
  ],
  'openapi-ref-unreadable': [
    { reference: 'pet.yaml', file: 'api/pet.yaml', problem: 'syntax', format: 'YAML', line: 2, column: 1, reason: 'bad indentation' },
    { reference: 'pet.yaml', file: 'api/pet.yaml', problem: 'io', reason: 'EACCES' },
  ],
  'openapi-bundle-failed': [{ file: 'openapi.yaml', reason: 'Self-referencing circular pointer' }],
  'openapi-remote': [
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'offline' } },
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'unreachable', host: 'example.com', code: 'ENOTFOUND' } },
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'timeout', seconds: 10 } },
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'status', status: 404 } },
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'too-large', limitMb: 50 } },
    { url: 'https://example.com/openapi.json', at: 'config', failure: { kind: 'redirect-scheme', scheme: 'file:' } },
    { url: 'https://example.com/openapi.json', at: 'spec', failure: { kind: 'not-fetched' } },
  ],
  'openapi-private-address': [
    {
      url: 'http://127.0.0.1:8080/openapi.json',
      at: 'config',
      failure: { kind: 'private-address', host: '127.0.0.1', address: '127.0.0.1', range: 'loopback', redirected: false },
    },
    {
      url: 'https://intranet.example/openapi.json',
      at: 'config',
      failure: { kind: 'private-address', host: 'intranet.example', address: '10.0.0.7', range: 'private', redirected: false },
    },
    { url: 'https://example.com/openapi.json', at: 'spec', failure: { kind: 'private-address', host: '[fe80::1]', address: 'fe80::1', range: 'link-local', redirected: true } },
  ],
  'openapi-cache-unusable': [
    { url: 'https://example.com/openapi.json', action: 'save', problem: 'outside', folder: '.docjet' },
    { url: 'https://example.com/openapi.json', action: 'read', problem: 'error', reason: 'EACCES' },
  ],
  'endpoint-not-found': [{ reference: 'GET /pet', specs: ['openapi.yaml'], inForceAt: 'navigation.tabs[0].openapi', suggestions: ['GET /pets'] }],
  'endpoint-no-openapi': [{ entry: 'GET /pets' }],
  'expanded-top-level': [{}],
  'setting-no-effect': [{ setting: 'api.playground.proxy' }, { setting: 'api.examples.prefill' }],
  'contextual-option-no-effect': [
    { options: ['devin-mcp'], gap: 'mcp' },
    { options: ['claud'], gap: 'unknown', suggestion: 'claude' },
    { options: ['devin-mcp'], gap: 'mcp', pages: 2 },
  ],
  'redirect-duplicate': [{ source: '/a', firstIndex: 0, firstSpelling: '/a/', firstAt: 'docs.json:12' }],
  'redirect-chain': [
    { hops: ['/a', '/b', '/c'], loop: false },
    { hops: ['/a', '/b', '/a'], loop: true },
  ],
  'link-broken': [
    { url: '../setup', path: '/guides/setup', suggestion: '/guide/setup' },
    { url: '/old', path: '/new', via: '/old' },
  ],
  'link-external-broken': [{ url: 'https://example.com/gone', status: 404 }],
  'anchor-missing': [
    { url: '/setup#instal', anchor: 'instal', page: '/setup', suggestion: 'install' },
    { url: '#nope', anchor: 'nope', page: '/setup' },
  ],
  'redirect-path-invalid': [
    { field: 'source', value: '/a\u0000b', problem: 'control', maxSegment: 200, maxPath: 2048 },
    { field: 'destination', value: '/a%2F..%2Fb', problem: 'encoded-separator', maxSegment: 200, maxPath: 2048 },
    { field: 'source', value: `/${'x'.repeat(300)}`, problem: 'segment-too-long', maxSegment: 200, maxPath: 2048 },
    { field: 'source', value: '/x/'.repeat(800), problem: 'too-long', maxSegment: 200, maxPath: 2048 },
  ],
  'group-pages-missing': [{ label: 'Guides' }, { label: undefined }],
  'group-root-missing': [{ entry: 'guides', wanted: 'guides', suggestion: undefined }],
  'route-collision': [{ kept: 'a.mdx', dropped: 'a/index.mdx', route: 'a' }],
  'endpoint-route-taken': [
    { file: 'api-reference/pets/list-pets.mdx', operation: 'GET /pets', spec: 'openapi.json', route: 'api-reference/pets/list-pets', given: 'api-reference/pets/list-pets-1' },
  ],
  'overview-route-taken': [{ file: 'api-reference/overview.mdx', spec: 'openapi.json', route: 'api-reference/overview', given: 'api-reference/overview-1' }],
  'duplicate-page-file': [{ ignored: 'intro.md', used: 'intro.mdx', id: 'intro' }],
  'symlink-outside-root': [{ target: '/etc/passwd' }],
  'symlink-cycle': [{ folder: undefined }, { folder: 'docs' }],
  'symlink-broken': [{ reason: 'points at nothing' }],
  'frontmatter-leading-blank': [{ openLine: 2, blankLines: 1 }],
  'frontmatter-not-mapping': [{ kind: 'a list' }],
  'frontmatter-unclosed': [{ openLine: 1 }],
  'frontmatter-syntax': [{ reason: 'bad indentation', fix: 'Indent the line.' }],
  'frontmatter-indentation': [{}],
  'page-unreadable': [{ reason: 'EACCES' }],
  'folder-unreadable': [{ reason: 'EACCES' }],
  'site-folder-missing': [{ root: 'docs', reason: 'ENOENT' }],
  'mintignore-unreadable': [{ reason: 'EACCES' }],
  'mdx-syntax': [
    { problem: 'void-element', name: 'br' },
    { problem: 'esm-line', keyword: 'import', reason: 'Unexpected token' },
    { problem: 'shown-as-text', brace: true, reason: 'Unexpected end' },
  ],
  'mdx-html-comment': [{}],
  'mdx-fallback-markdown': [{ reason: 'Unexpected closing tag' }],
  'mdx-expression-undefined': [
    { in: 'text', name: 'x', source: 'x' },
    { in: 'attribute', name: 'x', attribute: 'title', element: 'Card' },
  ],
  'variable-undefined': [
    { name: 'productName', others: [], suggestion: undefined },
    { name: 'prodct', others: ['version', 'team.name'], suggestion: 'product' },
  ],
  'mdx-expression-unsupported': [
    { problem: 'needs-javascript', source: 'f()', what: 'a call' },
    { problem: 'spread-not-object', attribute: '{...x}', element: 'Card' },
  ],
  'mdx-evaluation-budget': [
    { subject: '`{f()}`', limit: 'steps', outcome: 'so it is shown as written' },
    { subject: '`<Hero>`', limit: 'size', outcome: 'the page shows its children without it' },
    { subject: 'the attribute `title` of `<Card>`', limit: 'pattern-time', outcome: 'the attribute is left out' },
  ],
  'mdx-unknown-component': [
    { name: 'Widget', pageCode: false },
    { name: 'Widget', pageCode: true },
  ],
  'script-tag': [{}],
  'code-fence-unclosed': [{}],
  'math-invalid': [
    { in: 'dollars', formula: '\\frac{1}{', reason: "Unexpected end of input in a macro argument, expected '}', at the end", price: false },
    { in: 'dollars', formula: '5\\frac', reason: "Unexpected end of input in a macro argument, expected '}', at the end", price: true },
    { in: 'latex', formula: '\\oops', reason: 'Undefined control sequence: \\oops, at character 1' },
  ],
  'component-failed': [{ name: 'Tabs', reason: 'boom' }],
  'page-render-timeout': [{ route: 'guides/slow', seconds: 60 }],
  'page-render-failed': [
    { operation: undefined, reason: 'boom' },
    { operation: 'GET /pets', reason: 'boom' },
  ],
  'icon-unknown': [
    { name: 'rocet', suggestion: 'rocket', library: 'fontawesome' },
    { name: 'zzz', suggestion: undefined, library: 'lucide' },
  ],
  'snippet-missing': [
    { via: 'import', source: '/snippets/a.mdx', file: 'snippets/a.mdx', suggestion: undefined },
    { via: 'element', file: 'a.mdx', name: 'a.mdx', suggestion: 'b.mdx' },
  ],
  'snippet-unreadable': [{ reason: 'EACCES' }],
  'snippet-import-package': [{ source: '@mintlify/components', imported: 'Foo', builtInPackage: true }],
  'snippet-import-unsupported': [
    { via: 'import', name: '/snippets/a.ts', file: 'snippets/a.ts' },
    { via: 'element', name: 'a.ts', file: 'snippets/a.ts' },
  ],
  'snippet-export-missing': [
    { via: 'import', source: '/snippets/a.jsx', imported: 'B', local: 'B', exports: ['A'], suggestion: 'A' },
    { via: 'import', source: '/snippets/a.jsx', imported: 'default', local: 'A', exports: [], suggestion: undefined },
    { via: 'element', name: 'a.jsx', file: 'snippets/a.jsx' },
  ],
  'snippet-syntax': [{ reason: 'Unexpected token' }],
  'snippet-cycle': [
    { via: 'import', loop: true, chain: 'a → b → a', maxDepth: 32 },
    { via: 'element', loop: false, chain: 'a → b', maxDepth: 32 },
  ],
  'component-partial': [{ subject: '`<Counter>`', uses: 'useState', outcome: 'its first render is shown' }],
  'output-is-site': [
    { folder: '/', problem: 'file-system-root' },
    { folder: 'docs', problem: 'contains-site' },
  ],
  'output-is-file': [
    { folder: 'out', file: undefined },
    { folder: 'out/site', file: 'out' },
  ],
  'output-link-outside': [{ folder: 'dist', real: '/srv/www' }],
  'output-in-cache': [{ folder: '.docjet' }],
  'output-not-docjet': [
    { folder: 'out', marker: 'none', files: [{ name: 'cv.txt', changed: false }], more: false },
    { folder: 'out', marker: 'unrecorded', files: [{ name: 'a.txt', changed: false }], more: true },
    { folder: 'out', marker: 'recorded', files: [{ name: 'index.html', changed: true }], more: false },
  ],
  'output-holds-site-files': [
    { folder: 'images', marker: 'none', files: [{ name: 'logo.svg', changed: false }], more: false },
    { folder: 'dist', marker: 'unrecorded', files: [{ name: 'index.html', changed: false }], more: false },
    { folder: 'guides', marker: 'unrecorded', files: [{ name: 'intro.mdx', changed: false }], more: false },
  ],
  'output-unwritable': [{ folder: 'out', reason: 'EACCES', stage: 'create' }],
  'output-write-failed': [
    { stage: 'write', relative: 'index.html', reason: 'ENOSPC' },
    { stage: 'commit', folder: 'out', reason: 'EXDEV' },
  ],
  'sitemap-no-url': [{}],
  'url-unsafe': [
    { in: 'prop', prop: 'href', scheme: 'javascript', use: 'link' },
    { in: 'prop', prop: 'img', scheme: 'javascript', use: 'image' },
    { in: 'attribute', attribute: 'href', element: 'a', scheme: 'javascript', url: 'javascript:void(0)' },
    { in: 'markdown', kind: 'link', scheme: 'javascript', url: 'javascript:alert(1)' },
    { in: 'markdown', kind: 'image', scheme: 'data', url: 'data:text/html;base64,AAAA' },
    { in: 'frontmatter', scheme: 'javascript' },
  ],
  'html-unsafe': [
    { tag: '`<object>`', attribute: undefined },
    { tag: '`<div>`', attribute: 'onclick' },
  ],
  'ref-outside-root': [{ reference: '../secret.json', reason: 'is outside the site folder' }],
  'config-outside-root': [{ configFile: 'docs.json' }],
  'snippet-outside-root': [{ via: 'import', name: '../x.mdx', reason: 'is outside the site folder' }],
  'openapi-outside-root': [{ file: '../other/spec.yaml', reason: 'is outside the site folder' }],
  'nesting-too-deep': [{ max: 256, throughRefs: true }],
  'ref-too-many': [{ max: 1000 }],
  'page-nesting-too-deep': [{ max: 256 }],
  'page-syntax-limit': [
    { limit: 'brackets', count: 40_001, max: 1_000, places: 1 },
    { limit: 'emphasis', count: 1_001, max: 1_000, places: 2 },
    { limit: 'backticks', count: 40, max: 32, places: 3 },
    { limit: 'lazy-lines', count: 500, max: 300, places: 1 },
    { limit: 'references', count: 800_000, max: 50_000, places: 1 },
    { limit: 'definitions', count: 30_000, max: 2_000, places: 1 },
  ],
  'yaml-aliases-too-many': [
    { in: 'frontmatter', reason: 'too many aliases' },
    { in: 'openapi', file: 'openapi.yaml', reason: 'too many aliases' },
  ],
  'encoding-invalid': [{ what: 'page', byte: 12 }],
  'nul-character': [
    { file: 'openapi.json', count: 1 },
    { file: 'openapi.json', count: 3 },
  ],
  'route-too-long': [{ route: 'a/b', problem: 'a segment is 300 bytes', fromFile: true, maxBytes: 255 }],
  'page-access-groups': [{ groups: '"admin" or "beta"' }],
  'frontmatter-type': [{ key: 'hidden', value: 'the string "yes"', expects: 'true or false', example: 'true' }],
  'frontmatter-endpoint-not-found': [
    { reference: 'GET /owners', searched: 2, remote: false },
    { reference: 'GET /x', searched: 0, remote: true },
  ],
  'frontmatter-schema-not-found': [
    { reference: 'OrderItm', searched: 1, suggestion: 'OrderItem' },
    { reference: 'api.yaml Nope', searched: 0, suggestion: undefined },
  ],
  'frontmatter-api-invalid': [
    { value: 'https://api.example.com/v1/things', problem: 'no-method', word: undefined, suggestion: 'GET https://api.example.com/v1/things' },
    { value: 'PSOT /v1/things', problem: 'unknown-method', word: 'PSOT', suggestion: 'POST /v1/things' },
    { value: 'GET', problem: 'no-url', word: undefined, suggestion: undefined },
    { value: 'GET ftp://files.example.com', problem: 'bad-url', word: 'ftp://files.example.com', suggestion: undefined },
    { value: 'GET /v1/things HTTP/1.1', problem: 'extra-words', word: 'HTTP/1.1', suggestion: 'GET /v1/things' },
  ],
  'example-repeated': [{ name: 'RequestExample' }, { name: 'ResponseExample' }],
};

/**
 * A code whose facts carry a `message`: its text would be written where the problem is found.
 * Distributes over a union of facts, so one such case is enough to name the code.
 */
type TakesMessage<C extends DiagnosticCode, P = MessageParams<C>> = P extends { message: unknown } ? C : never;
type TextTakingCode = { [C in DiagnosticCode]: TakesMessage<C> }[DiagnosticCode];
const noCodeTakesText: [TextTakingCode] extends [never] ? true : false = true;

/** The words a user reads for `code` with `params`: message, then fix. */
function words<C extends DiagnosticCode>(code: C, params: MessageParams<C>): [string, string | undefined] {
  const made = diagnostic(code, undefined, 'docs.json', params);
  return [made.message, made.fix];
}

function samplesOf<C extends DiagnosticCode>(code: C): readonly MessageParams<C>[] {
  return SAMPLES[code];
}

test('no code takes its message from the call site', () => {
  assert.equal(noCodeTakesText, true);
});

test('every code makes a whole message, and a whole fix when it has one, from its facts', () => {
  const problems: string[] = [];
  for (const code of Object.keys(CATALOGUE) as DiagnosticCode[]) {
    for (const params of samplesOf(code)) {
      const [message, fix] = words(code, params);
      for (const [part, text] of [
        ['message', message],
        ['fix', fix],
      ] as const) {
        if (text === undefined) continue;
        if (text.trim() === '') problems.push(`${code}: empty ${part}`);
        if (/\bundefined\b|\bnull\b|\[object |\bNaN\b/.test(text)) problems.push(`${code}: ${part} "${text}"`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('schema problems: the place, what was expected and what was found, and what to write', () => {
  assert.deepEqual(
    samplesOf('unknown-key').map((params) => words('unknown-key', params)),
    [
      ['unknown key "naem" at the top level; it has no effect', 'Did you mean "name"?'],
      ['unknown key "colour" in navigation.groups[0]; it has no effect', 'Remove it; known keys here: group, pages.'],
      [
        'key "heading" in fonts cannot be mixed with "family": they belong to two different forms of this setting; "heading" has no effect',
        'Use one form: family, weight; or heading, body.',
      ],
    ],
  );
  assert.deepEqual(
    samplesOf('missing-field').map((params) => words('missing-field', params)),
    [
      ['the tab "API" at navigation.tabs[1] needs "groups"', 'Add "groups".'],
      ['navigation.groups[0] needs "pages" (the list of its pages)', 'Add "pages".'],
    ],
  );
  assert.deepEqual(
    samplesOf('invalid-type').map((params) => words('invalid-type', params)),
    [
      ['"logo" must be a string or an object, not the number 42', 'Change the value to the expected type.'],
      ['a page entry must be a page path, not the number 5', 'Write the page path as a string, or wrap pages in a group.'],
      ['"pages" must be a list, not the string "index"', 'Use a list: [ … ].'],
      ['"prompt" must be a string, not the number 7', 'Write it in double quotes: "7".'],
      ['"strict" must be true or false, not the string "yes"', 'Write true or false, without quotes.'],
      ['docs.json must hold a JSON object, not a list', 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.'],
    ],
  );
  assert.deepEqual(
    samplesOf('invalid-value').map((params) => words('invalid-value', params)),
    [
      ['"theme" must be "mint" or "maple", not "mapel"', 'Did you mean "maple"?'],
      ['"type" must be "info" or "warning", not "danger"', 'Use one of the allowed values.'],
      ['"tab" must not be empty', 'Fill it in.'],
      ['a tab must list at least 1 item', 'Fill it in, or remove it from the list.'],
      ['"size" is too small (Too small: expected number to be >=1)', 'Fill it in.'],
      ['"primary" must be a hex color such as "#0D9373"; got "red"', 'Correct the value.'],
      ['"openapi" is not valid: Invalid input', 'Correct the value.'],
      ['the config is not valid', 'Correct the value.'],
    ],
  );
});

test('OpenAPI files not read: said of the file by the loader, and where docs.json names it', () => {
  assert.deepEqual(
    samplesOf('openapi-missing').map((params) => words('openapi-missing', params)),
    [
      ['The OpenAPI file `api/openapi.yml` does not exist.', 'Did you mean `api/openapi.yaml`?'],
      ['The OpenAPI file `nowhere/spec.json` does not exist.', 'Check the path: it is relative to the folder that holds docs.json.'],
      ['`api` is a folder, not an OpenAPI file.', 'Name the spec file itself, for example `openapi.yaml`.'],
      ['the OpenAPI file "api/openapi.yml" does not exist', 'Did you mean `api/openapi.yaml`?'],
      ['the OpenAPI file "api" does not exist', 'Name the spec file itself, for example `openapi.yaml`.'],
      ['the OpenAPI file "https://example.com/spec.yaml" does not exist', 'Fix the path (relative to the folder that holds docs.json), or add the file.'],
    ],
  );
  assert.deepEqual(
    samplesOf('openapi-remote').map((params) => words('openapi-remote', params)),
    [
      [
        'the OpenAPI file "https://example.com/openapi.json" was not fetched (offline) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Run docjet once without --offline (and without DOCJET_OFFLINE=1) to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'the OpenAPI file "https://example.com/openapi.json" could not be fetched (example.com could not be resolved) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Run docjet once with network access to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'the OpenAPI file "https://example.com/openapi.json" could not be fetched (no answer within 10 s) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Run docjet once with network access to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'the OpenAPI file "https://example.com/openapi.json" could not be fetched (the server answered HTTP 404) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Check the URL, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'the OpenAPI file "https://example.com/openapi.json" could not be fetched (it is larger than 50 MB, the most docjet downloads) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Check the URL, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'the OpenAPI file "https://example.com/openapi.json" could not be fetched (the server redirected to a "file:" address; only http and https are followed) and no copy is cached yet; endpoint references under it are not checked and get no pages',
        'Check the URL, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
      [
        'The OpenAPI file `https://example.com/openapi.json` was not fetched in this run and no copy is cached yet.',
        'Run docjet once with network access to cache it in .docjet/cache, or download the spec into the docs folder and point "openapi" at the local file.',
      ],
    ],
  );
  const privateFix =
    'If the spec is meant to come from your own network, pass --allow-private-network (library: `allowPrivateNetwork: true`); else download it into the docs folder and point "openapi" at the local file.';
  assert.deepEqual(
    samplesOf('openapi-private-address').map((params) => words('openapi-private-address', params)),
    [
      [
        'the OpenAPI file "http://127.0.0.1:8080/openapi.json" was not fetched: 127.0.0.1 is a loopback address (this machine), and docjet fetches specs from public addresses only unless told to; endpoint references under it are not checked and get no pages',
        privateFix,
      ],
      [
        'the OpenAPI file "https://intranet.example/openapi.json" was not fetched: intranet.example resolves to 10.0.0.7, a private-network address, and docjet fetches specs from public addresses only unless told to; endpoint references under it are not checked and get no pages',
        privateFix,
      ],
      [
        'The OpenAPI file `https://example.com/openapi.json` was not fetched: the server redirected to [fe80::1], which is a link-local address, and docjet fetches specs from public addresses only unless told to.',
        privateFix,
      ],
    ],
  );
  assert.deepEqual(
    samplesOf('openapi-cache-unusable').map((params) => words('openapi-cache-unusable', params)),
    [
      [
        'the fetched copy of "https://example.com/openapi.json" was not saved in .docjet/cache (`.docjet` leads outside the site folder through a symbolic link); this build uses it, but a build without network access will not have it',
        'Make `.docjet` a folder of the site rather than a link out of it, or remove it: docjet creates it.',
      ],
      ['the cached copy of "https://example.com/openapi.json" was not read (EACCES)', 'Check that docjet may create and write `.docjet/cache` in the site folder.'],
    ],
  );
  assert.equal(
    cachedCopyNote({ url: 'https://example.com/openapi.json', fetchedAt: '2025-03-04T05:06:07.000Z', failure: { kind: 'unreachable', host: 'example.com', code: 'ECONNREFUSED' } }),
    'https://example.com/openapi.json could not be fetched (example.com refused the connection); the copy cached on 2025-03-04 05:06 UTC was used.',
  );
  assert.deepEqual(words('openapi-outside-root', { file: '../other/spec.yaml', reason: 'is outside the site folder' }), [
    'The OpenAPI file `../other/spec.yaml` is outside the site folder, so it is not read.',
    'Copy the spec into the site folder and name its path from there (relative to the folder that holds docs.json).',
  ]);
});

test('formulas and URLs left out of a page: where they were written decides the advice', () => {
  assert.deepEqual(
    samplesOf('math-invalid').map((params) => words('math-invalid', params)),
    [
      [
        "the formula `\\frac{1}{` cannot be typeset (Unexpected end of input in a macro argument, expected '}', at the end), so it is shown as written",
        'Correct the TeX; KaTeX supports most of LaTeX math (https://katex.org/docs/supported).',
      ],
      [
        "the formula `5\\frac` cannot be typeset (Unexpected end of input in a macro argument, expected '}', at the end), so it is shown as written",
        'If the dollar signs are prices, not math, escape them: `\\$5`.',
      ],
      [
        'the formula `\\oops` in `<Latex>` cannot be typeset (Undefined control sequence: \\oops, at character 1), so it is shown as written',
        'Correct the TeX; to keep braces and backslashes from MDX, write the formula as a string: `<Latex>{"x^{10}"}</Latex>`.',
      ],
    ],
  );
  const link = 'Link to an http(s) URL or a page path instead.';
  assert.deepEqual(
    samplesOf('url-unsafe').map((params) => words('url-unsafe', params)),
    [
      ['the `href` prop is a javascript: URL, which runs code or hides content when followed; it is left out', link],
      ['the `img` prop is a javascript: URL, which runs code or hides content when loaded; it is left out', link],
      ['the `href` of `<a>` is a javascript: URL (`javascript:void(0)`), which runs code or hides content when followed; it is left out', link],
      ['this link points to a javascript: URL (`javascript:alert(1)`), which runs code or hides content when clicked; its text is shown without the link', link],
      ['this image points to a data: URL (`data:text/html;base64,AAAA`), which runs code or hides content when loaded; its alt text is shown instead', link],
      ['the frontmatter `url` is a javascript: URL, which runs code when clicked; the sidebar links to the page itself instead', 'Set `url` to an http(s) URL, or remove it.'],
    ],
  );
});
