/**
 * Methods of lists, strings, numbers, patterns and functions, as the evaluator calls them (calls.ts).
 * Each keeps to the page's budget (budget.ts): a method that would make a value too large fails
 * before making it, and every regular expression runs through `Budget.pattern`, which stops a match
 * that backtracks for too long.
 */
import { stringify } from './values.ts';
import { Callable, type Budget, type CallContext, type Value } from './types.ts';
import { BUDGET_LIMITS } from './budget.ts';

const BUDGET_SIZE = BUDGET_LIMITS.size;

type Fail = (what: string) => never;

/**
 * A method of a list, string or number, the ones components use to build their markup
 * (`items.map(…)`, `name.toUpperCase()`). Callbacks are the page's own functions, read by the
 * evaluator; nothing else is reachable (no prototypes, no `constructor`).
 */
export function callMethod(object: Value, name: string, args: readonly Value[], context: CallContext, fail: Fail): Value {
  if (Array.isArray(object)) return arrayMethod(object, name, args, context, fail);
  if (typeof object === 'string') return stringMethod(object, name, args, context.budget, fail);
  if (typeof object === 'number') return numberMethod(object, name, args, fail);
  if (object instanceof RegExp && name === 'test') {
    const text = stringify(args[0]);
    return context.budget.pattern(() => object.test(text));
  }
  if (object instanceof Callable && (name === 'call' || name === 'apply')) {
    return object.call(name === 'call' ? args.slice(1) : Array.isArray(args[1]) ? args[1] : [], context);
  }
  return fail(`the method \`${name}\` of ${object === null || object === undefined ? String(object) : typeof object === 'boolean' ? 'a boolean' : 'this value'}`);
}

function callback(value: Value, name: string, fail: Fail): Callable {
  return value instanceof Callable ? value : fail(`\`.${name}()\` without a function`);
}

function arrayMethod(array: Value[], name: string, args: readonly Value[], context: CallContext, fail: Fail): Value {
  const each = (run: (item: Value, index: number) => Value): Value[] => {
    const fn = callback(args[0], name, fail);
    return array.map((item, index) => run(fn.call([item, index, array], context), index));
  };
  switch (name) {
    case 'map':
      return each((result) => result);
    case 'filter': {
      const kept = each((result) => result);
      return array.filter((_, index) => kept[index]);
    }
    case 'flatMap': {
      const results = each((result) => result);
      context.budget.room(
        results.reduce<number>((length, item) => length + (Array.isArray(item) ? item.length : 1), 0),
        undefined,
      );
      return results.flat() as Value[];
    }
    case 'forEach':
      each((result) => result);
      return undefined;
    case 'find':
    case 'findIndex':
    case 'some':
    case 'every': {
      const fn = callback(args[0], name, fail);
      const index = array.findIndex((item, at) => (name === 'every' ? !fn.call([item, at, array], context) : fn.call([item, at, array], context)));
      if (name === 'find') return index === -1 ? undefined : array[index];
      if (name === 'findIndex') return index;
      return name === 'some' ? index !== -1 : index === -1;
    }
    case 'reduce': {
      const fn = callback(args[0], name, fail);
      if (args.length < 2 && array.length === 0) return fail('`.reduce()` of an empty list without a start value');
      let accumulator = args.length >= 2 ? args[1] : array[0];
      for (let index = args.length >= 2 ? 0 : 1; index < array.length; index++) accumulator = fn.call([accumulator, array[index], index, array], context);
      return accumulator;
    }
    case 'join': {
      const separator = args[0] === undefined ? ',' : stringify(args[0]);
      context.budget.room(separator.length * array.length, undefined);
      return array.map((item) => (item === null || item === undefined ? '' : stringify(item))).join(separator);
    }
    case 'slice':
      return array.slice(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'includes':
      return array.includes(args[0]);
    case 'indexOf':
      return array.indexOf(args[0]);
    case 'at':
      return array.at(integer(args[0]));
    case 'concat': {
      const parts = args.map((arg) => (Array.isArray(arg) ? arg : [arg]));
      context.budget.room(
        parts.reduce((length, part) => length + part.length, array.length),
        undefined,
      );
      return array.concat(...parts);
    }
    case 'flat':
      context.budget.room(
        array.reduce<number>((length, item) => length + (Array.isArray(item) ? item.length : 1), 0),
        undefined,
      );
      return array.flat() as Value[];
    case 'reverse':
    case 'toReversed':
      return [...array].reverse();
    case 'toString':
      return stringify(array);
    default:
      return fail(`the list method \`.${name}()\``);
  }
}

function stringMethod(text: string, name: string, args: readonly Value[], budget: Budget, fail: Fail): Value {
  const arg = (index: number): string => stringify(args[index]);
  switch (name) {
    case 'toUpperCase':
    case 'toLocaleUpperCase':
      return text.toUpperCase();
    case 'toLowerCase':
    case 'toLocaleLowerCase':
      return text.toLowerCase();
    case 'trim':
      return text.trim();
    case 'trimStart':
      return text.trimStart();
    case 'trimEnd':
      return text.trimEnd();
    case 'startsWith':
      return text.startsWith(arg(0));
    case 'endsWith':
      return text.endsWith(arg(0));
    case 'includes':
      return text.includes(arg(0));
    case 'indexOf':
      return text.indexOf(arg(0));
    case 'slice':
      return text.slice(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'substring':
      return text.substring(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'charAt':
      return text.charAt(integer(args[0]));
    case 'at':
      return text.at(integer(args[0]));
    case 'split': {
      const separator = args[0];
      if (separator === undefined) return [text];
      if (separator instanceof RegExp) return budget.pattern(() => text.split(separator));
      return text.split(arg(0));
    }
    case 'replace':
    case 'replaceAll': {
      // A replacement function would be called with the match; only text replacements here.
      const pattern = args[0];
      const replacement = args[1];
      if (typeof replacement !== 'string' || !(typeof pattern === 'string' || pattern instanceof RegExp)) return fail(`\`.${name}()\` with a function`);
      if (name === 'replaceAll' && pattern instanceof RegExp && !pattern.global) return fail('`.replaceAll()` with a pattern that is not global');
      return replaceWithin(text, pattern, replacement, name === 'replaceAll', budget);
    }
    case 'match': {
      const pattern = args[0];
      if (!(pattern instanceof RegExp)) return fail('`.match()` without a regular expression');
      const match = budget.pattern(() => text.match(pattern));
      return match ? [...match] : null;
    }
    case 'search': {
      const pattern = args[0];
      return pattern instanceof RegExp ? budget.pattern(() => text.search(pattern)) : text.indexOf(arg(0));
    }
    case 'padStart':
    case 'padEnd': {
      const length = integer(args[0]);
      budget.room(length, undefined);
      const fill = args[1] === undefined ? ' ' : arg(1);
      return name === 'padStart' ? text.padStart(length, fill) : text.padEnd(length, fill);
    }
    case 'repeat': {
      const count = Math.max(0, integer(args[0]));
      budget.room(text.length * count, undefined);
      return text.repeat(count);
    }
    case 'concat': {
      const parts = args.map(stringify);
      budget.room(
        parts.reduce((length, part) => length + part.length, text.length),
        undefined,
      );
      return text + parts.join('');
    }
    case 'toString':
    case 'valueOf':
      return text;
    default:
      return fail(`the text method \`.${name}()\``);
  }
}

function numberMethod(number: number, name: string, args: readonly Value[], fail: Fail): Value {
  switch (name) {
    case 'toFixed':
      return number.toFixed(Math.max(0, Math.min(integer(args[0]), 100)));
    case 'toString':
      return args[0] === undefined ? String(number) : number.toString(Math.max(2, Math.min(integer(args[0]), 36)));
    case 'toLocaleString':
      // One locale for every build, so output does not depend on the machine.
      return number.toLocaleString('en-US');
    default:
      return fail(`the number method \`.${name}()\``);
  }
}

/**
 * `text.replace(pattern, replacement)` (`all`: `replaceAll`), failing rather than making text over
 * the size limit: `$&`, `` $` ``, `$'` and `$1` in the replacement copy text once per match, and a
 * match can be empty, so a short call can make text far larger than both strings. When it could, a
 * first pass adds up what each match's replacement holds at most, before the real one.
 */
function replaceWithin(text: string, pattern: string | RegExp, replacement: string, all: boolean, budget: Budget): string {
  const run = <T>(work: () => T): T => (pattern instanceof RegExp ? budget.pattern(work) : work());
  const replace = (by: string | ((...parts: unknown[]) => string)): string =>
    // Two calls, not one with a union: TypeScript picks an overload per call.
    typeof by === 'string' ? (all ? text.replaceAll(pattern, by) : text.replace(pattern, by)) : all ? text.replaceAll(pattern, by) : text.replace(pattern, by);
  const copies = copiesIn(replacement);
  const matches = all || (pattern instanceof RegExp && pattern.global) ? text.length + 1 : 1;
  const copied = copies.match + copies.before + copies.after + copies.capture;
  if (text.length + matches * (replacement.length + copied * text.length) > BUDGET_SIZE) {
    let size = text.length;
    run(() =>
      replace((...parts) => {
        // (match, ...captures, offset, text[, groups]): the offset is the first number.
        const match = String(parts[0]);
        const at = parts.findIndex((part, index) => index > 0 && typeof part === 'number');
        const offset = parts[at] as number;
        const capture = Math.max(0, ...parts.slice(1, at).map((part) => (typeof part === 'string' ? part.length : 0)));
        size +=
          replacement.length -
          match.length +
          copies.match * match.length +
          copies.before * offset +
          copies.after * (text.length - offset - match.length) +
          copies.capture * capture;
        budget.room(size, undefined);
        return '';
      }),
    );
  }
  return run(() => replace(replacement));
}

/** How often a replacement copies the match (`$&`), the text before it (`` $` ``) or after (`$'`), or a capture (`$1`, `$<name>`). */
function copiesIn(replacement: string): { match: number; before: number; after: number; capture: number } {
  const copies = { match: 0, before: 0, after: 0, capture: 0 };
  for (let index = replacement.indexOf('$'); index !== -1; index = replacement.indexOf('$', index + 1)) {
    const next = replacement.charAt(index + 1);
    if (next === '&') copies.match++;
    else if (next === '`') copies.before++;
    else if (next === "'") copies.after++;
    else if (next === '<' || (next >= '0' && next <= '9')) copies.capture++;
    else if (next === '$') index++;
  }
  return copies;
}

function integer(value: Value): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}
