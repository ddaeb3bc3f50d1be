/**
 * What `docjet dev` says when it starts is what `docjet validate` says: every problem, at the same
 * place, however docs.json was read (plain JSON read directly, or with a key written twice by the
 * tree parser) and however its page entries are spelled. The shortcuts taken to reach the first
 * page sooner (src/config/json-fast.ts, page entries already normal, no alternates or OpenAPI
 * walks on sites without them) must not lose one.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { dev, type DevEvent } from '../../src/dev/dev-server.ts';
import { validate } from '../../src/validate/index.ts';

const PAGES = {
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
  'guides/setup.mdx': '---\ntitle: Setup\nhidden: maybe\n---\n\nInstall it.\n',
  'guides/intro.mdx': '---\ntitle: Intro\n---\n\n```bash\nnpm install\n```\n',
};

async function writeSite(docsJson: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-first-start-'));
  await mkdir(path.join(root, 'guides'));
  await writeFile(path.join(root, 'docs.json'), docsJson);
  for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, file), text);
  return root;
}

/** The problems as the terminal prints them: code, place and JSON path. */
function listed(diagnostics: readonly { code: string; file: string; line?: number; column?: number; path?: string }[]): string[] {
  return diagnostics.map((found) => `${found.code} ${found.file}:${found.line ?? '-'}:${found.column ?? '-'} ${found.path ?? ''}`.trim());
}

async function readyEvent(t: TestContext, root: string): Promise<Extract<DevEvent, { type: 'ready' }>> {
  const events: DevEvent[] = [];
  const server = await dev({ root, port: 0, watch: false, onEvent: (event) => events.push(event) });
  t.after(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });
  await server.ready;
  const ready = events.find((event) => event.type === 'ready');
  assert.ok(ready?.type === 'ready');
  return ready;
}

test('a plain docs.json: dev lists the problems validate lists, at the same places', async (t) => {
  const root = await writeSite(
    JSON.stringify(
      {
        name: 'Harbor',
        theme: 'mint',
        colours: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'Start', pages: ['index', '/guides/setup/', './guides/intro.mdx', 'guides/outro'] }] },
      },
      null,
      2,
    ),
  );
  const ready = await readyEvent(t, root);
  const validated = await validate({ root });
  assert.equal(ready.ok, true);
  assert.equal(ready.pages, 3);
  assert.deepEqual(listed(ready.diagnostics), listed(validated.diagnostics));
  assert.deepEqual(listed(ready.diagnostics), [
    'unknown-key docs.json:4:3 colours',
    'page-extension docs.json:14:11 navigation.groups[0].pages[2]',
    'page-missing docs.json:15:11 navigation.groups[0].pages[3]',
    'frontmatter-type guides/setup.mdx:3:9',
  ]);
});

test('a docs.json with a key written twice: read by the tree parser, the same problems in dev and validate', async (t) => {
  const root = await writeSite(
    '{\n  "name": "Harbor",\n  "name": "Harbor again",\n  "theme": "mint",\n  "colours": {},\n  "navigation": { "pages": ["index", "guides/setup", "guides/intro", "guides/outro"] }\n}\n',
  );
  const ready = await readyEvent(t, root);
  const validated = await validate({ root });
  assert.deepEqual(listed(ready.diagnostics), listed(validated.diagnostics));
  assert.deepEqual(listed(ready.diagnostics), [
    'json-duplicate-key docs.json:3:3 name',
    'unknown-key docs.json:5:3 colours',
    'page-missing docs.json:6:70 navigation.pages[3]',
    'frontmatter-type guides/setup.mdx:3:9',
  ]);
});
