/**
 * Rule 12: two redirects with the same source: a warning, and the first one wins (as the output
 * writes them). Sources are compared as the paths a browser asks for (`normalizeRedirectPath`), so
 * `/old/`, `old` and `/a/../old` are one source; a source or site destination that cannot be a path
 * is a warning at its line, and the output leaves that redirect out.
 */
import { isObject } from '../../config/load.ts';
import { MAX_SEGMENT_BYTES } from '../../openapi/slug.ts';
import { leavesSite, MAX_REDIRECT_PATH_BYTES, normalizeRedirectPath } from '../../site/redirect-path.ts';
import type { Rule } from './context.ts';

export const redirects: Rule = {
  name: 'redirects',
  create: (context) => ({
    finish() {
      const config = context.config;
      if (!isObject(config) || !Array.isArray(config.redirects)) return;
      const seen = new Map<string, { index: number; source: string }>();
      config.redirects.forEach((redirect, index) => {
        if (!isObject(redirect)) return;
        const { destination } = redirect;
        if (typeof destination === 'string' && !leavesSite(destination)) {
          const normal = normalizeRedirectPath(destination, 'destination');
          if (!normal.ok) report(context, index, 'destination', destination, normal.problem);
        }
        if (typeof redirect.source !== 'string') return;
        const normal = normalizeRedirectPath(redirect.source, 'source');
        if (!normal.ok) {
          report(context, index, 'source', redirect.source, normal.problem);
          return;
        }
        const key = normal.route;
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

function report(
  context: Parameters<Rule['create']>[0],
  index: number,
  field: 'source' | 'destination',
  value: string,
  problem: Exclude<ReturnType<typeof normalizeRedirectPath>, { ok: true }>['problem'],
): void {
  context.report('redirect-path-invalid', ['redirects', index, field], { field, value, problem, maxSegment: MAX_SEGMENT_BYTES, maxPath: MAX_REDIRECT_PATH_BYTES });
}
