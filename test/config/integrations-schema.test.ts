/**
 * `integrations` typed as the hosted product types it (format-behaviour.md §1.4): every one of its
 * 23 keys with the settings its documentation shows is accepted; a misspelt vendor or setting is
 * an unknown key at its line with "did you mean", and a value the vendor would refuse is an error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose, PAGE, tempSite } from './helpers.ts';

function docsJson(integrations: unknown): string {
  return JSON.stringify({ name: 'Analytics', navigation: { pages: ['index'] }, integrations }, null, 2);
}

/** One example of each key, as the vendors' pages of the format's documentation write them. */
export const EVERY_INTEGRATION = {
  adobe: { launchUrl: 'https://assets.adobedtm.com/launch-EN93497c30fdf0424eb678d5f4ffac66dc.min.js' },
  amplitude: { apiKey: '76bb138bf3fbf58186XXX00000' },
  clarity: { projectId: 'abc123xyz' },
  clearbit: { publicApiKey: 'pk_1a1882' },
  fathom: { siteId: 'YSVMSDAY' },
  frontchat: { snippetId: '1365d046d7c023e9b030ce90d02d093a' },
  ga4: { measurementId: 'G-XXXXXXX' },
  gtm: { tagId: 'GTM-MGBL4PW' },
  heap: { appId: '1234567890' },
  hightouch: { writeKey: '9132c81do371p76sr11da0075469b54f77649c9a067dp0303p56q0q64n072336', apiHost: 'us-east-1.hightouch-events.com' },
  hotjar: { hjid: '3456789', hjsv: '6' },
  intercom: { appId: 'abc123def4' },
  koala: { publicApiKey: 'pk_abc' },
  logrocket: { appId: 'abcdef/docs' },
  mixpanel: { projectToken: 'YOUR_MIXPANEL_PROJECT_TOKEN', region: 'eu' },
  onetrust: { domainScript: '0190f0f0-1111-2222-3333-444455556666', categoryId: 'C0002' },
  pirsch: { id: '8Kw7OKxBfswOjnKGZa7P9Day8JmVYwTp' },
  posthog: { apiKey: 'phc_TXdpocbYTeZVm5VJmMzHTMrCofBQu3e0kN7HGMNGTVW', apiHost: 'https://eu.i.posthog.com', sessionRecording: false },
  plausible: { domain: 'docs.domain.com', server: 'plausible.example.com' },
  segment: { key: 'nqJxiRG15Y6M594P8Sb8ESEciU3VC2', cdnUrl: 'https://cdn.example.com' },
  telemetry: { enabled: false },
  cookies: { key: 'consent', value: 'granted' },
  transcend: { bundleId: 'abc-123_x', analyticsPurpose: 'Product Analytics' },
};

test('the 23 keys of integrations, each as its vendor documents it, are accepted', async (t) => {
  assert.equal(Object.keys(EVERY_INTEGRATION).length, 23);
  const root = await tempSite(t, { 'docs.json': docsJson(EVERY_INTEGRATION), 'index.mdx': PAGE });
  const problems = await diagnose(root);
  assert.deepEqual(
    problems.filter((problem) => problem.code !== 'setting-no-effect'),
    [],
  );
});

test('a misspelt vendor or setting is an unknown key at its line with "did you mean"; a value the vendor refuses is an error there', async (t) => {
  const docs = `{
  "name": "A",
  "navigation": { "pages": ["index"] },
  "integrations": {
    "ga4": { "measurementID": "G-ABC123" },
    "posthgo": { "apiKey": "phc_x" },
    "plausible": { "domain": "https://docs.example.com" },
    "gtm": { "tagId": "UA-1234" }
  }
}
`;
  const root = await tempSite(t, { 'docs.json': docs, 'index.mdx': PAGE });
  assert.deepEqual(
    (await diagnose(root)).map(({ code, severity, at, message, fix }) => (code === 'unknown-key' ? { code, severity, at, message, fix } : { code, severity, at, message })),
    [
      { code: 'missing-field', severity: 'error', at: 'docs.json:5:12', message: 'integrations.ga4 needs "measurementId"' },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:5:14',
        message: 'unknown key "measurementID" in integrations.ga4; it has no effect',
        fix: 'Did you mean "measurementId"?',
      },
      {
        code: 'unknown-key',
        severity: 'warning',
        at: 'docs.json:6:5',
        message: 'unknown key "posthgo" in integrations; it has no effect',
        fix: 'Did you mean "posthog"?',
      },
      {
        code: 'invalid-value',
        severity: 'error',
        at: 'docs.json:7:20',
        message: '"domain" must be a host name without "https://", such as "plausible.example.com"; got "https://docs.example.com"',
      },
      { code: 'invalid-value', severity: 'error', at: 'docs.json:8:14', message: '"tagId" must start with "G", such as "GTM-XXXXXXX"; got "UA-1234"' },
    ],
  );
});

test('a PostHog key that is not a project key, and a Transcend bundle id that could leave its URL, are errors', async (t) => {
  const root = await tempSite(t, {
    'docs.json': docsJson({ posthog: { apiKey: 'sk_live_123' }, transcend: { bundleId: '../evil' } }),
    'index.mdx': PAGE,
  });
  assert.deepEqual(
    (await diagnose(root)).map(({ code, path }) => ({ code, path })),
    [
      { code: 'invalid-value', path: 'integrations.posthog.apiKey' },
      { code: 'invalid-value', path: 'integrations.transcend.bundleId' },
    ],
  );
});
