/** What every part of one endpoint page shares while it is rendered: references, ids, limits. */
import { plainHighlighter, type Highlighter } from '../../content/mdx/code.ts';
import { escapeHtml } from '../../content/mdx/escape.ts';
import { Slugger, type Heading } from '../../content/mdx/headings.ts';
import type { ComponentContext } from '../../content/mdx/components/types.ts';
import type { Resolver } from './resolve.ts';

/** Nested fields deeper than this are not expanded (a schema can nest without end). */
export const MAX_DEPTH = 6;
/**
 * Fields a page aims to hold: it shows every nesting level that fits (plan.ts). Highly connected
 * specs (Stripe) reach tens of thousands of fields within six levels (openapi-libraries.md §6).
 */
export const FIELD_BUDGET = 500;
/** Fields written into one page at most, even when its top-level fields alone are more. */
export const MAX_FIELDS = 2000;

/**
 * One line without Markdown syntax: no emphasis, code, links, HTML, entities, escapes, math, or a
 * line start that makes a heading, list, quote or indented code. GFM autolinks are excluded below.
 */
const PLAIN = /^(?![ \t]*(?:[#>+*-]|\d+[.)]|\s{4}))[^\n\r*_`[\]<>&\\!|~{}$^=]*$/;
const LINK_LIKE = /www\.|:\/\/|@|mailto:|xmpp:/i;
/** Rendered descriptions kept per `markdown` function, at most; then the cache starts again. */
const MAX_CACHED = 20_000;
const renderedByFunction = new WeakMap<(text: string) => string, Map<string, string>>();

/** `<script …>` and `</script>` tags in the Markdown renderer's output, which only raw HTML produces. */
const HAS_SCRIPT = /<\/?script\b/i;
const SCRIPT_TAGS = /<(\/?)script\b/gi;

function inertScripts(html: string): string {
  return HAS_SCRIPT.test(html) ? html.replace(SCRIPT_TAGS, '&lt;$1script') : html;
}

export class PageContext {
  readonly resolver: Resolver;
  readonly highlight: Highlighter;
  readonly headings: Heading[] = [];
  /** How deep this page expands nested fields (plan.ts); `MAX_DEPTH` unless the page is large. */
  depthLimit = MAX_DEPTH;
  /** Fields written so far (see `MAX_FIELDS`). */
  fields = 0;
  /** Fields left out because the page reached `MAX_FIELDS`. */
  omittedFields = 0;

  private readonly markdown: (text: string) => string;
  private readonly rendered: Map<string, string>;
  private readonly slugger = new Slugger();
  private readonly ids = new Map<string, number>();
  /** The context `tabsHtml` and the field components expect from a page. */
  readonly component: ComponentContext;

  constructor(options: { resolver: Resolver; markdown: (text: string) => string; highlight?: Highlighter; file: string }) {
    this.resolver = options.resolver;
    this.markdown = options.markdown;
    let rendered = renderedByFunction.get(options.markdown);
    if (!rendered) {
      rendered = new Map();
      renderedByFunction.set(options.markdown, rendered);
    }
    this.rendered = rendered;
    this.highlight = options.highlight ?? plainHighlighter;
    this.component = {
      file: options.file,
      children: [],
      inline: false,
      uniqueId: (prefix) => this.uniqueId(prefix),
      heading: (depth, text) => this.heading(depth, text),
    };
  }

  /**
   * A description as HTML, raw HTML kept (specs use `<br>`, tables, links) except `<script>`,
   * which is shown as text: a spec is often a third party's file, and the format's own renderer
   * never runs scripts from descriptions. A line of plain text (no character Markdown gives a meaning to) is
   * written as a paragraph directly; the rest goes through `markdown` once per text, the cache
   * shared by every page rendered with the same function (specs repeat their descriptions a lot).
   */
  md(text: string): string {
    let html = this.rendered.get(text);
    if (html === undefined) {
      if (PLAIN.test(text) && !LINK_LIKE.test(text)) {
        html = `<p>${escapeHtml(text.trim())}</p>`;
      } else {
        try {
          html = inertScripts(this.markdown(text));
        } catch {
          // The build's renderer reports its own problems; a description must not take the page down.
          html = `<p>${escapeHtml(text)}</p>`;
        }
      }
      if (this.rendered.size >= MAX_CACHED) this.rendered.clear();
      this.rendered.set(text, html);
    }
    return html;
  }

  /** `dj-endpoint-tabs-1`: apart from the ids an MDX body (`x-mint.content`) hands out on the same page. */
  uniqueId(prefix: string): string {
    const count = (this.ids.get(prefix) ?? 0) + 1;
    this.ids.set(prefix, count);
    return `dj-endpoint-${prefix}-${count}`;
  }

  /** Adds a heading to the table of contents and returns its id. */
  heading(depth: number, text: string): string {
    const id = this.slugger.slug(text);
    this.headings.push({ depth, id, text });
    return id;
  }

  /** A code block through the page's highlighter. */
  code(code: string, lang: string, title?: string): string {
    return this.highlight(code, lang, title === undefined ? { options: {} } : { title, options: {} });
  }
}
