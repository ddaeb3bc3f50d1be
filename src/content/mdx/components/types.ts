/**
 * Components: a JSX element name mapped to a function that builds its hast. Functions get the
 * element's props (attribute values, evaluated), its children already rendered, and a context with
 * the children one by one (Tabs needs each Tab's title and content) and page services. They build
 * with `hast.ts`, so that props are escaped when the page is written, as text and attribute values.
 */
import type { ElementContent } from 'hast';
import type { DiagnosticCode, MessageParams } from '../../../shared/messages.ts';
import type { UrlResolver } from '../../page-urls.ts';
import type { IconDrawer, PageFeature, PageParts, Props, RenderedChild } from '../types.ts';

// Defined with the renderer's shared model (a leaf module), so that no import cycle runs through here.
export type { PageParts, ParamFieldEntry, Props, RenderedChild } from '../types.ts';

export interface ComponentContext {
  /** The page, as the diagnostics name it. */
  file: string;
  /** Direct children in order, whitespace left out; a paragraph holding only components is looked through. */
  children: readonly RenderedChild[];
  /** Written inside a line of text (`a <Badge>b</Badge> c`) rather than as a block of its own. */
  inline: boolean;
  /**
   * The children as text, read from what was written rather than from their HTML: expressions
   * evaluated, markup left out, a paragraph a line of its own. `<Latex>` typesets it.
   */
  text(): string;
  /** Resolves a URL prop for the page (`props.ts` `url`); without it, URLs are written as given. */
  resolveUrl?: UrlResolver | undefined;
  /** A page-unique id for wiring ARIA attributes (`aria-controls`), `dj-` prefixed to stay clear of heading anchors. */
  uniqueId(prefix: string): string;
  /**
   * The anchor id of a titled Accordion, View or Tab, by the hosted product's rule (`ComponentIds`,
   * `anchors.ts`): `written` (the element's `id`) as it is, else the one its title as written in the
   * page gave it; undefined for neither.
   */
  anchor?(kind: 'accordion' | 'view' | 'tab', title: string | undefined, written: string | undefined): string | undefined;
  /**
   * The anchor id of the heading a Step or an Update makes, added to the page's table of contents when
   * it was claimed from the element as written (`anchors.ts`); undefined when it has none.
   */
  heading(depth: number, text: string, id?: string): string | undefined;
  /** `id` as an anchor of the page apart from its headings' and other anchors (numbered when taken), not in the table of contents. */
  fieldAnchor?: (id: string) => string;
  /**
   * Reports a problem with the element, at its position (`<Latex>` with a formula KaTeX cannot
   * read); the catalogue words it from `params`.
   */
  diagnostic?: <C extends DiagnosticCode>(code: C, params: MessageParams<C>) => void;
  /** The page's example column and API fields, where the page collects them; without it, examples stay where they are written. */
  parts?: PageParts;
  /** Draws a named icon inside its span (`iconOf`); without it, the span stays empty. */
  icon?: IconDrawer;
  /** Notes that the element shows math or a mermaid diagram, which the page then loads the stylesheet or script for. */
  needs?: (feature: PageFeature) => void;
}

export type Component = (props: Props, children: ElementContent[], context: ComponentContext) => ElementContent[];

export type ComponentRegistry = Readonly<Record<string, Component>>;
