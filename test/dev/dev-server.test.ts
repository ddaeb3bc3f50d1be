/**
 * `dev()` over real HTTP on 127.0.0.1, on a small site written into a temporary folder: pages,
 * static files, redirects and the 404 page answer as a host of the built site would (without
 * caching); nothing outside the site's files can be reached, in any spelling; the live-reload
 * channel refuses other origins; a taken port moves to the next; and edits reach the open pages
 * through the channel (a page's new text, the overlay of a broken docs.json, and its fix).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { dev, type DevEvent, type DevOptions, type DevServer } from '../../src/dev/dev-server.ts';
import { SETTLE_MS } from '../support/patience.ts';

interface LiveMessage {
  event: string;
  data: Record<string, unknown>;
}

/** A page's live-reload stream: its messages as they come, and a way to wait for the next of a type. */
async function openEvents(t: TestContext, server: DevServer, page: string): Promise<{ next(event: string): Promise<LiveMessage>; messages: LiveMessage[] }> {
  const url = new URL(server.url);
  const messages: LiveMessage[] = [];
  const waiting: { event: string; resolve: (message: LiveMessage) => void }[] = [];
  const seen = new Set<LiveMessage>();
  const deliver = (): void => {
    for (const wait of [...waiting]) {
      const message = messages.find((each) => each.event === wait.event && !seen.has(each));
      if (!message) continue;
      seen.add(message);
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(message);
    }
  };
  await new Promise<void>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `/_docjet/dev/events?page=${encodeURIComponent(page)}` }, (response) => {
      assert.equal(response.statusCode, 200);
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) messages.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
        deliver();
      });
      resolve();
    });
    req.on('error', reject);
    t.after(() => req.destroy());
    req.end();
  });
  return {
    messages,
    next: (event) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${event}" event within ${SETTLE_MS / 1000} s; got ${JSON.stringify(messages)}`)), SETTLE_MS);
        waiting.push({
          event,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
        deliver();
      }),
  };
}

const DOCS_JSON = {
  name: 'Harbor',
  theme: 'mint',
  redirects: [
    { source: '/old/guide', destination: '/guide' },
    { source: '/moved', destination: '/guide', permanent: false },
  ],
  navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] },
};

/** The site's config and pages, as `writeSite` writes them and the tests that edit them put them back. */
const PAGES: Record<string, string> = {
  'docs.json': JSON.stringify(DOCS_JSON, null, 2),
  'guide.mdx': '---\ntitle: Guide\n---\n\nThe first paragraph.\n\n## Details\n\nThe second paragraph.\n',
  'setup.mdx': '---\ntitle: Setup\n---\n\nInstall it.\n',
};

/**
 * A site in `<tmp>/site`, beside a secret file in `<tmp>`: two pages (no index, so `/` leads to
 * the first), an image, a custom stylesheet, and what must never be served (dot-folders,
 * node_modules, the output folder, docjet's cache, links leading out).
 */
async function writeSite(dir: string): Promise<string> {
  const root = path.join(dir, 'site');
  for (const folder of ['images', '.git', 'node_modules/pkg', 'dist', '.docjet', 'snippets']) await mkdir(path.join(root, folder), { recursive: true });
  await writeFile(path.join(dir, 'secret.txt'), 'SECRET');
  for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, file), text);
  await writeFile(path.join(root, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'style.css'), 'body { margin: 0 }');
  await writeFile(path.join(root, '.git', 'config'), 'SECRET git');
  await writeFile(path.join(root, '.env'), 'SECRET=1');
  await writeFile(path.join(root, 'node_modules', 'pkg', 'index.js'), '// SECRET');
  await writeFile(path.join(root, 'dist', 'index.html'), 'SECRET build');
  await writeFile(path.join(root, '.docjet', 'cache.json'), '"SECRET"');
  await symlink(path.join(dir, 'secret.txt'), path.join(root, 'leak.txt'));
  await symlink(dir, path.join(root, 'up'));
  return root;
}

interface StartedDev {
  server: DevServer;
  root: string;
  events: DevEvent[];
}

async function launchDev(options: Partial<DevOptions> = {}): Promise<StartedDev & { stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-'));
  const root = await writeSite(dir);
  const events: DevEvent[] = [];
  // Without the work done ahead of the reader (pages a page links to, grammars), which only the test of colours uses.
  const server = await dev({ root, port: 0, watch: false, ahead: false, onEvent: (event) => events.push(event), ...options });
  const stop = async (): Promise<void> => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
  await server.ready;
  return { server, root, events, stop };
}

async function startDev(t: TestContext, options: Partial<DevOptions> = {}): Promise<StartedDev> {
  const started = await launchDev(options);
  t.after(() => started.stop());
  return started;
}

/**
 * One server for the tests that need no option of their own: started once for them, since a dev
 * server's start (its render thread loading the renderer, ~0.7 CPU-s) is most of what such a test
 * costs. The tests that only ask come first; those that edit the site put it back (`editableDev`).
 */
let shared: ReturnType<typeof launchDev> | undefined;
function readOnlyDev(): Promise<StartedDev> {
  shared ??= launchDev();
  return shared;
}
after(async () => {
  await (await shared?.catch(() => undefined))?.stop();
});

/**
 * The shared server, for a test that edits `files`: when the test ends, each is put back as in
 * PAGES (removed when it has no entry there) and handed to the server at once, so that the next
 * test finds the site as it was. (A test that leaves the server out of step with the disk, or
 * needs grammars not compiled yet, starts its own.)
 */
async function editableDev(t: TestContext, files: string[]): Promise<StartedDev> {
  const started = await readOnlyDev();
  t.after(async () => {
    for (const file of files) {
      const text = PAGES[file];
      if (text === undefined) await rm(path.join(started.root, file), { force: true });
      else await writeFile(path.join(started.root, file), text);
    }
    await started.server.changed(files.map((file) => ({ file, kind: PAGES[file] === undefined ? 'delete' : 'update' })));
  });
  return started;
}

test('pages, static files, docjet assets, redirects and the 404 page answer like the built site, uncached', async () => {
  const { server, events } = await readOnlyDev();
  // The two warnings: the links leading out of the site (`leak.txt`, `up`), which are not followed.
  assert.deepEqual(
    events.filter((event) => event.type === 'ready').map((event) => event.type === 'ready' && [event.ok, event.pages, event.warnings]),
    [[true, 2, 2]],
  );
  const guide = await fetchRaw(server, '/guide');
  assert.equal(guide.status, 200);
  assert.equal(guide.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(guide.headers['cache-control'], 'no-store');
  assert.match(guide.body, /<h1 class="page-title">Guide/);
  assert.match(guide.body, /The first paragraph\./);
  assert.match(guide.body, /<link rel="stylesheet" href="\/style\.css">/, 'the site stylesheet is linked, as in build');
  assert.match(guide.body, /<script src="\/_docjet\/dev\/client\.js" defer><\/script>/, 'the dev client is on dev pages');
  assert.equal((await fetchRaw(server, '/guide/')).status, 200, 'a trailing slash names the same page');

  const stylesheet = /<link rel="stylesheet" href="(\/_docjet\/docjet\.[0-9a-f]+\.css)">/.exec(guide.body)?.[1];
  const script = /<script src="(\/_docjet\/docjet\.[0-9a-f]+\.js)" defer>/.exec(guide.body)?.[1];
  const answers: Record<string, string> = {};
  for (const target of [stylesheet!, script!, '/images/logo.svg', '/style.css', '/_docjet/dev/client.js', '/favicon.ico']) {
    const reply = await fetchRaw(server, target);
    answers[target] = `${reply.status} ${reply.headers['content-type']} ${reply.headers['cache-control']}`;
  }
  assert.deepEqual(answers, {
    [stylesheet!]: '200 text/css; charset=utf-8 no-store',
    [script!]: '200 text/javascript; charset=utf-8 no-store',
    '/images/logo.svg': '200 image/svg+xml no-store',
    '/style.css': '200 text/css; charset=utf-8 no-store',
    '/_docjet/dev/client.js': '200 text/javascript; charset=utf-8 no-store',
    '/favicon.ico': '200 image/x-icon no-store',
  });
  // The dev client is what src/client/dev-client.ts compiles to; dev serves it, the page script never holds it.
  const devClient = await fetchRaw(server, '/_docjet/dev/client.js');
  assert.equal(devClient.body, readFileSync(path.resolve(import.meta.dirname, '../../assets/js/dev-client.js'), 'utf8'));
  assert.match(devClient.body, /docjet-dev-overlay/);
  assert.doesNotMatch((await fetchRaw(server, script!)).body, /docjet-dev-overlay/);

  const redirects: Record<string, string> = {};
  for (const target of ['/', '/old/guide', '/moved']) {
    const reply = await fetchRaw(server, target);
    redirects[target] = `${reply.status} ${reply.headers.location}`;
  }
  assert.deepEqual(redirects, { '/': '302 /guide', '/old/guide': '301 /guide', '/moved': '302 /guide' });

  const missing = await fetchRaw(server, '/no/such/page');
  assert.equal(missing.status, 404);
  assert.match(missing.body, /<body[^>]* data-not-found/, "the site's own 404 page");
  // `errors.404.redirect` is on by default (the built 404.html jumps home), but a preview stays on
  // the 404: a writer who mistyped an address, or whose open page was renamed, sees it is missing.
  assert.doesNotMatch(missing.body, /http-equiv="refresh"/);
  const head = await fetchRaw(server, '/guide', { method: 'HEAD' });
  assert.deepEqual([head.status, head.body, head.headers['content-length']], [200, '', String(Buffer.byteLength(guide.body))]);
});

test('nothing but the site is reachable: traversal in every spelling, links out, hidden and build folders, no listings', async () => {
  const { server } = await readOnlyDev();
  const cases: Record<string, number> = {
    '/../secret.txt': 404,
    '/%2e%2e/secret.txt': 404,
    '/%2E%2E%2Fsecret.txt': 404,
    '/guide/..%2f..%2fsecret.txt': 404,
    '/images/..%2f..%2f..%2fsecret.txt': 404,
    '/..%5csecret.txt': 404,
    '/%5c..%5c..%5csecret.txt': 404,
    '/images\\..\\..\\secret.txt': 404,
    '//etc/passwd': 404,
    [path.join(os.tmpdir(), 'secret.txt')]: 404,
    '/leak.txt': 404,
    '/up/secret.txt': 404,
    '/.git/config': 404,
    '/.env': 404,
    '/node_modules/pkg/index.js': 404,
    '/dist/index.html': 404,
    '/.docjet/cache.json': 404,
    '/docs.json': 404,
    '/guide.mdx': 404,
    '/images/': 404,
    '/images': 404,
    '/_docjet/katex/fonts/../../../../../secret.txt': 404,
    '/_docjet/katex/fonts/..%2f..%2f..%2fpackage.json': 404,
    '/guide%00.mdx': 400,
    '/%E0%A4%A': 400,
  };
  const answers: Record<string, number> = {};
  for (const target of Object.keys(cases)) {
    const reply = await fetchRaw(server, target);
    answers[target] = reply.status;
    assert.doesNotMatch(reply.body, /SECRET|root:|"name": "docjet"/, target);
  }
  assert.deepEqual(answers, cases);
});

test('methods other than GET and HEAD: 405 with an Allow header', async () => {
  const { server } = await readOnlyDev();
  const answers: Record<string, string> = {};
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const reply = await fetchRaw(server, '/guide', { method });
    answers[method] = `${reply.status} ${reply.headers.allow}`;
  }
  assert.deepEqual(answers, { POST: '405 GET, HEAD', PUT: '405 GET, HEAD', DELETE: '405 GET, HEAD', OPTIONS: '405 GET, HEAD', PATCH: '405 GET, HEAD' });
});

test('the live-reload channel and the pages refuse other sites: cross-origin 403, a foreign Host name 403', async () => {
  const { server } = await readOnlyDev();
  const origin = new URL(server.url).origin;
  const events = '/_docjet/dev/events?page=%2Fguide';
  const status = async (target: string, headers: Record<string, string>): Promise<number> => {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: target, headers }, (response) => {
        resolve(response.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });
  };
  assert.deepEqual(
    {
      crossOrigin: await status(events, { origin: 'http://evil.example' }),
      crossSite: await status(events, { 'sec-fetch-site': 'cross-site' }),
      sameSite: await status(events, { 'sec-fetch-site': 'same-site', origin: 'http://docs.localhost:1' }),
      sameOrigin: await status(events, { origin, 'sec-fetch-site': 'same-origin' }),
      noOrigin: await status(events, {}),
      rebinding: await status('/guide', { host: `evil.example:${new URL(server.url).port}` }),
      localhostName: await status('/guide', { host: `localhost:${new URL(server.url).port}` }),
    },
    { crossOrigin: 403, crossSite: 403, sameSite: 403, sameOrigin: 200, noOrigin: 200, rebinding: 403, localhostName: 200 },
  );
});

test('a port in use: the next free one, and the event says which', async (t) => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  const taken = (blocker.address() as { port: number }).port;
  const { server, events } = await startDev(t, { port: taken });
  const listening = events.find((event) => event.type === 'listening');
  assert.ok(listening?.type === 'listening');
  assert.equal(listening.requestedPort, taken);
  assert.notEqual(listening.port, taken);
  assert.ok(listening.port > taken && listening.port <= taken + 20, `port ${listening.port} follows ${taken}`);
  assert.equal(new URL(server.url).port, String(listening.port));
  assert.equal((await fetchRaw(server, '/guide')).status, 200);
});

test('an edit on disk reaches the open page: the watcher sees it, the channel announces it, the next GET has the new text', async (t) => {
  const { server, root } = await startDev(t, { watch: true });
  assert.equal((await fetchRaw(server, '/guide')).status, 200);
  const live = await openEvents(t, server, '/guide');
  assert.deepEqual((await live.next('hello')).data['overlay'], []);
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe edited paragraph.\n\n## Details\n\nThe second paragraph.\n');
  const content = await live.next('content');
  assert.deepEqual(content.data['overlay'], []);
  const after = await fetchRaw(server, '/guide');
  assert.match(after.body, /The edited paragraph\./);
  assert.doesNotMatch(after.body, /The first paragraph\./);
});

test('a broken page shows its problem in the overlay, with the source line; fixing it clears it', async (t) => {
  const { server, root } = await editableDev(t, ['guide.mdx']);
  const live = await openEvents(t, server, '/guide');
  await live.next('hello');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe first paragraph.\n\n<Card title="x">\n\nnever closed\n');
  await server.changed([{ file: 'guide.mdx', kind: 'update' }]);
  const broken = await live.next('content');
  const [entry, ...rest] = broken.data['overlay'] as { where: string; severity: string; code: string; source?: { text: string; column: number } }[];
  assert.deepEqual(rest, []);
  assert.deepEqual([entry?.where, entry?.severity, entry?.code, entry?.source], ['guide.mdx:7:1', 'warning', 'mdx-syntax', { text: '<Card title="x">', column: 1 }]);
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe first paragraph.\n');
  await server.changed([{ file: 'guide.mdx', kind: 'update' }]);
  assert.deepEqual((await live.next('content')).data['overlay'], []);
});

test('a broken docs.json keeps the last good site under the overlay; fixing it clears the overlay', async (t) => {
  const { server, root, events } = await editableDev(t, ['docs.json']);
  const live = await openEvents(t, server, '/guide');
  await live.next('hello');
  await writeFile(path.join(root, 'docs.json'), '{\n  "name": "Harbor",\n  "theme": "mint",\n  "navigation": { "groups": [ }\n}\n');
  await server.changed([{ file: 'docs.json', kind: 'update' }]);
  const overlay = (await live.next('overlay')).data['overlay'] as { where: string; severity: string; source?: { text: string } }[];
  assert.ok(overlay.length > 0);
  assert.deepEqual(
    overlay.map((entry) => [entry.where.split(':')[0], entry.severity]),
    overlay.map(() => ['docs.json', 'error']),
  );
  assert.equal(overlay[0]!.source?.text, '  "navigation": { "groups": [ }');
  const kept = await fetchRaw(server, '/guide');
  assert.equal(kept.status, 200, 'the last good site is still served');
  assert.match(kept.body, /The first paragraph\./);
  const failed = events.findLast((event) => event.type === 'change');
  assert.ok(failed?.type === 'change' && !failed.ok && failed.diagnostics.length > 0, 'the terminal is told, with the errors');

  await writeFile(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON, null, 2));
  await server.changed([{ file: 'docs.json', kind: 'update' }]);
  assert.deepEqual((await live.next('overlay')).data['overlay'], []);
  const fixed = events.findLast((event) => event.type === 'change');
  assert.ok(fixed?.type === 'change' && fixed.ok);
});

test('a page added to docs.json: the open page is told (its sidebar changed) and the new page is served', async (t) => {
  const { server, root } = await editableDev(t, ['faq.mdx', 'docs.json']);
  const live = await openEvents(t, server, '/setup');
  await live.next('hello');
  await writeFile(path.join(root, 'faq.mdx'), '---\ntitle: Questions\n---\n\nAsk away.\n');
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup', 'faq'] }] } }, null, 2));
  await server.changed([
    { file: 'faq.mdx', kind: 'create' },
    { file: 'docs.json', kind: 'update' },
  ]);
  await live.next('content');
  assert.match((await fetchRaw(server, '/setup')).body, /<a[^>]* href="\/faq"[^>]*>.*Questions/);
  assert.match((await fetchRaw(server, '/faq')).body, /Ask away\./);
});

test('code whose grammar is not compiled yet: the page comes at once, uncoloured; then the open page is told to colour it, not to reload', async (t) => {
  const { server, root } = await startDev(t, { ahead: true });
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\n```ts\nconst answer: number = 42;\n```\n');
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\n```python\nanswer = 42\n```\n');
  await server.changed([
    { file: 'guide.mdx', kind: 'update' },
    { file: 'setup.mdx', kind: 'update' },
  ]);
  const client = { headers: { 'x-docjet-dev': '1' } };
  const live = await openEvents(t, server, '/guide');
  assert.equal((await live.next('hello')).data['colours'], false);
  await live.next('colours');
  assert.match((await fetchRaw(server, '/guide', client)).body, /<span class="line"><span class="sk\d+">const<\/span>/, 'coloured now');
  assert.deepEqual(
    live.messages.map((message) => message.event),
    ['hello', 'colours'],
    'no reload, no content swap',
  );

  // A page served uncoloured, whose channel opens once its colours are known, colours its code on connecting.
  assert.match((await fetchRaw(server, '/setup')).body, /<span class="line">answer = 42<\/span>/, 'served without waiting for the Python grammar');
  // Polled until then: compiled in idle time (SETTLE_MS bounds the wait, not a count of tries, which a busy machine makes too short).
  const deadline = Date.now() + SETTLE_MS;
  while (!/class="sk\d+"/.test((await fetchRaw(server, '/setup', client)).body)) {
    assert.ok(Date.now() < deadline, 'the Python grammar is compiled in idle time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const late = await openEvents(t, server, '/setup');
  const hello = (await late.next('hello')).data;
  assert.deepEqual([hello['stale'], hello['colours']], [false, true]);
});

test('an open page whose file is deleted reloads once into the 404 and stays there, not reloading again and again', async (t) => {
  const { server, root } = await editableDev(t, ['setup.mdx']);
  assert.equal((await fetchRaw(server, '/setup')).status, 200);
  const live = await openEvents(t, server, '/setup');
  assert.equal((await live.next('hello')).data['stale'], false);
  await rm(path.join(root, 'setup.mdx'));
  await server.changed([{ file: 'setup.mdx', kind: 'delete' }]);
  await live.next('content');
  // The page script fetches the new version, gets a 404 and reloads: the browser navigates to the same address, then opens the channel again.
  const missing = await fetchRaw(server, '/setup');
  assert.equal(missing.status, 404);
  const again = await openEvents(t, server, '/setup');
  assert.equal((await again.next('hello')).data['stale'], false, 'the 404 it shows is the current answer: no reload');
  // The file back: the open 404 is told, and the page is served again.
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  await server.changed([{ file: 'setup.mdx', kind: 'create' }]);
  await again.next('content');
  assert.equal((await fetchRaw(server, '/setup')).status, 200);
});

test('a page whose file goes before the watcher says so answers 404, not 500', async (t) => {
  const { server, root } = await startDev(t);
  // No change handed over: the site still lists the page, as between a rename and its event.
  await rm(path.join(root, 'setup.mdx'));
  const missing = await fetchRaw(server, '/setup');
  assert.equal(missing.status, 404);
  assert.match(missing.body, /<body[^>]* data-not-found/);
});

test('an edit that changes nothing a page shows tells no page', async (t) => {
  const { server, root } = await editableDev(t, ['guide.mdx']);
  const live = await openEvents(t, server, '/setup');
  await live.next('hello');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nAnother first paragraph.\n');
  await server.changed([{ file: 'guide.mdx', kind: 'update' }]);
  await server.idle();
  assert.deepEqual(
    live.messages.map((message) => message.event),
    ['hello'],
  );
});

test('a site broken from the start: every page answers 500 with the errors; fixing docs.json serves the site', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-'));
  const root = await writeSite(dir);
  await writeFile(path.join(root, 'docs.json'), '{ "name": "Harbor", "navigation": ');
  const events: DevEvent[] = [];
  const server = await dev({ root, port: 0, watch: false, ahead: false, onEvent: (event) => events.push(event) });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;
  const ready = events.find((event) => event.type === 'ready');
  assert.ok(ready?.type === 'ready' && !ready.ok && ready.diagnostics.every((diagnostic) => diagnostic.file === 'docs.json' && diagnostic.severity === 'error'));
  const broken = await fetchRaw(server, '/guide');
  assert.equal(broken.status, 500);
  assert.match(broken.body, /<code>docs\.json:1:\d+<\/code>/);
  assert.match(broken.body, /<script src="\/_docjet\/dev\/client\.js" defer>/, 'the overlay and live reload work on it too');
  const live = await openEvents(t, server, '/guide');
  const hello = (await live.next('hello')).data['overlay'] as { where: string }[];
  assert.ok(hello.length > 0 && hello.every((entry) => entry.where.startsWith('docs.json:1:')));

  await writeFile(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON, null, 2));
  await server.changed([{ file: 'docs.json', kind: 'update' }]);
  assert.deepEqual((await live.next('content')).data['overlay'], []);
  assert.match((await fetchRaw(server, '/guide')).body, /The first paragraph\./);
});

test("a docs.json change that redraws a page's body (icon library, language) is served, though the page file is the same", async (t) => {
  const { server, root } = await editableDev(t, ['setup.mdx', 'docs.json']);
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\n<Icon icon="minus" />\n\n```sh\nnpm i\n```\n');
  await server.changed([{ file: 'setup.mdx', kind: 'update' }]);
  const before = (await fetchRaw(server, '/setup')).body;
  assert.match(before, /data-icon="minus" aria-hidden="true"><svg[^>]* fill="currentColor"/, 'Font Awesome by default');
  assert.match(before, /class="copy-button" data-copy aria-label="Copy" data-copied-label="Copied"/);

  const groups = DOCS_JSON.navigation.groups;
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, icons: { library: 'lucide' }, navigation: { languages: [{ language: 'fr', groups }] } }, null, 2));
  await server.changed([{ file: 'docs.json', kind: 'update' }]);
  const after = (await fetchRaw(server, '/setup')).body;
  assert.match(after, /data-icon="minus" aria-hidden="true"><svg[^>]* stroke="currentColor"/, 'Lucide, as docs.json now says');
  assert.match(after, /class="copy-button" data-copy aria-label="Copier" data-copied-label="Copié"/);
});
