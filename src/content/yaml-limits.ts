/**
 * A bound on YAML aliases. The parser shares the value of an anchor among its aliases (`*name`), so
 * reading an "alias bomb" (nine levels of ten aliases each) is instant, but everything that walks
 * the result afterwards (endpoint pages, examples, JSON output) sees 10⁹ values: 83 s and 2.2 GB,
 * then a crash. Real documents reuse a few schemas or settings; 100,000 values beyond what is
 * written is far more than any of them needs.
 */
import { LineIndex } from '../diagnostics.ts';

export const MAX_ALIAS_EXPANSION = 100_000;

/**
 * How many values the document holds beyond those written once: the size of the value with every
 * shared object counted each time it is reached, minus its distinct values. Linear in the number
 * of distinct values (sizes are memoised); stops counting past `limit`. A value that contains
 * itself (a recursive alias) counts once.
 */
export function aliasExpansion(root: unknown, limit: number = MAX_ALIAS_EXPANSION): number {
  const sizes = new Map<object, number>();
  let distinct = 0;
  const stack: { value: object; expanded: boolean }[] = [];
  const visit = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    return sizes.get(value) ?? 0;
  };
  if (root !== null && typeof root === 'object') stack.push({ value: root, expanded: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (!top.expanded) {
      if (sizes.has(top.value)) {
        stack.pop();
        continue;
      }
      top.expanded = true;
      sizes.set(top.value, 1); // in progress: a cycle back to it counts 1
      distinct++;
      for (const child of Object.values(top.value)) {
        if (child !== null && typeof child === 'object' && !sizes.has(child)) stack.push({ value: child, expanded: false });
        else if (child === null || typeof child !== 'object') distinct++;
      }
      continue;
    }
    stack.pop();
    let size = 1;
    for (const child of Object.values(top.value)) size += visit(child);
    sizes.set(top.value, size);
    if (size - distinct > limit) return size - distinct;
  }
  const total = root !== null && typeof root === 'object' ? sizes.get(root)! : 1;
  return Math.max(0, total - distinct);
}

const ALIAS = /(^|[\s[{,:-])\*[^\s,\]}]/m;

/** Whether the text could hold an alias at all: most documents have none, and skip the count. */
export function mayHoldAlias(text: string): boolean {
  return text.includes('*') && ALIAS.test(text);
}

/** 1-based line and column of the first alias (`*name`) in YAML text, for the diagnostic. */
export function firstAlias(text: string): { line: number; column: number } {
  const match = ALIAS.exec(text);
  if (!match) return { line: 1, column: 1 };
  return new LineIndex(text).position(match.index + match[1]!.length);
}
