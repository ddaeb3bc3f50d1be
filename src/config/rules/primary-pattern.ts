/** Rule 1: exactly one primary pattern at the root of `navigation`; `global` may stand beside it. */
import { isObject } from '../load.ts';
import { listOr } from '../../messages.ts';
import { CHILD_LISTS, NAVIGATION, oneOf } from '../navigation.ts';
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
        context.report('nav-no-pattern', node.path, {
          message: `navigation has no primary pattern${onlyGlobal ? ' (global alone does not organise pages)' : ''}: it needs exactly one of ${listOr(ROOT_PATTERNS)}`,
          fix: 'Add one, for example "groups": [{ "group": "Get started", "pages": ["index"] }].',
        });
      } else if (present.length > 1) {
        // Keep the outermost pattern: the others can nest inside its elements, not the reverse.
        const [outer, ...inner] = CHILD_LISTS.filter((key) => present.some((pattern) => pattern === key));
        context.report('nav-multiple-patterns', [...node.path, inner[0]!], {
          message: `navigation has ${present.length} primary patterns (${listOr([outer!, ...inner]).replace(/ or /, ' and ')}); the root holds exactly one, with "global" beside it if needed`,
          fix: `Keep ${JSON.stringify(outer)} and move the ${inner.join(' and the ')} into ${oneOf(outer!)}, or remove them.`,
        });
      }
    },
  }),
};
