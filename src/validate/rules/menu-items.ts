/** Rule 3 (menus): a menu item holds only groups, pages or a link. Groups' own fields are the schema's. */
import { CHILD_LISTS, NAVIGATION } from '../../config/navigation.ts';
import type { Rule } from './context.ts';

const HELD = NAVIGATION['menu-item'].holds;
/** The child lists a menu item may not hold. */
const NOT_HELD = CHILD_LISTS.filter((key) => !HELD.includes(key));

export const menuItems: Rule = {
  name: 'menu-items',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'menu-item') return;
      for (const key of NOT_HELD) {
        if (node.value[key] === undefined) continue;
        context.report('menu-item-content', [...node.path, key], { key });
      }
    },
  }),
};
