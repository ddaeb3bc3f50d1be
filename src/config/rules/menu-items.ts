/** Rule 3 (menus): a menu item holds only groups, pages or a link. Groups' own fields are the schema's. */
import type { Rule } from './context.ts';

const ALLOWED = new Set(['groups', 'pages']);
const DIVISIONS = ['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu'];

export const menuItems: Rule = {
  name: 'menu-items',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'menu-item') return;
      for (const key of DIVISIONS) {
        if (node.value[key] === undefined || ALLOWED.has(key)) continue;
        context.report('menu-item-content', [...node.path, key], {
          message: `a menu item holds only groups, pages or a link ("href"), not ${JSON.stringify(key)}`,
          fix: `Replace ${JSON.stringify(key)} with "groups" or "pages", or make the item a link with "href".`,
        });
      }
    },
  }),
};
