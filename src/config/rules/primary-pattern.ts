/** Rule 1: exactly one primary pattern at the root of `navigation`; `global` may stand beside it. */
import { isObject } from '../load.ts';
import { listOr } from '../../messages.ts';
import type { Rule } from './context.ts';

export const ROOT_PATTERNS = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'] as const;

export const primaryPattern: Rule = {
  name: 'primary-pattern',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'navigation') return;
      const present = ROOT_PATTERNS.filter((key) => node.value[key] !== undefined);
      if (present.length === 0) {
        const onlyGlobal = isObject(node.value.global);
        context.report('nav-no-pattern', node.path, {
          message: `navigation has no primary pattern${onlyGlobal ? ' (global alone does not organise pages)' : ''}: it needs exactly one of ${listOr(ROOT_PATTERNS)}`,
          fix: 'Add one, for example "groups": [{ "group": "Get started", "pages": ["index"] }].',
        });
      } else if (present.length > 1) {
        const [first, ...others] = present;
        context.report('nav-multiple-patterns', [...node.path, others[0]!], {
          message: `navigation has ${present.length} primary patterns (${listOr(present).replace(/ or /, ' and ')}); the root holds exactly one, with "global" beside it if needed`,
          fix: `Keep ${JSON.stringify(first)} and nest the ${others.map((key) => JSON.stringify(key)).join(', ')} inside its elements, or remove them.`,
        });
      }
    },
  }),
};
