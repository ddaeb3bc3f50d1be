/**
 * A stratified sample of synthetic docs pages for the fast reader's differential test
 * (test/content/fast-parse.test.ts) and the Markdown writer's round trip, so that both run without
 * the corpus beside the project, whose pages may be read but not copied into it. The pages are
 * generated, from a fixed seed, out of the constructs real pages use, each in the share of pages
 * it has in the corpus (measured over its 6,993 .mdx/.md pages, 2026-11-29, `CONSTRUCTS` below),
 * with a floor of 12 pages chosen to hold each rare one (how many do is printed by the script below).
 *
 * The pages are committed under test/fixtures/fast-reader-sample/ (what the tests read); a test
 * checks they are what this file generates. After a change here:
 *   node --import tsx scripts/fast-reader-sample.ts
 */
import { random } from './fuzz.ts';

export const SAMPLE_SEED = 20261129;
export const SAMPLE_PAGES = 300;
/** The share of .md pages: the corpus has 50 among 6,993, the sample more, to read Markdown too. */
const MARKDOWN_PAGES = 30;

/** Each construct and the share of corpus pages that hold it (at least once). */
export const CONSTRUCTS = {
  frontmatter: 0.915,
  component: 0.809,
  heading: 0.75,
  inlineCode: 0.699,
  link: 0.658,
  codeFence: 0.658,
  emphasis: 0.642,
  strong: 0.614,
  list: 0.614,
  expression: 0.498,
  indentedComponent: 0.393,
  orderedList: 0.337,
  html: 0.334,
  import: 0.276,
  table: 0.261,
  componentExpressionProp: 0.178,
  nestedList: 0.142,
  autolinkLiteral: 0.13,
  image: 0.12,
  codeInList: 0.109,
  quote: 0.102,
  hardBreak: 0.096,
  export: 0.082,
  multilineProps: 0.044,
  math: 0.035,
  escape: 0.034,
  emoji: 0.033,
  entity: 0.02,
  comment: 0.014,
  thematicBreak: 0.05,
  taskList: 0.003,
  referenceLink: 0.003,
  footnote: 0.002,
  strikethrough: 0.001,
  setextHeading: 0.001,
} as const;
export type Construct = keyof typeof CONSTRUCTS;
/** How a page is seen to hold each construct (once is enough), for the shares above and the sample's own count. */
export const CONSTRUCT_PATTERNS: Record<Construct, RegExp> = {
  frontmatter: /^---\n/,
  component: /<[A-Z][A-Za-z]*[\s/>]/,
  heading: /^#{1,6} /m,
  inlineCode: /`[^`\n]+`/,
  link: /\]\([^)]+\)/,
  codeFence: /^\s*(```|~~~)/m,
  emphasis: /(^|\W)[*_][^*_\s]/m,
  strong: /\*\*[^*]+\*\*/,
  list: /^\s*[-*+] /m,
  expression: /(^|[^`])\{[^}\n]*\}/m,
  indentedComponent: /^ {2,}<[A-Z]/m,
  orderedList: /^\s*\d+[.)] /m,
  html: /<[a-z][a-z0-9]*[\s>/]/,
  import: /^import /m,
  table: /^\s*\|.*\|\s*$\n^\s*\|?\s*:?-+/m,
  componentExpressionProp: /<[A-Z][A-Za-z]*[^>]*=\{/,
  nestedList: /^[-*+] .*\n(?:.*\n)*?^ {2,4}[-*+] /m,
  autolinkLiteral: /(^|\s)(https?:\/\/|www\.)\S+/m,
  image: /!\[[^\]]*\]\(/,
  codeInList: /^\s*(?:[-*]|\d+\.) .*\n(?:.*\n)*?^ {2,}```/m,
  quote: /^\s*> /m,
  hardBreak: /( {2}|\\)$/m,
  export: /^export /m,
  multilineProps: /<[A-Z][A-Za-z]*\s*\n\s+[a-zA-Z]+=/,
  math: /\$[^$\n]+\$/,
  escape: /\\[*_`\[\]<>{}#|]/,
  emoji: /[\u{1F300}-\u{1FAFF}]/u,
  entity: /&[a-z]+;|&#\d+;/,
  comment: /\{\/\*/,
  thematicBreak: /^(\*\*\*|___)\s*$/m,
  taskList: /^\s*[-*] \[[ x]\]/m,
  referenceLink: /^\[[^\]]+\]:\s/m,
  footnote: /\[\^[^\]]+\]/,
  strikethrough: /~~[^~]+~~/,
  setextHeading: /^.+\n[=]{3,}\s*$/m,
};
/** At least this many pages hold each construct, however rare in the corpus. */
const FLOOR = 12;

export interface SamplePage {
  name: string;
  text: string;
  constructs: Construct[];
}

const WORDS = (
  'the api request returns a token for each project and its keys you can set deploy environment variables in the dashboard ' +
  'webhook events retry after a timeout model agent prompt response stream tools call server client install configure run ' +
  'build the docs page with sidebar navigation search index cache user account billing limits rate error status code field value'
).split(' ');
const COMPONENTS_WITH_BODY = ['Tip', 'Note', 'Warning', 'Info', 'Check', 'Accordion', 'Tab', 'Step', 'Card', 'Expandable', 'Frame'];
const LANGUAGES = ['bash', 'ts', 'python', 'json', 'yaml', 'js', 'go', 'shell', ''];

/** The sample: SAMPLE_PAGES pages, the same on every call. */
export function generateSample(): SamplePage[] {
  const next = random(SAMPLE_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const names = Object.keys(CONSTRUCTS) as Construct[];
  // Rare constructs first get their floor, spread over the pages; the rest follow the corpus's shares.
  const forced = new Map<number, Set<Construct>>();
  for (const construct of names) {
    const expected = CONSTRUCTS[construct] * SAMPLE_PAGES;
    if (expected >= FLOOR) continue;
    for (let i = 0; i < FLOOR; i++) {
      const page = Math.floor(next() * SAMPLE_PAGES);
      if (!forced.has(page)) forced.set(page, new Set());
      forced.get(page)!.add(construct);
    }
  }
  const pages: SamplePage[] = [];
  for (let index = 0; index < SAMPLE_PAGES; index++) {
    const markdown = index % Math.floor(SAMPLE_PAGES / MARKDOWN_PAGES) === 0;
    const chosen = new Set<Construct>(forced.get(index) ?? []);
    for (const construct of names) if (next() < CONSTRUCTS[construct]) chosen.add(construct);
    // In a .md page, MDX's own constructs are text or HTML; left out so that the page reads as Markdown does.
    // Two strata: half the MDX pages hold only what the fast reader reads itself (most corpus pages, which it
    // reads whole), half the full mix (read in sections, or left to micromark, around what it does not read).
    if (!markdown && index % 2 === 1) for (const left of LEFT_TO_MICROMARK) if (!forced.get(index)?.has(left)) chosen.delete(left);
    if (markdown)
      for (const mdxOnly of ['component', 'indentedComponent', 'expression', 'import', 'export', 'componentExpressionProp', 'multilineProps', 'comment'] as const)
        chosen.delete(mdxOnly);
    const writer = new PageWriter(next, pick, markdown);
    const text = writer.page(chosen);
    pages.push({ name: `page-${String(index + 1).padStart(3, '0')}.${markdown ? 'md' : 'mdx'}`, text, constructs: [...chosen].sort() });
  }
  return pages;
}

/** What the fast reader leaves to micromark (test/content/fast-parse.test.ts): the page, or its section, is read there. */
const LEFT_TO_MICROMARK: readonly Construct[] = [
  'expression',
  'entity',
  'autolinkLiteral',
  'math',
  'footnote',
  'strikethrough',
  'referenceLink',
  'setextHeading',
  'taskList',
  'html',
  'comment',
  'export',
];

/** Inline constructs written once a page: most pages that hold them hold one or two. */
const ONCE_A_PAGE = new Set<Construct>(['expression', 'entity', 'math', 'escape', 'emoji', 'autolinkLiteral', 'footnote', 'strikethrough', 'referenceLink', 'image', 'html']);

class PageWriter {
  private readonly used = new Set<Construct>();

  constructor(
    private readonly next: () => number,
    private readonly pick: <T>(items: readonly T[]) => T,
    private readonly markdown: boolean,
  ) {}

  private words(min: number, max: number): string {
    const count = min + Math.floor(this.next() * (max - min + 1));
    return Array.from({ length: count }, () => this.pick(WORDS)).join(' ');
  }

  private chance(p: number): boolean {
    return this.next() < p;
  }

  /** A sentence with the inline constructs chosen for the page, each sometimes. */
  private inline(chosen: Set<Construct>): string {
    const parts = [this.words(2, 6)];
    // Constructs real pages hold now and then are written once a page, the common ones in half the sentences.
    const add = (construct: Construct, make: () => string): void => {
      if (!chosen.has(construct) || !this.chance(0.5)) return;
      if (ONCE_A_PAGE.has(construct)) {
        if (this.used.has(construct)) return;
        this.used.add(construct);
      }
      parts.push(make(), this.words(1, 4));
    };
    add('inlineCode', () => this.pick(['`npm install`', '`API_KEY`', '``a `tick` b``', '`{ "id": 1 }`', '`$HOME`', '`<Tip>`']));
    add('emphasis', () => this.pick([`*${this.words(1, 2)}*`, `_${this.words(1, 2)}_`, `*nested **strong** in it*`, 'snake_case_name']));
    add('strong', () => this.pick([`**${this.words(1, 3)}**`, `__${this.words(1, 2)}__`, `***${this.words(1, 2)}***`, `**\`code\` bold**`]));
    add('link', () =>
      this.pick([
        `[${this.words(1, 3)}](/guides/${this.pick(WORDS)})`,
        `[a link](https://example.com/docs "Title")`,
        `[relative](../api/${this.pick(WORDS)}#anchor)`,
        '[**bold link**](/x)',
        '[](/empty)',
      ]),
    );
    add('image', () => this.pick(['![diagram](/images/flow.png)', '![alt text](https://example.com/a.svg "t")', '[![badge](/b.svg)](/b)']));
    add('html', () =>
      this.pick([
        '<br />',
        '<b>bold</b>',
        '<a href="/x" target="_blank">x</a>',
        '<kbd>Ctrl</kbd>',
        '<span style={{ color: "red" }}>red</span>',
        '<img src="/a.png" width="200" />',
      ]),
    );
    add('expression', () => this.pick(['{props.name}', '{1 + 2}', '{"text"}', '{user?.id ?? "none"}', '{`template ${x}`}']));
    add('entity', () => this.pick(['&amp;', '&nbsp;', '&copy;', '&#123;', '&lt;tag&gt;', '&rarr;']));
    add('math', () => this.pick(['$x^2$', '$\\frac{a}{b}$', '$E = mc^2$', '$$a + b$$']));
    add('escape', () => this.pick(['\\*not emphasis\\*', '\\_x\\_', '\\`', '\\[not link\\]', '\\<Tag\\>', '\\{brace\\}', '\\#', '\\|']));
    add('emoji', () => this.pick(['🚀', '✅', '⚠️', '👉 here', '“quoted”', 'café']));
    add('autolinkLiteral', () => this.pick(['https://example.com/docs', 'www.example.com', 'see http://localhost:3000/api.', 'mail@example.com']));
    add('footnote', () => '[^1]');
    add('strikethrough', () => `~~${this.words(1, 2)}~~`);
    add('referenceLink', () => this.pick(['[the docs][docs]', '[docs]', '[Docs][]']));
    add('component', () => this.pick(['<Icon icon="check" />', '<Tooltip tip="more">term</Tooltip>', '<Badge>new</Badge>']));
    let text = parts.join(' ');
    if (this.markdown) text = text.replace(/[{}]/g, '');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  }

  private paragraph(chosen: Set<Construct>): string {
    const lines = Array.from({ length: 1 + Math.floor(this.next() * 3) }, () => this.inline(chosen));
    if (chosen.has('hardBreak') && lines.length > 1 && this.chance(0.5)) lines[0] += this.pick(['  ', '\\']);
    return lines.join('\n');
  }

  private fence(chosen: Set<Construct>, indent = ''): string {
    const language = this.pick(LANGUAGES);
    const meta = this.pick(['', '', ' title="example"', ' theme={null}', ' lines', ' {1,3}']);
    const body = this.pick([
      'npm install docjet',
      'const a = { b: 1 };\n\n## not a heading\nconsole.log(a);',
      '{\n  "id": "abc",\n  "$ref": "#/x"\n}',
      'curl -X POST https://api.example.com/v1 \\\n  -H "Authorization: Bearer $TOKEN"',
      '  indented line\n<Tip>not a tag</Tip>',
      'def f():\n    return 1',
    ]);
    const marker = this.chance(0.1) ? '~~~' : this.chance(0.1) ? '````' : '```';
    const lines = [`${marker}${language}${language ? meta : ''}`, ...body.split('\n'), marker];
    if (chosen.has('codeFence') && this.chance(0.05)) lines.pop(); // an unclosed fence runs to the end of its container
    return lines.map((line) => (line ? indent + line : line)).join('\n');
  }

  private list(chosen: Set<Construct>, depth = 0, indent = ''): string {
    const ordered = chosen.has('orderedList') && this.chance(0.5);
    const task = chosen.has('taskList') && depth === 0 && this.chance(0.7);
    const bullet = this.pick(['-', '*', '+', '-']);
    const items: string[] = [];
    const count = 2 + Math.floor(this.next() * 3);
    for (let i = 0; i < count; i++) {
      const marker = ordered ? `${i + 1}${this.chance(0.1) ? ')' : '.'}` : bullet;
      const inner = indent + ' '.repeat(marker.length + 1);
      let item = `${indent}${marker} ${task ? this.pick(['[ ] ', '[x] ']) : ''}${this.inline(chosen)}`;
      if (chosen.has('codeInList') && this.chance(0.3)) item += `\n\n${this.fence(chosen, inner)}`;
      if (chosen.has('nestedList') && depth < 2 && this.chance(0.4)) item += `\n${this.list(chosen, depth + 1, inner)}`;
      if (chosen.has('indentedComponent') && !this.markdown && this.chance(0.15)) item += `\n\n${inner}<Note>\n${inner}  ${this.inline(chosen)}\n${inner}</Note>`;
      items.push(item);
    }
    return items.join(this.chance(0.2) ? '\n\n' : '\n');
  }

  private table(chosen: Set<Construct>): string {
    const columns = 2 + Math.floor(this.next() * 3);
    const cell = (): string =>
      this.pick([this.words(1, 3), '`code`', '`a\\|b`', '**bold**', '[link](/x)', '', this.markdown ? 'text' : '<Icon icon="x" />', 'a \\| b', '`string`']);
    const row = (make: () => string): string => {
      const cells = Array.from({ length: columns }, make);
      return this.chance(0.8) ? `| ${cells.join(' | ')} |` : cells.join(' | ');
    };
    const align = (): string => this.pick(['---', ':--', '--:', ':-:', '-']);
    const rows = [row(() => this.words(1, 2)), row(align), ...Array.from({ length: 1 + Math.floor(this.next() * 4) }, () => row(cell))];
    void chosen;
    return rows.join('\n');
  }

  private quote(chosen: Set<Construct>): string {
    const body = [this.inline(chosen)];
    if (this.chance(0.3)) body.push('', `- ${this.inline(chosen)}`, `- ${this.words(2, 4)}`);
    if (this.chance(0.2)) body.push('', '> nested quote');
    if (this.chance(0.2)) body.push(this.words(2, 5)); // a lazy line
    return body.map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
  }

  private component(chosen: Set<Construct>, depth = 0): string {
    const name = this.pick(COMPONENTS_WITH_BODY);
    const props: string[] = [];
    if (this.chance(0.6)) props.push(`title="${this.words(1, 3)}"`);
    if (this.chance(0.3)) props.push(`icon="${this.pick(['book', 'code', 'rocket'])}"`);
    if (chosen.has('componentExpressionProp') && this.chance(0.6)) props.push(this.pick(['cols={2}', 'defaultOpen={true}', 'items={["a", "b"]}', 'style={{ width: 100 }}']));
    if (this.chance(0.2)) props.push(this.pick(['horizontal', 'href="/quickstart"', "type='info'"]));
    if (chosen.has('multilineProps') && props.length < 2) props.push(`description="${this.words(2, 4)}"`, 'defaultOpen');
    const multiline = chosen.has('multilineProps') && this.chance(0.8);
    const open = multiline ? `<${name}\n  ${props.join('\n  ')}\n>` : `<${name}${props.length > 0 ? ` ${props.join(' ')}` : ''}>`;
    const inner = depth === 0 && chosen.has('indentedComponent') && this.chance(0.5);
    const pad = inner ? '  ' : '';
    const body: string[] = [`${pad}${this.inline(chosen)}`];
    if (inner)
      body.push(
        '',
        this.component(chosen, depth + 1)
          .split('\n')
          .map((line) => (line ? pad + line : line))
          .join('\n'),
      );
    if (chosen.has('codeFence') && this.chance(0.3)) body.push('', this.fence(chosen, pad));
    if (chosen.has('list') && this.chance(0.2)) body.push('', this.list(chosen, 0, pad));
    if (this.chance(0.15)) return `<${name}${props.length > 0 ? ` ${props.join(' ')}` : ''} />`;
    return [open, ...body, `</${name}>`].join('\n');
  }

  page(chosen: Set<Construct>): string {
    const blocks: string[] = [];
    if (chosen.has('frontmatter')) {
      const fields = [`title: "${this.words(1, 4)}"`, `description: "${this.words(3, 8)}"`];
      if (this.chance(0.3)) fields.push(`icon: "${this.pick(['book', 'code'])}"`);
      if (this.chance(0.2)) fields.push(`sidebarTitle: ${this.words(1, 2)}`);
      blocks.push(`---\n${fields.join('\n')}\n---`);
    }
    if (chosen.has('import'))
      blocks.push(this.pick(['import Snippet from "/snippets/snippet.mdx";', 'import { A, B as C } from "/snippets/parts.mdx";\nimport D from "/snippets/d.mdx";']));
    if (chosen.has('export')) blocks.push(this.pick(['export const version = "1.2.3";', 'export const Box = ({ children }) => <div className="box">{children}</div>;']));
    const sections = 1 + Math.floor(this.next() * 4);
    for (let section = 0; section < sections; section++) {
      if (chosen.has('heading') || section > 0)
        blocks.push(`${'#'.repeat(2 + Math.floor(this.next() * 3))} ${this.words(1, 4)}${chosen.has('inlineCode') && this.chance(0.2) ? ' `code`' : ''}`);
      blocks.push(this.paragraph(chosen));
      const kinds: (() => string)[] = [];
      if (chosen.has('list') || chosen.has('orderedList') || chosen.has('taskList')) kinds.push(() => this.list(chosen));
      if (chosen.has('table')) kinds.push(() => this.table(chosen));
      if (chosen.has('quote')) kinds.push(() => this.quote(chosen));
      if (chosen.has('codeFence')) kinds.push(() => this.fence(chosen));
      if (chosen.has('component') || chosen.has('indentedComponent')) kinds.push(() => this.component(chosen));
      if (section === 0 && chosen.has('html'))
        kinds.push(() =>
          this.pick(['<div className="grid">\n  <p>html block</p>\n</div>', '<details>\n<summary>More</summary>\n\nInside.\n\n</details>', '<img src="/x.png" alt="x" />']),
        );
      if (section === 0 && chosen.has('math')) kinds.push(() => '$$\nx^2 + y^2 = z^2\n$$');
      if (section === 0 && chosen.has('comment')) kinds.push(() => this.pick(['{/* a comment */}', '{/*\n  over lines\n*/}']));
      if (chosen.has('thematicBreak')) kinds.push(() => this.pick(['---', '***', '___']));
      if (section === 0 && chosen.has('setextHeading')) kinds.push(() => `${this.words(1, 3)}\n${this.pick(['===', '---'])}`);
      if (section === 0 && chosen.has('expression')) kinds.push(() => this.pick(['{props.children}', '<div>{items.map((item) => <p key={item}>{item}</p>)}</div>']));
      // Blocks MDX reads as HTML, math, comments or expressions: in the first section only, as most pages hold one or two.
      for (const kind of kinds) if (this.chance(0.6)) blocks.push(kind(), this.paragraph(chosen));
    }
    // Every chosen construct is met at least once, at the end when chance passed it by.
    for (const [construct, make] of [
      ['table', () => this.table(chosen)],
      ['quote', () => this.quote(chosen)],
      ['codeFence', () => this.fence(chosen)],
      ['nestedList', () => this.list(chosen)],
      ['component', () => this.component(chosen)],
    ] as const)
      if (
        chosen.has(construct) &&
        !blocks.some((block) =>
          block.includes(construct === 'codeFence' ? '```' : construct === 'quote' ? '> ' : construct === 'table' ? '|' : construct === 'component' ? '</' : '  '),
        )
      )
        blocks.push(make());
    if (chosen.has('footnote')) blocks.push('[^1]: The footnote text.');
    if (chosen.has('referenceLink')) blocks.push('[docs]: https://example.com/docs "Docs"');
    return `${blocks.join('\n\n')}\n`;
  }
}
