/** Rule 8: at most one `default: true` among the versions (and among the languages) of one element. */
import type { Rule } from './context.ts';

export const singleDefault: Rule = {
  name: 'single-default',
  create: (context) => ({
    element(node) {
      for (const key of ['versions', 'languages'] as const) {
        const list = node.value[key];
        if (!Array.isArray(list)) continue;
        const defaults = list.flatMap((item, index) =>
          typeof item === 'object' && item !== null && (item as Record<string, unknown>).default === true ? [index] : [],
        );
        const label = key === 'versions' ? 'version' : 'language';
        for (const index of defaults.slice(1)) {
          const first = list[defaults[0]!] as Record<string, unknown>;
          const item = list[index] as Record<string, unknown>;
          context.report('default-multiple', [...node.path, key, index, 'default'], {
            message: `${label} ${JSON.stringify(item[label])} is marked "default": true, but ${JSON.stringify(first[label])} already is; only one ${label} here can be the default`,
            fix: `Keep "default": true on one ${label} only.`,
          });
        }
      }
    },
  }),
};
