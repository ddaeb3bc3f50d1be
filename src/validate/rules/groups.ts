/**
 * Rule 3 (groups): a group needs `pages`. The one exception is the spec's "openapi without pages":
 * a group with its own `openapi` and no `pages` gets a page for every operation of the spec.
 * (A missing `group` label is the schema's "missing field".)
 */
import { writtenLabel } from '../../config/navigation.ts';
import type { Rule } from './context.ts';

export const groups: Rule = {
  name: 'groups',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'group' || node.value.pages !== undefined || node.value.openapi !== undefined) return;
      const label = writtenLabel(node.kind, node.value);
      context.report('group-pages-missing', node.path, { label });
    },
  }),
};
