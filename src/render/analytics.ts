/**
 * `integrations` on the page (format-behaviour.md §1.4, §5): what docjet applies of each key and
 * the markup that carries it. The settings travel as data, never as code: one `<meta
 * name="docjet:analytics">` whose content is the settings' JSON, escaped as any attribute value,
 * read by `src/client/analytics.ts` (its own file, loaded only by sites that configure one), which
 * runs each vendor's official loading snippet with those ids, waits for consent where the site
 * names a consent manager or cookie, and counts a page view on every `docjet:navigation`.
 */
import type { Integrations } from '../config/schema.ts';
import { escapeHtml } from '../shared/html-escape.ts';

/**
 * Every key docjet applies: the vendors' snippets, the consent settings (`cookies`, `onetrust`,
 * `transcend`), mint.json's `osano`, and `telemetry`, which turns off the hosted product's own
 * analytics: docjet sends none, so whatever it says is already so.
 */
export const APPLIED_INTEGRATIONS: ReadonlySet<string> = new Set([
  'adobe',
  'amplitude',
  'clarity',
  'clearbit',
  'fathom',
  'frontchat',
  'ga4',
  'gtm',
  'heap',
  'hightouch',
  'hotjar',
  'intercom',
  'koala',
  'logrocket',
  'mixpanel',
  'onetrust',
  'pirsch',
  'posthog',
  'plausible',
  'segment',
  'telemetry',
  'cookies',
  'transcend',
  'osano',
]);

/** Keys that load a script of their own (all but the settings that only shape the others). */
const SETTINGS_ONLY = new Set(['telemetry', 'cookies']);

/** The keys a site configures, and those of them docjet applies (the conformance table's column). */
export function integrationsApplied(integrations: Integrations | undefined): { configured: string[]; applied: string[] } {
  const configured = Object.keys(integrations ?? {});
  return { configured, applied: configured.filter((key) => APPLIED_INTEGRATIONS.has(key) && !unappliedCookies(key, integrations)) };
}

/** `cookies` without a `key` names no consent to wait for. */
function unappliedCookies(key: string, integrations: Integrations | undefined): boolean {
  return key === 'cookies' && integrations?.cookies?.key === undefined;
}

/** The settings the page's analytics script reads; undefined when nothing would load. */
export function analyticsSettings(integrations: Integrations | undefined): Integrations | undefined {
  if (!integrations) return undefined;
  const loads = Object.keys(integrations).some((key) => APPLIED_INTEGRATIONS.has(key) && !SETTINGS_ONLY.has(key) && key !== 'osano');
  if (!loads) return undefined;
  const { telemetry: _telemetry, osano: _osano, ...settings } = integrations;
  return settings;
}

/**
 * The second half of Tag Manager's snippet, first in the body: its frame for readers without
 * JavaScript. Not where a consent manager or cookie is named: such a reader cannot consent.
 */
export function analyticsNoscript(integrations: Integrations | undefined): string {
  const tagId = integrations?.gtm?.tagId;
  if (!tagId || integrations.cookies?.key !== undefined || integrations.onetrust || integrations.transcend || integrations.osano) return '';
  const src = `https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(tagId)}`;
  return `<noscript><iframe src="${escapeHtml(src)}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`;
}

/**
 * The head's markup: Osano's script first and blocking (it must run before any other script to
 * hold back what the visitor has not consented to), then the settings and the analytics script.
 */
export function analyticsHead(integrations: Integrations | undefined, script: string): string {
  let html = '';
  const osano = integrations?.osano?.scriptSource;
  if (osano) html += `<script src="${escapeHtml(osano)}"></script>`;
  const settings = analyticsSettings(integrations);
  if (settings) html += `<meta name="docjet:analytics" content="${escapeHtml(JSON.stringify(settings))}"><script src="${escapeHtml(script)}" defer></script>`;
  return html;
}
