/**
 * The terms of one page with their scores, computed once at build time: a title match outweighs
 * any number of body matches; headings and keys (description, keywords, an endpoint's path) come
 * next; `boost` multiplies the lot. The browser (src/client/search-dialog.mts) adds how rare each
 * term is and adds up the query's words.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Scope, SearchRecord } from './records.ts';
import { isCjkToken, tokenize } from '../portable/tokenize.ts';

export interface TermScore {
  score: number;
  /** The page's sections holding the term, one bit each; sections past the 31st share the last bit. */
  mask: number;
}

export type PageTerms = Map<string, TermScore>;

const MASK_BITS = 31;
const TITLE_SCORE = 64;
const KEY_SCORE = 16;
const BODY_SCORE_CAP = 24;

/** Each term of one page with its score and the sections it appears in. */
export function pageTerms(record: SearchRecord): PageTerms {
  const found = new Map<string, { title: boolean; key: boolean; body: number; mask: number }>();
  const note = (text: string, field: 'title' | 'key' | 'body', section: number): void => {
    for (const term of tokenize(text)) {
      if (term.length < 2 && !isCjkToken(term)) continue;
      let entry = found.get(term);
      if (!entry) found.set(term, (entry = { title: false, key: false, body: 0, mask: 0 }));
      if (field === 'title') entry.title = true;
      else if (field === 'key') entry.key = true;
      else entry.body++;
      if (section >= 0) entry.mask |= 1 << Math.min(section, MASK_BITS - 1);
    }
  };
  note(record.title, 'title', -1);
  for (const key of record.keys) note(key, 'key', -1);
  record.sections.forEach((section, index) => {
    if (section.heading) note(section.heading.text, 'key', index);
    note(section.text, 'body', index);
  });
  const scored: PageTerms = new Map();
  for (const [term, entry] of found) {
    const body = Math.min(BODY_SCORE_CAP, Math.round(4 * Math.log2(1 + entry.body)));
    const raw = (entry.title ? TITLE_SCORE : 0) + (entry.key ? KEY_SCORE : 0) + body;
    scored.set(term, { score: Math.max(1, Math.round(raw * record.boost)), mask: entry.mask });
  }
  return scored;
}

/**
 * Whether two records index the same: `dev` keeps a page's terms while its record stays so. The
 * sections are compared by identity first: a page whose file did not change keeps its text object.
 */
export function sameRecord(a: SearchRecord, b: SearchRecord): boolean {
  return (
    a.route === b.route &&
    a.title === b.title &&
    a.path === b.path &&
    a.method === b.method &&
    a.boost === b.boost &&
    a.keys.length === b.keys.length &&
    a.keys.every((key, index) => key === b.keys[index]) &&
    a.scopes.length === b.scopes.length &&
    a.scopes.every((scope, index) => sameScope(scope, b.scopes[index]!)) &&
    (a.sections === b.sections || isDeepStrictEqual(a.sections, b.sections))
  );
}

function sameScope(a: Scope, b: Scope): boolean {
  return a.version === b.version && a.language === b.language && a.product === b.product;
}
