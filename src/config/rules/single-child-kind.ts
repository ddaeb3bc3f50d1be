/**
 * Rule 2: each element holds one type of child at each level (a tab cannot hold both `anchors` and
 * `groups`), and an element that is a link (`href`) holds no children. The root is rule 1's.
 */
import { KIND_NAMES, labelOf, NESTING_ORDER, ONE_OF, type ChildListKey, type NavNode } from '../walk.ts';
import type { Rule } from './context.ts';

export const singleChildKind: Rule = {
  name: 'single-child-kind',
  create: (context) => ({
    element(node) {
      if (node.kind === 'navigation' || node.kind === 'group' || node.kind === 'global-item') return;
      const present = NESTING_ORDER.filter((key) => node.value[key] !== undefined);
      const what = describe(node);
      if (typeof node.value.href === 'string' && present.length > 0) {
        context.report('nav-link-with-children', [...node.path, present[0]!], {
          message: `${what} links to ${JSON.stringify(node.value.href)} and also holds ${present.map((key) => JSON.stringify(key)).join(' and ')}; an element that is a link holds no children`,
          fix: `Remove "href" to keep the ${present.join(' and ')}, or move them to another ${KIND_NAMES[node.kind]}.`,
        });
        return;
      }
      if (present.length > 1) {
        const [outer, inner] = present as [ChildListKey, ChildListKey];
        context.report('nav-mixed-children', [...node.path, inner], {
          message: `${what} holds one type of child; this one has both ${present.map((key) => JSON.stringify(key)).join(' and ')}`,
          fix: `Move the ${inner} into ${ONE_OF[outer]}, or remove the ${outer}.`,
        });
      }
    },
  }),
};

function describe(node: NavNode): string {
  const label = labelOf(node);
  return `a ${KIND_NAMES[node.kind]}${label ? ` (${JSON.stringify(label)})` : ''}`;
}
