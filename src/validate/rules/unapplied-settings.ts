/**
 * Settings the format defines and docjet accepts, but does not apply yet, get a warning at their
 * line (format-behaviour.md §1.4), so a site that relies on one learns it here rather than from its
 * readers. A value that asks for what docjet does anyway (`proxy: false`) is not reported. Every key
 * of `integrations` is applied (src/render/analytics.ts), but a `cookies` that names no key.
 */
import type { UnappliedSetting } from '../../shared/messages.ts';
import { isObject } from '../../config/load.ts';
import type { Rule } from './context.ts';

/** Where each setting is written, and whether a written value asks for something docjet does not do. */
const SETTINGS: { setting: UnappliedSetting; path: [string, ...string[]]; unapplied: (value: unknown) => boolean }[] = [
  { setting: 'api.playground.proxy', path: ['api', 'playground', 'proxy'], unapplied: (value) => value === true },
  { setting: 'api.playground.credentials', path: ['api', 'playground', 'credentials'], unapplied: (value) => value === true },
  { setting: 'api.examples.prefill', path: ['api', 'examples', 'prefill'], unapplied: (value) => value !== undefined },
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
