/**
 * Settings the format defines and docjet accepts, but does not apply yet, get a warning at their
 * line (format-behaviour.md §1.1, §1.4), so a site that relies on one learns it here rather than
 * from its readers. A value that asks for what docjet does (`proxy: true` or a proxy's URL) is not reported. Every key
 * of `integrations` is applied (src/render/analytics.ts), but a `cookies` that names no key.
 */
import type { UnappliedSetting } from '../../shared/messages.ts';
import { isObject } from '../../config/load.ts';
import type { Rule } from './context.ts';
import { sampleLanguage } from '../../openapi/endpoint/code-samples.ts';

/** Where each setting is written in docs.json, and whether a written value asks for something docjet does not do. */
const SETTINGS: { setting: UnappliedSetting; path: [string, ...string[]]; unapplied: (value: unknown) => boolean }[] = [
  // true (the default) is docjet dev's and serve's own proxy; a URL is the proxy a static build's panel sends through.
  { setting: 'api.playground.proxy', path: ['api', 'playground', 'proxy'], unapplied: (value) => typeof value === 'string' && !/^(https?:\/\/[^/]|\/)/i.test(value.trim()) },
  { setting: 'api.playground.credentials', path: ['api', 'playground', 'credentials'], unapplied: (value) => value === true },
  { setting: 'api.examples.prefill', path: ['api', 'examples', 'prefill'], unapplied: (value) => value !== undefined },
  { setting: 'thumbnails.background', path: ['thumbnails', 'background'], unapplied: (value) => typeof value === 'string' && !drawableImage(value) },
  { setting: 'thumbnails.fonts', path: ['thumbnails', 'fonts'], unapplied: (value) => value !== undefined },
  { setting: 'seo.trailingSlash', path: ['seo', 'trailingSlash'], unapplied: (value) => value === true },
  { setting: 'integrations.cookies', path: ['integrations', 'cookies'], unapplied: (value) => isObject(value) && value['key'] === undefined },
];

export const unappliedSettings: Rule = {
  name: 'setting-no-effect',
  create: (context) => ({
    finish() {
      const config = context.config;
      if (!isObject(config)) return;
      for (const { setting, path, unapplied } of SETTINGS) {
        if (unapplied(valueAt(config, path))) context.report('setting-no-effect', path, { setting });
      }
      // A language no generator writes (Rust, Dart, C++, or a name the format does not know) gets no tab: said at its entry.
      const languages = valueAt(config.api, ['examples', 'languages']);
      if (Array.isArray(languages)) {
        languages.forEach((name, index) => {
          if (typeof name === 'string' && sampleLanguage(name) === undefined)
            context.report('setting-no-effect', ['api', 'examples', 'languages', index], { setting: 'api.examples.languages' });
        });
      }
    },
  }),
};

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** An image file of the site that cards can be drawn on (src/render/social-card.ts reads it): not a URL, of a type satori draws. */
function drawableImage(value: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return false;
  return /\.(png|jpe?g|gif|svg)$/i.test(value.split(/[?#]/)[0]!);
}
