/**
 * A fast reading of the MDX most pages are made of, giving exactly the tree micromark gives (node
 * for node, positions included), or nothing: micromark reads 300 to 600 KB a second on this
 * machine (3 µs a character: a 20 KB reference page took 200 ms cold, a 10 MB page 35 s), and
 * nearly all of a docs page is paragraphs, headings, lists, fenced code and components.
 *
 * It reads only what it can read exactly: the moment it meets anything else (an expression, an
 * entity, a tab in an indent, raw HTML, a link definition, a literal autolink, math, a lazy line,
 * a tag it cannot pair...) it gives up and the page is parsed by micromark as
 * before (`parse.ts`). So a page either comes out as micromark would read it or is read by
 * micromark; `test/content/fast-parse.test.ts` holds it to micromark's tree on every corpus page
 * and on mutated ones.
 *
 * Blocks are read line by line (`Blocks`; GFM tables as micromark-extension-gfm-table reads them,
 * a quote's content as a page of its own), the text of paragraphs, headings and table cells by
 * `Inline` (CommonMark's delimiter algorithm for emphasis and links). A page with an MDX mistake is given
 * up too, so micromark's error reaches the repairs as before.
 *
 * The modules, one construct each, in fast/: reader.ts (what they share: giving up, the line
 * table), blocks.ts (the flow, paragraphs, headings, fenced code), lists.ts, quotes.ts, tables.ts,
 * tags.ts (JSX tags), imports.ts (ESM), phrasing.ts (a paragraph's text into pieces) and emphasis.ts
 * (the pieces into nodes). Each stays under 400 lines.
 *
 * Its scope is frozen: it reads the constructs above and nothing more. Pages get faster through
 * caching and parallelism (the render cache, worker threads), not by teaching this reader more
 * syntax: every construct cloned is one more place that must match micromark exactly. A construct
 * it does not read is given up on, and micromark reads the page.
 */
import type { Root } from 'mdast';
import { Blocks } from './fast/blocks.ts';
import { GIVE_UP, UNREAD } from './fast/reader.ts';

export { EsmError } from './fast/imports.ts';

/**
 * The tree micromark (MDX and GFM) would give for `text`, or undefined when the text holds anything
 * this reader does not read exactly. Throws what micromark throws for a name imported twice
 * (`EsmError`), the one MDX error it reads.
 */
export function fastParseMdx(text: string): Root | undefined {
  return fastParse(text, false);
}

/**
 * The same for Markdown (`.md` pages, OpenAPI descriptions: CommonMark and GFM): no components,
 * expressions or ESM; raw HTML, autolinks (`<`) and indented code are left to micromark.
 */
export function fastParseMarkdown(text: string): Root | undefined {
  return fastParse(text, true);
}

function fastParse(text: string, markdown: boolean): Root | undefined {
  if (text.length === 0 || UNREAD.test(text)) return undefined;
  try {
    return new Blocks(text, markdown).root();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    // micromark's own error (`EsmError`), at the same place.
    throw error;
  }
}
