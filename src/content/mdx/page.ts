/** What rendering one page keeps track of: names it defines, headings, ids, and its diagnostics. */
import type { Nodes } from 'mdast';
import type { Highlighter } from './code.ts';
import type { ComponentRegistry, Props } from './components/types.ts';
import type { ImportBinding } from './esm.ts';
import type { Scope } from './evaluate.ts';
import { Slugger, type Heading } from './headings.ts';
import type { Point, Reporter } from './report.ts';

export class Page {
  readonly slugger = new Slugger();
  /** Headings with the offset they were written at: components add theirs after their children's. */
  private readonly found: { offset: number; heading: Heading }[] = [];
  private readonly ids = new Map<string, number>();
  private readonly warnedComponents = new Set<string>();
  /** Props and inner HTML of rendered JSX elements, for the components around them (Tabs reads its Tabs). */
  readonly rendered = new WeakMap<Nodes, { props: Props; childrenHtml: string }>();
  readonly importsByName: Map<string, ImportBinding>;

  constructor(
    readonly file: string,
    /** The text the tree was parsed from; node offsets point into it. */
    readonly text: string,
    readonly reporter: Reporter,
    readonly components: ComponentRegistry,
    readonly highlight: Highlighter,
    readonly scope: Scope,
    imports: readonly ImportBinding[],
  ) {
    this.importsByName = new Map(imports.map((binding) => [binding.name, binding]));
  }

  addHeading(offset: number, depth: number, text: string, customId?: string): string {
    const id = customId === undefined ? this.slugger.slug(text) : this.slugger.unique(customId);
    this.found.push({ offset, heading: { depth, id, text } });
    return id;
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
    const count = (this.ids.get(prefix) ?? 0) + 1;
    this.ids.set(prefix, count);
    return `dj-${prefix}-${count}`;
  }

  /** A component name is reported once per page, where it is first used. */
  firstUseOf(name: string): boolean {
    if (this.warnedComponents.has(name)) return false;
    this.warnedComponents.add(name);
    return true;
  }

  /** `<script>` in a page (JSX or raw HTML) is kept as written; readers of the build should know. */
  reportScript(at: Point | undefined): void {
    this.reporter.report(
      'script-tag',
      at,
      'a `<script>` element is copied into the page as written, and runs in every reader\'s browser',
      'To run a script on every page, put it in a `.js` file in the docs folder instead.',
    );
  }

  source(node: Nodes): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? '' : this.text.slice(start, end);
  }
}

export function startOf(node: Nodes): Point | undefined {
  const start = node.position?.start;
  return start ? { line: start.line, column: start.column } : undefined;
}
