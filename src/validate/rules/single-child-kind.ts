/**
 * Rule 2: each element holds one type of child at each level (a tab cannot hold both `anchors` and
 * `groups`), and an element that is a link (`href`) holds no children. The root is rule 1's.
 */
import { CHILD_LISTS, NAVIGATION, oneOf, writtenLabel } from '../../config/navigation.ts';
import type { NavNode } from '../../config/walk.ts';
import type { Rule } from './context.ts';

export const singleChildKind: Rule = {
  name: 'single-child-kind',
  create: (context) => ({
    element(node) {
      if (node.kind === 'root' || node.kind === 'group' || node.kind === 'global-anchor') return;
      const present = CHILD_LISTS.filter((key) => node.value[key] !== undefined);
      const what = describe(node);
      if (typeof node.value.href === 'string' && present.length > 0) {
        context.report('nav-link-with-children', [...node.path, present[0]!], {
          element: what,
          href: node.value.href,
          children: present,
          elementName: NAVIGATION[node.kind].name,
        });
        return;
      }
      const [outer, inner] = present;
      if (outer !== undefined && inner !== undefined) {
        context.report('nav-mixed-children', [...node.path, inner], {
          element: what,
          children: present,
          inner,
          outer,
          outerHolder: oneOf(outer),
        });
      }
    },
  }),
};

function describe(node: NavNode): string {
  const label = writtenLabel(node.kind, node.value);
  return `a ${NAVIGATION[node.kind].name}${label ? ` (${JSON.stringify(label)})` : ''}`;
}
