/**
 * Sidebar entries of generated endpoint pages (src/render/shell/sidebar.ts): titles follow the
 * format's rules (summary, else `<method> <path slug>`), so operations without a summary often share
 * one ("Get v1customers" for `GET /v1/customers` and `GET /v1/customers/{customer}`). Entries whose
 * badge and label another entry of the same list shows also show their path; deprecated operations
 * say so. Titles and URLs stay as they are.
 */
import assert from 'node:assert/strict';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildSidebar, fillSidebar } from '../../src/render/shell/sidebar.ts';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/v1/customers': { get: { tags: ['Customers'], responses: {} }, post: { tags: ['Customers'], responses: {} } },
    '/v1/customers/{customer}': { get: { tags: ['Customers'], responses: {} }, delete: { tags: ['Customers'], deprecated: true, responses: {} } },
    '/v1/orders': { get: { tags: ['Orders'], summary: 'List', responses: {} } },
  },
};

async function site(t: { after: (fn: () => Promise<void>) => void }): Promise<Site> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'docjet-sidebar-labels-')));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(SPEC));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'S', navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  const result = await validate({ root });
  assert.ok(result.site);
  return result.site;
}

/** Each sidebar entry as a reader sees it (tags stripped, spaces collapsed), by list of pages. */
function entries(html: string): string[][] {
  const text = (entry: string) =>
    entry
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return html
    .split('<ul class="nav-list">')
    .slice(1)
    .map((list) => [...list.split('</ul>')[0]!.matchAll(/<a class="nav-link"[^>]*>(.*?)<\/a>/g)].map((match) => text(match[1]!)))
    .filter((list) => list.length > 0);
}

test('entries that would read the same show their path; titles and routes are unchanged', async (t) => {
  const built = await site(t);
  const html = fillSidebar(buildSidebar(built, [...built.sections.keys()][0]!, { base: '/', drilldown: false }), undefined, new Set());
  assert.deepEqual(entries(html), [
    ['GET Get v1customers /v1/customers', 'POST Post v1customers', 'GET Get v1customers /v1/customers/{customer}', 'DEL Delete v1customers deprecated'],
    ['GET List'],
  ]);
  assert.ok(html.includes('<span class="nav-label">Get v1customers <span class="nav-path">/v1/customers/{customer}</span></span>'));
  const endpoints = [...built.pages.values()].filter((page) => page.source.type === 'endpoint');
  assert.deepEqual(
    endpoints.map((page) => [page.route, page.title]),
    [
      ['api-reference/customers/get-v1customers', 'Get v1customers'],
      ['api-reference/customers/post-v1customers', 'Post v1customers'],
      ['api-reference/customers/get-v1customers-1', 'Get v1customers'],
      ['api-reference/customers/delete-v1customers', 'Delete v1customers'],
      ['api-reference/orders/list', 'List'],
    ],
  );
});

test('a deprecated operation is marked in words, which screen readers read too', async (t) => {
  const built = await site(t);
  const html = fillSidebar(buildSidebar(built, [...built.sections.keys()][0]!, { base: '/', drilldown: false }), undefined, new Set());
  assert.ok(html.includes('<span class="nav-label">Delete v1customers</span><span class="nav-deprecated">deprecated</span></a>'));
  assert.equal(html.match(/nav-deprecated/g)?.length, 1);
});
