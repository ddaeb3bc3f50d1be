/**
 * A big page is rendered in sections, so that time and memory grow with its size and no more. The
 * parser's costs are not all linear (GFM tables, emphasis runs and every MDX repair re-read the text
 * before them: a page with many MDX mistakes costs about sections × repairs), and the syntax trees
 * of a whole 10 MB page take gigabytes; sections of `SECTION_SIZE` characters keep both bounded, and
 * are rendered one after the other into the same page (headings, ids and `export`s are shared).
 *
 * A section starts only where nothing can be open: at a heading line (`#`) or a component's opening
 * tag (`<Update …>`) at the start of a line, after a blank line, outside fenced code and math, HTML
 * comments and JSX or HTML elements (tracked by counting tags): a line there that is not indented
 * and not a list marker ends any list, quote or indented code before it. Changelogs, the corpus's
 * biggest pages, are a run of `<Update>` elements with no heading between them. Pages up to
 * `SPLIT_ABOVE` (nearly every page of the corpus) are one section.
 *
 * What one part of a page says for the whole page crosses sections: a link reference definition
 * (`[docs]: https://…`) written in one section is lent to each section that uses its label (the
 * parser only makes `[text][docs]` a link when the label is defined in the text it reads). A page
 * with footnotes stays one section: their numbers and their list at the end span the page.
 */

/**
 * Pages up to this size are one section, as a page was before sections. A section is also what
 * dev renders ahead of the reader between two pauses (page-cache.ts): 64 KB of a changelog took
 * 0.3–0.7 s of one core there, the time a request could wait.
 */
export const SPLIT_ABOVE = 64 * 1024;
/** The size a section of a bigger page grows to before it ends at the next heading or component. */
export const SECTION_SIZE = 16 * 1024;

export interface Chunk {
  /** Offset in the page body. */
  offset: number;
  /** 0-based line of the body on which the section starts. */
  line: number;
  text: string;
  /**
   * Link reference definitions from other sections that this one uses, to parse after its text
   * (`\n\n[label]: url…`), or `''`. They render nothing.
   */
  borrowed: string;
}

export function splitIntoChunks(text: string, size: number = SECTION_SIZE, splitAbove: number = SPLIT_ABOVE): Chunk[] {
  if (text.length <= splitAbove || FOOTNOTE_DEFINITION.test(text)) return [{ offset: 0, line: 0, text, borrowed: '' }];
  const chunks: Omit<Chunk, 'borrowed'>[] = [];
  const definitions = new Map<string, string>();
  let chunkStart = 0;
  let chunkLine = 0;
  const scanner = new OpenScanner();
  let previousBlank = false;
  let line = 0;
  for (let start = 0; start < text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const content = text.slice(start, end);
    if (start - chunkStart >= size && previousBlank && scanner.closed() && SECTION_START.test(content)) {
      chunks.push({ offset: chunkStart, line: chunkLine, text: text.slice(chunkStart, start) });
      chunkStart = start;
      chunkLine = line;
    }
    if (scanner.closed()) noteDefinition(definitions, content);
    scanner.line(content);
    previousBlank = content.trim() === '';
    start = end + 1;
  }
  chunks.push({ offset: chunkStart, line: chunkLine, text: text.slice(chunkStart) });
  // The last section may end inside a fence or an element: text after it would be read as part of it.
  const endsClosed = scanner.closed();
  return chunks.map((chunk, index) => ({
    ...chunk,
    borrowed: index < chunks.length - 1 || endsClosed ? borrowedDefinitions(chunk.text, definitions) : '',
  }));
}

/**
 * A heading, or a component's opening tag (`<Update`, capitalised: an HTML block such as
 * `<details>` in a `.md` page is left inside its section, as before), at the start of a line.
 */
const SECTION_START = /^(?:#{1,6}[ \t]|<[A-Z][\w.-]*(?:[\s/>]|$))/;
/** A footnote definition at the start of a line (`[^1]: …`). */
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\n]+\]:/m;
/** A one-line link reference definition: `[label]: destination "title"`. */
const DEFINITION = /^ {0,3}\[((?:[^\\\]\n]|\\.){1,999})\]:[ \t]*\S/;
/** Anything in brackets that could be a reference's label: `[label]`, `[text][label]`, `[text]`. */
const BRACKETED = /\[((?:[^\\\]\[\n]|\\.){1,999})\]/g;

/** Labels match as CommonMark matches them: case-folded, inner whitespace collapsed. */
function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase();
}

/** The first definition of a label wins, as in CommonMark. */
function noteDefinition(definitions: Map<string, string>, line: string): void {
  const match = DEFINITION.exec(line);
  if (!match) return;
  const label = normalizeLabel(match[1]!);
  if (!definitions.has(label)) definitions.set(label, line.trim());
}

/** The definitions written in other sections whose labels this section uses. */
function borrowedDefinitions(section: string, definitions: ReadonlyMap<string, string>): string {
  if (definitions.size === 0) return '';
  const own = new Set<string>();
  for (const line of section.split('\n')) {
    const match = DEFINITION.exec(line);
    if (match) own.add(normalizeLabel(match[1]!));
  }
  const lent = new Set<string>();
  for (const [, label] of section.matchAll(BRACKETED)) {
    const key = normalizeLabel(label!);
    const definition = definitions.get(key);
    if (definition !== undefined && !own.has(key)) lent.add(definition);
  }
  return lent.size === 0 ? '' : `\n\n${[...lent].join('\n')}\n`;
}

/** What a line-by-line reading can tell is still open: a code fence, a `$$` block, a comment, tags. */
class OpenScanner {
  private fence: string | undefined;
  private comment = false;
  private depth = 0;
  /** Inside a tag written over several lines (`<Tab⏎ title="x"⏎>`). */
  private inTag = false;

  closed(): boolean {
    return this.fence === undefined && !this.comment && this.depth <= 0 && !this.inTag;
  }

  line(content: string): void {
    const trimmed = content.trimStart();
    if (this.fence !== undefined) {
      if (trimmed.startsWith(this.fence) && trimmed.slice(this.fence.length).trim() === '') this.fence = undefined;
      return;
    }
    const open = /^(`{3,}|~{3,}|\$\$)/.exec(trimmed);
    if (open && !this.comment) {
      if (!(open[1] === '$$' && trimmed.length > 2 && trimmed.trimEnd().endsWith('$$'))) this.fence = open[1]!;
      return;
    }
    this.tags(content);
  }

  /** Counts `<Name …>` (not self-closed) up and `</Name>` down, skipping comments and inline code. */
  private tags(content: string): void {
    let i = 0;
    while (i < content.length) {
      if (this.comment) {
        const end = content.indexOf('-->', i);
        if (end === -1) return;
        this.comment = false;
        i = end + 3;
        continue;
      }
      if (this.inTag) {
        const end = content.indexOf('>', i);
        if (end === -1) return;
        this.inTag = false;
        if (content[end - 1] === '/') this.depth = Math.max(0, this.depth - 1);
        i = end + 1;
        continue;
      }
      const char = content[i];
      if (char === '`') {
        i = afterCodeSpan(content, i);
      } else if (content.startsWith('<!--', i)) {
        this.comment = true;
        i += 4;
      } else if (char === '<' && content[i + 1] === '/') {
        this.depth = Math.max(0, this.depth - 1);
        i += 2;
      } else if (char === '<' && /[A-Za-z]/.test(content[i + 1] ?? '')) {
        const name = /^[A-Za-z][\w.:-]*/.exec(content.slice(i + 1, i + 65))![0];
        // `<https://…>` and `<a@b.c>` are autolinks, not tags.
        const autolink = name.includes(':') || content[i + 1 + name.length] === '@';
        if (!autolink && !VOID.has(name.toLowerCase())) {
          this.depth++;
          this.inTag = true;
        }
        i += 1 + name.length;
      } else {
        i++;
      }
    }
  }
}

/**
 * Where the code span opened by the backticks at `start` ends, as CommonMark reads one: at the next
 * run of as many backticks; with none on the line, the run is plain text (`<code>```</code>` holds
 * three backticks and a closing tag, which a search for the next backtick alone lost).
 */
function afterCodeSpan(content: string, start: number): number {
  let run = 1;
  while (content[start + run] === '`') run++;
  for (let at = content.indexOf('`', start + run); at !== -1; ) {
    let length = 1;
    while (content[at + length] === '`') length++;
    if (length === run) return at + run;
    at = content.indexOf('`', at + length);
  }
  return start + run;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

interface EstreeOffsets {
  start?: unknown;
  end?: unknown;
  range?: unknown;
}

function shiftOffsets(node: EstreeOffsets, offset: number): void {
  if (typeof node.start === 'number') node.start += offset;
  if (typeof node.end === 'number') node.end += offset;
  if (Array.isArray(node.range) && node.range.length === 2) node.range = [node.range[0] + offset, node.range[1] + offset];
}

interface PointLike {
  line: number;
  column: number;
  offset?: number;
}

/**
 * Moves every position in a section's tree (mdast `position`s and the `loc`s of JavaScript syntax
 * trees in expressions and ESM) from the section's coordinates to the page's. Iterative: linear in
 * the size of the tree, whatever its depth; each point object is moved once even if shared.
 */
export function shiftPositions(tree: object, lines: number, offset: number): void {
  if (lines === 0 && offset === 0) return;
  const moved = new WeakSet<object>();
  const move = (point: unknown): void => {
    if (!point || typeof point !== 'object' || moved.has(point)) return;
    moved.add(point);
    const p = point as PointLike;
    if (typeof p.line === 'number') p.line += lines;
    if (typeof p.offset === 'number') p.offset += offset;
  };
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (!child || typeof child !== 'object') continue;
      if (key === 'position' || key === 'loc') {
        const span = child as { start?: unknown; end?: unknown };
        move(span.start);
        move(span.end);
        // An ESTree node (an expression's or an import's) also has its offsets as numbers.
        if (key === 'loc') shiftOffsets(value as EstreeOffsets, offset);
      } else {
        stack.push(child);
      }
    }
  }
}
