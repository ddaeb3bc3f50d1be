/** Resolution of a real site from the shared corpus (skipped where the corpus is not checked out). */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { walkNavigation } from '../../src/config/walk.ts';
import { parseEndpointReference } from '../../src/openapi/reference.ts';
import { resolvePageReference } from '../../src/config/page-reference.ts';
import { routeOfPage } from '../../src/site/page-ref.ts';
import { validate } from '../../src/validate/index.ts';

const CREWAI = '/work/shared/corpus/crewAIInc__crewAI';

describe('corpus: crewAIInc__crewAI (languages › versions › tabs › groups)', { skip: !existsSync(CREWAI) && 'corpus not present' }, () => {
  const result = existsSync(CREWAI) ? validate({ root: CREWAI }) : undefined;

  test('every navigation entry resolves to a page that knows it is listed', async () => {
    const { config, files, site } = (await result)!;
    assert.ok(config && files && site);
    let entries = 0;
    const unresolved: string[] = [];
    walkNavigation(config, [
      {
        page: ({ entry }) => {
          if (parseEndpointReference(entry)) return;
          entries++;
          const match = resolvePageReference(entry, files.pages);
          const resolved = match && site.pages.get(routeOfPage(match.id));
          if (!resolved || resolved.placements.length === 0 || resolved.hidden) unresolved.push(entry);
        },
      },
    ]);
    assert.equal(entries, 12170);
    assert.deepEqual(unresolved, []);
    assert.deepEqual(site.defaults, { language: 'en', version: 'v1.14.4' });
  });

  test('a page listed in 13 versions is canonical in the default language and version', async () => {
    const { site } = (await result)!;
    const introduction = site!.pages.get('en/introduction')!;
    assert.equal(introduction.placements.length, 13);
    assert.deepEqual({ language: introduction.placements[0]!.language, version: introduction.placements[0]!.version }, { language: 'en', version: 'v1.14.4' });
  });

  test('its language switcher leads to the same page in pt-BR, ko and ar', async () => {
    const { site } = (await result)!;
    assert.deepEqual(
      site!.pages.get('en/introduction')!.alternates.languages.map(({ value, route, equivalent }) => [value, route, equivalent]),
      [
        ['en', 'en/introduction', true],
        ['pt-BR', 'pt-BR/introduction', true],
        ['ko', 'ko/introduction', true],
        ['ar', 'ar/introduction', true],
      ],
    );
  });
});
