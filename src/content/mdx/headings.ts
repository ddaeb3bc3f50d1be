/**
 * Heading anchors (format-behaviour.md §3.1): lowercase, spaces → `-`, other punctuation removed,
 * repeats numbered `-1`, `-2` the way GitHub numbers them; `## Title {#custom-id}` sets the id and
 * the `{#…}` is not shown.
 */

export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/** Letters and digits of every script stay (Arabic, Chinese and Korean headings keep their anchors). */
const REMOVED = /[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu;
const SPACE = /\s/g;

export function slugify(text: string): string {
  return text.trim().toLowerCase().replace(SPACE, ' ').replace(REMOVED, '').replace(/ /g, '-');
}

/** Hands out page-unique ids in document order. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  /** A unique id for `text`, numbered when taken. */
  slug(text: string): string {
    return this.unique(slugify(text) || 'heading');
  }

  /** `id` itself, or numbered when taken (`id-1`). */
  unique(id: string): string {
    let candidate = id;
    let count = this.seen.get(id) ?? 0;
    while (this.seen.has(candidate)) candidate = `${id}-${++count}`;
    this.seen.set(id, count);
    this.seen.set(candidate, 0);
    return candidate;
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
