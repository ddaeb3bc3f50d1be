/**
 * The legacy mint.json upgraded in memory to the docs.json shape, so every later stage sees one
 * model. In mint.json, `navigation` is a list of groups; `tabs` and `anchors` are lists of
 * `{name, url}` where `url` is either an external link or the folder prefix of the pages they hold;
 * groups carry `version`; `openapi` is top-level.
 *
 * Objects taken over unchanged (groups, pages) keep their identity, so diagnostics still point into
 * mint.json; new containers borrow the position of the mint.json entry they come from.
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { SourceLocations } from './json-source.ts';

type Json = Record<string, unknown>;

/** Keys copied as they are: they mean the same in both formats. */
const SAME_KEYS = ['$schema', 'name', 'description', 'logo', 'favicon', 'redirects', 'search', 'seo'];

export function upgradeMintConfig(mint: Json, locations: SourceLocations): { value: Json; diagnostics: Diagnostic[] } {
  const out: Json = { theme: 'mint' };
  locations.alias(out, mint);
  for (const key of SAME_KEYS) if (key in mint) out[key] = mint[key];
  // In the table's order, so the upgraded config lists its keys as before.
  for (const [key, upgrade] of Object.entries(UPGRADES)) {
    const value = upgrade(mint, locations);
    if (value !== undefined) out[key] = value;
  }
  const ignored = ignoredKeys(mint, locations);
  return { value: out, diagnostics: ignored ? [ignored] : [] };
}

/** docs.json keys made from mint.json, each by one function; undefined leaves the key out. */
const UPGRADES: Record<string, (mint: Json, locations: SourceLocations) => unknown> = {
  colors: upgradeColors,
  navbar: upgradeNavbar,
  footer: upgradeFooter,
  appearance: upgradeAppearance,
  integrations: upgradeIntegrations,
  seo: upgradeSeo,
  fonts: upgradeFonts,
  api: upgradeApi,
  navigation: (mint, locations) => {
    const navigation = upgradeNavigation(mint, locations);
    locations.alias(navigation, Array.isArray(mint.navigation) ? mint.navigation : mint);
    return navigation;
  },
};

/**
 * docs.json's `integrations` holds what mint.json split in two: `analytics`, whose vendor keys and
 * fields docs.json kept as they were, and `integrations`, whose support widgets mint.json wrote as a
 * bare id (`"intercom": "<app id>"`) where docs.json wants an object (`{ "appId": "<app id>" }`).
 * A value of any other kind is kept, for the schema to report at its place in mint.json.
 */
function upgradeIntegrations(mint: Json, locations: SourceLocations): unknown {
  const analytics = asObject(mint.analytics);
  const widgets = asObject(mint.integrations);
  if (mint.integrations !== undefined && !widgets) return mint.integrations;
  const origin = widgets ?? analytics;
  if (!origin) return undefined;
  const upgraded = Object.entries(widgets ?? {}).map(([key, value]) => [key, upgradeWidget(key, value)]);
  const integrations: Json = { ...analytics, ...Object.fromEntries(upgraded) };
  // Keys from `integrations` point at their line there; those from `analytics` keep their own objects.
  locations.alias(integrations, origin);
  return integrations;
}

/** The docs.json field of each support widget that mint.json gave as a bare string. */
const WIDGET_ID_FIELDS: Record<string, string> = { intercom: 'appId', frontchat: 'snippetId', osano: 'scriptSource' };

function upgradeWidget(key: string, value: unknown): unknown {
  const field = WIDGET_ID_FIELDS[key];
  return field !== undefined && typeof value === 'string' ? { [field]: value } : value;
}

function upgradeColors(mint: Json, locations: SourceLocations): Json | undefined {
  const colors = asObject(mint.colors);
  if (!colors) return undefined;
  const upgraded: Json = {};
  for (const key of ['primary', 'light', 'dark']) if (typeof colors[key] === 'string') upgraded[key] = colors[key];
  locations.alias(upgraded, colors);
  return upgraded;
}

/** `footerSocials`, a list of `{type, url}` or already a record, becomes `footer.socials`. */
function upgradeFooter(mint: Json): Json | undefined {
  const socials = mint.footerSocials;
  if (Array.isArray(socials)) {
    const record: Json = {};
    for (const entry of socials) {
      const social = asObject(entry);
      if (social && typeof social.type === 'string' && typeof social.url === 'string') record[social.type] = social.url;
    }
    return { socials: record };
  }
  return asObject(socials) ? { socials } : undefined;
}

function upgradeAppearance(mint: Json): Json | undefined {
  const modeToggle = asObject(mint.modeToggle);
  if (!modeToggle) return undefined;
  const appearance: Json = {};
  if (typeof modeToggle.default === 'string') appearance.default = modeToggle.default;
  if (modeToggle.isHidden === true) appearance.strict = true;
  return appearance;
}

/** `metadata` becomes `seo.metatags`, beside what `seo` already says. */
function upgradeSeo(mint: Json): Json | undefined {
  const metadata = asObject(mint.metadata);
  return metadata ? { ...asObject(mint.seo), metatags: metadata } : undefined;
}

function upgradeFonts(mint: Json): Json | undefined {
  const font = asObject(mint.font) ?? asObject(mint.fonts);
  if (!font) return undefined;
  const fonts: Json = {};
  const heading = asObject(font.headings) ?? asObject(font.heading);
  const body = asObject(font.body);
  if (heading) fonts.heading = heading;
  if (body) fonts.body = body;
  if (!heading && !body && typeof font.family === 'string') Object.assign(fonts, font);
  return fonts;
}

/** Top-level `openapi` and `api` (playground mode, auth, base URL) become docs.json's `api`. */
function upgradeApi(mint: Json): Json | undefined {
  const api = asObject(mint.api);
  const apiOut: Json = {};
  if (mint.openapi !== undefined) apiOut.openapi = mint.openapi;
  if (api) {
    const playground = asObject(api.playground);
    if (playground && typeof playground.mode === 'string') {
      apiOut.playground = { display: playground.mode === 'show' ? 'interactive' : playground.mode === 'hide' ? 'none' : playground.mode };
    }
    const auth = asObject(api.auth);
    if (auth) apiOut.mdx = { auth: { ...(typeof auth.method === 'string' ? { method: auth.method } : {}), ...(typeof auth.name === 'string' ? { name: auth.name } : {}) } };
    if (typeof api.baseUrl === 'string' || Array.isArray(api.baseUrl)) {
      apiOut.mdx = { ...asObject(apiOut.mdx), server: api.baseUrl };
    }
  }
  return Object.keys(apiOut).length > 0 ? apiOut : undefined;
}

/** The warning for mint.json keys that nothing above upgrades, at the first of them. */
function ignoredKeys(mint: Json, locations: SourceLocations): Diagnostic | undefined {
  const ignored = Object.keys(mint).filter((key) => !SAME_KEYS.includes(key) && !UPGRADED_KEYS.has(key));
  if (ignored.length === 0) return undefined;
  return diagnostic('legacy-config', locations.locateKey(mint, [ignored[0]!]), 'mint.json', { ignored });
}

/** Keys turned into their docs.json equivalents above; every other key is reported as ignored. */
const UPGRADED_KEYS = new Set([
  'colors',
  'topbarLinks',
  'topbarCtaButton',
  'footerSocials',
  'modeToggle',
  'metadata',
  'font',
  'fonts',
  'api',
  'analytics',
  'integrations',
  'openapi',
  'navigation',
  'tabs',
  'anchors',
  'versions',
  'primaryTab',
  'topAnchor',
]);

function upgradeNavbar(mint: Json, locations: SourceLocations): Json | undefined {
  const navbar: Json = {};
  if (Array.isArray(mint.topbarLinks)) {
    const links = mint.topbarLinks.flatMap((entry) => {
      const link = asObject(entry);
      if (!link || typeof link.url !== 'string') return [];
      const upgraded: Json = { label: typeof link.name === 'string' ? link.name : link.url, href: link.url };
      locations.alias(upgraded, link);
      return [upgraded];
    });
    navbar.links = links;
  }
  const cta = asObject(mint.topbarCtaButton);
  if (cta && typeof cta.url === 'string') {
    const primary: Json = { type: cta.type === 'github' ? 'github' : 'button', href: cta.url };
    if (typeof cta.name === 'string') primary.label = cta.name;
    else if (cta.type !== 'github') primary.label = 'Get started';
    locations.alias(primary, cta);
    navbar.primary = primary;
  }
  return Object.keys(navbar).length > 0 ? navbar : undefined;
}

interface Division {
  label: string;
  url: string | undefined;
  source: Json;
}

function upgradeNavigation(mint: Json, locations: SourceLocations): Json {
  const groups = (Array.isArray(mint.navigation) ? mint.navigation : []).filter((entry): entry is Json => asObject(entry) !== undefined);
  const { external, anchors } = readAnchors(mint, locations);
  const divisions: Divisions = { anchors, tabs: readTabs(mint) };
  const navigation: Json = {};
  if (external.length > 0) navigation.global = { anchors: external };
  const versions = readVersions(mint);
  if (versions.length > 0) {
    navigation.versions = versions.map(({ name, index }) => {
      const own = groups.filter((group) => group.version === undefined || group.version === name);
      const element: Json = {
        version: name,
        ...divide(
          own.map((group) => withoutVersion(group, locations)),
          mint,
          divisions,
          locations,
        ),
      };
      // Problems with the version (its label) point at its name in mint.json's "versions".
      locations.aliasMember(element, mint.versions as unknown[], index);
      return element;
    });
  } else {
    Object.assign(
      navigation,
      divide(
        groups.map((group) => withoutVersion(group, locations)),
        mint,
        divisions,
        locations,
      ),
    );
  }
  return navigation;
}

/** The names in mint.json's `versions` (strings or `{name}`), with their index there. */
function readVersions(mint: Json): { name: string; index: number }[] {
  return (Array.isArray(mint.versions) ? mint.versions : []).flatMap((entry, index) => {
    const name = typeof entry === 'string' ? entry : asObject(entry)?.name;
    return typeof name === 'string' ? [{ name, index }] : [];
  });
}

/** Anchors to an external URL become global anchors; the others divide the groups by folder. */
function readAnchors(mint: Json, locations: SourceLocations): { external: Json[]; anchors: Division[] } {
  const external: Json[] = [];
  const anchors: Division[] = [];
  for (const entry of Array.isArray(mint.anchors) ? mint.anchors : []) {
    const anchor = asObject(entry);
    if (!anchor || typeof anchor.url !== 'string') continue;
    const label = typeof anchor.name === 'string' ? anchor.name : anchor.url;
    if (/^[a-z][a-z0-9+.-]*:/i.test(anchor.url)) {
      const global: Json = { anchor: label, href: anchor.url };
      if (typeof anchor.icon === 'string') global.icon = anchor.icon;
      locations.alias(global, anchor);
      external.push(global);
    } else {
      anchors.push({ label, url: trimSlashes(anchor.url), source: anchor });
    }
  }
  return { external, anchors };
}

function readTabs(mint: Json): Division[] {
  const tabs: Division[] = [];
  for (const entry of Array.isArray(mint.tabs) ? mint.tabs : []) {
    const tab = asObject(entry);
    if (!tab || typeof tab.name !== 'string') continue;
    tabs.push({ label: tab.name, url: typeof tab.url === 'string' ? trimSlashes(tab.url) : undefined, source: tab });
  }
  return tabs;
}

interface Divisions {
  anchors: Division[];
  tabs: Division[];
}

/** Groups under anchors (with tabs inside them), else under tabs, else as they are. */
function divide(selected: Json[], mint: Json, { anchors, tabs }: Divisions, locations: SourceLocations): Json {
  if (anchors.length > 0) return { anchors: partition(selected, [firstDivision(mint.topAnchor, mint), ...anchors], 'anchor', locations, tabs) };
  if (tabs.length > 0) return { tabs: partition(selected, [firstDivision(mint.primaryTab, mint), ...tabs], 'tab', locations, []) };
  return { groups: selected };
}

/** The top anchor or primary tab, which holds the groups no other division claims. */
function firstDivision(written: unknown, mint: Json): Division {
  const named = asObject(written);
  return { label: typeof named?.name === 'string' ? named.name : 'Documentation', url: undefined, source: named ?? mint };
}

/** A group's `version` moves to the version element that holds it. */
function withoutVersion(group: Json, locations: SourceLocations): Json {
  if (!('version' in group)) return group;
  const { version: _version, ...rest } = group;
  locations.alias(rest, group); // problems in the group still point into mint.json
  return rest;
}

/**
 * Groups go to the first division whose url prefixes their first page; the rest to the first
 * division (the primary tab or top anchor). Inside anchors, tabs partition again.
 */
function partition(groups: Json[], divisions: Division[], kind: 'tab' | 'anchor', locations: SourceLocations, inner: Division[]): Json[] {
  const buckets = divisions.map(() => [] as Json[]);
  for (const group of groups) {
    const first = firstPage(group);
    let index = divisions.findIndex((division, i) => i > 0 && division.url && first && (first === division.url || first.startsWith(`${division.url}/`)));
    if (index === -1) index = 0;
    buckets[index]!.push(group);
  }
  return divisions.flatMap((division, i) => {
    const bucket = buckets[i]!;
    if (bucket.length === 0 && i === 0) return [];
    const element: Json = { [kind]: division.label };
    const icon = division.source.icon;
    if (typeof icon === 'string') element.icon = icon;
    if (typeof division.source.openapi === 'string') element.openapi = division.source.openapi;
    if (inner.length > 0) {
      const nested = partition(bucket, [{ label: 'Documentation', url: undefined, source: division.source }, ...inner], 'tab', locations, []);
      element.tabs = nested;
    } else {
      element.groups = bucket;
    }
    locations.alias(element, division.source);
    return [element];
  });
}

function firstPage(group: Json): string | undefined {
  for (const entry of Array.isArray(group.pages) ? group.pages : []) {
    if (typeof entry === 'string') return trimSlashes(entry);
    const nested = asObject(entry);
    if (nested) {
      const found = firstPage(nested);
      if (found) return found;
    }
  }
  return undefined;
}

function trimSlashes(value: string): string {
  return value.replace(/^\.?\/+/, '').replace(/\/+$/, '');
}

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}
