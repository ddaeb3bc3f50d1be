/**
 * After the first page, `docjet dev` compiles the grammars of the site's code in idle time
 * (src/dev/grammar-warmup.ts): the languages counted by pages, most-used first, a few of the
 * site's own blocks each; never while a request is answered; never before the first page.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dev, type DevEvent } from '../../src/dev/dev-server.ts';
import { GrammarTally, warmGrammars } from '../../src/dev/grammar-warmup.ts';
import { IdleQueue } from '../../src/dev/idle.ts';
import { DevSession } from '../../src/dev/session.ts';

const fence = (lang: string, code: string): string => `\`\`\`${lang}\n${code}\n\`\`\`\n`;

const PAGES: Record<string, string> = {
  'a.mdx': `# A\n\n${fence('py', 'a = 1')}${fence('python', 'a = 22')}${fence('js', 'let a')}`,
  'b.mdx': `# B\n\n${fence('bash', 'ls b')}${fence('JavaScript', 'let b')}${fence('mermaid', 'graph TD')}`,
  'c.mdx': `# C\n\n${fence('js', 'let c')}${fence('text', 'plain')}${fence('madeup', 'x')}`,
  'd.mdx': `# D\n\n${fence('js', 'let d = 1')}${fence('sh', 'ls d')}`,
  'e.mdx': `# E\n\n${fence('js', 'let e')}`,
};

test("the grammars of a site's code: by pages, most-used first, the three longest blocks of each", () => {
  const tally = new GrammarTally();
  for (const text of Object.values(PAGES)) tally.add(text);
  assert.deepEqual(tally.mostUsed(), [
    { grammar: 'javascript', pages: 5, samples: ['let d = 1', 'let a', 'let b'] },
    { grammar: 'shellscript', pages: 2, samples: ['ls b', 'ls d'] },
    { grammar: 'python', pages: 1, samples: ['a = 22', 'a = 1'] },
  ]);
});

test('grammars are compiled one block at a time, most-used first, waiting while a request is answered', async (t) => {
  const root = await writeSite();
  t.after(() => rm(root, { recursive: true, force: true }));
  const warmed: string[] = [];
  const highlighter = { warm: async (lang: string, code: string) => void warmed.push(`${lang}: ${code}`) };
  const idle = new IdleQueue();
  let answered: () => void = () => {};
  const request = idle.serving(() => new Promise<void>((resolve) => (answered = resolve)));
  const warming = warmGrammars({ root, files: Object.keys(PAGES), idle, highlighter: () => highlighter, signal: new AbortController().signal });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(warmed, [], 'nothing is compiled while a request is answered');
  answered();
  await request;
  assert.deepEqual(await warming, ['javascript', 'shellscript', 'python']);
  assert.deepEqual(warmed, ['javascript: let d = 1', 'javascript: let a', 'javascript: let b', 'shellscript: ls b', 'shellscript: ls d', 'python: a = 22', 'python: a = 1']);
});

test('stopping ends the warm-up before its next block', async (t) => {
  const root = await writeSite();
  t.after(() => rm(root, { recursive: true, force: true }));
  const stop = new AbortController();
  const warmed: string[] = [];
  const highlighter = {
    warm: async (lang: string) => {
      warmed.push(lang);
      stop.abort();
    },
  };
  assert.deepEqual(await warmGrammars({ root, files: Object.keys(PAGES), idle: new IdleQueue(), highlighter: () => highlighter, signal: stop.signal }), []);
  assert.deepEqual(warmed, ['javascript']);
});

test("docjet dev compiles the site's grammars after the first page went out, not before", async (t) => {
  const root = await writeSite();
  let warmedAt: number | undefined;
  let warmed: (grammars: string[]) => void = () => {};
  const grammars = new Promise<string[]>((resolve) => (warmed = resolve));
  const onEvent = (event: DevEvent): void => {
    if (event.type !== 'warmed') return;
    warmedAt = performance.now();
    warmed(event.grammars);
  };
  const server = await dev({ root, port: 0, watch: false, onEvent });
  t.after(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });
  await server.ready;
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(warmedAt, undefined, 'nothing is compiled before a page is asked for');
  const asked = performance.now();
  assert.equal((await fetch(new URL('a', server.url))).status, 200);
  assert.deepEqual(await grammars, ['javascript', 'shellscript', 'python']);
  assert.ok(warmedAt! > asked);
});

test('a change that resolves the site again keeps the compiled grammars (the same highlighter)', async (t) => {
  const root = await writeSite();
  const session = new DevSession({ root, base: '/', extraScripts: [], listeners: () => [], onEvent: () => {} });
  // Stopped before its folder is removed, also when an assertion below fails.
  t.after(async () => {
    await session.stop();
    await session.idle();
    await rm(root, { recursive: true, force: true });
  });
  await session.start();
  const before = session.model!;
  const config = path.join(root, 'docs.json');
  await writeFile(config, (await readFile(config, 'utf8')).replace('"Warm"', '"Warmer"'));
  await session.changed([{ file: 'docs.json', kind: 'update' }]);
  assert.notEqual(session.model, before, 'the site was resolved again');
  assert.equal(session.model!.renderer.highlight, before.renderer.highlight);
});

async function writeSite(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-warmup-'));
  await mkdir(root, { recursive: true });
  const pages = Object.keys(PAGES).map((file) => file.replace(/\.mdx$/, ''));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Warm', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'All', pages }] } }));
  await Promise.all(Object.entries(PAGES).map(([file, text]) => writeFile(path.join(root, file), `---\ntitle: ${file}\n---\n\n${text}`)));
  return root;
}
