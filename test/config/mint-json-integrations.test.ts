/**
 * mint.json's analytics and support widgets, upgraded to docs.json's `integrations`. mint.json kept
 * analytics under `analytics` (objects with the same field names docs.json uses) and wrote each
 * support widget as a bare id (`"intercom": "<app id>"`); docs.json wants an object for every key.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SourceLocations } from '../../src/config/json-source.ts';
import { upgradeMintConfig } from '../../src/config/mint-json.ts';
import { diagnose, tempSite } from './helpers.ts';

type Json = Record<string, unknown>;

function upgradedIntegrations(mint: Json): unknown {
  return upgradeMintConfig({ name: 'Legacy', navigation: [], ...mint }, new SourceLocations()).value.integrations;
}

const LEGACY: [string, Json, Json][] = [
  ['intercom as its app id', { integrations: { intercom: 'abc123def4' } }, { intercom: { appId: 'abc123def4' } }],
  ['frontchat as its snippet id', { integrations: { frontchat: '0f1e2d3c4b5a' } }, { frontchat: { snippetId: '0f1e2d3c4b5a' } }],
  ['osano as its script URL', { integrations: { osano: 'https://cmp.osano.com/tenant/site/osano.js' } }, { osano: { scriptSource: 'https://cmp.osano.com/tenant/site/osano.js' } }],
  ['a widget already in the docs.json shape', { integrations: { intercom: { appId: 'abc123def4' } } }, { intercom: { appId: 'abc123def4' } }],
  ['analytics ga4', { analytics: { ga4: { measurementId: 'G-TEST1234' } } }, { ga4: { measurementId: 'G-TEST1234' } }],
  ['analytics gtm', { analytics: { gtm: { tagId: 'GTM-TEST12' } } }, { gtm: { tagId: 'GTM-TEST12' } }],
  [
    'analytics posthog with its host',
    { analytics: { posthog: { apiKey: 'phc_test', apiHost: 'https://eu.posthog.example' } } },
    { posthog: { apiKey: 'phc_test', apiHost: 'https://eu.posthog.example' } },
  ],
  ['analytics hotjar', { analytics: { hotjar: { hjid: '1234', hjsv: '6' } } }, { hotjar: { hjid: '1234', hjsv: '6' } }],
  [
    'analytics of every other vendor, field names unchanged',
    {
      analytics: {
        amplitude: { apiKey: 'amp' },
        clearbit: { publicApiKey: 'pk_test' },
        fathom: { siteId: 'FATHOM' },
        heap: { appId: 'heap' },
        koala: { publicApiKey: 'pk_koala' },
        logrocket: { appId: 'org/app' },
        mixpanel: { projectToken: 'token' },
        pirsch: { id: 'pirsch' },
        plausible: { domain: 'docs.example.com' },
        segment: { key: 'write-key' },
      },
    },
    {
      amplitude: { apiKey: 'amp' },
      clearbit: { publicApiKey: 'pk_test' },
      fathom: { siteId: 'FATHOM' },
      heap: { appId: 'heap' },
      koala: { publicApiKey: 'pk_koala' },
      logrocket: { appId: 'org/app' },
      mixpanel: { projectToken: 'token' },
      pirsch: { id: 'pirsch' },
      plausible: { domain: 'docs.example.com' },
      segment: { key: 'write-key' },
    },
  ],
  [
    'analytics and integrations together: both kept',
    { integrations: { intercom: 'abc123def4' }, analytics: { ga4: { measurementId: 'G-TEST1234' } } },
    { ga4: { measurementId: 'G-TEST1234' }, intercom: { appId: 'abc123def4' } },
  ],
];

describe('mint.json integrations and analytics → docs.json integrations', () => {
  for (const [what, mint, expected] of LEGACY) {
    test(what, () => {
      assert.deepEqual(upgradedIntegrations(mint), expected);
    });
  }

  test('neither key: no integrations', () => {
    assert.equal(upgradedIntegrations({}), undefined);
  });

  test('a value of a kind no legacy form had is left for the schema to report', () => {
    assert.deepEqual(upgradedIntegrations({ integrations: { intercom: 42 } }), { intercom: 42 });
    assert.equal(upgradedIntegrations({ integrations: 'abc123def4' }), 'abc123def4');
  });
});

describe('validating a mint.json with the legacy forms', () => {
  test('no invalid-type error, and nothing reported as ignored', async (t) => {
    const mint = {
      name: 'Legacy widgets',
      integrations: { intercom: 'abc123def4', frontchat: '0f1e2d3c4b5a', osano: 'https://cmp.osano.com/tenant/site/osano.js' },
      analytics: { ga4: { measurementId: 'G-TEST1234' }, posthog: { apiKey: 'phc_test' } },
      navigation: [{ group: 'Start', pages: ['index'] }],
    };
    const root = await tempSite(t, {
      'mint.json': `${JSON.stringify(mint, null, 2)}\n`,
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    });
    assert.deepEqual(await diagnose(root), []);
  });

  test('a string under a key that never took one still fails, at its place in mint.json', async (t) => {
    const root = await tempSite(t, {
      'mint.json': '{\n  "name": "Legacy",\n  "integrations": { "ga4": "G-TEST1234" },\n  "navigation": [{ "group": "Start", "pages": ["index"] }]\n}\n',
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    });
    const problems = await diagnose(root);
    assert.deepEqual(
      problems.map(({ code, at, path }) => ({ code, at, path })),
      [{ code: 'invalid-type', at: 'mint.json:3:21', path: 'integrations.ga4' }],
    );
  });
});
