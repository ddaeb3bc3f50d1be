/**
 * What a batch of file changes makes the dev server redo (`planChanges`), which paths the watcher
 * passes on (`isWatched`), and which Host names and origins the server answers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planChanges, type KnownFiles } from '../../src/dev/changes.ts';
import { allowsHost } from '../../src/dev/dev-server.ts';
import { isSameOrigin } from '../../src/dev/live-reload.ts';
import { isWatched, type FileChange } from '../../src/dev/watch.ts';

const known: KnownFiles = {
  configFiles: new Set(['docs.json', 'nav/tabs.json']),
  isPage: (file) => ['guide.mdx', 'snippets/note.mdx'].includes(file),
  isAsset: (file) => ['docs.json', 'nav/tabs.json', 'images/logo.png', 'style.css', 'snippets/widget.jsx', 'api/openapi.yaml'].includes(file),
};

function plan(...changes: [string, FileChange['kind']][]) {
  return planChanges(
    changes.map(([file, kind]) => ({ file, kind })),
    known,
  );
}

test('an edited page reads its frontmatter again and is forgotten as an include; nothing else is redone', () => {
  assert.deepEqual(plan(['guide.mdx', 'update']), { rescan: false, model: false, pages: ['guide.mdx'], shared: ['guide.mdx'], assets: [] });
  // Saved by writing a new file and renaming it over the old one.
  assert.deepEqual(plan(['guide.mdx', 'delete'], ['guide.mdx', 'create']), { rescan: false, model: false, pages: ['guide.mdx'], shared: ['guide.mdx'], assets: [] });
});

test('docs.json, a $ref file and an OpenAPI document resolve the model again', () => {
  assert.deepEqual(plan(['docs.json', 'update']), { rescan: false, model: true, pages: [], shared: [], assets: [] });
  assert.deepEqual(plan(['nav/tabs.json', 'update']).model, true);
  assert.deepEqual(plan(['api/openapi.yaml', 'update']), { rescan: false, model: true, pages: [], shared: [], assets: ['api/openapi.yaml'] });
});

test('files that come or go, and .mintignore, read the folder again', () => {
  assert.equal(plan(['faq.mdx', 'create']).rescan, true);
  assert.equal(plan(['guide.mdx', 'delete']).rescan, true);
  assert.equal(plan(['images/new.png', 'create']).rescan, true);
  assert.equal(plan(['.mintignore', 'update']).rescan, true);
  assert.deepEqual(plan(['gone.mdx', 'delete']), { rescan: false, model: false, pages: [], shared: [], assets: [] }, 'a file never known that went');
});

test('a component is forgotten by the renderer; an image or stylesheet edited in place reloads the pages using it', () => {
  assert.deepEqual(plan(['snippets/widget.jsx', 'update']), { rescan: false, model: false, pages: [], shared: ['snippets/widget.jsx'], assets: [] });
  assert.deepEqual(plan(['images/logo.png', 'update'], ['style.css', 'update']), { rescan: false, model: false, pages: [], shared: [], assets: ['images/logo.png', 'style.css'] });
});

test('the watcher passes on site files and .mintignore, not hidden, installed or built ones', () => {
  const paths = [
    'guide.mdx',
    'images/a.png',
    '.mintignore',
    '.git/index',
    'docs/.DS_Store',
    'node_modules/x/y.js',
    'a/node_modules/b.js',
    'dist/index.html',
    '.docjet/cache.json',
    'guides/dist/page.mdx',
    '../outside.mdx',
  ];
  assert.deepEqual(paths.filter(isWatched), ['guide.mdx', 'images/a.png', '.mintignore', 'guides/dist/page.mdx']);
});

test('Host names answered: localhost, IP addresses and the --host name; not another DNS name (rebinding)', () => {
  const hosts = ['localhost:3000', 'docs.localhost:3000', '127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000', 'evil.example:3000', 'docs.internal:3000'];
  assert.deepEqual(
    hosts.filter((host) => allowsHost(host, '127.0.0.1')),
    ['localhost:3000', 'docs.localhost:3000', '127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000'],
  );
  assert.equal(allowsHost('docs.internal:3000', 'docs.internal'), true);
  assert.equal(allowsHost(undefined, '127.0.0.1'), true, 'HTTP/1.0 without a Host header');
});

test('the live-reload channel: same origin or no page at all; any other origin is refused', () => {
  const from = (headers: Record<string, string>): boolean => isSameOrigin({ headers: { host: 'localhost:3000', ...headers } });
  assert.deepEqual(
    [
      from({}),
      from({ 'sec-fetch-site': 'same-origin' }),
      from({ origin: 'http://localhost:3000' }),
      from({ origin: 'http://localhost:3001' }),
      from({ origin: 'null' }),
      from({ 'sec-fetch-site': 'same-site' }),
      from({ 'sec-fetch-site': 'cross-site' }),
    ],
    [true, true, true, false, false, false, false],
  );
});
