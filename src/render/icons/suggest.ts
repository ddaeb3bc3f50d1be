/** "Did you mean" for icon names, tuned for them: typos and the plain icon of a variant. */
import { closestMatches, editDistance } from '../../shared/suggest.ts';

/** The known name closest to a misspelt one (`rockte` → `rocket`), when one is close enough. */
export function suggestIcon(name: string, names: readonly string[]): string | undefined {
  // `fa-book` is Font Awesome's CSS class; docs.json rejects it and wants the bare name (format-behaviour §1.2).
  const needle = name.replace(/^fa-/, '');
  if (!/^[\w -]+$/.test(needle)) return undefined;
  // Letters and digits are icons too (`a`, `1`), and would "contain" every typo: leave them out.
  const candidates = names.filter((candidate) => candidate.length * 2 >= needle.length);
  // Fewest edits first: `githb` means `github`, though `git` is contained in it.
  const close = closestMatches(needle, candidates, { limit: 8 }).map((candidate) => ({
    candidate,
    distance: editDistance(needle, candidate),
  }));
  close.sort((a, b) => a.distance - b.distance);
  // A typo (`rockte`), or the plain icon of a variant the free sets lack (`message-bot` → `message`);
  // not any name that shares letters (`snake` is not `cake` with a typo).
  const best = close.find(
    ({ candidate, distance }) =>
      distance <= Math.max(1, Math.floor(needle.length / 4)) || isTranspositionOf(needle, candidate) || needle.startsWith(`${candidate}-`) || needle.endsWith(`-${candidate}`),
  );
  return best?.candidate;
}

/**
 * The known name that `name` misspells by one letter or two swapped ones (`arrow-rigth`), if any: such
 * a name is a typo to report, not a Pro name to stand in for.
 */
export function misspelledName(name: string, names: readonly string[]): string | undefined {
  return names.find((candidate) => Math.abs(candidate.length - name.length) <= 1 && (editDistance(name, candidate) === 1 || isTranspositionOf(name, candidate)));
}

/** `rockte` and `rocket`: two neighbouring letters swapped, one typo that edit distance counts as two. */
function isTranspositionOf(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const first = [...a].findIndex((char, index) => char !== b[index]);
  return first >= 0 && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
}
