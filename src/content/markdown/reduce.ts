/**
 * A parsed MDX page reduced to plain Markdown nodes: `import`/`export` left out, `{expressions}`
 * evaluated the way the HTML renderer evaluates them (a value the evaluator cannot compute stays
 * as written), HTML elements as their Markdown equivalents (`elements.ts`), built-in components as
 * `components.ts` writes them, components written as functions called, and snippet bodies reduced
 * in place with their props bound. Unknown components show their children.
 *
 * Values are the evaluator's (`../mdx/values.ts`): JSX in a value is HTML. When a function's JSX
 * uses a built-in component or a snippet, the host of this conversion writes that part as Markdown
 * and leaves an HTML comment marker in the value; reading the value back (`htmlToMarkdown`) puts
 * the Markdown back where the marker is. The parsed tree is shared (`parse.ts` caches it): it is
 * only read, and every node returned is new or a leaf of it.
 */
import type { Program } from 'estree';
import type { Comment, ElementContent } from 'hast';
import type { Heading, Nodes, Parents, PhrasingContent, Root } from 'mdast';
import type { InlineMath } from 'mdast-util-math';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { evaluateProgram, valueOfName } from '../mdx/evaluate.ts';
import { Failure } from '../mdx/failure.ts';
import { splitCustomId } from '../mdx/headings.ts';
import { holdsBlocks, isIntrinsic } from '../mdx/jsx.ts';
import { unshowable } from '../mdx/jsx-value.ts';
import { collectProblems } from '../mdx/partial.ts';
import { restoreText } from '../mdx/repair.ts';
import { createContext, snippetScope } from '../mdx/scope.ts';
import { Callable, Markup, type Body, type Budget, type Host, type Props, type Scope, type Value } from '../mdx/types.ts';
import type { UrlResolver } from '../page-urls.ts';
import { isUnsafeUrl, type UrlUse } from '../../shared/safe-url.ts';
import { isRecord } from '../mdx/values.ts';
import { markdownComponents, SECTION_COMPONENTS } from './components.ts';
import { contentToMarkdown, elementToMarkdown } from './elements.ts';
import { isPhrasing, paragraph, text } from './tidy.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** What the page's conversion asks of the page around it. */
export interface ReduceServices {
  /** `<Snippet file="x.mdx" />` in `from`: the file's body as a component; undefined when there is none. */
  snippet(file: string, from: Source): Callable | undefined;
  /**
   * The page's URLs (in its snippets too, as in its HTML) as the site writes them; undefined for one
   * that would run code. Without it, URLs are written as given.
   */
  resolveUrl?: UrlResolver | undefined;
}

/** A page or a snippet body being reduced: its file, the text its tree was parsed from, its names. */
export interface Source {
  file: string;
  text: string;
  scope: Scope;
}

/** Snippets inside snippets: as deep as the HTML renderer goes (`MAX_EMBED_DEPTH`). */
const MAX_EMBED_DEPTH = 16;
const MARKER = /^docjet-md:(\d+)$/;

/** One page's reduction: the Markdown its values carry by marker, and the heading level reached. */
export class Reduction {
  /** The depth of the last heading: headings that components make go one below it. */
  private level = 1;
  private readonly marked: Nodes[][] = [];
  /** Snippet files being reduced, outermost first. */
  private readonly chain: string[] = [];
  /** Where built-in components in functions' JSX and snippet bodies are written as Markdown. */
  readonly host: Host;
  private budget: Budget | undefined;

  constructor(private readonly services: ReduceServices) {
    this.host = {
      component: (name, props, children, _rendered, inline) => {
        const component = Object.hasOwn(markdownComponents, name) ? markdownComponents[name] : undefined;
        if (!component) return undefined;
        return [this.mark(this.component(name, props, this.fromContent(children), inline))];
      },
      embed: (body, props) => [this.mark(this.embed(body, props))],
    };
  }

  /** The tree's content as Markdown nodes (not yet tidied: `tidy.ts`). */
  tree(source: Source, tree: Root): Nodes[] {
    // The page's budget (budget.ts) is shared by the snippets it shows, as in the HTML.
    this.budget ??= source.scope.context.budget;
    return this.all(source, tree);
  }

  private all(source: Source, parent: Parents): Nodes[] {
    const out: Nodes[] = [];
    for (const child of parent.children) out.push(...this.one(source, child));
    return out;
  }

  private one(source: Source, node: Nodes): Nodes[] {
    switch (node.type) {
      case 'mdxjsEsm':
      case 'yaml':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return this.expression(source, node.data?.estree, node.value);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.jsx(source, node);
      case 'heading':
        return [this.heading(source, node)];
      case 'paragraph':
        // A line of components that are blocks (`<Column>a</Column>` twice): blocks, as in the HTML (`holdsBlocks`).
        if (holdsBlocks(node)) return node.children.flatMap((child) => (child.type === 'mdxJsxTextElement' ? asBlocks(this.element(source, child)) : []));
        return [{ ...node, children: this.all(source, node) as PhrasingContent[] }];
      case 'inlineMath':
        return isMoney(source, node) ? [text(restoreText(sourceOf(source, node)))] : [node];
      case 'link': {
        const children = this.all(source, node) as PhrasingContent[];
        const url = this.url(node.url, 'link');
        return url === undefined ? children : [{ ...node, url, children }];
      }
      case 'image': {
        const url = this.url(node.url, 'image');
        return url === undefined ? (node.alt ? [text(node.alt)] : []) : [{ ...node, url }];
      }
      case 'definition': {
        const url = this.url(node.url, 'link');
        return url === undefined ? [] : [{ ...node, url }];
      }
      default:
        return 'children' in node ? [{ ...node, children: this.all(source, node) } as Nodes] : [node];
    }
  }

  /** `## Title {#id}` loses its `{#id}`; components' headings go one below it from here on. */
  private heading(source: Source, node: Heading): Heading {
    this.level = node.depth;
    const children = this.all(source, node) as PhrasingContent[];
    const last = children.at(-1);
    const split = last?.type === 'text' ? splitCustomId(last.value) : undefined;
    if (split) children[children.length - 1] = text(split.text.trimEnd());
    return { ...node, children };
  }

  /**
   * `{expression}`: its value as Markdown; a comment nothing. What the evaluator cannot compute, and
   * values JSX cannot show (objects, functions), stay as written, as in the HTML.
   */
  private expression(source: Source, program: Program | null | undefined, written: string): Nodes[] {
    const literal = [text(`{${written}}`)];
    if (!program) return literal;
    const { result } = collectProblems(source.scope.context.problems, () => evaluateProgram(program, source.scope));
    if (!result.ok || unshowable(result.value) !== undefined) return literal;
    return this.value(result.value);
  }

  /** A value shown as content: text, or the Markdown of the HTML it holds. */
  private value(value: Value): Nodes[] {
    if (typeof value === 'string') return value === '' ? [] : [text(value)];
    if (typeof value === 'number') return [text(String(value))];
    if (value instanceof Markup) return this.fromContent(value.content);
    if (Array.isArray(value)) return value.flatMap((item) => this.value(item));
    return [];
  }

  /** A JSX element; one written as a block of its own is a block in the Markdown too (its text a paragraph). */
  private jsx(source: Source, node: JsxElement): Nodes[] {
    const nodes = this.element(source, node);
    return node.type === 'mdxJsxFlowElement' ? asBlocks(nodes) : nodes;
  }

  private element(source: Source, node: JsxElement): Nodes[] {
    const name = node.name;
    if (name === null) return this.all(source, node); // a fragment: `<>…</>`
    const inline = node.type === 'mdxJsxTextElement';
    const props = readProps(source, node);
    if (isIntrinsic(name)) {
      const tag = name.toLowerCase();
      if (tag === 'script' || tag === 'style') return [];
      const attribute = (key: string): string | undefined => {
        const value = props[key === 'class' ? 'className' : key];
        return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
      };
      return elementToMarkdown(tag, attribute, this.all(source, node)).flatMap((each): Nodes[] => {
        if (each.type !== 'link' && each.type !== 'image') return [each];
        const url = this.url(each.url, each.type);
        if (url !== undefined) return [{ ...each, url }];
        return each.type === 'link' ? each.children : [];
      });
    }
    // As in the HTML: a page's own names shadow the built-in components.
    const defined = definedComponent(source.scope, name);
    if (defined) return this.call(source, defined, props, node);
    if (name === 'Snippet' && typeof props['file'] === 'string') {
      const snippet = this.services.snippet(props['file'], source);
      const variables = { ...props };
      delete variables['file'];
      return snippet ? this.call(source, snippet, variables, node) : [];
    }
    if (Object.hasOwn(markdownComponents, name)) {
      const depth = Math.min(6, this.level + 1);
      const deeper = SECTION_COMPONENTS.has(name);
      const saved = this.level;
      if (deeper) this.level = depth;
      try {
        return this.component(name, props, this.all(source, node), inline, depth);
      } finally {
        this.level = saved;
      }
    }
    return this.all(source, node);
  }

  /** A built-in component with its children already Markdown. */
  private component(name: string, props: Props, children: Nodes[], inline: boolean, depth = Math.min(6, this.level + 1)): Nodes[] {
    return markdownComponents[name]!({
      props,
      children,
      depth,
      inline,
      content: (key) => this.content(props[key]),
      url: (value, use) => this.url(value, use),
    });
  }

  /** A URL of the page as the site writes it; undefined for one that would run code. */
  private url(value: string, use: UrlUse): string | undefined {
    const { resolveUrl } = this.services;
    if (resolveUrl) return resolveUrl(value, use);
    return isUnsafeUrl(value, use) ? undefined : value;
  }

  /** A prop shown as content: text, or its JSX as Markdown kept on one line. */
  private content(value: Value): PhrasingContent[] | undefined {
    if (typeof value === 'string') return value === '' ? undefined : [text(value)];
    if (typeof value === 'number') return [text(String(value))];
    if (value instanceof Markup) {
      const nodes = this.fromContent(value.content);
      return nodes.flatMap((node) => (node.type === 'paragraph' ? node.children : [node as PhrasingContent]));
    }
    return undefined;
  }

  /**
   * A component written as a function (on the page, or a snippet's body): called with the props and
   * its children (as a marker for their Markdown), its result read back. What it needs and docjet
   * does not run is left out, as in the HTML; a failure shows the children.
   */
  private call(source: Source, fn: Callable, props: Props, node: JsxElement): Nodes[] {
    const children = this.all(source, node);
    const context = createContext(this.host, this.services.resolveUrl, source.scope.context.budget);
    try {
      return this.value(fn.call([{ ...props, children: children.length === 0 ? undefined : new Markup([this.mark(children)]) }], context));
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      return children;
    }
  }

  /** A snippet's body reduced here, its props bound as names and as `props` (as `Page.embed` does). */
  private embed(body: Body, props: Props): Nodes[] {
    if (this.chain.includes(body.file) || this.chain.length > MAX_EMBED_DEPTH) return [];
    const scope = snippetScope(body, props, createContext(this.host, this.services.resolveUrl, this.budget));
    this.chain.push(body.file);
    try {
      return this.tree({ file: body.file, text: body.text, scope }, body.tree);
    } finally {
      this.chain.pop();
    }
  }

  /** Markdown kept aside, and the HTML comment that stands for it in a value. */
  private mark(nodes: Nodes[]): Comment {
    this.marked.push(nodes);
    return { type: 'comment', value: `docjet-md:${this.marked.length - 1}` };
  }

  /** Content a value holds, as Markdown, markers replaced by what they stand for. */
  private fromContent(content: readonly ElementContent[]): Nodes[] {
    if (content.length === 0) return [];
    const only = content.length === 1 ? content[0] : undefined;
    const whole = only?.type === 'comment' ? MARKER.exec(only.value) : null;
    if (whole) return this.marked[Number(whole[1])] ?? [];
    return contentToMarkdown(content, (comment) => {
      const match = MARKER.exec(comment);
      return match ? this.marked[Number(match[1])] : undefined;
    });
  }
}

/** Attribute values, evaluated (`cols={2}` → 2, `open` → true, `{...spread}` merged); what cannot be computed is left out. */
function readProps(source: Source, node: JsxElement): Props {
  const props: Props = {};
  const set = (key: string, value: Value): void => {
    if (key !== '__proto__') props[key] = value;
  };
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const result = evaluate(source, attribute.data?.estree);
      if (result.ok && isRecord(result.value)) for (const [key, value] of Object.entries(result.value)) set(key, value);
      continue;
    }
    const { name, value } = attribute;
    if (value === null || value === undefined) set(name, true);
    else if (typeof value === 'string') set(name, value);
    else {
      const result = evaluate(source, value.data?.estree);
      if (result.ok) set(name, result.value);
    }
  }
  return props;
}

function evaluate(source: Source, program: Program | null | undefined): { ok: true; value: Value } | { ok: false } {
  if (!program) return { ok: false };
  const { result } = collectProblems(source.scope.context.problems, () => evaluateProgram(program, source.scope));
  return result.ok ? result : { ok: false };
}

/** The function a capitalised name stands for, if the page defines or imports one (`<Hero>`, `<Ui.Button>`). */
function definedComponent(scope: Scope, name: string): Callable | undefined {
  const [first, ...rest] = name.split('.');
  let value = valueOfName(first!, scope);
  for (const key of rest) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value instanceof Callable ? value : undefined;
}

function sourceOf(source: Source, node: Nodes): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.text.slice(start, end);
}

/** `$5 and $10` is prices, not a formula: the HTML renderer's rule (handlers.ts `isMoney`). */
function isMoney(source: Source, node: InlineMath): boolean {
  const written = sourceOf(source, node);
  if (!written.startsWith('$') || written.startsWith('$$')) return false;
  const end = node.position?.end.offset;
  const after = end === undefined ? '' : source.text.charAt(end);
  return /^\s|\s$/.test(node.value) || (after >= '0' && after <= '9');
}

/** Runs of text among blocks wrapped in paragraphs: `<Column>Left.</Column>` is a paragraph, not text to join with the next. */
function asBlocks(nodes: Nodes[]): Nodes[] {
  if (!nodes.some(isPhrasing)) return nodes;
  const out: Nodes[] = [];
  let run: PhrasingContent[] = [];
  const end = (): void => {
    if (run.some((node) => node.type !== 'text' || node.value.trim() !== '')) out.push(paragraph(run));
    run = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) run.push(node);
    else {
      end();
      out.push(node);
    }
  }
  end();
  return out;
}
