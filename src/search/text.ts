/**
 * The words of a page file, split at its headings, read straight from the Markdown or MDX source:
 * indexing must add little to a build (issue 14: under 10 %), and parsing every page a second
 * time would double it. What a reader sees is kept (prose, list items, table cells, code, the
 * titles and labels of components); markup, imports and expressions are dropped. Heading ids are
 * made the way the renderer makes them (`content/mdx/headings.ts`, `<Step titleSize>` and
 * `<Update label>` included), so a result jumps to the heading. Snippets are put in place before
 * (snippet-text.ts): their headings and words are the page's.
 */
import { MAX_ANCHORED_DEPTH, Slugger, splitCustomId, titleText } from '../content/mdx/headings.ts';

export interface TextSection {
  /** The heading that starts the section; none for the text before the first heading. */
  heading?: { id: string; text: string; depth: number };
  text: string;
}

/** Component attributes whose values a reader sees (card and accordion titles, field names). */
const SHOWN_ATTRIBUTES = new Set(['title', 'label', 'description', 'name', 'path', 'query', 'body', 'header', 'cta']);
const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\})*)>/g;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(["'`])([^"'`]*)["'`]\s*\})/g;
/** `noAnchor`, `noAnchor="true"`, `noAnchor={true}`: a bare attribute or one of those. */
const NO_ANCHOR = /\bnoAnchor(?:(?![\w-])(?!\s*=)|\s*=\s*(?:["']true["']|\{\s*true\s*\}))/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^(\s*)(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** The line under a setext heading: `===` (level 1) or `---` (level 2). */
const UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
/** A Step's title is a heading with an anchor at these sizes (`h4` shows as one, without). */
const STEP_SIZES: Record<string, number> = { h2: 2, h3: 3 };
/** Marks a heading a component makes, in the text between tags and lines: never in a page. */
const COMPONENT_HEADING = '\u0000';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The page's sections in order: the text before the first heading, then one per heading that is an
 * anchor (`#` to `####`, none on a page whose `headingAnchors` is false); other headings' text is
 * their section's.
 */
export function pageSections(source: string, format: 'md' | 'mdx', options: { headingAnchors?: boolean } = {}): TextSection[] {
  const anchored = (depth: number): boolean => depth <= MAX_ANCHORED_DEPTH && options.headingAnchors !== false;
  const sections: TextSection[] = [{ text: '' }];
  const slugger = new Slugger();
  // Text of the current section: cleaned pieces, and prose lines cleaned together when a piece ends.
  const pieces: string[] = [];
  let prose: string[] = [];
  const endProse = (): void => {
    if (prose.length > 0) pieces.push(proseText(prose.join('\n')));
    prose = [];
  };
  const endSection = (): void => {
    endProse();
    sections[sections.length - 1]!.text = pieces.join(' ').replace(/\s+/g, ' ').trim();
    pieces.length = 0;
  };
  const startSection = (depth: number, written: string, customId: string | undefined): void => {
    endSection();
    const split = customId === undefined ? splitCustomId(written) : undefined;
    const text = inlineText(split ? split.text : written);
    const id = customId ?? split?.id;
    sections.push({ heading: { id: id === undefined ? slugger.slug(text) : slugger.custom(id, text), text, depth }, text: '' });
  };
  for (const block of blocks(source, format)) {
    if (block.code) {
      endProse();
      pieces.push(block.text);
      continue;
    }
    for (const line of (format === 'mdx' ? withComponentHeadings(block.text, options.headingAnchors !== false) : block.text).split('\n')) {
      if (line.startsWith(COMPONENT_HEADING)) {
        const [depth, title, id] = line.slice(1).split(COMPONENT_HEADING);
        const text = title ?? '';
        const anchor = slugger.component(text, id || undefined);
        if (anchor !== '') {
          endSection();
          sections.push({ heading: { id: anchor, text, depth: Number(depth) }, text: '' });
        }
        continue;
      }
      // Markdown allows three spaces before a heading; MDX headings may be indented inside a component.
      const heading = line.includes('#') ? HEADING.exec(line) : null;
      const underline = heading ? null : UNDERLINE.exec(line);
      const above = prose[prose.length - 1];
      if (heading && (format === 'mdx' || heading[1]!.length <= 3)) {
        if (anchored(heading[2]!.length)) startSection(heading[2]!.length, heading[3]!, undefined);
        else prose.push(heading[3]!);
      } else if (underline && above !== undefined && above.trim() !== '' && !LIST_ITEM.test(above) && anchored(1)) {
        prose.pop();
        startSection(underline[1]![0] === '=' ? 1 : 2, above.trim(), undefined);
      } else prose.push(line);
    }
  }
  endSection();
  return sections[0]!.text === '' && sections.length > 1 ? sections.slice(1) : sections;
}

interface Block {
  code: boolean;
  text: string;
}

/** Fenced code apart from prose; MDX `import`/`export` statements and comments left out. */
function blocks(source: string, format: 'md' | 'mdx'): Block[] {
  const result: Block[] = [];
  let prose: string[] = [];
  let code: string[] | undefined;
  let fence = '';
  let statement = false;
  const endProse = (): void => {
    if (prose.length > 0) result.push({ code: false, text: withoutComments(prose.join('\n'), format) });
    prose = [];
  };
  for (const line of source.split('\n')) {
    if (code) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1]) {
        result.push({ code: true, text: code.join(' ') });
        code = undefined;
      } else {
        code.push(line.trim());
      }
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      endProse();
      fence = open[1]!;
      code = [];
      continue;
    }
    // An `import`/`export` statement runs to the next blank line (format-behaviour.md: ESM in MDX).
    if (format === 'mdx' && (statement || /^(import|export)\s/.test(line))) {
      statement = line.trim() !== '';
      continue;
    }
    prose.push(line);
  }
  if (code) result.push({ code: true, text: code.join(' ') });
  endProse();
  return result;
}

function withoutComments(text: string, format: 'md' | 'mdx'): string {
  const html = text.replace(/<!--[\s\S]*?-->/g, ' ');
  return format === 'mdx' ? html.replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ') : html;
}

/**
 * Tags replaced by the attribute values a reader sees, each on the line the tag started; a
 * `<Step titleSize="h2">`/`"h3"`, an `<Update>` or (unless the page's headings are no anchors) an
 * `<h2>` on a line of its own becomes a heading line of its own.
 */
function withComponentHeadings(text: string, jsxHeadings: boolean): string {
  return outsideCode(jsxHeadings ? text.replace(JSX_HEADING, jsxHeadingLine) : text, (part) =>
    part.replace(TAG, (_tag, closing: string, name: string, rest: string) => {
      if (closing) return ' ';
      const values = new Map<string, string>();
      // How each was written: `"…"` or `'…'` as a string, `{"…"}` a literal, `` {`…`} `` a template.
      const forms = new Map<string, 'string' | 'literal' | 'template'>();
      for (const match of rest.matchAll(ATTRIBUTE)) {
        values.set(match[1]!, match[2] ?? match[3] ?? match[5] ?? '');
        forms.set(match[1]!, match[4] === undefined ? 'string' : match[4] === '`' ? 'template' : 'literal');
      }
      const heading = componentHeading(name, values, forms, NO_ANCHOR.test(rest));
      if (heading) return `\n${COMPONENT_HEADING}${heading.depth}${COMPONENT_HEADING}${heading.text}${COMPONENT_HEADING}${heading.id ?? ''}\n`;
      const shown = [...values].filter(([key]) => SHOWN_ATTRIBUTES.has(key)).map(([, value]) => value);
      return shown.length > 0 ? ` ${shown.join(' ')} ` : ' ';
    }),
  );
}

/** `<h2>Title</h2>` (`<h1>`…`<h4>`, attributes allowed) on a line of its own: a heading of the page (src/content/mdx/anchors.ts `jsxHeading`). */
const JSX_HEADING = /^[ \t]*<(h[1-4])((?:\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)?)>(.*?)<\/\1>[ \t]*$/gm;

function jsxHeadingLine(line: string, name: string, attributes: string, inner: string): string {
  let id: string | undefined;
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1] !== 'id') continue;
    if (match[4] !== undefined) return line; // an `id={…}` the renderer leaves as it computes
    id = match[2] ?? match[3];
  }
  const shown = inlineText(inner.replace(/\{[^{}]*\}/g, ''));
  return `\n${COMPONENT_HEADING}${name.charAt(1)}${COMPONENT_HEADING}${shown}${COMPONENT_HEADING}${id ?? ''}\n`;
}

/**
 * The heading a component adds to the page, read from its attributes as written as the renderer reads
 * them (src/content/mdx/anchors.ts): an Update's label written as a string, a Step's title (a string
 * or a string literal, read as Markdown) with `titleSize="h2"` or `"h3"`.
 */
function componentHeading(
  name: string,
  values: ReadonlyMap<string, string>,
  forms: ReadonlyMap<string, string>,
  noAnchor: boolean,
): { depth: number; text: string; id: string | undefined } | undefined {
  const id = forms.get('id') === 'string' ? values.get('id') : undefined;
  if (name === 'Update') {
    const label = forms.get('label') === 'string' ? (values.get('label') ?? '') : '';
    return label !== '' || id !== undefined ? { depth: 2, text: label, id } : undefined;
  }
  const depth = forms.get('titleSize') === 'string' ? STEP_SIZES[values.get('titleSize') ?? ''] : undefined;
  const title = forms.get('title') === 'template' ? '' : titleText(values.get('title') ?? '');
  if (name === 'Step' && depth !== undefined && title.trim() !== '' && !noAnchor) return { depth, text: title, id };
  return undefined;
}

/** Markdown as read: links and images as their text; emphasis, list, quote and table marks dropped. */
export function proseText(markdown: string): string {
  return inlineText(markdown.replace(/^[\t |:*_-]*$/gm, '').replace(/^[\t ]*(?:>[\t ]*)*(?:[-*+][\t ]+|\d+[.)][\t ]+)?/gm, ''));
}

/** A line as read (a heading's text, as the renderer slugs it): inline code kept as written, tags and emphasis dropped. */
export function inlineText(markdown: string): string {
  return outsideCode(markdown, (part) =>
    part
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
      .replace(/\{[^{}]*\}/g, ' ')
      .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
      .replace(/(^|[^\p{L}\p{N}_])_+([^_\n]+?)_+(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/\*+|~~/g, '')
      .replace(/\|/g, ' '),
  )
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Inline code (`` `a<b>` ``): shown as written, so its `<…>` and `{…}` are text, not markup. */
const INLINE_CODE = /`+[^`\n]*`+/g;

/** `text` with `clean` applied to what lies outside inline code. */
function outsideCode(text: string, clean: (part: string) => string): string {
  if (!text.includes('`')) return clean(text);
  let result = '';
  let last = 0;
  for (const match of text.matchAll(INLINE_CODE)) {
    result += clean(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + clean(text.slice(last));
}
