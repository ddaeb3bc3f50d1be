/**
 * What a page's head carries of `integrations` (src/render/analytics.ts): the settings as an
 * attribute's JSON, escaped so no id can close the tag or open a script; Osano's script first;
 * nothing for a site that configures only settings that load nothing; and which keys are applied.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyticsHead, analyticsNoscript, analyticsSettings, integrationsApplied } from '../../src/render/analytics.ts';

const SCRIPT = '/_docjet/analytics.0123456789.js';

test('the settings go into the head as an escaped attribute, then the analytics script, deferred', () => {
  const head = analyticsHead({ ga4: { measurementId: 'G-"><script>alert(1)</script>' }, telemetry: { enabled: false } }, SCRIPT);
  assert.equal(
    head,
    '<meta name="docjet:analytics" content="{&quot;ga4&quot;:{&quot;measurementId&quot;:&quot;G-\\&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;}}">' +
      '<script src="/_docjet/analytics.0123456789.js" defer></script>',
  );
});

test("mint.json's Osano comes first and blocking; consent or telemetry alone load nothing", () => {
  assert.equal(
    analyticsHead({ osano: { scriptSource: 'https://cmp.osano.com/t/s/osano.js' }, posthog: { apiKey: 'phc_x' } }, SCRIPT),
    '<script src="https://cmp.osano.com/t/s/osano.js"></script>' +
      '<meta name="docjet:analytics" content="{&quot;posthog&quot;:{&quot;apiKey&quot;:&quot;phc_x&quot;}}"><script src="/_docjet/analytics.0123456789.js" defer></script>',
  );
  assert.equal(analyticsSettings({ cookies: { key: 'consent', value: 'yes' }, telemetry: { enabled: false } }), undefined);
  assert.equal(analyticsHead(undefined, SCRIPT), '');
});

test('applied / configured: every key of the schema is applied, but cookies that name no key', () => {
  assert.deepEqual(integrationsApplied({ ga4: { measurementId: 'G-1' }, cookies: { value: 'yes' } }), { configured: ['ga4', 'cookies'], applied: ['ga4'] });
  assert.deepEqual(integrationsApplied(undefined), { configured: [], applied: [] });
});

test("Tag Manager's frame for readers without JavaScript, its id encoded; none where a consent must come first", () => {
  assert.equal(
    analyticsNoscript({ gtm: { tagId: 'GTM-A"B<' } }),
    '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-A%22B%3C" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>',
  );
  assert.equal(analyticsNoscript({ gtm: { tagId: 'GTM-1' }, cookies: { key: 'consent' } }), '');
  assert.equal(analyticsNoscript({ ga4: { measurementId: 'G-1' } }), '');
});
