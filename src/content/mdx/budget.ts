/**
 * How much work one page's code may do (issue 36): a page's `{expressions}`, its components written
 * as functions and the snippets it shows share one `Budget`, so a runaway expression (a recursion,
 * a `.map` over a huge list, `"x".repeat(1e4).repeat(1e4)`, a catastrophic regular expression)
 * ends with a warning at its line instead of hanging or crashing the build.
 *
 * Three limits, each a `BudgetLimit`:
 * - `steps`: nodes evaluated, plus the work built-ins do for them (a character of text made costs
 *   1/16 of a step, an item of a list made one step). Counted, not timed: a busy machine gives the
 *   same result.
 * - `size`: no one value holds more than `MAX_SIZE` characters, list items, properties and HTML
 *   nodes, counted as written out (`[a, a]` counts `a` twice), nor nests deeper than `MAX_DEPTH`:
 *   whatever shows, joins or serialises a value is then bounded by its size.
 * - `pattern-time`: a regular expression runs natively, where no step counter reaches, so each call
 *   runs in a `node:vm` context with a timeout (V8 interrupts a backtracking match): 1 s per call,
 *   5 s per page. The context is made on the first pattern a process runs: pages without one pay
 *   nothing.
 *
 * Steps and pattern time, once spent, stay spent: every later evaluation on the page (every later
 * pattern) fails at once. A value too large is refused before it is made, and spends nothing.
 */
import vm from 'node:vm';
import type { BaseNode } from 'estree';
import { Failure } from './failure.ts';
import { Callable, Markup, type Budget, type BudgetLimit, type Evaluation, type Value } from './types.ts';

export const BUDGET_LIMITS = {
  steps: 2_000_000,
  /** Characters, items, properties and HTML nodes one value holds, written out. */
  size: 4_000_000,
  /** Lists and objects inside each other, and HTML elements in JSX values. */
  depth: 1_000,
  patternCallMs: 1_000,
  patternPageMs: 5_000,
} as const;

/**
 * The pattern time a page gets: BUDGET_LIMITS', unless a test shortens it (DOCJET_TEST_PATTERN_MS, per
 * call, and five calls' worth a page, as above): a catastrophic pattern spends all it is given, which
 * at 1 s and 5 s was 6 CPU-s of the test suite. docjet itself never sets it.
 */
const testPatternMs = Number(process.env['DOCJET_TEST_PATTERN_MS']);
const PATTERN_CALL_MS = testPatternMs > 0 ? testPatternMs : BUDGET_LIMITS.patternCallMs;
const PATTERN_PAGE_MS = testPatternMs > 0 ? (testPatternMs * BUDGET_LIMITS.patternPageMs) / BUDGET_LIMITS.patternCallMs : BUDGET_LIMITS.patternPageMs;

/** A value's cost in steps: each character of text made costs 1/16 of a step. */
const CHARACTERS_PER_STEP = 16;

export class PageBudget implements Budget {
  steps = 0;
  patternMs = 0;

  /** One step of evaluation at `node`. */
  step(node: BaseNode | undefined): void {
    if (++this.steps > BUDGET_LIMITS.steps) this.exceed('steps', node);
  }

  /** `units` steps of work a built-in does (`charge(list.length)`). */
  charge(units: number, node?: BaseNode): void {
    this.steps += units;
    if (this.steps > BUDGET_LIMITS.steps) this.exceed('steps', node);
  }

  /** A value the evaluator made: its size is checked and its making charged. */
  made(value: Value, node?: BaseNode): Value {
    if (typeof value === 'string') {
      if (value.length > BUDGET_LIMITS.size) this.exceed('size', node);
      if (value.length > CHARACTERS_PER_STEP) this.charge(Math.floor(value.length / CHARACTERS_PER_STEP), node);
    } else if (typeof value === 'object' && value !== null && !(value instanceof RegExp) && !(value instanceof Callable)) {
      const shape = shapeOf(value);
      if (shape.size > BUDGET_LIMITS.size || shape.depth > BUDGET_LIMITS.depth) this.exceed('size', node);
      if (Array.isArray(value)) this.charge(value.length, node);
    }
    return value;
  }

  /** Fails unless a value of `size` (computed before making it) is within the limit. */
  room(size: number, node?: BaseNode): void {
    if (!(size <= BUDGET_LIMITS.size)) this.exceed('size', node);
  }

  exceed(limit: BudgetLimit, node: BaseNode | undefined): never {
    throw new BudgetExceeded(limit, node);
  }

  /**
   * Runs `work` (a call of a native regular-expression method) with the time that is left: at most
   * `patternCallMs`, and no more than what remains of `patternPageMs`.
   */
  pattern<T>(work: () => T): T {
    const timeout = Math.min(PATTERN_CALL_MS, PATTERN_PAGE_MS - this.patternMs);
    if (timeout < 1) this.exceed('pattern-time', undefined);
    const start = performance.now();
    try {
      return runBounded(work, Math.ceil(timeout));
    } catch (error) {
      if (isTimeout(error)) this.exceed('pattern-time', undefined);
      throw error;
    } finally {
      this.patternMs += performance.now() - start;
    }
  }
}

/** A page's code went over its budget: not a failure to note and skip, it ends the whole expression. */
export class BudgetExceeded extends Failure {
  declare readonly evaluation: Extract<Evaluation, { reason: 'budget' }>;

  constructor(limit: BudgetLimit, node: BaseNode | undefined) {
    super({ ok: false, reason: 'budget', limit }, node);
  }
}

/**
 * Rethrows `error` unless it is an ordinary `Failure`: callers that note a failure and carry on
 * (a statement of a function, a part of JSX) must let a spent budget end the expression.
 */
export function isOrdinaryFailure(error: unknown): error is Failure {
  return error instanceof Failure && !(error instanceof BudgetExceeded);
}

interface Shape {
  size: number;
  depth: number;
}

/** A value's size written out (`[a, a]` counts `a` twice) and how deep it nests. */
export function measure(value: Value): Readonly<Shape> {
  return shapeOf(value);
}

/** Values and HTML nodes are never changed once made, so their shape is computed once. */
const shapes = new WeakMap<object, Shape>();
const LEAF: Shape = { size: 1, depth: 0 };

/**
 * Lists and objects of at most this many items, none of them a list or object, are measured each
 * time they are met rather than remembered: most values a page makes are such, and a `WeakMap`
 * costs more than counting a few items.
 */
const COUNT_AGAIN = 32;

/**
 * A value's size written out (`[a, a]` counts `a` twice) and its nesting depth. Text counts one
 * more than its length, as every item does: a list of empty strings, joined, still writes commas.
 */
function shapeOf(value: Value): Shape {
  if (typeof value === 'string') return { size: value.length + 1, depth: 0 };
  if (typeof value !== 'object' || value === null || value instanceof RegExp || value instanceof Callable) return LEAF;
  if (!(value instanceof Markup)) {
    const flat = flatSize(value);
    if (flat !== undefined) return { size: flat, depth: 1 };
  }
  const known = shapes.get(value);
  if (known) return known;
  let shape: Shape;
  if (value instanceof Markup) shape = sum(value.content, nodeShape);
  else if (Array.isArray(value)) shape = sum(value, shapeOf);
  else shape = sum(Object.entries(value), ([key, item]) => plus(shapeOf(item), key.length));
  shapes.set(value, shape);
  return shape;
}

/** The size of a short list or object of text, numbers and the like; undefined for any other. */
function flatSize(value: Value[] | { [key: string]: Value }): number | undefined {
  let size = 1;
  let count = 0;
  if (Array.isArray(value)) {
    if (value.length > COUNT_AGAIN) return undefined;
    for (const item of value) {
      if (typeof item === 'object' && item !== null) return undefined;
      size += typeof item === 'string' ? item.length + 1 : 1;
    }
    return size;
  }
  for (const key in value) {
    const item = value[key];
    if (++count > COUNT_AGAIN || (typeof item === 'object' && item !== null)) return undefined;
    size += key.length + (typeof item === 'string' ? item.length + 1 : 1);
  }
  return size;
}

/** An HTML node of a JSX value: its text, attributes' text and children. */
function nodeShape(node: { type: string; value?: unknown; children?: unknown; properties?: unknown }): Shape {
  if (typeof node.value === 'string') return { size: node.value.length + 1, depth: 0 };
  if (!Array.isArray(node.children)) return LEAF;
  const known = shapes.get(node);
  if (known) return known;
  const shape = plus(sum(node.children as { type: string }[], nodeShape), propertiesSize(node.properties));
  shapes.set(node, shape);
  return shape;
}

function propertiesSize(properties: unknown): number {
  if (typeof properties !== 'object' || properties === null) return 0;
  let size = 0;
  for (const value of Object.values(properties)) size += typeof value === 'string' ? value.length : Array.isArray(value) ? value.length : 1;
  return size;
}

/** One more level around `items`: its size the sum of theirs, plus one. */
function sum<T>(items: readonly T[], of: (item: T) => Shape): Shape {
  let size = 1;
  let depth = 0;
  for (const item of items) {
    const shape = of(item);
    size += shape.size;
    if (shape.depth > depth) depth = shape.depth;
  }
  return { size, depth: depth + 1 };
}

function plus(shape: Shape, size: number): Shape {
  return { size: shape.size + size, depth: shape.depth };
}

/**
 * One context for every pattern the process runs, made on first use. A script run with `timeout`
 * is watched by V8, which interrupts the regular-expression engine mid-backtrack.
 */
let bounded: { context: vm.Context; script: vm.Script } | undefined;

function runBounded<T>(work: () => T, timeout: number): T {
  bounded ??= { context: vm.createContext(Object.create(null)), script: new vm.Script('work()') };
  const { context, script } = bounded;
  context['work'] = work;
  try {
    return script.runInContext(context, { timeout }) as T;
  } finally {
    context['work'] = undefined;
  }
}

/** The error comes from the context's realm: not an `instanceof Error` here. */
function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}
