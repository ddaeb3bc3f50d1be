/**
 * `docjet dev` lists the broken links of the page being viewed in its overlay, as warnings with
 * the codes and places `build` and `docjet check` give them (issue 31): a link to no page, an
 * anchor the page does not have; a good link, one through a redirect and a good anchor are not listed.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dev } from '../../src/dev/dev-server.ts';
import { helloOverlay } from '../support/live-events.ts';

test('the overlay of the page being viewed lists its broken links and missing anchors as warnings', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-dev-links-'));
  const root = path.join(dir, 'site');
  await mkdir(root, { recursive: true });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify(
      { name: 'Links', theme: 'mint', redirects: [{ source: '/old', destination: '/setup' }], navigation: { groups: [{ group: 'Start', pages: ['guide', 'setup'] }] } },
      null,
      2,
    ),
  );
  await writeFile(
    path.join(root, 'guide.mdx'),
    '---\ntitle: Guide\n---\n\nSee [setup](/setup), [the old one](/old), [below](#details).\n\nBroken: [gone](/setpu) and [nowhere](#detials).\n\n## Details\n\nText.\n',
  );
  await writeFile(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
  const server = await dev({ root, port: 0, watch: false, ahead: false, onEvent: () => {} });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  await server.ready;
  const overlay = await helloOverlay(server.url, '/guide');
  assert.deepEqual(
    overlay.map((entry) => [entry.where, entry.severity, entry.code, entry.fix]),
    [
      ['guide.mdx:7:16', 'warning', 'link-broken', 'Did you mean "/setup"?'],
      ['guide.mdx:7:38', 'warning', 'anchor-missing', 'Did you mean "#details"?'],
    ],
  );
  assert.deepEqual(await helloOverlay(server.url, '/setup'), []);
});
