/** Rule 11: `expanded` on a top-level group is a warning: top-level groups are always expanded. */
import type { Rule } from './context.ts';

export const expandedTopLevel: Rule = {
  name: 'expanded-top-level',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'group' || !node.topLevelGroup || node.value.expanded === undefined) return;
      context.report('expanded-top-level', [...node.path, 'expanded'], {});
    },
  }),
};
