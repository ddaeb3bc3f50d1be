/** The site's navigation elements made from the config's: labels, visibility and shared fields. */
import { formatJsonPath, type JsonPath } from '../config/json-source.ts';
import { canonicalLanguage, LANGUAGES } from '../config/languages.ts';
import { writtenLabel, type ElementKind } from '../config/navigation.ts';
import type { Anchor, Dropdown, GlobalItem, Group, Icon, Language, MenuItem, Navigation, Product, Tab, Version } from '../config/schema.ts';
import type { Context } from './draft.ts';
import type { NavElement } from './types.ts';

/** What the resolver reads of any division (the root, a tab, a version…): every division field, each optional. */
export type DivisionValue = Partial<Navigation & Tab & MenuItem & Anchor & Dropdown & Product & Version & Language>;

/** The fields any element may show besides its label. */
interface Common {
  icon?: Icon | undefined;
  description?: string | undefined;
  tag?: string | undefined;
  href?: string | undefined;
}

export function rootElement(label: string): NavElement {
  return { id: 'navigation', kind: 'root', label, parentId: undefined, children: [], items: [], hidden: false };
}

/** A division below the root: a product shows its `name`, a language its name in that language. */
export function divisionElement(kind: ElementKind, value: DivisionValue, path: JsonPath, parentId: string, context: Context): NavElement {
  const written = writtenLabel(kind, value) ?? '';
  const element: NavElement = {
    id: formatJsonPath(path),
    kind,
    label: written,
    parentId,
    children: [],
    items: [],
    hidden: context.hidden || value.hidden === true,
  };
  if (kind === 'product' && typeof value.name === 'string') element.label = value.name;
  if (kind === 'language') {
    const code = canonicalLanguage(written);
    if (code) {
      element.language = code;
      element.label = LANGUAGES[code].native;
    }
  }
  if (kind === 'version') element.version = written;
  copyCommon(element, value);
  return element;
}

/** A group: top-level groups (not nested in another group) are always expanded. */
export function groupElement(value: Group, path: JsonPath, parent: NavElement, context: Context): NavElement {
  const topLevel = parent.kind !== 'group';
  const element: NavElement = {
    id: formatJsonPath(path),
    kind: 'group',
    label: value.group,
    parentId: parent.id,
    children: [],
    items: [],
    hidden: context.hidden || value.hidden === true,
    topLevel,
    expanded: topLevel || value.expanded === true,
  };
  if (context.sectionId) element.sectionId = context.sectionId;
  copyCommon(element, value);
  return element;
}

/** An entry of `global.anchors` (or another `global` list): a link shown on every page. */
export function globalAnchorElement(item: GlobalItem, list: string, path: JsonPath, parentId: string): NavElement {
  const element: NavElement = {
    id: formatJsonPath(path),
    kind: 'global-anchor',
    label: writtenLabel('global-anchor', item, list) ?? item.href,
    parentId,
    children: [],
    items: [],
    hidden: item.hidden === true,
    href: item.href,
  };
  copyCommon(element, item);
  return element;
}

function copyCommon(element: NavElement, value: Common): void {
  if (value.icon !== undefined) element.icon = value.icon;
  if (typeof value.description === 'string') element.description = value.description;
  if (typeof value.tag === 'string') element.tag = value.tag;
  if (typeof value.href === 'string') element.href = value.href;
}
