/**
 * The link check leaves out what its caller reports otherwise (build: an image said to be a missing
 * file), and looks for no "did you mean" for it; the links are still counted, and the next report
 * of the same URL is still placed at its own occurrence.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { resolveModel } from '../../src/dev/site-model.ts';
import { readSources } from '../../src/dev/site-sources.ts';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';
import { resolveLinks, type PageLinks } from '../../src/validate/links.ts';

const SITE = fileURLToPath(new URL('../fixtures/check/links', import.meta.url));

describe('resolveLinks saidElsewhere', async () => {
  const { sources } = await readSources(SITE);
  const resolved = await resolveModel({ root: SITE, sources, base: '/', extraScripts: [], allowPrivateNetwork: false });
  assert.ok(resolved.ok);
  const { model } = resolved;
  const page: PageLinks = {
    route: 'guides/setup',
    urls: [
      { file: 'guides/setup.mdx', url: '/images/logo.pgn', use: 'image', resolved: '/images/logo.pgn' },
      { file: 'guides/setup.mdx', url: '/guides/mroe', use: 'link', resolved: '/guides/mroe' },
    ],
    ids: [],
  };
  const shown = (list: readonly Diagnostic[]): string[] => list.map((each) => `${each.code} ${each.message} ${each.fix}`);

  it('reports both broken links, with suggestions, when nothing is said elsewhere', async () => {
    const all = await resolveLinks({ root: SITE, base: '/', targets: model, pages: [page], pagesOnly: true });
    assert.equal(all.links, 2);
    const lines = shown(all.diagnostics);
    assert.equal(lines.length, 2);
    assert.match(lines.find((line) => line.includes('logo.pgn'))!, /images\/logo\.png/);
    assert.match(lines.find((line) => line.includes('mroe'))!, /guides\/more/);
  });

  it('leaves out the one the caller said, and keeps the other as it was', async () => {
    const asked: string[] = [];
    const saidElsewhere = (file: string, url: string): boolean => {
      asked.push(`${file} ${url}`);
      return url === '/images/logo.pgn';
    };
    const all = await resolveLinks({ root: SITE, base: '/', targets: model, pages: [page], pagesOnly: true });
    const some = await resolveLinks({ root: SITE, base: '/', targets: model, pages: [page], pagesOnly: true, saidElsewhere });
    assert.equal(some.links, 2);
    assert.deepEqual(asked, ['guides/setup.mdx /images/logo.pgn', 'guides/setup.mdx /guides/mroe']);
    assert.deepEqual(
      shown(some.diagnostics),
      shown(all.diagnostics).filter((line) => !line.includes('logo.pgn')),
    );
  });
});
