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

/**
 * `editDistance(a, b)` when it is at most `max`, else `max + 1`: only the cells within `max` of the
 * diagonal are computed, and the rows stop once every cell of one is over `max` (a row's smallest
 * cell never decreases). The link check asks this of every route and file of a site, for each
 * broken link: a full distance for each cost 6 s of CPU on mintlify's docs.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const over = max + 1;
  if (Math.abs(a.length - b.length) > max) return over;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Array<number>(b.length + 1).fill(over);
  let current = new Array<number>(b.length + 1).fill(over);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const low = Math.max(1, i - max);
    const high = Math.min(b.length, i + max);
    current[low - 1] = low === 1 ? i : over;
    const ca = a.charCodeAt(i - 1);
    let rowMin = current[low - 1]!;
    for (let j = low; j <= high; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = cell;
      if (cell < rowMin) rowMin = cell;
    }
    if (high < b.length) current[high + 1] = over;
    if (rowMin > max) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length]!, over);
}

export interface SuggestOptions {
  /** At most this many suggestions. */
  limit?: number;
  /** Largest distance still worth suggesting, as a fraction of the longer string. */
  maxRatio?: number;
}

interface Scored {
  candidate: string;
  score: number;
  contains: boolean;
}

/** The order of suggestions: containment first, then distance, then the name. */
function before(x: Scored, y: Scored): number {
  return Number(y.contains) - Number(x.contains) || x.score - y.score || (x.candidate < y.candidate ? -1 : 1);
}

/**
 * Candidates closest to `input`, best first. Case is ignored for scoring; a candidate that contains
 * the input (or is contained in it) is preferred, which catches `guides/intro` vs `guides/introduction`.
 * Only the best `limit` are kept as the candidates go by, and a distance is worked out only as far
 * as it could still place one among them (`editDistanceWithin`).
 */
export function closestMatches(input: string, candidates: Iterable<string>, { limit = 3, maxRatio = 0.4 }: SuggestOptions = {}): string[] {
  if (!Number.isInteger(limit) || limit < 1) return [];
  const needle = input.toLowerCase();
  // The best so far, in order: at most `limit`.
  const best: Scored[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    if (Math.abs(hay.length - needle.length) > Math.max(hay.length, needle.length) * maxRatio + 8) continue;
    const longest = Math.max(needle.length, hay.length, 1);
    const contains = hay.includes(needle) || needle.includes(hay);
    const worst = best.length === limit ? best[limit - 1]! : undefined;
    // Containment ranks first whatever the distance: `guides/intro` is closer in intent to
    // `guides/introduction` (distance 7) than to `guides/setup` (distance 4).
    if (worst?.contains && !contains) continue;
    let score: number;
    if (contains) {
      // Its score is the distance, but never over half the largest distance accepted.
      const cap = longest * maxRatio * 0.5;
      score = Math.min(editDistanceWithin(needle, hay, Math.floor(cap)), cap);
    } else {
      // The largest distance accepted (as `distance / longest <= maxRatio` reads it), and no
      // larger than the worst kept when `limit` are kept already.
      let max = Math.ceil(longest * maxRatio) + 1;
      while (max > 0 && max / longest > maxRatio) max--;
      if (worst) max = Math.min(max, worst.score);
      score = editDistanceWithin(needle, hay, Math.floor(max));
      if (score > max || score / longest > maxRatio) continue;
    }
    const entry = { candidate, score, contains };
    if (worst && before(entry, worst) >= 0) continue;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1]!) < 0) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best.map((entry) => entry.candidate);
}

export function closestMatch(input: string, candidates: Iterable<string>, options?: SuggestOptions): string | undefined {
  return closestMatches(input, candidates, { ...options, limit: 1 })[0];
}
