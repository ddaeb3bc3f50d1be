/**
 * `docjet dev` checks the `#fragment`s a page's links give other pages (`b#gone`) against those
 * pages' ids (issue 31), as `build` and `docjet check` do: after the page went out, the pages it
 * links to are taken from the cache or rendered, and its overlay is told over the live-reload
 * channel: the same `anchor-missing` warnings, at the same places, with the same "did you mean".
 * When a linked page renames its heading, the open page's list follows.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dev } from '../../src/dev/dev-server.ts';
import { checkLinks } from '../../src/dev/link-check.ts';
import { fetchRaw } from '../support/http.ts';
import { overlays, type OverlayEntry } from '../support/live-events.ts';
import { SETTLE_MS } from '../support/patience.ts';

const shown = (entries: readonly OverlayEntry[]): string[] => entries.map((entry) => `${entry.where} ${entry.severity} ${entry.code} ${entry.message} ${entry.fix}`);

/** Resolves once the stream's latest overlay shows `expected`; fails naming what it showed. */
async function overlayShows(stream: ReturnType<typeof overlays>, expected: string[], what: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const latest = stream.latest();
    if (latest && JSON.stringify(shown(latest)) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) assert.fail(`${what}: the overlay shows ${JSON.stringify(latest && shown(latest))}, not ${JSON.stringify(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What `docjet check` (and so `build`) says of a.mdx's links, as the overlay shows it. */
async function checked(root: string): Promise<string[]> {
  const result = await checkLinks({ root });
  return shown(
    result.diagnostics
      .filter((each) => each.file === 'a.mdx')
      .map((each) => ({
        where: `${each.file}:${each.line}:${each.column}`,
        severity: each.severity,
        code: each.code,
        message: each.message,
        ...(each.fix ? { fix: each.fix } : {}),
      })),
  );
}

test('the overlay lists the anchors its links give other pages that they lack, and follows a renamed heading', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-anchors-'));
  const root = path.join(dir, 'site');
  await mkdir(root, { recursive: true });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify(
      { name: 'Anchors', theme: 'mint', redirects: [{ source: '/moved', destination: '/b' }], navigation: { groups: [{ group: 'Start', pages: ['a', 'b'] }] } },
      null,
      2,
    ),
  );
  await writeFile(path.join(root, 'a.mdx'), '---\ntitle: A\n---\n\n## Intro\n\nSee [gone](b#gone), [present](b#present), [moved](/moved#present) and [intro](#intro).\n');
  const b = (heading: string) => `---\ntitle: B\n---\n\n## ${heading}\n\nText.\n`;
  await writeFile(path.join(root, 'b.mdx'), b('Present'));
  const server = await dev({ root, port: 0, watch: false, ahead: false, onEvent: () => {} });
  const stream = overlays(server.url, '/a');
  t.after(async () => {
    stream.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;

  const before = await checked(root);
  assert.deepEqual(
    before.map((line) => line.split(' ').slice(0, 4).join(' ')),
    ['a.mdx:7:12 warning anchor-missing "b#gone":'],
  );
  assert.equal((await fetchRaw(server, '/a')).status, 200);
  await overlayShows(stream, before, 'b#gone, and only it');

  await writeFile(path.join(root, 'b.mdx'), b('Gone'));
  await server.changed([{ file: 'b.mdx', kind: 'update' }]);
  const after = await checked(root);
  assert.deepEqual(
    after.map((line) => line.split(' ').slice(0, 4).join(' ')),
    ['a.mdx:7:31 warning anchor-missing "b#present":', 'a.mdx:7:51 warning anchor-missing "/moved#present":'],
  );
  await overlayShows(stream, after, 'b#present and /moved#present, once b renamed its heading');
});
