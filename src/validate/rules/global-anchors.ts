/**
 * Rule 4: global anchors need `href`, an absolute external URL (http/https): they appear on every
 * page of every section, so relative paths are not allowed (the reference product accepts them; the
 * spec does not). A missing `href` is the schema's "missing field".
 */
import type { Rule } from './context.ts';

export const globalAnchors: Rule = {
  name: 'global-anchors',
  create: (context) => ({
    element(node) {
      // Only anchors: the spec says nothing of the other lists `global` may hold (tabs, versions…).
      if (node.kind !== 'global-anchor' || node.path[node.path.length - 2] !== 'anchors') return;
      const href = node.value.href;
      if (typeof href !== 'string') return;
      if (/^https?:\/\/[^\s/]+/i.test(href.trim())) return;
      context.report('global-anchor-href', [...node.path, 'href'], { href });
    },
  }),
};
