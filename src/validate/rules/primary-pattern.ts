/** Rule 1: exactly one primary pattern at the root of `navigation`; `global` may stand beside it. */
import { isObject } from '../../config/load.ts';
import { CHILD_LISTS, NAVIGATION, oneOf } from '../../config/navigation.ts';
import type { Rule } from './context.ts';

/** The primary patterns: what the root may hold. */
const ROOT_PATTERNS = NAVIGATION.root.holds;

export const primaryPattern: Rule = {
  name: 'primary-pattern',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'root') return;
      const present = ROOT_PATTERNS.filter((key) => node.value[key] !== undefined);
      if (present.length === 0) {
        const onlyGlobal = isObject(node.value.global);
        context.report('nav-no-pattern', node.path, { onlyGlobal, patterns: ROOT_PATTERNS });
      } else if (present.length > 1) {
        // Keep the outermost pattern: the others can nest inside its elements, not the reverse.
        const [outer, ...inner] = CHILD_LISTS.filter((key) => present.some((pattern) => pattern === key));
        context.report('nav-multiple-patterns', [...node.path, inner[0]!], {
          count: present.length,
          kept: outer!,
          others: inner,
          keptHolder: oneOf(outer!),
        });
      }
    },
  }),
};
