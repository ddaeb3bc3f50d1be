/**
 * The UI pieces that MDX pages and generated endpoint pages both show, as typed functions: the
 * components of this folder read their props into these, and the endpoint renderer
 * (src/render/endpoint) calls them with values from the spec. One function per piece, so a field,
 * a tab set or a callout looks the same wherever it comes from.
 */
export { calloutHtml, type CalloutKind } from './callout.ts';
export { expandableHtml } from './disclosure.ts';
export { fieldHtml, REQUIRED_PILL, type FieldView } from './fields.ts';
export { tabsHtml, type TabItem } from './tabs.ts';
