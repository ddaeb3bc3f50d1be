/**
 * Settings of `api` the format defines and docjet accepts, but does not apply yet, get a warning
 * at their line (format-behaviour.md §1.4), so a site that relies on one learns it here rather than
 * from its readers. A value that asks for what docjet does anyway (`proxy: false`) is not reported.
 */
import type { UnappliedSetting } from '../../shared/messages.ts';
import { isObject } from '../../config/load.ts';
import type { Rule } from './context.ts';
import { snippetLanguage } from '../../openapi/endpoint/code-samples.ts';

/** Where each setting is written under `api`, and whether a written value asks for something docjet does not do. */
const SETTINGS: { setting: UnappliedSetting; path: [string, ...string[]]; unapplied: (value: unknown) => boolean }[] = [
  { setting: 'api.playground.proxy', path: ['playground', 'proxy'], unapplied: (value) => value === true },
  { setting: 'api.playground.credentials', path: ['playground', 'credentials'], unapplied: (value) => value === true },
  { setting: 'api.examples.prefill', path: ['examples', 'prefill'], unapplied: (value) => value !== undefined },
];

export const unappliedSettings: Rule = {
  name: 'setting-no-effect',
  create: (context) => ({
    finish() {
      const config = context.config;
      if (!isObject(config) || !isObject(config.api)) return;
      for (const { setting, path, unapplied } of SETTINGS) {
        if (unapplied(valueAt(config.api, path))) context.report('setting-no-effect', ['api', ...path], { setting });
      }
      // A language no generator writes (Rust, Dart, C++, or a name the format does not know) gets no tab: said at its entry.
      const languages = valueAt(config.api, ['examples', 'languages']);
      if (Array.isArray(languages)) {
        languages.forEach((name, index) => {
          if (typeof name === 'string' && snippetLanguage(name) === undefined) context.report('setting-no-effect', ['api', 'examples', 'languages', index], { setting: 'api.examples.languages' });
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
