/** "Did you mean" support: edit distance and the closest candidates to a misspelt name. */

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export interface SuggestOptions {
  /** At most this many suggestions. */
  limit?: number;
  /** Largest distance still worth suggesting, as a fraction of the longer string. */
  maxRatio?: number;
}

/**
 * Candidates closest to `input`, best first. Case is ignored for scoring; a candidate that contains
 * the input (or is contained in it) is preferred, which catches `guides/intro` vs `guides/introduction`.
 */
export function closestMatches(input: string, candidates: Iterable<string>, { limit = 3, maxRatio = 0.4 }: SuggestOptions = {}): string[] {
  const needle = input.toLowerCase();
  const scored: { candidate: string; score: number; contains: boolean }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    if (Math.abs(hay.length - needle.length) > Math.max(hay.length, needle.length) * maxRatio + 8) continue;
    let score = editDistance(needle, hay);
    const longest = Math.max(needle.length, hay.length, 1);
    const contains = hay.includes(needle) || needle.includes(hay);
    if (contains) score = Math.min(score, longest * maxRatio * 0.5);
    if (score / longest <= maxRatio) scored.push({ candidate, score, contains });
  }
  // Containment ranks first whatever the distance: `guides/intro` is closer in intent to
  // `guides/introduction` (distance 7) than to `guides/setup` (distance 4).
  scored.sort((x, y) => Number(y.contains) - Number(x.contains) || x.score - y.score || (x.candidate < y.candidate ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

export function closestMatch(input: string, candidates: Iterable<string>, options?: SuggestOptions): string | undefined {
  return closestMatches(input, candidates, { ...options, limit: 1 })[0];
}
