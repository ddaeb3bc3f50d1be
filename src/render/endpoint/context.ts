/** What every part of one endpoint page shares while it is rendered: references, ids, limits. */
import { copyButtonHtml, DEFAULT_UI, plainHighlighter, type Highlighter } from '../../content/mdx/code.ts';
import type { BodyUi, CopyLabels } from '../../content/mdx/types.ts';
import { markdownHtml } from '../../content/commonmark.ts';
import { Slugger, type Heading } from '../../content/mdx/headings.ts';
import type { ResolveTrace, Resolver } from '../../openapi/endpoint/resolve.ts';
import type { UrlResolver } from '../../content/page-urls.ts';
import type { Mode } from '../../openapi/endpoint/shape.ts';
import { schemaFragment, type FragmentTarget, type SchemaFragment } from './schema-fragment.ts';

/** Nested fields deeper than this are not expanded (a schema can nest without end). */
export const MAX_DEPTH = 6;
/**
 * Fields a page aims to hold: it shows every nesting level that fits (plan.ts); the levels past it
 * are fetched when opened, from fragments every page showing that schema shares. Highly connected
 * specs (Stripe) reach tens of thousands of fields within six levels (openapi-libraries.md §6).
 * 150: GitHub's webhooks and pages around a repository or pull request hold hundreds of fields
 * each, mostly the same schemas page after page. Its reference's output with a budget of 250
 * fields: 155.8 MB; 200: 150.3 MB; 150: 139.0 MB (fragments 2.9 → 4.6 MB; the 90th percentile page
 * 146 → 92 kB; the median page, under 150 fields, unchanged at 56 kB).
 */
export const FIELD_BUDGET = 150;
/** Fields written into one page at most, even when its top-level fields alone are more. */
export const MAX_FIELDS = 2000;

/**
 * What rendering some fields used of their page beyond their own schema (`PageContext.traced`),
 * so that the same fields can be reused on another page (field-memo.ts).
 */
export interface PageTrace {
  resolved: ResolveTrace;
  /** Fields written, and fields left out because the page reached `MAX_FIELDS`. */
  fields: number;
  omitted: number;
  /** The fragments linked to, in order. */
  fragments: SchemaFragment[];
  /** Page-unique ids were handed out: the HTML holds them, so it is this page's alone. */
  ids: boolean;
}

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
  /** The request samples' blocks this page leaves for the browser to fetch, in tab order (samples-file.ts). */
  readonly samples: string[] = [];

  private readonly slugger = new Slugger();
  private readonly ids = new Map<string, number>();
  private readonly resolveUrl: UrlResolver | undefined;
  private readonly fragmentTarget: FragmentTarget | undefined;
  private readonly idPrefix: string;
  /** The traces running (`traced`), innermost last. */
  private readonly traces: PageTrace[] = [];

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
    this.noteFragment(fragment);
    return `${this.fragmentTarget.prefix}${fragment.id}.html`;
  }

  private noteFragment(fragment: SchemaFragment): void {
    if (!this.fragments.has(fragment.id)) this.fragments.set(fragment.id, fragment);
    this.traces.at(-1)?.fragments.push(fragment);
  }

  /**
   * What fields rendered on this page share with other pages' (field-memo.ts): the prefix of its
   * ids and where its fragments go. None when its descriptions' links are resolved for this page.
   */
  get reuseScope(): string | undefined {
    if (this.resolveUrl !== undefined) return undefined;
    return `${this.idPrefix}\u0000${this.fragmentTarget?.spec ?? ''}\u0000${this.fragmentTarget?.prefix ?? '\u0001'}`;
  }

  /** Runs `run` and says what it used of the page beyond its arguments. Traces nest, as the resolver's do. */
  traced<T>(run: () => T): { value: T; trace: PageTrace } {
    const trace: PageTrace = { resolved: { keys: new Set(), broken: false }, fields: this.fields, omitted: this.omittedFields, fragments: [], ids: false };
    this.traces.push(trace);
    let value: T;
    try {
      ({ value, trace: trace.resolved } = this.resolver.traced(run));
    } finally {
      this.traces.pop();
    }
    trace.fields = this.fields - trace.fields;
    trace.omitted = this.omittedFields - trace.omitted;
    const outer = this.traces.at(-1);
    if (outer !== undefined) {
      outer.fragments.push(...trace.fragments);
      if (trace.ids) outer.ids = true;
    }
    return { value, trace };
  }

  /** Counts fields rendered on another page as written here: their fields, fragments and the components they reached. */
  replay(trace: PageTrace): void {
    this.fields += trace.fields;
    this.resolver.note(trace.resolved);
    for (const fragment of trace.fragments) this.noteFragment(fragment);
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
    const trace = this.traces.at(-1);
    if (trace !== undefined) trace.ids = true;
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
