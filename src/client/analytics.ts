/* The site's `integrations` (src/render/analytics.ts): each vendor's official loading snippet, run
   with the ids from docs.json, which arrive as data (the `docjet:analytics` meta's JSON), never as
   code: an id is only ever a string handed to the vendor's API or encoded into its script's URL.

   Consent, as the format defines it: `cookies` ({key, value} in localStorage), `onetrust` (its
   category among `OnetrustActiveGroups`), `transcend` (its purpose in airgap's consent). Where one
   is named, no vendor script loads and nothing is stored until every one named has consented; a
   consent taken back reloads the page, so what was loaded is gone.

   Page views: each snippet records the page it loads on, as its vendor wrote it; every later
   navigation the page script makes without a load (a switch of version or language,
   src/client/nav-switch.ts) is announced as `docjet:navigation`, and each vendor that counts page
   views is told. Only pages of sites that configure a vendor load this file. */
{
  type Settings = Record<string, Record<string, string | boolean | undefined> | undefined>;
  // Vendors' globals: whatever their libraries put on `window`, untyped.
  const w = window as unknown as Record<string, any>;
  let settings: Settings = {};
  try {
    settings = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="docjet:analytics"]')?.content ?? '{}') as Settings;
  } catch {}
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const path = encodeURIComponent;

  /** A vendor's script, async as in its snippet; only http(s) addresses. */
  const load = (src: string, attributes: Record<string, string> = {}, onload?: () => void): void => {
    let url: URL;
    try {
      url = new URL(src, location.href);
    } catch {
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
    const script = document.createElement('script');
    script.async = true;
    script.src = url.href;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    if (onload) script.addEventListener('load', onload);
    document.head.append(script);
  };

  /** A queue standing in for a library until it loads (the stub of PostHog's, Mixpanel's, Segment's snippets): each method records its call. */
  const stub = (target: any[] & Record<string, any>, methods: string, record: (name: string, args: unknown[]) => void): void => {
    for (const name of methods.split(' ')) target[name] ??= (...args: unknown[]) => record(name, args);
  };
  const page = (): Record<string, string> => ({ page_location: location.href, page_title: document.title, page_path: location.pathname });

  /** Each vendor's snippet; what it returns records one page view, called on each `docjet:navigation`. */
  const vendors: Record<string, (options: Record<string, unknown>) => (() => void) | void> = {
    ga4: ({ measurementId }) => {
      // gtag.js reads `arguments` objects from the data layer, as the snippet's `gtag` pushes them.
      w.dataLayer ??= [];
      w.gtag ??= function gtag() {
        w.dataLayer.push(arguments);
      };
      load(`https://www.googletagmanager.com/gtag/js?id=${path(text(measurementId))}`);
      w.gtag('js', new Date());
      w.gtag('config', text(measurementId));
      return () => w.gtag('event', 'page_view', { ...page(), send_to: text(measurementId) });
    },
    gtm: ({ tagId }) => {
      w.dataLayer ??= [];
      w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      load(`https://www.googletagmanager.com/gtm.js?id=${path(text(tagId))}`);
      return () => w.dataLayer.push({ event: 'page_view', ...page() });
    },
    posthog: ({ apiKey, apiHost, sessionRecording }) => {
      const host = text(apiHost) || 'https://us.i.posthog.com';
      if (!w.posthog?.__SV) {
        const posthog = Object.assign([], { _i: [] as unknown[], __SV: 1 }) as any;
        stub(
          posthog,
          'capture identify register register_once unregister reset alias group setPersonProperties getFeatureFlag isFeatureEnabled onFeatureFlags reloadFeatureFlags opt_in_capturing opt_out_capturing has_opted_out_capturing startSessionRecording stopSessionRecording set_config on',
          (name, args) => posthog.push([name, ...args]),
        );
        w.posthog = posthog;
        load(`${host.replace('.i.posthog.com', '-assets.i.posthog.com').replace(/\/+$/, '')}/static/array.js`, { crossorigin: 'anonymous' });
      }
      w.posthog._i.push([text(apiKey), { api_host: host, person_profiles: 'identified_only', disable_session_recording: sessionRecording === false }, 'posthog']);
      return () => w.posthog.capture('$pageview', { $current_url: location.href, title: document.title });
    },
    mixpanel: ({ projectToken, region }) => {
      // Data residency: the region's ingestion host; the library's own default is the US one.
      const host = region === 'eu' ? { api_host: 'https://api-eu.mixpanel.com' } : region === 'in' ? { api_host: 'https://api-in.mixpanel.com' } : {};
      if (!w.mixpanel?.__SV) {
        const mixpanel = Object.assign([], { _i: [] as unknown[], __SV: 1.2 }) as any;
        stub(
          mixpanel,
          'track track_pageview track_links track_forms register register_once unregister identify alias set_config reset opt_in_tracking opt_out_tracking time_event get_group',
          (name, args) => mixpanel.push([name, ...args]),
        );
        w.mixpanel = mixpanel;
        load('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js');
      }
      w.mixpanel._i.push([text(projectToken), { ...host, track_pageview: true, persistence: 'localStorage' }, 'mixpanel']);
      return () => w.mixpanel.track_pageview();
    },
    segment: ({ key, cdnUrl }) =>
      segmentLike('analytics', `${text(cdnUrl) || 'https://cdn.segment.com'}/analytics.js/v1/${path(text(key))}/analytics.min.js`, text(key), cdnUrl ? { _cdn: text(cdnUrl) } : {}),
    hightouch: ({ writeKey, apiHost }) =>
      segmentLike(
        'htevents',
        'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js',
        text(writeKey),
        {},
        { apiHost: text(apiHost) || 'us-east-1.hightouch-events.com' },
      ),
    amplitude: ({ apiKey }) => {
      load(`https://cdn.amplitude.com/script/${path(text(apiKey))}.js`, {}, () => w.amplitude?.init?.(text(apiKey), { fetchRemoteConfig: true, autocapture: true }));
      return () => w.amplitude?.track?.('[Amplitude] Page Viewed', { '[Amplitude] Page URL': location.href, '[Amplitude] Page Title': document.title });
    },
    heap: ({ appId }) => {
      w.heapReadyCb ??= [];
      w.heap ??= [];
      w.heap.envId = text(appId);
      w.heap.clientConfig = { shouldFetchServerConfig: false };
      stub(
        w.heap,
        'init startTracking stopTracking track resetIdentity identify getSessionId getUserId getIdentity addUserProperties addEventProperties removeEventProperty clearEventProperties addAccountProperties onReady addPageviewProperties removePageviewProperty clearPageviewProperties trackPageview',
        (name, args) => w.heapReadyCb.push({ name, fn: () => w.heap[name]?.(...args) }),
      );
      load(`https://cdn.us.heap-api.com/config/${path(text(appId))}/heap_config.js`);
      return () => w.heap.trackPageview();
    },
    fathom: ({ siteId }) => {
      load('https://cdn.usefathom.com/script.js', { 'data-site': text(siteId), defer: '' });
      return () => w.fathom?.trackPageview?.();
    },
    plausible: ({ domain, server }) => {
      w.plausible ??= (...args: unknown[]) => (w.plausible.q ??= []).push(args);
      load(`https://${text(server) || 'plausible.io'}/js/script.js`, { 'data-domain': text(domain), defer: '' });
      return () => w.plausible('pageview');
    },
    pirsch: ({ id }) => {
      load('https://api.pirsch.io/pa.js', { id: 'pianjs', 'data-code': text(id), defer: '' });
    },
    hotjar: ({ hjid, hjsv }) => {
      w.hj ??= (...args: unknown[]) => (w.hj.q ??= []).push(args);
      w._hjSettings = { hjid: Number(text(hjid)) || text(hjid), hjsv: Number(text(hjsv)) || text(hjsv) };
      load(`https://static.hotjar.com/c/hotjar-${path(text(hjid))}.js?sv=${path(text(hjsv))}`);
      return () => w.hj('stateChange', location.href);
    },
    clarity: ({ projectId }) => {
      w.clarity ??= (...args: unknown[]) => (w.clarity.q ??= []).push(args);
      load(`https://www.clarity.ms/tag/${path(text(projectId))}`);
    },
    adobe: ({ launchUrl }) => load(text(launchUrl)),
    clearbit: ({ publicApiKey }) => load(`https://tag.clearbitscripts.com/v1/${path(text(publicApiKey))}/tags.js`, { referrerpolicy: 'strict-origin-when-cross-origin' }),
    koala: ({ publicApiKey }) => {
      if (w.ko) return;
      const ko = (w.ko = [] as any);
      stub(ko, 'identify track removeListeners open on off qualify ready', (name, args) => ko.push([name, ...args]));
      load(`https://cdn.getkoala.com/v1/${path(text(publicApiKey))}/sdk.js`);
    },
    logrocket: ({ appId }) => load('https://cdn.lr-ingest.com/LogRocket.min.js', { crossorigin: 'anonymous' }, () => w.LogRocket?.init?.(text(appId))),
    intercom: ({ appId }) => {
      w.intercomSettings = { api_base: 'https://api-iam.intercom.io', app_id: text(appId) };
      if (typeof w.Intercom !== 'function') {
        const queue: unknown[] = [];
        w.Intercom = Object.assign((...args: unknown[]) => queue.push(args), { q: queue, c: (args: unknown) => queue.push(args) });
        load(`https://widget.intercom.io/widget/${path(text(appId))}`);
      }
      return () => w.Intercom('update', { last_request_at: Math.floor(Date.now() / 1000) });
    },
    frontchat: ({ snippetId }) =>
      load('https://chat-assets.frontapp.com/v1/chat.bundle.js', {}, () => w.FrontChat?.('init', { chatId: text(snippetId), useDefaultLauncher: true })),
  };

  /** Segment's analytics.js snippet (Hightouch's is the same): a stub of its methods, the library, `load`, then `page()`. */
  function segmentLike(global: string, src: string, key: string, extra: Record<string, string>, loadOptions?: Record<string, string>): () => void {
    if (!w[global]?.initialize && !w[global]?.invoked) {
      const analytics = Object.assign([], { invoked: true, _writeKey: key, SNIPPET_VERSION: '5.2.0', ...extra }) as any;
      stub(
        analytics,
        'trackSubmit trackClick trackLink trackForm pageview identify reset group track ready alias debug page screen once off on addSourceMiddleware addIntegrationMiddleware setAnonymousId addDestinationMiddleware register',
        (name, args) => analytics.push([name, ...args]),
      );
      w[global] = analytics;
      load(src);
      if (loadOptions) analytics._loadOptions = loadOptions;
      analytics.page();
    }
    return () => w[global].page();
  }

  const pageViews: (() => void)[] = [];
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    for (const [name, vendor] of Object.entries(vendors)) {
      const options = settings[name];
      if (!options) continue;
      try {
        const pageView = vendor(options);
        if (pageView) pageViews.push(pageView);
      } catch {}
    }
  };
  // A switch the page script restores on load (the reader's remembered version) is not a new page view.
  document.addEventListener('docjet:navigation', (event) => {
    if ((event as CustomEvent<{ restored?: boolean } | null>).detail?.restored) return;
    for (const pageView of pageViews) {
      try {
        pageView();
      } catch {}
    }
  });

  // Consent: every consent manager or cookie the site names must agree; each says when its answer changes.
  const gates = new Map<string, boolean>();
  const decide = (gate: string, granted: boolean): void => {
    gates.set(gate, granted);
    if (started && !granted) location.reload();
    else if ([...gates.values()].every(Boolean)) start();
  };

  const { cookies, onetrust, transcend } = settings;
  if (cookies?.key !== undefined) {
    const key = text(cookies.key);
    const consented = (): boolean => {
      try {
        const value = localStorage.getItem(key);
        return value !== null && (cookies.value === undefined || value === cookies.value);
      } catch {
        return false;
      }
    };
    gates.set('cookies', false);
    // The site's own banner writes the key in this tab (no event says so): looked at each second until it does.
    const look = (): void => {
      if (consented()) decide('cookies', true);
      else if (!started) setTimeout(look, 1000);
    };
    addEventListener('storage', (event) => {
      if (event.key === key && consented() !== gates.get('cookies')) decide('cookies', consented());
    });
    setTimeout(look, 0);
  }
  if (onetrust) {
    const category = text(onetrust.categoryId) || 'C0002';
    const granted = (): boolean => text(w.OnetrustActiveGroups).split(',').includes(category);
    gates.set('onetrust', false);
    const previous = w.OptanonWrapper;
    w.OptanonWrapper = function OptanonWrapper(this: unknown, ...args: unknown[]) {
      if (typeof previous === 'function') previous.apply(this, args);
      if (granted() !== gates.get('onetrust')) decide('onetrust', granted());
    };
    load(text(onetrust.scriptSource) || 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js', { 'data-domain-script': text(onetrust.domainScript), charset: 'UTF-8' });
  }
  if (transcend) {
    const purpose = text(transcend.analyticsPurpose) || 'Analytics';
    gates.set('transcend', false);
    // Transcend's documented stub: calls to `ready` wait in `readyQueue` until airgap.js has loaded.
    w.airgap = {
      readyQueue: [],
      ready(callback: unknown) {
        this.readyQueue.push(callback);
      },
      ...w.airgap,
    };
    w.airgap.ready((airgap: any) => {
      const granted = (): boolean => airgap.getConsent?.()?.purposes?.[purpose] === true;
      decide('transcend', granted());
      airgap.addEventListener?.('consent-change', () => {
        if (granted() !== gates.get('transcend')) decide('transcend', granted());
      });
    });
    load(`https://transcend-cdn.com/cm/${path(text(transcend.bundleId))}/airgap.js`, { 'data-cfasync': 'false' });
  }
  if (gates.size === 0) start();
}
