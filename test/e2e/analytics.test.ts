/**
 * `integrations` in the reader's browser (src/client/analytics.ts): the vendors' snippets load with
 * the ids of docs.json, a page view is recorded on load and on a switch of language that keeps the
 * page (no load), a consent cookie holds every vendor (and its cookies) back until the reader
 * agrees, and an id written to break out of a script runs nothing.
 *
 * Nothing leaves the machine: every request to another host is answered here. The vendors'
 * libraries are stand-ins that do what the real ones do with their snippet's queue (gtag.js reads
 * the data layer, sets `_ga` and sends a hit per page view; PostHog's array.js replays `posthog._i`
 * and the queued calls, capturing `$pageview` on init), so what the test counts is the hits they
 * send. Fixture: test/fixtures/e2e/shared-languages (`guides/glossary` in English and Arabic).
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, inWindow, pathOf } from './harness.ts';

const GA4 = { measurementId: 'G-TEST123' };
const POSTHOG = { apiKey: 'phc_test123', apiHost: 'https://eu.i.posthog.com' };
const HOSTILE = '</script><script>alert(1)</script>';

const e2e = browserSuite({
  tracked: { fixture: 'shared-languages', config: { integrations: { ga4: GA4, posthog: POSTHOG } } },
  consent: { fixture: 'shared-languages', config: { integrations: { ga4: GA4, posthog: POSTHOG, cookies: { key: 'docs-consent', value: 'yes' } } } },
  onetrust: { fixture: 'shared-languages', config: { integrations: { ga4: GA4, onetrust: { domainScript: 'ot-domain-1', categoryId: 'C0004' } } } },
  hostile: { fixture: 'shared-languages', config: { integrations: { ga4: { measurementId: `G-${HOSTILE}` }, posthog: { apiKey: `phc_${HOSTILE}` } } } },
  every: {
    fixture: 'shared-languages',
    config: {
      integrations: {
        adobe: { launchUrl: 'https://assets.adobedtm.com/launch-EN123.min.js' },
        amplitude: { apiKey: 'amp123' },
        clarity: { projectId: 'clar123' },
        clearbit: { publicApiKey: 'pk_clear' },
        fathom: { siteId: 'FATHOM1' },
        frontchat: { snippetId: 'front123' },
        ga4: GA4,
        gtm: { tagId: 'GTM-TEST1' },
        heap: { appId: '12345' },
        hightouch: { writeKey: 'ht123' },
        hotjar: { hjid: '3456', hjsv: '6' },
        intercom: { appId: 'inter123' },
        koala: { publicApiKey: 'pk_koala' },
        logrocket: { appId: 'org/app' },
        mixpanel: { projectToken: 'mix123', region: 'eu' },
        onetrust: { domainScript: 'ot-domain-1' },
        pirsch: { id: 'pirsch1' },
        posthog: POSTHOG,
        plausible: { domain: 'docs.example.com' },
        segment: { key: 'seg123' },
        telemetry: { enabled: false },
        cookies: { key: 'docs-consent', value: 'yes' },
        transcend: { bundleId: 'bundle-1', analyticsPurpose: 'Product Analytics' },
      },
    },
  },
});

/** gtag.js as far as the snippet relies on it: reads the data layer, sets `_ga`, sends a hit per page view. */
const GTAG = `(() => {
  const hit = (id, name) => fetch('https://region1.google-analytics.com/g/collect?v=2&tid=' + encodeURIComponent(id) + '&en=' + name + '&dl=' + encodeURIComponent(location.href), { method: 'POST', mode: 'no-cors' });
  const handle = (entry) => {
    if (!entry || typeof entry.length !== 'number') return;
    if (entry[0] === 'config') { document.cookie = '_ga=GA1.1.1.1; path=/'; if (!entry[2] || entry[2].send_page_view !== false) hit(entry[1], 'page_view'); }
    if (entry[0] === 'event') hit(entry[2] && entry[2].send_to, entry[1]);
  };
  const layer = window.dataLayer;
  for (const entry of layer) handle(entry);
  layer.push = (...entries) => { for (const entry of entries) handle(entry); return Array.prototype.push.apply(layer, entries); };
})();`;

/** PostHog's array.js as far as the snippet relies on it: inits what `posthog._i` holds (a `$pageview` each), then replays and takes the queued calls. */
const POSTHOG_ARRAY = `(() => {
  const stub = window.posthog;
  let config;
  const capture = (event) => fetch(config.api_host + '/e/?ev=' + encodeURIComponent(event) + '&token=' + encodeURIComponent(config.token), { method: 'POST', mode: 'no-cors' });
  for (const [token, options] of stub._i) { config = { token, api_host: options.api_host }; capture('$pageview'); }
  const queued = stub.slice();
  window.posthog = { __loaded: true, capture };
  for (const [name, ...args] of queued) if (name === 'capture') capture(...args);
})();`;

/** OneTrust's SDK stub granting the performance category (and the targeting one), then telling `OptanonWrapper`; Transcend's airgap granting the site's purpose. */
const ONETRUST = `window.OnetrustActiveGroups = ',C0001,C0002,'; window.OptanonWrapper && window.OptanonWrapper();`;
const AIRGAP = `(() => {
  const queue = (window.airgap && window.airgap.readyQueue) || [];
  const airgap = { getConsent: () => ({ purposes: { 'Product Analytics': true } }), addEventListener() {}, ready(callback) { callback(airgap); } };
  window.airgap = airgap;
  for (const callback of queue) callback(airgap);
})();`;

interface Traffic {
  /** Every request to a host other than the site's, as `host/path?query`. */
  requests: string[];
  /** The page views the stand-ins sent: `ga4 <id>` or `posthog <token>`. */
  pageViews: string[];
}

/** Answers every request to another host, recording it; the stand-in libraries for gtag.js, array.js, OneTrust and Transcend. */
async function intercept(context: BrowserContext, siteUrl: string): Promise<Traffic> {
  const traffic: Traffic = { requests: [], pageViews: [] };
  const site = new URL(siteUrl).host;
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.host === site) return route.continue();
    traffic.requests.push(`${url.host}${url.pathname}${url.search}`);
    const script = (body: string) => route.fulfill({ status: 200, contentType: 'text/javascript', body });
    if (url.pathname === '/g/collect' && url.searchParams.get('en') === 'page_view') traffic.pageViews.push(`ga4 ${url.searchParams.get('tid')}`);
    if (url.pathname === '/e/' && url.searchParams.get('ev') === '$pageview') traffic.pageViews.push(`posthog ${url.searchParams.get('token')}`);
    if (url.host === 'www.googletagmanager.com' && url.pathname === '/gtag/js') return script(GTAG);
    if (url.pathname === '/static/array.js') return script(POSTHOG_ARRAY);
    if (url.host === 'cdn.cookielaw.org') return script(ONETRUST);
    if (url.host === 'transcend-cdn.com') return script(AIRGAP);
    if (route.request().resourceType() === 'script') return script('');
    return route.fulfill({ status: 204, body: '' });
  });
  return traffic;
}

async function openTracked(
  t: Parameters<typeof e2e.open>[0],
  name: 'tracked' | 'consent' | 'onetrust' | 'hostile' | 'every',
  before?: (context: BrowserContext) => Promise<void>,
): Promise<{ page: Page; traffic: Traffic }> {
  const page = await e2e.open(t, name);
  const traffic = await intercept(page.context(), e2e.site(name).url);
  await before?.(page.context());
  await page.goto(e2e.site(name).href('guides/glossary'));
  return { page, traffic };
}

async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: name }).click();
}

const sorted = (values: string[]) => [...values].sort();

e2eTest('GA4 and PostHog load with the configured ids and record a page view on load and on a language switch without a load', async (t) => {
  const { page, traffic } = await openTracked(t, 'tracked');
  await eventually(() => Promise.resolve(sorted(traffic.pageViews)), ['ga4 G-TEST123', 'posthog phc_test123'], undefined, 10_000);
  assert.ok(traffic.requests.includes('www.googletagmanager.com/gtag/js?id=G-TEST123'), traffic.requests.join('\n'));
  assert.ok(traffic.requests.includes('eu-assets.i.posthog.com/static/array.js'), traffic.requests.join('\n'));

  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await chooseLanguage(page, 'العربية');
  await eventually(() => page.locator('html').getAttribute('lang'), 'ar');
  await eventually(() => Promise.resolve(sorted(traffic.pageViews)), ['ga4 G-TEST123', 'ga4 G-TEST123', 'posthog phc_test123', 'posthog phc_test123'], undefined, 10_000);
  assert.equal(pathOf(page), '/guides/glossary');
  assert.deepEqual(loads, [], 'the switch did not load a page');

  // The Arabic placement, remembered, is shown again on the next load: one page view for that load, not two.
  await page.reload();
  await eventually(() => page.locator('html').getAttribute('lang'), 'ar');
  await eventually(() => Promise.resolve(traffic.pageViews.length), 6, undefined, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(traffic.pageViews.length, 6);
});

e2eTest('a consent cookie named in docs.json holds every vendor, and its cookies, back until the reader agrees', async (t) => {
  const { page, traffic } = await openTracked(t, 'consent');
  // Longer than the second after which the script looks for consent again.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.deepEqual(traffic.requests, [], 'nothing was fetched from a vendor');
  assert.deepEqual(await page.context().cookies(), [], 'no cookie was set');
  assert.deepEqual(await inWindow(page, (window) => [window.dataLayer, window.posthog]), [undefined, undefined]);

  await inWindow(page, (window) => window.localStorage.setItem('docs-consent', 'yes'));
  await eventually(() => Promise.resolve(sorted(traffic.pageViews)), ['ga4 G-TEST123', 'posthog phc_test123'], undefined, 10_000);
  assert.deepEqual(
    (await page.context().cookies()).map((cookie) => cookie.name),
    ['_ga'],
  );
});

e2eTest('OneTrust: nothing loads until its named category is active; taking it back reloads the page, which then loads nothing', async (t) => {
  const { page, traffic } = await openTracked(t, 'onetrust');
  await eventually(() => Promise.resolve(traffic.requests), ['cdn.cookielaw.org/scripttemplates/otSDKStub.js']);
  // The stand-in SDK has answered with the performance category only: not C0004, which the site names.
  assert.equal(await inWindow(page, (window) => window.OnetrustActiveGroups), ',C0001,C0002,');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual(traffic.requests, ['cdn.cookielaw.org/scripttemplates/otSDKStub.js']);
  assert.deepEqual(await page.context().cookies(), []);

  await inWindow(page, (window) => {
    window.OnetrustActiveGroups = ',C0001,C0002,C0004,';
    window.OptanonWrapper();
  });
  await eventually(() => Promise.resolve(traffic.pageViews), ['ga4 G-TEST123'], undefined, 10_000);

  const reloaded = page.waitForEvent('load');
  await inWindow(page, (window) => {
    window.OnetrustActiveGroups = ',C0001,';
    window.OptanonWrapper();
  });
  await reloaded;
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual(traffic.pageViews, ['ga4 G-TEST123'], 'no page view after consent was taken back');
});

e2eTest('an id holding </script><script>alert(1)</script> runs nothing: it reaches the vendor as data', async (t) => {
  const { page, traffic } = await openTracked(t, 'hostile');
  await eventually(() => Promise.resolve(traffic.pageViews.length), 2, undefined, 10_000);
  assert.ok(traffic.requests.includes(`www.googletagmanager.com/gtag/js?id=${encodeURIComponent(`G-${HOSTILE}`)}`), traffic.requests.join('\n'));
  assert.deepEqual(sorted(traffic.pageViews), sorted([`ga4 G-${HOSTILE}`, `posthog phc_${HOSTILE}`]));
  // The harness fails the test on any dialog; the page runs no inline script but docjet's theme script
  // (JSON-LD is data, never run), and no script, run or not, holds the id's markup.
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) => scripts.map((script) => ({ type: script.getAttribute('type') ?? '', text: (script as unknown as { text: string }).text })));
  const run = inline.filter((script) => script.type === '' || /javascript|module/.test(script.type));
  assert.equal(run.length, 1, run.map((script) => script.text.slice(0, 60)).join('\n'));
  assert.match(run[0]!.text, /classList/, 'the one inline script is the theme script');
  for (const script of inline) assert.doesNotMatch(script.text, /alert\(1\)/);
});

e2eTest('every vendor of the 23 keys loads its script with its id once OneTrust, Transcend and the consent cookie all agree', async (t) => {
  const { page, traffic } = await openTracked(t, 'every', async (context) => {
    await context.addInitScript("localStorage.setItem('docs-consent', 'yes')");
  });
  const scripts = [
    'assets.adobedtm.com/launch-EN123.min.js',
    'cdn.amplitude.com/script/amp123.js',
    'www.clarity.ms/tag/clar123',
    'tag.clearbitscripts.com/v1/pk_clear/tags.js',
    'cdn.usefathom.com/script.js',
    'chat-assets.frontapp.com/v1/chat.bundle.js',
    'www.googletagmanager.com/gtag/js?id=G-TEST123',
    'www.googletagmanager.com/gtm.js?id=GTM-TEST1',
    'cdn.us.heap-api.com/config/12345/heap_config.js',
    'cdn.hightouch-events.com/browser/release/v1-latest/events.min.js',
    'static.hotjar.com/c/hotjar-3456.js?sv=6',
    'widget.intercom.io/widget/inter123',
    'cdn.getkoala.com/v1/pk_koala/sdk.js',
    'cdn.lr-ingest.com/LogRocket.min.js',
    'cdn.mxpnl.com/libs/mixpanel-2-latest.min.js',
    'cdn.cookielaw.org/scripttemplates/otSDKStub.js',
    'api.pirsch.io/pa.js',
    'eu-assets.i.posthog.com/static/array.js',
    'plausible.io/js/script.js',
    'cdn.segment.com/analytics.js/v1/seg123/analytics.min.js',
    'transcend-cdn.com/cm/bundle-1/airgap.js',
  ];
  await eventually(() => Promise.resolve(scripts.filter((script) => !traffic.requests.includes(script))), [], undefined, 10_000);

  // A switch of language without a load: each vendor that counts page views is told, through the
  // queue its snippet keeps until its library (here an empty stand-in) takes over.
  await chooseLanguage(page, 'العربية');
  await eventually(() => page.locator('html').getAttribute('lang'), 'ar');
  const told = () =>
    inWindow(page, (window) => ({
      gtm: window.dataLayer.filter((entry: { event?: string }) => entry.event === 'page_view').length,
      segment: window.analytics.filter((call: unknown[]) => call[0] === 'page').length,
      hightouch: window.htevents.filter((call: unknown[]) => call[0] === 'page').length,
      mixpanel: window.mixpanel.filter((call: unknown[]) => call[0] === 'track_pageview').length,
      heap: window.heapReadyCb.filter((call: { name: string }) => call.name === 'trackPageview').length,
      plausible: window.plausible.q.filter((call: unknown[]) => call[0] === 'pageview').length,
      hotjar: window.hj.q.filter((call: unknown[]) => call[0] === 'stateChange').length,
      intercom: window.Intercom.q.filter((call: unknown[]) => call[0] === 'update').length,
    }));
  // Segment's and Hightouch's snippets record the load's page themselves; the others' libraries do.
  await eventually(told, { gtm: 1, segment: 2, hightouch: 2, mixpanel: 1, heap: 1, plausible: 1, hotjar: 1, intercom: 1 });
});
