/**
 * `integrations` reach every page `build` writes, with their script written beside docjet's; a
 * site without them gets neither. `dev` loads them only with `--analytics` (`analytics: true`),
 * so a writer's previews are not counted as visits.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { dev } from '../../src/dev/dev-server.ts';
import { build } from '../../src/output/build.ts';
import { fetchRaw } from '../support/http.ts';

const META = /<meta name="docjet:analytics" content="([^"]*)"><script src="(\/_docjet\/analytics\.[0-9a-f]+\.js)" defer><\/script>/;

async function site(t: TestContext, integrations?: unknown): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-analytics-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Tracked', navigation: { pages: ['index', 'guide'] }, ...(integrations ? { integrations } : {}) }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead.\n');
  return root;
}

test('build: every page carries the settings and the script, which is written; without integrations, neither', async (t) => {
  const root = await site(t, { ga4: { measurementId: 'G-TEST123' } });
  const result = await build({ root, outDir: path.join(root, 'out') });
  assert.ok(result.ok);
  for (const file of ['index.html', 'guide/index.html', '404.html']) {
    const match = META.exec(await readFile(path.join(root, 'out', file), 'utf8'));
    assert.ok(match, `${file} loads the analytics script`);
    assert.equal(match[1], '{&quot;ga4&quot;:{&quot;measurementId&quot;:&quot;G-TEST123&quot;}}');
    assert.match(await readFile(path.join(root, 'out', match[2]!), 'utf8'), /googletagmanager\.com\/gtag\/js/);
  }

  const plain = await site(t);
  assert.ok((await build({ root: plain, outDir: path.join(plain, 'out') })).ok);
  assert.doesNotMatch(await readFile(path.join(plain, 'out', 'index.html'), 'utf8'), /docjet:analytics/);
  assert.deepEqual(
    (await readdir(path.join(plain, 'out', '_docjet'))).filter((name) => name.startsWith('analytics.')),
    [],
  );
});

test('dev: no analytics unless asked for, then the same head and script as the build', async (t) => {
  const root = await site(t, { posthog: { apiKey: 'phc_test' } });
  for (const analytics of [false, true]) {
    const server = await dev({ root, port: 0, watch: false, ahead: false, analytics });
    // Closed here, before the site's folder is removed (the hooks run in the order they were
    // registered): a server still writing its cache into the folder made the removal fail, and the
    // servers left open kept the file running until the runner's limit.
    try {
      await server.ready;
      const page = await fetchRaw(server, '/guide');
      assert.equal(page.status, 200);
      const match = META.exec(page.body);
      assert.equal(Boolean(match), analytics, `analytics: ${analytics}`);
      if (match) {
        const script = await fetchRaw(server, match[2]!);
        assert.equal(script.status, 200);
        assert.match(script.body, /posthog/);
      }
    } finally {
      await server.close();
    }
  }
});
