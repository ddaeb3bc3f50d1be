/**
 * The model the MDX renderer's parts share: the values the evaluator computes (with their two
 * classes, `Markup` and `Callable`), scopes, what a component is given, and a parsed snippet body.
 * A leaf: it imports nothing of the renderer, so every other file can depend on it and import
 * arrows point one way (evaluator → values → types; renderer → evaluator → types).
 */
import type { BaseNode, Expression, Pattern, SpreadElement } from 'estree';
import type { Node } from 'estree-jsx';
import type { Element, ElementContent } from 'hast';
import type { Root } from 'mdast';
import type { UrlResolver } from '../page-urls.ts';

export type Value = string | number | boolean | null | undefined | Markup | Callable | RegExp | Value[] | { [key: string]: Value };

/**
 * What JSX in an expression renders to, as hast: `icon={<svg …>…</svg>}`, `export const logo = <img … />`.
 * Shared by every place that shows the value (a snippet's exports by every page): never changed.
 */
export class Markup {
  constructor(
    readonly content: readonly ElementContent[],
    /**
     * The elements it was made of, as a component around it sees its children (`<Tabs>` reads each
     * `<Tab>`'s props); undefined for markup that is one piece (an element, a component's output).
     */
    readonly children?: readonly RenderedChild[],
  ) {}
}

/**
 * A function a page or snippet defines (`export const Hero = ({ title }) => <h1>{title}</h1>`), a
 * snippet file used as a component, or one of the few built-ins (`useState`, `Math.max`). Calling
 * one never runs code: the evaluator reads the function's body (functions.ts).
 */
export class Callable {
  constructor(
    /** As written (`Hero`), or a description (`a function`) for anonymous ones; messages name it. */
    readonly name: string,
    readonly call: (args: readonly Value[], context: CallContext) => Value,
  ) {}
}

export type Props = Record<string, Value>;

/**
 * Inner markup for a named icon (`icon="rocket"`, `iconType="regular"`): inline SVG or an image
 * from the site's icon library, or undefined to leave the icon's span empty. The render layer
 * passes one in (`RenderOptions.icon`): the content layer knows no icon library.
 */
export type IconDrawer = (name: string, iconType: string | undefined) => string | undefined;

/** The copy button's words in the page's language (the site model decides the language). */
export interface CopyLabels {
  copy: string;
  copied: string;
}

/**
 * What a body shows that its page decides (issue 10): icons drawn from the site's library, and
 * the code blocks' copy button in the page's language. Made where each element is rendered, so no
 * later pass over the page's HTML patches them in.
 */
export interface BodyUi {
  icon: IconDrawer;
  /** The whole button (`copyButtonHtml`). */
  copyButton: string;
}

/** What a body shows that the page must load something for: KaTeX's stylesheet, mermaid's script. */
export type PageFeature = 'math' | 'mermaid';

/** Meta of a fenced code block (code.ts reads it). */
export interface CodeMeta {
  /** The words that are not options: a file name or a tab title (```` ```js app.js ````). */
  title?: string;
  /** 1-based line numbers, from `{1,3-5}` or `highlight=…`. */
  highlight?: number[];
  focus?: number[];
  lines?: boolean;
  wrap?: boolean;
  expandable?: boolean;
  icon?: string;
  /** No copy button. */
  nocopy?: boolean;
  /** Other `key=value` options, as written. */
  options: Record<string, string>;
}

export type RenderedChild =
  /** A JSX element: its props, its own children rendered, and what its component made of it (`content`). */
  | { kind: 'element'; name: string; props: Props; children: readonly ElementContent[]; content: readonly ElementContent[] }
  | { kind: 'code'; lang: string | undefined; meta: CodeMeta; code: string; content: readonly ElementContent[] }
  | { kind: 'other'; content: readonly ElementContent[] };

export type Format = 'mdx' | 'md';

/** A `<ParamField>` that says where it goes (`path="id"`), as an `api:` page's "Try it" panel reads it. */
export interface ParamFieldEntry {
  location: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name: string;
  /** As written: `string`, `integer`, `string[]`, `file`… */
  type: string | undefined;
  required: boolean;
  /** `default`, when it is text, a number or a boolean. */
  defaultValue: string | number | boolean | undefined;
  placeholder: string | undefined;
  /** `<ParamField>`s written inside this one (in an `<Expandable>`): the properties of an object. */
  fields: ParamFieldEntry[];
  /** What the component wrote: a field inside another is found in that one's children by it. */
  element: Element;
}

/**
 * What components hand to the page around the body rather than write where they stand (issue 13):
 * the example column beside the content, and the fields a manual API page's "Try it" panel is made of.
 */
export interface PageParts {
  /** `<RequestExample>`s and `<ResponseExample>`s, in page order. */
  examples: { kind: 'request' | 'response'; html: string }[];
  /** Top-level `<ParamField>`s with a location, in page order. */
  params: ParamFieldEntry[];
  /** `<Update>` entries, in page order: the page's RSS feed is made of them (src/render/feed.ts). */
  updates: UpdateEntry[];
}

/** One `<Update>` as its feed item reads it. */
export interface UpdateEntry {
  label: string;
  /** The anchor of its label on the page; none for a label written as an expression. */
  id?: string | undefined;
  description?: string;
  tags: string[];
  /** `rss={{ title, description }}`: what the feed says instead of the label and content. */
  rss?: { title?: string; description?: string };
  /** Its content as HTML, made inert, without what a feed reader cannot show (code, buttons, scripts). */
  html: string;
}

export interface ImportBinding {
  /** The local name the page uses: `Cta` in `import Cta from …` and `import { Button as Cta } from …`. */
  name: string;
  /** The module as written: `/snippets/cta.mdx`. */
  source: string;
  /** What is imported: `default`, `*`, or the exported name (`Button`). */
  imported: string;
}

/** Where code was written, so that problems inside a function point into the right file. */
export interface Origin {
  /** Site-relative path. */
  file: string;
  /** 1-based line of the file on which the parsed text starts (after frontmatter). */
  firstLine: number;
}

/** A place in a page's or snippet's code; line and column are 1-based, in the parsed text (0 when unknown). */
export interface Site {
  origin: Origin | undefined;
  line: number;
  column: number;
}

/** Something a component needs that cannot be computed, left out of what it shows. */
export interface Problem extends Site {
  /** `React state (\`useState\`)`, `a call to \`fetch\``. */
  what: string;
}

/** An MDX or Markdown body parsed once (a snippet file) and rendered wherever it is used. */
export interface Body {
  /** Site-relative path, for diagnostics. */
  file: string;
  /** The text the tree was parsed from (after frontmatter). */
  text: string;
  /** 1-based line of the file where `text` starts. */
  firstLine: number;
  format: Format;
  /** Never changed: it is rendered once per use, and parse results are shared (parse.ts caches them). */
  tree: Root;
  /** The body's own names: its `export const`s and imports. Props are bound in a scope inside it. */
  scope: Scope;
  imports: readonly ImportBinding[];
}

/** The page a function's JSX renders into. */
export interface Host {
  /**
   * A capitalised element no scope defines (`<Card>` in a component's JSX): what it renders to, or
   * undefined when there is no such component. `text` is what its children read as text (`<Latex>` typesets it).
   */
  component(name: string, props: Props, children: ElementContent[], rendered: readonly RenderedChild[], inline: boolean, text: () => string): ElementContent[] | undefined;
  /** A snippet's MDX body, rendered as part of the page with `props` bound. */
  embed(body: Body, props: Props): ElementContent[];
}

/** Shared by every scope of one rendering: who renders components, and what was left out. */
export interface CallContext {
  host: Host | undefined;
  /**
   * The URLs JSX writes (`<img src>`, `<a href>`) are resolved with it where the element is made:
   * the page's, or the snippet file's for values a snippet computes once when it is loaded.
   */
  resolveUrl: UrlResolver | undefined;
  problems: Problem[];
  /** Function calls under way, capped so that recursive components stop. */
  depth: number;
  /** Function calls so far, capped so that a component that calls itself twice per call still stops. */
  calls: number;
  /** The call under way, for built-ins that note a problem (`useState`). */
  at: Site;
  /** The work the page's code may still do, shared by everything one page renders (budget.ts). */
  budget: Budget;
}

/** Names a page, snippet or function body defines. */
export interface Scope {
  values: Map<string, Value>;
  /** Names that exist but have no value the evaluator knows (components it does not run, failed `const`s). */
  opaque: Set<string>;
  /** The scope around this one: a function's body sees the names of its file. */
  parent: Scope | undefined;
  context: CallContext;
  origin: Origin | undefined;
  /**
   * Inside a function body: a failure is noted and its part left out instead of failing the whole,
   * locals can be assigned, and built-ins (`Math`, `useState`) are in reach. Outside, `{String}` in
   * prose stays the text it was meant to be.
   */
  inFunction: boolean;
  /** Built-in names (`Math`, `useState`), seen only from inside a function. */
  builtins: boolean;
}

export type Evaluation =
  | { ok: true; value: Value }
  /** A name that nothing on the page defines (`{kickoff_id}` in prose). */
  | { ok: false; reason: 'undefined'; name: string }
  /** A name the page defines with something that is not a literal value. */
  | { ok: false; reason: 'opaque'; name: string }
  | { ok: false; reason: 'unsupported'; what: string }
  /** The page's code went over its budget (budget.ts): too many steps, too large a value, too slow a pattern. */
  | { ok: false; reason: 'budget'; limit: BudgetLimit };

/** Which of a page's evaluation limits was reached (budget.ts). */
export type BudgetLimit = 'steps' | 'size' | 'pattern-time';

/** The work a page's code may do (budget.ts has the limits and `PageBudget`, which keeps them). */
export interface Budget {
  /** One node evaluated. */
  step(node: BaseNode | undefined): void;
  /** Work a built-in does: `units` steps. */
  charge(units: number, node?: BaseNode): void;
  /** A value just made: checked for size and charged; returned as it is. */
  made(value: Value, node?: BaseNode): Value;
  /** Fails unless a value of `size`, about to be made, is within the size limit. */
  room(size: number, node?: BaseNode): void;
  exceed(limit: BudgetLimit, node: BaseNode | undefined): never;
  /** Runs a native regular-expression method within the time left for patterns. */
  pattern<T>(work: () => T): T;
}

/** What the evaluator reads: an expression, a pattern, a spread, or JSX. */
export type EvaluableNode = Node | Expression | Pattern | SpreadElement;

/** The evaluator's dispatch (evaluate.ts), handed to the handler files so that they need not import it. */
export type Evaluate = (node: EvaluableNode, scope: Scope) => Value;
