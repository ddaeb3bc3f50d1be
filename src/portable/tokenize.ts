/**
 * Words as the search index stores them and as a query looks them up: lowercase, Latin accents
 * folded (`café` finds `cafe`), split at anything that is not a letter or a digit. Chinese and
 * Japanese write no spaces between words, so a run of their characters becomes overlapping pairs
 * (`工作流` → `工作`, `作流`) and its last character alone: a query made the same way matches
 * wherever its characters stand together, and a single character is still found by prefix.
 *
 * The index (src/search) and the browser's queries (src/client/search-dialog.mts, which bundles
 * this file) share this one module.
 */

/** Letters and digits of every script; `ー` and `々` continue Japanese and Chinese words. */
export const WORD = /[\p{L}\p{N}\u30fc]+/gu;
/** Han, Hiragana and Katakana: written without spaces between words. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const CJK_ANY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
/** Latin letters that may carry an accent (Latin-1 to Latin Extended Additional). */
const ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff]/g;
const MARKS = /\p{M}/gu;
/** Longer runs are hashes, keys or base64, not words anyone types. */
export const MAX_TOKEN_LENGTH = 40;

/** Lowercase, Latin accents removed; other scripts as written (Hangul is not split into jamo). */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(ACCENTED, (letter) => letter.normalize('NFD').replace(MARKS, ''));
}

/** The tokens of `text`, in order, repeats kept. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const normalized = normalizeText(text);
  // Most text has no Chinese or Japanese: its words need no second look (tokenizing is most of indexing's time).
  const mixed = CJK_ANY.test(normalized);
  for (const [word] of normalized.matchAll(WORD)) {
    if (word.length > MAX_TOKEN_LENGTH) continue;
    if (!mixed || !CJK_ANY.test(word)) {
      tokens.push(word);
      continue;
    }
    let last = 0;
    for (const run of word.matchAll(CJK)) {
      if (run.index > last) tokens.push(word.slice(last, run.index));
      pushCjk(run[0], tokens);
      last = run.index + run[0].length;
    }
    if (last < word.length) tokens.push(word.slice(last));
  }
  return tokens;
}

/** `工作流` → `工作`, `作流`, `流`; one character stays itself. */
function pushCjk(run: string, tokens: string[]): void {
  const characters = [...run];
  for (let index = 0; index + 1 < characters.length; index++) tokens.push(characters[index]! + characters[index + 1]!);
  tokens.push(characters[characters.length - 1]!);
}

/** Whether a token is Chinese or Japanese: such tokens are pairs or single characters, never typo-matched. */
export function isCjkToken(token: string): boolean {
  return CJK_START.test(token);
}
