/**
 * What rendering one page keeps track of: names it defines, headings, ids, and its diagnostics.
 * A snippet's body rendered into the page (`<Cta />` from `/snippets/cta.mdx`) gets a child `Page`:
 * its own file, text, scope and diagnostics, but the page's headings and ids, so its headings join
 * the page's table of contents where the snippet is used.
 */
import type { ElementContent, Root as HastRoot } from 'hast';
import type { Nodes, Root } from 'mdast';
import type { UrlResolver } from '../page-urls.ts';
import { DEFAULT_UI, type Highlighter } from './code.ts';
import { detach } from './detach.ts';
import type { ComponentContext, ComponentRegistry } from './components/types.ts';
import { element, isEmptyContent } from './components/hast.ts';
import type { Claim } from './anchors.ts';
import { ComponentIds, Slugger, type Heading } from './headings.ts';
import { Reporter, type Point } from './report.ts';
import { createContext, snippetScope } from './scope.ts';
import {
  type Callable,
  Markup,
  type Body,
  type BodyUi,
  type Host,
  type ImportBinding,
  type PageFeature,
  type PageParts,
  type Props,
  type RenderedChild,
  type Scope,
} from './types.ts';

export type { Body } from './types.ts';

/** What the snippet stage lends a page: `<Snippet file="x.mdx" />` lookups. */
export interface Linker {
  /** The snippet file as a component, or undefined after reporting why there is none. */
  snippet(file: string, from: Page, at: Point | undefined): Callable | undefined;
}

export interface PageOptions {
  file: string;
  /** The text the tree was parsed from; node offsets point into it. */
  text: string;
  reporter: Reporter;
  components: ComponentRegistry;
  highlight: Highlighter;
  scope: Scope;
  imports: readonly ImportBinding[];
  /** mdast → hast with this page's handlers; passed in so that this file need not import the handlers. */
  renderTree: (page: Page, tree: Root) => HastRoot;
  linker?: Linker | undefined;
  /** Every URL the page writes goes through it, where it is made; a snippet's body uses its page's. */
  resolveUrl?: UrlResolver | undefined;
  /** Icons and the copy button as the page shows them; default `DEFAULT_UI`. A snippet's body uses its page's. */
  ui?: BodyUi | undefined;
  /** Markdown headings get ids (not on a `mode: custom` or `frame` page, `headingAnchors`); default true. A snippet's body follows its page. */
  headingAnchors?: boolean | undefined;
  /** For a snippet's body: the page it is rendered into, the offset of the element there, and the body. */
  parent?: { page: Page; offset: number; body: Body } | undefined;
}

/** Snippets inside snippets: deeper than any real site, and a stop for a snippet that includes itself. */
export const MAX_EMBED_DEPTH = 16;

export class Page {
  readonly file: string;
  /**
   * The text of the section being rendered (`chunks.ts`; most pages are one section), and the page
   * offset it starts at: node offsets are the page's. Only the section's is kept: the whole text,
   * grown by `+=`, would be copied whole each time a section reads it, and kept to the end.
   */
  private sectionText: string;
  private sectionStart = 0;
  readonly reporter: Reporter;
  readonly components: ComponentRegistry;
  readonly highlight: Highlighter;
  readonly scope: Scope;
  readonly linker: Linker | undefined;
  readonly resolveUrl: UrlResolver | undefined;
  readonly ui: BodyUi;
  /** What the page shows that it must load something for; a snippet's body adds to its page's. */
  readonly features: Set<PageFeature>;
  readonly slugger: Slugger;
  /** Accordion, View and Tab anchors; a snippet's body uses its page's. */
  readonly componentIds: ComponentIds;
  /** Whether Markdown headings get ids (`PageOptions.headingAnchors`). */
  readonly headingAnchors: boolean;
  /** Props and rendered children of JSX elements, for the components around them (Tabs reads its Tabs). */
  readonly rendered = new WeakMap<Nodes, { props: Props; children: ElementContent[] }>();
  /** What `{expressions}` rendered, as the component around them sees it (`<Tabs>{tabs.map(t => <Tab …>)}</Tabs>`). */
  readonly expressionChildren = new WeakMap<Nodes, RenderedChild[]>();
  readonly importsByName: Map<string, ImportBinding>;
  /** What components hand to the page around the body; a snippet's go to its page's. */
  readonly parts: PageParts;
  /** Headings with the offset they were written at: components add theirs after their children's. */
  private readonly found: { offset: number; heading: Heading }[] = [];
  private readonly ids = new Map<string, number>();
  private readonly warnedComponents = new Set<string>();
  private readonly renderTree: (page: Page, tree: Root) => HastRoot;
  private readonly parent: { page: Page; offset: number; body: Body } | undefined;

  constructor(options: PageOptions) {
    this.file = options.file;
    this.sectionText = options.text;
    this.reporter = options.reporter;
    this.components = options.components;
    this.highlight = options.highlight;
    this.scope = options.scope;
    this.linker = options.linker;
    this.resolveUrl = options.parent?.page.resolveUrl ?? options.resolveUrl;
    this.ui = options.parent?.page.ui ?? options.ui ?? DEFAULT_UI;
    this.features = options.parent?.page.features ?? new Set();
    this.renderTree = options.renderTree;
    this.parent = options.parent;
    this.slugger = options.parent?.page.slugger ?? new Slugger();
    this.componentIds = options.parent?.page.componentIds ?? new ComponentIds();
    this.headingAnchors = options.parent?.page.headingAnchors ?? options.headingAnchors ?? true;
    this.parts = options.parent?.page.parts ?? { examples: [], params: [], updates: [] };
    this.importsByName = new Map(options.imports.map((binding) => [binding.name, binding]));
  }

  /** The section's text: a snippet's body, or the page's section being rendered. */
  get text(): string {
    return this.sectionText;
  }

  /** The next section of a page rendered in sections: its node offsets continue the last one's. */
  nextSection(text: string): void {
    this.sectionStart += this.sectionText.length;
    this.sectionText = text;
  }

  /** The character at a page offset inside the section being rendered. */
  charAt(offset: number): string {
    return this.sectionText.charAt(offset - this.sectionStart);
  }

  /** Headings (and the slugger's ids) outlive the section they are in: kept as copies (`detach`). */
  addHeading(offset: number, depth: number, written: string, customId?: string): string {
    if (this.parent) return this.parent.page.addHeading(this.offsetInParent(offset), depth, written, customId);
    const text = detach(written);
    const id = customId === undefined ? this.slugger.slug(text) : this.slugger.custom(detach(customId), text);
    this.found.push({ offset, heading: { depth, id, text } });
    return id;
  }

  /**
   * A heading a component written in the page makes (a Step's title, an Update's label), numbered by
   * `Slugger.component`; undefined when it gets no id. Only a heading with text is in the table of contents.
   */
  componentHeading(offset: number, depth: number, written: string, customId: string | undefined): string | undefined {
    if (this.parent) return this.parent.page.componentHeading(this.offsetInParent(offset), depth, written, customId);
    const text = detach(written);
    const id = this.slugger.component(text, customId === undefined ? undefined : detach(customId));
    if (id === '') return undefined;
    if (text.trim() !== '') this.found.push({ offset, heading: { depth, id, text } });
    return id;
  }

  /** An anchor that is no heading (a field's `param-limit`): unique among the page's ids as heading anchors are. */
  fieldAnchor(id: string): string {
    if (this.parent) return this.parent.page.fieldAnchor(id);
    return this.slugger.unique(detach(id));
  }

  /** Headings in the order they appear in the page. */
  headings(): Heading[] {
    return this.found.sort((a, b) => a.offset - b.offset).map((entry) => entry.heading);
  }

  /**
   * `dj-tabs-1`, for ARIA wiring. Not taken from the slugger: that would renumber the headings that
   * follow a component, and heading anchors are what people link to.
   */
  uniqueId(prefix: string): string {
    if (this.parent) return this.parent.page.uniqueId(prefix);
    const count = (this.ids.get(prefix) ?? 0) + 1;
    this.ids.set(prefix, count);
    return `dj-${prefix}-${count}`;
  }

  /** A component name is reported once per page (and once per snippet in it), where it is first used. */
  firstUseOf(name: string): boolean {
    if (this.warnedComponents.has(name)) return false;
    this.warnedComponents.add(name);
    return true;
  }

  source(node: Nodes): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? '' : this.sectionText.slice(Math.max(0, start - this.sectionStart), end - this.sectionStart);
  }

  /**
   * What a registry component makes, or undefined when the registry has no such name; `claim` holds the
   * anchors of one written in the page (`anchors.ts`). One broken component must not take the page
   * down: its children still show.
   */
  renderComponent(
    name: string,
    props: Props,
    content: ElementContent[],
    children: readonly RenderedChild[],
    inline: boolean,
    text: () => string,
    at: Point | undefined,
    claim?: Claim,
  ): ElementContent[] | undefined {
    const component = Object.hasOwn(this.components, name) ? this.components[name] : undefined;
    if (!component) return undefined;
    const context: ComponentContext = {
      file: this.file,
      children,
      inline,
      text,
      resolveUrl: this.resolveUrl,
      uniqueId: (prefix) => this.uniqueId(prefix),
      // Anchors were claimed from the element as written (`anchors.ts`); one made by code has only the id it is given.
      anchor: (_kind, _title, written) => written ?? claim?.derived,
      heading: () => claim?.heading,
      fieldAnchor: (id) => this.fieldAnchor(id),
      diagnostic: (code, params) => this.reporter.diagnostic(code, at, params),
      parts: this.parts,
      icon: this.ui.icon,
      needs: (feature) => this.features.add(feature),
    };
    try {
      return component(props, content, context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.reporter.diagnostic('component-failed', at, { name, reason });
      return [element(inline ? 'span' : 'div', { dataComponent: name }, content)];
    }
  }

  /** What components written as functions, called at `offset`, use to render built-ins and snippet bodies. */
  host(offset: number, at: Point | undefined): Host {
    return {
      component: (name, props, content, children, inline, text) => this.renderComponent(name, props, content, children, inline, text, at),
      embed: (body, props) => this.embed(body, props, offset, at),
    };
  }

  /**
   * A snippet's body rendered here, with `props` bound as names (`{framework}`) and as `props`, and
   * `children` as the element's rendered children. Its diagnostics point into the snippet file.
   */
  embed(body: Body, props: Props, offset: number, at: Point | undefined): ElementContent[] {
    const chain = this.embedChain();
    if (chain.includes(body.file) || chain.length > MAX_EMBED_DEPTH) {
      const loop = chain.includes(body.file);
      const path = [...chain.slice(loop ? chain.indexOf(body.file) : 0), body.file].join(' → ');
      this.reporter.diagnostic('snippet-cycle', at, { via: 'element', loop, chain: path, maxDepth: MAX_EMBED_DEPTH });
      return [];
    }
    const scope = snippetScope(body, props, createContext(undefined, this.resolveUrl, this.scope.context.budget));
    const reporter = new Reporter(body.file, body.firstLine);
    const child = new Page({
      file: body.file,
      text: body.text,
      reporter,
      components: this.components,
      highlight: this.highlight,
      scope,
      imports: body.imports,
      renderTree: this.renderTree,
      linker: this.linker,
      parent: { page: this, offset, body },
    });
    scope.context.host = child.host(0, undefined);
    const tree = this.renderTree(child, body.tree);
    this.reporter.diagnostics.push(...reporter.diagnostics);
    return tree.children.filter(isElementContent);
  }

  /** The snippet files being rendered, outermost first, down to this one. */
  private embedChain(): string[] {
    const chain: string[] = [];
    for (let page: Page | undefined = this; page?.parent; page = page.parent.page) chain.unshift(page.file);
    return chain;
  }

  /** Offsets inside a snippet map into the narrow gap after the element that shows it, in order. */
  private offsetInParent(offset: number): number {
    const parent = this.parent!;
    return parent.offset + offset / (this.text.length + 1);
  }
}

export function startOf(node: Nodes): Point | undefined {
  const start = node.position?.start;
  return start ? { line: start.line, column: start.column } : undefined;
}

/** `children` for a component written as a function: the element's rendered children, if any. */
export function childrenValue(children: ElementContent[]): Markup | undefined {
  return isEmptyContent(children) ? undefined : new Markup(children);
}

/** What a body's root holds in HTML's body: everything but a doctype (a rendered body has none). */
function isElementContent(node: HastRoot['children'][number]): node is ElementContent {
  return node.type !== 'doctype';
}
