"use strict";
{
    const w = window;
    let settings = {};
    try {
        settings = JSON.parse(document.querySelector('meta[name="docjet:analytics"]')?.content ?? '{}');
    }
    catch { }
    const text = (value) => (typeof value === 'string' ? value : '');
    const path = encodeURIComponent;
    const load = (src, attributes = {}, onload) => {
        let url;
        try {
            url = new URL(src, location.href);
        }
        catch {
            return;
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:')
            return;
        const script = document.createElement('script');
        script.async = true;
        script.src = url.href;
        for (const [name, value] of Object.entries(attributes))
            script.setAttribute(name, value);
        if (onload)
            script.addEventListener('load', onload);
        document.head.append(script);
    };
    const stub = (target, methods, record) => {
        for (const name of methods.split(' '))
            target[name] ??= (...args) => record(name, args);
    };
    const page = () => ({ page_location: location.href, page_title: document.title, page_path: location.pathname });
    const vendors = {
        ga4: ({ measurementId }) => {
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
                const posthog = Object.assign([], { _i: [], __SV: 1 });
                stub(posthog, 'capture identify register register_once unregister reset alias group setPersonProperties getFeatureFlag isFeatureEnabled onFeatureFlags reloadFeatureFlags opt_in_capturing opt_out_capturing has_opted_out_capturing startSessionRecording stopSessionRecording set_config on', (name, args) => posthog.push([name, ...args]));
                w.posthog = posthog;
                load(`${host.replace('.i.posthog.com', '-assets.i.posthog.com').replace(/\/+$/, '')}/static/array.js`, { crossorigin: 'anonymous' });
            }
            w.posthog._i.push([text(apiKey), { api_host: host, person_profiles: 'identified_only', disable_session_recording: sessionRecording === false }, 'posthog']);
            return () => w.posthog.capture('$pageview', { $current_url: location.href, title: document.title });
        },
        mixpanel: ({ projectToken, region }) => {
            const host = region === 'eu' ? { api_host: 'https://api-eu.mixpanel.com' } : region === 'in' ? { api_host: 'https://api-in.mixpanel.com' } : {};
            if (!w.mixpanel?.__SV) {
                const mixpanel = Object.assign([], { _i: [], __SV: 1.2 });
                stub(mixpanel, 'track track_pageview track_links track_forms register register_once unregister identify alias set_config reset opt_in_tracking opt_out_tracking time_event get_group', (name, args) => mixpanel.push([name, ...args]));
                w.mixpanel = mixpanel;
                load('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js');
            }
            w.mixpanel._i.push([text(projectToken), { ...host, track_pageview: true, persistence: 'localStorage' }, 'mixpanel']);
            return () => w.mixpanel.track_pageview();
        },
        segment: ({ key, cdnUrl }) => segmentLike('analytics', `${text(cdnUrl) || 'https://cdn.segment.com'}/analytics.js/v1/${path(text(key))}/analytics.min.js`, text(key), cdnUrl ? { _cdn: text(cdnUrl) } : {}),
        hightouch: ({ writeKey, apiHost }) => segmentLike('htevents', 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js', text(writeKey), {}, { apiHost: text(apiHost) || 'us-east-1.hightouch-events.com' }),
        amplitude: ({ apiKey }) => {
            load(`https://cdn.amplitude.com/script/${path(text(apiKey))}.js`, {}, () => w.amplitude?.init?.(text(apiKey), { fetchRemoteConfig: true, autocapture: true }));
            return () => w.amplitude?.track?.('[Amplitude] Page Viewed', { '[Amplitude] Page URL': location.href, '[Amplitude] Page Title': document.title });
        },
        heap: ({ appId }) => {
            w.heapReadyCb ??= [];
            w.heap ??= [];
            w.heap.envId = text(appId);
            w.heap.clientConfig = { shouldFetchServerConfig: false };
            stub(w.heap, 'init startTracking stopTracking track resetIdentity identify getSessionId getUserId getIdentity addUserProperties addEventProperties removeEventProperty clearEventProperties addAccountProperties onReady addPageviewProperties removePageviewProperty clearPageviewProperties trackPageview', (name, args) => w.heapReadyCb.push({ name, fn: () => w.heap[name]?.(...args) }));
            load(`https://cdn.us.heap-api.com/config/${path(text(appId))}/heap_config.js`);
            return () => w.heap.trackPageview();
        },
        fathom: ({ siteId }) => {
            load('https://cdn.usefathom.com/script.js', { 'data-site': text(siteId), defer: '' });
            return () => w.fathom?.trackPageview?.();
        },
        plausible: ({ domain, server }) => {
            w.plausible ??= (...args) => (w.plausible.q ??= []).push(args);
            load(`https://${text(server) || 'plausible.io'}/js/script.js`, { 'data-domain': text(domain), defer: '' });
            return () => w.plausible('pageview');
        },
        pirsch: ({ id }) => {
            load('https://api.pirsch.io/pa.js', { id: 'pianjs', 'data-code': text(id), defer: '' });
        },
        hotjar: ({ hjid, hjsv }) => {
            w.hj ??= (...args) => (w.hj.q ??= []).push(args);
            w._hjSettings = { hjid: Number(text(hjid)) || text(hjid), hjsv: Number(text(hjsv)) || text(hjsv) };
            load(`https://static.hotjar.com/c/hotjar-${path(text(hjid))}.js?sv=${path(text(hjsv))}`);
            return () => w.hj('stateChange', location.href);
        },
        clarity: ({ projectId }) => {
            w.clarity ??= (...args) => (w.clarity.q ??= []).push(args);
            load(`https://www.clarity.ms/tag/${path(text(projectId))}`);
        },
        adobe: ({ launchUrl }) => load(text(launchUrl)),
        clearbit: ({ publicApiKey }) => load(`https://tag.clearbitscripts.com/v1/${path(text(publicApiKey))}/tags.js`, { referrerpolicy: 'strict-origin-when-cross-origin' }),
        koala: ({ publicApiKey }) => {
            if (w.ko)
                return;
            const ko = (w.ko = []);
            stub(ko, 'identify track removeListeners open on off qualify ready', (name, args) => ko.push([name, ...args]));
            load(`https://cdn.getkoala.com/v1/${path(text(publicApiKey))}/sdk.js`);
        },
        logrocket: ({ appId }) => load('https://cdn.lr-ingest.com/LogRocket.min.js', { crossorigin: 'anonymous' }, () => w.LogRocket?.init?.(text(appId))),
        intercom: ({ appId }) => {
            w.intercomSettings = { api_base: 'https://api-iam.intercom.io', app_id: text(appId) };
            if (typeof w.Intercom !== 'function') {
                const queue = [];
                w.Intercom = Object.assign((...args) => queue.push(args), { q: queue, c: (args) => queue.push(args) });
                load(`https://widget.intercom.io/widget/${path(text(appId))}`);
            }
            return () => w.Intercom('update', { last_request_at: Math.floor(Date.now() / 1000) });
        },
        frontchat: ({ snippetId }) => load('https://chat-assets.frontapp.com/v1/chat.bundle.js', {}, () => w.FrontChat?.('init', { chatId: text(snippetId), useDefaultLauncher: true })),
    };
    function segmentLike(global, src, key, extra, loadOptions) {
        if (!w[global]?.initialize && !w[global]?.invoked) {
            const analytics = Object.assign([], { invoked: true, _writeKey: key, SNIPPET_VERSION: '5.2.0', ...extra });
            stub(analytics, 'trackSubmit trackClick trackLink trackForm pageview identify reset group track ready alias debug page screen once off on addSourceMiddleware addIntegrationMiddleware setAnonymousId addDestinationMiddleware register', (name, args) => analytics.push([name, ...args]));
            w[global] = analytics;
            load(src);
            if (loadOptions)
                analytics._loadOptions = loadOptions;
            analytics.page();
        }
        return () => w[global].page();
    }
    const pageViews = [];
    let started = false;
    const start = () => {
        if (started)
            return;
        started = true;
        for (const [name, vendor] of Object.entries(vendors)) {
            const options = settings[name];
            if (!options)
                continue;
            try {
                const pageView = vendor(options);
                if (pageView)
                    pageViews.push(pageView);
            }
            catch { }
        }
    };
    document.addEventListener('docjet:navigation', (event) => {
        if (event.detail?.restored)
            return;
        for (const pageView of pageViews) {
            try {
                pageView();
            }
            catch { }
        }
    });
    const gates = new Map();
    const decide = (gate, granted) => {
        gates.set(gate, granted);
        if (started && !granted)
            location.reload();
        else if ([...gates.values()].every(Boolean))
            start();
    };
    const { cookies, onetrust, transcend } = settings;
    if (cookies?.key !== undefined) {
        const key = text(cookies.key);
        const consented = () => {
            try {
                const value = localStorage.getItem(key);
                return value !== null && (cookies.value === undefined || value === cookies.value);
            }
            catch {
                return false;
            }
        };
        gates.set('cookies', false);
        const look = () => {
            if (consented())
                decide('cookies', true);
            else if (!started)
                setTimeout(look, 1000);
        };
        addEventListener('storage', (event) => {
            if (event.key === key && consented() !== gates.get('cookies'))
                decide('cookies', consented());
        });
        setTimeout(look, 0);
    }
    if (onetrust) {
        const category = text(onetrust.categoryId) || 'C0002';
        const granted = () => text(w.OnetrustActiveGroups).split(',').includes(category);
        gates.set('onetrust', false);
        const previous = w.OptanonWrapper;
        w.OptanonWrapper = function OptanonWrapper(...args) {
            if (typeof previous === 'function')
                previous.apply(this, args);
            if (granted() !== gates.get('onetrust'))
                decide('onetrust', granted());
        };
        load(text(onetrust.scriptSource) || 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js', { 'data-domain-script': text(onetrust.domainScript), charset: 'UTF-8' });
    }
    if (transcend) {
        const purpose = text(transcend.analyticsPurpose) || 'Analytics';
        gates.set('transcend', false);
        w.airgap = {
            readyQueue: [],
            ready(callback) {
                this.readyQueue.push(callback);
            },
            ...w.airgap,
        };
        w.airgap.ready((airgap) => {
            const granted = () => airgap.getConsent?.()?.purposes?.[purpose] === true;
            decide('transcend', granted());
            airgap.addEventListener?.('consent-change', () => {
                if (granted() !== gates.get('transcend'))
                    decide('transcend', granted());
            });
        });
        load(`https://transcend-cdn.com/cm/${path(text(transcend.bundleId))}/airgap.js`, { 'data-cfasync': 'false' });
    }
    if (gates.size === 0)
        start();
}
