/**
 * Heading anchors, made as the hosted product makes them (read in its published `@mintlify/common`
 * 1.0.1211: `getUnicodeId`, `slugify`, `cleanHeadingId`, `remarkExtractTableOfContents`), so a link
 * written for a site hosted there finds its heading here:
 *
 * 1. the title in lower case, trimmed, each run of white space one `-`, then `encodeURIComponent`;
 * 2. that ASCII string slugified (`@sindresorhus/slugify` 2.2.0 with the options it is given): each
 *    run of characters other than letters, digits, `_` (and `%` when step 1 escaped something)
 *    becomes `-`, a lone `s`/`t` after a word is joined to it (`what-s` → `whats`), runs of `-` are
 *    one, none at either end. So `.`, `!`, `*`, `'`, `(`, `)` and `~` separate words;
 * 3. percent-decoded, then `?,;:!'"()[]{}` and emoji removed: every other character stays
 *    (`&`, `—`, `/`, `+`, `@`, `<`, `$`, letters of every script).
 *
 * "Sharing your model on ollama.com" → `sharing-your-model-on-ollama-com`, "3. Budget & Rate
 * Limits" → `3-budget-&-rate-limits`, "What's new?" → `whats-new`. Repeats are numbered `-2`, `-3`
 * (the second "Install" is `install-2`). `## Title {#custom-id}` sets the id (white space → `-`, the
 * characters step 3 removes and `<>"&` left out) and the `{#…}` is not shown. Text of inline code
 * and links counts, as it does there.
 */

import librarySlugify from '@sindresorhus/slugify';
import type { Nodes as HastNodes } from 'hast';
import type { PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Only `#` to `####` get an id there (`HEADING_LEVELS`): an `#####` is not an anchor and takes no number. */
export const MAX_ANCHORED_DEPTH = 4;

/** Pages whose Markdown headings get no id there (`AVOIDED_PAGE_MODES`): their body is the author's own layout. */
export function headingAnchors(mode: unknown): boolean {
  return mode !== 'custom' && mode !== 'frame';
}

export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/** Step 3: what `cleanHeadingId` removes after decoding. */
const CLEANED = /[?,;:!'"()[\]{}]/g;
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;
/** What a custom `{#id}` loses before step 3 (`normalizeCustomId`). */
const CUSTOM_REMOVED = /[<>"&?,;:!'()[\]{}]/g;

/** Step 1; a lone surrogate (which `encodeURIComponent` refuses) counts as U+FFFD. */
function unicodeId(title: string): string {
  return encodeURIComponent(
    title
      .toLowerCase()
      .trim()
      .replace(/\s+/g, '-')
      .replace(/\p{Surrogate}/gu, '\uFFFD'),
  );
}

/** Step 2, on step 1's ASCII (so transliteration and `&` → "and" never apply). */
function slugAscii(encoded: string): string {
  const escaped = /%[0-9A-F]{2}/.test(encoded);
  return joinContractions(encoded.replace(escaped ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g, '-'))
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

const ALPHANUMERIC = /[a-zA-Z\d]/;

/**
 * `s.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')` (`what-s-new` → `whats-new`), in one pass:
 * that expression takes time in the square of a long word's length.
 */
function joinContractions(s: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < s.length) {
    if (!ALPHANUMERIC.test(s.charAt(i))) {
      i++;
      continue;
    }
    let end = i;
    while (end < s.length && ALPHANUMERIC.test(s.charAt(end))) end++;
    const letter = s.charAt(end + 1);
    if (s.charAt(end) === '-' && (letter === 't' || letter === 's') && (end + 2 === s.length || s.charAt(end + 2) === '-')) {
      out += `${s.slice(from, end)}${letter}`;
      from = end + 2;
      i = Math.min(end + 3, s.length);
    } else i = end;
  }
  return out + s.slice(from);
}

/** `slug` without its trailing `-1-2` numbers (`/(?:-\d+?)+?$/`, which is quadratic on long runs of them). */
function numberless(slug: string): string {
  let start = slug.length;
  for (;;) {
    let digits = start;
    while (digits > 0 && slug.charCodeAt(digits - 1) >= 48 && slug.charCodeAt(digits - 1) <= 57) digits--;
    if (digits === start || digits === 0 || slug.charAt(digits - 1) !== '-') return slug.slice(0, start);
    start = digits - 1;
  }
}

/** Step 3 (`cleanHeadingId`); a malformed escape is kept as written, as there. */
export function cleanId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(CLEANED, '').replace(EMOJI, '');
}

/** A heading's id before numbering: steps 1 to 3. */
export function slugify(text: string): string {
  return cleanId(slugAscii(unicodeId(text)));
}

/** The id a `{#custom-id}` (or a component's `id`) gives, before numbering. */
export function customSlug(id: string): string {
  return cleanId(id.trim().replace(CUSTOM_REMOVED, '').replace(EMOJI, '').replace(/\s+/g, '-'));
}

/** The slug of an Accordion's or a View's title there (`generateComponentId`): the library's own, transliterating, `&` → "and". */
export function componentSlug(title: string): string {
  const titled = title.replace(':', '-');
  return ASCII.test(titled) ? asciiComponentSlug(titled) : librarySlugify(titled, { decamelize: false });
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * `librarySlugify(title, { decamelize: false })` for an ASCII title, without the library's cost: it
 * builds a regular expression for each of its ~1,900 replacements on every call (about 1 ms a title,
 * most of an Accordion's rendering). Of those, only `&` → " and " can match ASCII (every other key
 * holds a character past U+007F), NFC and NFD leave ASCII as it is, and `\p{Diacritic}` still takes
 * `^` and `` ` ``; the rest are the library's steps (component-ids.test.ts compares both on every
 * ASCII character).
 */
function asciiComponentSlug(title: string): string {
  const words = title
    .replaceAll('&', ' and ')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-');
  return joinContractions(words).replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

const TITLE_PREFIX = 'title: ';

/**
 * The text of a title written in Markdown, as the hosted product slugs it (`titleMarkdownToText`, for
 * the titles of Accordion, Step and Tab): the title read as one line of Markdown with GFM; text and
 * inline code kept, emphasis, strikethrough and links (to a path, a URL or a file) as their text,
 * anything else as written. "Use **bold** and `code`" → "Use bold and code", "See [the docs](/docs)"
 * → "See the docs".
 */
export function titleText(value: string): string {
  if (value === '') return '';
  if (PLAIN_TITLE.test(value) && !LINKS_OR_ENTITIES.test(value)) return value;
  return markdownTitleText(value);
}

/**
 * A title Markdown reads as its own text: letters, digits, marks, any character past ASCII,
 * spaces within and ASCII punctuation that starts no construct there (no `*_\`[]<>~@\\`, no line
 * break, no space at either end; no `www.`, `http://` or `https://`, which GFM links, and no `&`
 * before a name or `#`), so the parse (a third of an Accordion's rendering) is skipped.
 * component-ids.test.ts compares both.
 */
const PLAIN_TITLE =
  /^[\p{L}\p{N}\p{M}.,'"?()/+=%$#;:&!\u0080-\u{10FFFF}-](?:[\p{L}\p{N}\p{M} .,'"?()/+=%$#;:&!\u0080-\u{10FFFF}-]*[\p{L}\p{N}\p{M}.,'"?()/+=%$#;:&!\u0080-\u{10FFFF}-])?$/u;

const LINKS_OR_ENTITIES = /www\.|https?:\/\/|&[#a-z\d]/i;

/** `titleText` by Markdown's own reading. */
export function markdownTitleText(value: string): string {
  if (value === '') return '';
  const source = `${TITLE_PREFIX}${value.replace(/\n/g, ' ')}`;
  let children: PhrasingContent[];
  try {
    const root = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const only = root.children.length === 1 ? root.children[0] : undefined;
    if (only?.type !== 'paragraph') return value;
    children = only.children;
  } catch {
    return value;
  }
  const first = children[0];
  if (first?.type !== 'text' || !first.value.startsWith(TITLE_PREFIX)) return value;
  return titlePieces(children, source).slice(TITLE_PREFIX.length);
}

function titlePieces(nodes: readonly PhrasingContent[], source: string): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.value.replace(/\n/g, ' ');
    else if (node.type === 'inlineCode') text += node.value;
    else if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'delete') text += titlePieces(node.children, source);
    else if (node.type === 'link' && linkShown(node, source)) text += titlePieces(node.children, source);
    else text += sourceOf(node, source);
  }
  return text;
}

function sourceOf(node: PhrasingContent, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.slice(start, end);
}

/** A `[text](destination)` the hosted product shows as a link in a title: to a URL, a path or something like a file name. */
function linkShown(node: PhrasingContent & { type: 'link' }, source: string): boolean {
  const destination = node.url.trim();
  return (
    sourceOf(node, source).startsWith('[') &&
    destination.length > 0 &&
    (/^(?:https?:\/\/|mailto:|tel:|\/|#|\.\.?\/)/i.test(destination) || destination.includes('/') || /^[^\s@]+\.[^\s]+$/u.test(destination))
  );
}

/**
 * The id the hosted product gives the first Accordion whose title leaves no slug (all CJK or emoji,
 * `rehypeUnicodeIds`): the text of its body, as its HTML holds it (paragraphs run together, a text
 * right after a component left out), encoded like a heading's step 1. Undefined when that is empty.
 */
export function bodyId(children: readonly HastNodes[]): string | undefined {
  return unicodeId(bodyText(children)) || undefined;
}

function bodyText(children: readonly HastNodes[]): string {
  let text = '';
  children.forEach((node, index) => {
    const before = index > 0 ? children[index - 1] : undefined;
    if (node.type === 'text') {
      if (before?.type !== 'mdxJsxFlowElement') text += node.value;
    } else if ('children' in node) text += bodyText(node.children as HastNodes[]);
  });
  return text;
}

/** `@sindresorhus/slugify`'s `slugifyWithCounter` on an already-made slug: `x`, `x-2`, `x-3`. */
class Occurrences {
  private readonly seen = new Map<string, number>();

  count(slug: string): string {
    if (slug === '') return '';
    const lower = slug.toLowerCase();
    const bare = this.seen.get(numberless(lower)) ?? 0;
    const counter = (this.seen.get(lower) ?? 0) + 1;
    this.seen.set(lower, counter);
    return counter >= 2 || bare > 2 ? `${slug}-${counter}` : slug;
  }
}

/**
 * The anchors of titled components, as the hosted product gives them (`remarkComponentIds`), each
 * kind with its own count and none shared with the headings', handed out in document order (a
 * component before the ones inside it):
 * - Accordion and View: `componentSlug` of the title; repeats `-1`, `-2` (the first is bare). Titles
 *   that leave no slug (all CJK or emoji) share one count: the first Accordion's id is its body's text
 *   (`bodyId`), a View's none, and the next ones' `-1`, `-2`.
 * - Tab: the heading rule's steps 1 and 2 (not step 3: the id is written as the slugger makes it,
 *   `caf%C3%A9`), repeats `-2`, `-3`, past any id a Tab was given.
 * An `id` written on the element is used as written.
 */
export class ComponentIds {
  private readonly repeats = { accordion: new Map<string, number>(), view: new Map<string, number>() };
  private readonly tabs = new Occurrences();
  private readonly tabIds = new Set<string>();

  titled(kind: 'accordion' | 'view', title: string, body?: () => string | undefined): string | undefined {
    const base = componentSlug(title);
    const count = this.repeats[kind].get(base) ?? 0;
    this.repeats[kind].set(base, count + 1);
    if (count > 0) return `${base}-${count}`;
    return base === '' ? body?.() : base;
  }

  /** A Tab's id: `written` when it has one, else its title's; undefined when neither gives one. */
  tab(title: string | undefined, written: string | undefined): string | undefined {
    if (written !== undefined) {
      this.tabIds.add(written);
      return written;
    }
    if (title === undefined) return undefined;
    const slug = slugAscii(unicodeId(title));
    if (slug === '') return undefined;
    let id = this.tabs.count(slug);
    while (this.tabIds.has(id)) id = this.tabs.count(slug);
    this.tabIds.add(id);
    return id;
  }
}

/** Hands out page-unique ids in document order, numbered as the hosted product numbers them. */
export class Slugger {
  /** `@sindresorhus/slugify`'s counter, over step 2's slugs (headings written in Markdown). */
  private readonly occurrences = new Occurrences();
  /** The table of contents' count of every id handed out. */
  private readonly seen = new Map<string, number>();

  /** A unique id for a heading's text. */
  slug(text: string): string {
    const slug = this.occurrences.count(slugAscii(unicodeId(text)));
    return this.unique(cleanId(slug) || 'heading');
  }

  /**
   * The id of a heading a component makes (a Step's title, an Update's label): its text's slug, steps
   * 1 to 3, numbered only when taken (the Markdown headings' count does not see it, as there).
   * A written `id` is used decoded, without the characters step 3 removes (`safeCleanHeadingId`: its
   * spaces kept, unlike a `{#id}`'s). Empty when nothing of either is left.
   */
  component(text: string, id?: string): string {
    const custom = id === undefined ? '' : cleanId(id);
    if (custom !== '') return this.unique(custom);
    const slug = cleanId(slugAscii(unicodeId(text)));
    return slug === '' ? '' : this.unique(slug);
  }

  /** A custom id (`{#id}`, a step's `id`), or the text's when nothing of it is left; numbered when taken. */
  custom(id: string, text: string): string {
    const cleaned = customSlug(id);
    return cleaned === '' ? this.slug(text) : this.unique(cleaned);
  }

  /** `id` itself, or numbered when taken (`id-2`, `id-3`). */
  unique(id: string): string {
    const count = this.seen.get(id) ?? 0;
    this.seen.set(id, count + 1);
    if (count === 0) return id;
    let suffix = count + 1;
    while (this.seen.has(`${id}-${suffix}`)) suffix++;
    const numbered = `${id}-${suffix}`;
    this.seen.set(numbered, 1);
    return numbered;
  }
}

/** `Title {#custom-id}` at the end of a heading's text. */
const CUSTOM_ID = /[ \t]*\{#([^{}\s]+)\}[ \t]*$/;

/** Splits a trailing `{#id}` off a heading's last text: the text without it, and the id. */
export function splitCustomId(text: string): { text: string; id: string } | undefined {
  const match = CUSTOM_ID.exec(text);
  if (!match) return undefined;
  return { text: text.slice(0, match.index), id: match[1]! };
}
