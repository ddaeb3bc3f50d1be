/** Rule 8: at most one `default: true` among the versions (and among the languages) of one element. */
import { isObject } from '../../config/load.ts';
import { DIVISION_LISTS, KIND_OF_LIST, NAVIGATION, writtenLabel } from '../../config/navigation.ts';
import type { Rule } from './context.ts';

/** The lists of partitions (versions, languages): the only ones with a `default`. */
const PARTITION_LISTS = DIVISION_LISTS.filter((key) => NAVIGATION[KIND_OF_LIST[key]].partition);

export const singleDefault: Rule = {
  name: 'single-default',
  create: (context) => ({
    element(node) {
      for (const key of PARTITION_LISTS) {
        const list = node.value[key];
        if (!Array.isArray(list)) continue;
        const defaults = list.flatMap((item, index) => (isObject(item) && item.default === true ? [{ item, index }] : []));
        const kind = KIND_OF_LIST[key];
        const label = NAVIGATION[kind].name;
        const [first, ...others] = defaults;
        for (const { item, index } of others) {
          const named = (value: Record<string, unknown> | undefined) => value && writtenLabel(kind, value);
          context.report('default-multiple', [...node.path, key, index, 'default'], {
            kind: label,
            item: named(item),
            first: named(first?.item),
          });
        }
      }
    },
  }),
};
