/** What every part of one endpoint page shares while it is rendered: references, ids, limits. */
import { copyButtonHtml, DEFAULT_UI, plainHighlighter, type Highlighter } from '../../content/mdx/code.ts';
import type { BodyUi, CopyLabels } from '../../content/mdx/types.ts';
import { markdownHtml } from '../../content/commonmark.ts';
import { Slugger, type Heading } from '../../content/mdx/headings.ts';
import type { Resolver } from '../../openapi/endpoint/resolve.ts';
import type { UrlResolver } from '../../content/page-urls.ts';
import type { Mode } from '../../openapi/endpoint/shape.ts';
import { schemaFragment, type FragmentTarget, type SchemaFragment } from './schema-fragment.ts';

/** Nested fields deeper than this are not expanded (a schema can nest without end). */
export const MAX_DEPTH = 6;
/**
 * Fields a page aims to hold: it shows every nesting level that fits (plan.ts). Highly connected
 * specs (Stripe) reach tens of thousands of fields within six levels (openapi-libraries.md §6).
 */
export const FIELD_BUDGET = 500;
/** Fields written into one page at most, even when its top-level fields alone are more. */
export const MAX_FIELDS = 2000;

export class PageContext {
  readonly resolver: Resolver;
  readonly highlight: Highlighter;
  /** The copy button in the page's words, on every code block and the "Try it" panel. */
  readonly ui: BodyUi;
  readonly headings: Heading[] = [];
  /** How deep this page expands nested fields (plan.ts); `MAX_DEPTH` unless the page is large. */
  depthLimit = MAX_DEPTH;
  /** Fields written so far (see `MAX_FIELDS`). */
  fields = 0;
  /** Fields left out because the page reached `MAX_FIELDS`. */
  omittedFields = 0;
  /** The levels of fields this page leaves for the browser to fetch, by id (schema-fragment.ts). */
  readonly fragments = new Map<string, SchemaFragment>();

  private readonly slugger = new Slugger();
  private readonly ids = new Map<string, number>();
  private readonly resolveUrl: UrlResolver | undefined;
  private readonly fragmentTarget: FragmentTarget | undefined;
  private readonly idPrefix: string;

  constructor(options: {
    resolver: Resolver;
    highlight?: Highlighter | undefined;
    resolveUrl?: UrlResolver | undefined;
    /** Where levels past the budget are fetched from; without it, the page says it left them out. */
    fragments?: FragmentTarget | undefined;
    /** Start of the ids the page hands out (`dj-endpoint`); a fragment's differ from its page's. */
    idPrefix?: string;
    /** The copy button's words in the page's language; default English. */
    copyLabels?: CopyLabels | undefined;
  }) {
    this.resolver = options.resolver;
    this.highlight = options.highlight ?? plainHighlighter;
    this.ui = { ...DEFAULT_UI, copyButton: copyButtonHtml(options.copyLabels) };
    this.resolveUrl = options.resolveUrl;
    this.fragmentTarget = options.fragments;
    this.idPrefix = options.idPrefix ?? 'dj-endpoint';
  }

  /**
   * The URL of the fragment holding the fields of the schema at `pointer` (`inline`: its value,
   * when it is no component), noted for the build to write; undefined when the page has nowhere to
   * fetch fragments from.
   */
  fragmentUrl(pointer: string, mode: Mode, title: string, inline?: object): string | undefined {
    if (!this.fragmentTarget) return undefined;
    const fragment = schemaFragment(this.fragmentTarget.spec, pointer, mode, title, inline);
    if (!this.fragments.has(fragment.id)) this.fragments.set(fragment.id, fragment);
    return `${this.fragmentTarget.prefix}${fragment.id}.html`;
  }

  /**
   * A description as HTML: CommonMark and GFM, as the OpenAPI specification says, with raw HTML
   * cut down to a safe allow-list (`content/commonmark.ts`): a spec is often a third party's file,
   * and nothing in it may run in a reader's browser. Cached by text across pages. On a page file
   * (`openapi:` frontmatter), its links and images are resolved like the page's own.
   */
  md(text: string): string {
    return markdownHtml(text, this.resolveUrl);
  }

  /** `dj-endpoint-tabs-1`: apart from the ids an MDX body (`x-mint.content`) hands out on the same page. */
  uniqueId(prefix: string): string {
    const count = (this.ids.get(prefix) ?? 0) + 1;
    this.ids.set(prefix, count);
    return `${this.idPrefix}-${prefix}-${count}`;
  }

  /** Adds a heading to the table of contents and returns its id. */
  heading(depth: number, text: string): string {
    const id = this.slugger.slug(text);
    this.headings.push({ depth, id, text });
    return id;
  }

  /** A code block through the page's highlighter. */
  code(code: string, lang: string, title?: string): string {
    return this.highlight(code, lang, title === undefined ? { options: {} } : { title, options: {} }, this.ui);
  }
}
