/**
 * Page references as docs.json writes them: every spelling normalizes as `path.posix.normalize`
 * reads it, whether or not it takes the shortcut for entries already written normally.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { normalizePageEntry, resolvePageReference } from '../../src/config/page-reference.ts';
import type { PageFile } from '../../src/shared/scan.ts';

/** The normalization spelled out: slashes, `.` and `..` resolved, no slash at either end. */
function normalized(entry: string): string {
  return path.posix
    .normalize(`/${entry.trim().replace(/\\/g, '/')}`)
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
}

test('entries normalize as a path does, written normally or not', () => {
  const entries = [
    'guides/intro',
    'index',
    '',
    'a.b/c.d',
    'a/.hidden',
    'a/..b',
    'a/b..',
    'v1.2/page',
    '快速开始/指南',
    '/guides/intro',
    'guides/intro/',
    './guides/intro',
    '../guides/intro',
    'guides//intro',
    'guides/./intro',
    'guides/../intro',
    'guides/..',
    '.',
    '..',
    ' guides/intro',
    'guides/intro\t',
    '\u00a0guides',
    'guides\\intro',
    'guides/intro.mdx',
    'a/ b /c',
  ];
  for (const entry of entries) assert.equal(normalizePageEntry(entry), normalized(entry), JSON.stringify(entry));
});

test('a reference finds its page however it is written', () => {
  const page = (id: string): [string, PageFile] => [id, { id, file: `${id}.mdx`, ext: '.mdx' }];
  const pages = new Map([page('guides/intro'), page('guides/index')]);
  assert.deepEqual(resolvePageReference('guides/intro', pages), { id: 'guides/intro', extension: false });
  assert.deepEqual(resolvePageReference('./guides//intro.mdx', pages), { id: 'guides/intro', extension: true });
  assert.deepEqual(resolvePageReference('/guides/', pages), { id: 'guides/index', extension: false });
  assert.equal(resolvePageReference('guides/outro', pages), undefined);
});
