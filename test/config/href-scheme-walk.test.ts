/**
 * Rule 5 (`rules/href-scheme.ts`) walks only the parts of the config where the schema allows a URL:
 * a link deep in the navigation (a tab's menu item in a version of a language) is still found, in
 * the config's order, next to thousands of page paths it no longer looks at one by one.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { validate } from '../../src/validate/index.ts';

const pages = Array.from({ length: 2000 }, (_, index) => `guides/page-${index}`);

test('unsafe links nested anywhere in the navigation are each reported once, in the order written', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-href-walk-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const config = {
    name: 'Deep',
    navigation: {
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: 'v1',
              tabs: [
                { tab: 'Guides', groups: [{ group: 'All', pages: [...pages, { group: 'Nested', pages: ['guides/page-0'] }] }] },
                { tab: 'More', menu: [{ item: 'Out', href: 'javascript:alert(1)' }] },
                { tab: 'Link', href: 'vbscript:run' },
              ],
            },
          ],
        },
      ],
      global: { anchors: [{ anchor: 'Home', href: 'data:text/html,hi' }] },
    },
  };
  const result = await validate({ root, configText: JSON.stringify(config), offline: true });
  const unsafe = result.diagnostics.filter((found) => found.code === 'href-unsafe').map((found) => [found.path, found.message]);
  assert.deepEqual(unsafe, [
    ['navigation.languages[0].versions[0].tabs[1].menu[0].href', '"href" uses a javascript: URL, which runs code or hides content when clicked'],
    ['navigation.languages[0].versions[0].tabs[2].href', '"href" uses a vbscript: URL, which runs code or hides content when clicked'],
    ['navigation.global.anchors[0].href', '"href" uses a data: URL, which runs code or hides content when clicked'],
  ]);
});
