/** Rule 12: two redirects with the same source: a warning, and the first one wins (as the output writes them). */
import { isObject } from '../load.ts';
import type { Rule } from './context.ts';

export function normalizeRedirectSource(source: string): string {
  const trimmed = source.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export const redirects: Rule = {
  name: 'redirects',
  create: (context) => ({
    finish() {
      const config = context.config;
      if (!isObject(config) || !Array.isArray(config.redirects)) return;
      const seen = new Map<string, { index: number; source: string }>();
      config.redirects.forEach((redirect, index) => {
        if (!isObject(redirect) || typeof redirect.source !== 'string') return;
        const key = normalizeRedirectSource(redirect.source);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, { index, source: redirect.source });
          return;
        }
        // `old/` and `/old` are the same source: show the first spelling when it differs.
        context.report('redirect-duplicate', ['redirects', index, 'source'], {
          source: redirect.source,
          firstIndex: first.index,
          firstSpelling: first.source,
          firstAt: context.where(['redirects', first.index, 'source']),
        });
      });
    },
  }),
};
