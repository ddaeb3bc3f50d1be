/**
 * The config's types are inferred from the zod schema (`z.input`/`z.output`), never written by hand:
 * these tests are checked by the compiler (`npm run typecheck`) as much as they run. A nested
 * navigation type-checks down through every level, and a wrong value deep inside it does not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configSchema, type Config, type Group, type UserConfig } from '../../src/config/schema.ts';

test('a docs.json typed as UserConfig parses to a Config, through languages › versions › tabs › menu › groups', () => {
  const written = {
    name: 'Docs',
    navigation: {
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: '1.0.0',
              tabs: [{ tab: 'Guides', menu: [{ item: 'Start', groups: [{ group: 'Intro', pages: ['index', { group: 'More', pages: ['more'] }] }] }] }],
            },
          ],
        },
      ],
    },
  } satisfies UserConfig;
  const config: Config = configSchema.parse(written);
  const group: Group | undefined = config.navigation.languages?.[0]?.versions?.[0]?.tabs?.[0]?.menu?.[0]?.groups?.[0];
  assert.equal(config.theme, 'mint'); // a default: optional in UserConfig, always there in Config
  assert.deepEqual(group?.pages, ['index', { group: 'More', pages: ['more'] }]);
});

test('a wrong value deep in the navigation is a type error', () => {
  const wrong: UserConfig = {
    navigation: {
      // @ts-expect-error: `hidden` is a boolean, five levels down as at the top.
      tabs: [{ tab: 'Guides', menu: [{ item: 'Start', groups: [{ group: 'Intro', pages: [], hidden: 'yes' }] }] }],
    },
  };
  assert.equal(configSchema.safeParse(wrong).success, false);
});
