/**
 * Page body → mdast. `.mdx` pages: MDX (JSX, expressions, ESM) + GFM + math; `.md` pages: Markdown
 * + GFM + math. An MDX page the parser rejects is repaired and parsed again (`repair.ts`), up to
 * `MAX_REPAIRS` times; if it still fails it is read as plain Markdown, with a warning. Never throws.
 *
 * The result is shared: parses are cached by content (`parsePage`), so nothing downstream may
 * change the tree. The stages here build it (the nesting limit, GFM's autolinks and the repairs'
 * restore work on the parser's fresh output, before anyone else can see it).
 */
import { createHash } from 'node:crypto';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown, type Options } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { LineIndex } from '../../shared/diagnostics.ts';
import { shiftPositions, splitIntoChunks, type Chunk } from './chunks.ts';
import { fastParseMarkdown, fastParseMdx } from './fast-parse.ts';
import { limitHtmlNesting } from './html-nesting.ts';
import { flattenDeepNodes, limitLinePrefixes, MAX_NESTING } from './nesting.ts';
import { limitSyntax } from './syntax-limits.ts';
import { errorOffset, protectCustomIds, reasonOf, repairMdx, restoreTree, tidyReason, type RepairWarning } from './repair.ts';
import type { DiagnosticCode, MessageParams } from '../../shared/messages.ts';
import type { Point, Reporter } from './report.ts';
import type { Format } from './types.ts';

export type { Format } from './types.ts';

export interface ParsedPage {
  tree: Root;
  /** The text the tree was parsed from: the body, after repairs (offsets match the body's). */
  text: string;
  /** How the page was read in the end: an MDX page that could not be repaired is read as Markdown. */
  format: Format;
}

/** Where the parse reports problems: a page's `Reporter`, or the list a cached parse keeps. */
type Sink = Pick<Reporter, 'diagnostic'>;

/** Keeps what a parse reports, to give it again to each reporter that reads the parse from the cache. */
class Recorder implements Sink {
  readonly replays: ((sink: Sink) => void)[] = [];

  diagnostic<C extends DiagnosticCode>(code: C, point: Point | undefined, params: MessageParams<C>): void {
    this.replays.push((sink) => sink.diagnostic(code, point, params));
  }
}

interface Cached {
  parsed: ParsedPage;
  /** The problems the parse reported, given again to each reporter that reads it from the cache. */
  replays: Recorder['replays'];
}

/**
 * Parses by content, most recently used last. An unchanged page or snippet is parsed once per
 * process (the dev server renders pages again on every save); small, because a build parses each
 * page once and a tree costs far more memory than its text.
 */
const cache = new Map<string, Cached>();
const MAX_CACHED = 64;
/** Texts above this are not cached: a few big pages would hold most of the memory. */
const MAX_CACHED_LENGTH = 256 * 1024;

/**
 * Pages read by `fast-parse.ts` when it can (the same tree, about ten times sooner);
 * `DOCJET_FAST_PARSE=0` reads every page with micromark, to compare.
 */
const FAST_PARSE = process.env['DOCJET_FAST_PARSE'] !== '0';

/** No page needs more; each repair costs a full parse, so a hopeless page stops early. */
const MAX_REPAIRS = 25;
/**
 * Characters all repairs of one page may re-parse: 25 repairs of a 256 KB page. A bigger page gets
 * fewer (at least 3), so repairing costs time in proportion to its size, not size × repairs.
 */
const REPAIR_BUDGET = MAX_REPAIRS * 256 * 1024;

type Syntax = Required<Pick<Options, 'extensions' | 'mdastExtensions'>>;

// Built once: each is a table of constructs that every parse reads. Tree transforms (GFM's literal
// autolinks) are taken out of the extensions and run after the nesting limit (`finish`): they walk
// the tree recursively, and a tree deeper than the limit would overflow the stack inside the parser.
const GFM = withoutTransforms(gfmFromMarkdown());
const TRANSFORMS = gfmFromMarkdown().flatMap((extension) => extension.transforms ?? []);
const MDX: Syntax = { extensions: [mdxjs(), gfm()], mdastExtensions: [mdxFromMarkdown(), GFM] };
const MDX_MATH: Syntax = { extensions: [mdxjs(), gfm(), math()], mdastExtensions: [mdxFromMarkdown(), GFM, mathFromMarkdown()] };
const MD: Syntax = { extensions: [gfm()], mdastExtensions: [GFM] };
const MD_MATH: Syntax = { extensions: [gfm(), math()], mdastExtensions: [GFM, mathFromMarkdown()] };

type MdastExtension = ReturnType<typeof gfmFromMarkdown>[number];

function withoutTransforms(extensions: MdastExtension[]): MdastExtension[] {
  return extensions.map((extension) => (extension.transforms ? { ...extension, transforms: [] } : extension));
}

/**
 * GFM's literal autolinks (`www.x.com`, `https://…` and e-mail addresses in plain text) are found
 * by a pass over every text node with two regular expressions: 6% of a parse in the corpus, where
 * most pages have none. The pass runs only when some text could hold one.
 */
function runTransforms(tree: Root): void {
  if (!mayHoldAutolink(tree)) return;
  for (const transform of TRANSFORMS) transform(tree);
}

const AUTOLINK_START = /https?:\/\/|www\.|@/i;

function mayHoldAutolink(tree: Root): boolean {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text' && AUTOLINK_START.test(node.value)) return true;
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  return false;
}

/** Math needs a `$`; most pages have none, and skipping the extension skips its cost. */
function syntaxFor(format: Format, text: string): Syntax {
  const hasMath = text.includes('$');
  if (format === 'mdx') return hasMath ? MDX_MATH : MDX;
  return hasMath ? MD_MATH : MD;
}

/**
 * The page's tree, parsed once per content and format (`cache: false` for a tree the caller will
 * change: a section of a big page, whose positions are then shifted). Never change the result.
 */
export function parsePage(options: { text: string; format: Format; reporter: Sink; cache?: boolean }): ParsedPage {
  const { text, format, reporter } = options;
  if (options.cache === false || text.length > MAX_CACHED_LENGTH) return parseUncached(text, format, reporter);
  const key = createHash('sha1').update(format).update('\0').update(text).digest('hex');
  let cached = cache.get(key);
  if (cached) {
    cache.delete(key); // most recently used: to the end
  } else {
    const recorder = new Recorder();
    cached = { parsed: parseUncached(text, format, recorder), replays: recorder.replays };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, cached);
  for (const replay of cached.replays) replay(reporter);
  return cached.parsed;
}

/**
 * One section of a page (`chunks.ts`), parsed with the link definitions it borrows from other
 * sections after its text. The borrowed definitions stay in the tree (they render nothing, and the
 * renderer looks references up in the tree); the text is the section's own.
 */
export function parseSection(chunk: Chunk, options: { format: Format; reporter: Sink; cache: boolean }): ParsedPage {
  const { format, reporter } = options;
  if (chunk.borrowed === '') return parsePage({ text: chunk.text, format, reporter, cache: options.cache });
  const parsed = parsePage({ text: chunk.text + chunk.borrowed, format, reporter, cache: false });
  return { ...parsed, text: parsed.text.slice(0, chunk.text.length) };
}

function parseUncached(text: string, format: Format, reporter: Sink): ParsedPage {
  const limited = limitLinePrefixes(text);
  if (limited.offset !== undefined) reportTooDeep(reporter, new LineIndex(text).position(limited.offset));
  // Constructs the parser reads in more than linear time, past their limits, are shown as text (stand-ins, as repairs use).
  const syntax = limitSyntax(limited.text);
  if (syntax.refusals.length > 0) {
    const lines = new LineIndex(text);
    for (const { limit, offset, count, max, places } of syntax.refusals) {
      const at = lines.position(offset);
      reporter.diagnostic('page-syntax-limit', { line: at.line, column: at.column }, { limit, count, max, places });
    }
  }
  const { parsed, repaired } = parseLimited(syntax.text, format, reporter);
  const flattened = flattenDeepNodes(parsed.tree);
  if (flattened && limited.offset === undefined) reportTooDeep(reporter, flattened.position?.start);
  // Raw HTML nests only when the HTML parser reads it, after this: its tags are limited here.
  const htmlCut = limitHtmlNesting(parsed.tree);
  if (htmlCut !== undefined && !flattened && limited.offset === undefined) reportTooDeep(reporter, new LineIndex(text).position(htmlCut));
  runTransforms(parsed.tree);
  return repaired || syntax.text !== limited.text ? { ...parsed, tree: restoreTree(parsed.tree) } : parsed;
}

/** A Markdown text's tree: by the fast reader when it can, else by micromark. */
function parseMarkdown(text: string): Root {
  return (FAST_PARSE ? fastParseMarkdown(text) : undefined) ?? fromMarkdown(text, syntaxFor('md', text));
}

/** Sections of a page the fast reader cannot read whole: the size a section grows to before its next heading or component. */
const FAST_SECTION = 1024;
/** Pages whose sections cannot be read apart: link or footnote definitions are read across the page. */
const PAGE_WIDE = /^ *\[[^\]\n]*\]:/m;
/** ESM: names one block imports are known to the next (a second import of a name is an error). */
const ESM_LINE = /^(?:import|export)\b/m;

/**
 * An MDX page the fast reader gives up on, read section by section: each section (split where
 * nothing can be open, as big pages are: `chunks.ts`) by the fast reader when it can, by
 * micromark when not, and the trees joined. A table or a quote costs micromark its own section,
 * not the page. Undefined (the page is read whole) for a page of one section, one that reads
 * across sections (definitions, ESM after its first section), or one micromark rejects: its error
 * and the repairs need the whole page's positions.
 */
export function parseInSections(text: string): Root | undefined {
  if (PAGE_WIDE.test(text)) return undefined;
  const chunks = splitIntoChunks(text, FAST_SECTION, FAST_SECTION);
  if (chunks.length < 2) return undefined;
  const children: Root['children'] = [];
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0 && ESM_LINE.test(chunk.text)) return undefined;
    let tree = fastParseMdx(chunk.text);
    if (tree === undefined) {
      try {
        tree = fromMarkdown(chunk.text, syntaxFor('mdx', chunk.text));
      } catch {
        return undefined;
      }
    }
    shiftPositions(tree, chunk.line, chunk.offset);
    children.push(...tree.children);
  }
  const lines = new LineIndex(text);
  const end = lines.position(text.length);
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end: { line: end.line, column: end.column, offset: text.length } } };
}

function reportTooDeep(reporter: Sink, at: { line: number; column: number } | undefined): void {
  reporter.diagnostic('page-nesting-too-deep', at && { line: at.line, column: at.column }, { max: MAX_NESTING });
}

/** Reports a repair's warning; one call per code, so that each code is checked with its own parameters. */
function reportRepair(reporter: Sink, warning: RepairWarning, point: Point | undefined): void {
  if (warning.code === 'mdx-syntax') reporter.diagnostic(warning.code, point, warning.params);
  else reporter.diagnostic(warning.code, point, warning.params);
}

/** The parse, and whether repairs put stand-ins (`repair.ts`) into the tree. */
function parseLimited(text: string, format: Format, reporter: Sink): { parsed: ParsedPage; repaired: boolean } {
  if (format === 'md') return { parsed: { tree: parseMarkdown(text), text, format: 'md' }, repaired: false };
  let current = protectCustomIds(text);
  const warnings: (() => void)[] = [];
  const maxRepairs = Math.max(3, Math.min(MAX_REPAIRS, Math.floor(REPAIR_BUDGET / Math.max(1, text.length))));
  for (let attempt = 0; ; attempt++) {
    try {
      const tree = (FAST_PARSE ? (fastParseMdx(current) ?? parseInSections(current)) : undefined) ?? fromMarkdown(current, syntaxFor('mdx', current));
      for (const warn of warnings) warn();
      return { parsed: { tree, text: current, format: 'mdx' }, repaired: current !== text };
    } catch (error) {
      const repair = repairMdx(current, error);
      if (repair === undefined || repair.text === current || attempt >= maxRepairs) {
        // The repairs made so far are dropped with the MDX reading; only the blocker is reported,
        // where it starts (the `{` of an expression that never closes, not the end of the file).
        const offset = repair?.offset ?? errorOffset(error, current);
        const point = offset === undefined ? undefined : new LineIndex(current).position(offset);
        reporter.diagnostic('mdx-fallback-markdown', point, { reason: tidyReason(reasonOf(error)) });
        return { parsed: { tree: parseMarkdown(text), text, format: 'md' }, repaired: false };
      }
      const { warning, offset } = repair;
      if (warning) {
        const point = new LineIndex(current).position(offset);
        warnings.push(() => reportRepair(reporter, warning, point));
      }
      current = repair.text;
    }
  }
}
